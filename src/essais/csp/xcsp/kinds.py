"""The XCSP3 constraints on values and lists essais reads (essais.csp.xcsp.constraints reads the
instance; indexed.py, sequences.py and packing.py the others), each made the model's own
constraints: intension, extension (supports or conflicts, `*` for any value, symbols),
allDifferent (one list, `except` some values; several lists; a matrix's rows and columns),
allEqual, sum, count, nValues (its values, `except` some), cardinality (occurrences fixed,
variable or intervals; closed), ordered, lex (lists, or a matrix's rows and columns) and
instantiation; and what the other tags' readers share (Reading, start_index, the operators).

An extension is a table of its own as written, `*` and conflicts included (never written out nor
complemented); a sum's condition `in` a set is a 0/1 term."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from essais.core.errors import InvalidInput
from essais.csp.kinds.all_different import all_different
from essais.csp.kinds.cardinality import global_cardinality
from essais.csp.kinds.increasing import increasing
from essais.csp.kinds.lex import lex_less_eq
from essais.csp.kinds.table import table
from essais.csp.model.expressions import IntVar, Linear, LinearExpr, Term, expression, relate
from essais.csp.model.functions import count, n_values
from essais.csp.model.problem import Model
from essais.csp.xcsp.expressions import Element, Fail, Value

INDEXED = {"startIndex"}  # (a list whose items are told by their index)
OPERATORS = {"lt": "<", "le": "<=", "gt": ">", "ge": ">=", "eq": "==", "ne": "!="}
Made = list[Any]  # the model's constraints one element makes


class Reading(Protocol):
    """What a kind reads with (essais.csp.xcsp.constraints.Instance)."""

    model: Model
    symbol_numbers: dict[str, int]

    def fail(self, element: Element) -> Fail: ...
    def expect(self, element: Element, attributes: set[str] = ..., children: set[str] = ...) -> None: ...
    def list_of(
        self, element: Element, tag: str, arguments: list[str] | None, attributes: set[str] = ...
    ) -> list[Value]: ...
    def condition(self, element: Element, arguments: list[str] | None) -> tuple[str, Any]: ...
    def condition_of(self, holder: Element, arguments: list[str] | None) -> tuple[str, Any]: ...
    def holding(self, value: Value, condition: tuple[str, Any]) -> Linear | LinearExpr: ...
    def items(self, text: str, fail: Fail, arguments: list[str] | None = None) -> list[Value]: ...
    def expression(self, text: str, fail: Fail, arguments: list[str] | None = None) -> Value | Linear: ...
    def one(self, word: str, holder: Element, arguments: list[str] | None) -> Value: ...
    def matrix_of(self, element: Element, arguments: list[str] | None) -> list[list[Value]]: ...
    def expressions(self, word: str, holder: Element, arguments: list[str] | None) -> list[Value]: ...


def _intension(r: Reading, e: Element, arguments: list[str] | None) -> Made:
    r.expect(e, children={"function"})
    text = e.child("function").text if e.children else e.text  # type: ignore[union-attr]
    return [r.expression(text, r.fail(e), arguments)]


def _extension(r: Reading, e: Element, arguments: list[str] | None) -> Made:
    r.expect(e, children={"list", "supports", "conflicts"})
    variables = r.list_of(e, "list", arguments)
    if not all(isinstance(v, IntVar) for v in variables):
        raise r.fail(e)("an extension's list holds variables")
    supports, conflicts = e.child("supports"), e.child("conflicts")
    given = supports if supports is not None else conflicts
    if given is None or (supports is not None and conflicts is not None):
        raise r.fail(e)("an extension holds <supports> or <conflicts>")
    rows = _tuples(given.text, len(variables), r.fail(given), r.symbol_numbers)
    return [table(variables, rows, conflicts=conflicts is not None)]  # type: ignore[arg-type]


def _tuples(text: str, arity: int, fail: Fail, symbols: dict[str, int]) -> list[tuple[int | None, ...]]:
    """(1,2)(2,*)… or, for one variable, 1 3 5..7: each a tuple (None: `*`, any value); a symbolic
    variable's symbols stand for their numbers."""
    if arity == 1 and "(" not in text:
        found = []
        for word in text.split():
            ends = word.split("..", 1)
            low, high = (_cell(ends[0], fail, symbols), _cell(ends[-1], fail, symbols))
            if low is None or high is None:
                raise fail(f"{word!r}: a value or a range of one variable's values is listed here, not *")
            found += [(v,) for v in range(low, high + 1)]
        return found  # type: ignore[return-value]
    rows = []
    for group in re.findall(r"\(([^()]*)\)", text):
        parts = [p.strip() for p in group.split(",")]
        if len(parts) != arity:
            raise fail(f"({' '.join(group.split())}) is not a tuple of {arity} values or *")  # (one line)
        rows.append(tuple(_cell(p, fail, symbols) for p in parts))
    if re.sub(r"\([^()]*\)", "", text).strip():
        raise fail("the tuples are written (1,2)(2,3)…")
    return rows


