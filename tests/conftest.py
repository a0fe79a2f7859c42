import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from essais.cli.main import add_commands, app
from essais.core.board import Board, make_moves
from essais.knights import TourProblem

ENGINES = ["python", "numba"]
TESTS = Path(__file__).resolve().parent
DATA = TESTS / "data"  # public puzzle sets and graphs, copied from the shared data (see data/README.md)
ROOT = TESTS.parent

add_commands()  # every sub-command on the app the tests invoke (the command line adds the one it runs)


@pytest.fixture(params=ENGINES)
def engine(request: pytest.FixtureRequest) -> str:
    return request.param


def knight_problem(size: int | tuple[int, int], start=(0, 0), order="default", closed=False) -> TourProblem:
    rows, cols = (size, size) if isinstance(size, int) else size
    return TourProblem.make(Board(rows, cols), start, make_moves(order=order), closed)


def kill_when_recorded(script: str, checkpoint: Path, records: int = 20) -> None:
    """Run `script` in a new Python process and kill -9 it once its checkpoint holds `records`
    finished sub-trees (or after a minute)."""
    process = subprocess.Popen([sys.executable, "-c", script])
    try:
        recorded, deadline = 0, time.monotonic() + 60
        while recorded < records and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
            if checkpoint.exists():
                try:
                    with sqlite3.connect(checkpoint) as connection:
                        recorded = connection.execute("SELECT COUNT(*) FROM subtree").fetchone()[0]
                except sqlite3.OperationalError:  # the tables are still being made
                    pass
        os.kill(process.pid, signal.SIGKILL)
    finally:
        process.wait()


RUNNER = CliRunner()


def invoke(arguments: list[str], **options: Any) -> Result:
    """Run the command line in this process on `arguments` (typer's runner; stderr apart)."""
    return RUNNER.invoke(app, arguments, **options)


@pytest.fixture
def cli() -> Callable[..., Result]:
    """The command line, for a test that takes it as a fixture: `cli(["tour", "5"])`."""
    return invoke


NETWORK = re.compile(  # a source or a link to a URL, a style's url(), a script's request
    r"""(src|href)\s*=\s*["']?\s*(https?:)?//|url\(\s*["']?(https?:)?//|fetch\(|XMLHttpRequest|import\("""
)


def asks_the_network(page: str) -> bool:
    """Does a page load anything (a script, a style, an image, a request)? An SVG's namespace
    name (xmlns, createElementNS) is a name, not a request."""
    return NETWORK.search(page) is not None


def event_tally(log: Any) -> tuple[int, int, int]:
    """A board log's events: (squares numbered, squares erased, tries refused), its calls aside."""
    values = [value for square, value in zip(log.squares, log.values, strict=True) if square != log.CALL]
    return sum(v > 0 for v in values), values.count(0), sum(v < 0 for v in values)


def tree_shown(log: Any) -> Iterator[tuple[int, int, dict[int, int]]]:
    """What a page's tree shows after each event of a board log, replayed from the log: (the
    calls shown, the call ringed, each call's refused tries marked so far)."""
    calling, marks = 0, {}
    call_of, count_of, ends = log.refused_at
    start = 0
    for event, square in enumerate(log.squares):
        calling += square == log.CALL
        for k in range(start, ends[event]):
            marks[call_of[k]] = count_of[k]
        start = ends[event]
        yield calling, log.call[event], dict(marks)
