"""global_cardinality: each value listed is taken by exactly its number of the variables,
propagated value after value on how many are fixed to it and how many can take it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from essais.core.errors import InvalidInput
from essais.csp.kinds.base import Encoding, Fields, Kind, Narrowing, XcspWriting, listed
from essais.csp.kinds.written import Written, on, operands
from essais.csp.model.constraint import Constraint, Owner
from essais.csp.model.expressions import Operand


@dataclass(eq=False)
class Cardinality(Constraint):
    """Each value listed is taken by exactly its number of the variables (others: any number)."""

    variables: list[int]
    counts: dict[int, int]
    model: Owner | None = field(default=None, repr=False)

    def holds(self, values: Sequence[int]) -> bool:  # type: ignore[override]
        taken = [values[var] for var in self.variables]
        return all(taken.count(value) == count for value, count in self.counts.items())


def global_cardinality(variables: Sequence[Operand], counts: dict[int, int]) -> Cardinality | Written:
    """Each value of `counts` is taken by exactly that many of the variables; values not listed
    by any number. The propagation, value after value in the order given: too many fixed to it or
    too few that can take it fails; as many fixed as its count, the others lose it; as few that
    can take it as its count, they all take it."""
    indices, written = operands(variables, "global_cardinality")
    if not isinstance(counts, dict):
        raise InvalidInput(f"global_cardinality: {counts!r} is not a dict of value: count")
    for value, count in counts.items():
        if type(value) is not int or type(count) is not int or count < 0:
            raise InvalidInput(f"global_cardinality: {value!r}: {count!r} is not a whole value and a count, 0 or more")
    return on(Cardinality(indices, dict(counts)), written, "global_cardinality")  # type: ignore[no-any-return]


class CardinalityKind(Kind[Cardinality]):
    name = "global_cardinality"
    kernel = "CARDINALITY"
    fields = ("values", "pairs")

    def revise(self, constraint: Cardinality, domains: Narrowing) -> bool:
        """Value after value in the order given: too many variables fixed to it or too few that
        can take it fails; as many fixed as its count, the others lose it; as few that can take
        it as its count, they all take it."""
        for value, count in constraint.counts.items():
            able = [var for var in constraint.variables if domains.has(var, value)]
            fixed = [var for var in able if domains.fixed(var) is not None]
            if len(fixed) > count or len(able) < count:
                return False
            for var in able:
                if len(fixed) == count and domains.fixed(var) is None:
                    domains.remove(var, value)
                elif len(able) == count and len(fixed) < count:
                    domains.keep_range(var, value, value)
        return True

    def field_values(self, constraint: Cardinality, encoding: Encoding) -> Fields:
        """How many values it counts, then each (value, count) pair."""
        numbers = []
        for value, count in constraint.counts.items():
            encoding.fits(max(abs(value), count))
            numbers += [value, count]
        return {"values": len(constraint.counts), "pairs": numbers}

    def describe(self, constraint: Cardinality, names: list[str]) -> str:
        return f"global_cardinality([{listed(constraint.variables, names)}], {constraint.counts})"

    def xcsp(self, constraint: Cardinality, writer: XcspWriting) -> list[str]:
        """A count a value."""
        variables = writer.listed(constraint.variables)
        return [f"<count><list> {variables} </list><values> {value} </values><condition> (eq,{count}) </condition>"
                "</count>" for value, count in constraint.counts.items()]  # fmt: skip


KIND = CardinalityKind()
