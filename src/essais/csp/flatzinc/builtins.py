"""FlatZinc's integer and Boolean built-ins (MiniZinc's std/flatzinc_builtins.mzn) as an essais
model's constraints: linear relations and their reified (`_reif`: b ↔ …) and half-reified (`_imp`:
b → …) forms as Linear and Reified constraints, the arithmetic and elements as terms
(essais.csp.model.terms: `div` and `mod` toward zero, as MiniZinc's), the Booleans as 0/1 variables
(a clause a sum at least 1). Each built-in takes the model and its arguments resolved: an int for
a constant (a Boolean one 0 or 1), an IntVar for a variable, a list for an array, a range or a
tuple for a set."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from essais.core.errors import InvalidInput
from essais.csp.kinds.all_different import all_different
from essais.csp.kinds.cardinality import global_cardinality
from essais.csp.kinds.circuit import circuit, subcircuit
from essais.csp.kinds.cumulative import cumulative, cumulative_by_tasks
from essais.csp.kinds.increasing import increasing
from essais.csp.kinds.lex import lex_less_eq
from essais.csp.kinds.no_overlap import no_overlap
from essais.csp.kinds.reified import reified
from essais.csp.kinds.table import table
from essais.csp.model.expressions import IntVar, Linear, LinearExpr, Term, truth
from essais.csp.model.functions import count, element, maximum, minimum, n_values, xor
from essais.csp.model.problem import Model

Value = int | IntVar
Builtin = Callable[[Model, list[Any]], None]


def linear(model: Model, coefficients: Sequence[int], values: Sequence[Value], right: int, relation: str) -> Linear:
    """Σ a·x REL right, REL among ==, !=, <=, < (constants folded in, a variable listed twice once)."""
    if not all(isinstance(a, int) for a in (*coefficients, right)):
        raise InvalidInput("its coefficients and constant are numbers, not variables")
    terms: dict[int, int] = {}
    constant = -right
    for a, x in zip(coefficients, values, strict=True):
        if isinstance(x, IntVar):
            terms[x.index] = terms.get(x.index, 0) + a
        else:
            constant += a * x
    if relation == "<":
        relation, constant = "<=", constant + 1
    return Linear({var: a for var, a in terms.items() if a}, constant, relation, model)


def post(model: Model, relation: Linear, b: Value | None = None, half: bool = False) -> None:
    """The relation; with b: b ↔ relation (half: b → relation)."""
    if b is None or (not isinstance(b, IntVar) and b == 1):
        model.add(relation)
    elif isinstance(b, IntVar) and b.index not in relation.terms and relation.terms:
        model.add(reified(b.index, relation, half))
    elif isinstance(b, IntVar):  # (no variable left in the relation, or b inside it: the term's way)
        model.add(b <= truth(relation) if half else b == truth(relation))
    elif not half:  # (b false: the relation's negation)
        model.add(_negation(model, relation))


def _negation(model: Model, relation: Linear) -> Linear:
    """Σ a·x + c REL 0 not holding: <= turned round (Σ -a·x - c + 1 <= 0), == and != swapped."""
    if relation.relation == "<=":
        return Linear({var: -a for var, a in relation.terms.items()}, 1 - relation.constant, "<=", model)
    return Linear(relation.terms, relation.constant, "!=" if relation.relation == "==" else "==", model)


def _pairwise(relation: str, reify: str = "") -> Builtin:
    """a REL b, its _reif (b ↔) and _imp (b →) forms."""

    def builtin(model: Model, arguments: list[Any]) -> None:
        a, b, *rest = arguments
        post(model, linear(model, (1, -1), (a, b), 0, relation), rest[0] if rest else None, reify == "imp")

    return builtin


def _weighted(relation: str, reify: str = "", variable_right: bool = False) -> Builtin:
    """Σ a·x REL c (int_lin_*, bool_lin_*), and its reified forms; c a variable where the
    built-in declares one (bool_lin_eq)."""

    def builtin(model: Model, arguments: list[Any]) -> None:
        coefficients, values, right, *rest = arguments
        if variable_right and isinstance(right, IntVar):
            coefficients, values, right = [*coefficients, -1], [*values, right], 0
        post(model, linear(model, coefficients, values, right, relation), rest[0] if rest else None, reify == "imp")

    return builtin


def _clause(half: bool = False) -> Builtin:
    """bool_clause(as, bs): some a true or some b false; with r: r ↔ (half: r →) that."""

    def builtin(model: Model, arguments: list[Any]) -> None:
        positive, negative, *rest = arguments
        values = [*positive, *negative]
        clause = linear(model, [-1] * len(positive) + [1] * len(negative), values, len(negative) - 1, "<=")
        post(model, clause, rest[0] if rest else None, half)

    return builtin


def _all_or_any(every: bool, half: bool = False) -> Builtin:
    """array_bool_and(as, r) (r ↔ every a), array_bool_or(as, r) (r ↔ some a); half: r → …."""

    def builtin(model: Model, arguments: list[Any]) -> None:
        values, *rest = arguments
        least = len(values) if every else 1
        post(model, linear(model, [-1] * len(values), values, -least, "<="), rest[0] if rest else None, half)

    return builtin


def _pair_of_booleans(every: bool, half: bool = False) -> Builtin:
    """bool_and(a, b, r), bool_or(a, b, r)."""
    both = _all_or_any(every, half)
    return lambda model, arguments: both(model, [arguments[:2], *arguments[2:]])


def _xor(half: bool = False) -> Builtin:
    """bool_xor(a, b) (a ≠ b) and bool_xor(a, b, r) (r ↔ a ≠ b; half: r →)."""

    def builtin(model: Model, arguments: list[Any]) -> None:
        a, b, *rest = arguments
        post(model, linear(model, (1, -1), (a, b), 0, "!="), rest[0] if rest else None, half)

    return builtin


def _array_xor(model: Model, arguments: list[Any]) -> None:
    """An odd number of the Booleans hold."""
    values = arguments[0]
    known = sum(v for v in values if not isinstance(v, IntVar)) % 2
    free = [v for v in values if isinstance(v, IntVar)]
    if not free:
        _holds(model, known == 1, "array_bool_xor")
    elif len(free) == 1:
        model.add(free[0] == 1 - known)
    else:
        model.add(xor(*free) == 1 - known)


def _holds(model: Model, holds: bool, name: str) -> None:
    """A constraint of constants: nothing, or a model without solutions."""
    if not holds:
        model.add(Linear({}, 1, "<=", model))


def _term(make: Callable[..., Any]) -> Builtin:
    """A term of the arguments but the last, equal to the last."""

    def builtin(model: Model, arguments: list[Any]) -> None:
        *inputs, result = arguments
        model.add(_expression(model, result) == make(*inputs))

    return builtin


def _expression(model: Model, value: Value) -> LinearExpr:
    return value if isinstance(value, IntVar) else LinearExpr({}, value, model)


def _power(base: Value, exponent: Value) -> Any:
    """base ** exponent for a fixed exponent of 0 or more, as products."""
    if isinstance(exponent, IntVar) or exponent < 0:
        raise InvalidInput("int_pow: its exponent is a variable or below 0 (essais takes fixed powers of 0 or more)")
    product: Any = 1
    for _ in range(exponent):
        product = product * base
    return product


def _same(model: Model, arguments: list[Any]) -> None:
    """bool2int(a, b): one variable where the reader made it one, else a = b."""
    a, b = arguments
    if a is not b:
        post(model, linear(model, (1, -1), (a, b), 0, "=="))


def _element(model: Model, arguments: list[Any]) -> None:
    """array_(var_)int_element(i, items, c): c = items[i], the items counted from 1."""
    index, items, result = arguments
    model.add(_expression(model, result) == element(items, index - 1))


def _set_in(half: bool = False) -> Builtin:
    """x ∈ S; with r: r ↔ x ∈ S (half: r → x ∈ S)."""

    def builtin(model: Model, arguments: list[Any]) -> None:
        x, values, *rest = arguments
        if not rest and isinstance(x, IntVar):
            if isinstance(values, range):
                model.add(x >= values.start)
                model.add(x <= values.stop - 1)
            else:
                model.add(table([x], [(v,) for v in values]))
            return
        r = _expression(model, rest[0] if rest else 1)
        model.add(r <= _member(x, values) if half else r == _member(x, values))

    return builtin


def _member(x: Value, values: range | tuple[int, ...]) -> Any:
    """x ∈ values as a 0/1 term (or a number, for a constant x)."""
    if not isinstance(x, IntVar):
        return int(x in values)
    if isinstance(values, range):
        return (x >= values.start) & (x <= values.stop - 1) if values else 0
    return Term("|", [truth(x == v) for v in values]) if len(values) > 1 else truth(x == values[0]) if values else 0


def _table(model: Model, arguments: list[Any]) -> None:
    """fzn_table_int(x, t): the rows of t, given as one flat array of len(x) a row; a constant of x
    keeps the rows that hold it."""
    x, flat = arguments
    rows = list(zip(*[iter(flat)] * len(x), strict=True)) if x else [()]
    places = [at for at, v in enumerate(x) if isinstance(v, IntVar)]
    given = [(at, v) for at, v in enumerate(x) if not isinstance(v, IntVar)]  # (most often none)
    held = [row for row in rows if all(row[at] == v for at, v in given)] if given else rows
    kept = {tuple(row[at] for at in places) for row in held} if given else set(rows)
    if places:
        model.add(table([x[at] for at in places], sorted(kept)))
    else:
        _holds(model, bool(kept), "fzn_table_int")


def _circuit(loops: bool) -> Builtin:
    """essais_circuit(x, first) and essais_subcircuit(x, first): successors numbered from `first`.
    MiniZinc's subcircuit may leave every node out, essais's makes a cycle: two more nodes, each
    the other's successor or its own, make the cycle where the others make none."""

    def builtin(model: Model, arguments: list[Any]) -> None:
        successors, first = arguments
        shifted = [s - first for s in successors] if first else list(successors)
        if not loops:
            model.add(circuit(shifted))
            return
        n = len(shifted)
        spare = [model.int_var([n, n + 1], name=f"X_ESSAIS_spare_{len(model.names)}") for _ in range(2)]
        model.hidden |= {var.index for var in spare}
        model.add(subcircuit([*shifted, *spare]))

    return builtin


