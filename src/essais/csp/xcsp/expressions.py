"""What an XCSP3 file's texts say (essais.csp.xcsp.reader reads the XML): its elements, the variables
they declare, references to them (`q[]`, `x[0..3]`, `m[1][]`), numbers and ranges, and the
functional expressions of `intension` (`eq(add(x[0],1),y)`), each made an essais expression.

XCSP3's `div` and `mod` truncate toward zero, as Java's (-7 div 2 is -3, -7 mod 2 is -1), where
essais's `//` and `%` round down as Python's: the reader keeps XCSP3's meaning (terms `div` and
`mod`, essais.csp.model.terms)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from essais.core.errors import InvalidInput
from essais.csp.model.expressions import IntVar, Linear, LinearExpr, Term, expression, relate
from essais.csp.model.functions import if_then_else, implies, maximum, minimum, xor
from essais.csp.model.intervals import Intervals
from essais.csp.model.problem import Model, domain_of

Value = LinearExpr | int
Fail = Callable[[str], InvalidInput]  # an error at the element read: what is wrong
TOKEN = re.compile(r"\s*(?:(?P<number>[+-]?\d+)|(?P<name>[A-Za-z_%][\w.]*(?:\[[^\]]*\])*)|(?P<punct>[(),]))")
REFERENCE = re.compile(r"(?P<name>[A-Za-z_][\w]*)(?P<indices>(?:\[[^\]]*\])*)$")
MAX_NESTING = 100  # functions inside functions in one expression
MAX_VALUES = 1_000_000  # values of one list, once ranges and references are written out


@dataclass
class Element:
    """An element of the file: its tag, attributes, text (its own, children's aside), children
    and the line it starts on."""

    tag: str
    attributes: dict[str, str]
    line: int
    text: str = ""
    children: list[Element] = field(default_factory=list)

    def child(self, tag: str) -> Element | None:
        return next((c for c in self.children if c.tag == tag), None)


@dataclass
class XcspArray:
    """An array of variables: its sizes and its variables by their indices (a cell not declared
    holds none)."""

    shape: tuple[int, ...]
    cells: dict[tuple[int, ...], IntVar]


class Arguments(list[str]):
    """A group's arguments, one a place (`%0`, `%1`…); `%...` stands for those after the last
    place the template names (`rest`: its index)."""

    def __init__(self, items: list[str], rest: int = 0) -> None:
        super().__init__(items)
        self.rest = rest


class Scope:
    """The model's variables as the file names them, and the reading of its texts."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self.scalars: dict[str, IntVar] = {}
        self.arrays: dict[str, XcspArray] = {}
        self.symbol_numbers: dict[str, int] = {}  # each symbol of the symbolic variables: its number

    # references and values
    def items(self, text: str, fail: Fail, arguments: list[str] | None = None) -> list[Value]:
        """A list's items: references (variables) and whole numbers, ranges a..b written out, a
        value repeated k times written vxk."""
        found: list[Value] = []
        for word in text.split():
            if word.startswith("%") and arguments is not None:
                found += self.items(" ".join(self.argument(word, arguments, fail)), fail)
            elif ".." in word and "[" not in word:
                low, high = (self.number(part, fail) for part in word.split("..", 1))
                if high - low >= MAX_VALUES:
                    raise fail(f"the range {word} holds more than {MAX_VALUES:,} values")
                found += range(low, high + 1)
            elif re.fullmatch(r"[+-]?\d+", word):
                found.append(self.number(word, fail))
            elif repeated := re.fullmatch(r"([+-]?\d+)x(\d+)", word):  # (XCSP3's compact repetition: 0x6)
                times = self.number(repeated.group(2), fail)
                if times >= MAX_VALUES:
                    raise fail(f"{word} repeats a value more than {MAX_VALUES:,} times")
                found += [self.number(repeated.group(1), fail)] * times
            elif self.is_symbol(word):
                found.append(self.symbol_numbers[word])
            else:
                found += self.reference(word, fail)
            if len(found) > MAX_VALUES:
                raise fail(f"a list of more than {MAX_VALUES:,} values")
        return found

    def is_symbol(self, word: str) -> bool:
        """A symbol of the symbolic variables (and no variable's or array's name)."""
        return word in self.symbol_numbers and word not in self.scalars and word not in self.arrays

    def argument(self, word: str, arguments: list[str], fail: Fail) -> list[str]:
        """%i (the i-th argument of a group's template) or %... (those after the last %i the
        template names: all of them where it names none)."""
        if word == "%...":
            return arguments[arguments.rest :] if isinstance(arguments, Arguments) else arguments
        if not word[1:].isdigit() or int(word[1:]) >= len(arguments):
            raise fail(f"{word}: the template has {len(arguments)} arguments")
        return [arguments[int(word[1:])]]

    def number(self, word: str, fail: Fail) -> int:
        if not re.fullmatch(r"[+-]?\d{1,30}", word.strip()):
            raise fail(f"{word!r} is not a whole number")
        return int(word)

    def reference(self, word: str, fail: Fail) -> list[IntVar]:
        """x, q[3], x[0..2], m[][1]: the variables named, row after row."""
        match = REFERENCE.match(word)
        if match is None:
            raise fail(f"{word!r} is not a variable, a number nor a range")
        name, indices = match.group("name"), match.group("indices")
        if not indices:
            if name not in self.scalars:
                symbol = " nor a symbol of the symbolic variables" if self.symbol_numbers else ""
                raise fail(f"{name!r} is not a declared variable{symbol}"
                           + (" (an array: index it)" if name in self.arrays else ""))  # fmt: skip
            return [self.scalars[name]]
        if name not in self.arrays:
            raise fail(f"{name!r} is not a declared array")
        array = self.arrays[name]
        parts = indices[1:-1].split("][")
        if len(parts) != len(array.shape):
            raise fail(f"{word}: {name} has {len(array.shape)} dimension{'s' * (len(array.shape) > 1)}")
        ranges = []
        for part, size in zip(parts, array.shape, strict=True):
            if part == "":
                ranges.append(range(size))
            elif ".." in part:
                low, high = (self.number(p, fail) for p in part.split("..", 1))
                ranges.append(range(low, high + 1))
            else:
                ranges.append(range(self.number(part, fail), self.number(part, fail) + 1))
            if ranges[-1] and (ranges[-1][0] < 0 or ranges[-1][-1] >= size):
                raise fail(f"{word} is outside {name}[0..{size - 1}]")
        cells = [array.cells.get(index) for index in itertools.product(*ranges)]
        if len(ranges) == sum(1 for r in ranges if len(r) == 1) and cells[0] is None:
            raise fail(f"{word} is not a declared variable (its cell of {name} has no domain)")
        return [cell for cell in cells if cell is not None]

    def values(self, text: str, fail: Fail) -> Sequence[int]:
        """A domain: whole numbers and ranges a..b (kept as ranges where they span more than
        MAX_SPAN values: no memory per value)."""
        ranges = []
        for word in text.split():
            if ".." in word:
                low, high = (self.number(part, fail) for part in word.split("..", 1))
                if low > high:
                    raise fail(f"the domain {word}: {low} is more than {high}")
                ranges.append((low, high))
            else:
                ranges.append((self.number(word, fail),) * 2)
        return domain_of(Intervals(ranges))

    # the functional expressions of intension
    def expression(self, text: str, fail: Fail, arguments: list[str] | None = None) -> Value | Linear:
        """`add(x[0],mul(2,y))` as an essais expression (a relation at its top stays a relation)."""
        tokens = list(self._tokens(text, fail))
        tree, end = self._tree(tokens, 0, fail, 0, arguments)
        if end != len(tokens):
            raise fail(f"{text.strip()!r}: more after the expression")
        return tree

    def _tokens(self, text: str, fail: Fail) -> Iterator[tuple[str, str]]:
        position = 0
        text = text.strip()
        while position < len(text):
            match = TOKEN.match(text, position)
            if match is None or match.end() == position:
                raise fail(f"{text[position : position + 20]!r} cannot be read in an expression")
            kind = match.lastgroup
            assert kind is not None
            yield kind, match.group(kind)
            position = match.end()
            while position < len(text) and text[position].isspace():
                position += 1

    def _tree(self, tokens: list[tuple[str, str]], at: int, fail: Fail, depth: int,
              arguments: list[str] | None) -> tuple[Any, int]:  # fmt: skip
        if depth > MAX_NESTING:
            raise fail(f"an expression nested more than {MAX_NESTING} deep")
        if at >= len(tokens):
            raise fail("an expression ends too soon")
        kind, word = tokens[at]
        if kind == "number":
            return self.number(word, fail), at + 1
        if kind != "name":
            raise fail(f"{word!r} where an expression starts")
        if at + 1 < len(tokens) and tokens[at + 1] == ("punct", "("):
            operands, at = [], at + 2
            while True:
                operand, at = self._tree(tokens, at, fail, depth + 1, arguments)
                operands.append(operand)
                if at < len(tokens) and tokens[at] == ("punct", ","):
                    at += 1
                    continue
                if at < len(tokens) and tokens[at] == ("punct", ")"):
                    return function(word, operands, fail), at + 1
                raise fail(f"{word}(…) is not closed")
        if word.startswith("%"):
            if arguments is None:
                raise fail(f"{word} outside a group's template")
            (argument,) = self.argument(word, arguments, fail)
            return self.expression(argument, fail), at + 1
        if self.is_symbol(word):
            return self.symbol_numbers[word], at + 1
        variables = self.reference(word, fail)
        if len(variables) != 1:
            raise fail(f"{word}: one variable is meant here")
        return variables[0], at + 1


def function(name: str, operands: list[Any], fail: Fail) -> Any:
    """XCSP3's function `name` of its operands."""
    try:
        return _function(name, operands, fail)
    except InvalidInput as error:
        raise fail(f"{name}(…): {str(error).removeprefix('expression: ')}") from None


def _function(name: str, operands: list[Any], fail: Fail) -> Any:
    arity = len(operands)
    if name == "set":
        return ("set", operands)
    if name == "in":
        if arity != 2 or not (isinstance(operands[1], tuple) and operands[1][0] == "set"):
            raise fail("in(x, set(…)) takes an expression and a set")
        base = expression(operands[0])
        base = base if isinstance(base, LinearExpr) else LinearExpr({}, base, None)
        members = [expression(base == m) for m in operands[1][1]]
        return Term("|", members) if members else LinearExpr({}, 0, None) == 1
    if any(isinstance(o, tuple) for o in operands):
        raise fail("set(…) stands only inside in(x, set(…))")
    terms = [expression(o) for o in operands]
    exprs = [t if isinstance(t, LinearExpr) else LinearExpr({}, t, None) for t in terms]
    fixed = {"neg": 1, "abs": 1, "sqr": 1, "not": 1, "sub": 2, "div": 2, "mod": 2, "pow": 2, "dist": 2, "lt": 2,
             "le": 2, "gt": 2, "ge": 2, "ne": 2, "imp": 2, "if": 3}  # fmt: skip
    if name in fixed and arity != fixed[name]:
        raise fail(f"{name} takes {fixed[name]} operand{'s' * (fixed[name] > 1)}, not {arity}")
    if name not in fixed and arity < 1:
        raise fail(f"{name}() takes operands")
    if name == "neg":
        return -exprs[0]
    if name == "abs":
        return abs(exprs[0])
    if name == "sqr":
        return exprs[0] * exprs[0]
    if name in ("add", "sub"):
        total = exprs[0]
        for other in exprs[1:]:
            total = total + other if name == "add" else total - other
        return total
    if name == "mul":
        product = exprs[0]
        for other in exprs[1:]:
            product = product * other
        return product
    if name in ("div", "mod"):
        return Term(name, exprs)
    if name == "pow":
        if not isinstance(operands[1], int) or not 0 <= operands[1] <= 16:
            raise fail("pow takes a whole exponent from 0 to 16")
        power: LinearExpr = LinearExpr({}, 1, None)
        for _ in range(operands[1]):
            power = power * exprs[0]
        return power
    if name in ("min", "max"):
        return minimum(exprs) if name == "min" else maximum(exprs)
    if name == "dist":
        return abs(exprs[0] - exprs[1])
    if name in ("lt", "le", "gt", "ge", "ne"):
        a, b = exprs
        return relate(a, {"lt": "<", "le": "<=", "gt": ">", "ge": ">=", "ne": "!="}[name], b)
    if name == "eq":
        relations = [a == b for a, b in itertools.pairwise(exprs)]
        return relations[0] if len(relations) == 1 else Term("&", [expression(r) for r in relations])
    if name in ("and", "or"):
        return exprs[0] if arity == 1 else Term("&" if name == "and" else "|", exprs)
    if name == "not":
        return ~exprs[0]
    if name == "imp":
        return implies(exprs[0], exprs[1])
    if name == "xor":
        return xor(exprs)
    if name == "iff":
        for e in exprs:
            Term("~", [e])  # (refuses an operand that is not 0/1)
        return (
            Term("&", [expression(a == b) for a, b in itertools.pairwise(exprs)]) if arity > 2 else exprs[0] == exprs[1]
        )
    if name == "if":
        return if_then_else(exprs[0], exprs[1], exprs[2])
    raise fail(f"{name!r} is not a function of XCSP3's intension essais reads")
