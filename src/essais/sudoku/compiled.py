"""The numba engines of Sudoku (over sudoku._kernels, sudoku._bitwise_kernels and
sudoku._text_kernels): the textbook search and the propagating one, solution after solution;
the batch solver of many puzzles on threads; the fast decoding of a large file and the
writing of its solutions; and the SAT method, whose formula starts from the propagated root."""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from functools import cache

import numpy as np

from essais.core.errors import InvalidInput
from essais.core.limits import EXHAUSTED, PAUSED, SOLUTION, SearchControl
from essais.core.parallel import Progress, map_in_order
from essais.core.sliced import DEPTH, ENTERING, SlicedSearch
from essais.sudoku._bitwise_kernels import GRID9, bitwise_batch, bitwise_slice, solution9, start_bitwise
from essais.sudoku._kernels import (
    RANDOM,
    RESTART,
    STATE_SIZE,
    propagate,
    propagate_slice,
    solve_batch,
    start_candidates,
    textbook_slice,
    values_of,
)
from essais.sudoku._text_kernels import decode_lines, write_lines
from essais.sudoku.model import (
    EMPTY,
    NOT_READ,
    SEPARATORS,
    BatchBlock,
    BatchResult,
    Sudoku,
    parse_sudoku,
    peers,
    symbol_values,
    symbols_of,
    units,
)


