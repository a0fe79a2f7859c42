"""`essais sudoku`: Sudoku (002, SPEC §2.5): one puzzle, or a file of them."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from essais.cli.common import (
    JsonFlag,
    NodeLimit,
    TimeLimit,
    command,
    console,
    err_console,
    finish,
    make_limits,
    print_json,
    progress_bar,
)
from essais.core.errors import InvalidInput
from essais.core.parallel import default_workers
from essais.core.result import EXIT_BAD_INPUT, Stats, Status
from essais.render.text import histogram, stats_line
from essais.sudoku import Line, SudokuResult, count_sudoku, read_puzzles, solve_many, solve_sudoku


def _read(source: str, alphabet: str | None) -> tuple[str, list[Line]]:
    """PUZZLE is `-` (stdin), a file, or the grid itself."""
    if source == "-":
        return "stdin", read_puzzles(sys.stdin.read(), alphabet=alphabet, name="stdin")
    path = Path(source)
    if path.is_file():
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise InvalidInput(f"{source}: cannot read it ({error})") from None
        return source, read_puzzles(text, alphabet=alphabet, name=source)
    if "/" in source or path.suffix in (".txt", ".sdk", ".ss"):  # meant as a file, surely
        raise InvalidInput(f"{source}: no such file")
    return "puzzle", read_puzzles(source, alphabet=alphabet, name="puzzle")


@command
def sudoku(
    puzzle: Annotated[
        str, typer.Argument(help="The grid (81 characters, . or 0 empty), a file of grids, or - for stdin.")
    ],
    method: Annotated[
        str, typer.Option(help="propagate (candidate sets and singles; numba) or textbook (002).")
    ] = "propagate",
    engine: Annotated[str, typer.Option(help="numba or python (textbook only).")] = "numba",
    count: Annotated[bool, typer.Option("--count", help="Count every solution (002 Q1).")] = False,
    limit: Annotated[int | None, typer.Option(help="With --count: stop after K solutions.", metavar="K")] = None,
    unique: Annotated[bool, typer.Option("--unique", help="Is the solution unique? (stops at the second)")] = False,
    alphabet: Annotated[
        str | None, typer.Option(help="The symbols of the values 1..n (default 1-9 then A, B, …).", metavar="S")
    ] = None,
    workers: Annotated[
        int | None, typer.Option(help="A file of puzzles: processes to use (default: every core).", metavar="W")
    ] = None,
    time_limit: TimeLimit = None,
    node_limit: NodeLimit = None,
    as_json: JsonFlag = False,
) -> None:
    """Solve a Sudoku (9×9, 16×16, 25×25…), count its solutions, or solve a whole file of them."""
    if workers is not None and workers < 1:
        raise InvalidInput(f"--workers: {workers} must be at least 1")
    name, lines = _read(puzzle, alphabet)
    if len(lines) > 1:
        one_at_a_time = {"--count": count, "--limit": limit, "--time-limit": time_limit, "--node-limit": node_limit}
        given = [option for option, value in one_at_a_time.items() if value not in (None, False)]
        if given:
            raise InvalidInput(f"{', '.join(given)}: for one puzzle; {name} holds {len(lines)}")
        _batch(name, lines, method, unique, workers or default_workers(), as_json)
    if lines[0].puzzle is None:
        raise InvalidInput(str(lines[0].error))
    grid = lines[0].puzzle
    limits = make_limits(time_limit, node_limit)
    if unique:
        count, limit = True, 2
    if count:
        result = count_sudoku(grid, method=method, engine=engine, limit=limit, limits=limits)
    elif limit is not None:
        raise InvalidInput("--limit: it applies to --count (stop after K solutions)")
    else:
        result = solve_sudoku(grid, method=method, engine=engine, limits=limits)
    if as_json:
        print_json(result.to_dict())
    else:
        _show(result, unique)
    finish(Status.NONE if unique and result.count == 0 else result.status)


def _show(result: SudokuResult, unique: bool) -> None:
    grid = result.puzzle
    if result.solution is not None:
        console.print(grid.text(result.solution), markup=False)
        console.print(grid.line(result.solution), markup=False)
    if result.count is not None:
        more = "" if result.status == Status.COMPLETE else f" ({result.status}: at least)"
        console.print(f"{result.count:,} solutions{more}")
        if unique:
            console.print("unique" if result.count == 1 else "not unique" if result.count > 1 else "no solution")
    elif result.status == Status.NONE:
        console.print("no solution (the search is complete)")
    elif not result.found:
        console.print(f"stopped ({result.status}) before a solution was found")
    if result.stats.depths:
        console.print(histogram(dict(enumerate(result.stats.depths)), "depth", "calls"))
    console.print(stats_line(result.stats))


def _batch(name: str, lines: list[Line], method: str, unique: bool, workers: int, as_json: bool) -> None:
    """Every puzzle of the file, solutions in input order (one line each), a summary on stderr;
    exit 2 if a line was malformed, else 1 if one had no solution, else 0."""
    if method != "propagate":
        raise InvalidInput("--method: a file of puzzles is solved with propagate")
    good = [line for line in lines if line.puzzle is not None]
    sizes = {line.puzzle.box for line in good if line.puzzle is not None}
    if len(sizes) > 1:
        raise InvalidInput(f"{name}: its grids have different sizes")
    with progress_bar("puzzles") as progress:
        batch = solve_many(
            [line.puzzle for line in good if line.puzzle is not None], unique=unique, workers=workers, progress=progress
        )
    results = dict(zip((line.number for line in good), range(len(good)), strict=True))
    texts = batch.lines(good[0].puzzle.alphabet) if good and good[0].puzzle is not None else []
    unsolved = 0
    out = []
    for line in lines:
        if line.puzzle is None:
            err_console.print(f"essais: {line.error}", markup=False, soft_wrap=True)
            out.append('{"status": "invalid"}' if as_json else "")
            continue
        i = results[line.number]
        found = int(batch.found[i])
        solution = texts[i] or None
        unsolved += found == 0
        if as_json:
            nodes, tries, backtracks = (int(x) for x in batch.counters[i])
            document: dict[str, Any] = {
                "status": "found" if found else "none",
                "found": bool(found),
                "solution": solution,
            }
            if unique:
                document["count"] = found
            document["stats"] = Stats(nodes, tries, backtracks).to_dict()
            out.append(json.dumps(document))
        else:
            out.append(solution or f"# line {line.number}: no solution")
            if unique and found > 1:
                out[-1] += "  # not unique"
    sys.stdout.write("\n".join(out) + "\n")
    rate = len(good) / batch.seconds if batch.seconds else float("inf")
    malformed = len(lines) - len(good)
    err_console.print(
        f"{len(lines):,} lines: {len(good) - unsolved:,} solved, {unsolved:,} without solution,"
        f" {malformed:,} malformed; {batch.seconds:.3f} s, {rate:,.0f} puzzles/s on {batch.workers} process(es)",
        markup=False,
        soft_wrap=True,
    )
    raise typer.Exit(EXIT_BAD_INPUT if malformed else 1 if unsolved else 0)
