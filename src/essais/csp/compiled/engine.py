"""The numba engine of constraint search (over essais.csp.compiled._kernels): a model as arrays (made
once; every model runs the same compiled kernel), one search from the top, the sub-trees of a
split count listed at a level, and one sub-tree counted in a worker."""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import numpy as np
from numba import cfunc

from essais.core.addresses import ARRAYS_CALL
from essais.core.engine import compiled_code_loading
from essais.core.errors import InvalidInput
from essais.core.limits import SOLUTION, SearchControl, SearchStopped
from essais.core.parallel import TaskResult
from essais.core.parallel import count_subtree as counted
from essais.core.parallel.tasks import solve_subtree
from essais.core.result import Stats, Status
from essais.core.signals import holding
from essais.core.sliced import DEPTH, SplitSearch
from essais.csp.compiled import _domain_kernels as k
from essais.csp.compiled import (
    _element_kernels,
    _global_kernels,
    _product_kernels,
    _propagation_kernels,
    _reified_kernels,
)
from essais.csp.compiled._kernels import csp_slice, replay
from essais.csp.compiled._propagation_kernels import LINEAR_CONSTANT
from essais.csp.kinds import Fields, kind_of
from essais.csp.model.constraint import Constraint
from essais.csp.model.expressions import Linear
from essais.csp.model.intervals import ranges_of
from essais.csp.model.problem import IMPROVEMENTS, LARGEST, MAX_SPAN, PRUNED, RESTARTS, REVISIONS, Model, relaxation

METHOD_CODES = {"basic": k.BASIC, "forward": k.FORWARD, "mac": k.MAC}
VARIABLE_ORDER_CODES = {"input": k.INPUT, "mrv": k.MRV, "wdeg": k.WDEG}
VALUE_ORDER_CODES = {"min": k.ASCENDING, "lcv": k.LCV, "split": k.SPLIT_LOW, "reverse-split": k.SPLIT_HIGH}
WATCH_SECONDS = 0.02  # how often the watch of a time-limited search looks at the clock (_stopped_in_time)
Bound = tuple[int, bool]  # the signed objective's bound from the start, and whether solutions tighten it
# bytes per value of the domains: the words and their trail (twice), the value lists, lcv's scores
BYTES_PER_VALUE = 64


@dataclass(frozen=True)
class CspArrays:
    """A model as the kernel reads it (essais.csp.compiled._kernels, M and the first domains), with the
    sizes of the search's work arrays and a digest naming it."""

    model: tuple[np.ndarray, ...]
    domains: np.ndarray
    root_false: bool
    constraints: int
    values: int  # the bit sets' sizes added up, and 1 a wide domain (its one value listed once fixed)
    sizes: np.ndarray  # each domain's size
    widest: int  # the most places a constraint's propagator works on (Kind.places): ROWS, IMAGES, CWORK
    most_words: int
    digest: str
    decisions: int  # the variables the search gives values to (the others are auxiliary)
    bounds: np.ndarray  # each domain's least and greatest (a wide one's first LOW and HIGH), two rows
    bound: int = -1  # the objective's bound: the last constraint (-1: the model has no objective)
    wide: int = 0  # the wide domains (kept as bounds)

    def levels(self, halving: bool) -> int:
        """The most levels the search can go down, the root's included: one a variable, and with a
        split order one more a halving of a decision's domain (TextbookCsp._deepest)."""
        if not halving:
            return len(self.sizes) + 1
        sizes = self.sizes[: self.decisions].tolist()
        return int(sum(max(int(size) - 1, 0).bit_length() + 1 for size in sizes)) + 1

    def trail_size(self, levels: int) -> int:
        """The trail's most entries: a word's change removes a value, and a wide domain's bound is
        trailed once a try (or lcv's look) on the path."""
        return 2 * self.values + 8 + 2 * self.wide * (levels + 2)

    def work_bytes(self, halving: bool = False) -> int:
        trail = self.trail_size(self.levels(halving))
        return BYTES_PER_VALUE * (self.values + self.domains.size) + 24 * trail + 64 * self.constraints


