"""A constraint on expressions where it takes variables (`increasing([x + y, z])`): Written holds
the constraint on placeholders and the expressions; flattening makes each expression a variable
and gives the constraint on them. Also the helpers each kind's public function uses to take its
operands."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from essais.core.errors import InvalidInput
from essais.csp.kinds.base import Flattening, Kind, XcspWriting
from essais.csp.model.constraint import Constraint, Owner, Values
from essais.csp.model.expressions import (
    IntVar,
    LinearExpr,
    Operand,
    expression,
    expression_text,
    linear_expression,
    model_of,
)


@dataclass(eq=False)
class Written(Constraint):
    """A constraint on expressions where it takes variables: `inner` is the constraint on
    placeholders 0 … k-1 for them; the engines see it on each expression's variable."""

    inner: Any  # a Table, Circuit, NoOverlap, Increasing or Cardinality
    expressions: list[LinearExpr]
    model: Owner | None = field(default=None, repr=False)

    @property
    def variables(self) -> list[int]:  # type: ignore[override]
        return list(dict.fromkeys(v for e in self.expressions for v in e.variables))

    def holds(self, values: Values) -> bool:
        found = [e.value(values) for e in self.expressions]
        return None not in found and self.inner.holds(found)  # type: ignore[no-any-return]


class WrittenKind(Kind[Written]):
    """A Written constraint's kind, described through its inner constraint's (`inner_kinds`:
    the registry's kinds by class)."""

    name = "constraint on expressions"

    def __init__(self, inner_kinds: dict[type, Kind[Any]]) -> None:
        self.inner_kinds = inner_kinds

    def has_terms(self, constraint: Written) -> bool:
        return True

    def flattened(self, constraint: Written, flattening: Flattening) -> Constraint:
        return replace(constraint.inner, variables=[flattening.variable(e) for e in constraint.expressions])  # type: ignore[no-any-return]

    def describe(self, constraint: Written, names: list[str]) -> str:
        inner = self.inner_kinds[type(constraint.inner)]
        return inner.describe(constraint.inner, [text(e, names) for e in constraint.expressions])

    def xcsp(self, constraint: Written, writer: XcspWriting) -> list[str]:
        raise InvalidInput(f"xcsp: {type(constraint.inner).__name__} on expressions has no XCSP3 form essais "
                           "writes (give it variables)")  # fmt: skip


def text(e: LinearExpr, names: list[str]) -> str:
    return expression_text(e.terms, e.constant, names)


def operands(items: Iterable[Operand], where: str) -> tuple[list[int], list[LinearExpr]]:
    """A constraint's expressions where it takes variables: their indices when each is a
    variable, else placeholders 0 … k-1 for them (a Written constraint)."""
    try:
        found = [linear_expression(expression(item)) for item in items]
    except InvalidInput as error:
        raise InvalidInput(f"{where}: {str(error).removeprefix('expression: ')}") from None
    if all(isinstance(e, IntVar) for e in found):
        return [e.index for e in found], found  # type: ignore[attr-defined]
    return list(range(len(found))), found


def on(inner: Any, expressions: list[LinearExpr], where: str) -> Any:
    """The constraint on its variables, or (an expression among them) Written on them."""
    model = model_of(expressions, where)
    if all(isinstance(e, IntVar) for e in expressions):
        inner.model = model
        return inner
    return Written(inner, expressions, model)


def variable_index(var: Any, where: str) -> int:
    if not isinstance(var, IntVar):
        raise InvalidInput(f"{where}: {var!r} is not a variable of a model")
    return var.index
