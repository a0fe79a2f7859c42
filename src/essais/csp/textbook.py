"""000 §3.1's search over a model of one's own, in plain Python: at step k a variable is given a
value compatible with those given so far, and the search backs up when none is left. Three
methods of the course's order tell what "compatible" costs and what it buys:

- `basic`: a value is checked against the variables given so far (`all_different`, and every
  other constraint once all its variables have values);
- `forward` (forward checking): after a value is given, one pass of each constraint on that
  variable removes from the free variables' domains the values it rules out;
- `mac` (arc consistency maintained): the constraints whose variables lost values run again,
  from a first-in first-out queue, until none removes anything (also once before the search).

A domain is a bit set over its span (bit k: the value least + k). Each constraint's propagator
runs over the domains: a linear relation by bounds (with two variables under mac, by supports:
AC-3), `all_different` by taking a fixed variable's value from the others, a table by its
tuples still possible, a predicate once one of its variables is free. Counters: the house's
(a try: a value offered; a node: a value kept, or the root; a backtrack: a value taken back
after its sub-search) plus `pruned` (values removed by propagation, also when the try then
fails) and `revisions` (propagator runs).

A model with an objective is searched by branch and bound: the objective becomes a bound, one
more linear relation (the engines minimise, so "signed sum <= best - 1"), first among its
variables' constraints. It rests until the first solution; from then on it is checked (basic) or
revised (forward, mac: first in the queue) at every node, so each solution found is strictly
better than the one before (`improvements` counts them) and the search ends with the optimum
proved. With `tighten` off the bound stays where it was set: the solutions as good as it
(counting the optimal solutions).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator

from essais.core.engine import PythonCounters, recursion_room
from essais.core.limits import SearchControl
from essais.core.result import Stats
from essais.csp.constraints import AllDifferent, Constraint, Linear, Predicate, Table
from essais.csp.model import IMPROVEMENTS, Model

OWN = ("pruned", "revisions")  # the methods' own counters
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


class TextbookCsp:
    """The search over `model` by `method` (basic, forward, mac), choosing the next variable
    by `variable_order` (input; mrv: fewest values left, ties by the most constraints with
    other free variables, then input order) and its values by `value_order` (min; lcv: the
    value that removes the fewest values from the others in one pass, ties by value)."""

    def __init__(self, model: Model, method: str, variable_order: str, value_order: str,
                 control: SearchControl) -> None:  # fmt: skip
        self.model, self.method = model, method
        self.constraints: list[Constraint] = list(model.constraints)
        # the objective's bound (its constant set by bound_by), its index, and whether it prunes yet
        self.bound = len(self.constraints) if model.objective is not None else None
        self.bound_on, self.tighten, self.improvements = False, True, 0
        self.best: int | None = None  # the signed objective of the best solution found
        self.best_values: list[int] | None = None  # and its values
        self.objective_bound = Linear(model.objective.signed, 0, "<=") if model.objective is not None else None
        if self.objective_bound is not None:
            self.constraints.append(self.objective_bound)
        n = len(model.names)
        self.least = [values[0] if values else 0 for values in model.domains]
        self.domain = [sum(1 << (value - least) for value in values)
                       for values, least in zip(model.domains, self.least, strict=True)]  # fmt: skip
        # the constraints on each variable: the objective's bound first, then in the model's order
        self.on: list[list[int]] = [[] for _ in range(n)]
        for index in ([] if self.bound is None else [self.bound]) + list(range(len(model.constraints))):
            for var in dict.fromkeys(self.constraints[index].variables):
                self.on[var].append(index)
        self.given: list[int | None] = [None] * n
        self.trail: list[tuple[int, int, bool]] = []  # (variable, its domain before a change, a value given?)
        self.changed: list[int] = []  # the variables a propagator narrowed, in order
        self.counting = True  # false while lcv looks ahead: its removals count nothing
        self.most_constrained = variable_order == "mrv"
        self.least_constraining = value_order == "lcv"
        self.counters = PythonCounters(control)
        self.pruned = self.revisions = self.found = 0
        # watching the search (essais.csp.watch): told each value given, struck out or restored,
        # and each constraint that refused a value (emptied a domain, or failed basic's check)
        self.record: Callable[[tuple[int, int], int], None] | None = None
        self.failed: Callable[[int], None] | None = None
        self.improved: Callable[[int], None] | None = None  # told the signed objective of each better solution

    def stats(self) -> Stats:
        stats = self.counters.stats()
        stats.own = self.own()
        return stats

    def own(self) -> dict[str, int]:
        """The method's own counters (with `improvements` for a model with an objective)."""
        own = dict(zip(OWN, (self.pruned, self.revisions), strict=True))
        if self.bound is not None:
            own[IMPROVEMENTS] = self.improvements
        return own

    # the objective's bound
    def bound_by(self, most: int, tighten: bool = True) -> None:
        """From now on the signed objective is at most `most` (the bound prunes); `tighten`:
        each solution found then lowers it below its own value."""
        assert self.objective_bound is not None
        self.objective_bound.constant, self.bound_on, self.tighten = -most, True, tighten

    def _improved(self) -> None:
        """A solution found: with the objective tightening, it is the best so far."""
        if self.objective_bound is None or not self.tighten:
            return
        best = sum(a * (self.given[var] or 0) for var, a in self.objective_bound.terms.items())
        self.best, self.best_values = best, [value or 0 for value in self.given]
        self.improvements += 1
        self.bound_by(best - 1)
        if self.improved is not None:
            self.improved(best)

    def _listed(self, var: int) -> list[int]:
        """The constraints on var that prune now: the bound left out while it rests."""
        return self.on[var] if self.bound_on or self.bound is None else self._own(var)

    def _own(self, var: int) -> list[int]:
        """The constraints on var but the bound."""
        on = self.on[var]
        return on[1:] if on and on[0] == self.bound else on

    def _first(self) -> list[int]:
        """What a node revises before var's own constraints: the bound, once it prunes."""
        return [self.bound] if self.bound_on and self.bound is not None else []

    def count(self) -> int:
        """Every solution counted."""
        for _ in self.solutions():
            pass
        return self.found

    def so_far(self) -> int:
        return self.found

    # domains
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

    def _refused_by(self, index: int) -> None:
        if self.failed is not None and self.counting:
            self.failed(index)

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

    # the search
    def solutions(self) -> Iterator[list[int]]:
        """Every solution: each variable's value, in the model's order."""
        with recursion_room(len(self.given) + 1, "variable"):
            empty = any(mask == 0 for mask in self.domain)
            if empty or not all(c.holds([]) for c in self.constraints if not c.variables):
                self.counters.enter_node_at(0)  # (the root sees an empty domain or a false constant: none)
                return
            everything = self._first() + list(range(len(self.model.constraints)))
            if self.method == "mac" and not self._propagate(everything):
                self.counters.enter_node_at(0)
                return
            yield from self._search(0)

    def _search(self, depth: int) -> Iterator[list[int]]:
        counters = self.counters
        counters.enter_node_at(depth)
        if depth == len(self.given):
            counters.solution_found()
            self.found += 1
            self._improved()
            yield [value for value in self.given if value is not None]
            counters.leave_node()
            return
        var = self._choose()
        for value in self._ordered(var):
            counters.tries += 1
            mark = len(self.trail)
            self._give(var, value)
            if self._compatible(var, value):
                yield from self._search(depth + 1)
                counters.backtracks += 1
            self.given[var] = None
            self._undo(mark)
        counters.leave_node()

    def _choose(self) -> int:
        free = [var for var, value in enumerate(self.given) if value is None]
        if not self.most_constrained:
            return free[0]

        def degree(var: int) -> int:
            return sum(any(self.given[other] is None and other != var for other in self.constraints[c].variables)
                       for c in self._own(var))  # fmt: skip

        return min(free, key=lambda var: (self.domain[var].bit_count(), -degree(var), var))

    def _ordered(self, var: int) -> list[int]:
        values = self.values(var)
        if not self.least_constraining or len(values) < 2:
            return values
        return sorted(values, key=lambda value: (self._ruled_out(var, value), value))

    def _ruled_out(self, var: int, value: int) -> int:
        """How many values of the other variables one pass of var's constraints removes once
        var has `value` (lcv's look-ahead: it counts nothing and leaves the domains as they were)."""
        mark = len(self.trail)
        self.counting = False
        self._give(var, value)
        before = sum(mask.bit_count() for other, mask in enumerate(self.domain) if other != var)
        for index in self._listed(var):
            if not self._revise(index):
                break
        after = sum(mask.bit_count() for other, mask in enumerate(self.domain) if other != var)
        self._undo(mark)
        self.counting, self.given[var] = True, None
        self.changed.clear()
        return before - after

    def _compatible(self, var: int, value: int) -> bool:
        if self.method == "basic":
            for index in self._first() + self._own(var):
                if not self._checks(index, var):
                    self._refused_by(index)
                    return False
            return True
        if self.method == "forward":
            self.changed.clear()
            for index in self._first() + self._own(var):
                self.revisions += 1
                if not self._revise(index):
                    self._refused_by(index)
                    return False
            return True
        return self._propagate(self._first() + self._own(var))

    def _checks(self, index: int, var: int) -> bool:
        """basic: the constraint holds for the values given so far (all_different against the
        variables given; any other once all its variables are given; the bound as soon as the
        values given and the least of the others' domains break it)."""
        constraint, given = self.constraints[index], self.given
        if index == self.bound and isinstance(constraint, Linear):
            return constraint.constant + sum(self._span(a, other)[0] for other, a in constraint.terms.items()) <= 0
        if isinstance(constraint, AllDifferent):
            mine = [k for k, other in enumerate(constraint.variables) if other == var]
            seen = {
                constraint.coefficients[k] * given[other] + constraint.offsets[k]  # type: ignore[operator]
                for k, other in enumerate(constraint.variables)
                if other != var and given[other] is not None
            }
            values = [constraint.coefficients[k] * given[var] + constraint.offsets[k] for k in mine]  # type: ignore[operator]
            return len(set(values)) == len(values) and not seen & set(values)
        if any(given[other] is None for other in constraint.variables):
            return True
        return constraint.holds(given)  # type: ignore[arg-type]

    def _propagate(self, first: list[int]) -> bool:
        """mac: the constraints in `first`, then those on every variable that loses values,
        from a first-in first-out queue, until none removes anything; False at an empty domain."""
        queue, queued = deque(first), set(first)
        while queue:
            index = queue.popleft()
            queued.discard(index)
            self.changed.clear()
            self.revisions += 1
            if not self._revise(index):
                self._refused_by(index)
                return False
            for var in dict.fromkeys(self.changed):
                for other in self._listed(var):
                    if other not in queued:
                        queue.append(other)
                        queued.add(other)
        return True

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

    def _table(self, constraint: Table) -> bool:
        """The tuples still possible; each variable keeps the values some of them use."""
        possible = [row for row in constraint.allowed
                    if all(self.domain[var] & self._bit(var, value) for var, value in zip(constraint.variables, row,
                                                                                         strict=True))]  # fmt: skip
        for k, var in enumerate(constraint.variables):
            keep = 0
            for row in possible:
                keep |= self._bit(var, row[k])
            if not self._narrow(var, keep):
                return False
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
