"""Exact covers: Knuth's format read and refused, both engines alike on many problems, every
solution checked (against a brute force on small problems), the published counts, split counts
equal to one search, the generators and the commands."""

import contextlib
import itertools
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from essais.core.cover import compiled
from essais.core.cover._kernels import COLOR, COLOURED, COLOURLESS, COVER_SLICES, DLINK, NEXT, TOP, ULINK
from essais.core.cover.compiled import CompiledCover
from essais.core.cover.links import link
from essais.core.errors import InvalidInput, MemoryRefused
from essais.core.limits import Limits, SearchControl, SearchStopped
from essais.core.result import Status
from essais.cover import (
    CoverError,
    CoverProblem,
    CoverStream,
    count_covers,
    cover_error,
    langford,
    langford_error,
    packing_error,
    parse_cover,
    polyomino,
    solve_cover,
)
from essais.cover.check import is_cover
from essais.cover.polyomino import read_pieces
from essais.queens import count_queens, find_queens, is_solution

from conftest import invoke

KNUTH = """| TAOCP 7.2.2.1's example of colours
p q r | x y
p q x y:A
p r x:A y
p x:B
q x:A
r y:B
"""
SCOTT = "\n".join("###..###" if row in (3, 4) else "########" for row in range(8))
A014552 = {1: 0, 2: 0, 3: 1, 4: 1, 5: 0, 6: 0, 7: 26, 8: 150, 11: 17792}


def every_cover(problem):
    """Every exact cover by brute force over sets of options (small problems only)."""
    found = set()
    for size in range(len(problem.primary) + 1):
        for chosen in itertools.combinations(range(len(problem.options)), size):
            if is_cover(problem, list(chosen)):
                found.add(chosen)
    return found


@st.composite
def cover_problems(draw):
    primary = [f"p{k}" for k in range(draw(st.integers(1, 5)))]
    secondary = [f"s{k}" for k in range(draw(st.integers(0, 3)))]
    options = []
    for _ in range(draw(st.integers(0, 9))):
        items = draw(st.lists(st.sampled_from(primary), min_size=1, max_size=3, unique=True))
        for item in draw(st.lists(st.sampled_from(secondary), max_size=2, unique=True)) if secondary else []:
            colour = draw(st.sampled_from(["", ":A", ":B"]))
            items.append(item + colour)
        options.append(items)
    return CoverProblem.make(primary, options, secondary)


@settings(max_examples=60, deadline=None)
@given(cover_problems(), st.sampled_from(["dlx", "first"]))
def test_both_engines_find_every_cover_with_the_same_counters(problem, method):
    streams = {engine: CoverStream(problem, method=method, engine=engine) for engine in ("python", "numba")}
    solutions = {engine: list(stream) for engine, stream in streams.items()}
    assert solutions["python"] == solutions["numba"]
    assert streams["python"].result.stats.counters() == streams["numba"].result.stats.counters()
    assert {tuple(sorted(found)) for found in solutions["numba"]} == every_cover(problem)
    for found in solutions["numba"]:
        assert cover_error(problem, found) is None
    counted = {engine: count_covers(problem, method=method, engine=engine) for engine in ("python", "numba")}
    assert counted["python"] == counted["numba"]
    assert counted["numba"].count == len(solutions["numba"])
    first = {engine: solve_cover(problem, method=method, engine=engine) for engine in ("python", "numba")}
    assert first["python"] == first["numba"]
    assert first["numba"].options == (solutions["numba"][0] if solutions["numba"] else None)


def test_knuths_colour_example():
    problem = parse_cover(KNUTH)
    assert problem.primary == ("p", "q", "r") and problem.secondary == ("x", "y")
    for engine in ("python", "numba"):
        result = solve_cover(problem, engine=engine)
        assert result.status == Status.FOUND
        assert result.text() == "q x:A\np r x:A y"
        assert result.stats.counters() == (4, 3, 1, 20)
    assert count_covers(problem).count == 1
    assert parse_cover(problem.to_text()).to_text() == problem.to_text()


