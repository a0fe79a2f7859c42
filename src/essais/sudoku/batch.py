"""Files and lists of puzzles: read (one grid a line, or the grid form), solved in compiled
batches on several threads, and streamed block by block so that a file of any length takes flat
memory; each puzzle under its own limits where limits are asked for."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import BinaryIO

import numpy as np

from essais.core.engine import check_memory, collector_paused, loading_compiled
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, limits_from
from essais.core.parallel import Progress, map_in_order
from essais.core.result import Status
from essais.sudoku.api import is_unique, solve_sudoku
from essais.sudoku.model import (
    BOX_SIZES,
    SEPARATORS,
    BatchBlock,
    BatchResult,
    Line,
    LineResult,
    Sudoku,
    SudokuCount,
    SudokuResult,
    parse_sudoku,
    resolve_method,
    symbols_of,
)


def solve_each(
    puzzles: Iterable[Sudoku],
    *,
    method: str | None = None,
    unique: bool = False,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> Iterator[SudokuResult | SudokuCount]:
    """Each puzzle in turn under its own limits (a file solved with limits, or with SAT): its
    solution, or with `unique` its count up to 2. A puzzle that Ctrl-C interrupted is the last."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    for puzzle in puzzles:
        result = is_unique(puzzle, method=method, limits=limits) if unique else solve_sudoku(
            puzzle, method=method, limits=limits
        )  # fmt: skip
        yield result
        if result.status == Status.INTERRUPTED:
            return


def read_puzzles(text: str, *, alphabet: str | None = None, name: str = "puzzle") -> list[Line]:
    """A file's puzzles: one per line (`#` starts a comment), grids of one size, or one grid
    written over several lines (the grid form). A line that cannot be read is kept with its
    error. (A large file is better streamed: open_puzzles, solve_file.)"""
    with loading_compiled("sudoku"):
        from essais.sudoku.compiled import decode_block

    held = ((number, raw.split("#", 1)[0]) for number, raw in enumerate(text.split("\n"), start=1))
    held = ((number, line) for number, line in held if any(ch not in SEPARATORS for ch in line))
    first = next(held, None)  # (the lines after it are looked at here only if it is no grid)
    if first is None:
        raise InvalidInput(f"{name}: no puzzle in it")
    box = box_of_line(sum(ch not in SEPARATORS for ch in first[1]))
    if box is None:
        if rest := list(held):  # the grid form, a row per line
            grid = "\n".join(line for _, line in [first, *rest])
            return [Line(first[0], parse_sudoku(grid, alphabet=alphabet, name=name))]
        try:  # one line that is no grid: say why
            parse_sudoku(first[1], alphabet=alphabet, name=f"{name}:{first[0]}")
        except InvalidInput as error:
            return [Line(first[0], None, str(error))]
    assert box is not None
    block = decode_block(text.encode("utf-8", "surrogatepass"), 1, box, alphabet, name)
    assert block.cells is not None
    symbols = symbols_of(alphabet, box * box)
    with collector_paused():
        return [
            Line(number, None, block.errors[row]) if row in block.errors else
            Line(number, Sudoku(box, tuple(cells), symbols))
            for row, (number, cells) in enumerate(zip(block.numbers.tolist(), block.cells.tolist(), strict=True))
        ]  # fmt: skip


def solve_many(
    puzzles: list[Sudoku],
    *,
    method: str | None = None,
    unique: bool = False,
    workers: int = 1,
    progress: Progress | None = None,
) -> BatchResult:
    """Solve puzzles of one box size in compiled batches (no Python work per puzzle), on
    `workers` threads for large batches, with `method` (bitwise, the default for 9×9 grids,
    or propagate); `progress(done, total)` as batches finish."""
    with loading_compiled("sudoku"):
        from essais.sudoku.compiled import solve_cells

    if not puzzles:
        return BatchResult(np.zeros(0, np.int64), np.zeros((0, 0), np.int64), np.zeros((0, 3), np.int64), 0.0)
    box = puzzles[0].box
    if any(p.box != box for p in puzzles):
        raise InvalidInput("puzzles: a batch must hold grids of one size")
    method = _batch_method(method, box)
    cells = np.array([p.cells for p in puzzles], dtype=np.uint8)
    return solve_cells(cells, box, method, 2 if unique else 1, workers, progress)


