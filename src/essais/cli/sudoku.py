"""`essais sudoku`: Sudoku (002, SPEC §2.5): one puzzle, or a file of them."""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer

from essais.cli.common import (
    Dpi,
    Engine,
    JsonFlag,
    MemoryLimit,
    Pictures,
    PngFile,
    SvgFile,
    command,
    console,
    err_console,
    finish,
    make_limits,
    node_limit_option,
    plot_format,
    print_json,
    progress_bar,
    refuse_unused,
    time_limit_option,
    write_out,
)
from essais.core.engine import check_memory
from essais.core.errors import InvalidInput
from essais.core.limits import Limits
from essais.core.parallel import Progress, default_workers
from essais.core.plots import save_figure
from essais.core.result import EXIT_BAD_INPUT, Stats, Status
from essais.render.text import histogram, stats_line
from essais.sudoku import (
    METHODS,
    Line,
    Sudoku,
    SudokuCount,
    SudokuResult,
    count_sudoku,
    is_unique,
    read_puzzles,
    solve_each,
    solve_many,
    solve_sudoku,
)


def _read(source: str, alphabet: str | None, limits: Limits) -> tuple[str, list[Line]]:
    """PUZZLE is `-` (stdin), a file, or the grid itself; a file too large for the memory
    limit is refused before it is read (stdin once read, before its puzzles are)."""
    if source == "-":
        text = sys.stdin.read()
        check_memory(BATCH_BYTES_PER_BYTE * len(text), "the puzzles on stdin", limits)
        return "stdin", read_puzzles(text, alphabet=alphabet, name="stdin")
    path = Path(source)
    try:
        is_file = path.is_file()
    except OSError:  # a grid too long to be a file name
        is_file = False
    if is_file:
        try:
            check_memory(BATCH_BYTES_PER_BYTE * path.stat().st_size, f"the puzzles of {source}", limits)
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise InvalidInput(f"{source}: cannot read it ({error})") from None
        return source, read_puzzles(text, alphabet=alphabet, name=source)
    if "/" in source or path.suffix in (".txt", ".sdk", ".ss"):  # meant as a file, surely
        raise InvalidInput(f"{source}: no such file")
    return "puzzle", read_puzzles(source, alphabet=alphabet, name="puzzle")


# A file of puzzles in memory while it is solved: its lines, cells, solutions and output
# (measured: 983,160 puzzles, an 80 MB file, peaked at 3.0 GB), a byte of the file
BATCH_BYTES_PER_BYTE = 60

EXAMPLES = [
    ("essais sudoku 2......6.....7..3..48.9.1.....3.....3...1.........8.....1.2.57..8.73.....9......4 --count",
     "002 Q1: 433 solutions"),
    ("essais sudoku GRID --method textbook", "002's search: its calls per depth (figure 2)"),
    ("essais sudoku tests/data/sudoku/top95.txt > solutions.txt", "a file: one solution a line, in order"),
    ("essais sudoku - --unique < grid.txt", "a grid on stdin: is its solution unique?"),
]  # fmt: skip


