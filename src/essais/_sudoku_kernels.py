"""numba kernels for Sudoku (essais.sudoku). Private: checked inputs only.

`textbook_slice` is TextbookSudoku with an explicit stack (the cell and the value of each
depth), in resumable slices: the same solutions in the same order, the same counters and depth
histogram. `propagate_slice` keeps a bit set of candidates per cell (bit v-1 for value v), one
copy per depth, and propagates naked singles (a cell with one candidate removes it from its
peers) and hidden singles (a value with one place left in a unit goes there) before it
branches on the cell with the fewest candidates. `solve_batch` runs the propagating solver on
many puzzles in one call, with no Python work per puzzle.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Iterator

import numpy as np
from numba import njit

from essais.core.limits import EXHAUSTED, PAUSED, SOLUTION, SearchControl
from essais.core.sliced import BACKTRACKS, DEPTH, ENTERING, FIRST_FREE_SLOT, NODES, TRIES, SlicedSearch
from essais.sudoku import BatchResult, Sudoku, _units, peers

SOLUTIONS = FIRST_FREE_SLOT
STATE_SIZE = FIRST_FREE_SLOT + 1


@njit(cache=True, nogil=True)
def textbook_slice(n, grid, peers, cell_at, value_at, depths, state, node_stop):
    """002's solve: `cell_at[d]` is the empty cell of the call at depth d (-1: the grid is
    full), `value_at[d]` the value it placed last."""
    cells = len(grid)
    depth = state[DEPTH]
    entering = state[ENTERING]
    nodes = state[NODES]
    tries = state[TRIES]
    backtracks = state[BACKTRACKS]
    outcome = PAUSED
    while True:
        if entering:
            if nodes >= node_stop:
                break
            nodes += 1
            depths[depth] += 1
            entering = 0
            start = cell_at[depth - 1] + 1 if depth > 0 else 0
            cell = start
            while cell < cells and grid[cell] != 0:
                cell += 1
            if cell == cells:  # a full grid: a solution; the call returns to its parent
                state[SOLUTIONS] += 1
                cell_at[depth] = cells
                depth -= 1
                outcome = SOLUTION
                break
            cell_at[depth] = cell
            value_at[depth] = 0
        if depth < 0:  # resumed after the solution of a grid that was full from the start
            outcome = EXHAUSTED
            break
        cell = cell_at[depth]
        value = value_at[depth] + 1
        placed = False
        while value <= n:
            tries += 1
            grid[cell] = value
            clash = False
            for peer in peers[cell]:
                if grid[peer] == value:
                    clash = True
                    break
            if not clash:
                placed = True
                break
            value += 1
        if placed:
            value_at[depth] = value
            depth += 1
            entering = 1
        else:
            grid[cell] = 0
            backtracks += 1
            if depth == 0:
                outcome = EXHAUSTED
                break
            depth -= 1
    state[DEPTH] = depth
    state[ENTERING] = entering
    state[NODES] = nodes
    state[TRIES] = tries
    state[BACKTRACKS] = backtracks
    return outcome


@njit(cache=True, nogil=True)
def _popcount(x):
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count


@njit(cache=True, nogil=True)
def _propagate(candidates, settled, peers, units, full):
    """Naked and hidden singles until nothing changes. False on a contradiction (a cell with no
    candidate, a value with no place in a unit, two values with one place). `settled[i]` marks
    a single already removed from the peers of cell i."""
    changed = True
    while changed:
        changed = False
        for cell in range(len(candidates)):
            bit = candidates[cell]
            if settled[cell] or bit & (bit - 1):
                continue
            if bit == 0:
                return False
            settled[cell] = 1
            for peer in peers[cell]:
                if candidates[peer] & bit:
                    candidates[peer] ^= bit
                    if candidates[peer] == 0:
                        return False
                    changed = True
        for u in range(len(units)):
            once = 0
            twice = 0
            for cell in units[u]:
                twice |= once & candidates[cell]
                once |= candidates[cell]
            if once != full:
                return False  # a value with no place left in this unit
            hidden = once & ~twice
            if hidden == 0:
                continue
            for cell in units[u]:
                mine = candidates[cell] & hidden
                if mine and candidates[cell] != mine:
                    if mine & (mine - 1):
                        return False  # two values whose only place is this cell
                    candidates[cell] = mine
                    changed = True
    return True


@njit(cache=True, nogil=True)
def propagate_slice(candidates, settled, branch_cell, branch_rest, peers, units, full, state, node_stop):
    """Depth-first search over propagated grids. `candidates[d]` / `settled[d]` are the grid
    at depth d, `branch_cell[d]` the cell it branches on and `branch_rest[d]` the candidates of
    that cell still to try. On SOLUTION, `candidates[state[DEPTH]]` holds the solution."""
    depth = state[DEPTH]
    entering = state[ENTERING]
    nodes = state[NODES]
    tries = state[TRIES]
    backtracks = state[BACKTRACKS]
    cells = candidates.shape[1]
    outcome = PAUSED
    while True:
        if entering:
            if nodes >= node_stop:
                break
            nodes += 1
            entering = 0
            branch_rest[depth] = 0
            if not _propagate(candidates[depth], settled[depth], peers, units, full):
                backtracks += 1
            else:
                best, best_count = -1, 64
                for cell in range(cells):
                    count = _popcount(candidates[depth, cell])
                    if 1 < count < best_count:
                        best, best_count = cell, count
                        if count == 2:
                            break
                if best < 0:  # every cell has one candidate: a solution
                    state[SOLUTIONS] += 1
                    outcome = SOLUTION
                    break
                branch_cell[depth] = best
                branch_rest[depth] = candidates[depth, best]
        rest = branch_rest[depth]
        if rest:
            bit = rest & -rest
            branch_rest[depth] = rest ^ bit
            tries += 1
            candidates[depth + 1, :] = candidates[depth]
            settled[depth + 1, :] = settled[depth]
            candidates[depth + 1, branch_cell[depth]] = bit
            depth += 1
            entering = 1
        else:
            if depth == 0:
                outcome = EXHAUSTED
                break
            depth -= 1
    state[DEPTH] = depth
    state[ENTERING] = entering
    state[NODES] = nodes
    state[TRIES] = tries
    state[BACKTRACKS] = backtracks
    return outcome


@njit(cache=True, nogil=True)
def _values(candidates, out):
    for cell in range(len(candidates)):
        bit = candidates[cell]
        value = 1
        while bit > 1:
            bit >>= 1
            value += 1
        out[cell] = value


@njit(cache=True, nogil=True)
def _start(cells, candidates, settled, full):
    """Depth 0 of the propagating search: a given is its one candidate, an empty cell has all."""
    for cell in range(len(cells)):
        candidates[0, cell] = full if cells[cell] == 0 else 1 << (cells[cell] - 1)
        settled[0, cell] = 0


@njit(cache=True, nogil=True)
def solve_batch(puzzles, peers, units, full, wanted, solutions, found, counters):
    """Solve every row of `puzzles` (cells, 0 = empty) up to its `wanted`-th solution:
    `found[i]` is the number of solutions found, `solutions[i]` the first; `counters[i]` the
    puzzle's nodes, tries and backtracks."""
    cells = puzzles.shape[1]
    candidates = np.zeros((cells + 1, cells), dtype=np.int64)
    settled = np.zeros((cells + 1, cells), dtype=np.int8)
    branch_cell = np.zeros(cells + 1, dtype=np.int64)
    branch_rest = np.zeros(cells + 1, dtype=np.int64)
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    for i in range(puzzles.shape[0]):
        _start(puzzles[i], candidates, settled, full)
        state[:] = 0
        state[ENTERING] = 1
        while found[i] < wanted:
            outcome = propagate_slice(candidates, settled, branch_cell, branch_rest, peers, units, full, state, 1 << 62)
            if outcome != SOLUTION:
                break
            if found[i] == 0:
                _values(candidates[state[DEPTH]], solutions[i])
            found[i] += 1
            if state[DEPTH] == 0:
                break  # solved by propagation alone: nothing to branch on
            state[DEPTH] -= 1  # resume with the next candidate of the branch above
        counters[i, 0] = state[NODES]
        counters[i, 1] = state[TRIES]
        counters[i, 2] = state[BACKTRACKS]


