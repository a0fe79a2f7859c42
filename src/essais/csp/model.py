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
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Union

from essais.core.engine import Methods
from essais.core.errors import InvalidInput
from essais.core.result import CountResult, Result, Stats, Status, plural

MAX_SPAN = 4096  # the most values between a domain's least and greatest (its bit set's length)

# the methods of the course's order; variable orders and value orders are options of each
METHODS = Methods({"basic": ("python", "numba"), "forward": ("python", "numba"), "mac": ("python", "numba")},
                  default={"python": "mac", "numba": "mac"})  # fmt: skip
VARIABLE_ORDERS = ("input", "mrv")
VALUE_ORDERS = ("min", "lcv")


def method_orders(method: str | None) -> tuple[str, str, str]:
    """(method name, variable order, value order) from `basic`, `mac/mrv`, `forward/input/lcv`…:
    the default orders are mrv and min (the name is checked where an engine is chosen)."""
    name, *orders = (method or METHODS.default_method()).split("/")
    variable_order, value_order = "mrv", "min"
    for order in orders:
        if order in VARIABLE_ORDERS:
            variable_order = order
        elif order in VALUE_ORDERS:
            value_order = order
        else:
            raise InvalidInput(f"method: {order!r} is not a variable order ({', '.join(VARIABLE_ORDERS)}) "
                               f"nor a value order ({', '.join(VALUE_ORDERS)})")  # fmt: skip
    return name, variable_order, value_order


Operand = Union["LinearExpr", int]


class LinearExpr:
    """Σ coefficient · variable + constant, the variables by their index in the model."""

    __slots__ = ("terms", "constant", "model")

    def __init__(self, terms: dict[int, int], constant: int, model: Model | None) -> None:
        self.terms, self.constant, self.model = terms, constant, model

    def _combine(self, other: Operand, sign: int) -> LinearExpr:
        if isinstance(other, bool) or not isinstance(other, int | LinearExpr):
            raise InvalidInput(f"expression: {other!r} is not an integer nor a linear expression")
        terms = dict(self.terms)
        if isinstance(other, int):
            return LinearExpr(terms, self.constant + sign * other, self.model)
        _same_model(self, other)
        for var, coefficient in other.terms.items():
            terms[var] = terms.get(var, 0) + sign * coefficient
        return LinearExpr({v: c for v, c in terms.items() if c}, self.constant + sign * other.constant,
                          self.model or other.model)  # fmt: skip

    def __add__(self, other: Operand) -> LinearExpr:
        return self._combine(other, 1)

    def __radd__(self, other: Operand) -> LinearExpr:
        return self._combine(other, 1)

    def __sub__(self, other: Operand) -> LinearExpr:
        return self._combine(other, -1)

    def __rsub__(self, other: Operand) -> LinearExpr:
        return (-self)._combine(other, 1)

    def __neg__(self) -> LinearExpr:
        return LinearExpr({v: -c for v, c in self.terms.items()}, -self.constant, self.model)

    def __mul__(self, factor: int) -> LinearExpr:
        if isinstance(factor, bool) or not isinstance(factor, int):
            raise InvalidInput(f"coefficient: {factor!r} is not an integer (a product of variables is not linear)")
        return LinearExpr({v: c * factor for v, c in self.terms.items() if c * factor}, self.constant * factor,
                          self.model)  # fmt: skip

    __rmul__ = __mul__

    def _relation(self, other: Operand, relation: str) -> Linear:
        difference = self._combine(other, -1)
        if relation in (">=", ">"):
            difference, relation = -difference, "<=" if relation == ">=" else "<"
        if relation == "<":
            difference, relation = difference + 1, "<="
        return Linear(difference.terms, difference.constant, relation, difference.model)

    def __eq__(self, other: object) -> Linear:  # type: ignore[override]
        return self._relation(other, "==")  # type: ignore[arg-type]

    def __ne__(self, other: object) -> Linear:  # type: ignore[override]
        return self._relation(other, "!=")  # type: ignore[arg-type]

    def __le__(self, other: Operand) -> Linear:
        return self._relation(other, "<=")

    def __lt__(self, other: Operand) -> Linear:
        return self._relation(other, "<")

    def __ge__(self, other: Operand) -> Linear:
        return self._relation(other, ">=")

    def __gt__(self, other: Operand) -> Linear:
        return self._relation(other, ">")

    __hash__ = None  # type: ignore[assignment]

    def text(self) -> str:
        return expression_text(self.terms, self.constant, self.model.names if self.model is not None else [])

    def __repr__(self) -> str:
        return f"<LinearExpr {self.text()}>"


def expression_text(terms: dict[int, int], constant: int, names: Sequence[str]) -> str:
    """Σ coefficient · variable + constant as a model file writes it, `2*x - y + 3` (`0`: none)."""
    parts = [("-" if c < 0 else "+", names[v] if abs(c) == 1 else f"{abs(c)}*{names[v]}") for v, c in terms.items()]
    if constant or not parts:
        parts.append(("-" if constant < 0 else "+", str(abs(constant))))
    (sign, first), *rest = parts
    return ("-" if sign == "-" else "") + first + "".join(f" {sign} {part}" for sign, part in rest)