def test_updates_count_the_links_removed():
    """a, b, c; options ab, c, a, bc: a is chosen, its two options hidden (ab unlinks b: one
    update; a alone: none), a unlinked (one); ab commits b (bc unlinks c, b unlinked: two); c is
    chosen and unlinked (one): 5."""
    problem = CoverProblem.make(["a", "b", "c"], ["a b", "c", "a", "b c"])
    for engine in ("python", "numba"):
        result = solve_cover(problem, engine=engine)
        assert result.options == [0, 1]
        assert result.stats.own == {"updates": 5}
        assert result.stats.counters() == (3, 2, 0, 5)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no items"),
        ("| only a comment\n", "no items"),
        ("| a b\n", "no items"),
        ("a b\na c\n", "line 2: item 'c' is not declared"),
        ("a b\na b a\n", "line 2: item 'a' appears twice"),
        ("a | x\nx\n", "line 2: the option has no primary item"),
        ("a b | x\na:red x\n", "line 2: 'a:red' gives a colour to the primary item 'a'"),
        ("a b | x\na x:\n", "line 2: 'x:' has no colour"),
        ("a a\n", "line 1: item 'a' is declared twice"),
        ("| x\n", "no items"),
        ("a:1 b\n", "line 1: item 'a:1' holds ':' or '|'"),
        ("| x y\n\n| comment\na b | c\na c\nb d\n", "line 6: item 'd' is not declared"),
    ],
)
def test_bad_files_are_refused_naming_the_line(text, message):
    with pytest.raises(CoverError, match=message):
        parse_cover(text, "puzzle.dlx")


def test_problems_built_in_code_are_checked_too():
    with pytest.raises(InvalidInput, match=r"options\[1\]: item 'z' is not declared"):
        CoverProblem.make(["a"], ["a", "z"])
    with pytest.raises(InvalidInput, match="no primary items"):
        CoverProblem.make([], [])


def test_the_checker_refuses_what_is_not_a_cover():
    problem = parse_cover(KNUTH)
    assert cover_error(problem, [3, 1]) is None
    assert "covered 2 times" in cover_error(problem, [0, 1, 4])
    assert "covered 0 times" in cover_error(problem, [3])
    assert "do not agree" in cover_error(CoverProblem.make(["a", "b"], ["a x:1", "b x:2"], ["x"]), [0, 1])
    assert "do not agree" in cover_error(CoverProblem.make(["a", "b"], ["a x", "b x"], ["x"]), [0, 1])
    assert cover_error(CoverProblem.make(["a", "b"], ["a x:1", "b x:1"], ["x"]), [0, 1]) is None
    assert "twice" in cover_error(problem, [3, 3])
    assert "option numbers" in cover_error(problem, [9])


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6, 7, 8])
def test_langford_counts_oeis_a014552(n):
    counted = count_covers(langford(n))
    assert counted.count == A014552[n]
    assert counted.to_dict()["sequences"] == 2 * A014552[n]
    assert count_covers(langford(n, reversal=False)).count == 2 * A014552[n]


def test_langford_sequences_are_checked():
    puzzle = langford(7)
    for options in CoverStream(puzzle):
        assert langford_error(7, puzzle.sequence(options)) is None
    both_ways = langford(7, reversal=False)
    every = {tuple(both_ways.sequence(options)) for options in CoverStream(both_ways)}
    halves = {tuple(langford(7).sequence(options)) for options in CoverStream(langford(7))}
    assert len(every) == 52 and len(halves) == 26
    assert every == halves | {sequence[::-1] for sequence in halves}
    assert langford_error(3, [3, 1, 2, 1, 3, 2]) is None
    assert langford_error(3, [1, 1, 2, 3, 2, 3]) is not None


def test_pentominoes_6x10_placed_and_distinct():
    """9,356 packings, 2,339 up to the rectangle's 4 symmetries (Haselgrove, 1960)."""
    assert count_covers(polyomino("6x10"), workers=2).count == 9356
    distinct = count_covers(polyomino("6x10", distinct=True), workers=2)
    assert distinct.count == 2339 and distinct.stats.counters() == (909153, 909152, 909152, 310816489)


@pytest.mark.parametrize(
    ("board", "placed", "distinct"), [("3x20", 8, 2), ("4x15", 1472, 368), ("5x12", 4040, 1010), (SCOTT, 520, 65)]
)
def test_pentomino_counts(board, placed, distinct):
    assert count_covers(polyomino(board, distinct=True), workers=2).count == distinct
    if placed < 5000:
        assert count_covers(polyomino(board), workers=2).count == placed


