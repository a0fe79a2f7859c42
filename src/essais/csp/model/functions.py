"""The terms a model writes as calls (essais.csp.model.expressions holds the expressions, terms.py what
each kind of term computes): count, n_values, minimum, maximum, element, implies, if_then_else."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from essais.core.errors import InvalidInput
from essais.csp.model.expressions import IntVar, Linear, LinearExpr, Operand, Term, expression, model_of


def count(expressions: Iterable[Operand], value: Operand) -> LinearExpr:
    """How many of the expressions equal `value` (a number or an expression), `count(x, 0) == 2`:
    a term of its own for a number (its propagation counts those fixed to it and those that can
    take it), else a sum of 0/1 terms."""
    operands = [LinearExpr({}, e, None) if isinstance(e, int) else e for e in map(expression, expressions)]
    target = expression(value)
    if isinstance(target, LinearExpr) and not target.terms:
        target = target.constant
    if isinstance(target, int) and operands:
        return Term("count", [target, *operands])
    return sum((e == value for e in operands), LinearExpr({}, 0, None))  # type: ignore[misc, return-value]


def n_values(expressions: Iterable[Operand], ignored: Iterable[int] = ()) -> LinearExpr:
    """How many different values the expressions take (a value of `ignored` not counted): for
    each value they can take, 1 when count(expressions, value) >= 1 — a count, and a 0/1 term of
    it, a value (refused beyond 4,096 values)."""
    operands = [LinearExpr({}, e, None) if isinstance(e, int) else e for e in map(expression, expressions)]
    model = model_of(operands, "n_values")
    domains = model.domains if model is not None else []  # type: ignore[attr-defined]
    values: set[int] = set()
    for e in operands:
        if isinstance(e, IntVar):
            values.update(domains[e.index])
        else:
            low, high = e.bounds(domains)
            if high - low >= 4096:
                raise InvalidInput(f"n_values: {e.text()} spans {low}..{high}, more than 4,096 values")
            values.update(range(low, high + 1))
    values -= set(ignored)
    if len(values) > 4096:
        raise InvalidInput(f"n_values: the expressions take {len(values):,} values, more than 4,096")
    taken = (expression(count(operands, value) >= 1) for value in sorted(values))
    return sum(taken, LinearExpr({}, 0, None))  # type: ignore[arg-type, return-value]


def minimum(*expressions: Operand | Iterable[Operand]) -> LinearExpr:
    """The least of the expressions (given one by one or as one list)."""
    return Term("minimum", _listed(expressions, "minimum"))


def maximum(*expressions: Operand | Iterable[Operand]) -> LinearExpr:
    """The greatest of the expressions (given one by one or as one list)."""
    return Term("maximum", _listed(expressions, "maximum"))


def element(items: Sequence[Operand], index: Operand) -> LinearExpr:
    """`items[index]`, the index an expression (from 0): an index beyond the list gives no value,
    so that the constraints holding it fail there."""
    listed = _listed([items], "element")
    return Term("element", [expression(index), *listed])


def implies(a: Operand, b: Operand) -> LinearExpr:
    """1 unless `a` holds and `b` does not (relations, or terms of 0 and 1)."""
    return Term("implies", [expression(a), expression(b)])


def xor(*expressions: Operand | Iterable[Operand]) -> LinearExpr:
    """1 when an odd number of the expressions hold (relations, or terms of 0 and 1; given one
    by one or as one list)."""
    return Term("xor", _listed(expressions, "xor"))


def if_then_else(condition: Operand, then: Operand, otherwise: Operand) -> LinearExpr:
    """`then` where `condition` holds (is 1), else `otherwise`."""
    return Term("if_then_else", [expression(condition), expression(then), expression(otherwise)])


def _listed(expressions: Sequence[Any], where: str) -> list[LinearExpr | int]:
    one_list = len(expressions) == 1 and not isinstance(expressions[0], LinearExpr | Linear | int)
    items = list(expressions[0]) if one_list else list(expressions)
    if not items:
        raise InvalidInput(f"{where}: no expressions")
    return [expression(item) for item in items]
