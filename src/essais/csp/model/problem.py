"""Constraints of one's own (000 §3.1): variables X = {x1 … xn} with finite domains of integers,
and constraints on the values that go together.

A model is built in Python: `m = Model()`, `x = m.int_var(0, 9, "x")` (or a set of values),
`q = m.int_vars(8, 0, 7, "q")`, then `m.add(…)` of linear relations written with Python's
operators (`x + 2 * y <= 10`, `==`, `!=`, `<`, `>`, `>=`), `all_different(exprs)` on
variables or on a variable plus a constant (`q[i] + i`), `table(vars, allowed)` and
`predicate(function, vars)`.

A linear relation is kept as `sum(coefficient · variable) + constant REL 0` with REL one of
`==`, `!=`, `<=` (`<` is `<= -1`, `>=` and `>` are turned round).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from essais.core.errors import InvalidInput
from essais.core.result import CountResult, Result, Stats, Status, plural
from essais.csp.model.constraint import Constraint, Values
from essais.csp.model.expressions import IntVar, LinearExpr, evaluate, expression_text
from essais.csp.model.intervals import Intervals
from essais.csp.model.orders import Phase, new_phase

# the most values between a domain's least and greatest kept as a tuple of its values (and by the
# engines as a bit set, by default); a wider domain is kept as its ranges (Intervals)
MAX_SPAN = 4096
MAX_CELLS = 1_000_000  # the variables of one array
LARGEST = 1 << 61  # every sum the numba engine makes stays under this (int64 with room to spare)


def domain_of(values: Sequence[int]) -> Sequence[int]:
    """A domain as a model keeps it: its values (ascending) as a tuple where they span at most
    MAX_SPAN, else as its ranges (no memory per value)."""
    if not values or values[-1] - values[0] < MAX_SPAN:
        return tuple(values)
    return values if isinstance(values, Intervals) else Intervals.of_values(values)


def cell_name(array: str, index: Sequence[int]) -> str:
    """The name of an array's cell, `x[2][0]`, as XCSP3 writes it."""
    return array + "".join(f"[{k}]" for k in index)


def span_domain(lo: int, hi: int) -> Sequence[int]:
    """The values lo..hi as a model keeps them (domain_of)."""
    return tuple(range(lo, hi + 1)) if hi - lo < MAX_SPAN else Intervals([(lo, hi)])


def _ascending_integers(values: tuple[Any, ...]) -> bool:
    return all(type(v) is int for v in values) and all(a < b for a, b in itertools.pairwise(values))