class IntVar(LinearExpr):
    """A variable of a model: 1 · itself (a linear expression), its name and domain."""

    __slots__ = ("index", "name")

    def __init__(self, model: Model, index: int, name: str) -> None:
        super().__init__({index: 1}, 0, model)
        self.index, self.name = index, name

    def __hash__(self) -> int:  # type: ignore[override]  # (a variable is a key; an expression is not)
        return hash((id(self.model), self.index))

    def __repr__(self) -> str:
        return f"<IntVar {self.name}>"


def _same_model(a: LinearExpr, b: LinearExpr) -> None:
    if a.model is not None and b.model is not None and a.model is not b.model:
        raise InvalidInput("expression: its variables belong to two models")


@dataclass(eq=False)
class Linear:
    """Σ terms + constant REL 0, REL one of ==, !=, <=. (Constraints, like models, are compared
    by identity: `==` on them would compare variables, which builds a relation.)"""

    terms: dict[int, int]
    constant: int
    relation: str
    model: Model | None = field(default=None, repr=False)

    @property
    def variables(self) -> list[int]:
        return list(self.terms)

    def holds(self, values: Sequence[int]) -> bool:
        total = self.constant + sum(c * values[v] for v, c in self.terms.items())
        return total == 0 if self.relation == "==" else total != 0 if self.relation == "!=" else total <= 0

    def __bool__(self) -> bool:
        raise InvalidInput("constraint: a relation of variables has no truth value; give it to Model.add")


@dataclass(eq=False)
class AllDifferent:
    """The expressions coefficient · variable + offset take pairwise different values."""

    variables: list[int]
    coefficients: list[int]
    offsets: list[int]
    model: Model | None = field(default=None, repr=False)

    def value(self, k: int, values: Sequence[int]) -> int:
        return self.coefficients[k] * values[self.variables[k]] + self.offsets[k]

    def holds(self, values: Sequence[int]) -> bool:
        seen = [self.value(k, values) for k in range(len(self.variables))]
        return len(set(seen)) == len(seen)


@dataclass(eq=False)
class Table:
    """The variables take one of the allowed tuples."""

    variables: list[int]
    allowed: list[tuple[int, ...]]
    model: Model | None = field(default=None, repr=False)

    def holds(self, values: Sequence[int]) -> bool:
        return tuple(values[v] for v in self.variables) in set(self.allowed)


@dataclass(eq=False)
class Predicate:
    """`function(*values)` is true (any Python test)."""

    function: Callable[..., bool]
    variables: list[int]
    model: Model | None = field(default=None, repr=False)

    def holds(self, values: Sequence[int]) -> bool:
        return bool(self.function(*(values[v] for v in self.variables)))


Constraint = Linear | AllDifferent | Table | Predicate


def all_different(expressions: Iterable[Operand]) -> AllDifferent:
    """Every expression (a variable, or a variable times a whole number plus one, `q[i] + i`)
    takes a different value."""
    variables, coefficients, offsets, checked = [], [], [], []
    for expression in expressions:
        if not isinstance(expression, LinearExpr) or len(expression.terms) != 1:
            raise InvalidInput(f"all_different: {expression!r} is not a variable plus a constant")
        checked.append(expression)
        [(var, coefficient)] = expression.terms.items()
        variables.append(var)
        coefficients.append(coefficient)
        offsets.append(expression.constant)
    return AllDifferent(variables, coefficients, offsets, _model_of(checked, "all_different"))


def table(variables: Sequence[IntVar], allowed: Iterable[Sequence[int]]) -> Table:
    """The variables take together one of the `allowed` tuples."""
    indices = [_variable(var, "table") for var in variables]
    tuples = []
    for row in allowed:
        row = tuple(row)
        if len(row) != len(indices) or not all(isinstance(v, int) and not isinstance(v, bool) for v in row):
            raise InvalidInput(f"table: {row!r} is not a tuple of {len(indices)} integers")
        tuples.append(row)
    return Table(indices, tuples, _model_of(variables, "table"))


def predicate(function: Callable[..., bool], variables: Sequence[IntVar]) -> Predicate:
    """`function(*values)` holds (a Python test, checked once its variables have values; the
    python engine alone runs it)."""
    if not callable(function):
        raise InvalidInput(f"predicate: {function!r} is not callable")
    indices = [_variable(var, "predicate") for var in variables]
    return Predicate(function, indices, _model_of(variables, "predicate"))


def _model_of(expressions: Sequence[LinearExpr], where: str) -> Model | None:
    """The one model of a constraint's variables (None: none named one); two are refused."""
    models = {id(e.model): e.model for e in expressions if e.model is not None}
    if len(models) > 1:
        raise InvalidInput(f"{where}: its variables belong to two models")
    return next(iter(models.values()), None)