def distinct_by_filtering(puzzle):
    """The packings of a puzzle up to its board's symmetries, by brute force: every packing's
    grid brought to its least image."""
    from essais.core.board import Board

    cells = puzzle.cells
    group = [g for g in Board(puzzle.rows, puzzle.cols).symmetries() if all(g(*cell) in cells for cell in cells)]
    seen = set()
    for options in CoverStream(puzzle):
        grid = puzzle.grid(options)
        images = []
        for g in group:
            image = {g(r, c): grid[r][c] for r, c in cells}
            images.append(tuple(sorted(image.items())))
        seen.add(min(images))
    return len(seen)


SMALL_PACKINGS = [
    ("4x4", {"I": "####", "O": "##\n##", "T": "###\n.#.", "L": "###\n#.."}),
    ("3x4", {"I": "###", "O": "##\n##", "L": "##\n#.", "D": "##"}),
    ("3x3", {"I": "###", "L": "##\n#.", "D": "##", "M": "#"}),
    ("4x4", {"O": "##\n##", "P": "###\n##.", "D": "##", "L": "..#\n###", "M": "#"}),
    ("5x5", {"X": ".#.\n###\n.#.", "I": "#####", "U": "#.#\n###", "O": "##\n##", "D": "#\n#", "M": "#", "C": "###"}),
    ("3x5", {"T": "###\n.#.\n.#.", "U": "#.#\n###", "I": "###", "D": "#\n#"}),
]


@pytest.mark.parametrize(("board", "pieces"), SMALL_PACKINGS)
def test_distinct_packings_equal_the_filtered_count(board, pieces):
    """Symmetry broken in the search (on one piece, or on two where the first lies
    symmetrically) gives the count that filtering every packing gives."""
    from essais.cover.polyomino import read_picture, shape_of

    shapes = {name: shape_of(read_picture(drawing, name)) for name, drawing in pieces.items()}
    try:
        puzzle = polyomino(board, shapes, distinct=True)
    except InvalidInput as error:
        assert "two pieces only" in str(error)
        return
    for engine in ("python", "numba"):
        assert count_covers(puzzle, engine=engine).count == distinct_by_filtering(polyomino(board, shapes))


def test_symmetry_broken_over_two_pieces():
    """5x5 with the X on the middle line: a second piece is restricted (a secondary item)."""
    pieces = dict(SMALL_PACKINGS[4][1])
    from essais.cover.polyomino import read_picture, shape_of

    shapes = {name: shape_of(read_picture(drawing, name)) for name, drawing in pieces.items()}
    assert polyomino("5x5", shapes, distinct=True).problem.secondary


def test_packings_are_checked():
    puzzle = polyomino("6x10")
    result = solve_cover(puzzle)
    grid = result.to_dict()["grid"]
    assert packing_error(puzzle, grid) is None
    swapped = [row.replace("X", "#") for row in grid]
    assert packing_error(puzzle, swapped) is not None
    assert "empty" in packing_error(puzzle, [row.replace("X", ".") for row in grid])
    for options in itertools.islice(CoverStream(puzzle), 50):
        assert packing_error(puzzle, ["".join(row) for row in puzzle.grid(options)]) is None


def test_polyomino_input_is_refused_with_a_reason():
    with pytest.raises(InvalidInput, match="they cover 60 cells and the board has 54"):
        polyomino("6x9")
    with pytest.raises(InvalidInput, match="fixed"):
        polyomino("6x10", fixed=True, distinct=True)
    with pytest.raises(InvalidInput, match="draw a piece with"):
        polyomino("1x4", "AB\n\nCC\n")
    with pytest.raises(InvalidInput, match="line 2: 'x' is neither"):
        polyomino("##\n#x\n")
    with pytest.raises(InvalidInput, match="no cell"):
        polyomino("..\n..\n")
    with pytest.raises(InvalidInput, match="more than the"):
        polyomino("1000x1000")


