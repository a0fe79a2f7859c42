"""Arithmetic: z = abs(x), min(x, y), max(x, y), x // y, x % y (rounded down, with the divisor's
sign: Python's), div(x, y), mod(x, y) (toward zero, with the dividend's sign: XCSP3's and
MiniZinc's) — a term's definition in a flattened model (essais.csp.kinds.flatten) where a table
would be too large, propagated by bounds (a domain's holes are not reasoned on):

- abs: z within |x|'s least and greatest, x within -z..z, and on the side of 0 that can still
  reach z's least;
- min (max): z within the least and greatest of the smaller (larger) one, each argument at least
  (at most) z's least (greatest), and the only one that can be z's greatest (least) at most
  (at least) it;
- a quotient or remainder: the divisor never 0, z within the hull of what each side of 0 of the
  divisor gives (a quotient's corners: it is monotone in each argument; a remainder's: the
  divisor's range, or x less a fixed multiple when the divisor is one value and x's bounds have
  the same quotient); a quotient's x within z·y's corners widened by the greatest remainder.

Once x and y have values, z's range is their result alone: the propagation is the check."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from essais.csp.kinds.base import ON_BOUNDS, Encoding, Fields, Kind, Narrowing, XcspWriting
from essais.csp.model.constraint import Constraint, Owner
from essais.csp.model.terms import KINDS as TERMS

# The operators, in the numba kernels' numbering (essais.csp.compiled._arithmetic_kernels)
OPERATORS = ("abs", "minimum", "maximum", "//", "%", "div", "mod")
QUOTIENTS = ("//", "div")
ROUNDED_DOWN = ("//", "%")
XCSP = {"abs": "abs", "minimum": "min", "maximum": "max", "div": "div", "mod": "mod"}


@dataclass(eq=False)
class Arithmetic(Constraint):
    """z = operator(x) (abs: variables x, z) or operator(x, y) (variables x, y, z; x and y may be one)."""

    variables: list[int]
    operator: str
    model: Owner | None = field(default=None, repr=False)

    def result(self, values: Sequence[int | None]) -> int | None:
        """z from the inputs' values (none for a divisor 0)."""
        inputs = [values[var] for var in self.variables[:-1]]
        if self.operator in ROUNDED_DOWN and inputs[1] == 0:
            return None
        return TERMS[self.operator].apply(inputs)  # type: ignore[arg-type]

    def holds(self, values: Sequence[int]) -> bool:  # type: ignore[override]
        return self.result(values) == values[self.variables[-1]]


class ArithmeticKind(Kind[Arithmetic]):
    name = "arithmetic"
    kernel = "ARITHMETIC"
    fields = ("operator",)

    def revise(self, constraint: Arithmetic, domains: Narrowing) -> bool:
        operator, variables = constraint.operator, constraint.variables
        if operator == "abs":
            return absolute(variables[0], variables[-1], domains)
        x, y, z = variables
        if operator in ("minimum", "maximum"):
            return extreme(x, y, z, operator == "maximum", domains)
        return division(x, y, z, OPERATORS.index(operator), domains)

    def wakes(self, constraint: Arithmetic, wide: bool) -> int:
        """Its variables' bounds (a divisor's 0 too: only where it is a bound)."""
        return ON_BOUNDS

    def defined_value(self, constraint: Arithmetic, given: Sequence[int | None]) -> int | None:
        return constraint.result(given)

    def field_values(self, constraint: Arithmetic, encoding: Encoding) -> Fields:
        """Its operator's number; its products (a quotient's z·y) checked to fit."""
        largest = [encoding.largest[var] for var in constraint.variables]
        encoding.fits(largest[0] + largest[-1] * (largest[-2] + 1))
        return {"operator": OPERATORS.index(constraint.operator)}

    def describe(self, constraint: Arithmetic, names: list[str]) -> str:
        *inputs, z = (names[v] for v in constraint.variables)
        return f"{TERMS[constraint.operator].form.format(*inputs, all=', '.join(inputs))} == {z}"

    def xcsp(self, constraint: Arithmetic, writer: XcspWriting) -> list[str]:
        *inputs, z = (writer.listed([v]) for v in constraint.variables)
        if constraint.operator in ROUNDED_DOWN:  # (XCSP3 has no division rounded down)
            return super().xcsp(constraint, writer)
        return [f"<intension> eq({XCSP[constraint.operator]}({','.join(inputs)}),{z}) </intension>"]


