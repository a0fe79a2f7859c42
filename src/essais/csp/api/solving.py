"""Constraints of one's own (000 §3.1): the first solution of a model, every solution lazily,
and counts, by the course's methods (basic, forward checking, arc consistency maintained) with
the variable and value orders of each (essais.csp.textbook.search).

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

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from essais.core.engine import CountingSearch, SolutionStream, loading_compiled, run_search
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, limits_from
from essais.core.parallel import Progress
from essais.core.parallel.frontier import SplitCount, split_count
from essais.core.result import Stats, Status
from essais.csp.api.optimise import best_solution, count_optimal
from essais.csp.api.plan import Plan, make_plan
from essais.csp.api.reading import read_model
from essais.csp.model.problem import MAX_SPAN, OWN, CspCount, CspResult, Model
from essais.csp.xcsp import instantiation

if TYPE_CHECKING:
    from essais.csp.compiled import CspArrays


def as_model(model: Model | str | Path, limits: Limits | None = None) -> Model:
    """A model as it is; a path read as a model file under `limits` (read_model)."""
    if isinstance(model, str | Path):
        return read_model(model, limits=limits)
    if not isinstance(model, Model):
        raise InvalidInput(f"model: {model!r} is not an essais.csp.Model nor a model file's path")
    return model


def solve_csp(
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
    restarts: str | None = None,
    bitset_width: int = MAX_SPAN,
) -> CspResult:
    """The first solution (each variable's name and value), or none, of a model or a model
    file's path. `method`: basic, forward or mac (the default), optionally with orders,
    `mac/mrv/lcv`, `basic/input`, `mac/wdeg`, then `lc` (last conflict) or `portfolio` (the
    search and the same with lc side by side, essais.core.portfolio). A model with an objective
    (`minimize`, `maximize`): its best solution by branch and bound, proved optimal when the
    search ends (`optimal`), or the best found before a limit; split over `workers` processes, a
    Dask `scheduler` or with a `checkpoint` as count_csp's count is (the sub-trees share the best
    found so far).
    `restarts="luby"` (with the order wdeg, one search): run n goes back to the root after
    luby(n) × 100 backtracks, the weights and the best bound kept (own counter `restarts`).
    `bitset_width`: the most values a domain spans (least to greatest) that the engines keep as a
    bit set; a wider one is kept as its bounds and declared holes, and split by default."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    model = as_model(model, limits)
    if model.objective is None and workers is None:  # (one per core: for a split search, and this is not one)
        workers = 1
    plan = make_plan(model, method, engine, limits, workers, scheduler, checkpoint, progress, restarts, bitset_width)
    if model.objective is not None:
        return best_solution(plan, model)
    if plan.settings.split:
        raise InvalidInput("workers: the first solution of a model without an objective is one search (workers, "
                           "a scheduler and a checkpoint split a count, or the search of a best solution)")  # fmt: skip
    run = run_search(limits, plan.build, lambda search: next(search.solutions(), None))
    values = model.named(run.value) if run.value is not None else None
    return CspResult(run.status, model, values, run.stats, plan.label, plan.engine)


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
    bitset_width: int = MAX_SPAN,
) -> CspCount:
    """Every solution of a model (or a model file's path) counted: in one search, or (numba
    engine) split into sub-trees counted on `workers` processes (None: one per core) or a Dask
    `scheduler` (`local` or an address), with an optional `checkpoint` file that a count stopped
    partway resumes from; the same count and counters as one search. A model with an objective:
    its optimal solutions (the optimum proved first, then the solutions as good counted; the
    counters of both searches added up; no checkpoint, as the count is two searches).
    `bitset_width`: as solve_csp's."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    model = as_model(model, limits)
    plan = make_plan(model, method, engine, limits, workers, scheduler, checkpoint, progress, width=bitset_width,
                     counting=True)  # fmt: skip
    if model.objective is not None:
        if checkpoint is not None:
            raise InvalidInput("checkpoint: a count of a model with an objective is two searches (the optimum, then "
                               "its solutions); give the checkpoint to the search of the optimum alone")  # fmt: skip
        return count_optimal(plan, model)
    variables = model.shown_variables
    if plan.arrays is not None and plan.settings.split:
        done = _split_count(plan, plan.arrays)
        return CspCount(done.status, done.count, done.stats, plan.label, plan.engine, done.split, variables=variables)
    run = run_search(limits, plan.build, lambda search: search.count())
    counted = run.engine.so_far() if run.engine is not None else 0  # (a stopped count: its solutions so far)
    return CspCount(run.stopped or Status.COMPLETE, counted, run.stats, plan.label, plan.engine, variables=variables)


def competition_output(
    model: Model | str | Path,
    *,
    method: str | None = None,
    engine: str | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> Iterator[str]:
    """The lines the XCSP competition's checker reads, as the search goes: for a model with an
    objective an `o` line for each better solution, then `s` (SATISFIABLE, UNSATISFIABLE, OPTIMUM
    FOUND or UNKNOWN) and, when there is a solution, `v` with the last one."""
    limits = limits_from(None, time_limit, node_limit, memory_limit)
    model = as_model(model, limits)
    goal = model.objective
    if goal is None:
        found = solve_csp(model, method=method, engine=engine, limits=limits)
        yield f"s {found.xcsp_status}"
        if found.values is not None:
            yield f"v {instantiation(model.shown(found.values))}"
        return
    stream = CspStream(model, method=method, engine=engine, limits=limits)
    best: dict[str, int] | None = None
    for best in stream:
        yield f"o {goal.value([best[name] for name in model.names])}"
    status = stream.result.status
    yield "s " + ("UNKNOWN" if best is None and status != Status.COMPLETE else "UNSATISFIABLE" if best is None
                  else "OPTIMUM FOUND" if status == Status.COMPLETE else "SATISFIABLE")  # fmt: skip
    if best is not None:
        yield f"v {instantiation(model.shown(best), goal.value([best[name] for name in model.names]))}"


def _split_count(plan: Plan, arrays: CspArrays) -> SplitCount:
    with loading_compiled("constraint search"):
        from essais.csp.compiled import CompiledCsp, count_subtree

    orders = (plan.method, plan.variable_order, plan.value_order)
    return split_count({"problem": "csp", "digest": arrays.digest, "method": plan.label},
                       lambda control: CompiledCsp(arrays, *orders, control),
                       lambda path: (arrays, *orders, path, None), count_subtree,
                       nothing=Stats(own=dict.fromkeys(OWN, 0)), settings=plan.settings,
                       admits=arrays.told_apart_above)  # fmt: skip


class CspStream(SolutionStream[CountingSearch, dict[str, int]]):
    """Every solution in the search's order, lazily, each as {name: value}; `result` says how
    the stream ended. A model with an objective: each solution better than the one before, as
    the branch and bound finds it (the last is the optimum once the stream is complete)."""

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
        bitset_width: int = MAX_SPAN,
    ) -> None:
        limits = limits_from(limits, time_limit, node_limit, memory_limit)
        model = as_model(model, limits)
        every = model.objective is None and limit != 1  # (with an objective: each better solution)
        plan = make_plan(model, method, engine, limits, width=bitset_width, counting=every)
        result = CspCount(Status.COMPLETE, 0, method=plan.label, engine=plan.engine, variables=model.shown_variables)
        super().__init__(limits, plan.build, lambda search: (model.named(values) for values in search.solutions()),
                         result, limit)  # fmt: skip
