"""`essais sudoku`: Sudoku (002): one puzzle, or a file of them."""

from __future__ import annotations

import json
import stat
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from essais.cli.common import command, finish, refuse_unused
from essais.cli.exits import EXIT_BAD_INPUT
from essais.cli.options import (
    AnimateLimit,
    Dpi,
    Engine,
    JsonFlag,
    MemoryLimit,
    PngFile,
    SvgFile,
    TreeFile,
    make_limits,
    node_limit_option,
    time_limit_option,
)
from essais.cli.output import (
    Pictures,
    check_folder,
    plot_format,
    print_json,
    watched,
    write_bytes_out,
    write_out,
    write_replay,
    write_tree,
)
from essais.cli.terminal import console, err_console, progress_bar
from essais.core.errors import InvalidInput
from essais.core.limits import Limits
from essais.core.parallel import default_workers
from essais.core.recording import DEFAULT_EVENTS
from essais.core.result import Status
from essais.draw.player import Replay
from essais.draw.plots import depths_figure, save_figure
from essais.draw.terminal import histogram, stats_line
from essais.sudoku import (
    BatchBlock,
    LineResult,
    PuzzleFile,
    Sudoku,
    SudokuCount,
    SudokuResult,
    check_limits,
    count_sudoku,
    is_unique,
    open_puzzles,
    parse_sudoku,
    read_file,
    resolve_method,
    solutions_written,
    solve_file,
    solve_lines,
    solve_sudoku,
    watch_sudoku,
)


def _read(source: str, alphabet: str | None) -> tuple[str, Sudoku | PuzzleFile]:
    """PUZZLE is `-` (stdin), a file, or the grid itself; a file of grids is read as it is
    solved (open_puzzles reads its first block only)."""
    if source == "-":
        return "stdin", open_puzzles(sys.stdin.buffer, name="stdin", alphabet=alphabet)
    path = Path(source)
    try:
        status = path.stat()
    except OSError:  # no such file (or a grid too long to be a file name)
        status = None
    if status is not None and stat.S_ISDIR(status.st_mode):
        raise InvalidInput(f"{source}: a folder, not a file of puzzles")
    if status is not None:  # a file, or a pipe (<(…), /dev/stdin): its size is known for a file alone
        size = status.st_size if stat.S_ISREG(status.st_mode) else None
        try:
            return source, open_puzzles(path.open("rb"), name=source, alphabet=alphabet, size=size)
        except OSError as error:
            raise InvalidInput(f"{source}: cannot read it ({error.strerror or error})") from None
    if "/" in source or path.suffix in (".txt", ".sdk", ".ss"):  # meant as a file, surely
        raise InvalidInput(f"{source}: no such file")
    return "puzzle", parse_sudoku(source, alphabet=alphabet, name="puzzle")


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
            help="bitwise (9×9 grids as bit sets; numba; the default for 9×9), propagate (candidate sets, "
            "dom/wdeg; numba; the default for larger grids), textbook (002; the default with --engine python), "
            "or sat (large grids; needs the extra essais[sat]).",
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
        int | None, typer.Option(help="A file of puzzles: threads to use (default: every core).", metavar="W")
    ] = None,
    time_limit: time_limit_option(" (for a file: for each puzzle)") = None,  # type: ignore[valid-type]
    node_limit: node_limit_option(" (for a file: for each puzzle)") = None,  # type: ignore[valid-type]
    memory_limit: MemoryLimit = None,
    svg: SvgFile = None,
    tree: TreeFile = None,
    animate: Annotated[
        Path | None,
        typer.Option(
            help="Write FILE.html, a page that replays 002's search value by value (one puzzle; to the first "
            "solution, or every one with --count; runs the python engine).",
            metavar="FILE",
        ),
    ] = None,
    animate_limit: AnimateLimit = None,
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
    name, source = _read(puzzle, alphabet)
    many = isinstance(source, PuzzleFile)
    refuse_unused(workers=(workers, many), depths=(depths, not many), tree=(tree, not many),
                  animate=(animate, not (many or unique or limit is not None)),
                  animate_limit=(animate_limit, animate is not None))  # fmt: skip
    check_folder("--tree", tree)
    check_folder("--animate", animate)
    if tree is not None or animate is not None:
        engine = "python"  # the engine that records the tree and the events
    method = resolve_method(method, engine, source.box)[0]
    if depths is not None and plot_format("--depths", depths) and method != "textbook":
        raise InvalidInput(f"--depths: method {method} does not record its calls per depth; use --method textbook")
    pictures = Pictures.make(
        svg, png, dpi, used=not many and not count and not unique,
        other_png=depths is not None and depths.suffix.lower() == ".png",
    )  # fmt: skip
    if isinstance(source, PuzzleFile):
        one_at_a_time = {"--count": count, "--limit": limit}
        given = [option for option, value in one_at_a_time.items() if value not in (None, False)]
        if given:
            raise InvalidInput(f"{', '.join(given)}: for one puzzle; {name} holds many")
        one_by_one = time_limit is not None or node_limit is not None or method == "sat"  # (SAT: one at a time)
        _batch(source, method, unique, workers or default_workers(), limits.per_search(), one_by_one, as_json)
    grid = source
    if limit is not None and not count:
        raise InvalidInput("--limit: it applies to --count (stop after K solutions)")

    if animate is not None:
        _watch(grid, count, animate, animate_limit, limits, tree, as_json)

    def search() -> SudokuResult | SudokuCount:
        if unique:
            return is_unique(grid, method=method, engine=engine, limits=limits)
        if count:
            return count_sudoku(grid, method=method, engine=engine, limit=limit, limits=limits)
        return solve_sudoku(grid, method=method, engine=engine, limits=limits)

    title = f"the search tree of the {grid.n}x{grid.n} grid ({method})"
    result = write_tree(tree, search, title) if tree is not None else search()
    if not (unique or count):
        pictures.write(result)
    if depths is not None:
        save_figure(depths_figure(result.stats), depths, pictures.dpi, plot_format("--depths", depths))
    if as_json:
        print_json(result.to_dict())
    else:
        _show(result, method)
    finish(result.status)


