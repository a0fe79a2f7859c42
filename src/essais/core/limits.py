"""Time and node limits, Ctrl-C, and the slice loop that lets compiled kernels honour them.

numba code cannot see the clock or Ctrl-C, so kernels run in resumable slices of a node
budget and the Python side checks limits and signals between slices (SPEC §3). The
plain-Python engines use the same `SearchControl`, checking it every few thousand nodes, so
both engines stop a limited search at exactly the same node with the same counters.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import FrameType, TracebackType

from essais.core.errors import InvalidInput
from essais.core.result import Stats, Status

# Nodes a compiled kernel runs before it hands control back to Python (about 10-50 ms).
SLICE_NODES = 1 << 22
# How often (in nodes) a plain-Python engine looks at the clock and the Ctrl-C flag.
PYTHON_CHECK_NODES = 1 << 12
# For tests of signals: when set, a search says on stderr when it has counted its first nodes
# (its Ctrl-C handler is in place and it has counters to report).
ANNOUNCE = "ESSAIS_ANNOUNCE_SEARCH"
ANNOUNCEMENT = "essais: search started"


@dataclass(frozen=True)
class Limits:
    """Limits of one search: wall time in seconds and number of nodes (None = no limit)."""

    time: float | None = None
    nodes: int | None = None

    def __post_init__(self) -> None:
        if self.time is not None and (isinstance(self.time, bool) or not isinstance(self.time, int | float)):
            raise InvalidInput(f"time limit: {self.time!r} is not a number of seconds")
        if self.nodes is not None and (isinstance(self.nodes, bool) or not isinstance(self.nodes, int)):
            raise InvalidInput(f"node limit: {self.nodes!r} is not a whole number of nodes")
        if self.time is not None and not self.time > 0:
            raise InvalidInput(f"time limit: {self.time!r} must be a positive number of seconds")
        if self.nodes is not None and self.nodes < 1:
            raise InvalidInput(f"node limit: {self.nodes!r} must be a positive number of nodes")


class SearchStopped(Exception):
    """Raised inside a plain-Python engine to unwind it when a limit or Ctrl-C stops it."""

    def __init__(self, status: Status) -> None:
        super().__init__(str(status))
        self.status = status


class SearchControl:
    """Watches one search: its clock, its node limit and Ctrl-C.

    Use it as a context manager around the search: while it is active, Ctrl-C sets a flag
    (checked between slices) instead of raising KeyboardInterrupt in the middle of a search.
    """

    def __init__(self, limits: Limits | None = None) -> None:
        self.limits = limits or Limits()
        self.started = time.perf_counter()
        self.interrupted = False
        # nodes spent by earlier searches under the same node limit (the sub-trees of a split count)
        self.nodes_before = 0
        self.announce = bool(os.environ.get(ANNOUNCE))
        # the counters so far, for a display that watches from another thread (set by the engine layer)
        self.counters: Callable[[], Stats] | None = None
        self._previous_handler: Callable[..., object] | int | None = None

    # -- the clock ---------------------------------------------------------------------------
    def restart_clock(self) -> None:
        self.started = time.perf_counter()

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    # -- the checks --------------------------------------------------------------------------
    def next_stop(self, nodes: int, slice_nodes: int) -> int:
        """The node count at which the next slice must pause (never beyond the node limit)."""
        stop = nodes + slice_nodes
        if self.limits.nodes is not None:
            stop = min(stop, self.limits.nodes - self.nodes_before)
        return stop

    def out_of_time(self) -> bool:
        return self.limits.time is not None and self.elapsed() >= self.limits.time

    def stop_reason(self, nodes: int) -> Status | None:
        """Why the search must stop now, or None to go on."""
        if nodes and self.announce:
            self.announce = False
            print(ANNOUNCEMENT, file=sys.stderr, flush=True)
        if self.interrupted:
            return Status.INTERRUPTED
        if self.limits.nodes is not None and self.nodes_before + nodes >= self.limits.nodes:
            return Status.LIMIT
        if self.out_of_time():
            return Status.LIMIT
        return None

    def checkpoint(self, nodes: int) -> int:
        """For plain-Python engines: raise SearchStopped if the search must stop, else return
        the node count at which to call again."""
        reason = self.stop_reason(nodes)
        if reason is not None:
            raise SearchStopped(reason)
        return self.next_stop(nodes, PYTHON_CHECK_NODES)

    # -- Ctrl-C ------------------------------------------------------------------------------
    def _on_interrupt(self, signum: int, frame: FrameType | None) -> None:
        self.interrupted = True

    def __enter__(self) -> SearchControl:
        if threading.current_thread() is threading.main_thread():
            self._previous_handler = signal.signal(signal.SIGINT, self._on_interrupt)
        _ACTIVE.append(self)
        self.restart_clock()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self in _ACTIVE:
            _ACTIVE.remove(self)
        if self._previous_handler is not None:
            signal.signal(signal.SIGINT, self._previous_handler)
            self._previous_handler = None


_ACTIVE: list[SearchControl] = []  # the searches under way in this process, outermost first


def active_search() -> SearchControl | None:
    """The innermost search under way, for a display that shows its counters (or None)."""
    return _ACTIVE[-1] if _ACTIVE else None


# What a resumable kernel says when it returns.
PAUSED = 0  # the node budget of the slice is spent; call again to resume
SOLUTION = 1  # a solution is in the kernel's state; call again to look for the next one
EXHAUSTED = 2  # the search tree is exhausted


def run_slices(
    step: Callable[[int], int], nodes: Callable[[], int], control: SearchControl, slice_nodes: int = SLICE_NODES
) -> int | Status:
    """Call a resumable kernel slice after slice until it reports SOLUTION or EXHAUSTED
    (returned as is) or a limit or Ctrl-C stops it (the Status is returned).

    `step(node_stop)` runs the kernel until its node counter reaches `node_stop`;
    `nodes()` reads that counter; `slice_nodes` suits a kernel whose nodes cost more than a few
    nanoseconds (a slice should last tens of milliseconds).
    """
    while True:
        if control.interrupted or control.out_of_time():  # e.g. a kernel that keeps reporting solutions
            return Status.INTERRUPTED if control.interrupted else Status.LIMIT
        outcome = step(control.next_stop(nodes(), slice_nodes))
        if outcome != PAUSED:
            return outcome
        # the kernel paused before entering a node: the node limit bites only then
        reason = control.stop_reason(nodes())
        if reason is not None:
            return reason
