"""Distance: z = |x - y| (an `abs(x - y)` term's definition in a flattened model,
essais.csp.kinds.flatten), propagated on the bit sets as a table of the three would be."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from essais.csp.kinds.base import ON_BOUNDS, ON_DOMAIN, Kind, Narrowing
from essais.csp.model.constraint import Constraint, Owner


@dataclass(eq=False)
class Distance(Constraint):
    """The last of three variables is the distance of the first two, z = |x - y|."""

    variables: list[int]
    model: Owner | None = field(default=None, repr=False)

    def holds(self, values: Sequence[int]) -> bool:  # type: ignore[override]
        x, y, z = self.variables
        return abs(values[x] - values[y]) == values[z]


class DistanceKind(Kind[Distance]):
    name = "distance"
    kernel = "DISTANCE"

    def revise(self, constraint: Distance, domains: Narrowing) -> bool:
        """z = |x - y| on the bit sets, as a table of the three would narrow them: x keeps the
        values a with a + d or a - d in y for some d of z (y's bits shifted by d, both ways, an
        OR a distance), then y those with such a value in x, then z the distances some value of
        x and one of y still have (an AND of x with y shifted)."""
        x, y, z = constraint.variables
        if domains.is_wide(x) or domains.is_wide(y) or domains.is_wide(z):
            return _by_bounds(x, y, z, domains)
        least, domain = domains.least, domains.domain
        shift = least[x] - least[y]  # (x's bit k and y's bit k + shift: the same value)
        distances = [least[z] + k for k in range(domain[z].bit_length()) if domain[z] >> k & 1]
        if not domains.narrow(x, _near(domain[y], shift, distances)):
            return False
        if not domains.narrow(y, _near(domain[x], -shift, distances)):
            return False
        kept = sum(1 << (d - least[z]) for d in distances if domain[x] & _near(domain[y], shift, [d]))
        return domains.narrow(z, kept)

    def wakes(self, constraint: Distance, wide: bool) -> int:
        """Any value gone from its bit sets; a wide domain's bounds."""
        return ON_BOUNDS if wide else ON_DOMAIN

    def idempotent(self, constraint: Distance, wide: bool) -> bool:
        return not wide

    def defined_value(self, constraint: Distance, given: Sequence[int | None]) -> int | None:
        x, y, _ = constraint.variables
        return abs(given[x] - given[y])  # type: ignore[operator]

    def describe(self, constraint: Distance, names: list[str]) -> str:
        x, y, z = (names[v] for v in constraint.variables)
        return f"abs({x} - {y}) == {z}"


def _by_bounds(x: int, y: int, z: int, domains: Narrowing) -> bool:
    """z = |x - y| where a domain is wide, by bounds: x within y's least - z's greatest ..
    y's greatest + z's greatest, y within x's so, and z between the least and greatest
    distances of x's and y's bounds."""
    (lx, hx), (ly, hy), (_, hz) = (domains.span(1, var) for var in (x, y, z))
    if not domains.keep_range(x, ly - hz, hy + hz):
        return False
    (lx, hx), (ly, hy) = domains.span(1, x), domains.span(1, y)
    if not domains.keep_range(y, lx - hz, hx + hz):
        return False
    (lx, hx), (ly, hy) = domains.span(1, x), domains.span(1, y)
    return domains.keep_range(z, max(0, lx - hy, ly - hx), max(hx - ly, hy - lx))


def _near(mask: int, shift: int, distances: list[int]) -> int:
    """The bits k with bit k + shift ± d of `mask` set, for some d of `distances`."""
    near = 0
    for d in distances:
        for s in (shift + d, shift - d):
            near |= mask >> s if s >= 0 else mask << -s
    return near


KIND = DistanceKind()