def test_fixed_pieces_and_pieces_from_a_file():
    """A tromino and an upright domino in a row of five: two packings when pieces turn, none
    when they are fixed; pieces drawn with '#' are named A, B, …"""
    free = polyomino("1x5", "AAA\n\nB\nB\n")
    assert [free.text(options) for options in CoverStream(free)] == ["AAABB", "BBAAA"]
    assert count_covers(polyomino("1x5", "| a tromino\n###\n\n#\n#\n", fixed=True)).count == 0
    assert [name for name, _ in polyomino("1x5", "###\n\n#\n#\n").pieces] == ["A", "B"]
    assert count_covers(polyomino("1x4", "AA\n\nB\nB\n", fixed=True)).count == 0
    with pytest.raises(InvalidInput, match="piece B is piece A again"):
        polyomino("1x4", "AA\n\nB\nB\n")


@pytest.mark.parametrize("n", range(1, 11))
def test_queens_as_a_cover(n):
    counted = count_queens(n, method="dlx", engine="numba")
    assert counted.count == count_queens(n).count
    if n <= 8:
        assert count_queens(n, method="dlx", engine="python") == counted
    found = find_queens(n, method="dlx")
    assert found.columns is None or is_solution(n, found.columns)
    assert found == find_queens(n, method="dlx", engine="python")


def test_eight_queens_as_a_cover_counts_92():
    counted = count_queens(8, method="dlx")
    assert counted.count == 92 and counted.stats.counters() == (1199, 1198, 1198, 21375)


@pytest.mark.parametrize("puzzle", [polyomino("3x20"), langford(8), polyomino("4x15", distinct=True)])
def test_split_counts_give_one_searchs_count_and_counters(puzzle, tmp_path):
    one = count_covers(puzzle, workers=1)
    for options in ({"workers": 2}, {"workers": 1, "checkpoint": tmp_path / "a.sqlite"}):
        split = count_covers(puzzle, **options)
        assert split.split is not None
        assert split.count == one.count and split.stats.counters() == one.stats.counters()


def test_a_checkpoint_resumes_to_the_same_count(tmp_path):
    puzzle = polyomino("5x12", distinct=True)
    checkpoint = tmp_path / "c.sqlite"
    stopped = count_covers(puzzle, workers=1, checkpoint=checkpoint, node_limit=200_000)
    assert stopped.status == Status.LIMIT and 0 < stopped.split["done"] < stopped.split["total"]
    resumed = count_covers(puzzle, workers=2, checkpoint=checkpoint)
    assert resumed.status == Status.COMPLETE and resumed.count == 1010
    assert resumed.split["resumed"] == stopped.split["done"]
    assert resumed.stats.counters() == count_covers(puzzle).stats.counters()
    with pytest.raises(InvalidInput, match="another split search"):
        count_covers(polyomino("4x15", distinct=True), workers=1, checkpoint=checkpoint)


def test_limits_stop_a_count_with_its_counters_so_far():
    stopped = count_covers(polyomino("6x10"), node_limit=10_000)
    assert stopped.status == Status.LIMIT and stopped.stats.nodes == 10_000 and stopped.stats.own["updates"] > 0
    python = count_covers(polyomino("3x20"), engine="python", node_limit=500)
    assert python.status == Status.LIMIT and python.stats.nodes == 500
    assert count_covers(polyomino("6x10"), time_limit=0.05, workers=2).status == Status.LIMIT
    with pytest.raises(InvalidInput, match="numba"):
        count_covers(langford(7), engine="python", workers=2)


def test_solutions_listed_in_blocks_are_those_found_one_at_a_time():
    """The kernel lists solutions a block at a time (the stable sets of coloring.stable_cover):
    the same solutions in the same order; a node limit hands on the block's solutions first."""
    problem = langford(8).problem
    one_by_one = list(CompiledCover(problem.arrays, "dlx", SearchControl()).solutions())
    blocks = list(CompiledCover(problem.arrays, "dlx", SearchControl()).solution_blocks(64))
    assert len(one_by_one) == A014552[8] and all(is_cover(problem, solution) for solution in one_by_one)
    assert [row[row >= 0].tolist() for block in blocks for row in block] == one_by_one
    assert [len(block) for block in blocks] == [64, 64, 22]
    listed = []
    stopped = CompiledCover(problem.arrays, "dlx", SearchControl(Limits(nodes=1_000)))
    with pytest.raises(SearchStopped):
        for block in stopped.solution_blocks(10_000):
            listed.extend(row[row >= 0].tolist() for row in block)
    assert 0 < len(listed) < A014552[8] and listed == one_by_one[: len(listed)]


