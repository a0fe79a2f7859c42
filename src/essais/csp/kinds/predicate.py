"""Predicates: any Python test of the variables' values, checked once all but one of them are
fixed (the python engine alone runs them)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from essais.core.errors import InvalidInput
from essais.csp.kinds.base import ON_FIXED, Encoding, Kind, Narrowing, XcspWriting, listed
from essais.csp.kinds.written import variable_index
from essais.csp.model.constraint import Constraint, Owner
from essais.csp.model.expressions import IntVar, model_of


@dataclass(eq=False)
class Predicate(Constraint):
    """`function(*values)` is true (any Python test)."""

    function: Callable[..., bool]
    variables: list[int]
    model: Owner | None = field(default=None, repr=False)

    def holds(self, values: Sequence[int]) -> bool:  # type: ignore[override]
        return bool(self.function(*(values[v] for v in self.variables)))


def predicate(function: Callable[..., bool], variables: Sequence[IntVar]) -> Predicate:
    """`function(*values)` holds (a Python test, checked once its variables have values; the
    python engine alone runs it)."""
    if not callable(function):
        raise InvalidInput(f"predicate: {function!r} is not callable")
    indices = [variable_index(var, "predicate") for var in variables]
    return Predicate(function, indices, model_of(variables, "predicate"))


class PredicateKind(Kind[Predicate]):
    name = "predicate"
    compiled = False

    def revise(self, constraint: Predicate, domains: Narrowing) -> bool:
        """Checked once every variable but one (or all) have one value left."""
        free = [var for var in dict.fromkeys(constraint.variables) if domains.fixed(var) is None]
        if len(free) > 1:
            return True
        values = {var: domains.fixed(var) for var in constraint.variables}
        if not free:
            return bool(constraint.function(*(values[var] for var in constraint.variables)))
        [var] = free
        if domains.is_wide(var):  # (a wide domain's values are never listed: checked once it has one)
            return True
        keep = 0
        for value in domains.values(var):
            values[var] = value
            if constraint.function(*(values[v] for v in constraint.variables)):
                keep |= domains.bit(var, value)
        return domains.narrow(var, keep)

    def wakes(self, constraint: Predicate, wide: bool) -> int:
        """A variable fixed (it checks once one is left free)."""
        return ON_FIXED

    def encode(self, constraint: Predicate, encoding: Encoding) -> None:
        raise InvalidInput("engine: a model with a predicate runs in the python engine (a Python test "
                           "cannot run in compiled code)")  # fmt: skip

    def describe(self, constraint: Predicate, names: list[str]) -> str:
        name = getattr(constraint.function, "__name__", "a test")
        return f"predicate {name}({listed(constraint.variables, names)})"

    def xcsp(self, constraint: Predicate, writer: XcspWriting) -> list[str]:
        raise InvalidInput("xcsp: a model with a predicate (a Python test) cannot be written as XCSP3")


KIND = PredicateKind()
