"""Graph colouring: reading graphs, 002 Q2's textbook colouring in both engines, the checker."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from essais.coloring import Graph, GraphError, chromatic_number, color_graph, is_coloring, load_graph, named_graph
from essais.coloring.graph import edge_cliques
from essais.core.errors import InvalidInput
from essais.core.limits import Limits
from essais.core.result import Status

from conftest import DATA, event_tally, invoke

GRAPHS = DATA / "graphs"  # copied from shared/data (see data/README.md)
# shared/data/graphs/README.md: vertices, edge lines, chromatic number
KNOWN = {
    "myciel3": (11, 20, 4),
    "myciel4": (23, 71, 5),
    "queen5_5": (25, 320, 5),
    "huck": (74, 602, 11),
    "jean": (80, 508, 10),
}


@pytest.mark.parametrize("name", sorted(KNOWN))
def test_dimacs_files_and_their_colourings(name):
    vertices, edge_lines, chromatic = KNOWN[name]
    graph = load_graph(str(GRAPHS / f"{name}.col"))
    assert graph.n == vertices and graph.edges <= edge_lines  # repeated edges count once
    found = color_graph(graph, chromatic)
    assert found.status == Status.FOUND and is_coloring(graph, found.colors, chromatic)


@pytest.mark.parametrize(("name", "k"), [("myciel3", 3), ("queen5_5", 4)])
def test_one_colour_fewer_is_proved_impossible(name, k):
    result = color_graph(load_graph(str(GRAPHS / f"{name}.col")), k)
    assert result.status == Status.NONE and result.colors is None


def test_repeated_edges_are_deduplicated():
    huck = load_graph(str(GRAPHS / "huck.col"))
    assert huck.edges == 301  # the file lists each of its 301 edges twice


def test_generators():
    assert (named_graph("petersen").n, named_graph("petersen").edges) == (10, 15)
    assert named_graph("complete:6").edges == 15 and named_graph("cycle:7").edges == 7
    assert named_graph("queen:5").edges == 160
    myciel = named_graph("mycielski:4")
    assert (myciel.n, myciel.edges) == (11, 20)
    assert color_graph(myciel, 3).status == Status.NONE and color_graph(myciel, 4).status == Status.FOUND
    assert color_graph(named_graph("cycle:5"), 2).status == Status.NONE


@st.composite
def graphs(draw):
    n = draw(st.integers(1, 12))
    pairs = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda e: e[0] != e[1])
    return Graph.from_edges([str(v + 1) for v in range(n)], draw(st.lists(pairs, max_size=30)))


def brute_force_colourable(graph, k):
    import itertools

    return any(is_coloring(graph, colors) for colors in itertools.product(range(k), repeat=graph.n))


@settings(max_examples=80, deadline=None)
@given(graphs(), st.integers(1, 4))
def test_engines_agree_and_are_right(graph, k):
    python = color_graph(graph, k, engine="python")
    numba = color_graph(graph, k, engine="numba")
    assert (python.status, python.colors, python.stats.counters()) == (
        numba.status,
        numba.colors,
        numba.stats.counters(),
    )
    if python.colors is not None:
        assert is_coloring(graph, python.colors, k)
    elif graph.n <= 8:
        assert not brute_force_colourable(graph, k)


def test_limits():
    result = color_graph(load_graph(str(GRAPHS / "myciel4.col")), 4, limits=Limits(nodes=1000))
    assert result.status == Status.LIMIT and result.stats.nodes == 1000


def test_checker():
    triangle = named_graph("complete:3")
    assert is_coloring(triangle, [0, 1, 2], 3)
    assert not is_coloring(triangle, [0, 1, 1])
    assert not is_coloring(triangle, [0, 1, 3], 3)
    assert not is_coloring(triangle, [0, 1])


def test_edge_lists(tmp_path):
    path = tmp_path / "square.txt"
    path.write_text("# a square\nnorth east\neast south\nsouth west\nwest north\n")
    graph = load_graph(str(path))
    assert graph.names == ("north", "east", "south", "west") and graph.edges == 4
    result = invoke(["color", str(path), "-k", "2", "--json"])
    document = json.loads(result.stdout)
    assert document["vertices"] == ["north", "east", "south", "west"] and document["colors"] == [0, 1, 0, 1]


BAD = [
    ("c only a comment\n", "no 'p edge"),
    ("e 1 2\np edge 2 1\n", ":1: an edge before the 'p' line"),
    ("p edge 2 1\ne 1 3\n", ":2: vertex 3 is not between 1 and 2"),
    ("p edge 2 1\nx 1 2\n", ":2: unknown line"),
    ("p edge 2 1\ne 1\n", ":2: expected 'e U V'"),
    ("p edge 2 1\ne 2 2\n", ":2: a loop"),
    ("p edge two 1\n", ":1: expected 'p edge VERTICES EDGES'"),
]


@pytest.mark.parametrize(("text", "message"), BAD)
def test_malformed_dimacs(tmp_path, text, message):
    path = tmp_path / "bad.col"
    path.write_text(text)
    with pytest.raises(GraphError, match="bad.col"):
        load_graph(str(path))
    result = invoke(["color", str(path)])
    assert result.exit_code == 2 and message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_cli():
    result = invoke(["color", str(GRAPHS / "myciel3.col"), "-k", "4", "--json"])
    document = json.loads(result.stdout)
    assert result.exit_code == 0
    assert set(document) == {"status", "found", "colors", "k", "chromatic", "method", "engine", "stats"}
    assert is_coloring(load_graph(str(GRAPHS / "myciel3.col")), document["colors"], 4)
    assert invoke(["color", str(GRAPHS / "myciel3.col")]).exit_code == 1  # 3 colours: none
    assert "colour 0:" in invoke(["color", "petersen"]).stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [(["petersen", "-k", "0"], "k: 0"), (["nosuch.col"], "no such file"), (["heptagon"], "not a file nor one of"),
     (["complete:x"], "not a file nor one of"), (["petersen", "--method", "magic"], "method")],
)  # fmt: skip
def test_cli_bad_input(args, message):
    result = invoke(["color", *args])
    assert result.exit_code == 2 and message in result.stderr


# -- dsatur and the chromatic number ---------------------------------------------------------------
CHROMATIC = {"myciel3": 4, "myciel4": 5, "myciel5": 6, "queen5_5": 5, "queen6_6": 7, "queen7_7": 7,
             "queen8_8": 9, "anna": 11, "david": 11, "huck": 11, "jean": 10, "games120": 9, "miles250": 8,
             "le450_5a": 5}  # fmt: skip


@pytest.mark.parametrize("method", ["dsatur", "sat"])
@pytest.mark.parametrize("name", sorted(CHROMATIC))
def test_chromatic_numbers_of_the_dimacs_graphs(name, method):
    graph = load_graph(str(GRAPHS / f"{name}.col"))
    result = chromatic_number(graph, method=method)
    assert result.status == Status.FOUND and result.chromatic == CHROMATIC[name] and result.method == method
    assert is_coloring(graph, result.colors, result.chromatic) and len(set(result.colors)) == result.chromatic
    assert result.lower <= result.chromatic
    assert [bound["colors"] for bound in result.bounds] == sorted({b["colors"] for b in result.bounds}, reverse=True)
    assert all(bound["by"] in ("dsatur", "tabu", method) for bound in result.bounds)
    assert result.proof == ("clique" if result.lower == result.chromatic else method)


@settings(max_examples=60, deadline=None)
@given(graphs(), st.integers(1, 4))
def test_dsatur_agrees_with_the_textbook_answer(graph, k):
    textbook = color_graph(graph, k, engine="numba")
    dsatur = color_graph(graph, k, method="dsatur")
    assert textbook.status == dsatur.status
    if dsatur.colors is not None:
        assert is_coloring(graph, dsatur.colors, k)
    chromatic = chromatic_number(graph, method="dsatur").chromatic
    assert color_graph(graph, chromatic, method="dsatur").status == Status.FOUND
    if chromatic > 1:
        assert color_graph(graph, chromatic - 1, method="dsatur").status == Status.NONE
    by_sat = chromatic_number(graph, method="sat")
    assert by_sat.chromatic == chromatic and is_coloring(graph, by_sat.colors, chromatic)


def test_chromatic_under_a_limit_reports_its_bounds():
    graph = load_graph(str(GRAPHS / "queen8_8.col"))
    result = chromatic_number(graph, limits=Limits(nodes=1000))
    assert result.status == Status.LIMIT and result.chromatic is None
    assert result.lower == 8 and result.upper == 9 and is_coloring(graph, result.colors)
    assert {bound["by"] for bound in result.bounds} == {"dsatur", "tabu"}


def test_cli_chromatic():
    result = invoke(["color", str(GRAPHS / "queen6_6.col"), "--chromatic", "--json"])
    document = json.loads(result.stdout)
    assert result.exit_code == 0 and document["chromatic"] == 7 == document["k"]
    text = invoke(["color", str(GRAPHS / "myciel3.col"), "--chromatic"]).stdout
    assert "chromatic number 4" in " ".join(text.split())  # the terminal may wrap the line anywhere
    assert invoke(["color", "petersen", "--method", "dsatur", "--engine", "python"]).exit_code == 2


def test_a_graph_name_too_long_for_a_file_is_bad_input():
    result = invoke(["color", "x" * 300])
    assert result.exit_code == 2 and "graph:" in result.stderr


def test_the_tabu_step_honours_the_time_limit():
    """queen:8 needs 9 colours, so a tabu search for 8 never succeeds: only the limit ends it."""
    from essais.coloring.compiled import tabu_search
    from essais.core.limits import SearchControl, SearchStopped

    with SearchControl(Limits(time=0.2)) as control, pytest.raises(SearchStopped):
        tabu_search(named_graph("queen:8"), 8, max_moves=10**12, control=control)


@settings(max_examples=60, deadline=None)
@given(graphs())
def test_edge_cliques_are_cliques_that_cover_every_edge_of_a_triangle(graph):
    cliques = edge_cliques(graph)
    for clique in cliques:
        assert len(clique) >= 3 and all(b in graph.neighbours[a] for a in clique for b in clique if a != b)
    for a in range(graph.n):
        for b in graph.neighbours[a]:
            if graph.neighbours[a] & graph.neighbours[b]:  # the edge lies in a triangle
                assert any(a in clique and b in clique for clique in cliques)


@pytest.mark.parametrize("side", [5, 8, 10])
def test_edge_cliques_of_a_queen_graph_hold_its_lines(side):
    cliques = {frozenset(clique) for clique in edge_cliques(named_graph(f"queen:{side}"))}
    lines = [{row * side + col for col in range(side)} for row in range(side)]
    lines += [{row * side + col for row in range(side)} for col in range(side)]
    lines += [{i * side + i for i in range(side)}, {i * side + side - 1 - i for i in range(side)}]
    assert all(frozenset(line) in cliques for line in lines)


@st.composite
def parts_of_queen_graphs(draw):
    """The queen graph of a few squares of a 5×5 to 7×7 board: many cliques (its lines) as large
    as the colours, where DSATUR branches on the places of a colour in a clique."""
    side = draw(st.integers(5, 7))
    squares = sorted(draw(st.sets(st.integers(0, side * side - 1), min_size=side + 1, max_size=3 * side)))
    queen = named_graph(f"queen:{side}")
    edges = [(i, j) for i, a in enumerate(squares) for j, b in enumerate(squares) if i < j and b in queen.neighbours[a]]
    return Graph.from_edges([queen.names[a] for a in squares], edges)


@settings(max_examples=80, deadline=None)
@given(parts_of_queen_graphs(), st.integers(3, 7))
def test_dsatur_with_clique_branching_agrees_with_the_textbook_search(graph, k):
    dsatur = color_graph(graph, k, method="dsatur")
    assert dsatur.status == color_graph(graph, k, engine="numba").status  # (an exhaustive search)
    if dsatur.colors is not None:
        assert is_coloring(graph, dsatur.colors, k)
    chromatic = chromatic_number(graph)
    assert chromatic.chromatic is not None and is_coloring(graph, chromatic.colors, chromatic.chromatic)
    assert color_graph(graph, chromatic.chromatic - 1, engine="numba").status == Status.NONE


PROVED = [("queen:9", 10, 9), ("mycielski:6", 6, 2), ("queen:8x12", 12, 12)]  # (graph, χ, its clique)


@pytest.mark.parametrize(("name", "chromatic", "lower"), PROVED)
def test_sat_proves_the_chromatic_number(name, chromatic, lower):
    graph = named_graph(name)
    result = chromatic_number(graph, method="sat")
    assert (result.chromatic, result.lower) == (chromatic, lower) and is_coloring(graph, result.colors, chromatic)
    assert result.proof == ("clique" if lower == chromatic else "sat")
    assert result.stats.nodes > 0 or lower == chromatic  # the solver's decisions, counted
    assert "proof" in result.to_dict()


@pytest.mark.slow
@pytest.mark.parametrize(("name", "chromatic"), [("queen:10", 11), ("queen:11", 11), ("mycielski:7", 7)])
def test_sat_proves_what_dsatur_cannot(name, chromatic):
    """DSATUR's search stalls on these (BENCHMARKS.md): SAT proves each within a minute here."""
    graph = named_graph(name)
    result = chromatic_number(graph, method="sat", time_limit=300)
    assert result.chromatic == chromatic and is_coloring(graph, result.colors, chromatic)


