"""The search tree (`--tree FILE.svg`, core.recording.with_tree, draw.tree.tree_svg): a dot a call
of the search function, a mark a try refused, solutions green, the way to the first one bold;
its dots and marks add up to the counters, and recording changes no answer and no counter."""

import xml.etree.ElementTree as ElementTree

import pytest

import essais
from essais.core.errors import InvalidInput
from essais.core.search import SearchProblem, depth_first
from essais.core.tree import with_tree
from essais.draw.tree import tree_svg
from essais.queens import count_queens, find_queens

from conftest import invoke, tree_shown

SVG = "{http://www.w3.org/2000/svg}"


class Jugs(SearchProblem[tuple[int, int], str]):
    """The tutorial's two jugs (4 and 3 litres): measure 2 litres."""

    def initial(self):
        return (0, 0)

    def successors(self, state):
        big, small = state
        down, up = min(big, 3 - small), min(small, 4 - big)
        yield "fill the 4", (4, small)
        yield "fill the 3", (big, 3)
        yield "empty the 4", (0, small)
        yield "empty the 3", (big, 0)
        yield "pour 4 into 3", (big - down, small + down)
        yield "pour 3 into 4", (big + up, small - up)

    def is_goal(self, state):
        return 2 in state


def drawn(svg: str) -> dict[str, int]:
    root = ElementTree.fromstring(svg)
    circles = root.findall(f".//{SVG}circle")
    return {
        "nodes": len(circles),
        "solutions": sum(1 for circle in circles if circle.get("class") == "solution"),
        "refused": len(root.findall(f".//{SVG}g[@class='refused']//{SVG}line")),  # (in a group a node)
        "way": len(root.findall(f".//{SVG}line[@class='way']")),
    }


SEARCHES = [
    ("4 queens, every solution", lambda: count_queens(4, method="textbook", engine="python")),
    ("6 queens, the first", lambda: find_queens(6, engine="python")),
    ("a 3x4 tour", lambda: essais.find_tour("3x4", method="basic", engine="python")),
    ("a 4x4 count (none)", lambda: essais.count_tours(4, method="basic", engine="python")),
    ("warnsdorff 6x6", lambda: essais.find_tour(6, method="warnsdorff", engine="python")),
    ("petersen, 3 colours", lambda: essais.color_graph("petersen", engine="python")),
    ("a 4x4 Sudoku", lambda: essais.solve_sudoku("1.3..4.22..3.3.1", method="textbook", engine="python")),
    ("the two jugs", lambda: depth_first(Jugs())),
]


@pytest.mark.parametrize(("name", "search"), SEARCHES, ids=[name for name, _ in SEARCHES])
def test_the_tree_adds_up_to_the_counters(name, search):
    result, tree = with_tree(search)
    stats = result.stats
    assert len(tree) == stats.nodes
    refused = tree.refused()
    assert min(refused) >= 0 and sum(refused) + stats.nodes - 1 == stats.tries  # each accepted try made a call
    picture = drawn(tree_svg(tree, name))
    assert picture["nodes"] == stats.nodes and picture["refused"] == sum(refused)
    found = result.count if isinstance(result, essais.CountResult) else int(result.found)
    assert picture["solutions"] == len(tree.solutions) == found
    if tree.solutions:  # the way down to the first solution, an edge a level
        assert picture["way"] == tree.depths[tree.solutions[0]]
    assert result == search()  # recording changes no answer and no counter


def test_four_queens_is_the_textbook_figure():
    """The classic picture: 1, 4, 6, 4 and 2 placements on rows 0 to 4, the two solutions last."""
    result, tree = with_tree(lambda: count_queens(4, method="textbook", engine="python"))
    assert [tree.depths.count(depth) for depth in range(5)] == [1, 4, 6, 4, 2]
    parents = tree.parents()
    assert [node for node, parent in enumerate(parents) if parent == 0] == [1, 5, 9, 13]  # a queen on each column
    assert [tree.depths[node] for node in tree.solutions] == [4, 4] and result.count == 2


def test_the_tree_stops_past_its_limit_and_outside_the_python_engine():
    with pytest.raises(InvalidInput, match="tree: the search passed 5,000 nodes"):
        with_tree(lambda: essais.find_tour(5, method="basic", engine="python"))
    with pytest.raises(InvalidInput, match="recorded no tree"):
        with_tree(lambda: count_queens(6))


def test_the_command_line_draws_it(tmp_path):
    tree = tmp_path / "tree.svg"
    result = invoke(["queens", "4", "--count", "--tree", str(tree)])
    assert result.exit_code == 0 and "(textbook, python)" in result.stdout
    assert drawn(tree.read_text()) == {"nodes": 17, "solutions": 2, "refused": 44, "way": 4}
    for arguments, message in [
        (["queens", "8", "--count", "--method", "bitmask"], "--method: 'bitmask' exists in the numba engine only"),
        (["queens", "8", "--all"], "--tree: it draws the search for one solution, or a count"),
        (["tour", "5", "--method", "basic"], "tree: the search passed 5,000 nodes"),
        (["tour", "5", "--count", "--workers", "2"], "--tree: one search in the python engine records it"),
        (["color", "petersen", "--method", "dsatur"], "--method: 'dsatur' exists in the numba engine only"),
    ]:
        refused = invoke([*arguments, "--tree", str(tmp_path / "no.svg")])
        assert refused.exit_code == 2 and message in refused.stderr, (arguments, refused.stderr)
        assert len(refused.stderr.strip().splitlines()) == 1
    assert invoke(["tour", "5", "--method", "basic", "--node-limit", "300", "--tree", str(tree)]).exit_code == 3
    assert drawn(tree.read_text())["nodes"] == 300  # a limited search draws what it searched
    assert invoke(["sudoku", "1.3..4.22..3.3.1", "--tree", str(tree)]).exit_code == 0
    assert invoke(["color", "petersen", "--tree", str(tree)]).exit_code == 0


