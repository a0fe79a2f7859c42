"""Time, node and memory limits, Ctrl-C and SIGTERM, and the slice loop that lets compiled
kernels honour them.

numba code cannot see the clock or a signal, so kernels run in resumable slices of a node
budget and the Python side checks limits and signals between slices. A slice is
sized by the kernel's measured speed to last about SLICE_SECONDS, never past the node limit.
The plain-Python engines use the same `SearchControl`, checking it every few thousand nodes,
so both engines stop a limited search at exactly the same node with the same counters.

The time limit counts from the moment the search's control is made, so the set-up of a search
(building its board, graph or tables) is inside it; the loading of compiled code (numba's
first compilation) is not.
"""

from __future__ import annotations

import os
import re
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from types import FrameType, TracebackType
from typing import Any

from essais.core import signals
from essais.core.errors import InvalidInput
from essais.core.result import Stats, Status

# How long a compiled slice lasts, about: the longest a limit or a signal waits to be seen.
SLICE_SECONDS = 0.05
# The first slice of a kernel, before its speed is measured, and the largest slice.
FIRST_SLICE_NODES = 1 << 10
SLICE_NODES = 1 << 26
# How often (in nodes) a plain-Python engine looks at the clock and the Ctrl-C flag.
PYTHON_CHECK_NODES = 1 << 12
# For tests of signals: when set, a search says on stderr when it has counted its first nodes
# (its Ctrl-C handler is in place and it has counters to report).
ANNOUNCE = "ESSAIS_ANNOUNCE_SEARCH"
ANNOUNCEMENT = "essais: search started"


MAX_SECONDS = 1e9  # about 32 years: a larger time limit is no limit (and overflows the system's timers)


@dataclass(frozen=True)
class Limits:
    """Limits of one search: wall time in seconds, number of nodes, and memory in bytes
    (`parse_size("2G")`); None = no limit, and for memory the default share of the machine's
    (core.engine.available_memory)."""

    time: float | None = None
    nodes: int | None = None
    memory: int | None = None
    # where the time limit counts from (time.perf_counter(), and the compile seconds then):
    # None = from the start of each search; set by `from_now` for a limit on a whole run
    started: tuple[float, float] | None = field(default=None, compare=False, repr=False)

    def from_now(self) -> Limits:
        """The same limits, the time limit counted from now for all the work that follows
        (loading a graph or a puzzle, and then the search), not from each search's start."""
        return replace(self, started=(time.perf_counter(), _compile_seconds[0]))

    def per_search(self) -> Limits:
        """The same limits, the time limit counted from the start of each search."""
        return replace(self, started=None)

    def __post_init__(self) -> None:
        if self.memory is not None and (
            isinstance(self.memory, bool) or not isinstance(self.memory, int) or self.memory < 1
        ):
            raise InvalidInput(f"memory_limit: {self.memory!r} is not a positive number of bytes")
        if self.time is not None and (isinstance(self.time, bool) or not isinstance(self.time, int | float)):
            raise InvalidInput(f"time_limit: {self.time!r} is not a number of seconds")
        if self.nodes is not None and (isinstance(self.nodes, bool) or not isinstance(self.nodes, int)):
            raise InvalidInput(f"node_limit: {self.nodes!r} is not a whole number of nodes")
        if self.time is not None and not 0 < self.time <= MAX_SECONDS:  # (nan and inf fail too)
            raise InvalidInput(
                f"time_limit: {self.time!r} must be a positive number of seconds, at most {MAX_SECONDS:g}"
            )
        if self.nodes is not None and self.nodes < 1:
            raise InvalidInput(f"node_limit: {self.nodes!r} must be a positive number of nodes")


_SIZE = re.compile(r"([0-9]+(?:\.[0-9]+)?)([kKMGT]?)(i?B)?", re.ASCII)
_UNITS = {"": 1, "k": 1 << 10, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}


