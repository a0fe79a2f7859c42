"""`essais uncrossed`: the longest uncrossed knight's path, proved optimal (SPEC §2.3)."""

from __future__ import annotations

from contextlib import nullcontext
from typing import Annotated

import typer

from essais.cli.common import (
    Checkpoint,
    Dpi,
    Engine,
    JsonFlag,
    MemoryLimit,
    NodeLimit,
    Pictures,
    PngFile,
    SvgFile,
    TimeLimit,
    command,
    console,
    finish,
    make_limits,
    plural,
    print_json,
    progress_bar,
    workers_option,
)
from essais.core.board import Board, format_square
from essais.render.text import numbered_board, stats_line
from essais.uncrossed import longest_uncrossed

EXAMPLES = [
    ("essais uncrossed 7", "24 jumps, proved in about half a second"),
    ("essais uncrossed 7 --closed", "a closed path of 24 jumps (OEIS A157416)"),
    ("essais uncrossed 8 --time-limit 10", "the best path found in 10 s (35 jumps when proved)"),
    ("essais uncrossed 8 --method parallel", "35 jumps, proved on every core"),
    ("essais uncrossed 9 --method parallel --checkpoint u9.sqlite", "Ctrl-C, then the same line resumes"),
]


@command
def uncrossed(
    size: Annotated[str, typer.Argument(help="Board size: N (N×N) or RxC (R rows, C columns).", metavar="SIZE")],
    closed: Annotated[
        bool, typer.Option("--closed", help="A closed path: the last move returns to the start.")
    ] = False,
    method: Annotated[
        str | None,
        typer.Option(
            help="bound (one process, the same counters in both engines) or parallel (sub-trees on every"
            " core sharing the best length found; numba; its counters depend on the timing).",
            metavar="METHOD",
        ),
    ] = None,
    engine: Engine = "numba",
    workers: workers_option("Method parallel") = None,  # type: ignore[valid-type]
    checkpoint: Checkpoint = None,
    time_limit: TimeLimit = None,
    node_limit: NodeLimit = None,
    memory_limit: MemoryLimit = None,
    svg: SvgFile = None,
    png: PngFile = None,
    dpi: Dpi = None,
    as_json: JsonFlag = False,
) -> None:
    """The longest knight's path whose moves never cross, found and proved optimal."""
    board = Board.parse(size)
    pictures = Pictures.make(svg, png, dpi)
    limits = make_limits(time_limit, node_limit, memory_limit)
    with progress_bar("sub-trees") if method == "parallel" else nullcontext() as progress:
        result = longest_uncrossed(
            board, closed=closed, method=method, engine=engine, limits=limits, workers=workers,
            checkpoint=checkpoint, progress=progress,
        )  # fmt: skip
    pictures.write(result)
    if as_json:
        print_json(result.to_dict())
        finish(result.status)
    kind = "closed uncrossed path" if closed else "uncrossed path"
    if result.optimal:
        console.print(f"longest {kind} on {board}: {plural(result.jumps, 'jump')} (proved optimal)")
    else:
        console.print(
            f"stopped ({result.status}): the longest {kind} so far on {board}: {plural(result.jumps, 'jump')}"
        )
    picture = board.numbered(result.path)
    console.print(numbered_board(picture, result.path), end="")
    console.print(f"from {format_square(result.path[0])} to {format_square(result.path[-1])}")
    if result.split is not None and not result.optimal:
        done, total = result.split["done"], result.split["total"]
        console.print(f"{done:,} of {total:,} sub-trees finished" + (" (saved)" if checkpoint else ""))
    console.print(stats_line(result.stats))
    finish(result.status)
