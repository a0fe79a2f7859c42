"""A model as the engines see it: each term (essais.csp.model.expressions) an auxiliary variable,
defined by one constraint of its own, never branched on and given once its inputs are.

The model keeps its constraints as they were written (its checker, names, solutions and
descriptions see only those); the engines get a flattened copy, in which the model's variables
come first (the decisions), then the auxiliary ones, each after those it is made of, and the
model's constraints (in their order, each in one of the engines' kinds), then the definitions:

- a term of logic, a quotient or a remainder whose variables' values are at most WHOLE_ROWS
  together is defined by a table of them and its value (`x % 3`: the rows (x, x % 3)) — its
  propagation then loses nothing;
- arithmetic (`abs`, `minimum`, `maximum`, and `//`, `%`, `div`, `mod` beyond WHOLE_ROWS) by an
  Arithmetic of its arguments (essais.csp.kinds.arithmetic: by bounds, each argument made a
  variable, a number one of one value; `minimum` and `maximum` of many two at a time), its
  domain the term's interval arithmetic's;
- a larger relation's truth and logic of 0/1 terms by a Reified relation b ↔ Σ a·x + c REL 0
  (essais.csp.kinds.reified): `|` of n their sum at least 1, `&` their sum n, `implies(a, b)`
  a <= b, `xor` of two their sum 1, `~` of a relation its negation and of a term its being 0;
  `if_then_else(c, a, b)` by an Element of [b, a] at c;
- `xor` of more than two arguments by a Parity of them (each made a variable), whatever their
  number: its propagation loses nothing, where a table of twelve would hold 4,096 rows;
- an element, `items[index]`, by an Element of its index and items (essais.csp.kinds.element);
- a count of expressions equal to a number by a Count of them (each made one variable);
- the distance of two variables, `abs(x - y)`, by a Distance (its propagation a table's, on
  words: each value's support a shift and an AND, for domains of any width);
- a product of two arguments by a Product of them (essais.csp.kinds.product: by bounds, each
  argument made one variable), its domain its bounds' products' least to greatest;
- a weighted sum of two variables or more, where one variable is wanted (an argument, a member
  of all_different), by a linear equality `z = Σ a·x + c`, its domain from interval arithmetic.

An auxiliary variable's domain is the values its table gives (or its interval), of any width (kept
as its ranges beyond MAX_SPAN: essais.csp.model.intervals); no term is refused for its size.
Which terms are tables where small, and why, is measured: BENCHMARKS.md ("Products", "Logic as
reified relations", "Arithmetic by bounds").
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence

from essais.csp.kinds import element
from essais.csp.kinds.arithmetic import Arithmetic
from essais.csp.kinds.count import Count
from essais.csp.kinds.distance import Distance
from essais.csp.kinds.grid import grid_values
from essais.csp.kinds.parity import Parity
from essais.csp.kinds.product import Product
from essais.csp.kinds.registry import kind_of
from essais.csp.kinds.reified import Reified
from essais.csp.kinds.table import Table
from essais.csp.model.constraint import Constraint
from essais.csp.model.expressions import RELATIONS, Key, Linear, LinearExpr, Term, linear_expression
from essais.csp.model.intervals import Intervals
from essais.csp.model.problem import Model, Objective, domain_of, span_domain

# A product is a Product, by bounds: on the models measured a table of its variables (or of its
# arguments) was no stronger and up to 50 times slower (BENCHMARKS.md, "Products"); with this on,
# one whose variables take at most WHOLE_ROWS values together is their table again
PRODUCTS_AS_TABLES = False
WHOLE_ROWS = 4_096  # the most rows of a term's table of its variables
Evaluation = Callable[[Sequence[int]], int | None]  # a term's value from its table's columns'
LOGIC = (*RELATIONS, "|", "&", "~", "implies", "xor", "if_then_else")  # the terms of relations and logic
# A term of logic whose variables' values are few together is a table all the same: exact, and
# measured faster there (BENCHMARKS.md, "Logic as reified relations"); tests turn it off.
LOGIC_AS_TABLES = True
ARITHMETIC = ("abs", "minimum", "maximum", "//", "%", "div", "mod")  # the terms an Arithmetic defines
# Those a table of few rows defines (exact: measured stronger and faster than bounds there); abs,
# minimum and maximum were as strong by bounds and faster (BENCHMARKS.md, "Arithmetic by
# bounds"); tests empty it (an Arithmetic for every size).
TABLED_ARITHMETIC = ("//", "%", "div", "mod")


def flattened(model: Model) -> Model:
    """The model as the engines see it; a model without terms as it is."""
    if not any(kind_of(constraint).has_terms(constraint) for constraint in model.constraints) and not (
        model.objective is not None and not all(isinstance(key, int) for key in model.objective.terms)
    ):
        return model
    return _Flattening(model).flat


class _Flattening:
    """One model flattened (`flat`): its variables and constraints, then the auxiliary variables
    and their definitions."""

    def __init__(self, model: Model) -> None:
        self.names, self.domains = list(model.names), list(model.domains)
        self.definitions: list[Constraint] = []
        self.made: dict[int, tuple[Term, int]] = {}  # id(term) -> (the term, its variable)
        self.constants: dict[int, int] = {}  # a number an Arithmetic takes -> its variable of one value
        constraints = [self.constraint(constraint) for constraint in model.constraints]
        objective = None
        if model.objective is not None:
            goal = model.objective
            objective = Objective(self.linear(goal.terms), goal.constant, goal.sense)
        self.flat = Model(self.names, self.domains, constraints + self.definitions, objective=objective,
                          definitions=[len(constraints) + k for k in range(len(self.definitions))],
                          hidden=set(model.hidden), existential=set(model.existential),
                          symbols=dict(model.symbols), symbolic=set(model.symbolic),
                          phases=list(model.phases))  # fmt: skip

    def constraint(self, constraint: Constraint) -> Constraint:
        """The constraint on the flattened model's variables (its kind's flattening)."""
        return kind_of(constraint).flattened(constraint, self)

    def linear(self, terms: dict[Key, int]) -> dict[Key, int]:
        """The sum's terms, each term its variable."""
        flat: dict[Key, int] = {}
        for key, coefficient in terms.items():
            var = key if isinstance(key, int) else self.term(key)
            flat[var] = flat.get(var, 0) + coefficient
        return {var: c for var, c in flat.items() if c}

    def affine(self, expression: LinearExpr) -> tuple[int, int, int]:
        """An expression as (variable, coefficient, offset)."""
        if len(expression.terms) == 1:  # (the most frequent, at once)
            [(key, coefficient)] = expression.terms.items()
            if isinstance(key, int):
                return key, coefficient, expression.constant
        if not expression.terms:  # (a number where a variable stands: a variable of that value alone)
            z = self.new(str(expression.constant), (expression.constant,))
            self.definitions.append(Table([z], [(expression.constant,)]))
            return z, 1, 0
        terms = self.linear(expression.terms)
        if len(terms) == 1:
            [(var, coefficient)] = terms.items()
            return var, coefficient, expression.constant  # type: ignore[return-value]
        return self.sum_variable(terms, expression.text()), 1, expression.constant

    def variable(self, argument: LinearExpr) -> int:
        """An argument as one variable (itself, its term's, or a sum's)."""
        var, coefficient, offset = self.affine(argument)
        if coefficient == 1 and offset == 0:
            return var
        return self.sum_variable({var: coefficient}, argument.text(), offset)

    def sum_variable(self, terms: dict[Key, int], text: str, constant: int = 0) -> int:
        """A new variable equal to Σ terms + constant, its domain the sum's interval."""
        low = high = constant
        for var, a in terms.items():
            values = self.domains[var] or (0,)  # type: ignore[index]  # (an empty domain: an empty sum's, below)
            low, high = low + min(a * values[0], a * values[-1]), high + max(a * values[0], a * values[-1])
        empty = any(not self.domains[var] for var in terms)  # type: ignore[index]
        z = self.new(text, () if empty else span_domain(low, high))
        self.definitions.append(Linear({**terms, z: -1}, constant, "=="))
        return z

    def term(self, term: Term) -> int:
        """The term's variable, made once (a term of many arguments: as a chain of smaller ones
        where its table would be too large)."""
        if id(term) in self.made:
            return self.made[id(term)][1]
        if term.operator == "count":
            z = self.count(term)
        elif term.operator == "element":
            z = self.element(term)
        elif _is_distance(term):
            z = self.distance(term)
        elif _is_parity(term):
            z = self.parity(term)
        elif term.operator in LOGIC and not (LOGIC_AS_TABLES and self.few(term.variables)):
            z = self.logic(term)
        else:
            chained = None if _tabled(term) and self.few(term.variables) else _chained(term)
            z = self.term(chained) if chained is not None else self.table(term)
        self.made[id(term)] = (term, z)
        return z

    def count(self, term: Term) -> int:
        """A new variable defined by a Count of the term's arguments (each made a variable), its
        values 0 up to how many of them can take the value counted."""
        value, *counted = term.arguments
        inputs = [self.variable(e) for e in counted]  # type: ignore[arg-type]
        able = sum(value in self.domains[var] for var in inputs)
        z = self.new(term.text_with(self.names), tuple(range(able + 1)))
        self.definitions.append(Count([*inputs, z], value))  # type: ignore[arg-type]
        return z

    def element(self, term: Term) -> int:
        """A new variable defined by an Element of the term's index and items (each made a
        variable, numbers kept), its values those of the items the index can reach."""
        definition, values = element.define(term, self)
        z = self.new(term.text_with(self.names), values)
        definition.variables[-1] = z
        self.definitions.append(definition)
        return z

    def logic(self, term: Term) -> int:
        """A new 0/1 variable defined by a Reified relation (if_then_else: an Element)."""
        if term.operator == "if_then_else":
            condition, then, otherwise = term.arguments
            return self.element(Term("element", [condition, otherwise, then]))
        relation = _relation_of(term)
        terms = self.linear(relation.terms)
        z = self.new(term.text_with(self.names), (0, 1))
        self.definitions.append(Reified([*terms, z], list(terms.values()), relation.constant, relation.relation))  # type: ignore[list-item]
        return z

    def parity(self, term: Term) -> int:
        """A new 0/1 variable defined by a Parity of the term's arguments (each made a variable,
        a number one of that value alone)."""
        inputs = [self.variable(linear_expression(a)) for a in term.arguments]
        z = self.new(term.text_with(self.names), (0, 1))
        self.definitions.append(Parity([*inputs, z]))
        return z

    def distance(self, term: Term) -> int:
        """A new variable defined by a Distance of the term's two variables, its values every
        distance between theirs (those a table of them would hold: its search is the table's)."""
        x, y = term.variables
        xs, ys = self.domains[x], self.domains[y]
        if isinstance(xs, Intervals) or isinstance(ys, Intervals):  # (its bounds: no value listed)
            z = self.new(
                term.text_with(self.names),
                span_domain(max(0, xs[0] - ys[-1], ys[0] - xs[-1]), max(xs[-1] - ys[0], ys[-1] - xs[0]))
                if xs and ys
                else (),
            )
            self.definitions.append(Distance([x, y, z]))
            return z
        origin = ys[-1] - xs[0] if xs and ys else 0
        backwards = sum(1 << (ys[-1] - b) for b in ys)
        signed = 0  # bit a - b + origin: some a of x and b of y that far apart, a shift of y's bits an a
        for a in xs:
            signed |= backwards << (a - xs[0])
        distances = {abs(k - origin) for k in range(signed.bit_length()) if signed >> k & 1}
        z = self.new(term.text_with(self.names), tuple(sorted(distances)))
        self.definitions.append(Distance([x, y, z]))
        return z

    def few(self, columns: list[int]) -> bool:
        """The term's variables' values are few enough together for one table of them all."""
        return self.combinations(columns) <= WHOLE_ROWS

    def table(self, term: Term) -> int:
        """A new variable defined by a table of the term's variables' values and its value when
        they are few enough together; else (and abs, minimum, maximum always) by a Product or an
        Arithmetic of its arguments."""
        text = term.text_with(self.names)
        if term.operator == "*" and not (PRODUCTS_AS_TABLES and self.few(term.variables)):
            return self.product([self.variable(a) for a in term.arguments], text)  # type: ignore[arg-type]
        if _tabled(term) and self.few(term.variables):
            return self.whole_table(term, text)
        assert term.operator in ARITHMETIC, f"term {text}: no table of so many rows"
        return self.arithmetic(term, text)

    def whole_table(self, term: Term, text: str) -> int:
        """A new variable defined by a table of the term's variables' values and its value."""
        columns = term.variables
        rows = self.term_rows(term, columns)
        z = self.new(text, domain_of(sorted({row[-1] for row in rows})))
        self.definitions.append(Table([*columns, z], rows))
        return z

    def term_rows(self, term: Term, columns: list[int]) -> list[tuple[int, ...]]:
        """Each combination of the columns' values with the term's value there (none where it has
        none): with numpy a column at a time where it can (essais.csp.kinds.grid), else a row."""
        grid = grid_values(term, columns, self.domains)
        if grid is not None:
            return list(map(tuple, grid.tolist()))
        if all(isinstance(a, int) or all(isinstance(k, int) for k in a.terms) for a in term.arguments):
            # (sums of variables: each one's value found at once)
            sums = [(a, []) if isinstance(a, int) else (a.constant, [(columns.index(v), c) for v, c in a.terms.items()])  # type: ignore[arg-type]
                    for a in term.arguments]  # fmt: skip

            def value_of(values: Sequence[int]) -> int | None:
                return term.kind.apply([constant + sum(c * values[k] for k, c in terms) for constant, terms in sums])
        else:

            def value_of(values: Sequence[int]) -> int | None:
                return term.value(dict(zip(columns, values, strict=True)))

        return self.rows(columns, value_of)

    def arithmetic(self, term: Term, text: str) -> int:
        """A new variable defined by an Arithmetic of the term's arguments, one or two (a number
        made a variable of one value; minimum and maximum of one: of it with itself), its values
        the range the term's interval arithmetic gives."""
        variables = [self.constant(a) if isinstance(a, int) else self.variable(a) for a in term.arguments]
        if term.operator in ("minimum", "maximum") and len(variables) == 1:  # (the least of one: min(x, x))
            variables *= 2
        domains = [self.domains[v] for v in variables]
        low, high = term.kind.spans([(d[0], d[-1]) for d in domains]) if all(domains) else (1, 0)
        z = self.new(text, span_domain(low, high) if low <= high else ())
        self.definitions.append(Arithmetic([*variables, z], term.operator))
        return z

    def constant(self, value: int) -> int:
        """The variable of one value (made once a value; its definition: it equals it)."""
        if value not in self.constants:
            self.constants[value] = z = self.new(str(value), (value,))
            self.definitions.append(Linear({z: -1}, value, "=="))
        return self.constants[value]

    def combinations(self, columns: list[int]) -> int:
        """How many rows a table of the columns' values would have."""
        return math.prod(len(self.domains[v]) for v in columns)

    def product(self, inputs: list[int], text: str) -> int:
        """A new variable defined by a Product of two variables too wide together for a table,
        its values the least to the greatest of its bounds' products."""
        xs, ys = (self.domains[v] for v in inputs)
        corners = [a * b for a in (xs[0], xs[-1]) for b in (ys[0], ys[-1])] if xs and ys else []
        z = self.new(text, span_domain(min(corners), max(corners)) if corners else ())
        self.definitions.append(Product([*inputs, z]))
        return z

    def rows(self, columns: list[int], value_of: Evaluation) -> list[tuple[int, ...]]:
        """Each combination of the columns' values (few: WHOLE_ROWS at most) with the term's
        value there (none where it has none)."""
        rows = []
        for values in itertools.product(*(self.domains[v] for v in columns)):
            value = value_of(values)
            if value is not None:
                rows.append((*values, value))
        return rows

    def new(self, text: str, values: Sequence[int]) -> int:
        """A new auxiliary variable named by its term."""
        self.names.append(f"({text})")
        self.domains.append(values)
        return len(self.names) - 1


