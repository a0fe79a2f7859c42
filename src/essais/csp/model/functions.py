"""The terms a model writes as calls (essais.csp.model.expressions holds the expressions, terms.py what
each kind of term computes): count, n_values, minimum, maximum, element, implies, if_then_else; and
any_holds, the constraints saying that some of several relations holds."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from essais.core.errors import InvalidInput
from essais.csp.model.expressions import (
    IntVar,
    Linear,
    LinearExpr,
    Operand,
    Term,
    expression,
    model_of,
    relation_holds,
    truth,
)

# n_values lists the values its expressions can take, each a count, up to this many; beyond, it
# compares them pairwise (its terms then grow with the square of their number, not their values)
LISTED_VALUES = 4_096


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
    it, a value; where they can take more than LISTED_VALUES values (wide domains), for each
    expression, 1 when it differs from every one before it and from each value ignored."""
    operands = [LinearExpr({}, e, None) if isinstance(e, int) else e for e in map(expression, expressions)]
    model = model_of(operands, "n_values")
    domains = model.domains if model is not None else []  # type: ignore[attr-defined]
    ignored = sorted(set(ignored))
    values = _values_taken(operands, domains)
    if values is None:
        return sum((_first_of_its_value(operands, i, ignored) for i in range(len(operands))),
                   LinearExpr({}, 0, None))  # type: ignore[arg-type, return-value]  # fmt: skip
    taken = (expression(count(operands, value) >= 1) for value in sorted(values - set(ignored)))
    return sum(taken, LinearExpr({}, 0, None))  # type: ignore[arg-type, return-value]


def _values_taken(operands: list[LinearExpr], domains: Sequence[Sequence[int]]) -> set[int] | None:
    """Every value the expressions can take; None when those are more than LISTED_VALUES."""
    values: set[int] = set()
    for e in operands:
        low, high = (domains[e.index][0], domains[e.index][-1]) if isinstance(e, IntVar) else e.bounds(domains)
        if high - low >= LISTED_VALUES:
            return None
        values.update(domains[e.index] if isinstance(e, IntVar) else range(low, high + 1))
        if len(values) > LISTED_VALUES:
            return None
    return values


def _first_of_its_value(operands: list[LinearExpr], i: int, ignored: list[int]) -> LinearExpr | int:
    """1 when the i-th expression differs from every one before it and from each value ignored."""
    differences = [operands[i] != other for other in operands[:i]] + [operands[i] != value for value in ignored]
    if not differences:
        return 1
    return Term("&", [truth(relation) for relation in differences]) if len(differences) > 1 else truth(differences[0])


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


def any_holds(relations: Sequence[Linear]) -> list[Linear]:
    """Constraints saying that some of the relations holds: none where one holds whatever the
    values, one that never holds where none can, else their disjunction (a 0/1 term that is 1)."""
    if any(not r.terms and relation_holds(r.constant, r.relation) for r in relations):
        return []
    kept = [truth(r) for r in relations if r.terms]
    return [Term("|", kept) == 1 if kept else LinearExpr({}, 0, None) == 1]


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
