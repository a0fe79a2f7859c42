"""The chromatic number by a cover of the vertices by stable sets (coloring.stable_cover, method
cover): for the graphs whose vertices split into cliques of their clique's size, a colouring
with that many colours, or the proof that there is none; each colouring checked."""

import pytest

from essais.coloring import chromatic_number, color_graph, is_coloring, named_graph
from essais.coloring.graph import edge_cliques
from essais.coloring.stable_cover import clique_split, every_edge_in_a_clique, stable_sets
from essais.core.limits import Limits, SearchControl
from essais.core.result import Status

from conftest import invoke

# (graph, χ, its clique): Vasquez 2006 for queen:10 and 12; the others as BENCHMARKS.md's proofs
COVERED = [("queen:6", 7, 6), ("queen:8", 9, 8), ("queen:9", 10, 9), ("queen:10", 11, 10), ("queen:11", 11, 11),
           ("petersen", 3, 2)]  # fmt: skip


@pytest.mark.parametrize(("name", "chromatic", "clique"), COVERED)
def test_the_cover_proves_the_chromatic_number(name, chromatic, clique):
    graph = named_graph(name)
    result = chromatic_number(graph)
    assert result.method == "cover" and result.status == Status.FOUND
    assert (result.chromatic, result.lower) == (chromatic, clique) and is_coloring(graph, result.colors, chromatic)
    assert result.proof == ("clique" if chromatic == clique else "cover")  # a cover found, or none exists
    if chromatic > clique and graph.n <= 64:  # none with the clique's colours: DSATUR agrees (it stalls beyond)
        assert color_graph(graph, clique, method="dsatur").status == Status.NONE
    assert result == chromatic_number(graph, method="cover")


@pytest.mark.parametrize("n", [6, 8, 10])
def test_the_stable_sets_of_a_queen_graph_are_the_queens_solutions(n):
    """One vertex in each row, none attacking another: the N queens' solutions (A000170)."""
    graph = named_graph(f"queen:{n}")
    cliques = every_edge_in_a_clique(graph, edge_cliques(graph))
    control = SearchControl(Limits())
    split = clique_split(graph, cliques, n, control)
    assert split is not None and len(split) == n
    assert all(len(clique) == n for clique in split) and sorted(v for c in split for v in c) == list(range(n * n))
    rows = stable_sets(graph, split, cliques, control)
    assert rows is not None and len(rows) == {6: 4, 8: 92, 10: 724}[n]
    assert all(not graph.neighbours[u] & set(map(int, row)) for row in rows for u in row)
    assert len({tuple(row) for row in rows}) == len(rows)


def test_where_the_vertices_do_not_split_the_other_proofs_run():
    for name in ("cycle:7", "mycielski:5", "complete:4"):  # (odd; no clique split; the clique met at once)
        result = chromatic_number(name)
        assert result.method in ("sat", "dsatur") and result.status == Status.FOUND
    asked = chromatic_number("cycle:7", method="cover")  # (asked, it does not apply: the proof is the default's)
    assert asked.chromatic == 3 and asked.method in ("sat", "dsatur")


def test_the_methods_asked_for_keep_their_own_proofs():
    graph = named_graph("queen:8")
    for method in ("dsatur", "sat"):
        result = chromatic_number(graph, method=method)
        assert result.method == method and result.proof == method and result.chromatic == 9


def test_the_cover_honours_the_limits():
    stopped = chromatic_number("queen:13", time_limit=2)
    assert stopped.status == Status.LIMIT and stopped.chromatic is None and stopped.lower == 13
    assert stopped.stats.seconds < 10
    refused = invoke(["color", "queen:5", "--chromatic", "--method", "magic"])
    assert refused.exit_code == 2 and "dsatur, sat or cover" in refused.stderr


@pytest.mark.slow
def test_the_chromatic_number_of_queen_12_is_12():
    """Vasquez's result, by a cover of the board by 12 disjoint solutions of the 12 queens
    (about 3 million nodes, 25 s here; SAT reached 12…13 in 120 s)."""
    graph = named_graph("queen:12")
    result = chromatic_number(graph)
    assert (result.chromatic, result.proof, result.method) == (12, "clique", "cover")
    assert is_coloring(graph, result.colors, 12)