@pytest.mark.parametrize("closed", [False, True], ids=["open", "closed"])
def test_the_branch_and_bound_tree_marks_each_better_path(closed):
    """Method bound's tree (one root a start of its plan): each better path found is green, the
    last the optimum; dots and marks add up to the counters as for the other searches."""
    result, tree = with_tree(lambda: essais.longest_uncrossed(5, closed=closed, method="bound", engine="python"))
    stats = result.stats
    roots = tree.depths.count(0)
    assert (
        len(tree) == stats.nodes and sum(tree.refused()) + stats.nodes - roots == stats.tries
    )  # (no try leads to a root)
    better = [tree.depths[node] for node in tree.solutions]
    assert better and better[-1] + (1 if closed else 0) == result.jumps
    picture = drawn(tree_svg(tree, "uncrossed"))
    assert picture["nodes"] == stats.nodes and picture["solutions"] == len(tree.solutions)
    assert result == essais.longest_uncrossed(5, closed=closed, method="bound", engine="python")


def test_the_command_line_draws_the_branch_and_bound_tree(tmp_path):
    tree = tmp_path / "tree.svg"
    result = invoke(["uncrossed", "5", "--tree", str(tree)])
    assert result.exit_code == 0 and "(bound, python)" in result.stdout
    assert drawn(tree.read_text())["nodes"] == 652
    refused = invoke(["uncrossed", "5", "--method", "parallel", "--tree", str(tree)])
    assert refused.exit_code == 2 and "--tree: one search in the python engine" in refused.stderr


WATCHED = [
    ("6 queens, the first", ("queens", 6), {}),
    ("5 queens, every solution", ("queens", 5), {"count": True}),
    ("a 3x4 tour", ("tour", "3x4"), {"method": "basic"}),
    ("a 4x4 tour (none)", ("tour", 4), {"method": "basic"}),
    ("warnsdorff 6x6", ("tour", 6), {"method": "warnsdorff"}),
    ("petersen, 3 colours", ("color", "petersen", 3), {}),
    ("a 4x4 Sudoku, every solution", ("sudoku", "1..............."), {"count": True}),
    ("langford 4", ("langford", 4), {"count": True}),
    ("uncrossed 4 (branch and bound)", ("uncrossed", 4), {}),
    ("uncrossed 4x6 closed", ("uncrossed", "4x6"), {"closed": True}),
]


@pytest.mark.parametrize(("name", "arguments", "options"), WATCHED, ids=[name for name, _, _ in WATCHED])
def test_a_page_shows_each_call_and_refused_try_when_the_search_makes_them(name, arguments, options):
    """The events a page replays follow the search's calls: each call entered is an event, in the
    tree's order and at its depth; at each event the ringed call is one the search is in (on the
    way from the root down to the latest call); a call's refused tries only grow, and at the end
    (with those said after the last event) they are the tree's."""
    replay = essais.watch(*arguments, **options)
    log, tree = replay.log, replay.tree
    assert log.complete and tree is not None and tree.complete
    calls = [event for event, square in enumerate(log.squares) if square == log.CALL]
    assert [log.call[event] for event in calls] == list(range(len(tree)))
    assert [log.values[event] for event in calls] == tree.depths
    parents, seen = tree.parents(), {}
    for event, (made, ring, marks) in enumerate(tree_shown(log)):
        way, node = set(), made - 1
        while node >= 0:
            way.add(node)
            node = parents[node]
        assert ring in way or (ring == -1 and name.startswith("uncrossed")), (event, ring)  # (between two starts)
        assert all(count >= seen.get(call, 0) and call < made for call, count in marks.items())
        seen = marks
    final = {**seen, **log.calls.changed}  # (a call's last tries may come after the last event)
    assert [final.get(call, 0) for call in range(len(tree))] == tree.refused()


@pytest.mark.parametrize("count", [False, True], ids=["first", "every"])
@pytest.mark.parametrize("n", [4, 6, 8])
def test_the_queens_ring_and_marks_follow_each_queen(n, count):
    """002's queens, where every try has its event: a queen placed, refused or taken back on row r
    is the call at depth r's doing (after a backtrack, the call returned to), and each refused
    try is marked under that call at its own event."""
    replay = essais.watch("queens", n, count=count)
    log, depths = replay.log, replay.tree.depths
    refused: dict[int, int] = {}
    for event, (_, ring, marks) in enumerate(tree_shown(log)):
        square, value = log.squares[event], log.values[event]
        if square != log.CALL:
            assert depths[ring] == square // n
            refused[ring] = refused.get(ring, 0) + (value < 0)
        assert {call: k for call, k in marks.items() if k} == {call: k for call, k in refused.items() if k}
