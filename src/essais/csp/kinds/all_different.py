"""all_different: the expressions coefficient · variable + offset take pairwise different values.
Its propagation takes a fixed variable's image from the others and, where asked (`hall`), under
mac the images of Hall intervals too."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field

from essais.core.errors import InvalidInput
from essais.csp.kinds.base import ON_BOUNDS, ON_FIXED, Encoding, Flattening, Kind, Narrowing, XcspWriting
from essais.csp.kinds.written import text
from essais.csp.model.constraint import Constraint, Owner, Values
from essais.csp.model.expressions import LinearExpr, Operand, expression, linear_expression, model_of


@dataclass(eq=False)
class AllDifferent(Constraint):
    """The expressions coefficient · variable + offset take pairwise different values (`hall`:
    its propagation under mac also takes the images of Hall intervals from the others). Other
    expressions are kept as `written` (the variables then those they name): the engines see each
    as an auxiliary variable (essais.csp.kinds.flatten)."""

    variables: list[int]
    coefficients: list[int]
    offsets: list[int]
    model: Owner | None = field(default=None, repr=False)
    hall: bool = False
    written: list[LinearExpr] | None = None

    def value(self, k: int, values: Values) -> int | None:
        if self.written is not None:
            return self.written[k].value(values)
        return self.coefficients[k] * values[self.variables[k]] + self.offsets[k]

    def holds(self, values: Values) -> bool:
        seen = [self.value(k, values) for k in range(len(self.written or self.variables))]
        return None not in seen and len(set(seen)) == len(seen)

    def members(self) -> list[LinearExpr]:
        """Its expressions."""
        affine = zip(self.variables, self.coefficients, self.offsets, strict=True)
        return self.written or [LinearExpr({v: a}, b, None) for v, a, b in affine]


def all_different(expressions: Iterable[Operand], hall: bool = False) -> AllDifferent:
    """Every expression (a variable, `q[i] + i`, `p[j] - p[i]`, `abs(x - y)`…) takes a different
    value.

    Under mac a value is taken from the others once an expression is the only one left with it;
    with `hall=True` the search also looks for Hall intervals, runs of k images that k expressions
    can only take within, and takes those from the others too (more pruning, a longer propagation:
    worth it where the expressions have more values than they need, as a ruler's differences)."""
    if not isinstance(hall, bool):
        raise InvalidInput(f"all_different: hall={hall!r} is neither True nor False")
    checked = [expression(e) for e in expressions]
    written = [linear_expression(e) for e in checked]
    model = model_of(written, "all_different")
    if not all(len(e.terms) == 1 and isinstance(next(iter(e.terms)), int) for e in written):
        return AllDifferent(list(dict.fromkeys(v for e in written for v in e.variables)), [], [], model, hall, written)
    pairs = [next(iter(e.terms.items())) for e in written]
    return AllDifferent([var for var, _ in pairs], [a for _, a in pairs], [e.constant for e in written], model,  # type: ignore[misc]
                        hall)  # fmt: skip


class AllDifferentKind(Kind[AllDifferent]):
    name = "all_different"
    by_values = True
    kernel = "ALL_DIFFERENT"
    fields = ("hall",)

    def revise(self, constraint: AllDifferent, domains: Narrowing) -> bool:
        """A variable with one value left takes that value from the others; under mac, when the
        constraint asks for it, the Hall intervals then take theirs (_hall_intervals)."""
        hall = constraint.hall and domains.method == "mac"
        return _fixed_images(constraint, domains) and (not hall or _hall_intervals(constraint, domains))

    def wakes(self, constraint: AllDifferent, wide: bool) -> int:
        """A variable fixed (its image taken from the others); its bounds, for Hall intervals or
        where a wide domain's bounds move past the images taken (_bounds_past)."""
        return ON_BOUNDS if constraint.hall or wide else ON_FIXED

    def checks(self, constraint: AllDifferent, given: Sequence[int | None], var: int) -> bool:
        """var's images differ from each other and from those of the variables given."""
        a, b = constraint.coefficients, constraint.offsets
        mine = [k for k, other in enumerate(constraint.variables) if other == var]
        seen = {a[k] * given[other] + b[k] for k, other in enumerate(constraint.variables)  # type: ignore[operator]
                if other != var and given[other] is not None}  # fmt: skip
        values = [a[k] * given[var] + b[k] for k in mine]  # type: ignore[operator]
        return len(set(values)) == len(values) and not seen & set(values)

    def encode(self, constraint: AllDifferent, encoding: Encoding) -> None:
        encoding.kind(self.kernel, self.fields, {"hall": int(constraint.hall)})
        for var, a, b in zip(constraint.variables, constraint.coefficients, constraint.offsets, strict=True):
            encoding.fits(abs(a) * encoding.largest[var] + abs(b))
        encoding.terms(constraint.coefficients, constraint.offsets)

    def has_terms(self, constraint: AllDifferent) -> bool:
        return constraint.written is not None

    def flattened(self, constraint: AllDifferent, flattening: Flattening) -> Constraint:
        if constraint.written is None:
            return constraint
        members = [flattening.affine(e) for e in constraint.written]
        return AllDifferent([v for v, _, _ in members], [a for _, a, _ in members], [b for _, _, b in members],
                            hall=constraint.hall)  # fmt: skip

    def describe(self, constraint: AllDifferent, names: list[str]) -> str:
        parts = [text(e, names) for e in constraint.members()]
        return f"all_different({', '.join(parts)}{', hall=True' if constraint.hall else ''})"

    def xcsp(self, constraint: AllDifferent, writer: XcspWriting) -> list[str]:
        return [f"<allDifferent> {' '.join(writer.expression(e) for e in constraint.members())} </allDifferent>"]


def _fixed_images(constraint: AllDifferent, domains: Narrowing) -> bool:
    """A variable with one value left takes that value from the others."""
    taken: dict[int, int] = {}
    for k, var in enumerate(constraint.variables):
        value = domains.fixed(var)
        if value is not None:
            image = constraint.coefficients[k] * value + constraint.offsets[k]
            if image in taken:
                return False
            taken[image] = k
    for k, var in enumerate(constraint.variables):
        a, b = constraint.coefficients[k], constraint.offsets[k]
        if domains.is_wide(var):
            if domains.fixed(var) is None and not _bounds_past(var, a, b, taken, domains):
                return False
            continue
        keep = 0
        for value in domains.values(var):
            owner = taken.get(a * value + b)
            if owner is None or owner == k:
                keep |= domains.bit(var, value)
        if not domains.narrow(var, keep):
            return False
    return True


def _bounds_past(var: int, a: int, b: int, taken: Collection[int], domains: Narrowing) -> bool:
    """A wide domain's bounds move past the values whose images are taken (its holes are not
    made: a value inside keeps its place); False when none is left."""
    while True:
        low, high = domains.span(1, var)
        if low > high:
            return False
        if a * low + b in taken:
            domains.remove(var, low)
        elif a * high + b in taken:
            domains.remove(var, high)
        else:
            return True


def _hall_intervals(constraint: AllDifferent, domains: Narrowing) -> bool:
    """An interval of images [start, end] within which end - start + 1 positions must take
    theirs (a Hall interval) is theirs alone: the other positions lose the values whose images
    fall in it; more positions than that, and the constraint fails. One pass over the bounds
    the images had when it began: the starts are the least images of the positions spanning
    fewer images than there are positions (no other can be within a Hall interval), each start
    with those positions by greatest image (ties by position), until the interval is wider
    than the positions from that start. An interval of fixed positions alone is passed over
    (_fixed_images took their images), and one holding every position has no other to narrow.
    A position that loses values puts the constraint back in the queue, for the next pass."""
    n = len(constraint.variables)
    low, high = [], []
    for var, a, b in zip(constraint.variables, constraint.coefficients, constraint.offsets, strict=True):
        least, greatest = domains.span(a, var)
        low.append(least + b)
        high.append(greatest + b)
    narrow = sorted((k for k in range(n) if high[k] - low[k] < n), key=lambda k: (high[k], k))
    starts = sorted(low[k] for k in narrow)
    for i, start in enumerate(starts):
        if i > 0 and start == starts[i - 1]:
            continue
        inside = free = 0
        for k in narrow:
            if low[k] < start:
                continue
            if high[k] - start >= len(starts) - i:
                break
            inside += 1
            free += high[k] > low[k]
            if inside > high[k] - start + 1:
                return False
            if inside == high[k] - start + 1 and free and inside < n:
                for j in range(n):
                    crosses, within = low[j] <= high[k] and high[j] >= start, low[j] >= start and high[j] <= high[k]
                    if crosses and not within and not _drop_images(constraint, domains, j, start, high[k]):
                        return False
    return True


def _drop_images(constraint: AllDifferent, domains: Narrowing, k: int, start: int, end: int) -> bool:
    """Position k's variable loses the values whose images lie in start..end (a run of values:
    a·v + b is monotone); False when none is left."""
    var, a, b = constraint.variables[k], constraint.coefficients[k], constraint.offsets[k]
    first, last = (-((b - start) // a), (end - b) // a) if a > 0 else (-((end - b) // -a), (b - start) // -a)
    if domains.is_wide(var):  # (its bounds move out of first..last: no hole made)
        low, high = domains.span(1, var)
        return domains.keep_range(var, last + 1 if first <= low <= last else low,
                                  first - 1 if first <= high <= last else high)  # fmt: skip
    first, last = max(first - domains.least[var], 0), last - domains.least[var]
    if first > last:
        return True
    return domains.narrow(var, ~(((1 << (last - first + 1)) - 1) << first))


KIND = AllDifferentKind()
