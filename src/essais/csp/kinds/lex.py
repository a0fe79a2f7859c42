"""lex_less_eq: two lists of expressions in dictionary order, seen by the engines as one relation
of 0/1 terms (its decomposition)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from essais.core.errors import InvalidInput
from essais.csp.kinds.base import Flattening, Kind, XcspWriting
from essais.csp.kinds.written import operands, text
from essais.csp.model.constraint import Constraint, Owner, Values
from essais.csp.model.expressions import Linear, LinearExpr, Operand, Term, expression, model_of


@dataclass(eq=False)
class LexLessEq(Constraint):
    """The left expressions, read as a word, come no later than the right ones in dictionary
    order (`decomposed`: the same as one relation of 0/1 terms, which the engines see — at each
    place, where the places before are equal, left <= right)."""

    left: list[LinearExpr]
    right: list[LinearExpr]
    decomposed: Linear
    model: Owner | None = field(default=None, repr=False)

    @property
    def variables(self) -> list[int]:  # type: ignore[override]
        return list(dict.fromkeys(v for e in self.left + self.right for v in e.variables))

    def holds(self, values: Values) -> bool:
        """The dictionary order, as its relation says it (the same where every expression has a
        value; an element beyond its list that cancels out, `e <= e`, is no failure there)."""
        return self.decomposed.holds(values)


def lex_less_eq(left: Sequence[Operand], right: Sequence[Operand]) -> LexLessEq:
    """The left expressions, read as a word, come no later than the right ones in dictionary
    order (lists of one length): a symmetry's two images kept in one order. The engines see it as
    one relation of 0/1 terms, at each place `implies(the places before equal, left <= right)`,
    which prunes as its tables do (not as far as a propagator of its own would)."""
    a, b = operands(left, "lex_less_eq")[1], operands(right, "lex_less_eq")[1]
    if len(a) != len(b):
        raise InvalidInput(f"lex_less_eq: {len(a)} expressions on the left, {len(b)} on the right")
    steps: list[LinearExpr] = []
    equal: LinearExpr | None = None  # (the places so far all equal: a 0/1 term)
    for x, y in zip(a, b, strict=True):
        steps.append(expression(x <= y) if equal is None else Term("implies", [equal, expression(x <= y)]))  # type: ignore[arg-type]
        same = expression(x == y)
        equal = same if equal is None else Term("&", [equal, same])  # type: ignore[assignment]
    decomposed = Term("&", steps) == 1 if len(steps) > 1 else steps[0] == 1 if steps else LinearExpr({}, 0, None) == 0
    return LexLessEq(a, b, decomposed, model_of(a + b, "lex_less_eq"))


class LexKind(Kind[LexLessEq]):
    name = "lex_less_eq"

    def has_terms(self, constraint: LexLessEq) -> bool:
        return True

    def flattened(self, constraint: LexLessEq, flattening: Flattening) -> Constraint:
        return flattening.constraint(constraint.decomposed)

    def describe(self, constraint: LexLessEq, names: list[str]) -> str:
        left, right = ([text(e, names) for e in side] for side in (constraint.left, constraint.right))
        return f"lex_less_eq([{', '.join(left)}], [{', '.join(right)}])"

    def xcsp(self, constraint: LexLessEq, writer: XcspWriting) -> list[str]:
        return [f"<intension> {writer.relation(constraint.decomposed)} </intension>"]


KIND = LexKind()
