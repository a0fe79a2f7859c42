"""The domains of a model's search in plain Python and their propagators (the python engine's half
that essais.csp.compiled._domain_kernels and _propagation_kernels are to the numba one): each domain a
bit set over its span (bit k: the value least + k), or beyond the bit-set width its bounds over
its declared ranges, narrowed with a trail that the search undoes; each constraint's propagator
(its kind's, essais.csp.kinds) narrows the domains of its variables through them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from essais.csp.kinds import Kind
from essais.csp.kinds.base import ON_BOUNDS, ON_DOMAIN, ON_FIXED
from essais.csp.model.constraint import Constraint
from essais.csp.model.intervals import Intervals
from essais.csp.model.problem import MAX_SPAN, Model

# What a watched search is told of a value (record((variable, value), kind)), or of a wide
# domain's run of declared values (record_run(variable, low, high, kind): a bound that moved):
# given to its variable, struck out by propagation, set aside (another value of its variable was
# given, or a split kept the other half), or back as it was before the last of those (told once
# the domain is back).
RESTORE, GIVE, STRIKE, ASIDE = range(4)


def bits(mask: int) -> Iterator[int]:
    """The set bits of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def event(old: int, new: int) -> int:
    """What narrowing a bit set from `old` to `new` did: left one value (ON_FIXED), took its
    least or greatest (ON_BOUNDS), or values between them (ON_DOMAIN)."""
    if new & (new - 1) == 0:
        return ON_FIXED
    moved = (old & -old) != (new & -new) or old.bit_length() != new.bit_length()
    return ON_BOUNDS if moved else ON_DOMAIN


