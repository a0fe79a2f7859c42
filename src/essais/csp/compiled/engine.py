"""The numba engine of constraint search (over essais.csp.compiled._kernels): one search from the
top over a model's arrays (essais.csp.compiled.arrays; every model runs the same compiled kernel),
the sub-trees of a split count listed at a level, and one sub-tree counted in a worker."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
from numba import cfunc

from essais.core.addresses import ARRAYS_CALL
from essais.core.engine import compiled_code_loading
from essais.core.limits import PAUSED, SOLUTION, SearchControl, SearchStopped
from essais.core.parallel import TaskResult
from essais.core.parallel import count_subtree as counted
from essais.core.parallel.tasks import solve_subtree
from essais.core.result import Stats, Status
from essais.core.signals import calling_on_stop, holding, received
from essais.core.sliced import DEPTH, SplitSearch
from essais.csp.compiled import (
    _arithmetic_kernels,
    _element_kernels,
    _global_kernels,
    _product_kernels,
    _propagation_kernels,
    _reified_kernels,
)
from essais.csp.compiled import _domain_kernels as k
from essais.csp.compiled._kernels import csp_slice, replay
from essais.csp.compiled._propagation_kernels import LINEAR_CONSTANT
from essais.csp.compiled.arrays import VALUE_ORDER_CODES, VARIABLE_ORDER_CODES, CspArrays, in_slot_order
from essais.csp.model.problem import IMPROVEMENTS, PRUNED, RESTARTS, REVISIONS

METHOD_CODES = {"basic": k.BASIC, "forward": k.FORWARD, "mac": k.MAC}
WATCH_SECONDS = 0.02  # how often the watch of a time-limited search looks at the clock (_stopped_in_time)
Bound = tuple[int, bool]  # the signed objective's bound from the start, and whether solutions tighten it
ENTRY_MODULES = (
    _propagation_kernels,
    _global_kernels,
    _element_kernels,
    _reified_kernels,
    _product_kernels,
    _arithmetic_kernels,
)
_COMPILED: dict[str, Any] = {}  # each kind's entry, compiled (or loaded from numba's cache) once a process


def entries(kinds: np.ndarray) -> np.ndarray:
    """The addresses of the kinds' entries the search calls (its propagator, basic's check, the
    value it defines: _domain_kernels.REVISE…), a kind's at its number: each kind of `kinds`
    compiled (or loaded from numba's cache) when a model first uses it, the others `unused`
    (never called). A kind's entry is the kernel named after it (`element_at` for ELEMENT), a
    C function (essais.core.addresses)."""
    used = set(kinds.tolist())
    return np.array([_entry(name.lower() if number in used else "unused")
                     for number, name in enumerate(k.KIND_NAMES)], dtype=np.int64)  # fmt: skip


def _entry(name: str) -> int:
    if name not in _COMPILED:
        [function] = [getattr(module, f"{name}_at") for module in ENTRY_MODULES if hasattr(module, f"{name}_at")]
        _COMPILED[name] = cfunc(ARRAYS_CALL, cache=True)(function)
    return int(_COMPILED[name].address)


class CompiledCsp(SplitSearch):
    """The search of essais.csp.textbook.search by `csp_slice`, from the top or (`path`: the
    (variable, try) pairs made at the levels above: CompiledCsp.root) from a sub-tree's root."""

    solutions_slot, split_slot = k.SOLUTIONS, k.SPLIT

    def __init__(self, arrays: CspArrays, method: str, variable_order: str, value_order: str,
                 control: SearchControl, path: tuple[tuple[int, int], ...] = (),
                 bound: Bound | None = None, restarts: bool = False,
                 last_conflict: bool = False) -> None:  # fmt: skip
        super().__init__(control, k.STATE_SIZE)
        self.arrays = arrays
        self.method = METHOD_CODES[method]
        self.order, self.value_order = VARIABLE_ORDER_CODES[variable_order], VALUE_ORDER_CODES[value_order]
        n, m, values = len(arrays.model[k.LEAST]), arrays.constraints, arrays.values
        levels = arrays.levels(self.value_order)
        self.halves = arrays.halves(self.value_order)  # (each decision's: a try keeps a half, CompiledCsp.root)
        trail = arrays.first_trail(levels, len(path))
        self.variables = arrays.decisions
        sizes = {k.GIVEN: n, k.VALUE: n, k.FREE: m, k.VAR_AT: levels, k.VSTART: levels + 1, k.VCOUNT: levels,
                 k.VPOS: levels, k.MARK: levels, k.VBUF: values + 1, k.QUEUE: 2 * max(m, 1), k.QUEUED: max(m, 1),
                 k.CHANGED: n, k.IS_CHANGED: n, k.ROWS: arrays.widest, k.IMAGES: arrays.widest,
                 k.SCORES: values + 1, k.TRAIL: trail, k.TRAIL_VAR: trail, k.SIZE: n,
                 k.CWORK: 4 * arrays.widest, k.WEIGHTS: max(m, 1), k.DEFINED: n, k.DMARK: levels,
                 k.LOW: n, k.HIGH: n, k.STAMP: 2 * n, k.ENTAILED: max(m, 1),
                 k.BEFORE_STAMP: arrays.domains.size, k.BEFORE_AT: arrays.domains.size}  # fmt: skip
        work = {slot: np.zeros(size, dtype=np.int64) for slot, size in sizes.items()}
        work[k.FREE], work[k.SIZE] = arrays.model[k.DISTINCT], arrays.sizes  # (their values at the root)
        work[k.WEIGHTS][:] = 1  # (wdeg's weights start at 1)
        work[k.LOW][:], work[k.HIGH][:] = arrays.bounds
        work[k.STAMP][:] = -1
        self.A = _arena([*arrays.model, *in_slot_order(work, k.WORK)], [n, m, arrays.decisions])
        self._section(k.FSTART, m)[:] += self.A[k.FIELDS]  # (where each constraint's fields are in the arena)
        self.U = np.concatenate([arrays.domains, np.zeros(trail + arrays.most_words, dtype=np.uint64)])
        self.entries = entries(arrays.model[k.KIND])
        self.A[k.DOM], self.A[k.TRAIL_OLD], self.A[k.SCRATCH] = (
            0,
            arrays.domains.size,
            arrays.domains.size + trail,
        )
        self.state[k.COUNTING], self.state[k.LOOKING], self.state[k.SPLIT] = 1, -1, -1
        self.state[k.ROOT_FALSE] = arrays.root_false
        self.state[k.BOUND], self.state[k.TIGHTEN] = arrays.bound, 1
        self.state[k.RESTARTING], self.state[k.RUN] = restarts, 1
        self.state[k.FOLLOWING], self.state[k.CONFLICTED] = last_conflict, -1
        self.state[k.PROJECTING] = arrays.existential > 0
        self.state[k.HALVING] = any(self.halves)
        self.state[k.TRAIL_ROOM] = arrays.trail_room()
        if bound is not None:
            self.bound_by(*bound)
        if path:
            path_vars = np.array([var for var, _ in path], dtype=np.int64)
            path_values = np.array([value for _, value in path], dtype=np.int64)
            replay(self.A, self.U, self.state, self.method, self.value_order, path_vars, path_values, self.entries)
            self.state[DEPTH] = self.state[k.BASE] = len(path)

    def _section(self, slot: int, size: int) -> np.ndarray:
        """A view of one section of the arena."""
        start = int(self.A[slot])
        return self.A[start : start + size]

    def stats(self) -> Stats:
        stats = super().stats()
        stats.own = {PRUNED: int(self.state[k.PRUNED]), REVISIONS: int(self.state[k.REVISIONS])}
        if self.arrays.bound >= 0:
            stats.own[IMPROVEMENTS] = int(self.state[k.IMPROVEMENTS])
        if self.state[k.RESTARTING]:
            stats.own[RESTARTS] = int(self.state[k.RESTARTS])
        return stats

    def bound_by(self, most: int, tighten: bool = True) -> None:
        """From now on the signed objective is at most `most` (TextbookCsp.bound_by)."""
        self.A[self.A[self.A[k.FSTART] + self.arrays.bound] + LINEAR_CONSTANT] = -most
        self.state[k.BOUND_ON], self.state[k.TIGHTEN] = 1, tighten

    def _share(self) -> None:
        """A sub-tree of a split optimisation (control.shared_best: the signed objective, 1 once
        a solution is there, its values): publish this search's best when it is better, else
        prune with the one shared."""
        shared, best = self.control.shared_best, self.best
        with holding(shared):
            if best is not None and (not shared[1] or best < shared[0]):
                shared[: 2 + self.variables] = [best, 1, *self._section(k.VALUE, self.variables).tolist()]
            elif shared[1] and (best is None or shared[0] < best):
                self.bound_by(shared[0] - 1)

    @property
    def improvements(self) -> int:
        return int(self.state[k.IMPROVEMENTS])

    @property
    def best(self) -> int | None:
        """The signed objective of the best solution this search found (None: none yet)."""
        return int(self.state[k.BEST]) if self.improvements else None

    def step(self, stop_at_solution: bool, node_stop: int) -> int:
        if self.control.shared_best is not None and self.arrays.bound >= 0:
            self.state[k.SHARED_BOUND] = 1
            self._share()
        self.state[k.STOP] = 0
        with self._stopped_in_time(), calling_on_stop(self._halt):
            outcome = int(csp_slice(self.A, self.U, self.state, self.method, self.order, self.value_order,
                                    stop_at_solution, node_stop, self.entries))  # fmt: skip
            while outcome == PAUSED and not self.state[k.STOP] and self._trail_short():
                self._grow_trail()
                outcome = int(csp_slice(self.A, self.U, self.state, self.method, self.order, self.value_order,
                                        stop_at_solution, node_stop, self.entries))  # fmt: skip
        if self.state[k.STOP]:  # (a propagation cut short: the search ends here, never resumed)
            raise SearchStopped(Status.INTERRUPTED if received() is not None else Status.LIMIT)
        return outcome

    def _trail_short(self) -> bool:
        """Whether the next node could fill the trail (the slice paused before entering it)."""
        return bool(self.state[k.TRAIL_TOP] + self.state[k.TRAIL_ROOM] > self.A[k.TRAIL_VAR] - self.A[k.TRAIL])

    def _grow_trail(self) -> None:
        """The trail twice as long: its two sections in the arena and its old words in U. The
        sections after them move (the header says where each starts; nothing else holds where)."""
        extra = int(self.A[k.TRAIL_VAR] - self.A[k.TRAIL])
        for slot in (k.TRAIL, k.TRAIL_VAR):
            self.A = _widened(self.A, slot, extra)
        scratch = int(self.A[k.SCRATCH])
        self.U = np.concatenate([self.U[:scratch], np.zeros(extra, dtype=np.uint64), self.U[scratch:]])
        self.A[k.SCRATCH] = scratch + extra

    def _halt(self) -> None:
        """Stop the kernel within its next revision (a stop signal: Ctrl-C, SIGTERM)."""
        self.state[k.STOP] = 1

    @contextmanager
    def _stopped_in_time(self) -> Iterator[None]:
        """A time limit holds inside one node's propagation, however long (x < y and y < x over
        0..10⁹): a watch beside the kernel (which runs without Python's lock) sets STOP once the
        time is spent — not while compiled code loads, which no limit counts — and the
        propagation looks at STOP each revision."""
        if self.control.limits.time is None:
            yield
            return
        done = threading.Event()
        watch = threading.Thread(target=self._watch, args=(done,), daemon=True)
        watch.start()
        try:
            yield
        finally:
            done.set()
            watch.join()

    def _watch(self, done: threading.Event) -> None:
        while not done.wait(WATCH_SECONDS):
            if not compiled_code_loading() and self.control.out_of_time():
                self.state[k.STOP] = 1
                return

    def solutions(self) -> Iterator[list[int]]:
        """Every solution: each variable's value, in the model's order."""
        while self.run(True) == SOLUTION:
            yield self.values()

    def values(self) -> list[int]:
        """The values of the solution the kernel stopped at."""
        return self._section(k.VALUE, self.variables).tolist()  # type: ignore[no-any-return]

    def advance(self, until: int) -> int:
        """The search resumed until `until` nodes in all (core.portfolio.Resumable): SOLUTION,
        BUDGET_SPENT or EXHAUSTED."""
        return self.slices_within(lambda node_stop: self.step(True, node_stop), until)

    def last_solution(self) -> list[int]:
        return self.values()

    def root(self, level: int) -> tuple[tuple[int, int], ...]:
        """A sub-tree's root: the (variable, try) pairs that lead there, a try a value or, where a
        split order halved a domain (two tries listed), the half kept (0: the first tried)."""
        values = self._section(k.VALUE, self.variables)
        tried, listed = self._section(k.VPOS, level) - 1, self._section(k.VCOUNT, level)
        return tuple((var, int(tried[at]) if self.halves[var] and listed[at] == 2 else int(values[var]))
                     for at, var in enumerate(self._section(k.VAR_AT, level).tolist()))  # fmt: skip


def _arena(sections: list[np.ndarray], sizes: list[int]) -> np.ndarray:
    """One int64 array: the header (where each section starts, then the sizes), the sections
    (the model's, then the search's: slot k's section is the k-th)."""
    starts = np.cumsum([k.HEADER] + [len(section) for section in sections])
    header = np.zeros(k.HEADER, dtype=np.int64)
    header[: len(sections)] = starts[:-1]
    header[k.N_VARIABLES], header[k.N_CONSTRAINTS], header[k.N_DECISIONS] = sizes
    return np.concatenate([header, *sections]).astype(np.int64, copy=False)  # (one copy, not two)


def _widened(A: np.ndarray, slot: int, extra: int) -> np.ndarray:
    """The arena with `extra` zeros at the end of slot's section, the later sections' starts moved."""
    end = int(A[slot + 1])
    widened = np.concatenate([A[:end], np.zeros(extra, dtype=np.int64), A[end:]])
    widened[slot + 1 : k.WORDS[0]] += extra
    return widened


Task = tuple[CspArrays, str, str, str, tuple[tuple[int, int], ...], Bound | None]


def count_subtree(task: Task, control: SearchControl) -> TaskResult:
    """One sub-tree of a split count (essais.core.parallel): task = (the model's arrays, the
    method and its orders, the path to the sub-tree's root, the objective's bound or None);
    values: (its solutions,)."""
    arrays, method, variable_order, value_order, path, bound = task
    return counted(CompiledCsp(arrays, method, variable_order, value_order, control, path, bound))


def best_in_subtree(task: Task, control: SearchControl) -> TaskResult:
    """One sub-tree of a split optimisation (the task of count_subtree): its best solution by
    branch and bound, pruned with the best any sub-tree shared (control.shared_best); values:
    (1, the signed objective, the values) when it found one, else (0,)."""
    arrays, method, variable_order, value_order, path, bound = task
    search = CompiledCsp(arrays, method, variable_order, value_order, control, path, bound)
    last: list[int] = []

    def best() -> tuple[int, ...]:
        return (1, search.best, *last) if search.best is not None else (0,)  # type: ignore[misc]

    def solve() -> tuple[int, ...]:
        for values in search.solutions():
            last[:] = values
        return best()

    return solve_subtree(solve, best, search.stats)
