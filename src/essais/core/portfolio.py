"""Two searches of one model side by side in one process (a sequential portfolio): the first
alone for its first ALONE_NODES nodes, then each a turn of SHARE_NODES nodes in turn, so that
past the first's lead neither has more than one turn's nodes more than the other; a better
solution either finds bounds both from then on, and the first to end its tree ends the pair:
its last solution is then the answer (the best, proved: no better solution is left under the
bound the two shared).

A search the pair runs resumes where it paused (`advance`), so no node is searched twice: the
pair costs at most the lead and one turn more than twice the nodes of the one of the two that
ends first, where a restart policy that alternated the two would search its trees again from
the root."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Protocol

from essais.core.errors import InvalidInput
from essais.core.limits import BUDGET_SPENT, EXHAUSTED, SOLUTION, SearchControl, SearchStopped
from essais.core.result import Stats, Status
from essais.core.tree import tree_being_recorded

# The first search's lead: a search that ends within it costs what it costs alone. On the shared
# MiniZinc instances the annotations' search proves rel2onto, sugiyama, depot-placement, solbat,
# city-position, road-cons, rcpsp-max and mspsp in 11,000 to 92,000 nodes, where a pair from the
# first node took up to twice their time; lc, beside it, proves jobshop2, bacp and rcpsp-wet in
# 4,518, 25,734 and 72,329 nodes of its own (the annotations' search alone: not in 20 s).
ALONE_NODES = 100_000
SHARE_NODES = 10_000  # the nodes of one turn (the second search is built when the first needs more)


class Resumable(Protocol):
    """A search that runs to a node count and pauses there, resumed by its next call."""

    @property
    def best(self) -> int | None:
        """The signed objective of its best solution (None: none yet, or no objective)."""
        ...

    def advance(self, until: int) -> int:
        """Search on until `until` nodes in all: SOLUTION (`last_solution()`), BUDGET_SPENT
        (paused before the next node), EXHAUSTED (its tree is done)."""
        ...

    def last_solution(self) -> list[int]: ...

    def nodes(self) -> int: ...

    def stats(self) -> Stats: ...

    def bound_by(self, most: int, tighten: bool = True) -> None: ...


class Portfolio:
    """`first` and, built once the first has spent its lead, `second()` searched in turns (see
    the module): `solutions()` gives the first solution either finds (`optimising` False), or each
    better one (`optimising`: the objective's bound shared); `second_nodes` names the second's
    nodes in the counters."""

    def __init__(self, first: Resumable, second: Callable[[], Resumable], control: SearchControl,
                 optimising: bool, second_nodes: str) -> None:  # fmt: skip
        if tree_being_recorded() is not None:  # (both searches' python counters would draw into it)
            raise InvalidInput("tree: a search tree is one search's, and a portfolio runs two side by side; draw "
                               "each alone (with lc and without)")  # fmt: skip
        self.searches = [first]
        self.build_second, self.control = second, control
        self.optimising, self.second_nodes = optimising, second_nodes
        self.best: int | None = None

    def nodes(self) -> int:
        return sum(search.nodes() for search in self.searches)

    def stats(self) -> Stats:
        stats = Stats()
        for search in self.searches:
            stats += search.stats()
        stats.own[self.second_nodes] = self.searches[1].nodes() if len(self.searches) > 1 else 0
        stats.seconds = self.control.elapsed()
        return stats

    def solutions(self) -> Iterator[list[int]]:
        """The first solution, or each better one, whichever search finds it; the end once one
        search has ended its tree."""
        turn = 0
        while True:
            search = self._search(turn)
            until = self._turn_end(search)
            while (outcome := search.advance(until)) == SOLUTION:
                if self._stale(search):
                    continue
                yield search.last_solution()
                if not self.optimising:
                    return
                self._share(search)
            if outcome == EXHAUSTED:
                return
            assert outcome == BUDGET_SPENT
            turn = 1 - turn

    def _search(self, turn: int) -> Resumable:
        """The search whose turn it is (the second built at its first turn, under the best bound)."""
        if turn == len(self.searches):
            second = self.build_second()
            if self.best is not None:
                second.bound_by(self.best - 1)
            self.searches.append(second)
        return self.searches[turn]

    def _turn_end(self, search: Resumable) -> int:
        """The node count at which this turn of `search` ends: ALONE_NODES for the first's first,
        else SHARE_NODES on; never past the node limit."""
        until = search.nodes() + SHARE_NODES if len(self.searches) > 1 else ALONE_NODES
        most = self.control.limits.nodes
        if most is not None:
            left = most - self.nodes()
            if left <= 0:
                raise SearchStopped(Status.LIMIT)
            until = min(until, search.nodes() + left)
        return until

    def _stale(self, search: Resumable) -> bool:
        """The solution `search` just found is no better than the best: its domains were
        propagated before the other's better solution bounded it (the node it paused at, or tries
        that revise nothing: a value given to a variable left only that one). It is passed over,
        and the search bounded below the best again (its own solution moved its bound up to it)."""
        if not self.optimising or self.best is None or search.best is None or search.best < self.best:
            return False
        search.bound_by(self.best - 1)
        return True

    def _share(self, found: Resumable) -> None:
        """`found` has a better solution: the other search is bounded below it from now on."""
        self.best = found.best
        assert self.best is not None
        for other in self.searches:
            if other is not found:
                other.bound_by(self.best - 1)
