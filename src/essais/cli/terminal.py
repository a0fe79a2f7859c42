"""The terminal: the consoles (never wrapped on a pipe, never reading markup), and what a terminal
shows while a command works and has printed nothing yet: a spinner with the counters of the
search under way, or a progress bar with the time left (never on a pipe)."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from essais.core.engine import compiled_code_loading
from essais.core.limits import active_search
from essais.core.parallel import Progress as Report
from essais.core.result import format_seconds
from essais.core.signals import STOP_SIGNALS

WIDE = 10_000  # the width of a console on a pipe or a file: data is never wrapped there


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
def progress_bar(what: str) -> Iterator[Report | None]:
    """A progress bar on stderr, with an estimate of the time left, for work whose size is known
    (none when stderr is not a terminal). It starts at the first report, so that worker
    processes are forked before its thread exists."""
    if not err_console.is_terminal:
        yield None
        return
    progress = Progress(
        TextColumn(what), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn(),
        TextColumn("{task.fields[note]}", markup=False), console=err_console, transient=True,
    )  # fmt: skip
    task = progress.add_task(what, start=False, note="")

    def report(done: int, total: int, note: str = "") -> None:
        if not progress.live.is_started:
            WATCHER.silence()
            progress.start()
            progress.start_task(task)
        progress.update(task, completed=done, total=total, note=note)

    try:
        yield report
    finally:
        progress.stop()
