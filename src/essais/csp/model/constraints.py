"""The constraints of a model (essais.csp.model.problem) beside its relations (essais.csp.model.expressions):
all_different, tables, predicates and the global constraints (essais.csp.model.functions builds the
terms a model writes as calls: count, minimum, element…)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from essais.core.errors import InvalidInput
from essais.csp.model.expressions import IntVar, Linear, LinearExpr, Operand, Owner, Term, Values, expression, model_of


@dataclass(eq=False)
class AllDifferent:
    """The expressions coefficient · variable + offset take pairwise different values (`hall`:
    its propagation under mac also takes the images of Hall intervals from the others). Other
    expressions are kept as `written` (the variables then those they name): the engines see each
    as an auxiliary variable (essais.csp.model.flatten)."""

    variables: list[int]
    coefficients: list[int]
    offsets: list[int]
    model: Owner | None = field(default=None, repr=False)
    hall: bool = False
    written: list[LinearExpr] | None = None

    def value(self, k: int, values: Values) -> int | None:
        if self.written is not None:
            return self.written[k].value(values)
        return self.coefficients[k] * values[self.variables[k]] + self.offsets[k]

    def holds(self, values: Values) -> bool:
        seen = [self.value(k, values) for k in range(len(self.written or self.variables))]
        return None not in seen and len(set(seen)) == len(seen)


@dataclass(eq=False)
class Table:
    """The variables take one of the tuples (`allowed`; None in a tuple: any value there, XCSP3's
    `*`), or with `conflicts` none of them."""

    variables: list[int]
    allowed: Sequence[tuple[int | None, ...]]
    model: Owner | None = field(default=None, repr=False)
    conflicts: bool = False

    def holds(self, values: Sequence[int]) -> bool:
        given = [values[v] for v in self.variables]
        found = any(all(a is None or a == b for a, b in zip(row, given, strict=True)) for row in self.allowed)
        return found != self.conflicts


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
    from any node visits every node once before coming back (one Hamiltonian cycle). With
    `loops` (a subcircuit, XCSP3's circuit): a node that is its own successor is left out, and
    the others make one cycle of two nodes or more."""

    variables: list[int]
    model: Owner | None = field(default=None, repr=False)
    loops: bool = False

    def holds(self, values: Sequence[int]) -> bool:
        successors = [values[var] for var in self.variables]
        if not all(0 <= node < len(successors) for node in successors):
            return False
        inside = [k for k, node in enumerate(successors) if node != k or not self.loops]
        if not inside or (self.loops and len(inside) < 2):
            return False
        node = inside[0]
        for step in range(1, len(successors) + 1):
            node = successors[node]
            if node == inside[0]:
                return step == len(inside)
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


@dataclass(eq=False)
class Count:
    """The last variable is how many of the others take `value` (a count term's definition in
    a flattened model: essais.csp.model.flatten)."""

    variables: list[int]
    value: int
    model: Owner | None = field(default=None, repr=False)

    def holds(self, values: Sequence[int]) -> bool:
        *counted, total = self.variables
        return sum(values[var] == self.value for var in counted) == values[total]


@dataclass(eq=False)
class Distance:
    """The last of three variables is the distance of the first two, z = |x - y| (an `abs(x - y)`
    term's definition in a flattened model: essais.csp.model.flatten)."""

    variables: list[int]
    model: Owner | None = field(default=None, repr=False)

    def holds(self, values: Sequence[int]) -> bool:
        x, y, z = self.variables
        return abs(values[x] - values[y]) == values[z]


@dataclass(eq=False)
class LexLessEq:
    """The left expressions, read as a word, come no later than the right ones in dictionary
    order (`decomposed`: the same as one relation of 0/1 terms, which the engines see — at each
    place, where the places before are equal, left <= right)."""

    left: list[LinearExpr]
    right: list[LinearExpr]
    decomposed: Linear
    model: Owner | None = field(default=None, repr=False)

    @property
    def variables(self) -> list[int]:
        return list(dict.fromkeys(v for e in self.left + self.right for v in e.variables))

    def holds(self, values: Values) -> bool:
        """The dictionary order, as its relation says it (the same where every expression has a
        value; an element beyond its list that cancels out, `e <= e`, is no failure there)."""
        return self.decomposed.holds(values)