def _cell(word: str, fail: Fail, symbols: dict[str, int]) -> int | None:
    """A tuple's value: a whole number, a symbol, or * (None)."""
    if word == "*":
        return None
    if re.fullmatch(r"[+-]?\d{1,30}", word):
        return int(word)
    if word in symbols:
        return symbols[word]
    raise fail(f"{' '.join(word.split())[:40]!r} is not a whole number, a symbol nor *")


def _all_different(r: Reading, e: Element, arguments: list[str] | None) -> Made:
    """Every member different: of one list (some values, `except`, may repeat); of several lists,
    each list as a whole differs from the others (somewhere); of a matrix, each row and column."""
    r.expect(e, children={"list", "matrix", "except"})
    if e.child("matrix") is not None:
        rows = r.matrix_of(e, arguments)
        return [all_different(line) for line in [*rows, *_columns(r, e, rows)] if len(line) > 1]
    lists = _lists(r, e, arguments)
    if len(lists) > 1:
        if len({len(items) for items in lists}) > 1:
            raise r.fail(e)("allDifferent's lists are of one length")
        return [_somewhere(a, b, "!=") == 1 for a, b in itertools.combinations(lists, 2)]
    members = r.list_of(e, "list", arguments)
    if e.child("except") is not None:
        ignored = r.list_of(e, "except", arguments)
        return [Term("|", [expression(relate(a, "!=", b)), *(expression(relate(a, "==", v)) for v in ignored)]) == 1
                for a, b in itertools.combinations(members, 2)]  # fmt: skip
    # (with Hall intervals where the members are terms, dist or abs of differences: their values are
    # more than they need, where Hall intervals pay; the Golomb ruler of 10: 23 s without, 6.4 s with)
    hall = any(isinstance(m, LinearExpr) and any(isinstance(k, Term) for k in m.terms) for m in members)
    return [all_different(members, hall=hall)]


def _somewhere(a: list[Value], b: list[Value], relation: str) -> LinearExpr:
    """1 when some place of a and b holds the relation (a 0/1 term)."""
    return Term("|", [expression(relate(x, relation, y)) for x, y in zip(a, b, strict=True)])


def _columns(r: Reading, e: Element, rows: list[list[Value]]) -> list[list[Value]]:
    if len({len(row) for row in rows}) > 1:
        raise r.fail(e)("a matrix's rows are of one length")
    return [list(column) for column in zip(*rows, strict=True)]


def _all_equal(r: Reading, e: Element, arguments: list[str] | None) -> Made:
    r.expect(e, children={"list"})
    members = r.list_of(e, "list", arguments)
    return [relate(a, "==", b) for a, b in itertools.pairwise(members)]


def _cardinality(r: Reading, e: Element, arguments: list[str] | None) -> Made:
    """How many of the list take each value: a number, a variable or an interval `lo..hi`; with
    closed="true", the list takes those values alone. Numbers of distinct values: essais's
    global_cardinality; else a count each."""
    r.expect(e, children={"list", "values", "occurs"})
    items, values = r.list_of(e, "list", arguments), r.list_of(e, "values", arguments, {"closed"})
    occurs = _occurs(r, e, arguments)
    if len(occurs) != len(values):
        raise r.fail(e)(f"{len(values)} values and {len(occurs)} occurrences")
    closed = e.child("values").attributes.get("closed", "false")  # type: ignore[union-attr]
    if closed not in ("true", "false"):
        raise r.fail(e)(f"closed={closed!r}: true or false")
    made: Made = []
    if (
        all(isinstance(v, int) for v in values)
        and len(set(values)) == len(values)
        and all(isinstance(o, int) for o in occurs)
    ):
        made.append(global_cardinality(items, dict(zip(values, occurs, strict=True))))  # type: ignore[arg-type]
    else:
        for value, occur in zip(values, occurs, strict=True):
            taken = count(items, value)
            made += [relate(taken, ">=", occur[0]), relate(taken, "<=", occur[1])] if isinstance(occur, tuple) else [
                relate(taken, "==", occur)]  # fmt: skip
    if closed == "true":
        made += [Term("|", [expression(relate(x, "==", v)) for v in values]) == 1 for x in items]
    return made


def _occurs(r: Reading, e: Element, arguments: list[str] | None) -> list[Value | tuple[int, int]]:
    """<occurs>: numbers, variables, or intervals lo..hi (an interval here, not its values)."""
    holder = e.child("occurs")
    if holder is None:
        raise r.fail(e)("no <occurs>")
    r.expect(holder)
    found: list[Value | tuple[int, int]] = []
    for word in holder.text.split():
        interval = re.fullmatch(r"([+-]?\d{1,18})\.\.([+-]?\d{1,18})", word)
        found += [(int(interval[1]), int(interval[2]))] if interval else r.expressions(word, holder, arguments)
    return found


def _sum(r: Reading, e: Element, arguments: list[str] | None) -> Made:
    r.expect(e, children={"list", "coeffs", "condition"})
    items = r.list_of(e, "list", arguments)
    coefficients = r.list_of(e, "coeffs", arguments) if e.child("coeffs") else [1] * len(items)
    if len(coefficients) != len(items):
        raise r.fail(e)(f"{len(items)} items and {len(coefficients)} coefficients")
    total = sum((c * x for c, x in zip(coefficients, items, strict=True)), LinearExpr({}, 0, None))
    return [r.holding(total, r.condition(e, arguments))]


