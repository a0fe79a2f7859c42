"""What every command shares: the consoles, the common options, JSON, what a terminal shows
while work goes on, the help's examples and exit codes, and the error edge (SPEC §1.3)."""

from __future__ import annotations

import functools
import json
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from essais.cli.exits import EXIT_BAD_INPUT, exit_code
from essais.core.engine import compiled_code_loading
from essais.core.errors import EssaisError, InvalidInput
from essais.core.limits import Limits, SearchStopped, active_search, parse_size
from essais.core.result import Status, format_seconds
from essais.core.signals import STOP_SIGNALS
from essais.draw.plots import CSS_DPI, check_dpi

WIDE = 10_000  # the width of a console on a pipe or a file: data is never wrapped there
EXAMPLE_WIDTH = 56  # a longer example has its comment on the next line
EXAMPLE_WIDTH = 56  # a longer example has its comment on the next line
EXIT_CODES = "0 found or complete, 1 none, 2 bad input, 3 limit, 70 internal error, 130 interrupted"


class _Console(Console):
    """A console that first silences the display of work under way (a spinner must not mix
    with output), and never reads markup: text from users' files is printed as text."""

    def print(self, *objects: Any, **options: Any) -> None:
        WATCHER.silence()
        super().print(*objects, **options)


console = _Console(highlight=False, markup=False)
err_console = _Console(stderr=True, highlight=False, markup=False)


def fit_consoles() -> None:
    """Never wrap data: lines are not folded, and on a pipe or a file a console is as wide as
    its longest line (rich's default would be 80 columns)."""
    for each in (console, err_console):
        each.soft_wrap = True
        each.width = WIDE if not each.is_terminal else None  # type: ignore[assignment]


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


SvgFile = Annotated[Path | None, typer.Option("--svg", help="Draw the answer into FILE (SVG).", metavar="FILE")]
PngFile = Annotated[
    Path | None, typer.Option("--png", help="Draw the answer into FILE (PNG; its size set by --dpi).", metavar="FILE")
]
Dpi = Annotated[
    int | None,
    typer.Option(help="With --png: pixels per inch (default 96: the size of the SVG in pixels).", metavar="N"),
]


@dataclass(frozen=True)
class Pictures:
    """The picture files a command was asked for (--svg, --png, --dpi), checked before any work."""

    svg: Path | None
    png: Path | None
    dpi: int

    @classmethod
    def make(
        cls, svg: Path | None, png: Path | None, dpi: int | None, *, used: bool = True, other_png: bool = False
    ) -> Pictures:
        """Refuse --svg/--png where nothing is drawn (`used` false), --dpi without a PNG to
        size (--png, or `other_png`), and a file in a folder that does not exist (found now,
        not after a long search)."""
        refuse_unused(svg=(svg, used), png=(png, used), dpi=(dpi, png is not None or other_png))
        check_folder("--svg", svg)
        check_folder("--png", png)
        return cls(svg, png, check_dpi(dpi) if dpi is not None else CSS_DPI)

    def write(self, result: Any) -> None:
        """The result's picture into the files asked for; a note on stderr when it has none."""
        if self.svg is None and self.png is None:
            return
        if not result.drawable:
            err_console.print(f"essais: no picture written: there is nothing to draw ({result.status})")
            return
        if self.svg is not None:
            self.svg.write_text(result.to_svg(), encoding="utf-8")
        if self.png is not None:
            result.to_png(self.png, self.dpi)


def check_folder(option: str, file: Path | None) -> None:
    if file is not None and not file.parent.is_dir():
        raise InvalidInput(f"{option}: {file}: the folder {file.parent} does not exist")


def plot_format(option: str, file: Path) -> str:
    """A plot's format from its file's suffix: png or svg."""
    check_folder(option, file)
    kind = file.suffix.lower().lstrip(".")
    if kind not in ("png", "svg"):
        raise InvalidInput(f"{option}: {file}: name a .png or a .svg file")
    return kind


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


