"""The engine layer every problem shares.

- `Methods`: a problem's methods, the engines each exists in and the default method of each
  engine; `resolve` turns the user's choice (or None) into a checked (method, engine) pair.
- `PythonCounters`: the counters of a plain-Python engine, with the limit checks.
- `recursion_room`: room for one recursive search, the interpreter's limit restored after it.
- `run_search`: the one wrapper around a single search (limits and Ctrl-C, the engine built,
  the clock restarted, a stop caught, the counters read).
- `SolutionStream`: every solution of one search, lazily, with how the stream ended.
"""

from __future__ import annotations

import gc
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from essais.core import signals
from essais.core.errors import InvalidInput, MemoryRefused
from essais.core.limits import Limits, SearchControl, SearchStopped, add_compile_seconds
from essais.core.recording import EventLog
from essais.core.result import CountResult, Stats, Status, format_bytes
from essais.core.tree import tree_being_recorded

ENGINES = ("python", "numba")
# Deeper recursion than this risks the interpreter's own stack; the numba engines keep a stack of their own.
MAX_PYTHON_DEPTH = 10_000


class Engine(Protocol):
    """What every engine offers, whatever its search: its counters so far."""

    def stats(self) -> Stats: ...


class SolutionSearch(Engine, Protocol):
    """An engine that yields every solution of its search lazily, each a list of numbers."""

    def solutions(self) -> Iterator[list[int]]: ...


class CountingSearch(SolutionSearch, Protocol):
    """An engine that also counts its solutions, and tells the count so far once stopped."""

    def count(self) -> int: ...
    def so_far(self) -> int: ...


E = TypeVar("E", bound=Engine)
T = TypeVar("T")


@dataclass(frozen=True)
class Methods:
    """A problem's registry of methods, the one place its defaults are written: `engines[method]`
    lists the engines a method exists in, `default[engine]` is the method that finds one
    solution when none is named, `count_default[engine]` the one that counts (and lists every
    solution) when none is named (the same as `default` when not given)."""

    engines: Mapping[str, tuple[str, ...]]
    default: Mapping[str, str]
    count_default: Mapping[str, str] | None = None

    def default_method(self, engine: str | None = None, count: bool = False) -> str:
        """The method that runs when none is named (with the numba engine when none is named)."""
        defaults = self.count_default if count and self.count_default is not None else self.default
        return defaults[engine or "numba"]

    def resolve(self, method: str | None, engine: str | None, count: bool = False) -> tuple[str, str]:
        """The (method, engine) to run. No engine: numba where the method has a compiled form,
        else python. No method: the default of the engine (of numba when neither is named), for
        finding one solution or, with `count`, for counting."""
        if engine is not None and engine not in ENGINES:
            raise InvalidInput(f"engine: {engine!r} is not one of {', '.join(ENGINES)}")
        if method is None:
            method = self.default_method(engine, count)
        if method not in self.engines:
            raise InvalidInput(f"method: {method!r} is not one of {', '.join(self.engines)}")
        available = self.engines[method]
        if engine is None:
            return method, "numba" if "numba" in available else available[0]
        if engine not in available:
            raise InvalidInput(f"method: {method!r} exists in the {' and '.join(available)} engine only")
        return method, engine