def parse_size(text: str, what: str = "memory_limit") -> int:
    """Bytes from `500M`, `2G`, `1.5G`, `64k` or a plain number of bytes (units of 1024)."""
    match = _SIZE.fullmatch(text.strip())
    if match is None:
        raise InvalidInput(f"{what}: {text!r} is not a size (a number with K, M, G or T, e.g. 500M or 2G)")
    size = int(float(match[1]) * _UNITS[match[2]])
    if size < 1:
        raise InvalidInput(f"{what}: {text!r} must be at least one byte")
    return size


def limits_from(
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> Limits | None:
    """The limits every public function takes: the keywords `time_limit` (seconds),
    `node_limit` and `memory_limit` (bytes, or a size such as "2G"), over a `limits` object
    for those who compose them (a keyword given wins)."""
    if limits is not None and not isinstance(limits, Limits):
        raise InvalidInput(f"limits: {limits!r} is not a Limits (use Limits(time=..., nodes=..., memory=...))")
    if time_limit is None and node_limit is None and memory_limit is None:
        return limits
    memory = parse_size(memory_limit) if isinstance(memory_limit, str) else memory_limit
    base = limits or Limits()
    return replace(
        base,
        time=base.time if time_limit is None else time_limit,
        nodes=base.nodes if node_limit is None else node_limit,
        memory=base.memory if memory is None else memory,
    )


_compile_seconds = [0.0]  # time spent loading compiled code in this process, over the whole run


def add_compile_seconds(seconds: float) -> None:
    """Count time spent loading compiled code, which no time limit includes."""
    _compile_seconds[0] += seconds


def compile_seconds() -> float:
    """The time this process has spent loading compiled code so far."""
    return _compile_seconds[0]


@contextmanager
def setting_up(limits: Limits | None) -> Iterator[SearchControl]:
    """Around set-up work outside any search (reading a graph or a puzzle): the time limit
    and signals raise SearchStopped there and then (see SearchControl.setting_up)."""
    with SearchControl(limits) as control, control.setting_up():
        yield control


class SearchStopped(Exception):
    """Raised inside a plain-Python engine to unwind it when a limit or Ctrl-C stops it; a
    sub-tree of a split search adds what it did so far (`partial`, a core.parallel.TaskResult)."""

    def __init__(self, status: Status) -> None:
        super().__init__(str(status))
        self.status = status
        self.partial: Any = None


STOP_STATUSES = {1: Status.LIMIT, 2: Status.INTERRUPTED}  # SearchControl.stop_flag's values


class SearchControl:
    """Watches one search: its clock, its node limit and Ctrl-C.

    Use it as a context manager around the search: while it is active, Ctrl-C sets a flag
    (checked between slices) instead of raising KeyboardInterrupt in the middle of a search.
    """

    def __init__(self, limits: Limits | None = None, shared: Any = None) -> None:
        self.limits = limits or Limits()
        # the time limit counts from here (or from limits.started), without the time spent
        # loading compiled code
        self.deadline_clock, self.compile_seconds = self.limits.started or (time.perf_counter(), _compile_seconds[0])
        self.started, self.compile_seconds_at_start = time.perf_counter(), _compile_seconds[0]  # see elapsed
        self.interrupted = False
        # nodes spent by earlier searches under the same node limit (the sub-trees of a split count)
        self.nodes_before = 0
        # in a worker process: the nodes spent by every worker (multiprocessing.Value), and
        # how many of this search's nodes it holds already
        self.shared, self.nodes_shared = shared, 0
        # in a worker process: the main process's word to stop (multiprocessing.Value: 0 go on,
        # else the index of the Status in STOP_STATUSES), looked at with the limits
        self.stop_flag: Any = None
        # in a split search whose sub-trees share their best value (core.parallel.run_split with
        # `best_of`): a multiprocessing.Array, the best any sub-tree has reached so far (value first)
        self.shared_best: Any = None
        self.announce = bool(os.environ.get(ANNOUNCE))
        # the counters so far, for a display that watches from another thread (set by the engine layer)
        self.counters: Callable[[], Stats] | None = None
        self._previous_handlers: dict[int, Any] = {}
        self.in_setup = False  # within setting_up(): signals and the time limit stop it at once
        self._python_nodes = 16  # nodes between two looks of a plain-Python engine (grows with its speed)
        self._checked: tuple[float, int] | None = None  # when it looked last, at what node count

    # -- the clock ---------------------------------------------------------------------------
    def restart_clock(self) -> None:
        """Start the clock of `seconds` (the search, not its set-up; the limit still counts both)."""
        self.started, self.compile_seconds_at_start = time.perf_counter(), _compile_seconds[0]

    def elapsed(self) -> float:
        """`seconds` of the result: the search alone, the loading of compiled code excepted."""
        return time.perf_counter() - self.started - (_compile_seconds[0] - self.compile_seconds_at_start)

    def limit_elapsed(self) -> float:
        """The time the time limit counts: since `limits.started` (or since the control was
        made), the loading of compiled code excepted."""
        compiling = _compile_seconds[0] - self.compile_seconds
        return time.perf_counter() - self.deadline_clock - compiling

    # -- the checks --------------------------------------------------------------------------
    def next_stop(self, nodes: int, slice_nodes: int) -> int:
        """The node count at which the next slice must pause (never beyond the node limit)."""
        stop = nodes + slice_nodes
        if self.limits.nodes is not None:
            stop = min(stop, self.limits.nodes - self.nodes_before - self._shared_by_others(nodes))
        return stop

    def _shared_by_others(self, nodes: int) -> int:
        """In a worker: the nodes the other workers have spent (0 elsewhere)."""
        if self.shared is None:
            return 0
        with signals.holding(self.shared):
            self.shared.value += nodes - self.nodes_shared
            self.nodes_shared = nodes
            return int(self.shared.value) - nodes

    def out_of_time(self) -> bool:
        return self.limits.time is not None and self.limit_elapsed() >= self.limits.time

    @contextmanager
    def setting_up(self) -> Iterator[None]:
        """Around the set-up of a search (building its board, graph, tables: numpy and Python
        work that looks at no clock): a signal, or the time limit running out, raises
        SearchStopped there and then (between two Python steps), except while compiled code
        loads, which no limit includes."""
        timed = self.limits.time is not None and threading.current_thread() is threading.main_thread()
        previous = signal.signal(signal.SIGALRM, self._on_alarm) if timed else None
        if timed:
            signals.swallowed_quietly(SearchStopped)
        self.in_setup = True
        try:
            if self.interrupted:
                raise SearchStopped(Status.INTERRUPTED)
            if timed:
                self._arm_alarm()
            yield
        finally:
            self.in_setup = False
            if timed:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, previous)

    def _arm_alarm(self) -> None:
        assert self.limits.time is not None
        left = self.limits.time - self.limit_elapsed()
        signal.setitimer(signal.ITIMER_REAL, max(left, 0.001))

    def _on_alarm(self, signum: int, frame: FrameType | None) -> None:
        if not self.in_setup:
            return
        if signals.loading():  # the clock stands still while compiled code loads: look again soon
            signal.setitimer(signal.ITIMER_REAL, 0.1)
        elif not self.out_of_time():
            self._arm_alarm()
        else:
            # again in 50 ms, should this one be swallowed (raised inside a gc callback, say)
            signal.setitimer(signal.ITIMER_REAL, 0.05)
            raise SearchStopped(Status.LIMIT)

    def check_setup(self) -> None:
        """For set-up work (building a board, a graph, a table) that lasts: raise SearchStopped
        when the time limit or a signal stops it."""
        if self.interrupted:
            raise SearchStopped(Status.INTERRUPTED)
        if self.out_of_time():
            raise SearchStopped(Status.LIMIT)

    def say_started(self) -> None:
        """Say on stderr, once, that the search proper has begun (when ANNOUNCE is set)."""
        if self.announce:
            self.announce = False
            print(ANNOUNCEMENT, file=sys.stderr, flush=True)

    def stop_reason(self, nodes: int) -> Status | None:
        """Why the search must stop now, or None to go on."""
        if nodes:
            self.say_started()
        if self.interrupted:
            return Status.INTERRUPTED
        if self.stop_flag is not None and self.stop_flag.value:
            return STOP_STATUSES[self.stop_flag.value]
        if self.limits.nodes is not None and (
            self.nodes_before + nodes + self._shared_by_others(nodes) >= self.limits.nodes
        ):
            return Status.LIMIT
        if self.out_of_time():
            return Status.LIMIT
        return None

    def checkpoint(self, nodes: int) -> int:
        """For plain-Python engines: raise SearchStopped if the search must stop, else return
        the node count at which to call again (in about SLICE_SECONDS at the speed measured
        since the last call, at most PYTHON_CHECK_NODES nodes on)."""
        reason = self.stop_reason(nodes)
        if reason is not None:
            raise SearchStopped(reason)
        now = time.perf_counter()
        if self._checked is not None and nodes > self._checked[1]:
            spent, seconds = nodes - self._checked[1], now - self._checked[0]
            self._python_nodes = _next_budget(self._python_nodes, spent, seconds, PYTHON_CHECK_NODES)
        self._checked = (now, nodes)
        return self.next_stop(nodes, self._python_nodes)

    # -- Ctrl-C and SIGTERM ------------------------------------------------------------------
    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        signals.record(signum)
        self.interrupted = True
        if signals.loading():
            signals.while_loading(signum)
        elif self.in_setup:  # a set-up looks at no flag: stop it now
            raise SearchStopped(Status.INTERRUPTED)

    def __enter__(self) -> SearchControl:
        if threading.current_thread() is threading.main_thread():
            for each in signals.STOP_SIGNALS:
                self._previous_handlers[each] = signal.signal(each, self._on_signal)
        if signals.received() is not None:  # a signal that arrived before (during start-up, say)
            self.interrupted = True
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
        for each, handler in self._previous_handlers.items():
            signal.signal(each, handler)
        self._previous_handlers.clear()


