"""increasing: variables in order that never go down (strict: always go up), propagated by
bounds both ways along the chain."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field

from essais.core.errors import InvalidInput
from essais.csp.kinds.base import ON_BOUNDS, Encoding, Fields, Kind, Narrowing, XcspWriting, listed
from essais.csp.kinds.written import Written, on, operands
from essais.csp.model.constraint import Constraint, Owner
from essais.csp.model.expressions import Operand


@dataclass(eq=False)
class Increasing(Constraint):
    """The variables in order never go down (`strict`: always go up)."""

    variables: list[int]
    strict: bool = False
    model: Owner | None = field(default=None, repr=False)

    def holds(self, values: Sequence[int]) -> bool:  # type: ignore[override]
        step = 1 if self.strict else 0
        return all(values[a] + step <= values[b] for a, b in itertools.pairwise(self.variables))


def increasing(variables: Sequence[Operand], strict: bool = False) -> Increasing | Written:
    """The variables in order never go down (strict=True: each above the one before). The
    propagation raises each least value to the one before's (plus 1), first to last, then lowers
    each greatest to the one after's (less 1), last to first."""
    if not isinstance(strict, bool):
        raise InvalidInput(f"increasing: strict={strict!r} is neither True nor False")
    indices, written = operands(variables, "increasing")
    return on(Increasing(indices, strict), written, "increasing")  # type: ignore[no-any-return]


class IncreasingKind(Kind[Increasing]):
    name = "increasing"
    kernel = "INCREASING"
    fields = ("step",)

    def revise(self, constraint: Increasing, domains: Narrowing) -> bool:
        """Each least value raised to the one before's (plus 1 when strict), first to last; then
        each greatest lowered to the one after's (less 1), last to first."""
        step, chain = (1 if constraint.strict else 0), constraint.variables
        for before, var in itertools.pairwise(chain):
            if not domains.at_least(var, domains.span(1, before)[0] + step):
                return False
        for var, after in reversed(list(itertools.pairwise(chain))):
            if not domains.at_most(var, domains.span(1, after)[1] - step):
                return False
        return True

    def wakes(self, constraint: Increasing, wide: bool) -> int:
        """Its variables' bounds."""
        return ON_BOUNDS

    def field_values(self, constraint: Increasing, encoding: Encoding) -> Fields:
        """Each variable at least the one before plus its step: 1 when strict."""
        return {"step": int(constraint.strict)}

    def describe(self, constraint: Increasing, names: list[str]) -> str:
        return f"increasing({listed(constraint.variables, names)}{', strict=True' if constraint.strict else ''})"

    def xcsp(self, constraint: Increasing, writer: XcspWriting) -> list[str]:
        return [f"<ordered><list> {writer.listed(constraint.variables)} </list><operator> "
                f"{'lt' if constraint.strict else 'le'} </operator></ordered>"]  # fmt: skip


KIND = IncreasingKind()
