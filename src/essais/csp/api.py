"""Constraints of one's own (000 §3.1): the first solution of a model, every solution lazily,
and counts, by the course's methods (basic, forward checking, arc consistency maintained) with
the variable and value orders of each (essais.csp.textbook).

Examples
--------
>>> from essais.csp import Model, all_different
>>> m = Model()
>>> q = m.int_vars(6, 0, 5, "q")
>>> m.add(all_different(q))
>>> m.add(all_different([q[i] + i for i in range(6)]))
>>> m.add(all_different([q[i] - i for i in range(6)]))
>>> count_csp(m).count
4
>>> solve_csp(m, method="forward").values
{'q0': 1, 'q1': 3, 'q2': 5, 'q3': 0, 'q4': 2, 'q5': 4}
"""

from __future__ import annotations

from collections.abc import Callable

from essais.core.engine import SolutionStream, run_search
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchControl, limits_from
from essais.core.result import Status
from essais.csp.model import METHODS, VALUE_ORDERS, VARIABLE_ORDERS, CspCount, CspResult, Model
from essais.csp.textbook import TextbookCsp


def _method(method: str | None) -> tuple[str, str, str]:
    """(method, variable order, value order) from `basic`, `mac/mrv`, `forward/input/lcv`…:
    the default is mac with mrv and min."""
    name, *orders = (method or "mac").split("/")
    method, _ = METHODS.resolve(name, "python")
    variable_order, value_order = "mrv", "min"
    for order in orders:
        if order in VARIABLE_ORDERS:
            variable_order = order
        elif order in VALUE_ORDERS:
            value_order = order
        else:
            raise InvalidInput(f"method: {order!r} is not a variable order ({', '.join(VARIABLE_ORDERS)}) "
                               f"nor a value order ({', '.join(VALUE_ORDERS)})")  # fmt: skip
    return method, variable_order, value_order


def _engine(model: Model, method: str | None, engine: str | None) -> tuple[Callable[[SearchControl], TextbookCsp], str]:
    if not isinstance(model, Model):
        raise InvalidInput(f"model: {model!r} is not an essais.csp.Model")
    if engine not in (None, "python"):
        raise InvalidInput("engine: models run in the python engine (the numba engine is to come)")
    name, variable_order, value_order = _method(method)
    label = "/".join([name, variable_order, value_order])
    return (lambda control: TextbookCsp(model, name, variable_order, value_order, control)), label


def _named(model: Model, values: list[int]) -> dict[str, int]:
    return dict(zip(model.names, values, strict=True))


def solve_csp(
    model: Model,
    *,
    method: str | None = None,
    engine: str | None = None,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> CspResult:
    """The first solution (each variable's name and value), or none. `method`: basic, forward
    or mac (the default), optionally with orders, `mac/mrv/lcv`, `basic/input`."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    build, label = _engine(model, method, engine)
    run = run_search(limits, build, lambda search: next(search.solutions(), None))
    status = run.stopped or (Status.FOUND if run.value is not None else Status.NONE)
    values = _named(model, run.value) if run.value is not None else None
    return CspResult(status, model, values, run.stats, label, "python")


def count_csp(
    model: Model,
    *,
    method: str | None = None,
    engine: str | None = None,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> CspCount:
    """Every solution counted (in one process)."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    build, label = _engine(model, method, engine)
    counted = [0]

    def count(search: TextbookCsp) -> None:
        for _ in search.solutions():
            counted[0] += 1

    run = run_search(limits, build, count)
    return CspCount(run.stopped or Status.COMPLETE, counted[0], run.stats, label, "python",
                    variables=len(model.names))  # fmt: skip


class CspStream(SolutionStream[TextbookCsp, dict[str, int]]):
    """Every solution in the search's order, lazily, each as {name: value}; `result` says how
    the stream ended."""

    def __init__(
        self,
        model: Model,
        *,
        method: str | None = None,
        engine: str | None = None,
        limit: int | None = None,
        limits: Limits | None = None,
        time_limit: float | None = None,
        node_limit: int | None = None,
        memory_limit: int | str | None = None,
    ) -> None:
        limits = limits_from(limits, time_limit, node_limit, memory_limit)
        build, label = _engine(model, method, engine)
        result = CspCount(Status.COMPLETE, 0, method=label, engine="python", variables=len(model.names))
        super().__init__(limits, build, lambda search: (_named(model, values) for values in search.solutions()),
                         result, limit)  # fmt: skip
