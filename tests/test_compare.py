"""`essais compare` and essais.compare: each run is the single function's run (same answer, same
counters), the ratios are to the first method, and bad input is one line, exit 2."""

import json

import pytest

import essais
from essais.queens import find_queens
from essais.sudoku import count_sudoku

from conftest import invoke

GRID_002 = "2......6.....7..3..48.9.1.....3.....3...1.........8.....1.2.57..8.73.....9......4"


@pytest.mark.parametrize(
    ("problem", "problem_input", "methods", "options", "single"),
    [
        ("tour", 5, ["basic", "band:python", "prune", "warnsdorff"], {},
         lambda method, engine: essais.find_tour(5, method=method, engine=engine)),
        ("tour", "5x6", ["basic", "prune"], {"start": "a1", "closed": True},
         lambda method, engine: essais.find_tour("5x6", start="a1", closed=True, method=method, engine=engine)),
        ("queens", 8, ["textbook:python", "textbook"], {}, lambda method, engine: find_queens(8, engine=engine)),
        ("sudoku", GRID_002, ["textbook", "propagate", "bitwise"], {},
         lambda method, engine: essais.solve_sudoku(GRID_002, method=method, engine=engine)),
        ("color", "queen:5", ["textbook", "dsatur"], {"k": 5},
         lambda method, engine: essais.color_graph("queen:5", k=5, method=method, engine=engine)),
        ("uncrossed", 5, ["bound:python", "bound"], {},
         lambda method, engine: essais.longest_uncrossed(5, method=method, engine=engine)),
    ],
)  # fmt: skip
def test_each_run_is_the_single_run(problem, problem_input, methods, options, single):
    table = essais.compare(problem, problem_input, methods=methods, **options)
    for row, name in zip(table.rows, methods, strict=True):
        method, _, engine = name.partition(":")
        assert row.method == method and row.engine == (engine or "numba")
    for row in table.rows:
        assert row.result == single(row.method, row.engine)
        assert row.result.stats.counters() == single(row.method, row.engine).stats.counters()
    first = table.rows[0].result.stats
    for row in table.rows:
        assert row.ratios(table.rows[0])["nodes"] == pytest.approx(row.result.stats.nodes / first.nodes)
    assert table.stats.nodes == sum(row.result.stats.nodes for row in table.rows)


@pytest.mark.parametrize(
    ("problem", "problem_input", "methods", "single"),
    [
        ("tour", 5, ["basic", "prune:python"], lambda method, engine: essais.count_tours(5, method=method,
                                                                                          engine=engine)),
        ("queens", 9, ["textbook:python", "bitmask"], lambda method, engine: essais.count_queens(9, method=method,
                                                                                                 engine=engine)),
        ("sudoku", GRID_002, ["textbook", "propagate"], lambda method, engine: count_sudoku(GRID_002, method=method,
                                                                                             engine=engine)),
    ],
)  # fmt: skip
def test_counts_compared_are_the_single_counts(problem, problem_input, methods, single):
    table = essais.compare(problem, problem_input, methods=methods, count=True)
    counts = {row.result.count for row in table.rows}
    assert len(counts) == 1  # every method counts the same number
    for row in table.rows:
        assert row.result == single(row.method, row.engine)


def test_the_command_prints_the_table_and_its_json_has_the_single_counters():
    printed = invoke(["compare", "tour", "5", "--methods", "basic,warnsdorff"])
    assert printed.exit_code == 0
    lines = printed.stdout.splitlines()
    assert lines[0] == "tour 5: 2 searches compared (ratios to basic, numba)"
    assert lines[2].split()[:6] == ["basic", "numba", "found", "74,301", "594,316", "74,276"]
    document = json.loads(invoke(["compare", "tour", "5", "--methods", "basic,warnsdorff", "--json"]).stdout)
    single = json.loads(invoke(["tour", "5", "--method", "warnsdorff", "--json"]).stdout)
    run = document["runs"][1]
    assert (run["method"], run["engine"]) == ("warnsdorff", "numba")
    assert {key: run["result"]["stats"][key] for key in ("nodes", "tries", "backtracks")} == {
        key: single["stats"][key] for key in ("nodes", "tries", "backtracks")
    }
    assert document["runs"][0]["ratios"]["nodes"] == 1.0


def test_a_method_whose_counters_depend_on_the_timing_is_marked():
    table = essais.compare("uncrossed", 5, methods=["bound", "parallel"])
    assert [row.timing_dependent for row in table.rows] == [False, True]
    assert "depend on the timing" in str(table)
    assert {row.result.jumps for row in table.rows} == {10}


def test_limits_apply_to_each_run():
    table = essais.compare("tour", 6, methods=["basic", "warnsdorff"], node_limit=1000)
    assert [str(row.result.status) for row in table.rows] == ["limit", "found"]
    assert table.rows[0].result.stats.nodes == 1000 and str(table.status) == "complete"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["compare", "knights", "5", "--methods", "basic"], "problem: 'knights' is not one of"),
        (["compare", "tour", "5", "--methods", ","], "--methods: ',' names no method"),
        (["compare", "tour", "5", "--methods", "magic"], "--methods: 'magic' is not one of"),
        (["compare", "tour", "5", "--methods", "basic:rust"], "--methods: 'rust' is not one of python, numba"),
        (["compare", "queens", "8", "--methods", "bitmask"], "--methods: 'bitmask' counts only"),
        (["compare", "queens", "eight", "--methods", "textbook"], "n: 'eight' must be a positive number"),
        (["compare", "color", "petersen", "--methods", "textbook", "--count"], "count: color has no count"),
        (["compare", "tour", "5", "-k", "3", "--methods", "basic"], "-k: it goes with compare color"),
        (["compare", "queens", "8", "--start", "a1", "--methods", "textbook"], "--start, --closed: they go with"),
        (["compare", "tour", "5", "--methods", "warnsdorff", "--count"], "does not search every branch"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(arguments, message):
    result = invoke(arguments)
    assert result.exit_code == 2, result.stdout
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_the_chart_draws_each_recorded_depth_and_names_the_others(tmp_path):
    table = essais.compare("queens", 8, methods=["textbook:python", "textbook"])
    figure = table.figure()
    [line] = figure.axes[0].get_lines()
    assert line.get_label() == "textbook:python"
    assert list(line.get_ydata()) == table.rows[0].result.stats.depths
    assert sum(table.rows[0].result.stats.depths) == table.rows[0].result.stats.nodes
    assert table.left_out() == ["textbook:numba"] and "textbook:numba" in figure.texts[0].get_text()
    png = tmp_path / "depths.png"
    printed = invoke(["compare", "queens", "8", "--methods", "textbook:python,textbook", "--png", str(png)])
    assert printed.exit_code == 0 and png.read_bytes().startswith(b"\x89PNG")
    assert "the chart leaves out textbook:numba" in printed.stdout
    refused = invoke(["compare", "queens", "8", "--methods", "textbook", "--png", str(tmp_path / "none.png")])
    assert refused.exit_code == 2 and "only the python engines record" in refused.stderr
    assert not (tmp_path / "none.png").exists()


def test_a_sweep_compared_with_backtracking_counts_the_same_and_is_marked():
    table = essais.compare("tour", "6x7", methods=["prune", "frontier"], count=True, closed=True)
    assert [row.result.count for row in table.rows] == [2135276, 2135276]
    assert table.rows[1].result == essais.count_tours("6x7", closed=True, method="frontier")
    lines = str(table).splitlines()
    assert lines[1].split()[3] == "count" and lines[3].startswith("frontier †")
    assert "† a sweep over states: its nodes are the states it made" in str(table)
