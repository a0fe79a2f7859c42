"""The chromatic number by a cover of the vertices by stable sets (coloring.stable_cover, method
cover): for the graphs whose vertices split into cliques of their clique's size, a colouring
with that many colours, or the proof that there is none; each colouring checked."""

import pytest

from essais.coloring import chromatic_number, color_graph, is_coloring, named_graph
from essais.coloring.graph import edge_cliques
from essais.coloring.stable_cover import (
    _StableSets,
    board_symmetries,
    clique_split,
    every_edge_in_a_clique,
    stable_sets,
    symmetric_cover,
)
from essais.core.cover.problem import CoverProblem
from essais.core.limits import Limits, SearchControl, SearchStopped
from essais.core.result import Stats, Status
from essais.cover import CoverStream

from conftest import invoke

# (graph, χ, its clique): Vasquez 2006 for queen:10 and 12, Vasquez 2004 for 13 (found by the
# half turn's covers); the others as BENCHMARKS.md's proofs
COVERED = [("queen:6", 7, 6), ("queen:8", 9, 8), ("queen:9", 10, 9), ("queen:10", 11, 10), ("queen:11", 11, 11),
           ("queen:12", 12, 12), ("queen:13", 13, 13), ("petersen", 3, 2)]  # fmt: skip


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


@pytest.mark.parametrize("name", ["queen:8", "queen:10", "queen:5x10", "queen:4x12"])
def test_the_stable_sets_come_in_the_order_dancing_links_find_them(name):
    """The bit-set search lists the stable sets as Algorithm X over the split's cliques
    (primary items) and the other cliques (secondary ones) lists its solutions: the order the
    covers' options, and so their searches, are built in."""
    graph = named_graph(name)
    cliques = every_edge_in_a_clique(graph, edge_cliques(graph))
    control = SearchControl(Limits())
    split = clique_split(graph, cliques, max(len(clique) for clique in cliques), control)
    inside = [clique for clique in cliques if clique not in split]
    part = {vertex: index for index, clique in enumerate(split) for vertex in clique}
    meets = [[f"p{part[v]}", *(f"c{k}" for k, clique in enumerate(inside) if v in clique)] for v in range(graph.n)]
    problem = CoverProblem.make([f"p{i}" for i in range(len(split))], meets, [f"c{k}" for k in range(len(inside))])
    listed = [sorted(solution) for solution in CoverStream(problem)]
    assert stable_sets(graph, split, cliques, control).tolist() == listed


def test_each_stable_sets_image_under_a_symmetry_is_found_by_its_vertices():
    """The symmetric covers' index (a sum of random weights a set, checked): each set's image
    is the set of the images of its vertices, as a plain dictionary of the sets says; and
    when two sets' keys meet, other weights are drawn."""
    graph = named_graph("queen:10")
    cliques = every_edge_in_a_clique(graph, edge_cliques(graph))
    control = SearchControl(Limits())
    members = stable_sets(graph, clique_split(graph, cliques, 10, control), cliques, control)
    index = {frozenset(row.tolist()): k for k, row in enumerate(members)}
    sets = _StableSets(members)
    for symmetry in board_symmetries(graph):
        assert sets.images(symmetry).tolist() == [index[frozenset(symmetry[row].tolist())] for row in members]
    sets.weights[:] = 1  # (every set's key the same: the check fails and other weights are drawn)
    sets.keys[:] = len(members[0])
    assert (
        sets.images(board_symmetries(graph)[0]).tolist()
        == [index[frozenset(board_symmetries(graph)[0][row].tolist())] for row in members]
        and sets.seed == 1
    )