def absolute(x: int, z: int, domains: Narrowing) -> bool:
    """z within |x|'s bounds, x within -z..z and on the side of 0 that reaches z's least."""
    low, high = domains.span(1, x)
    least = low if low >= 0 else -high if high <= 0 else 0
    if not domains.keep_range(z, least, max(-low, high)):
        return False
    low_z, high_z = domains.span(1, z)
    if not domains.keep_range(x, -high_z, high_z):
        return False
    low, high = domains.span(1, x)
    if low > -low_z:
        return domains.keep_range(x, low_z, high)
    if high < low_z:
        return domains.keep_range(x, low, -low_z)
    return True


def extreme(x: int, y: int, z: int, greatest: bool, domains: Narrowing) -> bool:
    """z = max(x, y) when greatest, else min(x, y): bounds both ways (min is max turned round)."""
    sign = -1 if greatest else 1  # (max(x, y) = -min(-x, -y))
    (lx, hx), (ly, hy) = domains.span(sign, x), domains.span(sign, y)
    if not _keep(z, min(lx, ly), min(hx, hy), sign, domains):
        return False
    low_z, high_z = domains.span(sign, z)
    if not (_keep(x, low_z, hx, sign, domains) and _keep(y, low_z, hy, sign, domains)):
        return False
    (lx, hx), (ly, hy) = domains.span(sign, x), domains.span(sign, y)
    if ly > high_z and not _keep(x, lx, high_z, sign, domains):
        return False
    return not (lx > high_z and not _keep(y, ly, high_z, sign, domains))


def _keep(var: int, low: int, high: int, sign: int, domains: Narrowing) -> bool:
    """var's values v with sign·v within low..high."""
    return domains.keep_range(var, low, high) if sign > 0 else domains.keep_range(var, -high, -low)


def division(x: int, y: int, z: int, operator: int, domains: Narrowing) -> bool:
    """y not 0; z within what each side of 0 of y gives; a quotient's x within z·y's corners,
    widened by the greatest remainder."""
    if not _not_zero(y, domains):
        return False
    (lx, hx), (ly, hy) = domains.span(1, x), domains.span(1, y)
    low = high = None
    for a, b in ((ly, min(hy, -1)), (max(ly, 1), hy)):
        if a <= b:
            least, greatest = _results(lx, hx, a, b, OPERATORS[operator])
            low = least if low is None else min(low, least)
            high = greatest if high is None else max(high, greatest)
    if low is None or high is None or not domains.keep_range(z, low, high):
        return False
    if OPERATORS[operator] not in QUOTIENTS:
        return True
    (lz, hz), (ly, hy) = domains.span(1, z), domains.span(1, y)
    corners = (lz * ly, lz * hy, hz * ly, hz * hy)
    remainder = max(-ly, hy) - 1
    return domains.keep_range(x, min(corners) - remainder, max(corners) + remainder)


def _not_zero(y: int, domains: Narrowing) -> bool:
    """y's bounds moved off 0."""
    low, high = domains.span(1, y)
    if low == 0 and not domains.keep_range(y, 1, high):
        return False
    low, high = domains.span(1, y)
    return high != 0 or domains.keep_range(y, low, -1)


def _results(lx: int, hx: int, a: int, b: int, operator: str) -> tuple[int, int]:
    """The least and greatest of x operator y for x in lx..hx and y in a..b (one side of 0)."""
    if operator in QUOTIENTS:
        quotients = [_divided(p, q, operator) for p in (lx, hx) for q in (a, b)]
        return min(quotients), max(quotients)
    if a == b and _divided(lx, a, operator) == _divided(hx, a, operator):  # (x less one multiple of y)
        multiple = a * _divided(lx, a, operator)
        return lx - multiple, hx - multiple
    if operator == "%":
        return (0, min(b - 1, hx) if lx >= 0 else b - 1) if a > 0 else (max(a + 1, lx) if hx <= 0 else a + 1, 0)
    most = max(-a, b) - 1  # (mod: the dividend's sign, less than the divisor in size)
    return max(min(lx, 0), -most), min(max(hx, 0), most)


def _divided(p: int, q: int, operator: str) -> int:
    """p / q rounded down (// and %) or toward zero (div and mod); q is not 0."""
    if operator in ROUNDED_DOWN:
        return p // q
    quotient = abs(p) // abs(q)
    return quotient if (p < 0) == (q < 0) else -quotient


KIND = ArithmeticKind()
