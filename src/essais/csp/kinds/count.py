"""Count: the last variable is how many of the others take a value (a `count` term's definition
in a flattened model, essais.csp.kinds.flatten), propagated between those fixed to the value and
those that can take it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from essais.csp.kinds.base import Encoding, Fields, Kind, Narrowing, listed
from essais.csp.model.constraint import Constraint, Owner


@dataclass(eq=False)
class Count(Constraint):
    """The last variable is how many of the others take `value`."""

    variables: list[int]
    value: int
    model: Owner | None = field(default=None, repr=False)

    def holds(self, values: Sequence[int]) -> bool:  # type: ignore[override]
        *counted, total = self.variables
        return sum(values[var] == self.value for var in counted) == values[total]


class CountKind(Kind[Count]):
    name = "count"
    kernel = "COUNT"
    fields = ("value", "places")

    def revise(self, constraint: Count, domains: Narrowing) -> bool:
        """The count between those fixed to the value and those that can take it; at its
        greatest as many as are fixed, the others lose the value; at its least as many as can
        take it, they all take it."""
        *counted, total = constraint.variables
        able = [var for var in counted if domains.has(var, constraint.value)]
        fixed = sum(domains.fixed(var) is not None for var in able)
        if not (domains.at_least(total, fixed) and domains.at_most(total, len(able))):
            return False
        low, high = domains.span(1, total)
        for var in able:
            if high == fixed and domains.fixed(var) is None:
                domains.remove(var, constraint.value)
            elif low == len(able):
                domains.keep_range(var, constraint.value, constraint.value)
        return True

    def defined_value(self, constraint: Count, given: Sequence[int | None]) -> int | None:
        return sum(given[var] == constraint.value for var in constraint.variables[:-1])

    def field_values(self, constraint: Count, encoding: Encoding) -> Fields:
        """The value counted; then for each counted variable where the value's bit is (its word
        in the domains and the bit; -1, 0 when outside its span; -2, 0 for a wide domain)."""
        encoding.fits(abs(constraint.value))
        numbers = []
        for var in constraint.variables[:-1]:
            bit = constraint.value - encoding.least[var]
            inside = 0 <= bit < 64 * encoding.words[var]
            if encoding.words[var] == 0:
                numbers += [-2, 0]
            else:
                numbers += [int(encoding.word_offsets[var]) + bit // 64, bit % 64] if inside else [-1, 0]
        return {"value": constraint.value, "places": numbers}

    def describe(self, constraint: Count, names: list[str]) -> str:
        *counted, total = constraint.variables
        return f"count([{listed(counted, names)}], {constraint.value}) == {names[total]}"


KIND = CountKind()