def _tabled(term: Term) -> bool:
    """The term is a table where its variables' values are few (abs, minimum, maximum never)."""
    return term.operator not in ARITHMETIC or term.operator in TABLED_ARITHMETIC


def _is_parity(term: Term) -> bool:
    """`xor` of more than two arguments."""
    return term.operator == "xor" and len(term.arguments) > 2


def _is_distance(term: Term) -> bool:
    """`abs(x - y)` of two variables (either way round)."""
    if term.operator != "abs" or not isinstance(argument := term.arguments[0], LinearExpr) or argument.constant:
        return False
    return sorted(argument.terms.values()) == [-1, 1] and all(isinstance(key, int) for key in argument.terms)


def _relation_of(term: Term) -> Linear:
    """The relation whose truth a term of LOGIC is (its arguments 0 or 1 but a relation's)."""
    arguments = [linear_expression(a) for a in term.arguments]
    operator = term.operator
    if operator in RELATIONS:
        return Linear(arguments[0].terms, arguments[0].constant, operator)
    if operator == "~":
        [argument] = arguments
        inner = next(iter(argument.terms), None) if len(argument.terms) == 1 and not argument.constant else None
        if isinstance(inner, Term) and inner.operator in RELATIONS and argument.terms[inner] == 1:
            return _negation(_relation_of(inner))
        return argument <= 0
    total = sum(arguments[1:], arguments[0])
    if operator == "|":
        return total >= 1
    if operator == "&":
        return total >= len(arguments)
    if operator == "implies":
        return arguments[0] <= arguments[1]
    return total == 1  # (xor of two)


def _negation(relation: Linear) -> Linear:
    """not (Σ + c REL 0): Σ + c >= 1 for <=, != for ==, == for !=."""
    if relation.relation == "<=":
        return LinearExpr(relation.terms, relation.constant, relation.model) >= 1
    return Linear(relation.terms, relation.constant, "!=" if relation.relation == "==" else "==")


def _chained(term: Term) -> Term | None:
    """A term of many arguments as smaller ones, each with a definition of its own: minimum and
    maximum two at a time, paired as a balanced tree (a chain of 729 nested one in
    another: as deep, beyond Python's recursion in the flattening; None: the term has none)."""
    operator, arguments = term.operator, list(term.arguments)
    if operator not in ("minimum", "maximum") or len(arguments) <= 2:
        return None
    while len(arguments) > 1:
        arguments = [Term(operator, arguments[k : k + 2]) if k + 1 < len(arguments) else arguments[k]
                     for k in range(0, len(arguments), 2)]  # fmt: skip
    return arguments[0]  # type: ignore[return-value]