def _count_eq(model: Model, arguments: list[Any]) -> None:
    """fzn_count_eq(x, y, c) and its fixed form: c of x equal y."""
    x, y, c = arguments
    model.add(_expression(model, c) == count(x, y))


def _increasing(model: Model, arguments: list[Any]) -> None:
    model.add(increasing(arguments[0]))


def _cardinality(model: Model, arguments: list[Any]) -> None:
    """fzn_global_cardinality(x, cover, counts): essais's global_cardinality where the counts are
    fixed (and the values of cover all different), else one count each."""
    x, cover, counts = arguments
    if all(isinstance(c, int) for c in counts) and len(set(cover)) == len(cover):
        model.add(global_cardinality(x, dict(zip(cover, counts, strict=True))))
        return
    for value, c in zip(cover, counts, strict=True):
        model.add(_expression(model, c) == count(x, value))


def _lex(strict: bool) -> Builtin:
    """fzn_lex_lesseq_int(x, y) (fzn_lex_less_int: strictly) for arrays of any lengths: x up to
    y's first len(x) where x is shorter (or as long, not strictly), else x's first len(y) then 1
    against y then 0 (so that x equal to y's start comes after it)."""

    def builtin(model: Model, arguments: list[Any]) -> None:
        x, y = arguments
        if len(x) < len(y) or (len(x) == len(y) and not strict):
            if x:
                model.add(lex_less_eq(x, y[: len(x)]))
        else:
            model.add(lex_less_eq([*x[: len(y)], 1], [*y, 0]))

    return builtin


