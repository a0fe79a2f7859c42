"""What every command shares: printing, JSON, limits, and the error edge (SPEC §1.3)."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from essais.core.errors import EssaisError
from essais.core.limits import Limits
from essais.core.result import EXIT_BAD_INPUT, Status

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

TimeLimit = Annotated[
    float | None,
    typer.Option(
        "--time-limit", help="Stop after S seconds (for each start or puzzle of a table or file).", metavar="S"
    ),
]
NodeLimit = Annotated[
    int | None,
    typer.Option("--node-limit", help="Stop after N nodes (for each start or puzzle of a table or file).", metavar="N"),
]
JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON (JSON Lines for streams) instead of text.")]


@contextmanager
def progress_bar(what: str) -> Iterator[Callable[[int, int], None] | None]:
    """A progress bar on stderr for long counts (none when stderr is not a terminal). It starts
    at the first report, so that worker processes are forked before its thread exists."""
    if not err_console.is_terminal:
        yield None
        return
    progress = Progress(
        TextColumn(what), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=err_console, transient=True
    )
    task = progress.add_task(what, start=False)

    def report(done: int, total: int) -> None:
        if not progress.live.is_started:
            progress.start()
            progress.start_task(task)
        progress.update(task, completed=done, total=total)

    try:
        yield report
    finally:
        progress.stop()


def make_limits(time_limit: float | None, node_limit: int | None) -> Limits:
    return Limits(time=time_limit, nodes=node_limit)


def print_json(document: dict[str, Any]) -> None:
    """One JSON document (or one JSON Lines record) on stdout, flushed at once."""
    sys.stdout.write(json.dumps(document) + "\n")
    sys.stdout.flush()


def finish(status: Status) -> None:
    """Leave with the exit status of SPEC §1.3."""
    raise typer.Exit(status.exit_code)


@contextmanager
def bad_input_exits() -> Iterator[None]:
    """The package's errors become one line on stderr and exit status 2, never a traceback."""
    try:
        yield
    except EssaisError as error:
        err_console.print(f"essais: error: {error}", markup=False, soft_wrap=True)
        raise typer.Exit(EXIT_BAD_INPUT) from None
    except OSError as error:  # a file named on the command line that cannot be used
        where = f"{error.filename}: " if error.filename else ""
        err_console.print(f"essais: error: {where}{error.strerror or error}", markup=False, soft_wrap=True)
        raise typer.Exit(EXIT_BAD_INPUT) from None


def command(function: Callable[..., None]) -> Callable[..., None]:
    """Wrap a command body so that bad input exits cleanly."""

    @functools.wraps(function)
    def wrapped(*args: Any, **kwargs: Any) -> None:
        with bad_input_exits():
            function(*args, **kwargs)

    return wrapped