@dataclass(eq=False)
class Written:
    """A constraint on expressions where it takes variables (`increasing([x + y, z])`): `inner`
    is the constraint on placeholders 0 … k-1 for them; the engines see it on each expression's
    variable (essais.csp.model.flatten)."""

    inner: Table | Circuit | NoOverlap | Increasing | Cardinality
    expressions: list[LinearExpr]
    model: Owner | None = field(default=None, repr=False)

    @property
    def variables(self) -> list[int]:
        return list(dict.fromkeys(v for e in self.expressions for v in e.variables))

    def holds(self, values: Values) -> bool:
        found = [e.value(values) for e in self.expressions]
        return None not in found and self.inner.holds(found)  # type: ignore[arg-type]


Constraint = (Linear | AllDifferent | Table | Predicate | Circuit | NoOverlap | Increasing | Cardinality | Count
              | Distance | LexLessEq | Written)  # fmt: skip


def all_different(expressions: Iterable[Operand], hall: bool = False) -> AllDifferent:
    """Every expression (a variable, `q[i] + i`, `p[j] - p[i]`, `abs(x - y)`…) takes a different
    value.

    Under mac a value is taken from the others once an expression is the only one left with it;
    with `hall=True` the search also looks for Hall intervals, runs of k images that k expressions
    can only take within, and takes those from the others too (more pruning, a longer propagation:
    worth it where the expressions have more values than they need, as a ruler's differences)."""
    if not isinstance(hall, bool):
        raise InvalidInput(f"all_different: hall={hall!r} is neither True nor False")
    checked = [expression(e) for e in expressions]
    written = [e if isinstance(e, LinearExpr) else LinearExpr({}, e, None) for e in checked]
    model = model_of(written, "all_different")
    if not all(len(e.terms) == 1 and isinstance(next(iter(e.terms)), int) for e in written):
        return AllDifferent(list(dict.fromkeys(v for e in written for v in e.variables)), [], [], model, hall, written)
    pairs = [next(iter(e.terms.items())) for e in written]
    return AllDifferent([var for var, _ in pairs], [a for _, a in pairs], [e.constant for e in written], model,  # type: ignore[misc]
                        hall)  # fmt: skip


def circuit(successors: Sequence[Operand]) -> Circuit | Written:
    """The successor variables form one cycle through every node: `successors[i]` is the node
    after node i, nodes being numbered 0 … n-1 in the list's order (a tour of a graph: give each
    variable the nodes it may go to). The propagation takes values outside 0 … n-1 and a node's
    own number, a fixed successor's node from the others, and from the end of each chain of fixed
    successors the chain's first node, unless the chain holds every node (no shorter cycle)."""
    return _circuit(successors, "circuit", loops=False)


def subcircuit(successors: Sequence[Operand]) -> Circuit | Written:
    """As circuit, but a node may be its own successor (`successors[i] == i`), which leaves it
    out; the others make one cycle of two nodes or more (XCSP3's circuit). The propagation also
    keeps a chain from closing on itself while a node outside it cannot be left out."""
    return _circuit(successors, "subcircuit", loops=True)


def _circuit(successors: Sequence[Operand], where: str, loops: bool) -> Circuit | Written:
    indices, written = _operands(successors, where)
    if len(set(indices)) != len(indices):
        raise InvalidInput(f"{where}: a variable stands twice (each node has its own successor)")
    if not indices:
        raise InvalidInput(f"{where}: no successor variables")
    return _on(Circuit(indices, loops=loops), written, where)  # type: ignore[no-any-return]


def global_cardinality(variables: Sequence[Operand], counts: dict[int, int]) -> Cardinality | Written:
    """Each value of `counts` is taken by exactly that many of the variables; values not listed
    by any number. The propagation, value after value in the order given: too many fixed to it or
    too few that can take it fails; as many fixed as its count, the others lose it; as few that
    can take it as its count, they all take it."""
    indices, written = _operands(variables, "global_cardinality")
    if not isinstance(counts, dict):
        raise InvalidInput(f"global_cardinality: {counts!r} is not a dict of value: count")
    for value, count in counts.items():
        if type(value) is not int or type(count) is not int or count < 0:
            raise InvalidInput(f"global_cardinality: {value!r}: {count!r} is not a whole value and a count, 0 or more")
    return _on(Cardinality(indices, dict(counts)), written, "global_cardinality")


def increasing(variables: Sequence[Operand], strict: bool = False) -> Increasing | Written:
    """The variables in order never go down (strict=True: each above the one before). The
    propagation raises each least value to the one before's (plus 1), first to last, then lowers
    each greatest to the one after's (less 1), last to first."""
    if not isinstance(strict, bool):
        raise InvalidInput(f"increasing: strict={strict!r} is neither True nor False")
    indices, written = _operands(variables, "increasing")
    return _on(Increasing(indices, strict), written, "increasing")