@dataclass(eq=False)
class Model:
    """Variables with finite domains and constraints (000 §3.1). Two models are equal only when
    they are one (a model is compared by identity, never field by field)."""

    names: list[str] = field(default_factory=list)
    # each variable's values, ascending: a tuple, or beyond MAX_SPAN from least to greatest its ranges
    domains: list[Sequence[int]] = field(default_factory=list)
    constraints: list[Constraint] = field(default_factory=list)
    variables: list[IntVar] = field(default_factory=list)
    objective: Objective | None = None  # what minimize or maximize asked for
    # a model as the engines see it (essais.csp.kinds.flatten): the constraint defining each auxiliary
    # variable, those being the last variables, after the decisions
    definitions: list[int] = field(default_factory=list)
    # each array's sizes by its name: its cells are the variables named name[i][j]…, in that order
    # (XCSP3 writes them back as one array; a cell left out of an XCSP3 array has no variable)
    arrays: dict[str, tuple[int, ...]] = field(default_factory=dict)
    # the variables a solution does not show (MiniZinc's own, introduced by its compiler); the
    # checker and the engines see them as any other
    hidden: set[int] = field(default_factory=set)
    # the variables a solution is not told apart by (MiniZinc's own, of a model without objective):
    # the search gives them values after the others, and once it has found one set of values for
    # them, it seeks no other — so solutions are counted distinct on the other variables
    existential: set[int] = field(default_factory=set)
    # XCSP3's symbolic variables (their values names, such as colours): each symbol's number, and
    # the variables whose values are symbols (a solution shows them by name)
    symbols: dict[int, str] = field(default_factory=dict)
    symbolic: set[int] = field(default_factory=set)
    # how a solution is written where the model's source says (a MiniZinc model's output item),
    # told every variable's value by name; None: `x=1  y=2`
    output: Callable[[dict[str, int]], str] | None = None
    # the search's phases (Model.branch): their variables chosen first, phase by phase, each by
    # its own orders, the method's orders for the others (a FlatZinc run with -f or a method
    # named sets a file's aside: essais.csp.api.minizinc)
    phases: list[Phase] = field(default_factory=list)
    _named: set[str] = field(default_factory=set, init=False, repr=False)  # (a name is looked up in one step)
    _domain: Sequence[int] = field(default=(), init=False, repr=False)  # the last domain checked

    def __repr__(self) -> str:
        return f"<Model of {plural(len(self.names), 'variable')} and {plural(len(self.constraints), 'constraint')}>"

    def int_var(self, lo: int | Iterable[int], hi: int | None = None, name: str | None = None) -> IntVar:
        """A variable with the values lo..hi, or (`lo` a set or a list) exactly those values."""
        if isinstance(lo, int) and not isinstance(lo, bool):
            if not isinstance(hi, int) or isinstance(hi, bool):
                raise InvalidInput(f"hi: {hi!r} is not an integer")
            if lo > hi:
                raise InvalidInput(f"lo: {lo} is more than hi ({hi})")
            values = span_domain(lo, hi)
        elif isinstance(lo, Intervals) or (isinstance(lo, tuple) and (lo is self._domain or _ascending_integers(lo))):
            values = self._domain = domain_of(lo)  # (shared by one declaration's variables: a domain never changes)
        else:
            values = tuple(sorted(set(lo)))  # type: ignore[arg-type]
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
                raise InvalidInput(f"lo: {lo!r} holds a value that is not an integer")
            values = domain_of(values)
        name = f"x{len(self.names)}" if name is None else str(name)
        if name in self._named:
            raise InvalidInput(f"name: {name!r} is the name of another variable")
        var = IntVar(self, len(self.names), name)
        self._named.add(name)
        self.names.append(name)
        self.domains.append(values)
        self.variables.append(var)
        return var

    def int_vars(self, n: int, lo: int | Iterable[int], hi: int | None = None, prefix: str = "x") -> list[IntVar]:
        """n variables named prefix0, prefix1, … with the same domain."""
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise InvalidInput(f"n: {n!r} is not a number of variables")
        values = lo if isinstance(lo, int | Intervals) else domain_of(tuple(sorted(set(lo))))
        return [self.int_var(values, hi, f"{prefix}{k}") for k in range(n)]

    def int_array(
        self, shape: int | Sequence[int], lo: int | Iterable[int], hi: int | None = None, name: str = "x"
    ) -> list[Any]:
        """An array of variables with the same domain, named `x[0][0]`, `x[0][1]`… as XCSP3 names
        them: a list of n variables for `shape` n, a list of rows for (n, m), and so on."""
        sizes = (shape,) if isinstance(shape, int) else tuple(shape)
        if not sizes or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in sizes):
            raise InvalidInput(f"shape: {shape!r} is not a size (n, or sizes (n, m…) each of 1 or more)")
        if math.prod(sizes) > MAX_CELLS:
            raise InvalidInput(f"shape: {shape!r} holds more than {MAX_CELLS:,} variables")
        if name in self.arrays or name in self._named:
            raise InvalidInput(f"name: {name!r} is the name of another array or variable")
        values = lo if isinstance(lo, int | Intervals) else domain_of(tuple(sorted(set(lo))))
        cells = [self.int_var(values, hi, cell_name(name, index))
                 for index in itertools.product(*map(range, sizes))]  # fmt: skip
        self.arrays[name] = sizes
        for size in reversed(sizes[1:]):
            cells = [cells[k : k + size] for k in range(0, len(cells), size)]  # type: ignore[misc]
        return cells

    def add(self, constraint: Constraint | LinearExpr) -> None:
        """Add a constraint: a linear relation, all_different, table, predicate, circuit, no_overlap,
        increasing or global_cardinality; or a term of 0 and 1 that must be 1, `(x == 1) | (y == 2)`
        or `implies(a, b)`."""
        if isinstance(constraint, LinearExpr):
            low, high = constraint.bounds(self.domains)
            if low < 0 or high > 1:
                raise InvalidInput(f"constraint: {constraint.text()} takes {low}..{high}; an expression given as a "
                                   "constraint must take 0 and 1 alone (a relation, |, &, ~, implies)")  # fmt: skip
            constraint = constraint == 1
        if not isinstance(constraint, Constraint):  # (a linear relation or one of the constraints' kinds)
            raise InvalidInput(f"constraint: {constraint!r} is not a constraint (a relation, all_different…)")
        if constraint.model is not None and constraint.model is not self:
            raise InvalidInput("constraint: its variables belong to another model")
        for var in constraint.variables:
            if not 0 <= var < len(self.names):
                raise InvalidInput("constraint: it names a variable of another model")
        self.constraints.append(constraint)

    @property
    def shown_variables(self) -> int:
        """How many variables a solution shows (the hidden ones left out)."""
        return len(self.names) - len(self.hidden)

    def branch(self, variables: Iterable[IntVar], variable_order: str = "input", value_order: str = "min") -> None:
        """Search these variables first (after those of earlier calls), choosing among them by
        `variable_order` (input, mrv, dom, wdeg, smallest: the least value, largest: the greatest) and
        trying their values by `value_order` (min, max, split, reverse-split; on a domain too
        wide for a bit set, min is split and max reverse-split) — MiniZinc's int_search."""
        phase = new_phase(self, list(variables), variable_order, value_order, self.phases)
        if phase.variables:
            self.phases.append(phase)

    @property
    def decisions(self) -> int:
        """The variables the search gives values to (the others, auxiliary, follow from them)."""
        return len(self.names) - len(self.definitions)

    def holds(self, values: Sequence[int]) -> bool:
        """Every constraint holds for these values (one a variable, in order)."""
        return all(constraint.holds(values) for constraint in self.constraints)

    def minimize(self, expression: LinearExpr) -> None:
        """Ask for a solution with the least value of `expression` (a variable or a weighted sum
        of them, plus a constant): a search then proves that none is less."""
        self._optimise(expression, MINIMIZE)

    def maximize(self, expression: LinearExpr) -> None:
        """Ask for a solution with the greatest value of `expression`, proved."""
        self._optimise(expression, MAXIMIZE)

    def _optimise(self, expression: LinearExpr, sense: str) -> None:
        if self.objective is not None:
            raise InvalidInput(f"{sense}: the model has an objective already ({self.objective.sense} "
                               f"{self.objective.text(self.names)}); a model has one")  # fmt: skip
        if not isinstance(expression, LinearExpr):
            raise InvalidInput(f"{sense}: {expression!r} is not a linear expression of the model's variables")
        if expression.model is not None and expression.model is not self:
            raise InvalidInput(f"{sense}: its variables belong to another model")
        if not expression.terms:
            raise InvalidInput(f"{sense}: {expression.text()} names no variable (a constant has no best value)")
        self.objective = Objective(dict(expression.terms), expression.constant, sense)

    def named(self, values: Sequence[int]) -> dict[str, int]:
        """{name: value} of each variable's value, in the model's order."""
        return dict(zip(self.names, values, strict=True))

    def shown(self, values: dict[str, int]) -> dict[str, Any]:
        """A solution's values as it is shown: the hidden variables left out, a symbolic
        variable's value its symbol."""
        if not self.hidden and not self.symbolic:
            return values
        hidden = {self.names[var] for var in self.hidden}
        symbolic = {self.names[var] for var in self.symbolic}
        return {name: self.symbols.get(value, value) if name in symbolic else value
                for name, value in values.items() if name not in hidden}  # fmt: skip

    def solution_text(self, values: dict[str, int]) -> str:
        """A solution as a stream shows it, `x=1  y=2` or as the model's `output` writes it (with
        its objective's value, for a model with one: `x=1  y=2  (objective 3)`)."""
        text = self.output(values) if self.output is not None else solution_line(self.shown(values))
        if self.objective is None:
            return text
        return f"{text}  (objective {self._objective_of(values)})"

    def solution_keys(self, values: dict[str, int]) -> dict[str, Any]:
        """A solution's JSON keys in a stream (with `objective`, for a model with one)."""
        if self.objective is None:
            return {"values": self.shown(values)}
        return {"values": self.shown(values), "objective": self._objective_of(values)}

    def _objective_of(self, values: dict[str, int]) -> int:
        assert self.objective is not None
        return self.objective.value([values[name] for name in self.names])


