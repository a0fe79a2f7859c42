"""A model as the numba engine's kernels read it (essais.csp.compiled._kernels): its sections of the
arena, each constraint written by its kind (essais.csp.kinds.Encoding), its domains' words (a wide
domain's ranges instead), the sizes of the search's work and a digest naming it; made once a model,
handed to every search and worker."""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from essais.core.errors import InvalidInput
from essais.csp.compiled import _domain_kernels as k
from essais.csp.kinds import Fields, kind_of, phase_orders
from essais.csp.model.capacity import relaxation
from essais.csp.model.constraint import Constraint
from essais.csp.model.expressions import Linear
from essais.csp.model.intervals import ranges_of
from essais.csp.model.problem import LARGEST, MAX_SPAN, Model

# bytes per value of the domains: the words and their trail (twice), the value lists, lcv's scores
BYTES_PER_VALUE = 64
# the levels a search's first trail holds the wide bounds of (CspArrays.first_trail)
TRAIL_LEVELS = 64


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
    existential: int = 0  # the decisions solutions are not told apart by (Model.existential)

    def told_apart_above(self, roots: list[tuple[tuple[int, int], ...]]) -> bool:
        """Whether sub-trees from these roots count a projected model's solutions as one search
        does: no root's path gives an existential decision a value (those come after the others,
        and only one set of their values is kept a solution: kernels' _told)."""
        existential = self.model[k.EXISTENTIAL]
        return not self.existential or not any(existential[var] for root in roots for var, _ in root)

    def halves(self, value_order: int) -> list[bool]:
        """Whether each decision's domain is halved, the method's value order `value_order`."""
        return [(value_order if own < 0 else own) >= k.SPLIT_LOW for own in self.model[k.VALUE_ORDER].tolist()]

    def levels(self, value_order: int) -> int:
        """The most levels the search can go down, the root's included: one a variable, and one
        more a halving of a decision's domain where its value order splits (TextbookCsp._deepest)."""
        halves = self.halves(value_order)
        if not any(halves):
            return len(self.sizes) + 1
        sizes = self.sizes[: self.decisions].tolist()
        return int(sum(max(int(size) - 1, 0).bit_length() if halved else 0
                       for size, halved in zip(sizes, halves, strict=True)) + len(self.sizes)) + 1  # fmt: skip

    def trail_size(self, levels: int) -> int:
        """The trail's most entries on a path of `levels` levels: a word's change removes a value,
        a constraint is entailed once, and a wide domain's bound is trailed once a try (or lcv's
        look) on the path."""
        return 2 * self.values + 8 + self.constraints + 2 * self.wide * (levels + 2)

    def trail_room(self) -> int:
        """The trail's most entries one node may add (its try, or lcv's look, on the path's words)."""
        return self.trail_size(0)

    def first_trail(self, levels: int, path: int = 0) -> int:
        """The trail a search starts with, below a sub-tree's path of `path` levels: `levels`
        levels, at most TRAIL_LEVELS more than the path (it grows where a search goes deeper:
        sized for every level, road-cons's wide bounds took 1.9 GB)."""
        return self.trail_size(min(levels, path + TRAIL_LEVELS))

    def work_bytes(self, value_order: int = k.ASCENDING) -> int:
        trail = self.first_trail(self.levels(value_order))
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

    def add(self, constraint: Constraint, variables: list[int]) -> None:
        """The constraint, its variables (`constraint.variables`, made once by the caller)."""
        self.starts.append(len(self.variables))
        self.sizes.append(len(variables))
        self.field_starts.append(len(self.fields))
        kind = kind_of(constraint)
        kind.encode(constraint, self)
        self.variables += variables
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
    existential = set() if model.objective is not None else model.existential  # (TextbookCsp.existential)
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
        variables = constraint.variables
        encoder.add(constraint, variables)
        mine = dict.fromkeys(variables)
        distinct.append(len(mine))
        for var in mine if index < len(model.constraints) else ():
            on[var].append(index)
    e = encoder
    on_start = np.concatenate([[0], np.cumsum([len(c) for c in on])]).astype(np.int64)
    phases = _phase_sections(model, width)
    on_wide = [any(wide[v] for v in c.variables) for c in constraints]  # (each constraint: one of its variables is)
    sections = {k.LEAST: least, k.WOFF: offsets[:-1], k.NW: words, k.KIND: e.kinds, k.CSTART: e.starts,
                k.CLEN: e.sizes, k.CVAR: e.variables, k.CCOEF: e.coefficients, k.COFF: e.offsets,
                k.FSTART: e.field_starts, k.FIELDS: e.fields,
                k.ONSTART: on_start, k.ONLIST: [c for cs in on for c in cs], k.DISTINCT: distinct,
                k.RELAX: _relaxation_section(model), k.DEFS: [*model.definitions, 0],
                k.IDEMPOTENT: [int(kind_of(c).idempotent(c, w)) for c, w in zip(constraints, on_wide, strict=True)],
                k.COSTLY: [int(kind_of(c).costly(c)) for c in constraints],
                k.WAKES: [kind_of(c).woken_by(c, w) for c, w in zip(constraints, on_wide, strict=True)],
                k.RSTART: np.concatenate([[0], np.cumsum([len(r) // 2 for r in ranges])]),
                k.RANGES: [end for r in ranges for end in r],
                k.EXISTENTIAL: [int(var in existential) for var in range(len(model.names))], **phases}  # fmt: skip
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
                     max(words, default=1), digest, model.decisions, ends, bound, sum(wide),
                     len(existential))  # fmt: skip


VARIABLE_ORDER_CODES = {
    "input": k.INPUT,
    "mrv": k.MRV,
    "wdeg": k.WDEG,
    "smallest": k.SMALLEST,
    "largest": k.LARGEST,
    "dom": k.DOM,
}
VALUE_ORDER_CODES = {"min": k.ASCENDING, "max": k.DESCENDING, "lcv": k.LCV, "split": k.SPLIT_LOW,
                     "reverse-split": k.SPLIT_HIGH}  # fmt: skip


def _phase_sections(model: Model, width: int) -> dict[int, list[int]]:
    """The search's phases (essais.csp.kinds.phase_orders) as the kernel reads them: PHASE,
    PHASE_ORDER (their count, then 1 where the phases ascend with the variables), VALUE_ORDER (-1:
    the method's)."""
    orders = phase_orders(model, width)
    variable_orders = [VARIABLE_ORDER_CODES[order] for order in orders.variable_orders]
    value_orders = [-1 if order is None else VALUE_ORDER_CODES[order] for order in orders.value_orders]
    ascending = all(a <= b for a, b in itertools.pairwise(orders.phase))
    return {k.PHASE: orders.phase, k.PHASE_ORDER: [len(variable_orders), int(ascending), *variable_orders],
            k.VALUE_ORDER: value_orders}  # fmt: skip


def _relaxation_section(model: Model) -> list[int]:
    """The objective's relaxation as the kernel reads it: its items' count, its capacity, then
    each item's variable, weight and worth (0, 0: none); then the signed objective seen through
    its definition: its terms' count (0: the bound's own), its shift, each term's variable and
    coefficient."""
    relaxed = relaxation(model)
    if relaxed is None:
        return [0, 0]
    items = [number for item in relaxed.items for number in item]
    through = [number for term in relaxed.through for number in term]
    return [len(relaxed.items), relaxed.capacity, *items, len(relaxed.through), relaxed.shift, *through]


def _digest(sections: list[np.ndarray]) -> str:
    """A hash of the arrays, each led by its length: two models never share one by moving
    numbers from one section to the next."""
    hashed = hashlib.sha256()
    for section in sections:
        hashed.update(np.int64(section.size).tobytes())
        hashed.update(section.tobytes())
    return hashed.hexdigest()[:16]


def in_slot_order(sections: Mapping[int, Any], slots: tuple[int, ...]) -> list[Any]:
    """The sections keyed by their slots in the arena's header, in the header's order: every
    slot given once, none other (the kernels read each section through its own slot)."""
    if sorted(sections) != sorted(slots):
        raise AssertionError(f"the arena's sections {sorted(sections)} are not its header's slots {sorted(slots)}")
    return [sections[slot] for slot in slots]