def _batch_method(method: str | None, box: int) -> str:
    method = resolve_method(method, "numba", box)[0]
    if method not in ("bitwise", "propagate"):
        raise InvalidInput(f"method: a batch of puzzles is solved with bitwise or propagate, not {method}")
    return method


# -- files of puzzles, streamed ----------------------------------------------------------------------------
BLOCK_BYTES = 1 << 18  # what a worker reads and solves at a time: ~3,200 lines of 81 cells


# The memory a block takes while it is decoded and solved (measured: 26 bytes a byte of the file),
# and what waits for the main thread to write it out: bytes a byte of a block, each worker's.
BLOCK_BYTES_PER_BYTE = 34


LONGEST_LINE = 16 << 20  # a line longer than this is no grid (36×36 is 1,296 cells)


@dataclass
class PuzzleFile:
    """A file (or stdin) of grids of box size `box`, one a line: `blocks()` reads it a block of
    whole lines at a time, so that memory stays flat whatever its size."""

    name: str
    box: int
    alphabet: str | None
    head: bytes  # what open_puzzles read to see what the file holds
    rest: BinaryIO
    size: int | None = None  # its bytes in all, when known (a file)
    read_whole: bool = False  # open_puzzles read it all (a small file, or stdin)

    @property
    def small(self) -> bool:
        """One block holds it: a second thread would cost more than it gives."""
        return self.read_whole or (self.size is not None and self.size <= BLOCK_BYTES)

    @property
    def symbols(self) -> str:
        """The symbols its solutions are written with."""
        return symbols_of(self.alphabet, self.box * self.box)

    def blocks(self) -> Iterator[tuple[int, bytes]]:
        """(the number of its first line, whole lines) for each block of about BLOCK_BYTES."""
        number, pending = 1, self.head
        while True:
            more = self.rest.read(BLOCK_BYTES)
            pending += more
            cut = len(pending) if not more else pending.rfind(b"\n") + 1
            if not cut and len(pending) > LONGEST_LINE:
                raise InvalidInput(f"{self.name}:{number}: a line of more than {LONGEST_LINE >> 20} MB is no grid")
            if cut:
                yield number, pending[:cut]
                number += pending.count(b"\n", 0, cut)
                pending = pending[cut:]
            if not more:
                return


def open_puzzles(
    stream: BinaryIO, *, name: str, alphabet: str | None = None, size: int | None = None
) -> Sudoku | PuzzleFile:
    """What a file (or stdin) holds: one grid (on one line, or in the grid form over several
    lines), or grids one a line (a PuzzleFile, read as it is solved). Only the first block is
    read here (all of it for one grid)."""
    head = stream.read(BLOCK_BYTES)
    while True:  # up to the end of the first line that holds cells
        first = _first_grid_line(head)
        if first is not None or len(head) > LONGEST_LINE:
            break
        more = stream.read(BLOCK_BYTES)
        if not more:
            break
        head += more
    ended = not (more := stream.read(1))
    head += more
    cells = sum(ch not in SEPARATORS for ch in first or "")
    lines = box_of_line(cells)
    if ended and (lines is None or _grid_lines(head) <= 1):
        try:
            text = head.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidInput(f"{name}: not UTF-8 text") from None
        return _one_grid(text, alphabet, name)
    if lines is None:
        raise InvalidInput(f"{name}: its first grid line holds {cells} cells (a grid is 81, or 16, 256, 625…)")
    return PuzzleFile(name, lines, alphabet, head, stream, size, read_whole=ended)


def box_of_line(cells: int) -> int | None:
    return next((b for b in BOX_SIZES if b**4 == cells), None)


