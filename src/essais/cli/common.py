"""How every command runs: the `command` wrapper (the error edge: bad input as one line and
exit 2, what a terminal shows while work goes on), the exit of a finished command, options
refused when they would do nothing, the library's parameters named as the command's flags."""

from __future__ import annotations

import functools
import multiprocessing
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

import typer

from essais.cli.exits import EXIT_BAD_INPUT, exit_code
from essais.cli.terminal import WATCHER, console, err_console, fit_consoles
from essais.core.errors import EssaisError, InvalidInput
from essais.core.limits import SearchStopped
from essais.core.result import Status


def finish(status: Status) -> NoReturn:
    """Leave with the exit status of `status` (cli/exits.py; a signal also says so on stderr)."""
    if status == Status.INTERRUPTED:
        say_interrupted()
    raise typer.Exit(exit_code(status))


_SAID: list[bool] = []


def forget_interrupted() -> None:
    _SAID.clear()


def say_interrupted() -> None:
    """The one line that ends a run stopped by Ctrl-C or SIGTERM (said once)."""
    if not _SAID:
        _SAID.append(True)
        err_console.print("essais: interrupted")


def end_interrupted_now(signum: int) -> NoReturn:
    """After a signal, when compiled code loads (a first compilation can take 10 s: no search
    has run, nothing to report but the interruption) or when the run has not ended within
    core.signals.GRACE_SECONDS: the process ends here."""
    for child in multiprocessing.active_children():  # worker processes would outlive it
        child.kill()
    WATCHER.silence()
    say_interrupted()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(128 + signum)


def refuse_unused(**options: tuple[object, bool]) -> None:
    """Refuse options that would do nothing: `name=(value, used)` for each; an option given
    (its value not None or False) where `used` is false is bad input."""
    for name, (value, used) in options.items():
        if value not in (None, False) and not used:
            raise InvalidInput(f"--{name.replace('_', '-')}: {UNUSED.get(name, 'it does nothing here')}")


def recording_engine(engine: str | None, tree: Path | None, animate: Path | None) -> str | None:
    """The engine of a run that draws its tree (--tree) or its page (--animate): the python
    engine, which records the search; another engine named with them is refused."""
    if tree is None and animate is None:
        return engine
    if engine not in (None, "python"):
        raise InvalidInput(f"--{'tree' if tree is not None else 'animate'}: the python engine records the search; "
                           f"leave out --engine {engine}")  # fmt: skip
    return "python"


UNUSED = {
    "svg": "there is no picture of a list of solutions, a single count or a batch of puzzles",
    "png": "there is no picture of a list of solutions, a single count or a batch of puzzles",
    "dpi": "it sets the size of a PNG; add --png FILE",
    "depths": "it plots the search of a single puzzle",
    "animate": "it replays one search (for one solution, or a count where watched), not a list, a table, a file",
    "animate_limit": "it bounds the events --animate records; add --animate FILE.html",
    "output": "it writes the tour of a single search",
    "checkpoint": "it records the sub-trees of a split count; add --count or --distinct",
    "workers": "it spreads a count (or a table of starts) over processes; nothing here to spread",
    "scheduler": "it runs the sub-trees of a split count; add --count or --distinct",
    "tree": "it draws the search for one solution, or a count (--count); not a list, a table or walks",
    "restarts": "they restart the search for one solution or the best one, not a count, a list, a tree or a page",
    "spill": "it is where a frontier count (--count --method frontier) writes the steps that outgrow the memory",
}


# C0 and C1 controls and the line and paragraph separators: every character that ends a line for
# Python's str.splitlines or a terminal (found by the fuzzing: a file named "\x85" split the message)
_ESCAPES = {code: f"\\x{code:02x}" for code in [*range(32), *range(127, 160)]} | {
    0x2028: "\\u2028",
    0x2029: "\\u2029",
    ord("\n"): "\\n",
    ord("\r"): "\\r",
    ord("\t"): "\\t",
}


def one_line(text: str) -> str:
    """A message on one line: control characters (a newline in an argument, say) escaped."""
    return text.translate(_ESCAPES)


# The library names its Python parameters in its errors; the command line names its flags.
FLAG_OF_PARAMETER = {
    "max_events": "--animate-limit",
    **{name: "--" + name.replace("_", "-") for name in (
        "time_limit", "node_limit", "memory_limit", "workers", "scheduler", "checkpoint", "start", "method", "methods",
        "engine", "limit", "seed", "attempts", "until_found", "output", "moves", "order", "dpi", "beat", "probes",
        "animate", "svg", "png", "closed", "distinct", "unique", "spill", "pieces", "fixed",
    )},
}  # fmt: skip


def in_flags(message: str) -> str:
    """An error message of the library with its leading parameter named as the command's flag
    (`time_limit: …` → `--time-limit: …`)."""
    parameter, colon, rest = message.partition(":")
    flag = FLAG_OF_PARAMETER.get(parameter) if colon else None
    return f"{flag}:{rest}" if flag else message


@contextmanager
def bad_input_exits() -> Iterator[None]:
    """The package's errors become one line on stderr and exit status 2, never a traceback."""
    try:
        yield
    except EssaisError as error:
        err_console.print(f"essais: error: {one_line(in_flags(str(error)))}")
        raise typer.Exit(EXIT_BAD_INPUT) from None
    except OSError as error:  # a file named on the command line that cannot be used
        where = f"{error.filename}: " if error.filename else ""
        err_console.print(f"essais: error: {one_line(f'{where}{error.strerror or error}')}")
        raise typer.Exit(EXIT_BAD_INPUT) from None


def command(function: Callable[..., None]) -> Callable[..., None]:
    """Wrap a command body: bad input exits cleanly, data is never wrapped, and a terminal
    shows what goes on while nothing is printed yet (not with --json, not on a pipe)."""

    @functools.wraps(function)
    def wrapped(*args: Any, **kwargs: Any) -> None:
        fit_consoles()
        watching = console.is_terminal and err_console.is_terminal and not kwargs.get("as_json")
        if watching:
            WATCHER.start()
        try:
            with bad_input_exits():
                function(*args, **kwargs)
        except KeyboardInterrupt:  # Ctrl-C outside a search (a search reports its counters itself)
            finish(Status.INTERRUPTED)
        except SearchStopped as stop:  # a limit or a signal while the input was read or made ready
            err_console.print(
                f"essais: stopped ({stop.status}) while reading or preparing the input, before any search"
            )
            finish(stop.status)
        finally:
            WATCHER.silence()

    return wrapped