def solution_line(values: dict[str, Any]) -> str:
    """A solution as a line, `x=1  y=2`."""
    return "  ".join(f"{name}={value}" for name, value in values.items())


MINIMIZE, MAXIMIZE = "minimize", "maximize"  # (XCSP3's tags bear the same names: essais.csp.xcsp.writer)
PRUNED, REVISIONS = "pruned", "revisions"  # the methods' own counters: values removed, propagator runs
OWN = (PRUNED, REVISIONS)
IMPROVEMENTS = "improvements"  # the counter of a model with an objective: solutions better than the one before
RESTARTS = "restarts"  # the counter of a search with restarts: the runs begun again from the root
LC_NODES = "lc_nodes"  # the counter of a portfolio: the nodes of its search with lc (the rest: without)


@dataclass(frozen=True, eq=False)
class Objective:
    """What a model optimises: the least (minimize) or greatest (maximize) value of Σ terms +
    constant. The engines minimise the `signed` sum, which is the same sum turned round to
    maximise, without the constant."""

    terms: dict[Any, int]  # (as a relation's: essais.csp.model.expressions.Linear)
    constant: int
    sense: str

    @property
    def sign(self) -> int:
        return 1 if self.sense == MINIMIZE else -1

    @property
    def signed(self) -> dict[Any, int]:
        return {var: self.sign * coefficient for var, coefficient in self.terms.items()}

    def value(self, values: Values) -> int:
        """The objective's value for these values (one a variable, in order; a model whose
        terms have no value there has no objective: None, which a solution never meets)."""
        return evaluate(self.terms, self.constant, values)  # type: ignore[return-value]

    def of_signed(self, signed_value: int) -> int:
        """The objective's value when the signed sum is `signed_value`."""
        return self.sign * signed_value + self.constant

    def text(self, names: Sequence[str]) -> str:
        return expression_text(self.terms, self.constant, names)

    def short_text(self, names: Sequence[str]) -> str:
        """The objective as a headline names it: its text, cut after 40 characters."""
        text = self.text(names)
        return text if len(text) <= 40 else text[:39] + "…"


