"""How a model is searched: the method with its orders, the engine and the settings, resolved once
from a public function's keywords (essais.csp.api.solving, essais.csp.api.optimise)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from essais.core.engine import CountingSearch, check_memory, loading_compiled
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchControl, setting_up
from essais.core.parallel import Progress, workers_for
from essais.core.parallel.settings import Settings
from essais.core.portfolio import Portfolio, Resumable
from essais.csp.kinds import flattened, kind_of, value_order_for, variable_order_for
from essais.csp.model.orders import METHODS, last_conflict, method_label, method_orders, portfolio
from essais.csp.model.problem import LC_NODES, MAX_SPAN, Model
from essais.csp.textbook.search import TextbookCsp

if TYPE_CHECKING:
    from essais.csp.compiled import CspArrays


@dataclass(frozen=True)
class Plan:
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


def make_plan(model: Model, method: str | None, engine: str | None, limits: Limits | None, workers: int | None = 1,
          scheduler: str | None = None, checkpoint: str | Path | None = None,
          progress: Progress | None = None, restarts: str | None = None, width: int = MAX_SPAN,
          counting: bool = False) -> Plan:  # fmt: skip
    """The search to run, its settings made once. No engine named: numba, or python for a model
    with a predicate (a Python test runs in the python engine alone). `restarts`: None or
    "luby" (with wdeg: the weights are what a restart keeps). `width`: the most values a domain
    spans as a bit set, a wider one kept as its bounds (a decision's then split by default).
    `counting`: the run counts or lists every solution (which a portfolio does not)."""
    if isinstance(width, bool) or not isinstance(width, int) or width < 1:
        raise InvalidInput(f"bitset_width: {width!r} is not a number of values (1 or more)")
    name, variable_order, value_order = method_orders(method)
    conflicts, paired = last_conflict(method), portfolio(method)
    with setting_up(limits):  # (a model of many nested terms takes seconds: a limit or a signal stops it)
        model = flattened(model)  # (the engines see each term as an auxiliary variable)
    value_order = value_order_for(model, method, value_order, width)
    variable_order = variable_order_for(model, method, variable_order)
    learning = variable_order == "wdeg" or any(phase.variable_order == "wdeg" for phase in model.phases)
    if workers is None and (learning or conflicts or paired or restarts is not None):
        workers = 1  # (one per core splits the search; wdeg learns its weights, lc its conflicts, along one search)
    has_predicate = not all(kind_of(constraint).compiled for constraint in model.constraints)
    name, engine = METHODS.resolve(name, engine or ("python" if has_predicate else None))
    label = method_label(name, variable_order, value_order, conflicts, paired)
    settings = Settings(label, engine, limits, workers_for(workers, engine), scheduler, checkpoint, progress)
    if settings.split and learning:
        raise InvalidInput("method: wdeg learns its weights along one search; a split search (workers, scheduler, "
                           "checkpoint) takes input or mrv")  # fmt: skip
    if settings.split and conflicts:
        raise InvalidInput("method: lc follows the last conflict along one search; a split search (workers, "
                           "scheduler, checkpoint) runs without it")  # fmt: skip
    if paired and (settings.split or counting):
        raise InvalidInput("method: portfolio runs two searches side by side for one solution or the best one; "
                           "a count, every solution and a split search (workers, scheduler, checkpoint) run "
                           "one")  # fmt: skip
    if restarts not in (None, "luby"):
        raise InvalidInput(f"restarts: {restarts!r} is not a restart policy (luby)")
    if restarts and variable_order != "wdeg":
        raise InvalidInput(f"restarts: with {variable_order} a restart learns nothing and runs the same search "
                           "again; restarts go with wdeg (mac/wdeg)")  # fmt: skip
    if restarts and settings.split:
        raise InvalidInput("restarts: a split search (workers, scheduler, checkpoint) runs without restarts")
    if settings.split and has_predicate:
        raise InvalidInput("model: a model with a predicate counts in the python engine, in one search "
                           "(no workers, scheduler or checkpoint)")  # fmt: skip
    settings.check_split()
    optimising = model.objective is not None
    if engine == "python":

        def textbook(control: SearchControl, lc: bool = conflicts) -> TextbookCsp:
            return TextbookCsp(model, name, variable_order, value_order, control, restarts is not None, width, lc)

        return Plan(name, variable_order, value_order, _paired(textbook, optimising) if paired else textbook, settings)
    with loading_compiled("constraint search"):
        from essais.csp.compiled import VALUE_ORDER_CODES, CompiledCsp, model_arrays

    arrays = model_arrays(model, width)
    check_memory((1 + paired) * arrays.work_bytes(VALUE_ORDER_CODES[value_order]), "the search's arrays", limits)

    def compiled(control: SearchControl, lc: bool = conflicts) -> CompiledCsp:
        return CompiledCsp(arrays, name, variable_order, value_order, control, restarts=restarts is not None,
                           last_conflict=lc)  # fmt: skip

    return Plan(name, variable_order, value_order, _paired(compiled, optimising) if paired else compiled, settings,
                arrays)  # fmt: skip


def _paired(build: Callable[[SearchControl, bool], Resumable], optimising: bool) -> Callable[[SearchControl], Any]:
    """How to build a portfolio: the search as `build` makes it, and beside it the same with lc."""

    def pair(control: SearchControl) -> Portfolio:
        return Portfolio(build(control, False), lambda: build(control, True), control, optimising, LC_NODES)

    return pair