@command
def sudoku(
    puzzle: Annotated[
        str,
        typer.Argument(
            help="The grid (81 characters, . or 0 empty, or the grid form), a file of grids, or - for stdin.",
            metavar="PUZZLE",
        ),
    ],
    method: Annotated[
        str | None,
        typer.Option(
            help="propagate (candidate sets, singles; numba; the default), textbook (002; the default with "
            "--engine python), or sat (large grids; needs the extra essais[sat]).",
            metavar="METHOD",
        ),
    ] = None,
    engine: Engine = "numba",
    count: Annotated[bool, typer.Option("--count", help="Count every solution (002 Q1).")] = False,
    limit: Annotated[int | None, typer.Option(help="With --count: stop after K solutions.", metavar="K")] = None,
    unique: Annotated[bool, typer.Option("--unique", help="Is the solution unique? (stops at the second)")] = False,
    alphabet: Annotated[
        str | None, typer.Option(help="The symbols of the values 1..n (default 1-9 then A, B, …).", metavar="S")
    ] = None,
    workers: Annotated[
        int | None, typer.Option(help="A file of puzzles: processes to use (default: every core).", metavar="W")
    ] = None,
    time_limit: time_limit_option(" (for a file: for each puzzle)") = None,  # type: ignore[valid-type]
    node_limit: node_limit_option(" (for a file: for each puzzle)") = None,  # type: ignore[valid-type]
    memory_limit: MemoryLimit = None,
    svg: SvgFile = None,
    png: PngFile = None,
    dpi: Dpi = None,
    depths: Annotated[
        Path | None,
        typer.Option(
            help="Method textbook: plot the calls per depth (002's figure 2) into FILE (.png or .svg).", metavar="FILE"
        ),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Solve a Sudoku (9×9, 16×16, 25×25…), count its solutions, or solve a whole file of them."""
    if workers is not None and workers < 1:
        raise InvalidInput(f"--workers: {workers} must be at least 1")
    limits = make_limits(time_limit, node_limit, memory_limit)
    name, lines = _read(puzzle, alphabet, limits)
    refuse_unused(workers=(workers, len(lines) > 1), depths=(depths, len(lines) == 1))
    method = METHODS.resolve(method, engine)[0]
    if depths is not None and plot_format("--depths", depths) and method != "textbook":
        raise InvalidInput(f"--depths: method {method} does not record its calls per depth; use --method textbook")
    pictures = Pictures.make(
        svg, png, dpi, used=len(lines) == 1 and not count and not unique,
        other_png=depths is not None and depths.suffix.lower() == ".png",
    )  # fmt: skip
    if len(lines) > 1:
        one_at_a_time = {"--count": count, "--limit": limit}
        given = [option for option, value in one_at_a_time.items() if value not in (None, False)]
        if given:
            raise InvalidInput(f"{', '.join(given)}: for one puzzle; {name} holds {len(lines)}")
        limited = time_limit is not None or node_limit is not None
        _batch(
            name,
            lines,
            method,
            unique,
            workers or default_workers(),
            limits.per_search() if limited else None,  # each puzzle's
            as_json,
        )
    if lines[0].puzzle is None:
        raise InvalidInput(str(lines[0].error))
    grid = lines[0].puzzle
    if limit is not None and not count:
        raise InvalidInput("--limit: it applies to --count (stop after K solutions)")
    result: SudokuResult | SudokuCount
    if unique:
        result = is_unique(grid, method=method, engine=engine, limits=limits)
    elif count:
        result = count_sudoku(grid, method=method, engine=engine, limit=limit, limits=limits)
    else:
        result = solve_sudoku(grid, method=method, engine=engine, limits=limits)
        pictures.write(result)
    if depths is not None:
        save_figure(result.depth_figure(), depths, pictures.dpi, plot_format("--depths", depths))
    if as_json:
        print_json(result.to_dict())
    else:
        _show(result, method, unique)
    finish(result.status)


def _show(result: SudokuResult | SudokuCount, method: str, unique: bool) -> None:
    grid = result.puzzle
    assert grid is not None
    count = result.count if isinstance(result, SudokuCount) else None
    if result.solution is not None:
        console.print(grid.text(result.solution), markup=False)
        console.print(grid.line(result.solution), markup=False, soft_wrap=True)
    if unique and result.status.finished:
        console.print("unique" if count == 1 else "not unique" if count else "no solution")
    elif count is not None:
        if result.status == Status.COMPLETE:
            console.print(f"{count:,} solutions")
        elif result.status == Status.FOUND:
            console.print(f"at least {count:,} solutions (the search stopped there)")
        else:
            console.print(f"{count:,} solutions so far (stopped: {result.status})")
    elif result.status == Status.NONE:
        console.print("no solution (the search is complete)")
    elif not result.found:
        console.print(f"stopped ({result.status}) before a solution was found")
        if grid.box >= 5 and method == "propagate":
            console.print("large grids can need clause learning: try --method sat")
    if result.stats.depths:
        console.print(histogram(dict(enumerate(result.stats.depths)), "depth", "calls"))
    console.print(stats_line(result.stats))


@dataclass
class _Row:
    """One puzzle of a batch as written out: its status, its solution in the one-line form."""

    status: Status
    solution: str | None
    counters: tuple[int, int, int] | Stats  # (nodes, tries, backtracks) from the compiled batch
    count: int | None = None  # with --unique: solutions found, up to 2

    def to_dict(self) -> dict[str, Any]:
        document: dict[str, Any] = {"status": str(self.status), "found": self.solution is not None}
        document["solution"] = self.solution
        if self.count is not None:
            document["count"] = self.count
        stats = self.counters if isinstance(self.counters, Stats) else Stats(*self.counters)
        document["stats"] = stats.to_dict()
        return document


def _batch(
    name: str, lines: list[Line], method: str, unique: bool, workers: int, limits: Limits | None, as_json: bool
) -> None:
    """Every puzzle of the file, solutions in input order (one line each), a summary on stderr;
    exit 2 if a line was malformed, else 1 if one had no solution, else 3 if a limit stopped
    one, else 0. Without limits the puzzles go to the compiled batch solver; with limits
    (per puzzle) they are solved one at a time, and Ctrl-C stops the batch."""
    if method == "textbook":
        raise InvalidInput("--method: a file of puzzles is solved with propagate or sat")
    if method == "sat" and limits is None:
        limits = Limits()  # SAT solves one puzzle at a time
    good = [line.puzzle for line in lines if line.puzzle is not None]
    if len({puzzle.box for puzzle in good}) > 1:
        raise InvalidInput(f"{name}: its grids have different sizes")
    started = time.perf_counter()
    with progress_bar("puzzles") as progress:
        if limits is None:
            rows, workers = _compiled(good, unique, workers, progress)
        else:
            rows, workers = _one_by_one(good, method, unique, limits, progress), 1
    seconds = time.perf_counter() - started
    out, statuses, pending = [], [], iter(rows)
    for line in lines:
        if line.puzzle is None:
            err_console.print(f"essais: {line.error}", markup=False, soft_wrap=True)
            out.append(json.dumps({"status": "invalid", "reason": line.error}) if as_json else "")
            continue
        row = next(pending, None)
        if row is None:
            break  # Ctrl-C stopped the batch here
        statuses.append(row.status)
        if as_json:
            out.append(json.dumps(row.to_dict()))
        elif row.solution is not None:
            out.append(row.solution + ("  # not unique" if (row.count or 0) > 1 else ""))
        else:
            why = "no solution" if row.status == Status.NONE else str(row.status)
            out.append(f"# line {line.number}: {why}")
    write_out("\n".join(out) + "\n")
    solved = statuses.count(Status.FOUND)
    unsolved = statuses.count(Status.NONE)
    stopped = len(statuses) - solved - unsolved
    malformed = len(lines) - len(good)
    rate = len(statuses) / seconds if seconds else float("inf")
    err_console.print(
        f"{len(lines):,} lines: {solved:,} solved, {unsolved:,} without solution, {stopped:,} stopped,"
        f" {malformed:,} malformed; {seconds:.3f} s, {rate:,.0f} puzzles/s on {workers} process(es)",
        markup=False,
        soft_wrap=True,
    )
    if Status.INTERRUPTED in statuses:
        finish(Status.INTERRUPTED)
    raise typer.Exit(EXIT_BAD_INPUT if malformed else 1 if unsolved else 3 if stopped else 0)


def _compiled(puzzles: list[Sudoku], unique: bool, workers: int, progress: Progress | None) -> tuple[list[_Row], int]:
    """The compiled batch: no Python work per puzzle while solving; solutions written out at
    once."""
    batch = solve_many(puzzles, unique=unique, workers=workers, progress=progress)
    texts = batch.lines(puzzles[0].alphabet) if puzzles else []
    rows = []
    for text, found, (nodes, tries, backtracks) in zip(
        texts, batch.found.tolist(), batch.counters.tolist(), strict=True
    ):
        status = Status.FOUND if found else Status.NONE
        rows.append(_Row(status, text or None, Stats(nodes, tries, backtracks), found if unique else None))
    if batch.interrupted:  # the line where Ctrl-C stopped the batch says so
        rows.append(_Row(Status.INTERRUPTED, None, Stats()))
    return rows, batch.workers


def _one_by_one(
    puzzles: list[Sudoku], method: str, unique: bool, limits: Limits, progress: Progress | None
) -> list[_Row]:
    """Each puzzle under its own limits; Ctrl-C ends the batch after the puzzle it stopped."""
    rows = []
    results = solve_each(puzzles, method=method, unique=unique, limits=limits)
    for done, (puzzle, result) in enumerate(zip(puzzles, results, strict=False), start=1):  # Ctrl-C ends it early
        solution = None if result.solution is None else puzzle.line(result.solution)
        count = result.count if isinstance(result, SudokuCount) else None
        rows.append(_Row(result.status, solution, result.stats, count))
        if progress is not None:
            progress(done, len(puzzles))
    return rows
