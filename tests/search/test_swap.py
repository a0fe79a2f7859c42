"""Swap puzzles: 004's figures, Guarini's puzzle, puzzle files and their errors."""

import json

import pytest

from essais.core.search import bidirectional, breadth_first
from essais.swap import PuzzleError, knight_swap_004, load_puzzle, study, swap_error

from conftest import ROOT, invoke

GUARINI = ROOT / "puzzles" / "guarini.toml"


def replay(puzzle, solution):
    """The public checker accepts the moves, and each state is the one they lead to."""
    assert swap_error(puzzle, solution.actions) is None
    state = puzzle.initial()
    for move, following in zip(solution.actions, solution.states[1:], strict=True):
        assert (move, following) in list(puzzle.successors(state))
        state = following


def test_the_checker_names_the_first_wrong_move():
    puzzle = knight_swap_004()
    shortest = list(study(puzzle).shortest.actions)
    assert swap_error(puzzle, shortest) is None and len(shortest) == 26
    assert swap_error(puzzle, [(1, 2)]) == "move 1, 1→2, is not one of the puzzle's moves"
    assert swap_error(puzzle, [(2, 7)]) == "move 1 starts from 2, where no piece stands"
    assert swap_error(puzzle, [(6, 1)]) == "move 1 lands on 1, where a piece stands"
    assert swap_error(puzzle, shortest[:-1]).startswith("the end, ")
    assert swap_error(puzzle, [(1, 8), (8, 1), *shortest]) is None


def test_004_goal_kinds():
    puzzle = knight_swap_004()
    assert sorted(puzzle.goals) == sorted(
        [(0, 1, 3, 6), (0, 6, 1, 3), (0, 6, 3, 1), (3, 0, 1, 6), (3, 1, 0, 6), (3, 6, 0, 1), (6, 0, 1, 3),
         (6, 0, 3, 1), (6, 1, 0, 3)]
    )  # fmt: skip
    assert sorted(puzzle.with_goals("swap").goals) == [(0, 6, 1, 3), (0, 6, 3, 1), (6, 0, 1, 3), (6, 0, 3, 1)]
    assert sorted(puzzle.successors(puzzle.initial()))[0][1] in [(1, 8, 6, 0), (8, 3, 6, 0)]  # 004 V


def test_004_through_the_command_line():
    result = invoke(["swap", "--json"])
    document = json.loads(result.stdout)
    assert result.exit_code == 0
    assert set(document) == {
        "status",
        "found",
        "method",
        "engine",
        "reachable",
        "max_depth",
        "farthest",
        "layers",
        "shortest",
        "stats",
    }
    assert (document["reachable"], document["max_depth"]) == (5040, 49)
    assert document["farthest"] == [["2", "4", "9", "5"], ["2", "9", "4", "5"], ["9", "2", "4", "5"]]
    first = next(layer for layer in document["layers"] if layer["goals"])
    assert first == {
        "depth": 26,
        "seen_before": 2226,
        "new": 171,
        "goals": [["3", "0", "1", "6"], ["6", "1", "0", "3"]],
    }
    assert document["layers"][0] == {"depth": 0, "seen_before": 0, "new": 1, "goals": []}
    shortest = document["shortest"]
    assert shortest["goal"] == ["3", "0", "1", "6"] and shortest["length"] == 26 == len(shortest["moves"])
    swaps = json.loads(invoke(["swap", "--goals", "swap", "--bidirectional", "--json"]).stdout)
    assert swaps["shortest"]["length"] == 40 == swaps["bidirectional"]["length"]


def test_the_shortest_sequence_replays():
    puzzle = knight_swap_004()
    for goals in ("derangements", "swap"):
        variant = puzzle.with_goals(goals)
        one_way, both_ways = breadth_first(variant), bidirectional(variant, variant.goals)
        assert one_way.solution.length == both_ways.solution.length
        replay(variant, one_way.solution)
        replay(variant, both_ways.solution)


def test_guarini_takes_16_moves():
    puzzle = load_puzzle(GUARINI)
    assert puzzle.identical and len(puzzle.squares) == 9 and len(puzzle.moves) == 16
    result = breadth_first(puzzle)
    assert result.solution.length == 16
    replay(puzzle, result.solution)
    text = invoke(["swap", str(GUARINI)]).stdout
    assert "shortest: 16 moves" in text