@pytest.mark.slow
def test_queen_14_is_coloured_by_14_solutions_of_14_queens():
    """Vasquez 2006: χ = 14. A cover kept by a mirror of the board, found by the restarts."""
    graph = named_graph("queen:14")
    result = chromatic_number(graph, time_limit=300)
    assert (result.chromatic, result.lower, result.proof) == (14, 14, "clique") and result.method == "cover"
    assert is_coloring(graph, result.colors, 14)


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
    stopped = chromatic_number("queen:14", time_limit=2)
    assert stopped.status == Status.LIMIT and stopped.chromatic is None and stopped.lower == 14
    assert stopped.stats.seconds < 10
    refused = invoke(["color", "queen:5", "--chromatic", "--method", "magic"])
    assert refused.exit_code == 2 and "dsatur, sat or cover" in refused.stderr


def test_a_cover_the_half_turn_keeps():
    """queen:13's stable sets (the 73,712 solutions of 13 queens) cover the board by 13 of them
    that the half turn maps onto one another: a 13-colouring whose colour classes the half
    turn permutes. queen:10 has none (no 10-colouring exists at all)."""
    for n, expected in ((13, True), (10, False)):
        graph = named_graph(f"queen:{n}")
        cliques = every_edge_in_a_clique(graph, edge_cliques(graph))
        control = SearchControl(Limits())
        members = stable_sets(graph, clique_split(graph, cliques, n, control), cliques, control)
        half_turn = board_symmetries(graph)[0]
        assert [int(half_turn[v]) for v in (0, n + 2)] == [n * n - 1, n * n - 1 - (n + 2)]
        spent: list[Stats] = []
        colours = symmetric_cover(graph, members, [half_turn], control, spent.append, restarts_nodes=0)
        if not expected:
            assert colours is None and sum(stats.nodes for stats in spent) > 0
            continue
        assert is_coloring(graph, colours, n) and len(set(colours)) == n
        classes = {frozenset(v for v in range(graph.n) if colours[v] == c) for c in range(n)}
        assert {frozenset(int(half_turn[v]) for v in colour_class) for colour_class in classes} == classes


def kept_by(symmetry, colours):
    """Does `symmetry` map the colour classes onto colour classes?"""
    classes = {frozenset(v for v, colour in enumerate(colours) if colour == c) for c in set(colours)}
    return {frozenset(int(symmetry[v]) for v in colour_class) for colour_class in classes} == classes


def test_restarts_find_a_cover_the_first_search_did_not():
    """The first search stopped after 10 nodes, shuffled restarts over the board's involutions
    find a cover of queen:12 (a 12-colouring that one of them keeps); queen:10 has none, and
    the restarts say so once every involution's search is exhausted."""
    for n in (12, 10):
        graph = named_graph(f"queen:{n}")
        cliques = every_edge_in_a_clique(graph, edge_cliques(graph))
        control = SearchControl(Limits())
        members = stable_sets(graph, clique_split(graph, cliques, n, control), cliques, control)
        symmetries = board_symmetries(graph)
        spent = []
        colours = symmetric_cover(graph, members, symmetries, control, spent.append, first_nodes=10)
        assert sum(stats.nodes for stats in spent) > 10 and len(spent) > 1
        if n == 10:
            assert colours is None
            continue
        assert is_coloring(graph, colours, n) and len(set(colours)) == n
        assert any(kept_by(symmetry, colours) for symmetry in symmetries if (symmetry[symmetry] == range(n * n)).all())
    found = symmetric_cover(graph, members, symmetries, control, lambda stats: None, first_nodes=10, restarts_nodes=0)
    assert found is False  # (queen:10: the first search alone, its budget spent)
    spent = []
    with pytest.raises(SearchStopped):  # a limit inside a search: its counters so far are handed on
        symmetric_cover(graph, members, symmetries, SearchControl(Limits(nodes=5)), spent.append, first_nodes=10)
    assert [stats.nodes for stats in spent] == [5]


def test_the_symmetries_of_a_board_graph():
    assert len(board_symmetries(named_graph("queen:5"))) == 7  # the square's, identity aside
    assert len(board_symmetries(named_graph("queen:4x6"))) == 3  # a rectangle's
    assert board_symmetries(named_graph("petersen")) == []  # no board