def _words(values: Sequence[int], count: int) -> np.ndarray:
    """A domain's bit set as `count` words (bit k: the value values[0] + k), made as one Python
    integer (a numpy operation a value took 2 ms of a count of 30 variables)."""
    if not values:
        return np.zeros(count, dtype=np.uint64)
    if values[-1] - values[0] + 1 == len(values):
        mask = (1 << len(values)) - 1
    else:
        mask = sum(1 << (value - values[0]) for value in values)
    return np.frombuffer(mask.to_bytes(8 * count, "little"), dtype="<u8").astype(np.uint64)


@dataclass
class _Encoder:
    """The model's constraints written one after the other into the arena's sections, each by
    its kind (essais.csp.kinds.Encoding): kind, its own fields, terms."""

    least: list[int]
    largest: list[int]
    word_offsets: np.ndarray
    words: list[int]
    star: int = k.STAR

    def __post_init__(self) -> None:
        self.kinds: list[int] = []
        self.starts: list[int] = []
        self.sizes: list[int] = []
        self.variables: list[int] = []
        self.coefficients: list[int] = []
        self.offsets: list[int] = []
        self.field_starts: list[int] = []
        self.fields: list[int] = []
        self.widest = 1

    def add(self, constraint: Constraint) -> None:
        self.starts.append(len(self.variables))
        self.sizes.append(len(constraint.variables))
        self.field_starts.append(len(self.fields))
        kind = kind_of(constraint)
        kind.encode(constraint, self)
        self.variables += constraint.variables
        self.widest = max(self.widest, kind.places(constraint))

    def kind(self, name: str, fields: tuple[str, ...], values: Fields) -> None:
        """The constraint's kind, and its fields' values in the order its kind declares them
        (its kernels read them at those places)."""
        if tuple(values) != fields or any(isinstance(values[f], list) for f in fields[:-1]):
            raise AssertionError(f"{name}'s fields {list(values)} are not those it declares, {list(fields)}")
        self.kinds.append(self.kind_number(name))
        for value in values.values():
            self.fields += value if isinstance(value, list) else [value]

    def terms(self, coefficients: Iterable[int], offsets: Iterable[int]) -> None:
        self.coefficients += coefficients
        self.offsets += offsets

    def kind_number(self, name: str) -> int:
        """A kind's number in the kernels (a field may name one: a reified relation's relation)."""
        return int(getattr(k, name))

    def fits(self, largest: int) -> None:
        if largest >= LARGEST:
            raise InvalidInput(f"engine: a constraint's sums reach {largest:,}, beyond the numba engine's integers "
                               "(the python engine takes them)")  # fmt: skip