def _show(result: SudokuResult | SudokuCount, method: str) -> None:
    """The result's text (its headline, the grid and its line), the calls per depth where the
    method records them, and the counters."""
    console.print(result.headline(), markup=False)
    if result.text():
        console.print(result.text(), markup=False, soft_wrap=True)
    if not result.status.finished and result.puzzle is not None and result.puzzle.box >= 5 and method == "propagate":
        console.print("large grids can need clause learning: try --method sat")
    if result.stats.depths:
        console.print(histogram(dict(enumerate(result.stats.depths)), "depth", "calls"))
    console.print(stats_line(result.stats))


@dataclass
class _Tally:
    """What a file's lines came to, for the summary line and the exit status."""

    solved: int = 0
    unsolved: int = 0
    stopped: int = 0
    malformed: int = 0
    last: int = 0  # the number of the last line written
    interrupted: bool = False

    @property
    def lines(self) -> int:
        return self.solved + self.unsolved + self.stopped + self.malformed

    def exit(self) -> NoReturn:
        if self.interrupted:
            finish(Status.INTERRUPTED)
        raise typer.Exit(EXIT_BAD_INPUT if self.malformed else 1 if self.unsolved else 3 if self.stopped else 0)


def _batch(
    puzzles: PuzzleFile, method: str, unique: bool, workers: int, limits: Limits, one_by_one: bool, as_json: bool
) -> NoReturn:
    """Every puzzle of the file, solutions in input order (one line each) written block after
    block as they are solved, a summary on stderr; exit 2 if a line was malformed, else 1 if one
    had no solution, else 3 if a limit stopped one, else 0. The puzzles go to the compiled
    batch solver, or `one_by_one` under `limits` each (a time or node limit, SAT). Ctrl-C stops
    the batch: what was solved is written, then where it stopped."""
    if method == "textbook":
        raise InvalidInput("--method: a file of puzzles is solved with bitwise, propagate or sat")
    check_limits(method, limits)  # before the first line is written
    started, tally = time.perf_counter(), _Tally()
    with progress_bar("puzzles") as progress:
        blocks: Iterable[BatchBlock]
        if not one_by_one:
            workers = 1 if puzzles.small else workers
            blocks = solve_file(
                puzzles, method=method, unique=unique, workers=workers, progress=progress, limits=limits
            )
        else:
            workers, blocks = 1, read_file(puzzles)
        try:
            for block in blocks:
                if not one_by_one:
                    _write(block, puzzles.symbols, unique, as_json, tally)
                else:
                    _write_rows(
                        solve_lines(block, puzzles.symbols, method=method, unique=unique, limits=limits), as_json, tally
                    )
                if tally.interrupted:  # a puzzle solved on its own was stopped: its line says so
                    break
        except KeyboardInterrupt:  # between two blocks of the compiled batch
            tally.interrupted = True
            write_out(json.dumps({"status": "interrupted", "after_line": tally.last}) + "\n" if as_json
                      else f"# after line {tally.last}: interrupted\n")  # fmt: skip
    seconds = time.perf_counter() - started
    rate = (tally.lines - tally.malformed) / seconds if seconds else float("inf")
    err_console.print(
        f"{tally.lines:,} lines: {tally.solved:,} solved, {tally.unsolved:,} without solution,"
        f" {tally.stopped:,} stopped, {tally.malformed:,} malformed;"
        f" {seconds:.3f} s, {rate:,.0f} puzzles/s on {workers} thread(s)",
        markup=False,
        soft_wrap=True,
    )
    tally.exit()


def _write(block: BatchBlock, symbols: str, unique: bool, as_json: bool, tally: _Tally) -> None:
    """A solved block of the compiled batch, written out: at once from its arrays when every
    line has one solution (the common case), else line by line."""
    tally.last = int(block.numbers[-1]) if len(block) else tally.last
    written = None if as_json else solutions_written(block, symbols)
    if written is not None:
        tally.solved += len(block)
        write_bytes_out(written)
        return
    rows = block.rows(symbols, unique)
    _write_rows(rows, as_json, tally)


def _write_rows(rows: Iterable[LineResult], as_json: bool, tally: _Tally) -> None:
    out = []
    for row in rows:
        tally.last = row.number
        if row.status is None:
            tally.malformed += 1
            err_console.print(f"essais: {row.error}", markup=False, soft_wrap=True)
        elif row.status == Status.FOUND:
            tally.solved += 1
        elif row.status == Status.NONE:
            tally.unsolved += 1
        else:
            tally.stopped += 1
            if row.status == Status.INTERRUPTED:
                tally.interrupted = True
        out.append(json.dumps(row.to_dict()) if as_json else row.text())
        if tally.interrupted:
            break
    if out:
        write_out("\n".join(out) + "\n")


def _watch(
    grid: Sudoku, count: bool, page: Path, max_events: int | None, limits: Limits, tree: Path | None, as_json: bool
) -> NoReturn:
    """002's search recorded value by value (the python engine), its page written to `page`."""
    events = DEFAULT_EVENTS if max_events is None else max_events

    def watch() -> Replay:
        return watch_sudoku(grid, count=count, max_events=events, limits=limits)

    title = f"the search tree of the {grid.n}x{grid.n} grid (textbook)"
    replay = watched(watch, tree, title)
    write_replay(replay, page, as_json, lambda replay: _show(replay.result, "textbook"))