class CompiledSudoku(SlicedSearch):
    """The numba engine: the textbook search or the propagating one, solution after solution."""

    def __init__(self, puzzle: Sudoku, method: str, control: SearchControl) -> None:
        super().__init__(control, STATE_SIZE)
        self.puzzle, self.method = puzzle, method
        self.peers = peers(puzzle.box)
        self.units = np.array(_units(puzzle.box), dtype=np.int64)
        self.depths: np.ndarray | None = None

    def stats(self):  # type: ignore[no-untyped-def]
        stats = super().stats()
        if self.depths is not None:
            last = max((d for d, calls in enumerate(self.depths) if calls), default=0)
            stats.depths = [int(calls) for calls in self.depths[: last + 1]]
        return stats

    def solutions(self) -> Iterator[list[int]]:
        return self._textbook() if self.method == "textbook" else self._propagate()

    def _textbook(self) -> Iterator[list[int]]:
        grid = np.array(self.puzzle.cells, dtype=np.int64)
        cell_at = np.zeros(len(grid) + 1, dtype=np.int64)
        value_at = np.zeros(len(grid) + 1, dtype=np.int64)
        self.depths = np.zeros(len(grid) + 1, dtype=np.int64)
        peers_table, n, depths = self.peers, self.puzzle.n, self.depths

        def step(node_stop: int) -> int:
            return int(textbook_slice(n, grid, peers_table, cell_at, value_at, depths, self.state, node_stop))

        while self.slices(step) == SOLUTION:
            yield [int(v) for v in grid]

    def _propagate(self) -> Iterator[list[int]]:
        cells = len(self.puzzle.cells)
        candidates = np.zeros((cells + 1, cells), dtype=np.int64)
        settled = np.zeros((cells + 1, cells), dtype=np.int8)
        branch_cell = np.zeros(cells + 1, dtype=np.int64)
        branch_rest = np.zeros(cells + 1, dtype=np.int64)
        full = (1 << self.puzzle.n) - 1
        _start(np.array(self.puzzle.cells, dtype=np.int64), candidates, settled, full)
        solution = np.zeros(cells, dtype=np.int64)

        def step(node_stop: int) -> int:
            return int(
                propagate_slice(
                    candidates, settled, branch_cell, branch_rest, self.peers, self.units, full, self.state, node_stop
                )
            )

        while self.slices(step) == SOLUTION:
            _values(candidates[self.state[DEPTH]], solution)
            yield [int(v) for v in solution]
            if self.state[DEPTH] == 0:
                return
            self.state[DEPTH] -= 1  # resume with the next candidate of the branch above