def model_arrays(model: Model, width: int = MAX_SPAN) -> CspArrays:
    """The arrays of a model without predicates (checked: every sum fits the kernel's integers);
    a domain spanning more than `width` values is wide (no words: its ranges)."""
    least = [values[0] if values else 0 for values in model.domains]
    largest = [max(abs(values[0]), abs(values[-1])) if values else 0 for values in model.domains]  # (ascending)
    if max(largest, default=0) >= LARGEST:
        raise InvalidInput(f"engine: a domain reaches {max(largest):,}, beyond the numba engine's integers "
                           "(the python engine takes them)")  # fmt: skip
    wide = [bool(values) and values[-1] - values[0] >= width for values in model.domains]
    words = [0 if is_wide else (values[-1] - values[0]) // 64 + 1 if values else 1
             for values, is_wide in zip(model.domains, wide, strict=True)]  # fmt: skip
    offsets = np.concatenate([[0], np.cumsum(words)]).astype(np.int64)
    domains = np.zeros(int(offsets[-1]), dtype=np.uint64)
    ranges: list[list[int]] = []
    for var, values in enumerate(model.domains):
        if words[var]:
            domains[offsets[var] : offsets[var + 1]] = _words(values, words[var])
        ranges.append([end for run in ranges_of(values) for end in run] if wide[var] else [])

    on: list[list[int]] = [[] for _ in model.names]
    constraints = list(model.constraints)
    if model.objective is not None:  # (TextbookCsp's bound: the last constraint, first on its variables)
        constraints.append(Linear(model.objective.signed, 0, "<="))
        for var in model.objective.terms:
            on[var].append(len(model.constraints))
    encoder = _Encoder(least, largest, offsets, words)
    distinct: list[int] = []
    for index, constraint in enumerate(constraints):
        encoder.add(constraint)
        mine = dict.fromkeys(constraint.variables)
        distinct.append(len(mine))
        for var in mine if index < len(model.constraints) else ():
            on[var].append(index)
    e = encoder
    on_start = np.concatenate([[0], np.cumsum([len(c) for c in on])]).astype(np.int64)
    sections = {k.LEAST: least, k.WOFF: offsets[:-1], k.NW: words, k.KIND: e.kinds, k.CSTART: e.starts,
                k.CLEN: e.sizes, k.CVAR: e.variables, k.CCOEF: e.coefficients, k.COFF: e.offsets,
                k.FSTART: e.field_starts, k.FIELDS: e.fields,
                k.ONSTART: on_start, k.ONLIST: [c for cs in on for c in cs], k.DISTINCT: distinct,
                k.RELAX: _relaxation_section(model), k.DEFS: [*model.definitions, 0],
                k.IDEMPOTENT: [int(kind_of(c).idempotent(c) and not any(wide[v] for v in c.variables))
                               for c in constraints],
                k.RSTART: np.concatenate([[0], np.cumsum([len(r) // 2 for r in ranges])]),
                k.RANGES: [end for r in ranges for end in r]}  # fmt: skip
    m = tuple(np.array(section, dtype=np.int64) for section in in_slot_order(sections, k.MODEL))
    root_false = any(not c.variables and not c.holds([]) for c in model.constraints)
    digest = _digest([*m, domains])
    domain_sizes = np.array([len(values) for values in model.domains], dtype=np.int64)
    bound = len(model.constraints) if model.objective is not None else -1
    ends = np.array(
        [
            [values[0] if values else 1 for values in model.domains],
            [values[-1] if values else 0 for values in model.domains],
        ],
        dtype=np.int64,
    ).reshape(2, -1)
    listed = sum(1 if is_wide else len(values) for values, is_wide in zip(model.domains, wide, strict=True))
    return CspArrays(m, domains, root_false, len(constraints), listed, domain_sizes, e.widest,
                     max(words, default=1), digest, model.decisions, ends, bound, sum(wide))  # fmt: skip


def _relaxation_section(model: Model) -> list[int]:
    """The objective's relaxation as the kernel reads it: its items' count, its capacity, then
    each item's variable, weight and worth (0, 0: none)."""
    relaxed = relaxation(model)
    if relaxed is None:
        return [0, 0]
    return [len(relaxed.items), relaxed.capacity, *(number for item in relaxed.items for number in item)]


def _digest(sections: list[np.ndarray]) -> str:
    """A hash of the arrays, each led by its length: two models never share one by moving
    numbers from one section to the next."""
    hashed = hashlib.sha256()
    for section in sections:
        hashed.update(np.int64(section.size).tobytes())
        hashed.update(section.tobytes())
    return hashed.hexdigest()[:16]


ENTRY_MODULES = (_propagation_kernels, _global_kernels, _element_kernels, _reified_kernels, _product_kernels)
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
    (variable, value) pairs given at the levels above) from a sub-tree's root."""

    solutions_slot, split_slot = k.SOLUTIONS, k.SPLIT

    def __init__(self, arrays: CspArrays, method: str, variable_order: str, value_order: str,
                 control: SearchControl, path: tuple[tuple[int, int], ...] = (),
                 bound: Bound | None = None, restarts: bool = False) -> None:  # fmt: skip
        super().__init__(control, k.STATE_SIZE)
        self.arrays = arrays
        self.method = METHOD_CODES[method]
        self.order, self.value_order = VARIABLE_ORDER_CODES[variable_order], VALUE_ORDER_CODES[value_order]
        n, m, values = len(arrays.model[k.LEAST]), arrays.constraints, arrays.values
        levels = arrays.levels(halving=self.value_order >= k.SPLIT_LOW)
        trail = arrays.trail_size(levels)
        self.variables = arrays.decisions
        sizes = {k.GIVEN: n, k.VALUE: n, k.FREE: m, k.VAR_AT: levels, k.VSTART: levels + 1, k.VCOUNT: levels,
                 k.VPOS: levels, k.MARK: levels, k.VBUF: values + 1, k.QUEUE: max(m, 1), k.QUEUED: max(m, 1),
                 k.CHANGED: n, k.IS_CHANGED: n, k.ROWS: arrays.widest, k.IMAGES: arrays.widest,
                 k.SCORES: values + 1, k.TRAIL: trail, k.TRAIL_VAR: trail, k.SIZE: n,
                 k.CWORK: 4 * arrays.widest, k.WEIGHTS: max(m, 1), k.DEFINED: n, k.DMARK: levels,
                 k.LOW: n, k.HIGH: n, k.STAMP: 2 * n}  # fmt: skip
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
        if bound is not None:
            self.bound_by(*bound)
        if path:
            path_vars = np.array([var for var, _ in path], dtype=np.int64)
            path_values = np.array([value for _, value in path], dtype=np.int64)
            replay(self.A, self.U, self.state, self.method, path_vars, path_values, self.entries)
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
            self._share()
        with self._stopped_in_time():
            outcome = int(csp_slice(self.A, self.U, self.state, self.method, self.order, self.value_order,
                                    stop_at_solution, node_stop, self.entries))  # fmt: skip
        if self.state[k.STOP]:  # (a propagation cut short: the search ends here, never resumed)
            raise SearchStopped(Status.LIMIT)
        return outcome

    @contextmanager
    def _stopped_in_time(self) -> Iterator[None]:
        """A time limit holds inside one node's propagation, however long (x < y and y < x over
        0..10⁹): a watch beside the kernel (which runs without Python's lock) sets STOP once the
        time is spent — not while compiled code loads, which no limit counts — and the
        propagation looks at STOP each revision."""
        if self.control.limits.time is None:
            yield
            return
        self.state[k.STOP] = 0
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

    def root(self, level: int) -> tuple[tuple[int, int], ...]:
        """A sub-tree's root: the (variable, value) pairs that lead there."""
        values = self._section(k.VALUE, self.variables)
        return tuple((var, int(values[var])) for var in self._section(k.VAR_AT, level).tolist())


def in_slot_order(sections: Mapping[int, Any], slots: tuple[int, ...]) -> list[Any]:
    """The sections keyed by their slots in the arena's header, in the header's order: every
    slot given once, none other (the kernels read each section through its own slot)."""
    if sorted(sections) != sorted(slots):
        raise AssertionError(f"the arena's sections {sorted(sections)} are not its header's slots {sorted(slots)}")
    return [sections[slot] for slot in slots]


def _arena(sections: list[np.ndarray], sizes: list[int]) -> np.ndarray:
    """One int64 array: the header (where each section starts, then the sizes), the sections
    (the model's, then the search's: slot k's section is the k-th)."""
    starts = np.cumsum([k.HEADER] + [len(section) for section in sections])
    header = np.zeros(k.HEADER, dtype=np.int64)
    header[: len(sections)] = starts[:-1]
    header[k.N_VARIABLES], header[k.N_CONSTRAINTS], header[k.N_DECISIONS] = sizes
    return np.concatenate([header, *sections]).astype(np.int64)


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
