"""A model's search watched value by value on the table of its domains (essais.csp.draw.table): each
value given, struck out by propagation or restored, and each call of the search, is an event,
with the counters at that moment; a constraint that empties a domain (or fails basic's check) is said with the event
before it. The page (essais.draw.player) replays them."""

from __future__ import annotations

from essais.core.engine import run_watched
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchControl, limits_from
from essais.core.recording import DEFAULT_EVENTS, EventLog
from essais.core.result import Status
from essais.csp.draw.table import DomainTable, describe
from essais.csp.kinds import flattened, value_order_for, variable_order_for
from essais.csp.model.orders import METHODS, last_conflict, method_label, method_orders, portfolio
from essais.csp.model.problem import MAX_SPAN, CspCount, CspResult, Model
from essais.csp.textbook.domains import ASIDE, RESTORE, STRIKE, Domains
from essais.csp.textbook.search import TextbookCsp
from essais.draw.player import Replay

NOTE = ("Each event gives a variable a value (green; its other values set aside), strikes one out by "
        "propagation (red), or puts one back as it was; the constraint that refuses a value (it empties a "
        "domain, or fails basic's check) is said under the table")  # fmt: skip
BOUND_NOTE = ("; with an objective, each better solution says so (better: its value) and the bound it sets cuts "
              "what cannot beat it")  # fmt: skip


class DomainLog(EventLog):
    """An EventLog told values (TextbookCsp.record: (variable, value), given / struck / restored)
    that records each on the table's square, a restored square shown as it was before."""

    def __init__(self, table: DomainTable, limit: int) -> None:
        super().__init__(table.cols, limit=limit)
        self.table = table
        self.shown = {(row, col): number for row, numbers in enumerate(table.initial())
                      for col, number in enumerate(numbers)}  # fmt: skip
        self.before: dict[tuple[int, int], list[int]] = {}  # each square's earlier numbers, the last on top

    def __call__(self, event: tuple[int, int], kind: int) -> None:
        var, value = event
        if var not in self.table.row_of:
            return  # (an auxiliary or hidden variable: the table shows the model's own)
        square = self.table.square(var, value)
        earlier = self.before.setdefault(square, [])
        if kind == RESTORE:
            self.shown[square] = earlier.pop()
        else:
            earlier.append(self.shown[square])
            self.shown[square] = 0 if kind == ASIDE else self.table.shown(value, kind)
        super().__call__(square, self.shown[square])


class BarLog(DomainLog):
    """A DomainLog of a table whose columns are runs of values (bars): told values, or a wide
    domain's runs (`run`, TextbookCsp.record_run), it draws each column they touch as the domains
    (`domains`, the search's) now hold it — green where the value given lies, blue while a value
    of its run is left, else red where propagation took the last (blank where a choice did) —
    and says a wide domain's bounds once they move."""

    domains: Domains

    def __call__(self, event: tuple[int, int], kind: int) -> None:
        self.run(event[0], event[1], event[1], kind)

    def run(self, var: int, low: int, high: int, kind: int) -> None:
        row = self.table.row_of.get(var)
        if row is None:
            return
        for col in range(self.table.column(low), self.table.column(high) + 1):
            number = self._drawn(var, row, col, kind)
            if number != self.shown[row, col]:
                self.shown[row, col] = number
                EventLog.__call__(self, (row, col), number)
        if self.domains.is_wide(var) and kind == STRIKE:
            self.caption(f"{self.table.model.names[var]} within {self.domains.low[var]:,}..{self.domains.high[var]:,}")

    def _drawn(self, var: int, row: int, col: int, kind: int) -> int:
        first, last = self.table.run(col)
        given = self.domains.given[var]
        if given is not None and first <= given <= last:
            return self.table.given + col
        if self.domains.any_between(var, first, last):
            return col
        return self.table.struck + col if kind == STRIKE else 0 if kind == ASIDE else self.shown[row, col]