def test_json_puzzle_with_explicit_squares_moves_and_goals(tmp_path):
    path = tmp_path / "line.json"
    path.write_text(json.dumps({
        "squares": ["a", "b", "c"],
        "moves": [["a", "b"], ["b", "a"], ["b", "c"], ["c", "b"]],
        "pieces": [{"name": "x", "colour": "red", "square": "a"}],
        "goals": [["c"]],
    }))  # fmt: skip
    result = invoke(["swap", str(path), "--json"])
    document = json.loads(result.stdout)
    assert result.exit_code == 0 and document["shortest"]["moves"] == [["a", "b"], ["b", "c"]]


def test_an_unreachable_goal_is_an_answer(tmp_path):
    path = tmp_path / "stuck.toml"
    path.write_text('squares = ["a", "b", "c"]\nmoves = [["a", "b"], ["b", "a"]]\ngoals = [["c"]]\n'
                    '[[pieces]]\ncolour = "red"\nsquare = "a"\n')  # fmt: skip
    result = invoke(["swap", str(path)])
    assert result.exit_code == 1 and "no goal state can be reached (2 states explored)" in result.stdout


BAD_FILES = [
    ('squares = ["a", "b"]\nmoves = [["a", "z"]]\n', "moves[1]: unknown square 'z'"),
    ('squares = ["a", "b"]\nmoves = [["a", "b"]]\n[[pieces]]\ncolour = "w"\nsquare = "a"\n[[pieces]]\ncolour = "b"\n'
     'square = "a"\n', "pieces[2].square: square 'a' already holds piece 1"),
    ('squares = ["a", "b"]\nmoves = [["a", "b"]]\ngoals = [["a", "b"]]\n[[pieces]]\ncolour = "w"\nsquare = "a"\n',
     "goals[1]: a goal gives one square for each of the 1 pieces"),
    ('squares = ["a", "b"]\nmoves = [["a", "b"]]\ngoals = "sideways"\n[[pieces]]\ncolour = "w"\nsquare = "a"\n',
     "goals: 'sideways' is not one of"),
    ('squares = ["a", "b"]\nmoves = [["a", "b"]]\n', "pieces: a list of pieces"),
    ('moves = [["a", "b"]]\n', "squares: give the squares"),
    ('board = "0x3"\n', "board: board size"),
    ("squares = [\n", "not valid TOML"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "message"), BAD_FILES)
def test_malformed_puzzle_files(tmp_path, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(PuzzleError, match="bad.toml"):
        load_puzzle(path)
    result = invoke(["swap", str(path)])
    assert result.exit_code == 2 and message in result.stderr and str(path) in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_missing_file_and_bad_goal_kind():
    result = invoke(["swap", "no/such/puzzle.toml"])
    assert result.exit_code == 2 and "cannot be read" in result.stderr
    result = invoke(["swap", "--goals", "upside-down"])
    assert result.exit_code == 2 and "goals" in result.stderr


def test_the_study_watched_has_its_counters_and_draws_its_breadth_first_tree(tmp_path):
    from essais import watch
    from essais.swap import study

    replay = watch("swap", str(GUARINI))
    plain = study(load_puzzle(GUARINI))
    assert replay.result.stats.nodes == plain.stats.nodes == 280 and replay.result.shortest.length == 16
    assert replay.events.complete and len(replay.events.states) == plain.reachable
    assert replay.tree_svg().startswith("<svg")
    tree = replay.tree
    assert len(tree) == plain.reachable and sum(tree.refused()) == plain.stats.tries - (len(tree) - 1)
    assert min(tree.refused()) >= 0 and [tree.depths[node] for node in tree.solutions][0] == 16
    page = replay.to_html()  # each state drawn on the puzzle's squares: the board once, each state's pieces
    assert '"layered":{"board":"<svg' in page and '"svg":false' in page


def test_the_command_line_replays_the_layers_and_draws_the_tree_of_a_small_puzzle(tmp_path):
    page, tree = tmp_path / "layers.html", tmp_path / "tree.svg"
    result = invoke(["swap", str(GUARINI), "--animate", str(page), "--tree", str(tree), "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["animate"] == str(page)
    assert page.exists() and tree.read_text().startswith("<svg")
    too_large = invoke(["swap", "--tree", str(tree)])  # 004's knights: 5,040 states
    assert too_large.exit_code == 2 and "5,040 states, more than the 5,000" in too_large.stderr
    refused = invoke(["swap", "--bidirectional", "--animate", str(page)])
    assert refused.exit_code == 2 and "--animate" in refused.stderr