def take(search):
    """The solutions a search lists before its node limit, if one stops it."""
    listed = []
    with contextlib.suppress(SearchStopped):
        listed.extend(search.solutions())
    return listed


@settings(max_examples=60, deadline=None)
@given(cover_problems())
def test_the_numba_engines_links_are_knuths_layout_as_offsets(problem):
    """The numba engine packs the links in one pass (core.cover._kernels.pack): node by node
    the python engine's (core.cover.links.link), as offsets, each option a ring (NEXT), the
    COLOR field only where an option gives a colour."""
    links = link(problem.arrays)
    search = CompiledCover(problem.arrays, "dlx", SearchControl())
    fields = search.fields
    assert fields == (COLOURED if any(problem.arrays.colors) else COLOURLESS)
    nodes, item_links = search.nd.reshape(-1, fields), search.it.reshape(-1, fields)
    headers = len(links.llink) - 1
    option_node = (np.arange(len(links.top)) >= headers) & (links.top > 0)
    assert np.array_equal(nodes[:, TOP], np.where(option_node, links.top * fields, links.top))
    assert np.array_equal(nodes[:, ULINK], links.ulink * fields)
    assert np.array_equal(nodes[:, DLINK], links.dlink * fields)
    assert fields == COLOURLESS or np.array_equal(nodes[:, COLOR], links.color)
    last = option_node & ~np.r_[option_node[1:], False]  # (an option's last node: the spacer after it says its first)
    following = np.where(last, np.r_[links.ulink[1:], 0], np.arange(1, len(links.top) + 1))
    assert np.array_equal(nodes[:, NEXT], np.where(option_node, following * fields, 0))
    assert np.array_equal(item_links[:, :2], np.stack([links.llink, links.rlink], axis=1) * fields)
    assert not item_links[:, 2:].any()


@pytest.mark.parametrize(
    ("problem", "fields"),
    [(langford(8).problem, COLOURLESS), (polyomino("6x10").problem, COLOURLESS), (parse_cover(KNUTH), COLOURED)],
)
def test_both_ways_of_unhiding_give_the_same_search(problem, fields, monkeypatch):
    """Links larger than the cache are unhidden backwards over the spacers, smaller ones along
    the options' rings: the same solutions, in the same order, and the same counters, in
    either layout (a problem without colours has nodes without a COLOR field)."""
    ring = CompiledCover(problem.arrays, "dlx", SearchControl())
    monkeypatch.setattr(compiled, "RING_UNHIDE_BYTES", 0)
    backwards = CompiledCover(problem.arrays, "dlx", SearchControl())
    assert ring.kernel is COVER_SLICES[fields, True] and backwards.kernel is COVER_SLICES[fields, False]
    ring.control.limits = backwards.control.limits = Limits(nodes=200_000)  # (the 6x10's first 200,000 nodes)
    listed = take(ring)
    assert listed and listed == take(backwards) and all(is_cover(problem, solution) for solution in listed)
    assert (ring.stats().nodes, ring.stats().own) == (backwards.stats().nodes, backwards.stats().own)


def test_results_follow_the_house_contract():
    result = solve_cover(langford(7))
    document = result.to_dict()
    assert document["status"] == "found" and document["sequence"] == [int(v) for v in result.text().split()]
    assert document["stats"]["updates"] == result.stats.own["updates"]
    assert "updates" in str(result) and repr(result).startswith("<CoverResult found")
    assert result == solve_cover(langford(7), engine="python")
    counted = count_covers(langford(7))
    assert "26 Langford pairings of 1..7 up to reversal (52 sequences)" in str(counted)
    assert counted._repr_html_()


def test_the_cover_command(tmp_path):
    file = tmp_path / "knuth.dlx"
    file.write_text(KNUTH)
    found = invoke(["cover", str(file)])
    assert found.exit_code == 0 and "q x:A\np r x:A y" in found.stdout and "updates 20" in found.stdout
    counted = json.loads(invoke(["cover", str(file), "--count", "--json"]).stdout)
    assert counted["count"] == 1 and counted["stats"]["updates"] == 20
    streamed = [json.loads(line) for line in invoke(["cover", "-", "--all", "--json"], input=KNUTH).stdout.splitlines()]
    assert streamed[0]["lines"] == ["q x:A", "p r x:A y"] and streamed[-1]["count"] == 1
    bad = invoke(["cover", "-"], input="a b\na c\n")
    assert bad.exit_code == 2 and "stdin line 2: item 'c' is not declared" in bad.stderr
    none = invoke(["cover", "-"], input="a b\na\n")
    assert none.exit_code == 1 and "no exact cover" in none.stdout