def _disjunctive(strict: bool) -> Builtin:
    """fzn_disjunctive(s, d): tasks that never overlap, one of no duration overlapping nothing
    (strict: none of no duration inside another) — essais's no_overlap where the durations are
    fixed (strict: and at least 1), else a disjunction for each pair."""

    def builtin(model: Model, arguments: list[Any]) -> None:
        starts, durations = arguments
        fixed = all(isinstance(d, int) for d in durations)
        if fixed and min(durations, default=0) < 0:
            _holds(model, False, "fzn_disjunctive")
        elif fixed and (not strict or min(durations, default=1) >= 1):
            model.add(no_overlap(starts, durations))
        else:
            _pairwise_disjunctions(model, starts, durations, strict)

    return builtin


def _cumulative(model: Model, arguments: list[Any]) -> None:
    """fzn_cumulative(s, d, r, b): essais's cumulative where the durations and capacity are fixed
    (the heights fixed or variables), else the load at each task's start (cumulative_by_tasks)."""
    starts, durations, heights, capacity = arguments
    fixed = (*durations, *(h for h in heights if isinstance(h, int)), capacity)
    if all(isinstance(v, int) and v >= 0 for v in fixed):
        model.add(cumulative(starts, durations, heights, capacity))
        return
    for made in cumulative_by_tasks(starts, durations, heights, capacity):
        model.add(made)


def _pairwise_disjunctions(model: Model, starts: list[Value], durations: list[Value], strict: bool) -> None:
    for duration in durations:
        model.add(_expression(model, duration) >= 0)
    for i, j in combinations(range(len(starts)), 2):
        s, d = starts, durations
        apart = [_expression(model, s[i]) + d[i] <= s[j], _expression(model, s[j]) + d[j] <= s[i]]
        if not strict:
            apart += [_expression(model, d[i]) == 0, _expression(model, d[j]) == 0]
        model.add(Term("|", [truth(relation) for relation in apart]) == 1)


