"""Product: z = x · y (a product term's definition in a flattened model, essais.csp.kinds.flatten,
where a table of its inputs would be too large), propagated by bounds, signs and zero included."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from essais.csp.kinds.base import ON_BOUNDS, Encoding, Kind, Narrowing, XcspWriting
from essais.csp.model.constraint import Constraint, Owner


@dataclass(eq=False)
class Product(Constraint):
    """The last of three variables is the product of the first two, z = x · y (x and y may be one)."""

    variables: list[int]
    model: Owner | None = field(default=None, repr=False)

    def holds(self, values: Sequence[int]) -> bool:  # type: ignore[override]
        x, y, z = self.variables
        return values[x] * values[y] == values[z]


class ProductKind(Kind[Product]):
    name = "product"
    kernel = "PRODUCT"

    def revise(self, constraint: Product, domains: Narrowing) -> bool:
        """z within the least and greatest of the corners' products; then x within z / y's
        bounds, and y within z / x's (quotient: divisor)."""
        x, y, z = constraint.variables
        (lx, hx), (ly, hy) = domains.span(1, x), domains.span(1, y)
        corners = (lx * ly, lx * hy, hx * ly, hx * hy)
        if not domains.keep_range(z, min(corners), max(corners)):
            return False
        return quotient(x, y, z, domains) and quotient(y, x, z, domains)

    def wakes(self, constraint: Product, wide: bool) -> int:
        """Its variables' bounds."""
        return ON_BOUNDS

    def defined_value(self, constraint: Product, given: Sequence[int | None]) -> int | None:
        x, y, _ = constraint.variables
        return given[x] * given[y]  # type: ignore[operator]

    def encode(self, constraint: Product, encoding: Encoding) -> None:
        x, y, z = constraint.variables
        largest = encoding.largest
        encoding.fits(largest[x] * largest[y] + largest[z])
        encoding.kind(self.kernel, self.fields, {})
        encoding.terms([1, 1, 1], [0, 0, 0])

    def describe(self, constraint: Product, names: list[str]) -> str:
        x, y, z = (names[v] for v in constraint.variables)
        return f"{x} * {y} == {z}"

    def xcsp(self, constraint: Product, writer: XcspWriting) -> list[str]:
        x, y, z = (writer.listed([v]) for v in constraint.variables)
        return [f"<intension> eq(mul({x},{y}),{z}) </intension>"]


def quotient(target: int, divisor: int, z: int, domains: Narrowing) -> bool:
    """target within the quotients z / divisor over their bounds, the divisor's values on each
    side of 0 apart (0 itself allows any target where z may be 0, and none elsewhere)."""
    (lz, hz), (ld, hd) = domains.span(1, z), domains.span(1, divisor)
    if ld <= 0 <= hd and lz <= 0 <= hz:
        return True
    low = high = None
    for a, b in ((ld, min(hd, -1)), (max(ld, 1), hd)):
        if a > b:
            continue
        quotients = [(q, r) for q in (lz, hz) for r in (a, b)]
        least = min(-(-q // r) for q, r in quotients)  # (the least quotient's ceiling)
        greatest = max(q // r for q, r in quotients)
        low, high = (least, greatest) if low is None or high is None else (min(low, least), max(high, greatest))
    if low is None or high is None:  # (the divisor is 0 alone, z not 0)
        return domains.keep_range(target, 1, 0)
    return domains.keep_range(target, low, high)


KIND = ProductKind()
