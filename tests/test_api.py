"""The top-level API (two lines per problem, plain values in) and the one result shape: every
result has status, stats, found, its solution, to_dict(), and displays itself."""

import copy
import dataclasses
import io
import json
import xml.etree.ElementTree as ElementTree

import numpy
import pytest
from rich.console import Console

import essais
import essais.coloring
import essais.knights
import essais.queens
import essais.sudoku
import essais.uncrossed
from essais.coloring import is_coloring, load_graph
from essais.core.board import SquarePath
from essais.core.search import AllSolutions, breadth_first
from essais.knights import Board, TourProblem, count_every_start, every_start, is_tour, random_tours, watch_tour
from essais.knights.distances import distances
from essais.maze import Maze
from essais.queens import find_queens, is_solution
from essais.sudoku import count_sudoku, parse_sudoku
from essais.sudoku import is_solution as is_sudoku_solution
from essais.swap import knight_swap_004, study
from essais.uncrossed import is_uncrossed

GRID_002 = "2......6.....7..3..48.9.1.....3.....3...1.........8.....1.2.57..8.73.....9......4"


def test_two_lines_per_problem():
    tour = essais.find_tour(8, start="a1")
    assert tour.found and tuple(tour.path[0]) == (7, 0) and is_tour(Board(8, 8), tour.path)
    assert essais.count_tours(5, start="a1").count == 304
    assert essais.count_tours("5", start=(0, 0), closed=False, method="basic", engine="python").count == 304
    assert essais.count_queens(8).count == 92 and essais.count_queens(8, distinct=True).count == 12
    sudoku = essais.solve_sudoku(GRID_002)
    assert sudoku.found and is_sudoku_solution(GRID_002, sudoku.solution)
    coloring = essais.color_graph("petersen")
    assert coloring.found and is_coloring(load_graph("petersen"), coloring.colors, 3)
    assert essais.chromatic_number("mycielski:4").chromatic == 4
    path = essais.longest_uncrossed(6)
    assert path.jumps == 17 and is_uncrossed(Board(6, 6), path.path)


def test_problem_packages_take_what_users_type_too():
    """The problem first, as typed (a size) or as the package's own object."""
    problem = TourProblem.make(Board(5, 5))
    assert essais.knights.find_tour(5, method="basic") == essais.knights.find_tour(problem, method="basic")
    assert essais.knights.count_tours("5x5").count == essais.knights.count_tours(problem).count == 304
    assert essais.uncrossed.longest_uncrossed((5, 5)).jumps == essais.uncrossed.longest_uncrossed(Board(5, 5)).jumps
    assert essais.queens.count_queens(6).count == 4 and essais.coloring.color_graph("petersen").found
    assert essais.sudoku.solve_sudoku(GRID_002).found


def test_the_default_method_follows_the_engine():
    """Methods that exist only in numba are not the default of the python engine."""
    assert essais.count_queens(6, engine="python").count == 4
    assert essais.solve_sudoku("1.3..4.22..3.3.1", engine="python").found


@pytest.mark.parametrize(
    "bad",
    [
        lambda: essais.find_tour(0),
        lambda: essais.find_tour("8x"),
        lambda: essais.find_tour(5, start="z9"),
        lambda: essais.find_tour(5, method="magic"),
        lambda: essais.find_tour(5, engine="rust"),
        lambda: essais.count_tours(5, method="warnsdorff"),
        lambda: essais.count_queens(0),
        lambda: essais.solve_sudoku("12"),
        lambda: essais.color_graph("nonsense"),
        lambda: essais.color_graph("petersen", k=0),
        lambda: essais.longest_uncrossed((2, "x")),
        lambda: Board("8", "8"),
        lambda: is_coloring("petersen", [0]),
        lambda: is_solution(len(["a"]), ["a"]),
        lambda: Board(8.5, 8),
        lambda: TourProblem.make("8"),
        lambda: TourProblem.make(Board(5, 5), start="a1"),
        lambda: essais.knights.find_tour("eight"),
        lambda: essais.find_tour(5, start=[1]),
        lambda: essais.find_tour(5, moves="12"),
        lambda: essais.find_tour(5, moves=[]),
        lambda: is_tour(Board(5, 5), "abc"),
        lambda: is_tour("a board", [(0, 0)]),
        lambda: parse_sudoku(5),
        lambda: essais.solve_sudoku(None),
        lambda: essais.color_graph(None),
        lambda: load_graph(3),
        lambda: essais.color_graph("complete:²"),
        lambda: essais.Limits(time="1"),
        lambda: essais.Limits(nodes=1.5),
        lambda: essais.chromatic_number(3),
    ],
)
def test_bad_values_raise_invalid_input(bad):
    with pytest.raises(essais.InvalidInput):
        bad()


