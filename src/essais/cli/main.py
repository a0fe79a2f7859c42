"""The `essais` command."""

from __future__ import annotations

import typer

from essais.cli.color import color
from essais.cli.common import err_console
from essais.cli.distances import distances
from essais.cli.queens import queens
from essais.cli.sudoku import sudoku
from essais.cli.swap import swap
from essais.cli.tour import tour
from essais.cli.uncrossed import uncrossed
from essais.core.result import Status

app = typer.Typer(
    name="essais",
    help="Backtracking and state-space search, with the counters to study it.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
app.command()(tour)
app.command()(distances)
app.command()(uncrossed)
app.command()(swap)
app.command()(queens)
app.command()(color)
app.command()(sudoku)


@app.callback()
def _root() -> None:
    """Backtracking and state-space search, with the counters to study it."""


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:  # Ctrl-C outside a search (searches report their counters themselves)
        err_console.print("essais: interrupted")
        raise SystemExit(Status.INTERRUPTED.exit_code) from None