def _element_from(model: Model, arguments: list[Any]) -> None:
    """essais_element(i, items, first, c): c = items[i], the items counted from `first`."""
    index, items, first, result = arguments
    model.add(_expression(model, result) == element(items, index - first))


BUILTINS: dict[str, Builtin] = {
    "int_abs": _term(abs),
    "int_div": _term(lambda a, b: Term("div", [a, b])),
    "int_mod": _term(lambda a, b: Term("mod", [a, b])),
    "int_max": _term(lambda a, b: maximum(a, b)),
    "int_min": _term(lambda a, b: minimum(a, b)),
    "int_times": _term(lambda a, b: a * b),
    "int_plus": _term(lambda a, b: a + b),
    "int_pow": _term(_power),
    "int_pow_fixed": _term(_power),
    "array_int_maximum": lambda model, args: model.add(_expression(model, args[0]) == maximum(args[1])),
    "array_int_minimum": lambda model, args: model.add(_expression(model, args[0]) == minimum(args[1])),
    "array_int_element": _element,
    "array_var_int_element": _element,
    "array_bool_element": _element,
    "array_var_bool_element": _element,
    "bool_clause": _clause(),
    "bool_clause_reif": _clause(),
    "bool_clause_imp": _clause(half=True),
    "array_bool_and": _all_or_any(True),
    "array_bool_and_imp": _all_or_any(True, half=True),
    "array_bool_or": _all_or_any(False),
    "array_bool_or_imp": _all_or_any(False, half=True),
    "bool_and": _pair_of_booleans(True),
    "bool_and_imp": _pair_of_booleans(True, half=True),
    "bool_or": _pair_of_booleans(False),
    "bool_or_imp": _pair_of_booleans(False, half=True),
    "bool_xor": _xor(),
    "bool_xor_reif": _xor(),
    "bool_xor_imp": _xor(half=True),
    "array_bool_xor": _array_xor,
    "bool_not": lambda model, args: post(model, linear(model, (1, 1), args, 1, "==")),
    "bool2int": _same,
    "set_in": _set_in(),
    "set_in_reif": _set_in(),
    "set_in_imp": _set_in(half=True),
    # essais's MiniZinc library (mznlib/): the globals it propagates itself
    "fzn_all_different_int": lambda model, args: model.add(all_different(args[0])),
    "fzn_table_int": _table,
    "fzn_table_bool": _table,
    "essais_circuit": _circuit(loops=False),
    "essais_subcircuit": _circuit(loops=True),
    "fzn_count_eq": _count_eq,
    "fzn_count_eq_par": _count_eq,
    "fzn_global_cardinality": _cardinality,
    "fzn_increasing_int": _increasing,
    "fzn_increasing_bool": _increasing,
    "fzn_strictly_increasing_int": lambda model, args: model.add(increasing(args[0], strict=True)),
    "fzn_lex_lesseq_int": _lex(strict=False),
    "fzn_lex_lesseq_bool": _lex(strict=False),
    "fzn_lex_less_int": _lex(strict=True),
    "fzn_lex_less_bool": _lex(strict=True),
    "fzn_cumulative": _cumulative,
    "fzn_disjunctive": _disjunctive(strict=False),
    "fzn_disjunctive_strict": _disjunctive(strict=True),
    "fzn_nvalue": lambda model, args: model.add(_expression(model, args[0]) == n_values(args[1])),
    "essais_element": _element_from,
    "essais_element_bool": _element_from,
}
for prefix in ("int", "bool"):
    for relation, written in (("eq", "=="), ("ne", "!="), ("le", "<="), ("lt", "<")):
        BUILTINS[f"{prefix}_{relation}"] = _pairwise(written)
        BUILTINS[f"{prefix}_{relation}_reif"] = _pairwise(written, "reif")
        BUILTINS[f"{prefix}_{relation}_imp"] = _pairwise(written, "imp")
    for relation, written in (("eq", "=="), ("ne", "!="), ("le", "<=")):
        BUILTINS[f"{prefix}_lin_{relation}"] = _weighted(written)
        BUILTINS[f"{prefix}_lin_{relation}_reif"] = _weighted(written, "reif")
        BUILTINS[f"{prefix}_lin_{relation}_imp"] = _weighted(written, "imp")
BUILTINS["bool_lin_eq"] = _weighted("==", variable_right=True)
