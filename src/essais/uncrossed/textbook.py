"""The plain-Python branch and bound of the longest uncrossed path (the numba engine,
uncrossed.compiled, repeats it step for step, with the same counters)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from essais.core.engine import PythonCounters, recursion_room
from essais.core.limits import SearchControl
from essais.core.result import Stats
from essais.uncrossed.model import KnightGraph, Start


class TextbookUncrossed:
    """The plain-Python branch and bound (the numba engine repeats it step for step)."""

    def __init__(self, graph: KnightGraph, closed: bool, control: SearchControl, beat: int = 0) -> None:
        """`beat`: the jumps of a path the search holds from its start (it records only longer ones)."""
        self.graph, self.closed, self.control = graph, closed, control
        n = graph.board.n_squares
        self.visited = [False] * n
        self.blocked = [0] * len(graph.edges)  # path moves crossing each edge
        self.path: list[int] = []
        self.best: list[int] = []
        self.best_jumps = beat
        self.counters = PythonCounters(control)
        # watching the search (essais.core.recording.EventLog): `record` told (square, k) when the
        # path's k-th square is placed, (square, 0) when it is taken back and (square, -k) when
        # the move there is refused; `record_best` each better path; None: nothing is told
        self.record: Callable[[int, int], None] | None = None
        self.record_best: Callable[[list[int]], None] | None = None

    def stats(self) -> Stats:
        return self.counters.stats()

    def run(self, plan: Sequence[Start]) -> None:
        with recursion_room(self.graph.board.n_squares):
            for start in plan:
                self.start, self.first, self.ends = start.square, start.first, start.ends
                self.visited[self.start] = True
                self.path = [self.start]
                self._tell(self.start, 1)
                self._extend(self.start, 0)
                self._tell(self.start, 0)
                self.visited[self.start] = False

    def _tell(self, square: int, value: int) -> None:
        if self.record is not None:
            self.record(square, value)

    def _better(self, jumps: int) -> None:
        """The path held is the best so far, of `jumps` jumps."""
        self.best_jumps, self.best = jumps, list(self.path)
        self.counters.solution_found()  # (a search tree being recorded marks each better path)
        if self.record_best is not None:
            self.record_best(self.best)

    def _usable(self, target: int, edge: int) -> bool:
        if self.visited[target] or self.blocked[edge]:
            return False
        return not self.closed or target > self.start  # a closed path is searched from its smallest square

    def _extend(self, head: int, jumps: int) -> None:
        counters = self.counters
        counters.enter_node_at(jumps)
        self._record(head, jumps)
        if jumps + self._bound(head) <= self.best_jumps:
            counters.leave_node()
            return  # even the optimistic count cannot beat the best path
        for target, edge in self.graph.neighbours[head]:
            counters.tries += 1
            if not self._usable(target, edge) or (jumps == 0 and not self.first[target]):
                self._tell(target, -(len(self.path) + 1))
                continue
            self.visited[target] = True
            for other in self.graph.crossing[edge]:
                self.blocked[other] += 1
            self.path.append(target)
            self._tell(target, len(self.path))
            self._extend(target, jumps + 1)
            self.path.pop()
            self._tell(target, 0)
            for other in self.graph.crossing[edge]:
                self.blocked[other] -= 1
            self.visited[target] = False
            counters.backtracks += 1
        counters.leave_node()

    def _record(self, head: int, jumps: int) -> None:
        """Keep the path if it beats the best (a closed one must step back to its start)."""
        if not self.closed:
            if jumps > self.best_jumps and self.ends[head]:
                self._better(jumps)
            return
        if jumps + 1 <= self.best_jumps or jumps < 2:
            return
        for target, edge in self.graph.neighbours[head]:
            if target == self.start and not self.blocked[edge]:
                self._better(jumps + 1)

    def _bound(self, head: int) -> int:
        """At most how many more moves (a closed path: and the move back) the path can make.

        The squares still reachable from the head through usable moves, counted three ways:
        all of them; alternating colours (the next square has the other colour, then they
        alternate); and squares with a single usable move ("dead ends"), which can only end
        the path, so at most one of them counts, and none that may not end it. A path that can
        reach no square it may end on, and may not end where it stands, is cut."""
        graph, colour = self.graph, self.graph.color
        reached = {head}
        frontier = [head]
        while frontier:
            square = frontier.pop()
            for target, edge in graph.neighbours[square]:
                if target not in reached and self._usable(target, edge):
                    reached.add(target)
                    frontier.append(target)
        reached.discard(head)
        if self.closed:
            return len(reached) + 1

        def ways(square: int) -> int:
            return sum(
                1
                for target, edge in graph.neighbours[square]
                if not self.blocked[edge] and (target in reached or target == head)
            )

        dead_ends = {square for square in reached if ways(square) <= 1}
        reached -= {square for square in dead_ends if not self.ends[square]}
        if not any(self.ends[square] for square in reached):
            return 0 if self.ends[head] else -graph.board.n_squares
        ends = sum(1 for square in dead_ends if self.ends[square])
        other = sum(1 for square in reached if colour[square] != colour[head])
        same = len(reached) - other
        return min(len(reached) - max(0, ends - 1), 2 * other, 2 * same + 1)