class PythonCounters:
    """The counters of one plain-Python search, the nodes per depth where the engine
    says them (`enter_node_at`), and the node count at which to consult the control next
    (limits and Ctrl-C are looked at every few thousand nodes)."""

    __slots__ = ("nodes", "tries", "backtracks", "depths", "check_at", "control", "tree", "log")

    def __init__(self, control: SearchControl) -> None:
        self.nodes = self.tries = self.backtracks = 0
        self.depths: list[int] = []  # nodes per depth, the first call at depth 0
        self.tree = tree_being_recorded()  # the search tree being recorded (core.recording), if any
        self.log: EventLog | None = None  # the events being recorded (a watched search), if any
        self.control = control
        self.check_at = 0  # the first node consults the control (a limit may be spent already)

    def check(self) -> None:
        """Raise SearchStopped if a limit or Ctrl-C stops the search (looked at when due)."""
        if self.nodes >= self.check_at:
            self.check_at = self.control.checkpoint(self.nodes)

    def enter_node(self) -> None:
        """Count a call of the search function, first checking limits and Ctrl-C."""
        self.check()
        self.nodes += 1

    def enter_node_at(self, depth: int) -> None:
        """`enter_node`, the call counted at its depth too (Stats.depths)."""
        self.enter_node()
        depths = self.depths
        while len(depths) <= depth:
            depths.append(0)
        depths[depth] += 1
        if self.tree is not None:
            self.tree.node(depth, self.tries)
        if self.log is not None:
            self.log.enter(depth)

    def leave_node(self) -> None:
        """The call entered last returns (a tree or events being recorded follow the search back up)."""
        if self.tree is not None:
            self.tree.leave(self.tries)
        if self.log is not None:
            self.log.leave()

    def solution_found(self) -> None:
        """The node just entered holds a solution (for a search tree or events being recorded)."""
        if self.tree is not None:
            self.tree.solution()
        if self.log is not None:
            self.log.mark_solution()

    def close_tree(self) -> None:
        """The search ended: the tries counted at its end close the tree being recorded."""
        if self.tree is not None:
            self.tree.tries_at_end = self.tries

    def stats(self, depths: list[int] | None = None) -> Stats:
        """The counters so far, with the nodes per depth where they were recorded (and the
        tries at the end close a search tree being recorded)."""
        self.close_tree()
        if depths is None and self.depths:
            depths = list(self.depths)
        return Stats(self.nodes, self.tries, self.backtracks, self.control.elapsed(), depths)


_freezing_loaded_code = False


def freeze_loaded_code() -> None:
    """For a process that ends when its one run ends (the command line): from now on, what
    loading compiled code leaves behind is frozen out of the garbage collector's rounds
    (gc.freeze) instead of scanned at its next round — 15 to 30 ms of a command's start, 0.1 s
    after a first compilation (measured). What the compilation leaves as garbage then stays
    until the process ends: not for a library, whose process lives on."""
    global _freezing_loaded_code
    _freezing_loaded_code = True


