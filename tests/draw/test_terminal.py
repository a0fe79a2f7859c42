"""What a terminal shows while work goes on (and a pipe does not): after a second, the counters
of the search under way, or that kernels are compiling on a first run. Run in a pseudo-terminal."""

import os
import pty
import select
import subprocess
import sys
import time

import pytest

ESSAIS = [sys.executable, "-m", "essais"]
pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="pseudo-terminals as Linux has them")


def in_terminal(args: list[str], env: dict[str, str] | None = None, timeout: float = 120) -> tuple[int, str]:
    """Run essais with a pseudo-terminal as stdout and stderr: its exit status and what it showed."""
    pid, fd = pty.fork()
    if pid == 0:  # the child
        os.environ.update(env or {})
        os.execv(sys.executable, [*ESSAIS, *args])
    shown, deadline = b"", time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                data = os.read(fd, 1 << 16)
            except OSError:  # the child closed the terminal
                break
            if not data:
                break
            shown += data
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), shown.decode(errors="replace")


def test_a_long_search_shows_its_counters_on_a_terminal():
    code, shown = in_terminal(["tour", "7", "--start", "0,1", "--method", "basic", "--time-limit", "2.5"])
    assert code == 3 and "searching · nodes" in shown and "stopped (limit)" in shown


def test_nothing_but_the_answer_on_a_pipe():
    args = [*ESSAIS, "tour", "7", "--start", "0,1", "--method", "basic", "--time-limit", "2.5"]
    done = subprocess.run(args, capture_output=True, text=True, timeout=60)
    assert done.returncode == 3 and done.stderr == "" and "stopped (limit)" in done.stdout


def test_a_first_run_says_that_kernels_compile(tmp_path):
    """(The propagating Sudoku kernel takes more than the second after which the terminal says so.)"""
    grid = "." * 80 + "1"
    code, shown = in_terminal(["sudoku", grid, "--method", "propagate"], env={"NUMBA_CACHE_DIR": str(tmp_path)})
    assert code == 0 and "compiling kernels (first run only)" in shown and "932864751" in shown
