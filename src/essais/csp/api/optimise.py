"""The best solution of a model with an objective, by branch and bound (the bound of
essais.csp.textbook.search): in one search, or split into sub-trees on workers that share the best
found so far; and the count of its optimal solutions: the optimum proved first, then the
solutions as good as it counted, the counters of both searches added up."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from essais.core.engine import CountingSearch, loading_compiled, run_search
from essais.core.limits import EXHAUSTED, SOLUTION, Limits, SearchControl, SearchStopped
from essais.core.parallel.frontier import split_count, split_target, subtree_roots
from essais.core.parallel.tasks import TaskResult
from essais.core.result import Stats, Status
from essais.csp.api.plan import Plan
from essais.csp.model.problem import IMPROVEMENTS, OWN, CspCount, CspResult, Model

if TYPE_CHECKING:
    from essais.csp.compiled import CspArrays

NOTHING = (*OWN, IMPROVEMENTS)  # the own counters of a search with an objective
PROBE_NODES = 50_000  # the nodes one search runs before a split: its best bounds every sub-tree
# and the time it runs at least: a split costs milliseconds a sub-tree, more than a model one
# search proves in well under a second takes in all (2DBinPacking: 0.4 s alone, 1.7 s split)
PROBE_SECONDS = 0.5
NO_BEST = 1 << 62  # the shared best before any sub-tree found a solution (above every signed objective)


def best_solution(plan: Plan, model: Model) -> CspResult:
    """The best solution, proved optimal when the search ends (status found; none: no solution),
    or the best found before a limit stopped it."""
    if plan.arrays is not None and plan.settings.split:
        split = _split_best(plan, plan.arrays, model)
        if split is not None:
            return split
    last: list[list[int]] = []

    def search(engine: CountingSearch) -> None:
        for values in engine.solutions():  # (each one better than the one before)
            last[:] = [values]

    run = run_search(plan.settings.limits, plan.build, search)
    return _result(plan, model, run.stopped, last[0] if last else None, run.stats)


def _result(plan: Plan, model: Model, stopped: Status | None, values: list[int] | None, stats: Stats,
            split: dict[str, int] | None = None) -> CspResult:  # fmt: skip
    status = stopped or (Status.FOUND if values is not None else Status.NONE)
    if values is None:
        return CspResult(status, model, None, stats, plan.label, plan.engine, split=split)
    assert model.objective is not None
    return CspResult(status, model, model.named(values), stats, plan.label, plan.engine,
                     model.objective.value(values), split)  # fmt: skip


def _split_best(plan: Plan, arrays: CspArrays, model: Model) -> CspResult | None:
    """The best solution over sub-trees that share the best found so far. One search runs
    first for PROBE_NODES nodes: a small model ends there, proved; a larger one is then split
    with the best that search found as every sub-tree's bound from the start (the roots are
    listed under it too). None: the model's solutions lie above the level split (a small
    model; one search then finds them)."""
    with loading_compiled("constraint search"):
        from essais.csp.compiled import CompiledCsp, best_in_subtree

    orders = (plan.method, plan.variable_order, plan.value_order)
    with SearchControl(plan.settings.limits) as control:
        probe = CompiledCsp(arrays, *orders, control)
        last: list[int] = []
        budget = PROBE_NODES
        try:
            while (outcome := probe.slices_within(lambda stop: probe.step(True, stop), budget)) != EXHAUSTED:
                if outcome == SOLUTION:
                    last = probe.values()
                elif control.elapsed() < PROBE_SECONDS:
                    budget += PROBE_NODES
                else:
                    break
        except SearchStopped as stop:
            return _result(plan, model, stop.status, last or None, probe.stats())
        if outcome == EXHAUSTED:
            return _result(plan, model, None, last or None, probe.stats())
        bound = None if probe.best is None else (probe.best - 1, True)
        level, roots, above, stopped = subtree_roots(lambda: CompiledCsp(arrays, *orders, control, bound=bound),
                                                     _nothing(), split_target(plan.settings))  # fmt: skip
        if stopped is not None:
            above[1].seconds = control.elapsed()
            return _result(plan, model, stopped, last or None, probe.stats() + above[1])
        if above[0]:
            return None
        problem = {"problem": "csp", "digest": arrays.digest, "method": plan.label, "search": "best",
                   "split": f"level {level}", "probe": PROBE_NODES}  # fmt: skip
        start = (probe.best, 1, *last) if probe.best is not None else (NO_BEST, 0)
        run = plan.settings.run_split(problem, [(arrays, *orders, root, bound) for root in roots], best_in_subtree,
                                      control, best_of=_shared_form, best_size=2 + len(model.names),
                                      best_start=start, minimise=True)  # fmt: skip
        stats = probe.stats() + above[1] + run.stats(0.0)
        stats.seconds = control.elapsed()
    found = [result.values[1:] for _, result in run.every_result() if result.values[0]]
    if run.best and run.best[1]:
        found.append((run.best[0], *run.best[2:]))
    best = min(found, key=lambda each: each[0], default=None)
    stopped = None if run.status == Status.COMPLETE else run.status
    return _result(plan, model, stopped, list(best[1:]) if best else None, stats, run.to_dict())


def _shared_form(result: TaskResult) -> tuple[int, ...] | None:
    """A sub-tree's best as the sub-trees share it: the signed objective, 1, the values."""
    return (result.values[1], 1, *result.values[2:]) if result.values[0] else None


