"""Reified linear relations: b ↔ Σ a·x + c REL 0 (REL ==, != or <=), b a 0/1 variable — or,
half-reified, b → Σ a·x + c REL 0. They give a relation's truth as a value: the definition of a
relation used as a 0/1 term, and of the logic of such terms (`|`, `&`, `implies`, `xor`:
essais.csp.kinds.flatten), and MiniZinc's `int_lin_le_reif` and the like.

Propagated by bounds: b fixed to 1, the relation is propagated as a linear relation is
(essais.csp.kinds.linear.bounds); b fixed to 0, its negation (<= becomes >= 1, == becomes !=,
!= becomes ==); b free, b takes 1 once the relation holds whatever the values left (its sum's
least and greatest say so), 0 once it cannot hold."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from essais.csp.kinds.base import ON_BOUNDS, ON_DOMAIN, Encoding, Fields, Kind, Narrowing, XcspWriting
from essais.csp.kinds.linear import KERNEL_RELATIONS, bounds
from essais.csp.model.constraint import Constraint, Owner
from essais.csp.model.expressions import Linear, relation_holds

NEGATION = {"==": "!=", "!=": "==", "<=": "<="}  # (<= negated: Σ a·x + c >= 1, the signs turned round)


@dataclass(eq=False)
class Reified(Constraint):
    """b ↔ Σ a·x + c REL 0 (`half`: b → Σ a·x + c REL 0): the relation's variables, each once,
    then b, its last variable, 0 or 1."""

    variables: list[int]
    coefficients: list[int]
    constant: int
    relation: str
    half: bool = False
    model: Owner | None = field(default=None, repr=False)

    @property
    def terms(self) -> list[tuple[int, int]]:
        """The relation's (variable, coefficient) pairs."""
        return list(zip(self.variables[:-1], self.coefficients, strict=True))

    def truth(self, values: Sequence[int | None]) -> bool:
        """The relation holds for the values of its variables (all given)."""
        total = self.constant + sum(a * values[var] for var, a in self.terms)  # type: ignore[misc, operator]
        return relation_holds(total, self.relation)

    def holds(self, values: Sequence[int]) -> bool:  # type: ignore[override]
        b, truth = values[self.variables[-1]], self.truth(values)
        return (b == 1 and truth) or (b == 0 and (self.half or not truth))

    def negation(self) -> tuple[list[tuple[int, int]], int, str]:
        """The terms, constant and relation of the relation's negation."""
        if self.relation == "<=":
            return [(var, -a) for var, a in self.terms], 1 - self.constant, "<="
        return self.terms, self.constant, NEGATION[self.relation]


def reified(b: int, relation: Linear, half: bool = False) -> Reified:
    """b ↔ relation (half: b → relation), the relation on variables (no terms)."""
    variables = [var for var in relation.terms if isinstance(var, int)]
    if len(variables) != len(relation.terms) or b in variables:
        raise ValueError("a reified relation is on variables other than its 0/1 variable")
    return Reified([*variables, b], [relation.terms[var] for var in variables], relation.constant,
                   relation.relation, half)  # fmt: skip


def entailment(least: int, greatest: int, relation: str) -> int:
    """1 when Σ a·x + c REL 0 holds for every sum between least and greatest, 0 when for none,
    -1 when it is not known yet (bounds alone)."""
    if relation == "<=":
        return 1 if greatest <= 0 else 0 if least > 0 else -1
    if least == greatest == 0:
        return int(relation == "==")
    if least > 0 or greatest < 0:
        return int(relation == "!=")
    return -1


