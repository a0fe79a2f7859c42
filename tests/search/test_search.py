"""The general engine (essais.core.search) on problems written here, as a user would."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from essais.core.limits import Limits
from essais.core.result import Status
from essais.core.search import (
    AllSolutions,
    BreadthFirst,
    SearchProblem,
    best_first,
    bidirectional,
    breadth_first,
    depth_first,
)


class Queens(SearchProblem[tuple, int]):
    """002 Q3 as a state space: a state is the columns of the queens in the first rows."""

    def __init__(self, n):
        self.n = n

    def initial(self):
        return ()

    def successors(self, columns):
        row = len(columns)
        for col in range(self.n):
            if all(c != col and abs(c - col) != row - r for r, c in enumerate(columns)):
                yield col, (*columns, col)

    def is_goal(self, columns):
        return len(columns) == self.n


class Graph(SearchProblem[int, tuple]):
    """Walk along the edges of a graph from node 0 to a goal node; a move is (from, to)."""

    def __init__(self, edges, goal, directed=False):
        self.next = {}
        for a, b in edges:
            self.next.setdefault(a, []).append(b)
            if not directed:
                self.next.setdefault(b, []).append(a)
        self.goal = goal

    def initial(self):
        return 0

    def successors(self, node):
        return [((node, other), other) for other in sorted(set(self.next.get(node, [])))]

    def is_goal(self, node):
        return node == self.goal


class KnightSwap(SearchProblem[tuple, tuple]):
    """004's puzzle: four distinguishable knights, a state is their squares in 004's order."""

    MOVES = [(1, 6), (1, 8), (2, 7), (2, 9), (3, 8), (4, 5), (4, 9), (5, 4), (6, 1), (6, 0), (7, 2), (7, 8),
             (8, 1), (8, 3), (8, 7), (9, 2), (9, 4), (0, 6)]  # fmt: skip

    def __init__(self, goals):
        self.goals = set(goals)

    def initial(self):
        return (1, 3, 6, 0)

    def successors(self, state):
        for origin, target in self.MOVES:
            if origin in state and target not in state:
                yield (origin, target), tuple(target if square == origin else square for square in state)

    def is_goal(self, state):
        return state in self.goals


DERANGEMENTS_004 = [(0, 1, 3, 6), (0, 6, 1, 3), (0, 6, 3, 1), (3, 0, 1, 6), (3, 1, 0, 6), (3, 6, 0, 1),
                    (6, 0, 1, 3), (6, 0, 3, 1), (6, 1, 0, 3)]  # fmt: skip
SWAPS_004 = [(0, 6, 1, 3), (0, 6, 3, 1), (6, 0, 1, 3), (6, 0, 3, 1)]


def replay(problem, solution):
    """Check a solution move by move from the initial state."""
    state = problem.initial()
    assert solution.states[0] == state
    for action, following in zip(solution.actions, solution.states[1:], strict=True):
        assert (action, following) in list(problem.successors(state))
        state = following
    assert problem.is_goal(state)


@pytest.mark.parametrize(("n", "count"), [(1, 1), (4, 2), (6, 4), (8, 92)])
@pytest.mark.parametrize("recursive", [True, False])
def test_every_queens_solution(n, count, recursive):
    stream = AllSolutions(Queens(n), recursive=recursive)
    solutions = list(stream)
    assert len(solutions) == count and stream.result.status == Status.COMPLETE
    for solution in solutions:
        replay(Queens(n), solution)


def test_recursive_and_stack_forms_agree_on_counters():
    first = AllSolutions(Queens(7))
    second = AllSolutions(Queens(7), recursive=False)
    assert [s.states for s in first] == [s.states for s in second]
    assert first.result.stats.counters() == second.result.stats.counters()
    assert first.result.stats.depths == second.result.stats.depths
    assert sum(first.result.stats.depths) == first.result.stats.nodes


def test_solutions_are_lazy():
    stream = AllSolutions(Queens(10))
    first_two = list(itertools.islice(stream, 2))
    assert len(first_two) == 2
    assert stream.result.status == Status.FOUND and stream.result.stats.nodes < 1000


def test_first_solution_and_none():
    result = depth_first(Queens(8))
    assert result.status == Status.FOUND and result.solution.states[-1] == (0, 4, 7, 5, 2, 6, 1, 3)
    assert depth_first(Queens(3)).status == Status.NONE
    assert depth_first(Queens(3), recursive=False).status == Status.NONE


def test_limits_stop_a_search():
    result = depth_first(Queens(30), limits=Limits(nodes=500))
    assert result.status == Status.LIMIT and result.stats.nodes == 500
    result = depth_first(Graph([(0, 1), (1, 2)], goal=2), max_depth=1)
    assert result.status == Status.NONE
    assert breadth_first(Graph([(0, 1), (1, 2)], goal=2), max_depth=1).status == Status.NONE
    assert breadth_first(Graph([(0, 1), (1, 2)], goal=2), max_depth=2).solution.length == 2
    layers = list(BreadthFirst(KnightSwap(DERANGEMENTS_004), max_depth=4))
    assert [len(layer.new) for layer in layers] == [1, 2, 3, 6, 11]


edges = st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9)).filter(lambda e: e[0] != e[1]), max_size=25)


@settings(max_examples=80, deadline=None)
@given(edges, st.integers(0, 9))
def test_strategies_agree_on_random_graphs(edge_list, goal):
    problem = Graph(edge_list, goal)
    shortest = breadth_first(problem)
    both_ways = bidirectional(problem, [goal])
    best = best_first(problem)
    deep = depth_first(problem)
    stack = depth_first(problem, recursive=False)
    found = {r.status for r in (shortest, both_ways, best, deep, stack)}
    assert len(found) == 1
    if shortest.status == Status.FOUND:
        assert shortest.solution.length == both_ways.solution.length
        assert deep.solution.states == stack.solution.states
        assert deep.stats.counters() == stack.stats.counters()
        for result in (shortest, both_ways, best, deep):
            replay(problem, result.solution)


def test_004_layers():
    search = BreadthFirst(KnightSwap(DERANGEMENTS_004))
    layers = list(search)
    table = {layer.depth: (layer.seen_before, len(layer.new), sorted(layer.goals)) for layer in layers}
    # 004 IX and XI: (n, reached in fewer moves, new, finals reached)
    assert [table[n][:2] for n in (1, 2, 3, 4)] == [(1, 2), (3, 3), (6, 6), (12, 11)]
    assert table[25] == (2035, 191, [])
    assert table[26] == (2226, 171, [(3, 0, 1, 6), (6, 1, 0, 3)])
    assert table[28] == (2542, 128, [(0, 1, 3, 6), (3, 1, 0, 6), (3, 6, 0, 1)])
    assert table[40] == (4347, 173, [(0, 6, 1, 3), (6, 0, 1, 3), (6, 0, 3, 1)])
    assert table[42] == (4672, 120, [(0, 6, 3, 1)])
    assert table[49] == (5037, 3, [])
    assert max(table) == 49 and sorted(layers[-1].new) == [(2, 4, 9, 5), (2, 9, 4, 5), (9, 2, 4, 5)]
    assert len(search.parent) == 5040
    solution = search.solution((3, 0, 1, 6))
    assert solution.length == 26
    replay(KnightSwap(DERANGEMENTS_004), solution)


@pytest.mark.parametrize(("goals", "length"), [(DERANGEMENTS_004, 26), (SWAPS_004, 40)])
def test_004_shortest_sequences_three_ways(goals, length):
    problem = KnightSwap(goals)
    results = [breadth_first(problem), bidirectional(problem, goals)]
    assert [r.solution.length for r in results] == [length, length]
    for result in results:
        replay(problem, result.solution)
    assert results[1].stats.nodes < results[0].stats.nodes  # meeting in the middle expands fewer states
