"""Linear relations, Σ a·x + c REL 0 (REL ==, != or <=), written with Python's operators
(essais.csp.model.expressions makes them): propagated by bounds, and under mac, with two
variables, by supports (AC-3's revision)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from essais.csp.kinds.base import ON_BOUNDS, ON_DOMAIN, ON_FIXED, Encoding, Flattening, Kind, Narrowing, XcspWriting
from essais.csp.model.constraint import Constraint
from essais.csp.model.expressions import Linear, relation_holds

KERNEL_RELATIONS = {"<=": "LE", "==": "EQ", "!=": "NE"}


class LinearKind(Kind[Linear]):
    name = "linear relation"
    kernel = "LINEAR"  # (its kind in the kernels is its relation's: LE, EQ or NE)
    reads_every_variable = True  # (its bounds, term after term)
    fields = ("constant",)

    def revise(self, constraint: Linear, domains: Narrowing) -> bool:
        if domains.method == "mac" and len(constraint.terms) == 2:
            return _supports(constraint, domains)
        return bounds(constraint.terms.items(), constraint.constant, constraint.relation, domains)  # type: ignore[arg-type]

    def idempotent(self, constraint: Linear, wide: bool) -> bool:
        """`<=` by bounds: each term's greatest comes down (its least, for a negative
        coefficient, goes up) and no term's least, what the others' bounds come from, moves."""
        return constraint.relation == "<="

    def wakes(self, constraint: Linear, wide: bool) -> int:
        """!= once a variable is fixed (with a wide domain, whose bounds it moves past the value
        it forbids, once a bound moves); == on two bit sets by supports, any value gone; else by
        the bounds."""
        if constraint.relation == "!=":
            return ON_BOUNDS if wide else ON_FIXED
        by_supports = constraint.relation == "==" and len(constraint.terms) == 2 and not wide
        return ON_DOMAIN if by_supports else ON_BOUNDS

    def defined_value(self, constraint: Linear, given: Sequence[int | None]) -> int | None:
        """z = Σ a·x + c, z its last variable (a sum's definition)."""
        *inputs, _ = constraint.terms.items()
        return constraint.constant + sum(a * given[var] for var, a in inputs)  # type: ignore[operator]

    def encode(self, constraint: Linear, encoding: Encoding) -> None:
        encoding.kind(KERNEL_RELATIONS[constraint.relation], self.fields, {"constant": constraint.constant})
        largest = encoding.largest
        encoding.fits(abs(constraint.constant) + sum(abs(a) * largest[v] for v, a in constraint.terms.items()))
        encoding.terms(constraint.terms.values(), [0] * len(constraint.terms))

    def has_terms(self, constraint: Linear) -> bool:
        return not all(isinstance(key, int) for key in constraint.terms)

    def flattened(self, constraint: Linear, flattening: Flattening) -> Constraint:
        return Linear(flattening.linear(constraint.terms), constraint.constant, constraint.relation)

    def describe(self, constraint: Linear, names: list[str]) -> str:
        return constraint.text_with(names)

    def xcsp(self, constraint: Linear, writer: XcspWriting) -> list[str]:
        return [f"<intension> {writer.relation(constraint)} </intension>"]


def bounds(terms: Collection[tuple[int, int]], constant: int, relation: str, domains: Narrowing) -> bool:
    """Σ a·x + c REL 0 (`terms`, its (variable, coefficient) pairs) over the domains' bounds, one
    variable after the other: each keeps the values that the others' extremes allow (!=: once
    one variable alone is free)."""
    if relation == "!=":
        free = [(var, a) for var, a in terms if domains.fixed(var) is None]
        rest = constant + sum(a * (domains.fixed(var) or 0) for var, a in terms
                                         if domains.fixed(var) is not None)  # fmt: skip
        if not free:
            domains.entail()
            return rest != 0
        if len(free) == 1:
            var, a = free[0]
            if rest % a == 0:
                if not domains.remove(var, -rest // a):
                    return False
                if domains.has(var, -rest // a):  # (a wide domain keeps a value inside its bounds)
                    return True
            domains.entail()  # (the one free variable cannot make the sum 0)
        return True
    spans = [domains.span(a, var) for var, a in terms]
    # (the sums of the terms' extremes, kept as each variable narrows: one pass, not one a term)
    low_sum, high_sum = sum(low for low, _ in spans), sum(high for _, high in spans)
    for (var, a), (low, high) in zip(terms, spans, strict=True):
        least, greatest = constant + low_sum - low, constant + high_sum - high
        # a·v + least <= 0 and, for ==, a·v + greatest >= 0: the values v of an interval
        first, last = domains.span(1, var)
        if a > 0:
            bottom, top = -(greatest // a) if relation == "==" else first, (-least) // a
        else:
            bottom, top = -(least // a), (-greatest) // a if relation == "==" else last
        if not domains.keep_range(var, bottom, top):
            return False
        new_low, new_high = domains.span(a, var)
        low_sum, high_sum = low_sum + new_low - low, high_sum + new_high - high
    if entailed(constant + low_sum, constant + high_sum, relation):
        domains.entail()
    return True


def entailed(least: int, greatest: int, relation: str) -> bool:
    """A relation that held (<= or ==), from its sum's least and greatest left: every value
    left meets it (<=: the greatest at most 0; ==: every term fixed)."""
    return greatest <= 0 if relation == "<=" else least == greatest


def _supports(constraint: Linear, domains: Narrowing) -> bool:
    """mac on a relation of two variables: each keeps the values that some value of the other
    satisfies (AC-3's revision, both ways; for <= those are the values its bounds keep)."""
    (x, a), (y, b) = constraint.terms.items()
    if domains.is_wide(x) or domains.is_wide(y) or constraint.relation == "<=":  # (by the bounds)
        return bounds(constraint.terms.items(), constraint.constant, constraint.relation, domains)  # type: ignore[arg-type]
    equal = constraint.relation == "=="
    for var, other, mine, theirs in ((x, y, a, b), (y, x, b, a)):
        others = domains.values(other)
        keep = 0
        for value in domains.values(var):
            total = mine * value + constraint.constant
            if equal:  # (the one value of the other that could support it)
                supported = total % theirs == 0 and domains.has(other, -total // theirs)
            else:
                supported = any(relation_holds(total + theirs * w, constraint.relation) for w in others)
            if supported:
                keep |= domains.bit(var, value)
        if not domains.narrow(var, keep):
            return False
    fixed = [domains.fixed(var) is not None for var in (x, y)]
    if all(fixed) if equal else any(fixed):  # (!=: one fixed, the other without the value that breaks it)
        domains.entail()
    return True


KIND = LinearKind()
