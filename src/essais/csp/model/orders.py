"""How a model is searched, as its method string and its search phases name it: the methods of the
course's order (basic, forward, mac), the variable and value orders each takes, and a phase of
the search (Model.branch, MiniZinc's int_search)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from essais.core.engine import Methods
from essais.core.errors import InvalidInput
from essais.csp.model.expressions import IntVar

# the methods of the course's order; variable orders and value orders are options of each
METHODS = Methods({"basic": ("python", "numba"), "forward": ("python", "numba"), "mac": ("python", "numba")},
                  default={"python": "mac", "numba": "mac"})  # fmt: skip
VARIABLE_ORDERS = ("input", "mrv", "dom", "wdeg", "smallest", "largest")
VALUE_ORDERS = ("min", "max", "lcv", "split", "reverse-split")
SPLITS = ("split", "reverse-split")  # the value orders that halve a domain (x <= m, x > m) instead of giving values
LAST_CONFLICT = "lc"  # last-conflict reasoning over the variable order (Lecoutre et al., AIJ 2009): mac/wdeg/lc
PORTFOLIO = "portfolio"  # the orders' search and the same with lc side by side (core.portfolio): mac/portfolio


def method_orders(method: str | None) -> tuple[str, str, str]:
    """(method name, variable order, value order) from `basic`, `mac/mrv`, `forward/input/lcv`…:
    the default orders are mrv and min (the name is checked where an engine is chosen); `lc`
    among them is last_conflict's, `portfolio` portfolio's."""
    name, *orders = (method or METHODS.default_method()).split("/")
    variable_order, value_order = "mrv", "min"
    for order in orders:
        if order in VARIABLE_ORDERS:
            variable_order = order
        elif order in VALUE_ORDERS:
            value_order = order
        elif order not in (LAST_CONFLICT, PORTFOLIO):
            raise InvalidInput(f"method: {order!r} is not a variable order ({', '.join(VARIABLE_ORDERS)}), "
                               f"a value order ({', '.join(VALUE_ORDERS)}), lc (last conflict) nor portfolio "
                               "(the search and the same with lc, side by side)")  # fmt: skip
    if LAST_CONFLICT in orders and PORTFOLIO in orders:
        raise InvalidInput("method: portfolio runs the search without lc beside the same with it; name one of "
                           "lc and portfolio")  # fmt: skip
    return name, variable_order, value_order


def method_label(name: str, variable_order: str, value_order: str, conflicts: bool, paired: bool = False) -> str:
    """The method a search runs, as its results name it: mac/wdeg/min, mac/input/min/lc,
    mac/input/min/portfolio."""
    return "/".join([name, variable_order, value_order] + [LAST_CONFLICT] * conflicts + [PORTFOLIO] * paired)


def last_conflict(method: str | None) -> bool:
    """The method names `lc`: the variable whose value failed last is chosen first until one of
    its values holds (last-conflict reasoning, Lecoutre, Saïs, Tabary and Vidal, AIJ 2009), over
    the variable order: after a dead end the search goes straight back to it, so that the
    decision above that caused it is found, not the free variables between."""
    return LAST_CONFLICT in (method or "").split("/")[1:]


def portfolio(method: str | None) -> bool:
    """The method names `portfolio`: two searches side by side in turns of a thousand nodes, the
    orders' and the same with lc (last_conflict), each pruned by the best solution either found;
    the first to end its tree ends both (core.portfolio). Where one of the two ends far sooner
    than the other, the pair ends in at most twice its nodes."""
    return PORTFOLIO in (method or "").split("/")[1:]


@dataclass(frozen=True)
class Phase:
    """A model's search phase (MiniZinc's int_search): its variables are chosen before those of
    the later phases and of none, among themselves by `variable_order`, their values tried by
    `value_order` (lcv aside: its look-ahead is the method's)."""

    variables: tuple[int, ...]
    variable_order: str
    value_order: str


def new_phase(model: Any, variables: list[Any], variable_order: str, value_order: str,
              phases: Sequence[Phase]) -> Phase:  # fmt: skip
    """The phase of `variables` of `model` not in one of `phases` already (checked: the orders,
    and each variable the model's)."""
    if variable_order not in VARIABLE_ORDERS:
        raise InvalidInput(f"branch: {variable_order!r} is not a variable order ({', '.join(VARIABLE_ORDERS)})")
    if value_order not in VALUE_ORDERS or value_order == "lcv":
        raise InvalidInput(f"branch: {value_order!r} is not a value order (min, max, split, reverse-split)")
    for var in variables:
        if not isinstance(var, IntVar) or var.model is not model:
            raise InvalidInput(f"branch: {var!r} is not a variable of this model")
    taken = {v for phase in phases for v in phase.variables}
    fresh = tuple(dict.fromkeys(var.index for var in variables if var.index not in taken))
    return Phase(fresh, variable_order, value_order)