def _solve_chunk(job: tuple[np.ndarray, int, int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    puzzles, box, wanted = job
    table, units = peers(box), np.array(_units(box), dtype=np.int64)
    solutions = np.zeros_like(puzzles)
    found = np.zeros(len(puzzles), dtype=np.int64)
    counters = np.zeros((len(puzzles), 3), dtype=np.int64)
    solve_batch(puzzles, table, units, (1 << (box * box)) - 1, wanted, solutions, found, counters)
    return found, solutions, counters


BATCH_PER_WORKER = 2000  # below this many puzzles a second process costs more than it gives


def solve_cells(puzzles: np.ndarray, box: int, wanted: int, workers: int) -> BatchResult:
    """The batch solver behind essais.sudoku.solve_many: the rows of `puzzles` in chunks, on a
    pool of forked processes when there are enough of them."""
    started = time.perf_counter()
    workers = max(1, min(workers, len(puzzles) // BATCH_PER_WORKER))
    if workers == 1:
        found, solutions, counters = _solve_chunk((puzzles, box, wanted))
    else:
        chunks = np.array_split(puzzles, workers * 8)
        context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
        with context.Pool(workers) as pool:
            parts = pool.map(_solve_chunk, [(chunk, box, wanted) for chunk in chunks])
        found, solutions, counters = (np.concatenate([part[k] for part in parts]) for k in range(3))
    return BatchResult(found, solutions, counters, time.perf_counter() - started)


def _warm_up() -> None:
    """Compile (or load from the cache) at import, so that `seconds` measures the search."""
    puzzle = Sudoku(2, (1, 0, 0, 0) + (0,) * 12)
    for method in ("textbook", "propagate"):
        next(CompiledSudoku(puzzle, method, SearchControl()).solutions())
    _solve_chunk((np.array([puzzle.cells], dtype=np.int64), 2, 2))


_warm_up()
