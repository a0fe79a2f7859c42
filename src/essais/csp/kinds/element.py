"""element: `items[index]`, a term (essais.csp.model.functions.element) that the flattener defines
by an Element constraint: z = items[index], 0-based, each item a variable or a number, an index
beyond the list giving no value. Its propagator keeps the index's positions whose item can
still equal the value, the value's values that the items at those positions can take, and, the
index fixed, that item's values the value can take (the two then equal)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from essais.csp.kinds.base import Encoding, Fields, Flattening, Kind, Narrowing
from essais.csp.model.constraint import Constraint, Owner
from essais.csp.model.expressions import Term, linear_expression
from essais.csp.model.intervals import Intervals, ranges_of
from essais.csp.model.problem import domain_of


@dataclass(eq=False)
class Element(Constraint):
    """variables[-1] = items[variables[0]]: item k is the variable `variables[item_at[k]]` or,
    where item_at[k] is -1, the number constants[k]."""

    variables: list[int]
    item_at: list[int]
    constants: list[int]
    model: Owner | None = field(default=None, repr=False)

    def item(self, k: int, values: Sequence[int]) -> int:
        return values[self.variables[self.item_at[k]]] if self.item_at[k] >= 0 else self.constants[k]

    def holds(self, values: Sequence[int]) -> bool:  # type: ignore[override]
        k = values[self.variables[0]]
        return 0 <= k < len(self.item_at) and values[self.variables[-1]] == self.item(k, values)


class ElementKind(Kind[Element]):
    name = "element"
    by_values = True
    kernel = "ELEMENT"
    reads_every_variable = True  # (the items at the index's positions)
    fields = ("items", "rows")

    def revise(self, constraint: Element, domains: Narrowing) -> bool:
        """The index keeps the positions 0 … n-1 whose item meets the value's domain; the value
        keeps the union of those items' values; the index fixed, its item keeps the value's."""
        if any(domains.is_wide(var) for var in constraint.variables):
            return _by_bounds(constraint, domains)
        index, value = constraint.variables[0], constraint.variables[-1]
        keep = 0
        for k in range(len(constraint.item_at)):
            if domains.domain[value] & _item_mask(constraint, k, value, domains):
                keep |= domains.bit(index, k)
        if not domains.narrow(index, keep):
            return False
        union = 0
        for k in domains.values(index):
            union |= _item_mask(constraint, k, value, domains)
        if not domains.narrow(value, union):
            return False
        chosen = domains.fixed(index)
        if chosen is None or constraint.item_at[chosen] < 0:
            return True
        item = constraint.variables[constraint.item_at[chosen]]
        return domains.narrow(item, _seen_from(value, item, domains))

    def idempotent(self, constraint: Element, wide: bool) -> bool:
        """On distinct variables of bit sets its three steps leave nothing for a second pass."""
        return not wide and len(set(constraint.variables)) == len(constraint.variables)

    def defined_value(self, constraint: Element, given: Sequence[int | None]) -> int | None:
        k = given[constraint.variables[0]]
        return constraint.item(k, given) if 0 <= k < len(constraint.item_at) else None  # type: ignore[operator,arg-type]

    def field_values(self, constraint: Element, encoding: Encoding) -> Fields:
        """How many items; then a row of two an item: its variable's place among the
        constraint's (index, the items that are variables, the value), or -1 and its number."""
        numbers = []
        for at, constant in zip(constraint.item_at, constraint.constants, strict=True):
            encoding.fits(abs(constant))
            numbers += [at, constant]
        return {"items": len(constraint.item_at), "rows": numbers}

    def describe(self, constraint: Element, names: list[str]) -> str:
        items = [names[constraint.variables[at]] if at >= 0 else str(constant)
                 for at, constant in zip(constraint.item_at, constraint.constants, strict=True)]  # fmt: skip
        index, value = (names[v] for v in (constraint.variables[0], constraint.variables[-1]))
        return f"element([{', '.join(items)}], {index}) == {value}"


def _by_bounds(constraint: Element, domains: Narrowing) -> bool:
    """revise where a domain is wide, by bounds: the index keeps the positions 0 … n-1 whose
    item meets the value's least..greatest (a number: is among its values), the value keeps the
    least..greatest of those items, and the index fixed, its item keeps the value's."""
    index, value = constraint.variables[0], constraint.variables[-1]
    if not domains.keep_range(index, 0, len(constraint.item_at) - 1):
        return False
    low, high = domains.span(1, value)
    for k in range(len(constraint.item_at)):
        if domains.has(index, k) and not _meets(constraint, k, low, high, domains) and not domains.remove(index, k):
            return False
    spans = [_item_span(constraint, k, domains) for k in range(len(constraint.item_at)) if domains.has(index, k)]
    if not domains.keep_range(value, min(lo for lo, _ in spans), max(hi for _, hi in spans)):
        return False
    chosen = domains.fixed(index)
    if chosen is None or constraint.item_at[chosen] < 0:
        return True
    return domains.keep_range(constraint.variables[constraint.item_at[chosen]], *domains.span(1, value))


def _item_span(constraint: Element, k: int, domains: Narrowing) -> tuple[int, int]:
    """Item k's least and greatest."""
    if constraint.item_at[k] < 0:
        return constraint.constants[k], constraint.constants[k]
    return domains.span(1, constraint.variables[constraint.item_at[k]])


def _meets(constraint: Element, k: int, low: int, high: int, domains: Narrowing) -> bool:
    """Item k may equal the value of least..greatest low..high."""
    if constraint.item_at[k] < 0:
        return domains.has(constraint.variables[-1], constraint.constants[k])
    least, greatest = _item_span(constraint, k, domains)
    return least <= high and greatest >= low


def _seen_from(source: int, target: int, domains: Narrowing) -> int:
    """source's domain as a mask of target's bits (the same values)."""
    shift = domains.least[source] - domains.least[target]
    mask = domains.domain[source]
    return mask << shift if shift >= 0 else mask >> -shift


def _item_mask(constraint: Element, k: int, value: int, domains: Narrowing) -> int:
    """Item k's values as a mask of the value's bits (0 beyond the list)."""
    if not 0 <= k < len(constraint.item_at):
        return 0
    if constraint.item_at[k] < 0:
        return domains.bit(value, constraint.constants[k])
    return _seen_from(constraint.variables[constraint.item_at[k]], value, domains)


def define(term: Term, flattening: Flattening) -> tuple[Element, Sequence[int]]:
    """An element term's definition on its flattened variables (the value's variable, last,
    still to be made: -1) and the values that variable may take."""
    index, *items = term.arguments
    index_var = flattening.variable(linear_expression(index))
    variables, item_at, constants = [index_var], [], []
    for item in items:
        if isinstance(item, int):
            item_at.append(-1)
            constants.append(item)
        else:
            item_at.append(len(variables))
            constants.append(0)
            variables.append(flattening.variable(item))
    domains = flattening.domains
    reach = [k for k in range(len(items)) if k in domains[index_var]]
    values = Intervals(run for k in reach for run in (((constants[k], constants[k]),) if item_at[k] < 0
                                                       else ranges_of(domains[variables[item_at[k]]])))  # fmt: skip
    return Element([*variables, -1], item_at, constants), domain_of(values)


KIND = ElementKind()