def watch_csp(
    model: Model,
    *,
    method: str | None = None,
    count: bool = False,
    max_events: int = DEFAULT_EVENTS,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> Replay:
    """The search of a model (python engine: the numba one keeps no log), to the first solution
    or with `count` through every one, watched on the table of its domains: up to `max_events`
    values given, struck out or restored (the search goes on past them); the counters are the
    numba engine's too.

    Examples
    --------
    >>> from essais.csp import Model, all_different
    >>> m = Model()
    >>> x, y = m.int_var(1, 3, "x"), m.int_var(1, 3, "y")
    >>> m.add(all_different([x, y]))
    >>> m.add(x + y == 5)
    >>> replay = watch_csp(m)
    >>> replay.result.values, len(replay.events)
    ({'x': 2, 'y': 3}, 9)
    """
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    if not isinstance(model, Model):
        raise InvalidInput(f"model: {model!r} is not an essais.csp.Model")
    name, variable_order, value_order = method_orders(method)
    name, _ = METHODS.resolve(name, "python")
    if portfolio(method):
        raise InvalidInput("method: a watch follows one search, and portfolio runs two side by side; watch each "
                           "alone (with lc and without)")  # fmt: skip
    flat = flattened(model)
    value_order = value_order_for(flat, method, value_order, MAX_SPAN)  # (split where a domain is wide)
    variable_order = variable_order_for(flat, method, variable_order)  # (input after the phases)
    conflicts = last_conflict(method)
    label = method_label(name, variable_order, value_order, conflicts)
    table = DomainTable.of(model)
    log = BarLog(table, max_events) if table.barred else DomainLog(table, max_events)

    goal = model.objective
    if goal is not None and count:
        raise InvalidInput("animate: a count of a model with an objective is two searches (the optimum, then its "
                           "solutions); watch the search of the best solution (without --count)")  # fmt: skip
    searches: list[TextbookCsp] = []

    def build(control: SearchControl) -> TextbookCsp:
        search = TextbookCsp(flat, name, variable_order, value_order, control, last_conflict=conflicts)
        searches.append(search)
        if isinstance(log, BarLog):
            log.domains, search.record_run = search, log.run
        log.own_counters = search.own
        search.failed = lambda index: refused(index)
        if goal is not None:
            search.improved = lambda best: log.caption(f"better: {goal.of_signed(best)}")
        return search

    def refused(index: int) -> None:
        if index < len(model.constraints):
            log.caption(f"fails: {describe(model.constraints[index], model.names)}")
        elif index < len(flat.constraints):  # (a term's definition: the term's value is not in its domain)
            log.caption(f"fails: {flat.names[flat.decisions + flat.definitions.index(index)]}")
        else:  # (the objective's bound, once a solution is known)
            assert goal is not None
            beaten = goal.of_signed(searches[-1].best or 0)
            log.caption(f"the bound cuts: {goal.short_text(model.names)} must beat {beaten}")
        log.refuse()

    run, found = run_watched(limits, build, log, count or goal is not None)  # (the best: the search to its end)
    result: CspResult | CspCount
    if count:
        result = CspCount(run.stopped or Status.COMPLETE, found, run.stats, label, "python",
                          variables=model.shown_variables, optimising=goal is not None)  # fmt: skip
    elif goal is not None:
        best = searches[-1].best_values if searches else None
        status = run.stopped or (Status.FOUND if best is not None else Status.NONE)
        values = model.named(best) if best is not None else None
        result = CspResult(status, model, values, run.stats, label, "python", goal.value(best) if best else None)
    else:
        values = model.named(run.value) if run.value is not None else None
        result = CspResult(run.status, model, values, run.stats, label, "python")
    what = "every solution" if count else "the first solution" if goal is None else "the best solution"
    title = f"essais: a model of {model.shown_variables} variables, {label} to {what}"
    return Replay(result, log, table.rows, table.cols, table.initial(), title, table.symbols(), method=label,
                  palette=table.palette(), cells=table.rows * table.cols,
                  note=NOTE + (BOUND_NOTE if goal is not None else "") + table.axis(), labelled=True)  # fmt: skip
