"""The domains of a model's search in plain Python and their propagators (the python engine's half
that essais.csp.compiled._domain_kernels and _propagation_kernels are to the numba one): each domain a
bit set over its span (bit k: the value least + k), narrowed with a trail that the search
undoes; each constraint's propagator narrows the domains of its variables — a linear relation by
bounds (with two variables under mac, by supports: AC-3), `all_different` by taking a fixed
variable's value from the others (and, where asked, a Hall interval's values), a table by its
tuples still possible, a predicate once one of its variables is free."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from essais.csp.model.constraints import (
    AllDifferent,
    Cardinality,
    Circuit,
    Constraint,
    Count,
    Distance,
    Increasing,
    Linear,
    NoOverlap,
    Predicate,
    Table,
)
from essais.csp.model.problem import Model
from essais.csp.textbook.global_propagators import GlobalPropagators

# What a watched search is told of a value (record((variable, value), kind)): given to its
# variable, struck out by propagation, set aside (another value of its variable was given), or
# back as it was before the last of those.
RESTORE, GIVE, STRIKE, ASIDE = range(4)


def bits(mask: int) -> Iterator[int]:
    """The set bits of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Domains(GlobalPropagators):
    """The domains of `model`'s variables as the search narrows them, for `method` (basic,
    forward, mac), with the propagators of its constraints (`constraints`: set by the search,
    the model's and the objective's bound)."""

    constraints: list[Constraint]
    given: list[int | None]

    def __init__(self, model: Model, method: str) -> None:
        self.model, self.method = model, method
        self.least = [values[0] if values else 0 for values in model.domains]
        self.domain = [sum(1 << (value - least) for value in values)
                       for values, least in zip(model.domains, self.least, strict=True)]  # fmt: skip
        self.trail: list[tuple[int, int, bool]] = []  # (variable, its domain before a change, a value given?)
        self.changed: list[int] = []  # the variables a propagator narrowed, in order
        self.counting = True  # false while lcv looks ahead: its removals count nothing
        self.pruned = 0
        # watching the search (essais.csp.draw.watch): told each value given, struck out or restored
        self.record: Callable[[tuple[int, int], int], None] | None = None

    def values(self, var: int) -> list[int]:
        least = self.least[var]
        return [least + bit for bit in bits(self.domain[var])]

    def _narrow(self, var: int, mask: int) -> bool:
        """The domain of `var` cut to `mask` (within it); False when nothing is left."""
        old = self.domain[var]
        new = old & mask
        if new != old:
            self.trail.append((var, old, False))
            self.domain[var] = new
            self.changed.append(var)
            if self.counting:
                self.pruned += (old & ~new).bit_count()
                self._tell(var, old & ~new, STRIKE)
        return new != 0

    def _tell(self, var: int, mask: int, kind: int) -> None:
        """A watched search: each value of `mask` given, struck out or restored."""
        if self.record is not None and self.counting:
            for bit in bits(mask):
                self.record((var, self.least[var] + bit), kind)

    def _bit(self, var: int, value: int) -> int:
        offset = value - self.least[var]
        return 1 << offset if offset >= 0 else 0

    def _fixed(self, var: int) -> int | None:
        """The value of a variable whose domain holds one value, else None."""
        mask = self.domain[var]
        return self.least[var] + mask.bit_length() - 1 if mask and mask & (mask - 1) == 0 else None

    def _give(self, var: int, value: int) -> None:
        """var takes `value`: its domain is that value alone (a choice, not a removal by
        propagation: `pruned` does not count it)."""
        self.given[var] = value
        old = self.domain[var]
        self.trail.append((var, old, True))
        self.domain[var] = self._bit(var, value)
        self._tell(var, old & ~self.domain[var], ASIDE)
        self._tell(var, self.domain[var], GIVE)

    def _undo(self, mark: int) -> None:
        trail, domain = self.trail, self.domain
        while len(trail) > mark:
            var, old, given = trail.pop()
            self._tell(var, old if given else old & ~domain[var], RESTORE)
            domain[var] = old

    # the propagators: each narrows the domains of its constraint's variables
    def _revise(self, index: int) -> bool:
        constraint = self.constraints[index]
        if isinstance(constraint, Linear):
            if self.method == "mac" and len(constraint.terms) == 2:
                return self._supports(constraint)
            return self._bounds(constraint)
        if isinstance(constraint, AllDifferent):
            return self._all_different(constraint)
        if isinstance(constraint, Table):
            return self._table(constraint)
        if isinstance(constraint, Circuit):
            return self._circuit(constraint)
        if isinstance(constraint, NoOverlap):
            return self._no_overlap(constraint)
        if isinstance(constraint, Increasing):
            return self._increasing(constraint)
        if isinstance(constraint, Cardinality):
            return self._cardinality(constraint)
        if isinstance(constraint, Count):
            return self._count(constraint)
        if isinstance(constraint, Distance):
            return self._distance(constraint)
        assert isinstance(constraint, Predicate)  # (the engines see the model flattened: no Written, no LexLessEq)
        return self._predicate(constraint)

    def _span(self, coefficient: int, var: int) -> tuple[int, int]:
        """The least and greatest of coefficient · var over its domain."""
        mask = self.domain[var]
        low = self.least[var] + (mask & -mask).bit_length() - 1
        high = self.least[var] + mask.bit_length() - 1
        return (coefficient * low, coefficient * high) if coefficient > 0 else (coefficient * high, coefficient * low)

    def _bounds(self, constraint: Linear) -> bool:
        """Σ a·x + c REL 0 over the domains' bounds, one variable after the other: each keeps the
        values that the others' extremes allow (!=: once one variable alone is free)."""
        terms = list(constraint.terms.items())
        if constraint.relation == "!=":
            free = [(var, a) for var, a in terms if self._fixed(var) is None]
            rest = constraint.constant + sum(
                a * (self._fixed(var) or 0) for var, a in terms if self._fixed(var) is not None
            )
            if not free:
                return rest != 0
            if len(free) == 1:
                var, a = free[0]
                if rest % a == 0:
                    return self._narrow(var, ~self._bit(var, -rest // a))
            return True
        for var, a in terms:
            spans = [self._span(b, other) for other, b in terms if other != var]
            least = constraint.constant + sum(low for low, _ in spans)
            greatest = constraint.constant + sum(high for _, high in spans)
            # a·x + least <= 0 (and for ==, a·x + greatest >= 0)
            keep = 0
            for value in self.values(var):
                if a * value + least <= 0 and (constraint.relation != "==" or a * value + greatest >= 0):
                    keep |= self._bit(var, value)
            if not self._narrow(var, keep):
                return False
        return True

    def _supports(self, constraint: Linear) -> bool:
        """mac on a relation of two variables: each keeps the values that some value of the
        other satisfies (AC-3's revision, both ways)."""
        (x, a), (y, b) = constraint.terms.items()
        for var, other, mine, theirs in ((x, y, a, b), (y, x, b, a)):
            others = self.values(other)
            keep = 0
            for value in self.values(var):
                total = mine * value + constraint.constant
                if any(_relation(total + theirs * w, constraint.relation) for w in others):
                    keep |= self._bit(var, value)
            if not self._narrow(var, keep):
                return False
        return True

    def _all_different(self, constraint: AllDifferent) -> bool:
        """A variable with one value left takes that value from the others; under mac, when the
        constraint asks for it, the Hall intervals then take theirs (_hall_intervals)."""
        hall = constraint.hall and self.method == "mac"
        return self._fixed_images(constraint) and (not hall or self._hall_intervals(constraint))

    def _fixed_images(self, constraint: AllDifferent) -> bool:
        """A variable with one value left takes that value from the others."""
        taken: dict[int, int] = {}
        for k, var in enumerate(constraint.variables):
            value = self._fixed(var)
            if value is not None:
                image = constraint.coefficients[k] * value + constraint.offsets[k]
                if image in taken:
                    return False
                taken[image] = k
        for k, var in enumerate(constraint.variables):
            a, b = constraint.coefficients[k], constraint.offsets[k]
            keep = 0
            for value in self.values(var):
                owner = taken.get(a * value + b)
                if owner is None or owner == k:
                    keep |= self._bit(var, value)
            if not self._narrow(var, keep):
                return False
        return True

    def _hall_intervals(self, constraint: AllDifferent) -> bool:
        """An interval of images [start, end] within which end - start + 1 positions must take
        theirs (a Hall interval) is theirs alone: the other positions lose the values whose images
        fall in it; more positions than that, and the constraint fails. One pass over the bounds
        the images had when it began: the starts are the least images of the positions spanning
        fewer images than there are positions (no other can be within a Hall interval), each start
        with those positions by greatest image (ties by position), until the interval is wider
        than the positions from that start. An interval of fixed positions alone is passed over
        (_fixed_images took their images), and one holding every position has no other to narrow.
        A position that loses values puts the constraint back in the queue, for the next pass."""
        n = len(constraint.variables)
        low, high = [], []
        for var, a, b in zip(constraint.variables, constraint.coefficients, constraint.offsets, strict=True):
            least, greatest = self._span(a, var)
            low.append(least + b)
            high.append(greatest + b)
        narrow = sorted((k for k in range(n) if high[k] - low[k] < n), key=lambda k: (high[k], k))
        starts = sorted(low[k] for k in narrow)
        for i, start in enumerate(starts):
            if i > 0 and start == starts[i - 1]:
                continue
            inside = free = 0
            for k in narrow:
                if low[k] < start:
                    continue
                if high[k] - start >= len(starts) - i:
                    break
                inside += 1
                free += high[k] > low[k]
                if inside > high[k] - start + 1:
                    return False
                if inside == high[k] - start + 1 and free and inside < n:
                    for j in range(n):
                        crosses, within = low[j] <= high[k] and high[j] >= start, low[j] >= start and high[j] <= high[k]
                        if crosses and not within and not self._drop_images(constraint, j, start, high[k]):
                            return False
        return True

    def _drop_images(self, constraint: AllDifferent, k: int, start: int, end: int) -> bool:
        """Position k's variable loses the values whose images lie in start..end (a run of
        values: a·v + b is monotone); False when none is left."""
        var, a, b = constraint.variables[k], constraint.coefficients[k], constraint.offsets[k]
        first, last = (-((b - start) // a), (end - b) // a) if a > 0 else (-((end - b) // -a), (b - start) // -a)
        first, last = max(first - self.least[var], 0), last - self.least[var]
        if first > last:
            return True
        return self._narrow(var, ~(((1 << (last - first + 1)) - 1) << first))

    def _table(self, constraint: Table) -> bool:
        """The tuples still possible; each variable keeps the values some of them use (all its
        own where one has None, any value). A conflicts table: _conflicts."""
        if constraint.conflicts:
            return self._conflicts(constraint)
        possible = [row for row in constraint.allowed
                    if all(value is None or self.domain[var] & self._bit(var, value)
                           for var, value in zip(constraint.variables, row, strict=True))]  # fmt: skip
        for k, var in enumerate(constraint.variables):
            keep = 0
            for row in possible:
                if (value := row[k]) is None:
                    keep = -1
                    break
                keep |= self._bit(var, value)
            if not self._narrow(var, keep):
                return False
        return True

    def _conflicts(self, constraint: Table) -> bool:
        """Tuple after tuple: one whose places are all taken (each variable fixed to its value,
        or None there) fails; one with a single place left, a variable that can still take its
        value, takes that value from it; others wait."""
        for row in constraint.allowed:
            place: tuple[int, int] | None = None  # (the one variable left and its value in the tuple)
            for var, value in zip(constraint.variables, row, strict=True):
                fixed = self._fixed(var)
                if value is None or fixed == value:
                    continue
                if fixed is not None or not self.domain[var] & self._bit(var, value) or place is not None:
                    break  # (the tuple cannot be made, or two places are left)
                place = (var, value)
            else:
                if place is None:
                    return False
                var, value = place
                self._narrow(var, ~self._bit(var, value))  # (var keeps another value: it was not fixed)
        return True

    def _predicate(self, constraint: Predicate) -> bool:
        """Checked once every variable but one (or all) have one value left."""
        free = [var for var in dict.fromkeys(constraint.variables) if self._fixed(var) is None]
        if len(free) > 1:
            return True
        values = {var: self._fixed(var) for var in constraint.variables}
        if not free:
            return bool(constraint.function(*(values[var] for var in constraint.variables)))
        [var] = free
        keep = 0
        for value in self.values(var):
            values[var] = value
            if constraint.function(*(values[v] for v in constraint.variables)):
                keep |= self._bit(var, value)
        return self._narrow(var, keep)


def _relation(total: int, relation: str) -> bool:
    return total == 0 if relation == "==" else total != 0 if relation == "!=" else total <= 0