MAX_LISTED = 1_000_000  # the values of one item a reader lists (an automaton's alphabet, binPacking's bins)


def values_of(model: Model, item: Value) -> Sequence[int]:
    """The values an item of a list may take, to be listed (refused beyond MAX_LISTED)."""
    if isinstance(item, int):
        return (item,)
    values: Sequence[int]
    if isinstance(item, IntVar):
        values = model.domains[item.index]
    else:
        low, high = item.bounds(model.domains)
        values = range(low, high + 1)
    if len(values) >= MAX_LISTED:
        raise InvalidInput(f"{item.text()} takes {MAX_LISTED:,} values or more, too many to list for this constraint")
    return values


def start_index(r: Reading, holder: Element | None, attribute: str = "startIndex") -> int:
    """A list's startIndex (a matrix's startRowIndex, startColIndex): 0 where it says none."""
    if holder is None:
        return 0
    word = holder.attributes.get(attribute, "0").strip()
    if not re.fullmatch(r"[+-]?\d{1,9}", word):
        raise r.fail(holder)(f"{attribute}={word!r} is not a whole number")
    return int(word)


def _count(r: Reading, e: Element, arguments: list[str] | None) -> Made:
    r.expect(e, children={"list", "values", "condition"})
    items, values = r.list_of(e, "list", arguments), r.list_of(e, "values", arguments)
    total = sum((count(items, v) for v in values), LinearExpr({}, 0, None))
    return [r.holding(total, r.condition(e, arguments))]


def _n_values(r: Reading, e: Element, arguments: list[str] | None) -> Made:
    r.expect(e, children={"list", "except", "condition"})
    items = r.list_of(e, "list", arguments)
    ignored = r.list_of(e, "except", arguments) if e.child("except") is not None else []
    if not all(isinstance(v, int) for v in ignored):
        raise r.fail(e)("<except> holds whole numbers")
    return [r.holding(n_values(items, ignored), r.condition(e, arguments))]  # type: ignore[arg-type]


def _ordered(r: Reading, e: Element, arguments: list[str] | None) -> Made:
    r.expect(e, children={"list", "operator", "lengths"})
    items = r.list_of(e, "list", arguments)
    operator = _operator(r, e)
    if e.child("lengths") is not None:
        lengths = r.list_of(e, "lengths", arguments)
        return [relate(a + length, operator, b) for a, b, length in zip(items, items[1:], lengths, strict=False)]
    if operator in ("<", "<="):
        return [increasing(items, strict=operator == "<")]
    return [increasing(items[::-1], strict=operator == ">")]


def _operator(r: Reading, e: Element) -> str:
    holder = e.child("operator")
    word = holder.text.strip() if holder is not None else ""
    if word not in ("lt", "le", "gt", "ge"):
        raise r.fail(e)(f"<operator> {word!r}: lt, le, gt or ge")
    return OPERATORS[word]


def _lex(r: Reading, e: Element, arguments: list[str] | None) -> Made:
    """Lists in lexicographic order, one after the other; a matrix's rows, and its columns."""
    r.expect(e, children={"list", "matrix", "operator"})
    if e.child("matrix") is not None:
        rows = r.matrix_of(e, arguments)
        return [*_ordered_words(r, e, rows), *_ordered_words(r, e, _columns(r, e, rows))]
    return _ordered_words(r, e, _lists(r, e, arguments))


def _lists(r: Reading, e: Element, arguments: list[str] | None) -> list[list[Value]]:
    """The items of each child <list>."""
    holders = [holder for holder in e.children if holder.tag == "list"]
    for holder in holders:
        r.expect(holder)
    return [r.list_of(holder, "list", arguments) for holder in holders]


def _ordered_words(r: Reading, e: Element, lists: list[list[Value]]) -> Made:
    operator, made = _operator(r, e), list[Any]()
    for a, b in itertools.pairwise(lists):
        low, high = (a, b) if operator in ("<", "<=") else (b, a)
        made.append(lex_less_eq(low, high))
        if operator in ("<", ">"):  # (strictly: the words differ somewhere)
            made.append(_somewhere(low, high, "!=") == 1)
    return made


def _instantiation(r: Reading, e: Element, arguments: list[str] | None) -> Made:
    r.expect(e, children={"list", "values"})
    items, values = r.list_of(e, "list", arguments), r.list_of(e, "values", arguments)
    if len(items) != len(values):
        raise r.fail(e)(f"{len(items)} variables and {len(values)} values")
    return [relate(x, "==", v) for x, v in zip(items, values, strict=True)]


TAGS: dict[str, Callable[[Any, Element, list[str] | None], Made]] = {
    "intension": _intension, "extension": _extension, "allDifferent": _all_different, "sum": _sum,
    "count": _count, "nValues": _n_values, "ordered": _ordered, "lex": _lex,
    "instantiation": _instantiation, "allEqual": _all_equal, "cardinality": _cardinality,
}  # fmt: skip