@dataclass(eq=False, repr=False)
class CspResult(Result):
    """One search of a model: its status, the solution found (each variable's name and value;
    None when there is none), the counters (with `pruned` and `revisions`). A model with an
    objective: `objective`, the value of the best solution found, `optimal` when the search
    proved that none is better (status found); a search stopped by a limit keeps the best so far."""

    status: Status
    model: Model
    values: dict[str, int] | None
    stats: Stats = field(default_factory=Stats)
    method: str | None = None
    engine: str | None = None
    objective: int | None = None
    split: dict[str, int] | None = None  # a search split over workers: sub-trees done / total / resumed

    @property
    def solution(self) -> dict[str, int] | None:
        return self.values

    @property
    def found(self) -> bool:
        return self.values is not None

    @property
    def optimal(self) -> bool:
        return self.model.objective is not None and self.found and self.status == Status.FOUND

    def headline(self) -> str:
        goal = self.model.objective
        if goal is None or not self.found:
            return self.ended(f"a solution of {plural(self.model.shown_variables, 'variable')}", "no solution")
        extreme = "least" if goal.sense == MINIMIZE else "greatest"
        if self.optimal:
            return f"the {extreme} {goal.short_text(self.model.names)}: {self.objective} (proved optimal){self._ran()}"
        return (f"stopped ({self.status}): the best so far, {goal.short_text(self.model.names)} = {self.objective}"
                f"{self._ran()}")  # fmt: skip

    def brief(self) -> str:
        return plural(self.model.shown_variables, "variable")

    def text(self) -> str:
        if self.model.output is not None and self.values is not None:
            return self.model.output(self.values)
        return solution_line(self.model.shown(self.values or {}))

    @property
    def xcsp_status(self) -> str:
        """The status in the XCSP competition's words: SATISFIABLE, UNSATISFIABLE, OPTIMUM FOUND
        (a best solution proved) or UNKNOWN (stopped before a solution)."""
        if self.optimal:
            return "OPTIMUM FOUND"
        return "SATISFIABLE" if self.found else "UNSATISFIABLE" if self.status == Status.NONE else "UNKNOWN"

    def to_dict(self) -> dict[str, Any]:
        document: dict[str, Any] = {"status": str(self.status), "xcsp_status": self.xcsp_status,
                                    "found": self.found, "values": self.values and self.model.shown(self.values),
                                    **self.ran_keys(),
                                    "stats": self.stats.to_dict()}  # fmt: skip
        if self.model.objective is not None:
            document |= {"objective": self.objective, "optimal": self.optimal}
        if self.split is not None:
            document["subtrees"] = self.split
        return document


@dataclass(eq=False, repr=False)
class CspCount(CountResult):
    """A count of a model's solutions; for a model with an objective, of its optimal solutions
    (`objective`: the optimum, None when there is no solution or the count stopped before it
    was proved)."""

    variables: int = 0
    objective: int | None = None
    optimising: bool = False

    def counted(self) -> str:
        kind = "optimal solution" if self.optimising else "solution"
        of = f" (objective {self.objective})" if self.objective is not None else ""
        return f"{plural(self.count, kind)}{of} of a model of {plural(self.variables, 'variable')}"

    @property
    def xcsp_status(self) -> str:
        """The count's status in the XCSP competition's words (CspResult.xcsp_status)."""
        if self.count:
            return "OPTIMUM FOUND" if self.optimising and self.status == Status.COMPLETE else "SATISFIABLE"
        return "UNSATISFIABLE" if self.status == Status.COMPLETE else "UNKNOWN"

    def to_dict(self) -> dict[str, Any]:
        document = super().to_dict() | {"xcsp_status": self.xcsp_status}
        if self.optimising:
            document["objective"] = self.objective
        return document
