"""The options every command shares (limits, JSON, pictures, workers, engine) and the help's
examples and exit statuses."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from essais.core.limits import Limits, parse_size
from essais.core.recording import DEFAULT_EVENTS

EXAMPLE_WIDTH = 56  # a longer example has its comment on the next line


EXIT_CODES = "0 found or complete, 1 none, 2 bad input, 3 limit, 70 internal error, 130 interrupted"


def time_limit_option(scope: str = "") -> Any:
    return Annotated[
        float | None,
        typer.Option(
            "--time-limit", help=f"Stop after S seconds{scope}: status limit, exit 3, the counters so far.", metavar="S"
        ),
    ]


def node_limit_option(scope: str = "") -> Any:
    return Annotated[
        int | None,
        typer.Option("--node-limit", help=f"Stop after N nodes{scope}: status limit, exit 3.", metavar="N"),
    ]


TimeLimit = time_limit_option()


MemoryLimit = Annotated[
    str | None,
    typer.Option(
        "--memory-limit",
        help="Refuse work that would take more memory than SIZE (500M, 2G; summed over workers;"
        " default: 80% of the memory available).",
        metavar="SIZE",
    ),
]


NodeLimit = node_limit_option()


JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON (JSON Lines for streams) instead of text.")]


Scheduler = Annotated[
    str | None,
    typer.Option(help="Counts: run on the Dask cluster at ADDR, or 'local' (needs essais[dask]).", metavar="ADDR"),
]


Checkpoint = Annotated[
    Path | None,
    typer.Option(
        help="Split searches: record finished sub-trees in this SQLite file and resume from it.", metavar="FILE"
    ),
]


Spill = Annotated[
    Path | None,
    typer.Option(
        help="Counts by method frontier: where a step whose tables outgrow the memory (--memory-limit, else "
        "what is available) writes them (a folder made inside DIR, removed at the end; default: the "
        "system's temporary folder).",
        metavar="DIR",
    ),
]


SvgFile = Annotated[Path | None, typer.Option("--svg", help="Draw the answer into FILE (SVG).", metavar="FILE")]


AnimateLimit = Annotated[
    int | None,
    typer.Option(help=f"With --animate: record at most N events (default {DEFAULT_EVENTS:,}).", metavar="N"),
]
TreeFile = Annotated[
    Path | None,
    typer.Option(
        "--tree",
        help="Draw the search tree into FILE (SVG): a dot a call, red marks for the tries refused, solutions "
        "in green (runs the python engine; at most 5,000 nodes).",
        metavar="FILE",
    ),
]
PngFile = Annotated[
    Path | None, typer.Option("--png", help="Draw the answer into FILE (PNG; its size set by --dpi).", metavar="FILE")
]


Dpi = Annotated[
    int | None,
    typer.Option(help="With --png: pixels per inch (default 96: the size of the SVG in pixels).", metavar="N"),
]


def workers_option(what: str = "Counts") -> Any:
    return Annotated[int | None, typer.Option(help=f"{what}: processes to run on (default: every core).", metavar="W")]


Engine = Annotated[
    str, typer.Option(help="numba (compiled) or python (the textbook code, about 100× slower).", metavar="ENGINE")
]


def epilog(examples: Sequence[tuple[str, str]]) -> str:
    """The end of a command's help: examples with what they show, and the exit codes."""
    width = min(EXAMPLE_WIDTH, max(len(command) for command, _ in examples))
    lines = [
        f"  {command:<{width}}  # {what}" if len(command) <= width else f"  {command}\n  {'':<{width}}  # {what}"
        for command, what in examples
    ]
    return "\b\nExamples:\n" + "\n".join(lines) + f"\n\n\b\nExit status: {EXIT_CODES}."


def make_limits(time_limit: float | None, node_limit: int | None, memory_limit: str | None = None) -> Limits:
    """The command's limits; its time limit counts from now: reading its input, set-up and
    search (Limits.per_search for a limit on each search of a table or a file)."""
    memory = parse_size(memory_limit) if memory_limit is not None else None
    return Limits(time=time_limit, nodes=node_limit, memory=memory).from_now()