@contextmanager
def collector_paused(freeze: bool = False) -> Iterator[None]:
    """Within, Python's garbage collector does not run: for many new objects that are no
    garbage (numba's modules and kernels, a file's puzzles), which it would otherwise scan
    again and again as they pile up (49,158 Sudokus read in 0.12 s instead of 0.33 s,
    measured). With `freeze`, what is there at the end is frozen out of its rounds for good."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            if freeze:
                gc.freeze()
            gc.enable()


@contextmanager
def loading_compiled(what: str) -> Iterator[None]:
    """Around the first import of a problem's compiled engines, where numba loads and the
    kernels compile (or load from numba's cache): a display may say so while it lasts, no
    time limit counts it, and a signal waits for its end (core.signals.deferred)."""
    clock = time.perf_counter()
    try:
        with collector_paused(freeze=_freezing_loaded_code), signals.deferred():
            yield
    finally:
        add_compile_seconds(time.perf_counter() - clock)


def compiled_code_loading() -> bool:
    """True while compiled engines are being loaded (see loading_compiled)."""
    return signals.loading()


MEMORY_SHARE = 0.8  # what a run may take of the memory available


def available_memory() -> int:
    """The bytes a run may use: MEMORY_SHARE of what is available, by the cgroup's limit where
    there is one, else by /proc/meminfo (or, elsewhere, a generous 8 GiB)."""
    available = 8 << 30
    try:
        with open("/proc/meminfo") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    available = int(line.split()[1]) * 1024
    except OSError:
        pass
    try:
        with open("/sys/fs/cgroup/memory.max") as cgroup:
            text = cgroup.read().strip()
        if text.isdigit():
            available = min(available, int(text))
    except OSError:
        pass
    return int(available * MEMORY_SHARE)


def check_memory(estimate: int, what: str, limits: Limits | None = None) -> None:
    """Refuse, before it is allocated, work that would take more memory than the limit
    (`limits.memory`, else what available_memory allows). Work spread over processes is
    estimated as the sum over them."""
    if limits is not None and limits.memory is not None:
        limit, source = limits.memory, "the memory limit"
    else:
        limit, source = available_memory(), "the memory available"
    if estimate > limit:
        raise MemoryRefused(
            f"memory: {what} needs about {format_bytes(estimate)}, more than {source} ({format_bytes(limit)})"
        )


@contextmanager
def recursion_room(depth: int, what: str = "square") -> Iterator[None]:
    """Raise the interpreter's recursion limit for one search that recurses `depth` deep (once
    per `what`), and restore it afterwards; refuse a search deeper than MAX_PYTHON_DEPTH."""
    if depth > MAX_PYTHON_DEPTH:
        raise InvalidInput(
            f"engine: the python engine recurses once per {what} and is limited to {MAX_PYTHON_DEPTH:,} "
            f"{what}s; use --engine numba (engine='numba')"
        )
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(max(previous, 2 * depth + 200))
    try:
        yield
    finally:
        sys.setrecursionlimit(previous)


def _live_counters(engine: Engine) -> Callable[[], Stats]:
    """What a display may read from another thread while the engine runs: `live_stats` where an
    engine has one (an engine whose `stats` must not be called meanwhile), else `stats`."""
    live: Callable[[], Stats] = getattr(engine, "live_stats", engine.stats)
    return live


@dataclass
class Run(Generic[E, T]):
    """One search run by `run_search`: its engine (to read what it left), what the search
    returned (None when stopped), why it stopped (None when it ran to its end), its counters."""

    engine: E | None  # None when a limit or a signal stopped the search while it was built
    value: T | None
    stopped: Status | None
    stats: Stats

    @property
    def status(self) -> Status:
        """How a search for one solution ended: stopped (limit, interrupted), else found when it
        returned a solution (not None), else none."""
        if self.stopped is not None:
            return self.stopped
        return Status.FOUND if self.value is not None else Status.NONE


def run_search(limits: Limits | None, build: Callable[[SearchControl], E], search: Callable[[E], T]) -> Run[E, T]:
    """Build an engine under the limits (its set-up counts in the time limit), restart the
    clock (`seconds` is the search alone, not the set-up), run `search(engine)`, and catch a
    limit or Ctrl-C, during the set-up too."""
    with SearchControl(limits) as control:
        try:
            with control.setting_up():
                engine = build(control)
        except SearchStopped as stop:
            return Run(None, None, stop.status, Stats(seconds=control.elapsed()))
        control.counters = _live_counters(engine)
        control.restart_clock()
        try:
            value, stopped = search(engine), None
        except SearchStopped as stop:
            value, stopped = None, stop.status
        return Run(engine, value, stopped, engine.stats())


class Watched(Engine, Protocol):
    """A python engine that tells a log each step it takes (`record`) with its `counters`."""

    counters: PythonCounters
    record: Callable[[tuple[int, int], int], None] | None

    def solutions(self) -> Iterator[Any]: ...


W = TypeVar("W", bound=Watched)


def run_watched(
    limits: Limits | None, build: Callable[[SearchControl], W], log: EventLog, every: bool
) -> tuple[Run[W, Any], int]:
    """`run_search` of a python engine that tells `log` each step (the log reads the engine's
    counters): to its first solution, or with `every` through all of them. The run (its value:
    the first solution, None when none was found) and how many solutions were found."""
    found = [0]

    def watched(control: SearchControl) -> W:
        engine = build(control)
        log.follow(engine.counters)
        engine.record = log
        return engine

    def search(engine: W) -> Any:
        if not every:
            first = next(iter(engine.solutions()), None)
            found[0] = int(first is not None)
            return first
        first = None
        for solution in engine.solutions():
            found[0] += 1
            first = solution if first is None else first
        return first

    run = run_search(limits, watched, search)
    return run, found[0]


class SolutionStream(Generic[E, T]):
    """Every solution of one search, lazily, in the engine's order: iterate over it; afterwards
    `result` says how it ended (complete; found when `limit` solutions were given or the caller
    stopped early; limit; interrupted) with the number of solutions and the counters."""

    def __init__(
        self,
        limits: Limits | None,
        build: Callable[[SearchControl], E],
        solutions: Callable[[E], Iterator[T]],
        result: CountResult,
        limit: int | None = None,
    ) -> None:
        if limit is not None and limit < 1:
            raise InvalidInput(f"limit: {limit} must be at least 1")
        self.limits, self.build, self.solutions, self.limit = limits, build, solutions, limit
        self.result = result

    def __iter__(self) -> Iterator[T]:
        result = self.result
        with SearchControl(self.limits) as control:
            engine = self.build(control)
            control.counters = _live_counters(engine)
            control.restart_clock()
            try:
                for solution in self.solutions(engine):
                    result.count += 1
                    result.stats = engine.stats()
                    yield solution
                    if result.count == self.limit:
                        result.status = Status.FOUND
                        break
            except SearchStopped as stop:
                result.status = stop.status
            except GeneratorExit:  # the caller stopped iterating: solutions were found, not all of them
                result.status = Status.FOUND
                raise
            finally:
                result.stats = engine.stats()