def every_kind_of_result():
    problem = TourProblem.make(Board(5, 5))
    swap = knight_swap_004()
    maze = Maze.parse("S #\n  E")
    stream = AllSolutions(maze)
    list(stream)
    return [
        essais.find_tour(5),
        essais.find_tour(3),  # none
        essais.count_tours(5, method="prune"),
        essais.count_tours(6, closed=True, method="prune"),
        essais.longest_uncrossed(5),
        find_queens(8),
        essais.count_queens(6),
        essais.solve_sudoku(GRID_002),
        count_sudoku(parse_sudoku(GRID_002), limit=3),
        essais.color_graph("petersen"),
        essais.color_graph("petersen", k=2),
        essais.chromatic_number("queen:5"),
        random_tours(problem, attempts=10, seed=1),
        _table(every_start(problem.at((0, 0)), method="warnsdorff")),
        breadth_first(swap),
        breadth_first(maze),
        stream.result,
        # and the studies: a count per start, a search watched, distances, an estimate, 004's table
        count_every_start(TourProblem.make(Board(5, 5)), method="prune"),
        watch_tour(problem, method="basic", max_events=100),
        distances(Board(5, 5), (0, 0)),
        essais.estimate_uncrossed(5, probes=200),
        study(swap),
        essais.find_tour(6, method="basic", node_limit=1000),  # stopped by a limit
        essais.count_queens(12, node_limit=1000),  # a split count stopped
        essais.compare("tour", 5, methods=["basic", "warnsdorff:python"]),
        essais.count_tours(6, closed=True, whole_board=True),  # a sweep (method frontier)
        essais.count_tours(6, method="frontier", node_limit=1000),  # a sweep stopped: no count
        essais.estimate_tour_count(6, closed=True, whole_board=True, node_limit=100_000),
    ]


def _table(rows):
    from essais.knights import EveryStart

    return EveryStart(list(rows), counting=False, method="warnsdorff", engine="numba")


@pytest.mark.parametrize("result", every_kind_of_result(), ids=lambda result: type(result).__name__)
def test_every_result_has_the_one_shape(result):
    assert isinstance(result, essais.Result)
    assert isinstance(result.status, essais.Status) and isinstance(result.stats, essais.Stats)
    if isinstance(result, essais.CountResult):
        assert result.found == (result.count > 0)
    elif result.found:
        assert result.solution is not None and (not hasattr(result.solution, "__len__") or len(result.solution))
    # the method and engine that ran, defaults included, in Python and in JSON
    assert result.method and result.engine and set(result.engine.split(", ")) <= {"python", "numba"}
    document = json.loads(json.dumps(result.to_dict()))
    assert document["status"] == str(result.status) and document["found"] == result.found
    assert (document["method"], document["engine"]) == (result.method, result.engine)
    # a short repr on one line; str() is what a terminal shows, colours aside
    line = repr(result)
    assert line.startswith(f"<{type(result).__name__} {result.status} ") and "\n" not in line and len(line) < 120
    console = Console(file=io.StringIO(), width=100, soft_wrap=True)
    console.print(result)
    assert console.file.getvalue() == str(result) + "\n"
    assert str(result).startswith(result.headline()) and str(result).endswith(result.stats_text())
    ElementTree.fromstring(result._repr_html_())  # well-formed markup
    # equal on what was found and the counters, not the seconds
    same = copy.deepcopy(result)
    if "stats" in {field.name for field in dataclasses.fields(result)}:
        same.stats.seconds += 1.0
        assert same == result
        same.stats.nodes += 1
        assert same != result
    assert result != object()
    with pytest.raises(TypeError):
        hash(result)


def test_a_path_is_one_type_whatever_the_method():
    linear, basic = essais.find_tour(5), essais.find_tour(5, method="basic")
    for result in (linear, basic, essais.longest_uncrossed(5)):
        assert isinstance(result.path, SquarePath) and result.path and result.path[0] == (0, 0)
        assert all(type(row) is int and type(col) is int for row, col in result.path)
        assert numpy.asarray(result.path).shape == (len(result.path), 2)
    none = essais.find_tour(3)
    assert isinstance(none.path, SquarePath) and not none.path and not none.found and none.squares() is None
    assert basic.path[:3] == [(0, 0), (1, 2), (2, 4)] and basic == essais.find_tour(5, method="basic", engine="python")


def test_counts_are_count_results():
    for count in (essais.count_tours(5), essais.count_queens(5), count_sudoku(parse_sudoku(GRID_002), limit=2)):
        assert isinstance(count, essais.CountResult) and count.found == (count.count > 0)


def test_user_text_is_escaped_in_html(tmp_path):
    edges = tmp_path / "names.txt"
    edges.write_text("<b>x</b> [/y]\n[/y] &z\n")
    html = essais.color_graph(load_graph(str(edges)), k=3)._repr_html_()
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html and "&amp;z" in html
    ElementTree.fromstring(html)  # still well-formed
