"""The kinds of constraint, registered once: each constraint's class and its kind (its module in
essais.csp.kinds says all that the engines, the formats and the pages do with it)."""

from __future__ import annotations

from typing import Any

from essais.core.errors import InvalidInput
from essais.csp.kinds import (
    all_different,
    arithmetic,
    cardinality,
    circuit,
    count,
    cumulative,
    distance,
    element,
    increasing,
    lex,
    linear,
    no_overlap,
    parity,
    predicate,
    product,
    reified,
    table,
)
from essais.csp.kinds.base import Kind
from essais.csp.kinds.written import Written, WrittenKind
from essais.csp.model.constraint import Constraint
from essais.csp.model.expressions import Linear

KINDS: dict[type, Kind[Any]] = {
    Linear: linear.KIND,
    all_different.AllDifferent: all_different.KIND,
    table.Table: table.KIND,
    predicate.Predicate: predicate.KIND,
    circuit.Circuit: circuit.KIND,
    no_overlap.NoOverlap: no_overlap.KIND,
    increasing.Increasing: increasing.KIND,
    cardinality.Cardinality: cardinality.KIND,
    count.Count: count.KIND,
    distance.Distance: distance.KIND,
    element.Element: element.KIND,
    lex.LexLessEq: lex.KIND,
    reified.Reified: reified.KIND,
    product.Product: product.KIND,
    arithmetic.Arithmetic: arithmetic.KIND,
    cumulative.Cumulative: cumulative.KIND,
    parity.Parity: parity.KIND,
}
KINDS[Written] = WrittenKind(dict(KINDS))


def kind_of(constraint: Constraint) -> Kind[Any]:
    """The kind of a constraint."""
    try:
        return KINDS[type(constraint)]
    except KeyError:
        raise InvalidInput(f"constraint: {type(constraint).__name__} is no kind of constraint essais knows") from None