class _Watcher:
    """What a terminal shows while a command works and has printed nothing yet: after one
    second, "compiling kernels (first run only)" while compiled code loads, else a spinner with
    the counters of the search under way. Any output silences it for good."""

    def __init__(self) -> None:
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def silence(self) -> None:
        if self._thread is not None and self._thread is not threading.current_thread():
            self._stop.set()
            self._thread.join()
            self._thread = None

    def _run(self) -> None:
        if hasattr(signal, "pthread_sigmask"):  # signals go to the main thread (see core.parallel.process_pool)
            signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
        if self._stop.wait(1.0):
            return
        with Console(stderr=True, highlight=False, markup=False).status(self._text()) as status:
            while not self._stop.wait(0.2):
                status.update(self._text())

    @staticmethod
    def _text() -> str:
        if compiled_code_loading():
            return "compiling kernels (first run only)…"
        search = active_search()
        if search is None or search.counters is None:
            return "working…"
        stats = search.counters()
        seconds = format_seconds(search.elapsed())
        return f"searching · nodes {stats.nodes:,} · backtracks {stats.backtracks:,} · {seconds}"


WATCHER = _Watcher()


@contextmanager
def progress_bar(what: str) -> Iterator[Callable[[int, int], None] | None]:
    """A progress bar on stderr, with an estimate of the time left, for work whose size is known
    (none when stderr is not a terminal). It starts at the first report, so that worker
    processes are forked before its thread exists."""
    if not err_console.is_terminal:
        yield None
        return
    progress = Progress(
        TextColumn(what), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn(),
        console=err_console, transient=True,
    )  # fmt: skip
    task = progress.add_task(what, start=False)

    def report(done: int, total: int) -> None:
        if not progress.live.is_started:
            WATCHER.silence()
            progress.start()
            progress.start_task(task)
        progress.update(task, completed=done, total=total)

    try:
        yield report
    finally:
        progress.stop()


def make_limits(time_limit: float | None, node_limit: int | None, memory_limit: str | None = None) -> Limits:
    """The command's limits; its time limit counts from now: reading its input, set-up and
    search (Limits.per_search for a limit on each search of a table or a file)."""
    memory = parse_size(memory_limit) if memory_limit is not None else None
    return Limits(time=time_limit, nodes=node_limit, memory=memory).from_now()


def show(result: Any, checkpoint: Path | None = None) -> None:
    """A result as the library's `str()` says it, coloured; for a split search stopped with a
    checkpoint, where its finished sub-trees are kept."""
    console.print(result)
    if checkpoint is not None and getattr(result, "split", None) is not None and not result.status.finished:
        console.print(f"the finished sub-trees are saved in {checkpoint}", markup=False)


def print_json(document: dict[str, Any]) -> None:
    """One JSON document (or one JSON Lines record) on stdout, flushed at once."""
    write_out(json.dumps(document) + "\n")


def write_out(text: str) -> None:
    """Data on stdout as it is (no console formatting), flushed at once."""
    WATCHER.silence()
    sys.stdout.write(text)
    sys.stdout.flush()


def finish(status: Status) -> NoReturn:
    """Leave with the exit status of SPEC §1.3 (a signal also says so on stderr)."""
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


UNUSED = {
    "svg": "there is no picture of a list of solutions, a single count or a batch of puzzles",
    "png": "there is no picture of a list of solutions, a single count or a batch of puzzles",
    "dpi": "it sets the size of a PNG; add --png FILE",
    "depths": "it plots the search of a single puzzle",
    "animate": "it replays the search for one tour, not a list, a count, a table or random walks",
    "animate_limit": "it bounds the events --animate records; add --animate FILE.html",
    "output": "it writes the tour of a single search",
    "checkpoint": "it records the sub-trees of a split count; add --count or --distinct",
    "workers": "it spreads a count (or a table of starts) over processes; nothing here to spread",
    "scheduler": "it runs the sub-trees of a split count; add --count or --distinct",
}


_ESCAPES = {code: f"\\x{code:02x}" for code in [*range(32), 127]} | {
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
        "time_limit", "node_limit", "memory_limit", "workers", "scheduler", "checkpoint", "start", "method",
        "engine", "limit", "seed", "attempts", "until_found", "output", "moves", "order", "dpi", "beat", "probes",
        "animate", "svg", "png", "closed", "distinct", "unique",
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
        except SearchStopped as stop:  # a limit or a signal while the input was read, before any search
            err_console.print(f"essais: stopped ({stop.status}) while reading the input, before any search")
            finish(stop.status)
        finally:
            WATCHER.silence()

    return wrapped
