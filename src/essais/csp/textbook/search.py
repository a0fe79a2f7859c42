"""000 §3.1's search over a model of one's own, in plain Python: at step k a variable is given a
value compatible with those given so far, and the search backs up when none is left. Three
methods of the course's order tell what "compatible" costs and what it buys:

- `basic`: a value is checked against the variables given so far (`all_different`, and every
  other constraint once all its variables have values);
- `forward` (forward checking): after a value is given, one pass of each constraint on that
  variable removes from the free variables' domains the values it rules out;
- `mac` (arc consistency maintained): the constraints whose variables lost values run again,
  from a first-in first-out queue, until none removes anything (also once before the search).

The domains and the propagators that narrow them are essais.csp.textbook.domains's. Counters: the house's (a
try: a value offered; a node: a value kept, or the root; a backtrack: a value taken back after its sub-search)
plus `pruned` (values removed by propagation, also when the try then fails) and `revisions` (propagator runs).

A model with an objective is searched by branch and bound: the objective becomes a bound, one more linear
relation (the engines minimise, so "signed sum <= best - 1"), first among its variables' constraints. It rests
until the first solution; from then on it is checked (basic) or revised (forward, mac: first in the queue) at
every node, so each solution found is strictly better than the one before (`improvements` counts them) and the
search ends with the optimum proved. With `tighten` off the bound stays where it was set: the solutions as
good as it (counting the optimal solutions).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator

from essais.core.engine import PythonCounters, recursion_room
from essais.core.limits import BUDGET_SPENT, EXHAUSTED, SOLUTION, SearchControl, SearchStopped
from essais.core.result import Stats, Status
from essais.csp.kinds import kind_of
from essais.csp.model.problem import IMPROVEMENTS, MAX_SPAN, OWN, RESTARTS, Model
from essais.csp.textbook.bound import Bounding
from essais.csp.textbook.restarts import RESTART_BACKTRACKS, luby

NEVER = 1 << 62  # the node count a search pauses at outside a portfolio
REVISIONS_A_LOOK = 4096  # mac's propagation looks at the time limit and Ctrl-C every so many revisions


class TextbookCsp(Bounding):
    """The search over `model` by `method` (basic, forward, mac), choosing the next variable
    by `variable_order` (input; mrv: fewest values left, ties by the most constraints with
    other free variables, then input order; wdeg: fewest values left per weight, a constraint's
    weight growing each time it refuses a value; smallest, largest: the least least value, the
    greatest greatest) and its values by `value_order` (min; max; lcv: the value that removes the
    fewest values from the others in one pass, ties by value; split, reverse-split), the model's
    search phases first, each by its own orders (Choosing)."""

    def __init__(self, model: Model, method: str, variable_order: str, value_order: str,
                 control: SearchControl, restarts: bool = False, width: int = MAX_SPAN,
                 last_conflict: bool = False) -> None:  # fmt: skip
        self.bound_objective(model)
        self.kinds = [kind_of(c) for c in self.constraints]
        super().__init__(model, method, width)
        n = len(model.names)
        # the constraints on each variable: the objective's bound first, then in the model's order
        self.on: list[list[int]] = [[] for _ in range(n)]
        for index in ([] if self.bound is None else [self.bound]) + list(range(len(model.constraints))):
            for var in dict.fromkeys(self.constraints[index].variables):
                self.on[var].append(index)
        self.given: list[int | None] = [None] * n
        # the auxiliary variables (essais.csp.kinds.flatten), after the decisions: each one's defining
        # constraint, and those given since the search began, in order
        self.decisions = model.decisions
        self.definitions, self.defined = model.definitions, list[int]()
        # model.existential (not with an objective): chosen last, and once a solution is `told`,
        # their other choices are not tried
        self.existential, self.told = set() if model.objective is not None else set(model.existential), False
        self.weights = [1] * len(self.constraints)  # wdeg's: each refusal of a constraint adds 1
        # the constraints whose propagation reaches its own fixed point: a table of supports on
        # distinct variables, a distance (its narrowings never queue it again; the others' do)
        # (with a wide domain, whose bounds another pass may move again, none is)
        wide = [any(map(self.is_wide, c.variables)) for c in self.constraints]  # (one of its variables is)
        each = list(zip(self.constraints, self.kinds, wide, strict=True))
        self.idempotent = {index for index, (c, kind, on_wide) in enumerate(each) if kind.idempotent(c, on_wide)}
        # the constraints whose revision is costly: mac's queue revises them after the cheap ones
        self.costly = [kind.costly(c) for c, kind in zip(self.constraints, self.kinds, strict=True)]
        # the least change of a variable that queues each constraint again under mac (Kind.woken_by)
        self.wakes = [kind.woken_by(c, on_wide) for c, kind, on_wide in each]
        # restarts (luby): run n stops after luby(n) · RESTART_BACKTRACKS backtracks of its own
        self.restarting, self.restarts, self.run, self.run_start = restarts, 0, 1, 0
        self.restart_now = False
        # a portfolio's turns (core.portfolio): the node count to pause at, the search paused there,
        # its last solution
        self.pause_at, self.last = NEVER, list[int]()
        self.paused: Iterator[list[int] | None] = iter(())
        self.choose_by(model, variable_order, value_order, width, last_conflict)
        self.counters = PythonCounters(control)
        self.revisions = self.found = 0
        # watching the search (essais.csp.draw.watch): told each constraint that refused a value
        # (emptied a domain, or failed basic's check) and each better solution
        self.failed: Callable[[int], None] | None = None
        self.improved: Callable[[int], None] | None = None  # told the signed objective of each better solution

    def stats(self) -> Stats:
        stats = self.counters.stats()
        stats.own = self.own()
        return stats

    def own(self) -> dict[str, int]:
        """The method's own counters (with `improvements` for a model with an objective)."""
        own = dict(zip(OWN, (self.pruned, self.revisions), strict=True))
        if self.bound is not None:
            own[IMPROVEMENTS] = self.improvements
        if self.restarting:
            own[RESTARTS] = self.restarts
        return own

    def count(self) -> int:
        """Every solution counted."""
        for _ in self.solutions():
            pass
        return self.found

    def so_far(self) -> int:
        return self.found

    def _refused_by(self, index: int) -> None:
        """Constraint `index` emptied a domain or failed basic's test (lcv's look-ahead aside)."""
        if not self.counting:
            return
        self.weights[index] += 1
        if self.failed is not None:
            self.failed(index)

    # the search
    def solutions(self) -> Iterator[list[int]]:
        """Every solution: each variable's value, in the model's order."""
        with recursion_room(self._deepest(), "variable"):
            yield from (values for values in self._runs() if values is not None)

    def advance(self, until: int) -> int:
        """The search resumed until `until` nodes in all (core.portfolio.Resumable): SOLUTION
        (`last_solution`), BUDGET_SPENT or EXHAUSTED."""
        if self.pause_at == NEVER:
            self.paused = self._runs()
        elif self.counters.nodes >= until:  # (a solution at the turn's last node: the turn ends there)
            return BUDGET_SPENT
        self.pause_at = until
        with recursion_room(self._deepest(), "variable"):  # (each turn its own: the other's come between)
            found = next(self.paused, EXHAUSTED)
        if found is None or isinstance(found, int):
            return BUDGET_SPENT if found is None else found
        self.last = found
        return SOLUTION

    def last_solution(self) -> list[int]:
        return self.last

    def nodes(self) -> int:
        return self.counters.nodes

    def _runs(self) -> Iterator[list[int] | None]:
        """Every solution, and None where the search pauses (advance). With restarts, a run
        that reaches its number of backtracks goes back to the root, whose work is done again
        (with the weights learnt and the bound reached), and the next run begins."""
        while True:
            if not self._root():
                self.counters.enter_node_at(0)  # (the root sees an empty domain or a false constant: none)
                return
            yield from self._search(0)
            if not self.restart_now:
                return
            self._undo(0)
            self.restart_now, self.restarts, self.run = False, self.restarts + 1, self.run + 1
            self.run_start = self.counters.backtracks

    def _root(self) -> bool:
        """The root's checks (an empty domain, a false constant); under forward, each constraint
        on one variable narrows it once (node consistency, before the first choice); under mac,
        the propagation of every constraint."""
        empty = any(self.size(var) == 0 for var in range(len(self.domain)))
        if empty or not all(c.holds([]) for c in self.constraints if not c.variables):
            return False
        if self.method == "forward":
            return self._revised(
                [index for index, c in enumerate(self.model.constraints) if len(set(c.variables)) == 1]
            )
        everything = self._first() + list(range(len(self.model.constraints)))
        return self.method != "mac" or self._propagate(everything)

    def _search(self, depth: int) -> Iterator[list[int] | None]:
        counters = self.counters
        while counters.nodes >= self.pause_at:
            yield None  # (a portfolio's turn is over: the search pauses before this node)
        counters.enter_node_at(depth)
        var = self._choose()
        if var is None:
            counters.solution_found()
            self.found, self.told = self.found + 1, True
            self._improved()
            yield self.given[: self.decisions]  # type: ignore[misc]
            counters.leave_node()
            return
        left: deque[int | tuple[int, int]] = deque(self._choices(var))
        seen = self.improvements  # (the bound this node's domains were propagated with)
        while left:
            if self.told and var in self.existential:
                break  # (this solution's other variables have their values: no other choice of var is sought)
            if seen != self.improvements and isinstance(left[0], int):
                seen = self.improvements
                if not self._rebound(var, left) or not left:
                    break
            choice = left.popleft()
            self.told = False
            counters.tries += 1
            mark, defined = len(self.trail), len(self.defined)
            held = self._chosen(var, choice)
            self._tried(var, held)
            if held:
                yield from self._search(depth + 1)
                if not self.restart_now:
                    counters.backtracks += 1
                    self.restart_now = self.restarting and counters.backtracks - self.run_start >= luby(
                        self.run) * RESTART_BACKTRACKS  # fmt: skip
            self.given[var] = None
            self._undefine(defined)
            self._undo(mark)
            if self.restart_now:
                break  # (back up to the root without counting: a restart)
        counters.leave_node()

    def _rebound(self, var: int, left: deque[int | tuple[int, int]]) -> bool:
        """mac: a node whose sub-tree improved the bound propagates it on its own domains before
        its next value, as a binary branching's refutation would (x != v, then the bound): False
        when that empties a domain, no value left here doing better; else var's values `left`
        keep those still in its domain. (A split's second half is such a refutation already.)
        Else each value left here is tried and fails alone on a bound that its domain already
        fails: the snapshot's optimisations, 17 % fewer tries."""
        if self.method != "mac":
            return True
        if not self._propagate(self._first()):
            return False
        kept = [value for value in left if isinstance(value, int) and self.has(var, value)]
        left.clear()
        left.extend(kept)
        return True

    def _chosen(self, var: int, choice: int | tuple[int, int]) -> bool:
        """A try: var given a value, or keeping a half of its values (given the value left once
        one is), then the method's step."""
        settled = False
        if isinstance(choice, int):
            settled = self._settled(var)
            self._give(var, choice)
            value: int | None = choice
        else:
            self._keep(var, *choice)
            value = self.given[var] = self.fixed(var)
        if value is None and self.method == "basic":  # (its other tests wait for values)
            return self._checked(self._first(), var)
        return (settled or self._compatible(var, value)) and self._define()

    def _settled(self, var: int) -> bool:
        """mac: var has one value left before it is given it. The propagation that left it one
        reached its fixed point, the bound's too (each try after a better solution propagates
        it first), so giving it changes no domain: its constraints are not revised again, the
        same search for fewer revisions (ship-schedule: 2,663 decisions, all but six fixed so at
        each of its 302 solutions, 1.4 M revisions -> 0.57 M)."""
        return self.method == "mac" and self.size(var) == 1

    def _least_constraining(self, var: int, values: list[int]) -> list[int]:
        """lcv: the values that remove the fewest values from the others first, ties by value."""
        return sorted(values, key=lambda value: (self._ruled_out(var, value), value))

    def _ruled_out(self, var: int, value: int) -> int:
        """How many values of the other variables one pass of var's constraints removes once
        var has `value` (lcv's look-ahead: it counts nothing and leaves the domains as they were)."""
        mark = len(self.trail)
        self.counting = False
        self._give(var, value)
        before = sum(self.size(other) for other in range(len(self.domain)) if other != var)
        for index in self._listed(var):
            if not self.revise(index):
                break
        after = sum(self.size(other) for other in range(len(self.domain)) if other != var)
        self._undo(mark)
        self.counting, self.given[var] = True, None
        self.changed.clear()
        return before - after

    def _compatible(self, var: int, value: int | None) -> bool:
        if self.method == "basic":
            return self._checked(self._first() + self._own(var), var)
        if self.method == "forward":
            return self._revised(self._first() + self._own(var))
        return self._propagate(self._first() + self._own(var))

    def _in_time(self) -> None:
        """Within one node's propagation, however long (x < y and y < x over 0..10⁹): a time
        limit or Ctrl-C stops the search there (SearchStopped; the node limit waits for a node)."""
        control = self.counters.control
        if control.interrupted or control.out_of_time():
            raise SearchStopped(Status.INTERRUPTED if control.interrupted else Status.LIMIT)

    def _checked(self, constraints: list[int], var: int) -> bool:
        """basic: each constraint's check, in order; False at the first that fails."""
        for index in constraints:
            if not self._checks(index, var):
                self._refused_by(index)
                return False
        return True

    def _revised(self, constraints: list[int]) -> bool:
        """forward: one pass of the constraints, in order; False at the first that empties a domain."""
        self.changed.clear()
        for index in constraints:
            self.revisions += 1
            if not self.revise(index):
                self._refused_by(index)
                return False
        return True

    def _define(self) -> bool:
        """Each auxiliary variable whose inputs are all given is given its value, in order,
        and the method's step is taken for it as for a decision (basic: its checks; forward: a
        pass of its constraints; mac: nothing more, the propagation having fixed it); False when
        its value is not in its domain (its definition refuses) or its step fails."""
        for k, index in enumerate(self.definitions):
            aux = self.decisions + k
            *inputs, _ = self.constraints[index].variables
            if self.given[aux] is not None or any(self.given[var] is None for var in inputs):
                continue
            value = self.kinds[index].defined_value(self.constraints[index], self.given)  # (None: no value there)
            if value is None or not self.has(aux, value):
                self._refused_by(index)
                return False
            self.defined.append(aux)
            self._give(aux, value)
            if self.method != "mac" and not self._compatible(aux, value):
                return False
        return True

    def _undefine(self, mark: int) -> None:
        """The auxiliary variables given after `mark` are free again (their domains: the trail's)."""
        while len(self.defined) > mark:
            self.given[self.defined.pop()] = None

    def _checks(self, index: int, var: int) -> bool:
        """basic: the constraint holds for the values given so far (its kind's check; the bound
        as soon as the values given and the least of the others' domains break it)."""
        if index == self.bound and (bound := self.objective_bound) is not None:
            least = bound.constant + sum(self.span(a, other)[0] for other, a in bound.terms.items())
            return least <= 0 and self._relaxed()
        return self.kinds[index].checks(self.constraints[index], self.given, var)

    def _propagate(self, first: list[int]) -> bool:
        """mac: the constraints in `first`, then those on every variable that loses values whose
        change wakes them (Kind.wakes; an idempotent table not for its own), from two first-in
        first-out queues, the cheap constraints' emptied before the costly ones' is looked at
        (Kind.costly), until none removes anything — those entailed on the way down left out;
        False at an empty domain."""
        entailed, costly, wakes = self.entailed, self.costly, self.wakes
        cheap_queue: deque[int] = deque()
        costly_queue: deque[int] = deque()
        for index in first:
            if index not in entailed:
                (costly_queue if costly[index] else cheap_queue).append(index)
        queued = set(cheap_queue) | set(costly_queue)
        while cheap_queue or costly_queue:
            index = cheap_queue.popleft() if cheap_queue else costly_queue.popleft()
            queued.discard(index)
            self.changed.clear()
            self.revisions += 1
            if self.revisions % REVISIONS_A_LOOK == 0:
                self._in_time()
            self.entailing = False
            if not self.revise(index):
                self._refused_by(index)
                return False
            if self.entailing and index != self.bound:  # (the bound tightens: never entailed)
                entailed.add(index)
                self.trail.append((index, None, False))
            again = index not in self.idempotent  # (its own narrowings queue it again)
            for var, change in self.changed.items():
                for other in self._listed(var):
                    if change < wakes[other] or other in queued or other in entailed or (other == index and not again):
                        continue
                    (costly_queue if costly[other] else cheap_queue).append(other)
                    queued.add(other)
        return True
