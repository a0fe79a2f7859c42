"""The numba engine of the tour searches: arrays for the kernels, slices, and back to squares.

Same methods, same answers and same counters as the textbook engine (knights.textbook).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np

from essais.core.board import Board, Move, Square, attacks
from essais.core.limits import SOLUTION, SearchControl
from essais.core.parallel import TaskResult, solve_subtree
from essais.core.sliced import SlicedSearch
from essais.knights import _kernels as kernels
from essais.knights.construction import base_tour_table, side_parts
from essais.knights.model import WalkTally

TABLE_CHUNK = 1 << 16  # squares a step of move_table (a signal or the time limit is seen between steps)


def move_table(board: Board, moves: Sequence[Move]) -> np.ndarray:
    """target[s * m + i]: the square the i-th move leads to from s, or n (the sentinel)."""
    rows, cols, n = board.rows, board.cols, board.n_squares
    dr, dc = np.array([dr for dr, _ in moves]), np.array([dc for _, dc in moves])
    target = np.empty((n, len(moves)), dtype=np.int64)
    for first in range(0, n, TABLE_CHUNK):
        squares = np.arange(first, min(first + TABLE_CHUNK, n))
        row, col = (squares // cols)[:, None] + dr[None, :], (squares % cols)[:, None] + dc[None, :]
        on_board = (row >= 0) & (row < rows) & (col >= 0) & (col < cols)
        target[squares] = np.where(on_board, row * cols + col, n)
    return target.ravel()


class CompiledTour(SlicedSearch):
    """One numba search for tours on `board` from `start` (see TextbookTour for the meaning)."""

    def __init__(
        self,
        board: Board,
        moves: Sequence[Move],
        start: Square,
        closed: bool,
        control: SearchControl,
    ) -> None:
        super().__init__(control, kernels.STATE_SIZE)
        n = board.n_squares
        self.board = board
        self.moves_count = len(moves)
        self.target = move_table(board, moves)
        # closes[s]: may a tour end on s? Always for open tours; for closed ones, if s attacks the start.
        self.closes = np.array(
            [not closed or attacks(moves, square, start) for square in board.squares()], dtype=np.uint8
        )
        self.numbers = np.zeros(n + 1, dtype=np.int64)
        self.numbers[n] = n + 1  # the sentinel: never free
        self.numbers[board.index(start)] = 1
        self.path = np.zeros(n, dtype=np.int64)
        self.path[0] = board.index(start)
        self.next_move = np.zeros(n, dtype=np.int64)
        self.state[kernels.DEPTH] = 1
        self.closed = closed
        # method prune: ports[u] = neighbours of u that are free or the head; at the start, all of them
        self.ports = np.zeros(n + 1, dtype=np.int64)
        self.ports[:n] = (self.target.reshape(n, self.moves_count) < n).sum(axis=1)
        self.state[kernels.START_FREE] = self.ports[board.index(start)]
        # method prune: free squares (all but the start) with a single way in or out
        self.state[kernels.ONE_WAY] = int(np.sum(self.ports[:n] == 1)) - int(self.ports[board.index(start)] == 1)
        self.tally = WalkTally(n)  # method random's results

    def follow(self, prefix: Sequence[Square]) -> None:
        """Start the search below `prefix` (the start, then the squares after it): the squares
        are numbered and the pruning's counts updated as the kernel would, and every move of the
        prefix's squares is marked tried, so the search ends when it backs out of the prefix."""
        n, m, state = self.board.n_squares, self.moves_count, self.state
        one_way, start_free = int(state[kernels.ONE_WAY]), int(state[kernels.START_FREE])
        for depth, square in enumerate(prefix[1:], start=1):
            head, candidate = self.path[depth - 1], self.board.index(square)
            for neighbour in self.target[head * m : (head + 1) * m]:
                self.ports[neighbour] -= 1
                if self.numbers[neighbour] == 0:
                    one_way += int(self.ports[neighbour] == 1) - int(self.ports[neighbour] == 0)
            one_way -= int(self.ports[candidate] == 1)
            start_free -= int(self.closes[candidate]) if self.closed else 0
            self.numbers[candidate] = depth + 1
            self.path[depth] = candidate
            self.next_move[depth - 1] = m
        state[kernels.ONE_WAY], state[kernels.START_FREE] = one_way, start_free
        state[kernels.DEPTH] = len(prefix)
        assert len(prefix) <= n

    @property
    def solutions(self) -> int:
        """Tours counted so far by `count`."""
        return int(self.state[kernels.SOLUTIONS])

    def current_path(self) -> list[Square]:
        """The squares numbered so far, in order."""
        return [self.board.square(int(index)) for index in self.path[: self.state[kernels.DEPTH]]]

    def _run(self, method: str, stop_at_solution: bool) -> int:
        kernel = kernels.depth_first_slice
        if method == "prune":
            kernel = kernels.pruned_closed_slice if self.closed else kernels.pruned_open_slice

        def step(node_stop: int) -> int:
            return int(
                kernel(
                    self.target,
                    self.closes,
                    self.numbers,
                    self.path,
                    self.next_move,
                    self.ports,
                    self.state,
                    stop_at_solution,
                    node_stop,
                )
            )

        return self.slices(step)

    def tours(self, method: str) -> Iterator[list[Square]]:
        """Every tour in depth-first order (basic and band are one kernel here: the sentinel
        square makes 000 §3.8's bounds checks and §6.1's band the same single comparison)."""
        while self._run(method, stop_at_solution=True) == SOLUTION:
            yield self.current_path()

    def count(self, method: str) -> int:
        """The number of tours, without stopping at each one."""
        self._run(method, stop_at_solution=False)
        return self.solutions

    def accessibility(self, lookahead: bool = False) -> list[Square]:
        """The greedy walk of 001 §4 (see TextbookTour.accessibility)."""
        n = self.board.n_squares
        accessibility = np.zeros(n + 1, dtype=np.int64)
        accessibility[:n] = self.ports[:n]  # 001 initHeuristiq: the moves from each square that stay on the board
        self.numbers[self.path[0]] = 0  # the walk numbers its squares itself, the start first
        self.state[kernels.DEPTH] = 0  # squares numbered so far; path[0] is the next one

        def step(node_stop: int) -> int:
            return int(
                kernels.accessibility_slice(
                    self.target, accessibility, self.numbers, self.path, self.state, lookahead, node_stop
                )
            )

        self.slices(step)
        return self.current_path()

    def random_walks(self, seed: int, attempts: int | None, until_found: bool) -> None:
        """001 §5's random walks (see TextbookTour.random_walks); numba's own generator, seeded
        with `seed`, draws the moves."""
        n = self.board.n_squares
        start = int(self.path[0])
        self.numbers[start] = 0  # each walk numbers its squares itself
        walk = np.zeros(n, dtype=np.int64)
        best = np.zeros(n, dtype=np.int64)
        lengths = np.zeros(n + 1, dtype=np.int64)
        attempts_stop = attempts if attempts is not None else 1 << 62
        kernels.seed_random(seed)

        def step(node_stop: int) -> int:
            return int(
                kernels.random_walks_slice(
                    self.target,
                    self.closes,
                    self.numbers,
                    walk,
                    best,
                    lengths,
                    self.state,
                    start,
                    until_found,
                    attempts_stop,
                    node_stop,
                )
            )

        def squares(indices: np.ndarray) -> list[Square]:
            return [self.board.square(int(index)) for index in indices]

        try:
            outcome = self.slices(step)
        finally:  # what the walks gave, even when a limit or Ctrl-C stopped them
            self.tally = WalkTally(
                n,
                attempts=int(self.state[kernels.ATTEMPTS]),
                full_tours=int(self.state[kernels.SOLUTIONS]),
                lengths=[int(count) for count in lengths],
                best_path=squares(best[: self.state[kernels.BEST]]),
            )
        if outcome == SOLUTION:
            self.tally.found_path = squares(walk)

    def warnsdorff(self) -> list[Square] | None:
        n, m = self.board.n_squares, self.moves_count
        free_count = np.zeros(n + 1, dtype=np.int64)
        free = self.numbers[self.target] == 0  # 000 §10: counted once the start is numbered
        free_count[:n] = free.reshape(n, m).sum(axis=1)
        best = np.zeros(n * m, dtype=np.int64)
        best_count = np.zeros(n, dtype=np.int64)

        def step(node_stop: int) -> int:
            return int(
                kernels.warnsdorff_slice(
                    self.target,
                    self.closes,
                    self.numbers,
                    free_count,
                    self.path,
                    self.next_move,
                    best,
                    best_count,
                    self.state,
                    node_stop,
                )
            )

        return self.current_path() if self.slices(step) == SOLUTION else None