@pytest.mark.parametrize(("rows", "cols"), [(1, 5), (2, 3), (3, 4), (4, 6), (5, 7)])
def test_rectangular_queen_graphs(rows, cols):
    graph = named_graph(f"queen:{rows}x{cols}")
    assert graph.n == rows * cols and graph.board == (rows, cols)
    square = named_graph(f"queen:{max(rows, cols)}")  # the board is a corner of the square one
    for v in range(graph.n):
        r, c = divmod(v, cols)
        inside = {square.names.index(graph.names[w]) for w in graph.neighbours[v]}
        assert inside == {w for w in square.neighbours[r * square.board[1] + c] if divmod(w, square.board[1])[0] < rows
                          and divmod(w, square.board[1])[1] < cols}  # fmt: skip
    by_sat, by_dsatur = chromatic_number(graph, method="sat"), chromatic_number(graph, method="dsatur")
    assert by_sat.chromatic == by_dsatur.chromatic >= max(rows, cols) if rows > 1 else by_sat.chromatic == cols


def test_chromatic_methods_and_their_limits_are_checked():
    assert invoke(["color", "queen:5", "--chromatic", "--method", "textbook"]).exit_code == 2
    refused = invoke(["color", "queen:5", "--chromatic", "--method", "sat", "--node-limit", "10"])
    assert refused.exit_code == 2 and "time limit" in refused.stderr
    assert chromatic_number("queen:5", node_limit=10**6).method == "dsatur"  # the search that counts nodes
    stopped = chromatic_number("queen:11", method="sat", time_limit=1)
    assert stopped.status == Status.LIMIT and stopped.chromatic is None and stopped.upper is not None
    for bad in ("queen:0x3", "queen:3x", "queen:axb", "queen:3x4x5"):
        assert invoke(["color", bad]).exit_code == 2