def _nothing() -> Stats:
    return Stats(own=dict.fromkeys(NOTHING, 0))


def count_optimal(plan: Plan, model: Model) -> CspCount:
    """The optimal solutions counted: the optimum proved (best_solution), then every solution
    whose objective equals it, under one time limit and one node limit for both searches."""
    goal = model.objective
    assert goal is not None
    limits = (plan.settings.limits or Limits()).from_now()
    plan = replace(plan, settings=replace(plan.settings, limits=limits))
    best = best_solution(plan, model)
    counted = CspCount(Status.COMPLETE, 0, best.stats, plan.label, plan.engine, best.split,
                       variables=model.shown_variables, optimising=True)  # fmt: skip
    if best.status != Status.FOUND or best.objective is None:
        counted.status = best.status if best.status != Status.NONE else Status.COMPLETE
        return counted
    optimum = goal.sign * (best.objective - goal.constant)  # (the signed objective)
    if limits.nodes is not None and limits.nodes <= best.stats.nodes:
        counted.status = Status.LIMIT
        return counted
    left = replace(limits, nodes=None if limits.nodes is None else limits.nodes - best.stats.nodes)
    settings = replace(plan.settings, limits=left)
    if plan.arrays is not None and settings.split:
        done = _split_count_at(replace(plan, settings=settings), plan.arrays, optimum)
        status, count, stats, split = done.status, done.count, done.stats, done.split
    else:

        def at_optimum(control: SearchControl) -> CountingSearch:
            search: Any = plan.build(control)
            search.bound_by(optimum, tighten=False)
            return search  # type: ignore[no-any-return]

        run = run_search(left, at_optimum, lambda search: search.count())
        status = run.stopped or Status.COMPLETE
        count = run.engine.so_far() if run.engine is not None else 0
        stats, split = run.stats, None
    return CspCount(status, count, best.stats + stats, plan.label, plan.engine, split or best.split,
                    variables=model.shown_variables, objective=best.objective, optimising=True)  # fmt: skip


def _split_count_at(plan: Plan, arrays: CspArrays, optimum: int) -> Any:
    with loading_compiled("constraint search"):
        from essais.csp.compiled import CompiledCsp, count_subtree

    orders = (plan.method, plan.variable_order, plan.value_order)
    at = (optimum, False)
    return split_count({"problem": "csp", "digest": arrays.digest, "method": plan.label, "optimum": optimum},
                       lambda control: CompiledCsp(arrays, *orders, control, bound=at),
                       lambda path: (arrays, *orders, path, at), count_subtree, nothing=_nothing(),
                       settings=plan.settings)  # fmt: skip
