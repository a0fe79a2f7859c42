"""The orders a model's search takes (essais.csp.api.plan and the watched search alike): the value
order split where none is named and a decision's domain is too wide for a bit set, the variable
order input after the model's search phases where none is named; the phases (Model.branch) as
both engines read them; the bit-set width that fits a model whose run names none."""

from __future__ import annotations

from dataclasses import dataclass

from essais.core.errors import InvalidInput
from essais.csp.kinds.registry import kind_of
from essais.csp.model.orders import SPLITS, VALUE_ORDERS, VARIABLE_ORDERS
from essais.csp.model.problem import MAX_SPAN, Model

# A domain spanning more than BOUNDS_SPAN values that no propagator reads value by value is kept as
# its bounds where a run names no width (fitted_width): narrowing a bit set of a few thousand
# values by its bounds costs a word and a trail entry per 64 values, bounds cost one each.
BOUNDS_SPAN = 256


def value_order_for(model: Model, method: str | None, value_order: str, width: int) -> str:
    """The value order, split where none is named and a decision's domain is wide (more than
    `width` values from least to greatest); refused: min or lcv named there, which give values one
    at a time, and a kind that needs bit sets on a wide domain."""

    def wide(var: int) -> bool:
        return _is_wide(model, var, width)

    for constraint in model.constraints:
        kind = kind_of(constraint)
        if not kind.wide and (var := next(filter(wide, constraint.variables), None)) is not None:
            raise InvalidInput(f"model: a {kind.name} runs on bit sets of at most {width:,} values, and "
                               f"{model.names[var]} spans {_span(model, var)}")  # fmt: skip
    phased = {var for phase in model.phases for var in phase.variables}
    var = next((var for var in range(model.decisions) if var not in phased and wide(var)), None)
    if var is None or value_order in SPLITS:
        return value_order
    if _names_value_order(method):
        raise InvalidInput(f"method: {value_order} gives a domain's values one at a time, and {model.names[var]} spans "
                           f"{_span(model, var)} (more than {width:,}): split or reverse-split halve it")  # fmt: skip
    return "split"


def variable_order_for(model: Model, method: str | None, variable_order: str) -> str:
    """The variable order: input where the model has search phases and the method names no order
    (the variables the phases leave are mostly auxiliary ones that follow from theirs: mrv's look
    at every variable at every node costs more than it saves — ship-schedule proved in 2.2 s in
    input order, not in 10 s by mrv), else the method's."""
    named = any(order in VARIABLE_ORDERS for order in (method or "").split("/")[1:])
    return "input" if model.phases and not named else variable_order


def fitted_width(model: Model, method: str | None) -> int:
    """The bit-set width for a run that names none: BOUNDS_SPAN where no domain spanning more (and
    at most MAX_SPAN) is under a constraint that reads values one by one (Kind.by_values), runs
    on bit sets alone or has terms (flattened, they may become tables), and the method names no
    value order (min and lcv give a bit set's values); else MAX_SPAN."""
    if _names_value_order(method):
        return MAX_SPAN
    middle = {var for var, domain in enumerate(model.domains)
              if domain and BOUNDS_SPAN <= domain[-1] - domain[0] < MAX_SPAN}  # fmt: skip
    for constraint in model.constraints if middle else ():
        kind = kind_of(constraint)
        values = kind.by_values or not kind.wide or kind.has_terms(constraint)
        if values and not middle.isdisjoint(constraint.variables):
            return MAX_SPAN
    return BOUNDS_SPAN


def _names_value_order(method: str | None) -> bool:
    """The method names a value order (`mac/mrv/lcv`), not only a variable order or none."""
    return any(order in VALUE_ORDERS for order in (method or "").split("/")[1:])


def _is_wide(model: Model, var: int, width: int) -> bool:
    """var's domain spans more than `width` values (kept as its bounds, not as a bit set)."""
    domain = model.domains[var]
    return bool(domain) and domain[-1] - domain[0] >= width


def _span(model: Model, var: int) -> str:
    domain = model.domains[var]
    return f"{domain[0]}..{domain[-1]}"


# a phase's value order on a domain too wide for a bit set: the nearest that halves it
WIDE_VALUE_ORDERS = {"min": "split", "max": "reverse-split"}


@dataclass(frozen=True)
class PhaseOrders:
    """The model's search phases as the engines read them: each decision's phase (`len(variable_orders)`
    where it is in none: the method's orders), each phase's variable order, and each decision's
    value order (None: the method's; on a wide domain min is split, max reverse-split)."""

    phase: list[int]
    variable_orders: list[str]
    value_orders: list[str | None]


def phase_orders(model: Model, width: int) -> PhaseOrders:
    """The phases of `model` (Model.phases) over its decisions, a domain spanning more than `width`
    values being wide."""
    phase = [len(model.phases)] * model.decisions
    value_orders: list[str | None] = [None] * model.decisions
    for number, searched in enumerate(model.phases):
        for var in (var for var in searched.variables if var < model.decisions):
            phase[var] = number
            value_orders[var] = searched.value_order
            if _is_wide(model, var, width):
                value_orders[var] = WIDE_VALUE_ORDERS.get(searched.value_order, searched.value_order)
    return PhaseOrders(phase, [searched.variable_order for searched in model.phases], value_orders)