class ReifiedKind(Kind[Reified]):
    name = "reified relation"
    kernel = "REIFIED"
    reads_every_variable = True  # (its relation's bounds, term after term)
    fields = ("constant", "relation", "half")

    def revise(self, constraint: Reified, domains: Narrowing) -> bool:
        """What the relation's bounds decide; then b fixed: the relation (1) or its negation
        (0, when not half), b free: its value once decided."""
        b = constraint.variables[-1]
        if not domains.keep_range(b, 0, 1):
            return False
        least = greatest = constraint.constant
        for var, a in constraint.terms:
            low, high = domains.span(a, var)
            least, greatest = least + low, greatest + high
        decided, truth = entailment(least, greatest, constraint.relation), domains.fixed(b)
        if decided == -1 and constraint.relation != "<=" and len(constraint.coefficients) <= 2:
            decided = _values_decide(constraint.terms, constraint.constant, constraint.relation, domains)
        if truth == 1:  # (entailed as the relation is: linear.bounds says so)
            return decided != 0 and bounds(constraint.terms, constraint.constant, constraint.relation, domains)
        if truth == 0:
            if constraint.half:
                domains.entail()
                return True
            return decided != 1 and bounds(*constraint.negation(), domains)
        if decided == 1 or decided == 0:  # (b takes the truth, or half and true: b may be either)
            domains.entail()
        if decided == 0 or (decided == 1 and not constraint.half):
            return domains.keep_range(b, decided, decided)
        return True

    def wakes(self, constraint: Reified, wide: bool) -> int:
        """By the bounds, but for an == or != of one or two variables: a value gone from a hole
        can decide it (_values_decide)."""
        by_values = constraint.relation != "<=" and len(constraint.coefficients) <= 2
        return ON_DOMAIN if by_values else ON_BOUNDS

    def defined_value(self, constraint: Reified, given: Sequence[int | None]) -> int | None:
        """b, the relation's truth (a full reification's)."""
        assert not constraint.half, "a half-reified relation defines no variable"
        return int(constraint.truth(given))

    def field_values(self, constraint: Reified, encoding: Encoding) -> Fields:
        """Its constant, its relation (the kernels' LE, EQ or NE), 1 when half."""
        largest = encoding.largest
        encoding.fits(abs(constraint.constant) + sum(abs(a) * largest[var] for var, a in constraint.terms) + 1)
        relation = encoding.kind_number(KERNEL_RELATIONS[constraint.relation])
        return {"constant": constraint.constant, "relation": relation, "half": int(constraint.half)}

    def encode(self, constraint: Reified, encoding: Encoding) -> None:
        """Its fields, the relation's terms, then b's (coefficient 1)."""
        encoding.kind(self.kernel, self.fields, self.field_values(constraint, encoding))
        encoding.terms([*constraint.coefficients, 1], [0] * len(constraint.variables))

    def describe(self, constraint: Reified, names: list[str]) -> str:
        arrow = "->" if constraint.half else "<->"
        return f"{names[constraint.variables[-1]]} {arrow} ({_relation(constraint).text_with(names)})"

    def xcsp(self, constraint: Reified, writer: XcspWriting) -> list[str]:
        b = writer.listed(constraint.variables[-1:])
        relation = writer.relation(_relation(constraint))
        written = f"imp(eq({b},1),{relation})" if constraint.half else f"eq({b},{relation})"
        return [f"<intension> {written} </intension>"]


def _values_decide(terms: list[tuple[int, int]], constant: int, relation: str, domains: Narrowing) -> int:
    """a·x + c == 0 (or !=) on one variable once the value it asks of x has left x's domain, and
    x - y + c == 0 (or its negation) once no value of x has its match in y's bit set: 0 for ==,
    1 for != (-1: not decided). Their bounds alone miss a value in a hole (a place in {2, 7} is
    not 5: MiniZinc's `b <-> x = 5`) and domains that interleave ({0, 2} and {1, 5}: `b <-> x = y`)."""
    if len(terms) == 1:
        [(var, a)] = terms
        meet = constant % a == 0 and domains.has(var, -constant // a)
    else:
        (x, a), (y, b) = terms
        if a != -b or abs(a) != 1 or domains.is_wide(x) or domains.is_wide(y):
            return -1
        shift = domains.least[x] + constant * a - domains.least[y]  # (x's bit k is y's bit k + shift: y = x + c·a)
        seen = domains.domain[x] << shift if shift >= 0 else domains.domain[x] >> -shift
        meet = seen & domains.domain[y] != 0
    return -1 if meet else int(relation == "!=")


def _relation(constraint: Reified) -> Linear:
    """The relation b stands for, as a linear relation."""
    return Linear(dict(constraint.terms), constraint.constant, constraint.relation)


KIND = ReifiedKind()
