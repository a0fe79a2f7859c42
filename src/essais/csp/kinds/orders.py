"""The value order a model's search takes (essais.csp.api.plan and the watched search alike): split
where none is named and a decision's domain is too wide for a bit set."""

from __future__ import annotations

from essais.core.errors import InvalidInput
from essais.csp.kinds.registry import kind_of
from essais.csp.model.problem import SPLITS, VALUE_ORDERS, Model


def value_order_for(model: Model, method: str | None, value_order: str, width: int) -> str:
    """The value order, split where none is named and a decision's domain is wide (more than
    `width` values from least to greatest); refused: min or lcv named there, which give values one
    at a time, and a kind that needs bit sets on a wide domain."""

    def wide(var: int) -> bool:
        domain = model.domains[var]
        return bool(domain) and domain[-1] - domain[0] >= width

    for constraint in model.constraints:
        kind = kind_of(constraint)
        if not kind.wide and (var := next(filter(wide, constraint.variables), None)) is not None:
            raise InvalidInput(f"model: a {kind.name} runs on bit sets of at most {width:,} values, and "
                               f"{model.names[var]} spans {_span(model, var)}")  # fmt: skip
    var = next(filter(wide, range(model.decisions)), None)
    if var is None or value_order in SPLITS:
        return value_order
    if any(order in VALUE_ORDERS for order in (method or "").split("/")[1:]):
        raise InvalidInput(f"method: {value_order} gives a domain's values one at a time, and {model.names[var]} spans "
                           f"{_span(model, var)} (more than {width:,}): split or reverse-split halve it")  # fmt: skip
    return "split"


def _span(model: Model, var: int) -> str:
    domain = model.domains[var]
    return f"{domain[0]}..{domain[-1]}"
