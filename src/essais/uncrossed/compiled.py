"""The numba engine of the longest-uncrossed-path search (same search, same counters as
uncrossed.textbook.TextbookUncrossed)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from essais.core.board import make_moves
from essais.core.limits import SearchControl
from essais.core.signals import holding
from essais.core.sliced import DEPTH, ENTERING, SlicedSearch
from essais.uncrossed import _kernels as kernel
from essais.uncrossed.model import KnightGraph, Start

# an estimate's probes from one start: how many, the mean of their estimates, the sum of the
# squared deviations from it
Moments = tuple[int, float, float]


class CompiledUncrossed(SlicedSearch):
    """The numba engine: the graph as flat arrays, the search state in arrays, slices."""

    def __init__(self, graph: KnightGraph, closed: bool, control: SearchControl, beat: int = 0) -> None:
        """`beat`: the jumps of a path the search holds from its start (it records only longer ones)."""
        n, slots = graph.board.n_squares, kernel.SLOTS
        super().__init__(control, kernel.STATE_SIZE)
        self.state[kernel.BEST_JUMPS] = beat
        self.graph, self.closed = graph, closed
        neighbour = np.full(n * slots, -1, dtype=np.int64)
        edge = np.full(n * slots, -1, dtype=np.int64)
        for square, row in enumerate(graph.neighbours):
            for slot, (target, move) in enumerate(row):
                neighbour[square * slots + slot] = target
                edge[square * slots + slot] = move
        crossing_start = np.zeros(len(graph.edges) + 1, dtype=np.int64)
        crossing_start[1:] = np.cumsum([len(others) for others in graph.crossing])
        # (unsigned where they index an array: numba then checks no negative index at each move)
        crossing = np.array([f for others in graph.crossing for f in others], dtype=np.uint32)
        colour = np.array(graph.color, dtype=np.int64)
        edge_ends = np.array([square for ends in graph.edges for square in ends], dtype=np.uint32)
        self.arrays = (neighbour, edge, crossing_start, crossing, colour, edge_ends)
        # visited, blocked, path, path_edge, next_slot, best, mark, stack
        self.work = tuple(np.zeros(size, dtype=np.int64) for size in (n, len(graph.edges), n, n, n, n, n, n))
        self.visited, self.path, self.best_path = self.work[0], self.work[2], self.work[5]
        short_steps = self._direction_sets(graph)
        self.use_bits = n <= 64  # one word: kernel.bits_slice
        self.use_pair = 64 < n <= 128 and short_steps  # two words: kernel.pair_slice
        self.use_words = 64 < n <= 256 and not self.use_pair  # square by square: kernel.words_slice
        self._square_sets(graph)

    def _direction_sets(self, graph: KnightGraph) -> bool:
        """The bit sets by direction of kernel._bound_bits (at most 64 squares) and _bound_pair
        (65 to 128 in two words): open_toward[depth, d] has the squares whose move in direction
        d is uncrossed, a shift of their bit; crossing_toward[e, d] the squares whose move in
        direction d crosses edge e. Whether every move is a step of less than 64 (two words
        need it). (Small stand-ins on larger boards.)"""
        n, slots = graph.board.n_squares, kernel.SLOTS
        count, on = (1 if n <= 64 else 2), n <= 128
        self.step = np.ones(slots // 2, dtype=np.uint64)
        self.slot_direction = np.zeros(n * slots if on else 1, dtype=np.int64)
        self.open_toward: np.ndarray = np.zeros((n + 1 if on else 1, slots, count), dtype=np.uint64)
        self.crossing_toward: np.ndarray = np.zeros((len(graph.edges) if on else 1, slots, count), dtype=np.uint64)
        short = on and self._directions(graph)
        if count == 1:
            self.open_toward = self.open_toward.reshape(n + 1, slots)
            self.crossing_toward = self.crossing_toward.reshape(len(graph.edges), slots)
        return short

    def _square_sets(self, graph: KnightGraph) -> None:
        """The bit sets of kernel._bound_words (65 to 256 squares, square by square): each
        square's uncrossed moves, the edges each edge crosses, the edges blocked now and those
        each move blocked (small stand-ins for the kernels that take none)."""
        n, edges = graph.board.n_squares, len(graph.edges)
        count = -(-n // 64) if self.use_words or self.use_pair else 1
        edge_words = -(-edges // 64) if self.use_words else 1
        self.open_words = np.zeros((n if self.use_words else 1, count), dtype=np.uint64)
        self.crossing_bits = np.zeros((edges if self.use_words else 1, edge_words), dtype=np.uint64)
        if self.use_words:
            for a, b in graph.edges:
                self.open_words[a, b // 64] |= np.uint64(1 << b % 64)
                self.open_words[b, a // 64] |= np.uint64(1 << a % 64)
            for e, others in enumerate(graph.crossing):
                for f in others:
                    self.crossing_bits[e, f // 64] |= np.uint64(1 << f % 64)
        self.blocked_bits = np.zeros(edge_words, dtype=np.uint64)
        self.newly_blocked = np.zeros((n if self.use_words else 1, edge_words), dtype=np.uint64)
        self.colour_bits = np.uint64(sum(1 << s for s in range(n) if graph.color[s]) if self.use_bits else 0)
        self.colour_words = self._words(s for s in range(n) if graph.color[s])
        self.scratch = np.zeros((4, count), dtype=np.uint64)

    def _directions(self, graph: KnightGraph) -> bool:
        """open_toward with every move open (at every depth), each direction pair's step, each
        slot's direction, crossing_toward; whether every move is a step of less than 64. The
        kernel's directions: j < 4 a knight's move whose square number grows by step[j], j + 4
        its opposite (see kernel._bound_bits)."""
        board, slots = graph.board, kernel.SLOTS
        directions = {}
        for j, (dr, dc) in enumerate(move for move in make_moves() if move[0] > 0):  # one of each opposite pair
            step = dr * board.cols + dc
            up, down = ((dr, dc), (-dr, -dc)) if step > 0 else ((-dr, -dc), (dr, dc))
            directions[up], directions[down] = j, j + slots // 2
            if 0 < abs(step) < 64:  # (the others: steps no square of the board takes, or too long for the kernels)
                self.step[j] = abs(step)

        def direction(a: int, b: int) -> int:
            (ra, ca), (rb, cb) = board.square(a), board.square(b)
            return directions[(rb - ra, cb - ca)]

        def add(sets: np.ndarray, square: int) -> None:
            sets[..., square // 64] |= np.uint64(1 << square % 64)

        for square, row in enumerate(graph.neighbours):
            for slot, (target, _) in enumerate(row):
                d = direction(square, target)
                self.slot_direction[square * slots + slot] = d
                add(self.open_toward[:, d], square)
        for e, others in enumerate(graph.crossing):
            for a, b in (graph.edges[f] for f in others):
                add(self.crossing_toward[e, direction(a, b)], a)
                add(self.crossing_toward[e, direction(b, a)], b)
        return all(abs(b - a) < 64 for a, b in graph.edges)

    def _words(self, squares: Iterable[int]) -> np.ndarray:
        """A set of squares in the words of kernel._bound_words or _bound_pair."""
        words = np.zeros(self.open_words.shape[1], dtype=np.uint64)
        for square in squares if self.use_words or self.use_pair else ():
            words[square // 64] |= np.uint64(1 << square % 64)
        return words

    def _share_best(self) -> None:
        """Method parallel (control.shared_best: jumps, squares, the squares): prune with the
        longest path any sub-tree has found so far, and publish this one's when it is longer."""
        shared = self.control.shared_best
        if shared is None:
            return
        with holding(shared):  # (shared's own reads and writes take its lock again: it is re-entrant)
            if self.state[kernel.BEST_JUMPS] > shared[0]:
                best = self.best
                shared[: 2 + len(best)] = [int(self.state[kernel.BEST_JUMPS]), len(best), *best]
            else:
                self.state[kernel.BEST_JUMPS] = shared[0]

    @property
    def best(self) -> list[int]:
        return [int(square) for square in self.best_path[: self.state[kernel.BEST_LENGTH]]]

    def run(self, plan: Sequence[Start]) -> None:
        n = self.graph.board.n_squares

        def bit_set(squares: Iterable[int]) -> np.uint64:
            return np.uint64(sum(1 << s for s in squares) if self.use_bits else 0)

        for start in plan:
            first = np.array(start.first, dtype=np.int64)
            ends = np.array(start.ends, dtype=np.int64)
            # a closed path is searched from its smallest square: only larger squares may follow
            allowed = range(start.square + 1, n) if self.closed else range(n)
            may_end = [s for s in range(n) if start.ends[s]]
            bits = (self.open_toward, bit_set(allowed), self.colour_bits, bit_set(may_end), self.crossing_bits,
                    self.blocked_bits, self.newly_blocked, self.step, self.slot_direction,
                    self.crossing_toward)  # fmt: skip
            words = (self.open_words, self._words(allowed), self.colour_words, self._words(may_end), self.scratch,
                     self._words(()))  # fmt: skip
            pair = (self.open_toward, self._words(allowed), self.colour_words, self._words(may_end), self.step,
                    self._words(()), self.slot_direction, self.crossing_toward)  # fmt: skip
            self.visited[start.square] = 1
            self.path[0] = start.square
            self.state[DEPTH] = 1
            self.state[ENTERING] = 1

            def step(
                node_stop: int,
                square: int = start.square,
                first: np.ndarray = first,
                ends: np.ndarray = ends,
                bits: tuple = bits,
                words: tuple = words,
                pair: tuple = pair,
            ) -> int:
                arguments = (self.arrays, self.work, self.state, square, first, ends, self.closed, bits)
                self._share_best()
                if self.use_words:
                    outcome = int(kernel.words_slice(*arguments, words, node_stop))
                elif self.use_pair:
                    outcome = int(kernel.pair_slice(*arguments, pair, node_stop))
                else:
                    search = kernel.bits_slice if self.use_bits else kernel.uncrossed_slice
                    outcome = int(search(*arguments, node_stop))
                self._share_best()
                return outcome

            self.slices(step)
            self.visited[start.square] = 0

    def probe(self, plan: Sequence[Start], beat: int, probes_per_start: int, seed: int) -> list[Moments]:
        """Knuth's probes (kernel.probe_slice) of the tree searched from each start of the plan
        holding a path of `beat` jumps from the first node: for each start, the moments of its
        probes' estimates (how many, their mean, the sum of their squared deviations), made in
        rounds over the starts that double the probes of each (2, 4, 8…), so that a limit or
        Ctrl-C (SearchStopped) soon leaves in `self.moments` some probes of every start."""
        starts = [(np.array(start.first, dtype=np.int64), np.array(start.ends, dtype=np.int64)) for start in plan]
        sums = [np.zeros(2) for _ in plan]
        self.moments: list[Moments] = [(0, 0.0, 0.0) for _ in plan]
        self.state[kernel.RANDOM] = seed
        while self.moments[-1][0] < probes_per_start:
            for index, start in enumerate(plan):
                first, ends = starts[index]
                made = self.moments[index][0]
                self.state[kernel.PROBES] = made
                goal = min(max(2, 2 * made), probes_per_start)

                def step(
                    node_stop: int,
                    square: int = start.square,
                    first: np.ndarray = first,
                    ends: np.ndarray = ends,
                    goal: int = goal,
                    moments: np.ndarray = sums[index],
                ) -> int:
                    arguments = (self.arrays, self.work, self.state, square, first, ends, self.closed, beat)
                    return int(kernel.probe_slice(*arguments, goal, moments, node_stop))  # fmt: skip

                try:
                    self.slices(step)
                finally:
                    self.moments[index] = (int(self.state[kernel.PROBES]), float(sums[index][0]), float(sums[index][1]))
        return self.moments
