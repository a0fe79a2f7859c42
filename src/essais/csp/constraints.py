"""The terms and constraints of a model (essais.csp.model): linear expressions written with
Python's operators over a model's variables, and the constraints made of them.

A linear relation is kept as `sum(coefficient · variable) + constant REL 0` with REL one of
`==`, `!=`, `<=` (`<` is `<= -1`, `>=` and `>` are turned round).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, Union

from essais.core.errors import InvalidInput


class Owner(Protocol):
    """The model that variables belong to (essais.csp.model.Model; named here by what is read
    of it, as the model imports this module)."""

    names: list[str]


Operand = Union["LinearExpr", int]


class LinearExpr:
    """Σ coefficient · variable + constant, the variables by their index in the model."""

    __slots__ = ("terms", "constant", "model")

    def __init__(self, terms: dict[int, int], constant: int, model: Owner | None) -> None:
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

    def __init__(self, model: Owner, index: int, name: str) -> None:
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
    model: Owner | None = field(default=None, repr=False)

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
    """The expressions coefficient · variable + offset take pairwise different values (`hall`:
    its propagation under mac also takes the images of Hall intervals from the others)."""

    variables: list[int]
    coefficients: list[int]
    offsets: list[int]
    model: Owner | None = field(default=None, repr=False)
    hall: bool = False

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
    model: Owner | None = field(default=None, repr=False)

    def holds(self, values: Sequence[int]) -> bool:
        return tuple(values[v] for v in self.variables) in set(self.allowed)


@dataclass(eq=False)
class Predicate:
    """`function(*values)` is true (any Python test)."""

    function: Callable[..., bool]
    variables: list[int]
    model: Owner | None = field(default=None, repr=False)

    def holds(self, values: Sequence[int]) -> bool:
        return bool(self.function(*(values[v] for v in self.variables)))


@dataclass(eq=False)
class Circuit:
    """Successor variables: `variables[i]` is the node after node i (0 … n-1), and following them
    from any node visits every node once before coming back (one Hamiltonian cycle)."""

    variables: list[int]
    model: Owner | None = field(default=None, repr=False)

    def holds(self, values: Sequence[int]) -> bool:
        successors = [values[var] for var in self.variables]
        node = 0
        for step in range(1, len(successors) + 1):
            if not 0 <= successors[node] < len(successors):
                return False
            node = successors[node]
            if node == 0:
                return step == len(successors)
        return False


@dataclass(eq=False)
class NoOverlap:
    """Tasks on one machine: task k starts at `variables[k]` and lasts `durations[k]`; no two
    tasks of positive durations overlap (one ends before or as the other starts)."""

    variables: list[int]
    durations: list[int]
    model: Owner | None = field(default=None, repr=False)

    def holds(self, values: Sequence[int]) -> bool:
        tasks = [(values[var], length) for var, length in zip(self.variables, self.durations, strict=True) if length]
        return all(a + da <= b or b + db <= a for (a, da), (b, db) in itertools.combinations(tasks, 2))


@dataclass(eq=False)
class Increasing:
    """The variables in order never go down (`strict`: always go up)."""

    variables: list[int]
    strict: bool = False
    model: Owner | None = field(default=None, repr=False)

    def holds(self, values: Sequence[int]) -> bool:
        step = 1 if self.strict else 0
        return all(values[a] + step <= values[b] for a, b in itertools.pairwise(self.variables))


@dataclass(eq=False)
class Cardinality:
    """Each value listed is taken by exactly its number of the variables (others: any number)."""

    variables: list[int]
    counts: dict[int, int]
    model: Owner | None = field(default=None, repr=False)

    def holds(self, values: Sequence[int]) -> bool:
        taken = [values[var] for var in self.variables]
        return all(taken.count(value) == count for value, count in self.counts.items())


Constraint = Linear | AllDifferent | Table | Predicate | Circuit | NoOverlap | Increasing | Cardinality


def all_different(expressions: Iterable[Operand], hall: bool = False) -> AllDifferent:
    """Every expression (a variable, or a variable times a whole number plus one, `q[i] + i`)
    takes a different value.

    Under mac a variable's value is taken from the others once it is the only one left; with
    `hall=True` the search also looks for Hall intervals, runs of k images that k expressions can
    only take within, and takes those from the others too (more pruning, a longer propagation:
    worth it where the expressions have more values than they need, as a ruler's differences)."""
    if not isinstance(hall, bool):
        raise InvalidInput(f"all_different: hall={hall!r} is neither True nor False")
    variables, coefficients, offsets, checked = [], [], [], []
    for expression in expressions:
        if not isinstance(expression, LinearExpr) or len(expression.terms) != 1:
            raise InvalidInput(f"all_different: {expression!r} is not a variable plus a constant")
        checked.append(expression)
        [(var, coefficient)] = expression.terms.items()
        variables.append(var)
        coefficients.append(coefficient)
        offsets.append(expression.constant)
    return AllDifferent(variables, coefficients, offsets, _model_of(checked, "all_different"), hall)


def circuit(successors: Sequence[IntVar]) -> Circuit:
    """The successor variables form one cycle through every node: `successors[i]` is the node
    after node i, nodes being numbered 0 … n-1 in the list's order (a tour of a graph: give each
    variable the nodes it may go to). The propagation takes values outside 0 … n-1 and a node's
    own number, a fixed successor's node from the others, and from the end of each chain of fixed
    successors the chain's first node, unless the chain holds every node (no shorter cycle)."""
    indices = [_variable(var, "circuit") for var in successors]
    if len(set(indices)) != len(indices):
        raise InvalidInput("circuit: a variable stands twice (each node has its own successor)")
    if not indices:
        raise InvalidInput("circuit: no successor variables")
    return Circuit(indices, _model_of(list(successors), "circuit"))


def global_cardinality(variables: Sequence[IntVar], counts: dict[int, int]) -> Cardinality:
    """Each value of `counts` is taken by exactly that many of the variables; values not listed
    by any number. The propagation, value after value in the order given: too many fixed to it or
    too few that can take it fails; as many fixed as its count, the others lose it; as few that
    can take it as its count, they all take it."""
    indices = [_variable(var, "global_cardinality") for var in variables]
    if not isinstance(counts, dict):
        raise InvalidInput(f"global_cardinality: {counts!r} is not a dict of value: count")
    for value, count in counts.items():
        if type(value) is not int or type(count) is not int or count < 0:
            raise InvalidInput(f"global_cardinality: {value!r}: {count!r} is not a whole value and a count, 0 or more")
    return Cardinality(indices, dict(counts), _model_of(list(variables), "global_cardinality"))


def increasing(variables: Sequence[IntVar], strict: bool = False) -> Increasing:
    """The variables in order never go down (strict=True: each above the one before). The
    propagation raises each least value to the one before's (plus 1), first to last, then lowers
    each greatest to the one after's (less 1), last to first."""
    if not isinstance(strict, bool):
        raise InvalidInput(f"increasing: strict={strict!r} is neither True nor False")
    indices = [_variable(var, "increasing") for var in variables]
    return Increasing(indices, strict, _model_of(list(variables), "increasing"))


def no_overlap(starts: Sequence[IntVar], durations: Sequence[int]) -> NoOverlap:
    """Tasks on one machine that never overlap: task k starts at `starts[k]` and lasts
    `durations[k]` (whole numbers, 0 or more; a task of 0 overlaps nothing). The propagation
    looks at each pair by bounds: when only one order of the two fits, the later task starts no
    sooner than the earlier ends, and the earlier ends no later than the later may start."""
    indices = [_variable(var, "no_overlap") for var in starts]
    lengths = list(durations)
    if len(lengths) != len(indices):
        raise InvalidInput(f"no_overlap: {len(indices)} starts and {len(lengths)} durations")
    for length in lengths:
        if type(length) is not int or length < 0:
            raise InvalidInput(f"no_overlap: the duration {length!r} is not a whole number, 0 or more")
    return NoOverlap(indices, lengths, _model_of(list(starts), "no_overlap"))


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


def _model_of(expressions: Sequence[LinearExpr], where: str) -> Owner | None:
    """The one model of a constraint's variables (None: none named one); two are refused."""
    models = {id(e.model): e.model for e in expressions if e.model is not None}
    if len(models) > 1:
        raise InvalidInput(f"{where}: its variables belong to two models")
    return next(iter(models.values()), None)


def _variable(var: Any, where: str) -> int:
    if not isinstance(var, IntVar):
        raise InvalidInput(f"{where}: {var!r} is not a variable of a model")
    return var.index