def _first_grid_line(head: bytes) -> str | None:
    """The first line of `head` that holds cells (not blank, not a comment), once it is whole."""
    for raw in head.split(b"\n")[:-1]:
        line = raw.decode("utf-8", errors="replace").split("#", 1)[0]
        if any(ch not in SEPARATORS for ch in line):
            return line
    return None


def _grid_lines(head: bytes) -> int:
    text = head.decode("utf-8", errors="replace")
    return sum(any(ch not in SEPARATORS for ch in line.split("#", 1)[0]) for line in text.splitlines())


def _one_grid(text: str, alphabet: str | None, name: str) -> Sudoku:
    [line] = read_puzzles(text, alphabet=alphabet, name=name)
    if line.puzzle is None:
        raise InvalidInput(str(line.error))
    return line.puzzle


def solve_file(
    puzzles: PuzzleFile,
    *,
    method: str | None = None,
    unique: bool = False,
    workers: int = 1,
    progress: Progress | None = None,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> Iterator[BatchBlock]:
    """Read and solve a file block after block, on `workers` threads that live for the whole
    file, and give the blocks in the file's order as they are solved: memory stays flat, the
    first solutions come at once. `progress(puzzles, estimated total)` after each block. Ctrl-C
    raises KeyboardInterrupt between two blocks (those given are whole). Of `limits`, only the
    memory bound applies (the puzzles are not stopped: see solve_each)."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    method = _batch_method(method, puzzles.box)
    block = min(BLOCK_BYTES, puzzles.size or BLOCK_BYTES)
    check_memory(workers * BLOCK_BYTES_PER_BYTE * block, f"the puzzles of {puzzles.name}", limits)
    with loading_compiled("sudoku"):
        from essais.sudoku.compiled import load_batch_kernels, solve_block

    load_batch_kernels(puzzles.box, method)
    wanted = 2 if unique else 1
    box, alphabet, name = puzzles.box, puzzles.alphabet, puzzles.name
    jobs = ((data, number, box, alphabet, name, method, wanted) for number, data in puzzles.blocks())
    done, read = 0, 0
    for block in map_in_order(solve_block, jobs, workers):
        yield block
        done, read = done + len(block), read + block.size
        if progress is not None and puzzles.size:
            progress(done, max(done, round(done * puzzles.size / max(read, 1))))


def solutions_written(block: BatchBlock, symbols: str) -> bytes | None:
    """A solved block's solutions as the file's output, a line each in the one-line form, at
    once (compiled); None unless every line has exactly one solution and `symbols` are ASCII:
    then BatchBlock.rows gives the lines one by one."""
    with loading_compiled("sudoku"):
        from essais.sudoku.compiled import solutions_written as written

    return written(block, symbols)


def read_file(puzzles: PuzzleFile) -> Iterator[BatchBlock]:
    """The blocks of a file read but not solved (`cells` holds each line's puzzle): for the
    puzzles solved one at a time, under limits of their own."""
    with loading_compiled("sudoku"):
        from essais.sudoku.compiled import decode_block

    for number, data in puzzles.blocks():
        yield decode_block(data, number, puzzles.box, puzzles.alphabet, puzzles.name)


def solve_lines(
    block: BatchBlock, symbols: str, *, method: str, unique: bool = False, limits: Limits | None = None
) -> Iterator[LineResult]:
    """Each puzzle of a block read from a file, solved on its own under its own limits (a time
    or node limit, or method sat): a LineResult each; Ctrl-C makes the puzzle it stopped the last."""
    assert block.cells is not None
    box = round(block.cells.shape[1] ** 0.25)
    for i, number in enumerate(block.numbers.tolist()):
        if i in block.errors:
            yield LineResult(number, None, error=block.errors[i])
            continue
        puzzle = Sudoku(box, tuple(block.cells[i].tolist()), symbols)
        [result] = solve_each([puzzle], method=method, unique=unique, limits=limits)
        solution = None if result.solution is None else puzzle.line(result.solution)
        count = result.count if isinstance(result, SudokuCount) else None
        yield LineResult(number, result.status, solution, result.stats, count)