def no_overlap(starts: Sequence[Operand], durations: Sequence[int]) -> NoOverlap | Written:
    """Tasks on one machine that never overlap: task k starts at `starts[k]` and lasts
    `durations[k]` (whole numbers, 0 or more; a task of 0 overlaps nothing). The propagation
    looks at each pair by bounds: when only one order of the two fits, the later task starts no
    sooner than the earlier ends, and the earlier ends no later than the later may start."""
    indices, written = _operands(starts, "no_overlap")
    lengths = list(durations)
    if len(lengths) != len(indices):
        raise InvalidInput(f"no_overlap: {len(indices)} starts and {len(lengths)} durations")
    for length in lengths:
        if type(length) is not int or length < 0:
            raise InvalidInput(f"no_overlap: the duration {length!r} is not a whole number, 0 or more")
    return _on(NoOverlap(indices, lengths), written, "no_overlap")


def table(
    variables: Sequence[Operand], allowed: Iterable[Sequence[int | None]], conflicts: bool = False
) -> Table | Written:
    """The variables take together one of the `allowed` tuples (None in a tuple: any value
    there), or with `conflicts=True` none of them (its propagation: a tuple whose other places
    are all taken takes its value from the variable left)."""
    indices, written = _operands(variables, "table")
    tuples = []
    for row in allowed:
        row = tuple(row)
        if len(row) != len(indices) or not all(v is None or (isinstance(v, int) and not isinstance(v, bool))
                                               for v in row):  # fmt: skip
            raise InvalidInput(f"table: {row!r} is not a tuple of {len(indices)} integers or None (any value)")
        tuples.append(row)
    return _on(Table(indices, tuples, conflicts=bool(conflicts)), written, "table")


def predicate(function: Callable[..., bool], variables: Sequence[IntVar]) -> Predicate:
    """`function(*values)` holds (a Python test, checked once its variables have values; the
    python engine alone runs it)."""
    if not callable(function):
        raise InvalidInput(f"predicate: {function!r} is not callable")
    indices = [_variable(var, "predicate") for var in variables]
    return Predicate(function, indices, model_of(variables, "predicate"))


def lex_less_eq(left: Sequence[Operand], right: Sequence[Operand]) -> LexLessEq:
    """The left expressions, read as a word, come no later than the right ones in dictionary
    order (lists of one length): a symmetry's two images kept in one order. The engines see it as
    one relation of 0/1 terms, at each place `implies(the places before equal, left <= right)`,
    which prunes as its tables do (not as far as a propagator of its own would)."""
    a, b = _operands(left, "lex_less_eq")[1], _operands(right, "lex_less_eq")[1]
    if len(a) != len(b):
        raise InvalidInput(f"lex_less_eq: {len(a)} expressions on the left, {len(b)} on the right")
    steps: list[LinearExpr] = []
    equal: LinearExpr | None = None  # (the places so far all equal: a 0/1 term)
    for x, y in zip(a, b, strict=True):
        steps.append(expression(x <= y) if equal is None else Term("implies", [equal, expression(x <= y)]))  # type: ignore[arg-type]
        same = expression(x == y)
        equal = same if equal is None else Term("&", [equal, same])  # type: ignore[assignment]
    decomposed = Term("&", steps) == 1 if len(steps) > 1 else steps[0] == 1 if steps else LinearExpr({}, 0, None) == 0
    return LexLessEq(a, b, decomposed, model_of(a + b, "lex_less_eq"))


def _operands(items: Iterable[Operand], where: str) -> tuple[list[int], list[LinearExpr]]:
    """A constraint's expressions where it takes variables: their indices when each is a
    variable, else placeholders 0 … k-1 for them (a Written constraint)."""
    try:
        found = [e if isinstance(e, LinearExpr) else LinearExpr({}, e, None) for e in map(expression, items)]
    except InvalidInput as error:
        raise InvalidInput(f"{where}: {str(error).removeprefix('expression: ')}") from None
    if all(isinstance(e, IntVar) for e in found):
        return [e.index for e in found], found  # type: ignore[attr-defined]
    return list(range(len(found))), found


def _on(inner: Any, expressions: list[LinearExpr], where: str) -> Any:
    """The constraint on its variables, or (an expression among them) Written on them."""
    model = model_of(expressions, where)
    if all(isinstance(e, IntVar) for e in expressions):
        inner.model = model
        return inner
    return Written(inner, expressions, model)


def _variable(var: Any, where: str) -> int:
    if not isinstance(var, IntVar):
        raise InvalidInput(f"{where}: {var!r} is not a variable of a model")
    return var.index
