"""The domains of a model's search in plain Python and their propagators (the python engine's half
that essais.csp.compiled._domain_kernels and _propagation_kernels are to the numba one): each domain a
bit set over its span (bit k: the value least + k), narrowed with a trail that the search
undoes; each constraint's propagator (its kind's, essais.csp.kinds) narrows the domains of its
variables through them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from essais.csp.kinds import Kind
from essais.csp.model.constraint import Constraint
from essais.csp.model.problem import Model

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


class Domains:
    """The domains of `model`'s variables as the search narrows them, for `method` (basic,
    forward, mac), with the propagators of its constraints (`constraints`: set by the search,
    the model's and the objective's bound)."""

    constraints: list[Constraint]
    kinds: list[Kind[Any]]  # each constraint's
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

    def narrow(self, var: int, mask: int) -> bool:
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

    def bit(self, var: int, value: int) -> int:
        offset = value - self.least[var]
        return 1 << offset if offset >= 0 else 0

    def fixed(self, var: int) -> int | None:
        """The value of a variable whose domain holds one value, else None."""
        mask = self.domain[var]
        return self.least[var] + mask.bit_length() - 1 if mask and mask & (mask - 1) == 0 else None

    def _give(self, var: int, value: int) -> None:
        """var takes `value`: its domain is that value alone (a choice, not a removal by
        propagation: `pruned` does not count it)."""
        self.given[var] = value
        old = self.domain[var]
        self.trail.append((var, old, True))
        self.domain[var] = self.bit(var, value)
        self._tell(var, old & ~self.domain[var], ASIDE)
        self._tell(var, self.domain[var], GIVE)

    def _keep(self, var: int, low: int, high: int) -> None:
        """var keeps its values in low..high (a split's choice: trailed, not counted as pruned)."""
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
            self._tell(var, old if given else old & ~domain[var], RESTORE)
            domain[var] = old

    def revise(self, index: int) -> bool:
        """Constraint `index`'s propagator (its kind's): False when a domain is left empty."""
        return self.kinds[index].revise(self.constraints[index], self)

    def span(self, coefficient: int, var: int) -> tuple[int, int]:
        """The least and greatest of coefficient · var over its domain."""
        mask = self.domain[var]
        low = self.least[var] + (mask & -mask).bit_length() - 1
        high = self.least[var] + mask.bit_length() - 1
        return (coefficient * low, coefficient * high) if coefficient > 0 else (coefficient * high, coefficient * low)

    def at_least(self, var: int, value: int) -> bool:
        """var keeps its values from `value` up; False when none is left."""
        return self.narrow(var, -1 << max(value - self.least[var], 0))

    def at_most(self, var: int, value: int) -> bool:
        """var keeps its values up to `value`; False when none is left."""
        return self.narrow(var, (1 << max(value - self.least[var] + 1, 0)) - 1)