def count_below(
    task: tuple[int, int, tuple[Move, ...], bool, str, tuple[Square, ...]], control: SearchControl
) -> TaskResult:
    """One sub-tree of a split count of tours (essais.core.parallel): task = (rows, cols, moves,
    closed, method, prefix); the tours that begin with the prefix, and the counters."""
    rows, cols, moves, closed, method, prefix = task
    search = CompiledTour(Board(rows, cols), moves, prefix[0], closed, control)
    search.follow(prefix)
    return solve_subtree(lambda: (search.count(method),), lambda: (search.solutions,), search.stats)


def roth_tour(rows: int, cols: int, start: Square, seed: int = -1) -> tuple[np.ndarray, int]:
    """Warnsdorff's walk from `start` (method linear's heuristic), ties by Roth's rule, or with
    a seed at random: the squares as an (R·C, 2) int32 array of (row, col), and how many of
    them it placed."""
    path = np.empty((rows * cols, 2), dtype=np.int32)
    placed = int(kernels.roth_walk(rows, cols, start[0], start[1], seed, path))
    return path, placed


def constructed_tour(rows: int, cols: int, start: Square) -> np.ndarray:
    """The construction's tour (knights.construction) as an (R·C, 2) int32 array of (row, col),
    from `start`: any square of a closed tour (both sides not odd), else a corner."""
    flat, position, first, tour_of = base_tour_table()
    successor = np.empty(rows * cols, dtype=np.int32)
    parts = (np.array(side_parts(rows), dtype=np.int64), np.array(side_parts(cols), dtype=np.int64))
    kernels.assemble_tour(cols, *parts, flat, position, first, tour_of, successor)
    path = np.empty((rows * cols, 2), dtype=np.int32)
    if rows % 2 and cols % 2:  # an open tour from (0,0), mirrored onto the corner asked for
        kernels.walk_successors(successor, 0, cols, path)
        del successor
        if start[0]:
            path[:, 0] = rows - 1 - path[:, 0]
        if start[1]:
            path[:, 1] = cols - 1 - path[:, 1]
    else:
        kernels.walk_successors(successor, start[0] * cols + start[1], cols, path)
    return path
