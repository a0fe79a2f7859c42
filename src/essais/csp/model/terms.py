"""What each kind of term computes (essais.csp.model.expressions.Term): its value from its arguments'
values, its range from theirs (interval arithmetic) and how it is written. A kind is named by
its operator: `*`, `abs`, `//` and `%` (rounded down and with the divisor's sign, as Python's:
-7 // 2 is -4, -7 % 2 is 1), `div` and `mod` (XCSP3's: toward zero and with the dividend's sign,
as Java's: -7 div 2 is -3, -7 mod 2 is -1; none for a divisor 0), `minimum`, `maximum`, `element`
(none beyond its list), `count` (how many arguments after the first, a number, equal it), a
relation's truth (`==`, `!=`, `<=` of its argument and 0: 1 where it holds, else 0), and the
logic of 0/1 terms, `|`, `&`, `~`, `implies`, `xor` (1 when an odd number of its arguments
are), `if_then_else`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

Span = tuple[int, int]
ALL = 1 << 30  # (every argument)


@dataclass(frozen=True)
class Kind:
    """A kind of term: `form` writes it ({0}, {1}…: its arguments, {all}: all of them, {rest}:
    all but the first, {ors} and {ands}: all of them between | or &); `boolean`: how many of its
    first arguments must be 0 or 1 (ALL: every one)."""

    form: str
    apply: Callable[[Sequence[int]], int | None]
    spans: Callable[[list[Span]], Span]
    boolean: int = 0


def _product(spans: list[Span]) -> Span:
    products = [x * y for x in spans[0] for y in spans[1]]
    return min(products), max(products)


def _abs(spans: list[Span]) -> Span:
    ((low, high),) = spans
    return (low, high) if low >= 0 else (-high, -low) if high <= 0 else (0, max(-low, high))


def _quotient(spans: list[Span]) -> Span:
    (low, high), (k, _) = spans
    return (low // k, high // k) if k > 0 else (high // k, low // k)


def _remainder(spans: list[Span]) -> Span:
    (low, high), (k, _) = spans
    if low >= 0 and high < k:
        return low, high
    return (0, k - 1) if k > 0 else (k + 1, 0)


def _truncated(values: Sequence[int]) -> int | None:
    """a div b, toward zero as Java's (XCSP3's div): none when b is 0."""
    a, b = values
    if b == 0:
        return None
    quotient = abs(a) // abs(b)
    return quotient if (a < 0) == (b < 0) else -quotient


def _remainder_of_truncated(values: Sequence[int]) -> int | None:
    """a mod b with a's sign, as Java's % (XCSP3's mod): none when b is 0."""
    quotient = _truncated(values)
    return None if quotient is None else values[0] - values[1] * quotient


def _truncated_spans(spans: list[Span]) -> Span:
    most = max(abs(spans[0][0]), abs(spans[0][1]))
    return (0, most) if spans[0][0] >= 0 and spans[1][0] > 0 else (-most, most)


def _remainder_spans(spans: list[Span]) -> Span:
    most = max(abs(spans[1][0]), abs(spans[1][1]), 1) - 1
    return (0, most) if spans[0][0] >= 0 else (-most, 0) if spans[0][1] <= 0 else (-most, most)


def _element(values: Sequence[int]) -> int | None:
    index, *items = values
    return items[index] if 0 <= index < len(items) else None


def _element_spans(spans: list[Span]) -> Span:
    (low, high), *items = spans
    reached = items[max(low, 0) : max(high + 1, 0)] or items
    return min(a for a, _ in reached), max(b for _, b in reached)


def _counted(spans: list[Span]) -> Span:
    """0 up to the arguments that can take the value (the first, a number)."""
    (value, _), *items = spans
    return 0, sum(low <= value <= high for low, high in items)


def _either(spans: list[Span]) -> Span:
    return min(spans[1][0], spans[2][0]), max(spans[1][1], spans[2][1])


def _zero_one(spans: list[Span]) -> Span:
    return 0, 1


KINDS = {
    "*": Kind("{0} * {1}", lambda v: v[0] * v[1], _product),
    "abs": Kind("abs({0})", lambda v: abs(v[0]), _abs),
    "//": Kind("{0} // {1}", lambda v: v[0] // v[1], _quotient),
    "%": Kind("{0} % {1}", lambda v: v[0] % v[1], _remainder),
    "div": Kind("div({0}, {1})", _truncated, _truncated_spans),
    "mod": Kind("mod({0}, {1})", _remainder_of_truncated, _remainder_spans),
    "minimum": Kind("minimum({all})", min, lambda s: (min(a for a, _ in s), min(b for _, b in s))),
    "maximum": Kind("maximum({all})", max, lambda s: (max(a for a, _ in s), max(b for _, b in s))),
    "element": Kind("element([{rest}], {0})", _element, _element_spans),
    "count": Kind("count([{rest}], {0})", lambda v: sum(x == v[0] for x in v[1:]), _counted),
    "==": Kind("({0} == 0)", lambda v: int(v[0] == 0), _zero_one),
    "!=": Kind("({0} != 0)", lambda v: int(v[0] != 0), _zero_one),
    "<=": Kind("({0} <= 0)", lambda v: int(v[0] <= 0), _zero_one),
    "|": Kind("({ors})", lambda v: int(any(v)), _zero_one, boolean=ALL),
    "&": Kind("({ands})", lambda v: int(all(v)), _zero_one, boolean=ALL),
    "~": Kind("~{0}", lambda v: 1 - v[0], _zero_one, boolean=1),
    "implies": Kind("implies({all})", lambda v: (1 - v[0]) | v[1], _zero_one, boolean=2),
    "xor": Kind("xor({all})", lambda v: sum(v) % 2, _zero_one, boolean=ALL),
    "if_then_else": Kind("if_then_else({all})", lambda v: v[1] if v[0] else v[2], _either, boolean=1),
}
