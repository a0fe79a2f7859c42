"""The expressions of a model (essais.csp.model.problem), written with Python's operators over its
variables: Σ coefficient · key + constant, a key being a variable (its index in the model) or a
term — a product of two expressions, `abs`, `//` and `%` by a whole number, `minimum`,
`maximum`, `element`, `if_then_else`, a relation used as 0 or 1 and the logic of those (`|`, `&`,
`~`, `implies`). A relation of two expressions, `Linear`, is a constraint.

A relation is kept as `Σ coefficient · key + constant REL 0` with REL one of `==`, `!=`, `<=`
(`<` is `<= -1`, `>=` and `>` are turned round). The model keeps terms as they are written; the
engines see each as an auxiliary variable (essais.csp.kinds.flatten).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Union

from essais.core.errors import InvalidInput
from essais.csp.model.constraint import Constraint, Owner, Values
from essais.csp.model.terms import KINDS

RELATIONS = ("==", "!=", "<=")


Key = Union[int, "Term"]  # a variable's index, or a term
Operand = Union["LinearExpr", "Linear", int]

CHAINED = ("a relation of variables has no truth value: give it to Model.add, and write `and`, `or`, `not` "
           "and a chained comparison such as `x == 1 | y == 2` with brackets and | & ~, "
           "(x == 1) | (y == 2)")  # fmt: skip


class LinearExpr:
    """Σ coefficient · key + constant, the keys variables (by their index in the model) or terms."""

    __slots__ = ("terms", "constant", "model")

    def __init__(self, terms: dict[Key, int], constant: int, model: Owner | None) -> None:
        self.terms, self.constant, self.model = terms, constant, model

    def _combine(self, other: Operand, sign: int) -> LinearExpr:
        other = expression(other)
        terms = dict(self.terms)
        if isinstance(other, int):
            return LinearExpr(terms, self.constant + sign * other, self.model)
        _same_model(self, other)
        for key, coefficient in other.terms.items():
            terms[key] = terms.get(key, 0) + sign * coefficient
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

    def _scaled(self, factor: int) -> LinearExpr:
        return LinearExpr({v: c * factor for v, c in self.terms.items() if c * factor}, self.constant * factor,
                          self.model)  # fmt: skip

    def __mul__(self, factor: Operand) -> LinearExpr:
        factor = expression(factor)
        if isinstance(factor, int) or not factor.terms:
            return self._scaled(factor if isinstance(factor, int) else factor.constant)
        if not self.terms:
            return factor._scaled(self.constant)
        _same_model(self, factor)
        return Term("*", [self, factor])

    def __rmul__(self, factor: Operand) -> LinearExpr:
        return self * factor

    def __floordiv__(self, k: int) -> LinearExpr:
        return Term("//", [self, _divisor(k, "//")])

    def __mod__(self, k: int) -> LinearExpr:
        return Term("%", [self, _divisor(k, "%")])

    def __abs__(self) -> LinearExpr:
        return Term("abs", [self])

    def __or__(self, other: Operand) -> LinearExpr:
        return Term("|", [self, expression(other)])

    __ror__ = __or__

    def __and__(self, other: Operand) -> LinearExpr:
        return Term("&", [self, expression(other)])

    __rand__ = __and__

    def __invert__(self) -> LinearExpr:
        return Term("~", [self])

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

    def __bool__(self) -> bool:
        raise InvalidInput(f"expression: {CHAINED}")

    def value(self, values: Values) -> int | None:
        """The expression's value for these values (None: a term in it has none, an element's
        index beyond its list)."""
        return evaluate(self.terms, self.constant, values)

    def bounds(self, domains: Sequence[Sequence[int]]) -> tuple[int, int]:
        """The least and greatest values it may take, by interval arithmetic over the domains."""
        low = high = self.constant
        for key, coefficient in self.terms.items():
            least, most = key_bounds(key, domains)
            a, b = coefficient * least, coefficient * most
            low, high = low + min(a, b), high + max(a, b)
        return low, high

    @property
    def variables(self) -> list[int]:
        """The variables it names, in the order met (terms' included)."""
        return variables_of(self.terms)

    def text(self) -> str:
        return expression_text(self.terms, self.constant, self.model.names if self.model is not None else [])

    def __repr__(self) -> str:
        return f"<LinearExpr {self.text()}>"


def expression(operand: object) -> LinearExpr | int:
    """An operand as an expression: a whole number, an expression, a relation as its 0/1 term."""
    if isinstance(operand, Linear):
        return truth(operand)
    if isinstance(operand, bool) or not isinstance(operand, int | LinearExpr):
        raise InvalidInput(f"expression: {operand!r} is not an integer nor an expression of variables")
    return operand


def linear_expression(operand: LinearExpr | int) -> LinearExpr:
    """An expression as it is, a number as one of no variables."""
    return operand if isinstance(operand, LinearExpr) else LinearExpr({}, operand, None)


def evaluate(terms: Mapping[Key, int], constant: int, values: Values) -> int | None:
    total = constant
    for key, coefficient in terms.items():
        value = values[key] if isinstance(key, int) else key.value(values)
        if value is None:
            return None
        total += coefficient * value
    return total


def key_bounds(key: Key, domains: Sequence[Sequence[int]]) -> tuple[int, int]:
    if isinstance(key, int):
        return (domains[key][0], domains[key][-1]) if domains[key] else (0, 0)
    return key.bounds(domains)


def variables_of(terms: Mapping[Key, int]) -> list[int]:
    keys = list(terms)
    if all(type(key) is int for key in keys):  # (no term: the keys themselves, at once)
        return keys  # type: ignore[return-value]
    found: dict[int, None] = {}
    for key in terms:
        found.update(dict.fromkeys([key] if isinstance(key, int) else key.variables))
    return list(found)


def expression_text(terms: Mapping[Key, int], constant: int, names: Sequence[str]) -> str:
    """Σ coefficient · key + constant as a model file writes it, `2*x - y + 3` (`0`: none)."""
    if not constant and len(terms) == 1:  # (a variable alone, the most frequent, at once)
        [(key, coefficient)] = terms.items()
        if coefficient == 1 and isinstance(key, int):
            return names[key]

    def named(key: Key) -> str:
        return names[key] if isinstance(key, int) else key.text_with(names)

    parts = [("-" if c < 0 else "+", named(v) if abs(c) == 1 else f"{abs(c)}*{named(v)}") for v, c in terms.items()]
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


def _divisor(k: object, operator: str) -> int:
    if isinstance(k, bool) or not isinstance(k, int) or k == 0:
        raise InvalidInput(f"expression: {operator} {k!r}: the divisor is a whole number other than 0")
    return k


@dataclass(eq=False)
class Linear(Constraint):
    """Σ terms + constant REL 0, REL one of ==, !=, <=: a constraint, and (in an expression) a
    term worth 1 where it holds, else 0. (Constraints, like models, are compared by identity:
    `==` on them would compare variables, which builds a relation.)"""

    # the keys: variables' indices, and in the model's own relations terms too, which the
    # engines never see (essais.csp.kinds.flatten makes each a variable): typed Any for the engines' sake
    terms: dict[Any, int]
    constant: int
    relation: str
    model: Owner | None = field(default=None, repr=False)

    @property
    def variables(self) -> list[int]:  # type: ignore[override]
        return variables_of(self.terms)

    def holds(self, values: Values) -> bool:
        total = evaluate(self.terms, self.constant, values)
        return total is not None and relation_holds(total, self.relation)

    def text_with(self, names: Sequence[str]) -> str:
        return f"{expression_text(self.terms, 0, names)} {self.relation} {-self.constant}"

    def __bool__(self) -> bool:
        raise InvalidInput(f"constraint: {CHAINED}")

    # a relation in an expression is its 0/1 term
    def __add__(self, other: Operand) -> LinearExpr:
        return truth(self) + other

    __radd__ = __add__

    def __sub__(self, other: Operand) -> LinearExpr:
        return truth(self) - other

    def __rsub__(self, other: Operand) -> LinearExpr:
        return other - truth(self)

    def __mul__(self, other: Operand) -> LinearExpr:
        return truth(self) * other

    __rmul__ = __mul__

    def __or__(self, other: Operand) -> LinearExpr:
        return truth(self) | other

    __ror__ = __or__

    def __and__(self, other: Operand) -> LinearExpr:
        return truth(self) & other

    __rand__ = __and__

    def __invert__(self) -> LinearExpr:
        return ~truth(self)


RELATING: dict[str, Callable[[Any, Any], Any]] = {
    "==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
}  # fmt: skip


def relate(left: LinearExpr | int, operator: str, right: Operand) -> Linear:
    """`left OPERATOR right` as a relation, OPERATOR one of == != < <= > >= (a number on the left
    is made an expression, so that two numbers make a constant relation, not a bool)."""
    return RELATING[operator](left if isinstance(left, LinearExpr) else LinearExpr({}, left, None), right)  # type: ignore[no-any-return]


def relation_holds(total: int, relation: str) -> bool:
    return total == 0 if relation == "==" else total != 0 if relation == "!=" else total <= 0


class Term(LinearExpr):
    """An expression that is not a weighted sum (essais.csp.model.terms names the kinds): 1 · itself,
    a key of its own, computed from its arguments' values."""

    __slots__ = ("kind", "operator", "arguments", "_text")

    def __init__(self, operator: str, arguments: Sequence[LinearExpr | int]) -> None:
        self.operator, self.kind, self.arguments = operator, KINDS[operator], list(arguments)
        # its text with the names of one list (text_with): kept, since a term nested in others is
        # asked for its text once for each of them (a chain of n terms: n² texts otherwise)
        self._text: tuple[Sequence[str], str] | None = None
        models = [a.model for a in self.arguments if isinstance(a, LinearExpr) and a.model is not None]
        if any(other is not models[0] for other in models):
            raise InvalidInput("expression: its variables belong to two models")
        super().__init__({self: 1}, 0, models[0] if models else None)
        for argument in self.arguments[: self.kind.boolean]:
            low, high = (argument, argument) if isinstance(argument, int) else argument.bounds(self._domains())
            if low < 0 or high > 1:
                shown = argument if isinstance(argument, int) else argument.text()
                raise InvalidInput(f"expression: {operator} takes relations or terms of 0 and 1; {shown} takes "
                                   f"{low}..{high} (a comparison beside | or & needs brackets: "
                                   "(x == 1) | (y == 2))")  # fmt: skip

    __hash__ = object.__hash__  # type: ignore[assignment]  # (a term is a key, by identity)

    def _domains(self) -> list[Sequence[int]]:
        return self.model.domains if self.model is not None else []

    def value(self, values: Values) -> int | None:
        found = [a if isinstance(a, int) else a.value(values) for a in self.arguments]
        return None if None in found else self.kind.apply(found)  # type: ignore[arg-type]

    def bounds(self, domains: Sequence[Sequence[int]]) -> tuple[int, int]:
        return self.kind.spans([(a, a) if isinstance(a, int) else a.bounds(domains) for a in self.arguments])

    @property
    def variables(self) -> list[int]:
        found: dict[int, None] = {}
        for argument in self.arguments:
            if isinstance(argument, LinearExpr):
                found.update(dict.fromkeys(argument.variables))
        return list(found)

    def text_with(self, names: Sequence[str]) -> str:
        """The term written with these names (the same list, whose names never change, gives the
        same text: it is kept)."""
        if self._text is not None and self._text[0] is names:
            return self._text[1]
        text = self._written_with(names)
        self._text = (names, text)
        return text

    def _written_with(self, names: Sequence[str]) -> str:
        parts = [str(a) if isinstance(a, int) else expression_text(a.terms, a.constant, names) for a in self.arguments]
        if self.operator in ("*", "//", "%"):  # (a sum in a product is bracketed)
            parts = [f"({part})" if " " in part else part for part in parts]
        if self.operator in RELATIONS:  # (a relation's truth, written as the relation was)
            (difference,) = self.arguments
            assert isinstance(difference, LinearExpr)
            return f"({expression_text(difference.terms, 0, names)} {self.operator} {-difference.constant})"
        return self.kind.form.format(*parts, all=", ".join(parts), rest=", ".join(parts[1:]), ors=" | ".join(parts),
                                     ands=" & ".join(parts))  # fmt: skip

    def __repr__(self) -> str:
        return f"<Term {self.text()}>"


def truth(relation: Linear) -> Term:
    """A relation as a term: 1 where it holds, else 0."""
    return Term(relation.relation, [LinearExpr(relation.terms, relation.constant, relation.model)])


def model_of(expressions: Sequence[LinearExpr], where: str) -> Owner | None:
    """The one model of a constraint's variables (None: none named one); two are refused."""
    models = {id(e.model): e.model for e in expressions if e.model is not None}
    if len(models) > 1:
        raise InvalidInput(f"{where}: its variables belong to two models")
    return next(iter(models.values()), None)