def test_sat_raises_the_lower_bound_from_below_while_the_gap_is_wide():
    """Mycielski's graphs have no triangle (a clique of 2) and χ = k: the SAT solver is asked
    for the fewest colours not yet proved too few while the best colouring is two or more
    above them, each "no" a proved lower bound that a stopped run reports (at_least)."""
    proved = chromatic_number("mycielski:6", method="sat")
    assert (proved.chromatic, proved.lower, proved.at_least, proved.proof) == (6, 2, 6, "sat")
    assert is_coloring(proved.graph, proved.colors, 6)
    stopped = chromatic_number("mycielski:7", method="sat", time_limit=2)
    assert stopped.status == Status.LIMIT and stopped.lower == 2 and 3 <= stopped.at_least <= 7 == stopped.upper
    assert (
        stopped.to_dict()["at_least"] == stopped.at_least and f"between {stopped.at_least} and 7" in stopped.headline()
    )


def test_the_chromatic_number_of_queen_9_is_proved():
    """The clique and |V|/α bounds are both 9: the proof of 10 is the search's (a few seconds)."""
    graph = named_graph("queen:9")
    result = chromatic_number(graph)
    assert result.status == Status.FOUND and result.chromatic == 10 and result.lower == 9
    assert is_coloring(graph, result.colors, 10)
    assert color_graph(graph, 9, method="dsatur").status == Status.NONE