_ACTIVE: list[SearchControl] = []  # the searches under way in this process, outermost first


def active_search() -> SearchControl | None:
    """The innermost search under way, for a display that shows its counters (or None)."""
    return _ACTIVE[-1] if _ACTIVE else None


# What a resumable kernel says when it returns.
PAUSED = 0  # the node budget of the slice is spent; call again to resume
SOLUTION = 1  # a solution is in the kernel's state; call again to look for the next one
EXHAUSTED = 2  # the search tree is exhausted
FRONTIER = 3  # a split count's kernel stopped at a node of the level it lists; call again to go past it
BUDGET_SPENT = -1  # not a kernel's: a step that did not call it, its caller's budget of nodes spent


def run_slices(
    step: Callable[[int], int], nodes: Callable[[], int], control: SearchControl, slice_nodes: int = SLICE_NODES
) -> int | Status:
    """Call a resumable kernel slice after slice until it reports SOLUTION or EXHAUSTED
    (returned as is) or a limit or a signal stops it (the Status is returned).

    `step(node_stop)` runs the kernel until its node counter reaches `node_stop`; `nodes()`
    reads that counter. Each slice is sized from the speed of the one before to last about
    SLICE_SECONDS, at most `slice_nodes` nodes.
    """
    budget = min(FIRST_SLICE_NODES, slice_nodes)
    while True:
        if control.interrupted or control.out_of_time():  # e.g. a kernel that keeps reporting solutions
            return Status.INTERRUPTED if control.interrupted else Status.LIMIT
        before, clock = nodes(), time.perf_counter()
        outcome = step(control.next_stop(before, budget))
        budget = _next_budget(budget, nodes() - before, time.perf_counter() - clock, slice_nodes)
        if outcome != PAUSED:
            return outcome
        # the kernel paused before entering a node: the node limit bites only then
        reason = control.stop_reason(nodes())
        if reason is not None:
            return reason


def _next_budget(budget: int, spent: int, seconds: float, largest: int) -> int:
    """The nodes of the next slice: as many as last about SLICE_SECONDS at the speed just
    measured, growing at most eightfold a slice (a slice that finished early says little)."""
    if spent <= 0 or seconds <= 0:
        return min(budget * 8, largest)
    return max(1, min(int(spent / seconds * SLICE_SECONDS), budget * 8, largest))