def _ascending_integers(values: tuple[Any, ...]) -> bool:
    return all(type(v) is int for v in values) and all(a < b for a, b in itertools.pairwise(values))


def _variable(var: Any, where: str) -> int:
    if not isinstance(var, IntVar):
        raise InvalidInput(f"{where}: {var!r} is not a variable of a model")
    return var.index


@dataclass(eq=False)
class Model:
    """Variables with finite domains and constraints (000 §3.1). Two models are equal only when
    they are one (a model is compared by identity, never field by field)."""

    names: list[str] = field(default_factory=list)
    domains: list[tuple[int, ...]] = field(default_factory=list)  # each variable's values, ascending
    constraints: list[Constraint] = field(default_factory=list)
    variables: list[IntVar] = field(default_factory=list)
    _named: set[str] = field(default_factory=set, init=False, repr=False)  # (a name is looked up in one step)
    _domain: tuple[int, ...] = field(default=(), init=False, repr=False)  # the last domain checked

    def __repr__(self) -> str:
        return f"<Model of {plural(len(self.names), 'variable')} and {plural(len(self.constraints), 'constraint')}>"

    def int_var(self, lo: int | Iterable[int], hi: int | None = None, name: str | None = None) -> IntVar:
        """A variable with the values lo..hi, or (`lo` a set or a list) exactly those values."""
        if isinstance(lo, int) and not isinstance(lo, bool):
            if not isinstance(hi, int) or isinstance(hi, bool):
                raise InvalidInput(f"hi: {hi!r} is not an integer")
            if lo > hi:
                raise InvalidInput(f"lo: {lo} is more than hi ({hi})")
            if hi - lo >= MAX_SPAN:
                raise InvalidInput(f"domain: {lo}..{hi} spans more than {MAX_SPAN:,} values")
            values: tuple[int, ...] = tuple(range(lo, hi + 1))
        elif isinstance(lo, tuple) and (lo is self._domain or _ascending_integers(lo)):
            values = self._domain = lo  # (shared by the variables of one declaration: a domain never changes)
        else:
            values = tuple(sorted(set(lo)))  # type: ignore[arg-type]
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
                raise InvalidInput(f"lo: {lo!r} holds a value that is not an integer")
            if values and values[-1] - values[0] >= MAX_SPAN:
                raise InvalidInput(f"domain: its values span more than {MAX_SPAN:,} (from least to greatest)")
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
        values = lo if isinstance(lo, int) else tuple(sorted(set(lo)))
        return [self.int_var(values, hi, f"{prefix}{k}") for k in range(n)]

    def add(self, constraint: Constraint) -> None:
        """Add a constraint: a linear relation, all_different, table or predicate."""
        if not isinstance(constraint, Linear | AllDifferent | Table | Predicate):
            raise InvalidInput(f"constraint: {constraint!r} is not a constraint (a relation, all_different…)")
        if constraint.model is not None and constraint.model is not self:
            raise InvalidInput("constraint: its variables belong to another model")
        for var in constraint.variables:
            if not 0 <= var < len(self.names):
                raise InvalidInput("constraint: it names a variable of another model")
        self.constraints.append(constraint)

    def holds(self, values: Sequence[int]) -> bool:
        """Every constraint holds for these values (one a variable, in order)."""
        return all(constraint.holds(values) for constraint in self.constraints)


@dataclass(eq=False, repr=False)
class CspResult(Result):
    """One search of a model: its status, the solution found (each variable's name and value;
    None when there is none), the counters (with `pruned` and `revisions`)."""

    status: Status
    model: Model
    values: dict[str, int] | None
    stats: Stats = field(default_factory=Stats)
    method: str | None = None
    engine: str | None = None

    @property
    def solution(self) -> dict[str, int] | None:
        return self.values

    @property
    def found(self) -> bool:
        return self.values is not None

    def headline(self) -> str:
        return self.ended(f"a solution of {plural(len(self.model.names), 'variable')}", "no solution")

    def brief(self) -> str:
        return plural(len(self.model.names), "variable")

    def text(self) -> str:
        return self.solution_text(self.values or {})

    @staticmethod
    def solution_text(values: dict[str, int]) -> str:
        """A solution as a line, `x=1  y=2` (what the text of a result and of each solution of
        a stream shows)."""
        return "  ".join(f"{name}={value}" for name, value in values.items())

    @staticmethod
    def solution_keys(values: dict[str, int]) -> dict[str, Any]:
        """A solution's JSON keys in a stream."""
        return {"values": values}

    def to_dict(self) -> dict[str, Any]:
        return {"status": str(self.status), "found": self.found, "values": self.values, **self.ran_keys(),
                "stats": self.stats.to_dict()}  # fmt: skip


@dataclass(eq=False, repr=False)
class CspCount(CountResult):
    """A count of a model's solutions."""

    variables: int = 0

    def counted(self) -> str:
        return f"{plural(self.count, 'solution')} of a model of {plural(self.variables, 'variable')}"