@pytest.mark.parametrize(("graph", "k"), [("petersen", 3), ("queen:5", 5), ("myciel3.col", 3), ("cycle:7", 2)])
def test_a_watched_colouring_has_the_answer_and_counters_of_both_engines(graph, k):
    """Recording only observes: the watched search (python engine) ends as the numba one does."""
    from essais.coloring import watch_coloring

    spec = str(DATA / "graphs" / graph) if graph.endswith(".col") else graph
    replay = watch_coloring(spec, k)
    assert replay.result == color_graph(spec, k, engine="numba") and replay.log.complete
    if replay.found:
        assert is_coloring(load_graph(spec), replay.result.colors, k)
    given, erased, refused = event_tally(replay.log)  # every colour given is taken back, but the last n
    assert given - erased == (replay.result.graph.n if replay.found else 0)
    assert given == replay.stats.nodes - 1 and refused == replay.stats.tries - given
    short = watch_coloring(spec, k, max_events=3)
    assert len(short.log) == 3 and not short.log.complete and short.result == replay.result


def test_a_colouring_is_watched_on_the_queens_board_or_in_a_grid(tmp_path):
    from essais import watch

    on_board, in_grid = watch("color", "queen:4", 5), watch("color", "petersen", 3)
    assert (on_board.rows, on_board.cols, on_board.cells) == (4, 4, None)
    assert (in_grid.rows, in_grid.cols, in_grid.cells) == (3, 4, 10)
    assert '"palette":{"1":' in in_grid.to_html() and in_grid.tree_svg().startswith("<svg")
    with pytest.raises(InvalidInput, match="numba engine only"):
        watch("color", "petersen", 3, method="dsatur")


def test_the_command_line_writes_the_colouring_page(tmp_path):
    page = tmp_path / "colour.html"
    result = invoke(["color", "petersen", "--animate", str(page), "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["animate"] == str(page) and page.exists()
    refused = invoke(["color", "petersen", "--chromatic", "--animate", str(page)])
    assert refused.exit_code == 2 and "--animate" in refused.stderr