def test_the_generators_commands(tmp_path):
    packing = invoke(["polyomino", "6x10", "--svg", str(tmp_path / "p.svg"), "--json"])
    document = json.loads(packing.stdout)
    assert packing.exit_code == 0 and packing_error(polyomino("6x10"), document["grid"]) is None
    assert (tmp_path / "p.svg").read_text().startswith("<svg")
    distinct = json.loads(invoke(["polyomino", "3x20", "--count", "--distinct", "--json"]).stdout)
    assert distinct["count"] == 2 and distinct["distinct"] and distinct["symmetries"] == 4
    assert invoke(["polyomino", "6x9"]).exit_code == 2
    assert "--pieces:" in invoke(["polyomino", "6x9"]).stderr
    counted = json.loads(invoke(["langford", "8", "--count", "--json"]).stdout)
    assert counted["count"] == 150 and counted["sequences"] == 300
    assert invoke(["langford", "seven"]).exit_code == 2
    assert invoke(["queens", "8", "--method", "dlx", "--count"]).stdout.startswith("92 solutions")
    tree = tmp_path / "tree.svg"
    assert invoke(["langford", "4", "--count", "--tree", str(tree)]).exit_code == 0 and tree.exists()


def test_dask_gives_one_searchs_count_and_counters():
    pytest.importorskip("dask.distributed")
    puzzle = polyomino("3x20", distinct=True)
    on_dask = count_covers(puzzle, scheduler="local", workers=2)
    assert on_dask.status == Status.COMPLETE and on_dask.count == 2
    assert on_dask.stats.counters() == count_covers(puzzle).stats.counters()


@pytest.mark.slow
def test_the_python_engine_counts_the_pentominoes_as_the_numba_engine():
    """2,339 packings of 6x10 in Knuth's steps as plain Python (a minute), the same counters."""
    puzzle = polyomino("6x10", distinct=True)
    assert count_covers(puzzle, engine="python") == count_covers(puzzle, engine="numba")


@pytest.mark.slow
@pytest.mark.parametrize(("n", "count"), [(11, 17792), (12, 108144)])
def test_langford_11_and_12(n, count):
    one = count_covers(langford(n))
    assert one.count == count
    assert count_covers(langford(n), workers=2).stats.counters() == one.stats.counters()


def test_names_that_would_make_two_problems_one_text_are_refused():
    """An item or a colour named with a space, a control character, ':' or '|', or not at all,
    would give two problems one text and one digest (what the worker cache and checkpoints trust)."""
    for primary, options, secondary, message in [
        (["a b"], ["a"], [], "item 'a b' holds a space"),
        ([""], [], [], "item '' is not a name"),
        (["a"], [["a"]], ["x\ty"], "holds a space or a control character"),
        (["a"], [["a", "x:r d"]], ["x"], "colour 'r d' holds a space"),
        (["a"], [["a", "x:r\x00"]], ["x"], "colour 'r\\\\x00' holds a space or a control character"),
        (["a"], [["a", "x:r:g"]], ["x"], "colour 'r:g' holds ':' or '\\|'"),
    ]:
        with pytest.raises(CoverError, match=message):
            CoverProblem.make(primary, options, secondary)
    with pytest.raises(CoverError, match="item 'a b' holds a space"):
        CoverProblem(("a b",), (), (((0, 0),),))  # (the constructor checks too)
    with pytest.raises(CoverError, match="line 2: colour 'r\\\\x01'"):
        parse_cover("a | x\na x:r\x01\n", "p.dlx")
    assert CoverProblem.make(["a"], ["a x:é"], ["x"]).colors == ("", "é")


