"""The `essais` command: its sub-commands, their help's examples, and the edge where usage
errors and interruptions become one line and an exit status."""

from __future__ import annotations

import importlib
import re
import signal
import sys
from collections.abc import Sequence
from typing import Annotated, Any

import typer
from typer.core import TyperCommand, TyperGroup

try:  # recent typer releases carry their own copy of click
    from typer._click.exceptions import NoArgsIsHelpError, UsageError
except ImportError:  # pragma: no cover - older typer, on click itself
    from click.exceptions import NoArgsIsHelpError, UsageError  # type: ignore[assignment]

from essais import __version__
from essais.cli.common import end_interrupted_now, forget_interrupted, one_line, say_interrupted
from essais.cli.exits import EXIT_BAD_INPUT, EXIT_INTERNAL_ERROR
from essais.cli.options import epilog
from essais.cli.terminal import err_console, fit_consoles
from essais.core import signals


class _Command(TyperCommand):
    """Typer's command, whose help names each value by its metavar alone (typer would add
    `<str>` or `<bool>`) and writes a required argument as it is typed (not `{SIZE}`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for param in self.params:  # an option shows its metavar (none for a flag), an argument its name
            metavar = None if param.param_type_name == "argument" else param.metavar
            param.display_type_rich = lambda ctx, metavar=metavar: metavar  # type: ignore[method-assign, attr-defined]

    def get_help(self, ctx: Any) -> str:
        return re.sub(r"\{([A-Z]+)\}", r"\1", super().get_help(ctx))


class _Commands(TyperGroup):
    """Typer's group, whose usage errors (an unknown option, a word where a number goes) are one
    line naming the option, exit 2, like every other bad input."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        fit_consoles()
        try:
            code = self._run(args, prog_name, complete_var, windows_expand_args, **extra)
        finally:  # the next run in this process (tests call the command line in-process) starts afresh
            signals.forget()
            forget_interrupted()
        if not standalone_mode:
            return code
        sys.exit(code if isinstance(code, int) else 0)

    def _run(
        self, args: Sequence[str] | None, prog_name: str | None, complete_var: str | None,
        windows_expand_args: bool, **extra: Any,
    ) -> int:  # fmt: skip
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except NoArgsIsHelpError as error:
            err_console.print(error.ctx.get_help() if error.ctx else str(error))
            code = EXIT_BAD_INPUT
        except UsageError as error:
            where = error.ctx.command_path if error.ctx else "essais"
            err_console.print(f"essais: error: {one_line(error.format_message())} (see '{where} -h')")
            code = EXIT_BAD_INPUT
        except (typer.Abort, KeyboardInterrupt):
            say_interrupted()
            code = signals.exit_code()
        except Exception as error:  # a bug escaped (MemoryError included): one line, never exit 1
            message = one_line(f"{type(error).__name__}: {error}")
            err_console.print(f"essais: internal error: {message} (a bug: please report it with the command you ran)")
            code = EXIT_INTERNAL_ERROR
        if signals.received() is not None and code not in (EXIT_BAD_INPUT, EXIT_INTERNAL_ERROR):
            say_interrupted()  # (typer turns a KeyboardInterrupt while it parses into a silent exit 130)
            code = signals.exit_code()
        return code if isinstance(code, int) else 0


app = typer.Typer(
    cls=_Commands,
    name="essais",
    help="Backtracking and state-space search, with the counters to study it.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
# The sub-commands, in the order the help lists them: each is the function of the same name in
# the module essais.cli.<name>.
COMMANDS = (
    "tour", "distances", "uncrossed", "swap", "queens", "color", "sudoku", "cover", "polyomino", "langford", "csp",
    "fzn", "minizinc", "compare", "warmup",
)  # fmt: skip


def add_commands(words: Sequence[str] = ()) -> None:
    """Put the sub-commands on `app`: the one a command line's `words` begin with, alone, when
    they name one (the others' modules, and the libraries they import, are then not loaded:
    0.04 to 0.11 s less a command, measured), else all of them (help, --version, a misspelt
    name, which typer then refuses as before)."""
    named = [words[0]] if words and words[0] in COMMANDS else COMMANDS
    added = {info.callback.__name__ for info in app.registered_commands if info.callback is not None}
    for name in named:
        if name not in added:
            module = importlib.import_module(f"essais.cli.{name}")
            app.command(cls=_Command, epilog=epilog(module.EXAMPLES))(getattr(module, name))


def _show_version(value: bool) -> None:
    if value:
        print(f"essais {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", help="Print the version and exit.", callback=_show_version, is_eager=True)
    ] = False,
) -> None:
    """Backtracking and state-space search, with the counters to study it."""


def run() -> int:
    """Run the command line and return its exit status (essais.cli.main is the entry point: it
    takes charge of signals first)."""
    if hasattr(signal, "SIGPIPE"):  # a reader that stops reading (| head) ends essais quietly, like cat
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    signals.end_process_on_signal(end_interrupted_now)
    try:
        code = app(standalone_mode=False)
    except KeyboardInterrupt:  # a signal in the last instants, after the command's own guard
        say_interrupted()
        return signals.exit_code()
    return code if isinstance(code, int) else 0