@cache
def units_of_cells(box: int) -> np.ndarray:
    """units_of_cells[i]: the row, column and box of cell i, as indices into units(box)."""
    n = box * box
    return np.array(
        [[i // n, n + i % n, 2 * n + (i // n // box) * box + (i % n) // box] for i in range(n * n)], dtype=np.int64
    )


class CompiledSudoku(SlicedSearch):
    """The numba engine: the textbook search or the propagating one, solution after solution."""

    def __init__(self, puzzle: Sudoku, method: str, control: SearchControl) -> None:
        super().__init__(control, STATE_SIZE)
        self.puzzle, self.method = puzzle, method
        self.peers = peers(puzzle.box)
        self.units = _units_array(puzzle.box)
        self.depths: np.ndarray | None = None

    def stats(self):  # type: ignore[no-untyped-def]
        stats = super().stats()
        if self.depths is not None:
            last = max((d for d, calls in enumerate(self.depths) if calls), default=0)
            stats.depths = [int(calls) for calls in self.depths[: last + 1]]
        return stats

    def solutions(self) -> Iterator[list[int]]:
        if self.method == "textbook":
            return self._textbook()
        return self._bitwise() if self.method == "bitwise" else self._propagating()

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

    def _bitwise(self) -> Iterator[list[int]]:
        """Every solution of a 9×9 grid, by the bitwise search (copy-on-guess grids)."""
        stack = np.zeros((82, GRID9), dtype=np.int32)
        guess_cell, guess_rest = np.zeros(82, dtype=np.int64), np.zeros(82, dtype=np.int64)
        values, changed = np.zeros(81, dtype=np.int64), np.zeros(82, dtype=np.int64)
        start_bitwise(np.array(self.puzzle.cells, dtype=np.uint8), stack, changed)

        def step(node_stop: int) -> int:
            return int(bitwise_slice(stack, changed, guess_cell, guess_rest, self.state, node_stop))

        while self.slices(step) == SOLUTION:
            solution9(stack[self.state[DEPTH]], values)
            yield [int(v) for v in values]
            if self.state[DEPTH] == 0:
                return
            self.state[DEPTH] -= 1  # resume with the next value of the guess above

    def _propagating(self) -> Iterator[list[int]]:
        """Every solution, by one complete depth-first search."""
        run = _PropagatingRun(self)
        while self.slices(run.step) == SOLUTION:
            yield run.solution()
            if self.state[DEPTH] == 0:
                return
            self.state[DEPTH] -= 1  # resume with the next candidate of the branch above

    def first_solution(self) -> list[int] | None:
        """One solution (or None: there is none), by runs of the propagating search that
        restart with random ties and a budget 1.5 times larger each time, keeping what the
        weights learnt: a wrong early guess costs one run, not an exponential sub-tree (large
        grids). A run that exhausts its tree proves there is no solution."""
        run = _PropagatingRun(self)
        budget = RESTART_NODES
        self.state[RANDOM] = RESTART_SEED
        while True:
            run.restart(self.nodes() + budget)
            outcome = self.slices(run.step)
            if outcome == SOLUTION:
                return run.solution()
            if outcome == EXHAUSTED:
                return None
            budget = budget * 3 // 2


RESTART_NODES = 200  # the first run's node budget
RESTART_SEED = 0x9E3779B97F4A7C15 & ((1 << 62) - 1)


class _PropagatingRun:
    """The arrays of one propagating search over `search.puzzle`, and its slice step."""

    def __init__(self, search: CompiledSudoku) -> None:
        self.search = search
        puzzle = search.puzzle
        cells = len(puzzle.cells)
        self.candidates = np.zeros((cells + 1, cells), dtype=np.int64)
        self.settled = np.zeros((cells + 1, cells), dtype=np.int8)
        self.branch_cell = np.zeros(cells + 1, dtype=np.int64)
        self.branch_rest = np.zeros(cells + 1, dtype=np.int64)
        self.full = (1 << puzzle.n) - 1
        self.cell_units = units_of_cells(puzzle.box)
        self.weights = np.ones(len(search.units), dtype=np.int64)
        self.end = 1 << 62  # the node count at which this run stops (a restart)
        start_candidates(np.array(puzzle.cells, dtype=np.uint8), self.candidates, self.settled, self.full)

    def restart(self, end: int) -> None:
        state = self.search.state
        state[DEPTH], state[ENTERING] = 0, 1
        self.end = end

    def step(self, node_stop: int) -> int:
        search = self.search
        outcome = int(
            propagate_slice(
                self.candidates, self.settled, self.branch_cell, self.branch_rest, search.peers, search.units,
                self.cell_units, self.weights, self.full, search.puzzle.box, search.state, min(node_stop, self.end),
            )
        )  # fmt: skip
        if outcome == PAUSED and search.nodes() >= self.end:
            return RESTART
        return outcome

    def solution(self) -> list[int]:
        values = np.zeros(self.candidates.shape[1], dtype=np.int64)
        values_of(self.candidates[self.search.state[DEPTH]], values)
        return [int(v) for v in values]


def _solve_rows(
    puzzles: np.ndarray, box: int, method: str, wanted: int, stop: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Solve every row of `puzzles` (values, 0 = empty) in one compiled call, with `method`
    (bitwise: 9×9 only; propagate) up to its `wanted`-th solution: how many were found, the
    first solution, the counters (nodes, tries, backtracks). Once `stop[0]` is set, by another
    thread, the call returns within milliseconds, its answers incomplete."""
    stop = np.zeros(1, dtype=np.int64) if stop is None else stop
    solutions = np.zeros_like(puzzles)
    found = np.zeros(len(puzzles), dtype=np.int64)
    counters = np.zeros((len(puzzles), 3), dtype=np.int64)
    if method == "bitwise":
        bitwise_batch(puzzles, wanted, solutions, found, counters, stop)
    else:
        full = (1 << (box * box)) - 1
        solve_batch(puzzles, peers(box), _units_array(box), units_of_cells(box), full, box, wanted, solutions, found,
                    counters, stop)  # fmt: skip
    return found, solutions, counters


def load_batch_kernels(box: int, method: str) -> None:
    """A batch's kernels loaded (or compiled) in this thread by a call on no puzzle, before the
    worker threads call them (core.parallel.map_in_order)."""
    _solve_rows(np.zeros((0, box**4), dtype=np.uint8), box, method, 1)
    decode_block(b"", 1, box, None, "nothing")


def _solve_job(job: tuple[np.ndarray, int, str, int], stop: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    return _solve_rows(*job, stop)


@cache
def _units_array(box: int) -> np.ndarray:
    return np.array(units(box), dtype=np.int64)


BATCH_PER_WORKER = 2000  # below this many puzzles a second thread costs more than it gives
CHUNK_PUZZLES = 1000  # puzzles a compiled call solves: ~0.05 s, a step of the progress shown


def solve_cells(
    puzzles: np.ndarray, box: int, method: str, wanted: int, workers: int, progress: Progress | None = None
) -> BatchResult:
    """The batch solver behind essais.sudoku.solve_many: the rows of `puzzles` in chunks, on
    `workers` threads when there are enough of them; `progress(done, total)` after each chunk.
    Ctrl-C or SIGTERM stops it with the chunks finished so far (`interrupted`)."""
    started = time.perf_counter()
    workers = max(1, min(workers, len(puzzles) // BATCH_PER_WORKER))
    jobs = [(puzzles[at : at + CHUNK_PUZZLES], box, method, wanted) for at in range(0, len(puzzles), CHUNK_PUZZLES)]
    parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []

    def collect(results: Iterable[tuple[np.ndarray, np.ndarray, np.ndarray]]) -> None:
        for part in results:
            parts.append(part)
            if progress is not None:
                progress(sum(len(found) for found, _, _ in parts), len(puzzles))

    interrupted = False
    try:
        load_batch_kernels(box, method)
        collect(map_in_order(_solve_job, jobs, workers))
    except KeyboardInterrupt:
        interrupted = True
    if not parts:
        parts.append(_solve_rows(puzzles[:0], box, method, wanted))
    found, solutions, counters = (np.concatenate([part[k] for part in parts]) for k in range(3))
    return BatchResult(found, solutions, counters, time.perf_counter() - started, workers, interrupted)


def root_candidates(puzzle: Sudoku) -> list[int] | None:
    """Every cell's candidates (bit v-1 for value v) after the propagation of the search's
    root, or None when it already finds a contradiction."""
    box, cells = puzzle.box, len(puzzle.cells)
    n = box * box
    candidates = np.zeros((1, cells), dtype=np.int64)
    settled = np.zeros((1, cells), dtype=np.int8)
    full = (1 << n) - 1
    start_candidates(np.array(puzzle.cells, dtype=np.uint8), candidates, settled, full)
    unit_cells = _units_array(box)
    weights = np.ones(len(unit_cells), dtype=np.int64)
    work = np.zeros(n * (box + 5), dtype=np.int64)
    if not propagate(candidates[0], settled[0], peers(box), unit_cells, units_of_cells(box), weights, full, box, work):
        return None
    return [int(c) for c in candidates[0]]


def _byte_values(box: int, alphabet: str | None) -> np.ndarray:
    """byte -> value (0 for an empty cell, -1 for any other byte) for the one-byte symbols of
    the grid's alphabet (upper and lower case alike, as parse_sudoku reads them)."""
    table = np.full(256, -1, dtype=np.int64)
    for symbol, value in [*symbol_values(symbols_of(alphabet, box * box)).items(), *((e, 0) for e in EMPTY)]:
        if ord(symbol) < 128:
            table[ord(symbol)] = value
    return table


def decode_block(data: bytes, first_number: int, box: int, alphabet: str | None, name: str) -> BatchBlock:
    """The puzzles of `data`, whole lines of a file (the first one its line `first_number`) of
    grids of box size `box`: each line of exactly the grid's cells, all of them symbols, read
    by one table lookup and checked by one compiled pass; any other line read the slow way,
    which skips blank and comment lines and says what is wrong with the others."""
    size = box**4
    raw = np.frombuffer(data, dtype=np.uint8)
    ends = np.flatnonzero(raw == ord("\n"))
    if len(raw) and raw[-1] != ord("\n"):
        ends = np.append(ends, len(raw))
    starts = np.concatenate(([0], ends[:-1] + 1)).astype(np.int64)
    stops = ends - ((ends > starts) & (raw[np.maximum(ends - 1, 0)] == ord("\r")))
    cells = np.zeros((len(ends), size), dtype=np.uint8)
    fast = np.flatnonzero(stops - starts == size)
    read = np.zeros(len(ends), dtype=np.bool_)
    read[fast] = decode_lines(raw, starts, fast, _byte_values(box, alphabet), units_of_cells(box), 3 * box * box, cells)
    kept, errors = read.copy(), {}
    for line in np.flatnonzero(~read).tolist():  # the slow way: rare in a large file
        number = first_number + line
        text = data[starts[line] : stops[line]].decode("utf-8", errors="replace").split("#", 1)[0]
        if all(ch in SEPARATORS for ch in text):
            continue  # a blank or comment line: not a puzzle
        kept[line] = True
        try:
            puzzle = parse_sudoku(text, alphabet=alphabet, name=f"{name}:{number}")
            if puzzle.box != box:
                raise InvalidInput(f"{name}:{number}: a {puzzle.n}×{puzzle.n} grid among {box * box}×{box * box} ones")
            cells[line] = puzzle.cells
        except InvalidInput as error:
            errors[line] = str(error)
    rows = np.flatnonzero(kept)
    found = np.zeros(len(rows), dtype=np.int64)
    for line in errors:
        found[np.searchsorted(rows, line)] = NOT_READ
    return BatchBlock(
        numbers=first_number + rows,
        found=found,
        solutions=np.zeros((0, size), dtype=np.uint8),
        counters=np.zeros((0, 3), dtype=np.int64),
        errors={int(np.searchsorted(rows, line)): message for line, message in errors.items()},
        cells=cells if len(rows) == len(cells) else cells[rows],
        size=len(data),
    )


def solve_block(job: tuple[bytes, int, int, str | None, str, str, int], stop: np.ndarray) -> BatchBlock:
    """A block of a file read and solved (on a worker thread): decode_block, then every puzzle
    with `method` (bitwise or propagate) up to its `wanted`-th solution (answers incomplete
    once `stop[0]` is set: see _solve_rows)."""
    data, first_number, box, alphabet, name, method, wanted = job
    block = decode_block(data, first_number, box, alphabet, name)
    assert block.cells is not None
    if not block.errors:  # (the common case: no copies)
        block.found, block.solutions, block.counters = _solve_rows(block.cells, box, method, wanted, stop)
    else:
        good = block.found != NOT_READ
        found, solutions, counters = _solve_rows(block.cells[good], box, method, wanted, stop)
        block.found[good] = found
        block.solutions = np.zeros(block.cells.shape, dtype=np.uint8)
        block.solutions[good] = solutions
        block.counters = np.zeros((len(block), 3), dtype=np.int64)
        block.counters[good] = counters
    block.cells = None  # (the puzzles are no longer needed)
    return block


def solutions_written(block: BatchBlock, symbols: str) -> bytes | None:
    """Every line's solution in the one-line form, a line each, written by one compiled pass
    over the block's values; None unless every line has exactly one solution and the symbols
    are ASCII (then the lines are written one by one: BatchBlock.rows)."""
    if block.errors or not symbols.isascii() or not (block.found == 1).all():
        return None
    symbol_bytes = np.frombuffer(("." + symbols).encode().ljust(256, b"?"), dtype=np.uint8)
    rows, width = block.solutions.shape
    text = np.empty(rows * (width + 1), dtype=np.uint8)
    write_lines(block.solutions, symbol_bytes, text)
    return text.tobytes()