def test_piece_names_never_meet_a_cell_or_each_other():
    assert list(read_pieces("BB\n\n###")) == ["B", "A"]  # (a '#' piece takes the first name left)
    assert list(read_pieces("##\n\nAAA")) == ["B", "A"]
    drawn = "\n\n".join("#" * (k + 1) for k in range(62))
    assert list(read_pieces(drawn, fixed=True))[24:28] == ["Y", "Z", "a", "b"]
    with pytest.raises(InvalidInput, match="more pieces drawn with '#' than the 62 names"):
        read_pieces(drawn + "\n\n" + "#" * 63, fixed=True)
    for pieces in ({".": ((0, 0),)}, {"r0c0": ((0, 0),)}, {5: ((0, 0),)}, {":": ((0, 0),)}):
        with pytest.raises(InvalidInput, match="is not a piece's name"):
            polyomino("1x1", pieces)
    with pytest.raises(InvalidInput, match="draw a piece with"):
        read_pieces("::\n")
    puzzle = polyomino("1x5", {"é": ((0, 0), (0, 1), (0, 2)), "2": ((0, 0), (0, 1))})
    assert [puzzle.text(options) for options in CoverStream(puzzle)] == ["ééé22", "22ééé"]


def test_27_pieces_drawn_with_hashes_are_packed_and_checked():
    """The 27th '#' piece is 'a' (it was '26', two characters that misaligned the grid)."""
    pieces = "\n\n".join("#" * length for length in range(1, 28))
    puzzle = polyomino("1x378", pieces, fixed=True)
    result = solve_cover(puzzle)
    assert result.status == Status.FOUND and "a" in result.text()
    assert packing_error(puzzle, result.text().splitlines()) is None


def test_files_are_read_by_the_library_under_the_limits(tmp_path):
    board, pieces = tmp_path / "6x10", tmp_path / "pieces.txt"
    board.write_text("#####\n#####\n")  # (a file named like a size: the command line reads a size)
    pieces.write_text("###\n\n##\n\n#####\n")
    assert count_covers(polyomino(board, pieces)).count == 4
    assert invoke(["polyomino", "6x10", "--count", "--json"], catch_exceptions=False).exit_code == 0
    (tmp_path / "knuth.dlx").write_text(KNUTH)
    with pytest.raises(MemoryRefused, match="reading .*knuth.dlx"):
        solve_cover(tmp_path / "knuth.dlx", memory_limit=1000)
    with pytest.raises(InvalidInput, match="is a folder"):
        polyomino(tmp_path)
    (tmp_path / "latin1.txt").write_bytes("é\n".encode("latin-1"))
    with pytest.raises(InvalidInput, match="not UTF-8 text"):
        polyomino(tmp_path / "latin1.txt")
    with pytest.raises(InvalidInput, match="cannot be read"):
        polyomino("6x10", tmp_path / "missing.txt")
    refused = invoke(["polyomino", "\x00", "--count"])  # (found by the fuzzing: exit 70 before)
    assert refused.exit_code == 2 and "not a file's name (embedded null byte)" in refused.stderr


def test_the_tree_and_the_page_refuse_an_explicit_compiled_engine(tmp_path):
    for command in (["langford", "4"], ["polyomino", "3x20"]):
        for option in ("--tree", "--animate"):
            refused = invoke([*command, option, str(tmp_path / "out.html"), "--engine", "numba"])
            assert refused.exit_code == 2 and "the python engine records the search" in refused.stderr
    drawn = invoke(["langford", "4", "--tree", str(tmp_path / "t.svg")])
    assert drawn.exit_code == 0 and "python" in drawn.stdout


def test_the_old_colour_names_still_answer_with_a_warning():
    import essais.core.cover.problem as problem_module

    problem = CoverProblem.make(["a"], ["a x:red"], ["x"])
    with pytest.warns(DeprecationWarning, match="CoverProblem.colors"):
        assert problem.colours == problem.colors == ("", "red")
    with pytest.warns(DeprecationWarning, match="CoverArrays.colors"):
        assert list(problem.arrays.colours) == [0, 1]
    with pytest.warns(DeprecationWarning, match="NO_COLOR"):
        assert problem_module.NO_COLOUR == problem_module.NO_COLOR == 0
    with pytest.warns(DeprecationWarning, match="Polyomino.colors"):
        assert polyomino("3x20").colours() == polyomino("3x20").colors()