class Domains:
    """The domains of `model`'s variables as the search narrows them, for `method` (basic,
    forward, mac), with the propagators of its constraints (`constraints`: set by the search,
    the model's and the objective's bound). A domain spanning at most `width` values is a bit
    set (`domain`); a wider one is its declared values (Intervals) between two bounds that move
    (`low`, `high`), its holes kept where they are declared, not where a propagator would make
    one: a propagator's removal of a value inside the bounds is not made."""

    constraints: list[Constraint]
    kinds: list[Kind[Any]]  # each constraint's
    given: list[int | None]

    def __init__(self, model: Model, method: str, width: int = MAX_SPAN) -> None:
        self.model, self.method = model, method
        self.least = [values[0] if values else 0 for values in model.domains]
        self.wide: list[Intervals | None] = [
            (values if isinstance(values, Intervals) else Intervals.of_values(values))
            if values and values[-1] - values[0] >= width else None
            for values in model.domains
        ]  # fmt: skip
        self.domain = [0 if wide else sum(1 << (value - least) for value in values)
                       for values, least, wide in zip(model.domains, self.least, self.wide, strict=True)]  # fmt: skip
        self.low = [values[0] if values else 1 for values in model.domains]  # a wide domain's bounds
        self.high = [values[-1] if values else 0 for values in model.domains]
        # (variable, its domain before a change: a bit set or a wide one's bounds, a value given?),
        # or (a constraint entailed, None, False)
        self.trail: list[tuple[int, int | tuple[int, int] | None, bool]] = []
        self.entailed: set[int] = set()  # the constraints that hold whatever is left (mac skips them)
        self.entailing = False  # the propagator just run said its constraint is entailed
        # the variables a propagator narrowed, in order, each with the greatest of its changes'
        # events (essais.csp.kinds.base: ON_DOMAIN, ON_BOUNDS, ON_FIXED)
        self.changed: dict[int, int] = {}
        self.counting = True  # false while lcv looks ahead: its removals count nothing
        self.pruned = 0
        # watching the search (essais.csp.draw.watch): told each value given, struck out or restored
        self.record: Callable[[tuple[int, int], int], None] | None = None
        # and a wide domain's runs of values (variable, low, high, kind), where the watch draws bars
        self.record_run: Callable[[int, int, int, int], None] | None = None

    def is_wide(self, var: int) -> bool:
        return self.wide[var] is not None

    def size(self, var: int) -> int:
        """The values left in var's domain."""
        wide = self.wide[var]
        if wide is None:
            return self.domain[var].bit_count()
        return wide.count_between(self.low[var], self.high[var]) if self.low[var] <= self.high[var] else 0

    def values(self, var: int) -> list[int]:
        """A bit set's values (a wide domain's are never listed)."""
        assert self.wide[var] is None, "a wide domain's values are never listed"
        least = self.least[var]
        return [least + bit for bit in bits(self.domain[var])]

    def has(self, var: int, value: int) -> bool:
        """`value` is in var's domain."""
        wide = self.wide[var]
        if wide is None:
            return (self.domain[var] & self.bit(var, value)) != 0
        return self.low[var] <= value <= self.high[var] and value in wide

    def any_between(self, var: int, low: int, high: int) -> bool:
        """Some value of low..high is in var's domain."""
        wide = self.wide[var]
        if wide is None:
            return (self.domain[var] & self.bit_span(var, low, high)) != 0
        low, high = max(low, self.low[var]), min(high, self.high[var])
        return low <= high and wide.count_between(low, high) > 0

    def narrow(self, var: int, mask: int) -> bool:
        """The bit set of `var` cut to `mask` (within it); False when nothing is left."""
        old = self.domain[var]
        new = old & mask
        if new != old:
            self.trail.append((var, old, False))
            self.domain[var] = new
            self._changed(var, event(old, new))
            if self.counting:
                self.pruned += (old & ~new).bit_count()
                self._tell(var, old & ~new, STRIKE)
        return new != 0

    def keep_range(self, var: int, low: int, high: int) -> bool:
        """var keeps its values in low..high; False when none is left."""
        if self.wide[var] is None:
            return self.narrow(var, self.bit_span(var, low, high))
        return self._bounded(var, max(low, self.low[var]), min(high, self.high[var]), True)

    def remove(self, var: int, value: int) -> bool:
        """`value` out of var's domain: out of a bit set; of a wide domain only at a bound, which
        then moves to the next value (inside the bounds it stays). False when none is left."""
        if self.wide[var] is None:
            return self.narrow(var, ~self.bit(var, value))
        if value == self.low[var]:
            return self.keep_range(var, value + 1, self.high[var])
        if value == self.high[var]:
            return self.keep_range(var, self.low[var], value - 1)
        return self.low[var] <= self.high[var]

    def _bounded(self, var: int, low: int, high: int, pruning: bool) -> bool:
        """A wide domain's bounds become low..high, each moved onto a declared value, trailed;
        `pruning`: a propagator's (its values counted), else a choice's. False when empty."""
        wide = self.wide[var]
        assert wide is not None
        first, last = wide.at_least(low), wide.at_most(high)
        if first is None or last is None or first > last:
            first, last = 1, 0
        old = (self.low[var], self.high[var])
        if (first, last) == old:
            return first <= last
        removed = self.size(var)
        self.trail.append((var, old, False))
        self.low[var], self.high[var] = first, last
        if pruning:
            self._changed(var, ON_FIXED if first == last else ON_BOUNDS)
            if self.counting:
                self.pruned += removed - self.size(var)
        self._tell_beyond(var, old, (first, last), STRIKE if pruning else ASIDE)
        return first <= last

    def _changed(self, var: int, event: int) -> None:
        """var narrowed by a propagator: listed, with its greatest event so far."""
        self.changed[var] = max(self.changed.get(var, 0), event)

    def _tell(self, var: int, mask: int, kind: int) -> None:
        """A watched search: each value of `mask` given, struck out, set aside or restored."""
        if self.record is not None and self.counting:
            for bit in bits(mask):
                self.record((var, self.least[var] + bit), kind)

    def _tell_beyond(self, var: int, outer: tuple[int, int], inner: tuple[int, int], kind: int) -> None:
        """A watched search: a wide domain's values within the bounds `outer` and outside `inner`
        (all of them when `inner` is empty) struck out, set aside or restored."""
        (low, high), (in_low, in_high) = outer, inner
        if in_low > in_high:
            self._tell_run(var, low, high, kind)
            return
        self._tell_run(var, low, min(high, in_low - 1), kind)
        self._tell_run(var, max(low, in_high + 1), high, kind)

    def _tell_run(self, var: int, low: int, high: int, kind: int) -> None:
        if self.record_run is not None and self.counting and low <= high:
            self.record_run(var, low, high, kind)

    def bit(self, var: int, value: int) -> int:
        offset = value - self.least[var]
        return 1 << offset if offset >= 0 else 0

    def fixed(self, var: int) -> int | None:
        """The value of a variable whose domain holds one value, else None."""
        if self.wide[var] is not None:
            return self.low[var] if self.low[var] == self.high[var] else None
        mask = self.domain[var]
        return self.least[var] + mask.bit_length() - 1 if mask and mask & (mask - 1) == 0 else None

    def _give(self, var: int, value: int) -> None:
        """var takes `value`: its domain is that value alone (a choice, not a removal by
        propagation: `pruned` does not count it)."""
        self.given[var] = value
        if self.wide[var] is not None:
            bounds = (self.low[var], self.high[var])
            self.trail.append((var, bounds, True))
            self.low[var] = self.high[var] = value
            self._tell_beyond(var, bounds, (value, value), ASIDE)
            self._tell_run(var, value, value, GIVE)
            return
        old = self.domain[var]
        self.trail.append((var, old, True))
        self.domain[var] = self.bit(var, value)
        self._tell(var, old & ~self.domain[var], ASIDE)
        self._tell(var, self.domain[var], GIVE)

    def _keep(self, var: int, low: int, high: int) -> None:
        """var keeps its values in low..high (a split's choice: trailed, not counted as pruned)."""
        if self.wide[var] is not None:
            self._bounded(var, low, high, False)
            return
        old = self.domain[var]
        new = old & self.bit_span(var, low, high)
        self.trail.append((var, old, False))
        self.domain[var] = new
        self._tell(var, old & ~new, ASIDE)

    def bit_span(self, var: int, low: int, high: int) -> int:
        """The bits of the values low..high of var (none when high < low)."""
        least = self.least[var]
        low, high = max(low - least, 0), high - least
        return ((1 << (high + 1)) - (1 << low)) if high >= low else 0

    def _undo(self, mark: int) -> None:
        trail, domain = self.trail, self.domain
        while len(trail) > mark:
            var, old, given = trail.pop()
            if old is None:  # (a constraint entailed: search._propagate)
                self.entailed.discard(var)
                continue
            if isinstance(old, tuple):
                now = (self.low[var], self.high[var])
                self.low[var], self.high[var] = old
                self._tell_beyond(var, old, now, RESTORE)
                if given:  # (the value given: back from green)
                    self._tell_run(var, now[0], now[0], RESTORE)
                continue
            back = old if given else old & ~domain[var]
            domain[var] = old
            self._tell(var, back, RESTORE)

    def entail(self) -> None:
        """The propagator running says its constraint holds whatever values are left."""
        self.entailing = True

    def revise(self, index: int) -> bool:
        """Constraint `index`'s propagator (its kind's): False when a domain is left empty."""
        return self.kinds[index].revise(self.constraints[index], self)

    def span(self, coefficient: int, var: int) -> tuple[int, int]:
        """The least and greatest of coefficient · var over its domain."""
        if self.wide[var] is not None:
            low, high = self.low[var], self.high[var]
        else:
            mask = self.domain[var]
            low = self.least[var] + (mask & -mask).bit_length() - 1
            high = self.least[var] + mask.bit_length() - 1
        return (coefficient * low, coefficient * high) if coefficient > 0 else (coefficient * high, coefficient * low)

    def at_least(self, var: int, value: int) -> bool:
        """var keeps its values from `value` up; False when none is left."""
        if self.wide[var] is not None:
            return self.keep_range(var, value, self.high[var])
        return self.narrow(var, -1 << max(value - self.least[var], 0))

    def at_most(self, var: int, value: int) -> bool:
        """var keeps its values up to `value`; False when none is left."""
        if self.wide[var] is not None:
            return self.keep_range(var, self.low[var], value)
        return self.narrow(var, (1 << max(value - self.least[var] + 1, 0)) - 1)
