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
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from essais.core.engine import CountingSearch, SolutionStream, check_memory, loading_compiled, run_search
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchControl, limits_from
from essais.core.parallel import Progress, workers_for
from essais.core.parallel.frontier import SplitCount, split_count
from essais.core.parallel.settings import Settings
from essais.core.result import Stats, Status
from essais.csp.files import read_model
from essais.csp.model import METHODS, CspCount, CspResult, Model, Predicate, method_orders
from essais.csp.textbook import OWN, TextbookCsp

if TYPE_CHECKING:
    from essais.csp.compiled import CspArrays


@dataclass(frozen=True)
class _Plan:
    """What runs: the method with its orders, how to build one search, and the settings (their
    method the label `mac/mrv/min`)."""

    method: str
    variable_order: str
    value_order: str
    build: Callable[[SearchControl], CountingSearch]
    settings: Settings
    arrays: CspArrays | None = None  # the numba engine's model

    @property
    def label(self) -> str:
        return self.settings.method

    @property
    def engine(self) -> str:
        return self.settings.engine


def as_model(model: Model | str | Path, limits: Limits | None = None) -> Model:
    """A model as it is; a path read as a model file under `limits` (read_model)."""
    if isinstance(model, str | Path):
        return read_model(model, limits=limits)
    if not isinstance(model, Model):
        raise InvalidInput(f"model: {model!r} is not an essais.csp.Model nor a model file's path")
    return model


def _plan(model: Model, method: str | None, engine: str | None, limits: Limits | None, workers: int | None = 1,
          scheduler: str | None = None, checkpoint: str | Path | None = None,
          progress: Progress | None = None) -> _Plan:  # fmt: skip
    """The search to run, its settings made once. No engine named: numba, or python for a model
    with a predicate (a Python test runs in the python engine alone)."""
    name, variable_order, value_order = method_orders(method)
    has_predicate = any(isinstance(constraint, Predicate) for constraint in model.constraints)
    name, engine = METHODS.resolve(name, engine or ("python" if has_predicate else None))
    settings = Settings("/".join([name, variable_order, value_order]), engine, limits, workers_for(workers, engine),
                        scheduler, checkpoint, progress)  # fmt: skip
    if settings.split and has_predicate:
        raise InvalidInput("model: a model with a predicate counts in the python engine, in one search "
                           "(no workers, scheduler or checkpoint)")  # fmt: skip
    settings.check_split()
    if engine == "python":

        def textbook(control: SearchControl) -> CountingSearch:
            return TextbookCsp(model, name, variable_order, value_order, control)

        return _Plan(name, variable_order, value_order, textbook, settings)
    with loading_compiled("constraint search"):
        from essais.csp.compiled import CompiledCsp, model_arrays

    arrays = model_arrays(model)
    check_memory(arrays.work_bytes(), "the search's arrays", limits)
    return _Plan(name, variable_order, value_order,
                 lambda control: CompiledCsp(arrays, name, variable_order, value_order, control), settings,
                 arrays)  # fmt: skip


def _named(model: Model, values: list[int]) -> dict[str, int]:
    return dict(zip(model.names, values, strict=True))


def solve_csp(
    model: Model | str | Path,
    *,
    method: str | None = None,
    engine: str | None = None,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> CspResult:
    """The first solution (each variable's name and value), or none, of a model or a model
    file's path. `method`: basic, forward or mac (the default), optionally with orders,
    `mac/mrv/lcv`, `basic/input`."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    model = as_model(model, limits)
    plan = _plan(model, method, engine, limits)
    run = run_search(limits, plan.build, lambda search: next(search.solutions(), None))
    status = run.status
    values = _named(model, run.value) if run.value is not None else None
    return CspResult(status, model, values, run.stats, plan.label, plan.engine)


def count_csp(
    model: Model | str | Path,
    *,
    method: str | None = None,
    engine: str | None = None,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
    workers: int | None = 1,
    scheduler: str | None = None,
    checkpoint: str | Path | None = None,
    progress: Progress | None = None,
) -> CspCount:
    """Every solution of a model (or a model file's path) counted: in one search, or (numba
    engine) split into sub-trees counted on `workers` processes (None: one per core) or a Dask
    `scheduler` (`local` or an address), with an optional `checkpoint` file that a count stopped
    partway resumes from; the same count and counters as one search."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    model = as_model(model, limits)
    plan = _plan(model, method, engine, limits, workers, scheduler, checkpoint, progress)
    variables = len(model.names)
    if plan.arrays is not None and plan.settings.split:
        done = _split_count(plan, plan.arrays)
        return CspCount(done.status, done.count, done.stats, plan.label, plan.engine, done.split, variables=variables)
    run = run_search(limits, plan.build, lambda search: search.count())
    counted = run.engine.so_far() if run.engine is not None else 0  # (a stopped count: its solutions so far)
    return CspCount(run.stopped or Status.COMPLETE, counted, run.stats, plan.label, plan.engine, variables=variables)


def _split_count(plan: _Plan, arrays: CspArrays) -> SplitCount:
    with loading_compiled("constraint search"):
        from essais.csp.compiled import CompiledCsp, count_subtree

    orders = (plan.method, plan.variable_order, plan.value_order)
    return split_count({"problem": "csp", "digest": arrays.digest, "method": plan.label},
                       lambda control: CompiledCsp(arrays, *orders, control),
                       lambda path: (arrays, *orders, path), count_subtree, nothing=Stats(own=dict.fromkeys(OWN, 0)),
                       settings=plan.settings)  # fmt: skip


class CspStream(SolutionStream[CountingSearch, dict[str, int]]):
    """Every solution in the search's order, lazily, each as {name: value}; `result` says how
    the stream ended."""

    def __init__(
        self,
        model: Model | str | Path,
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
        model = as_model(model, limits)
        plan = _plan(model, method, engine, limits)
        result = CspCount(Status.COMPLETE, 0, method=plan.label, engine=plan.engine, variables=len(model.names))
        super().__init__(limits, plan.build, lambda search: (_named(model, values) for values in search.solutions()),
                         result, limit)  # fmt: skip
