"""The expressions of a model file (essais.csp.files.reader), read from Python's syntax tree and never
executed: expressions of the model's variables (sums, products, `x[i]` of a variable i; the
terms that are calls or comparisons are essais.csp.files.terms's), whole numbers of params and
loop variables (indices, bounds, conditions), `sum(…)` and the loops of generators.

A name stands for a loop's variable, then a param, then a variable of the model; `x[i][j]`
indexes an array by whole numbers; whole numbers add, subtract, multiply, and divide with `//`
and `%` (Python's floor division: -7 // 2 is -4, -7 % 2 is 1); a condition compares them
(chained comparisons too) with `and`, `or`, `not`.
"""

from __future__ import annotations

import ast
import io
import itertools
import re
import tokenize
import warnings
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from typing import Any

from essais.core.errors import InvalidInput
from essais.core.signals import deferred
from essais.csp.model.expressions import IntVar, LinearExpr
from essais.csp.model.functions import element
from essais.csp.model.problem import Model

MAX_DIGITS = 30  # in a number written in a model file (the numba engine's integers have 19)
MAX_ARRAY = 100_000  # variables in one array, values in one range
MAX_ITERATIONS = 1_000_000  # the loops of one generator, all told
LONG_NUMBER = re.compile(rf"(?<![\w.])[0-9]{{{MAX_DIGITS + 1},}}")
COMPARISONS = {"==", "!=", "<", "<=", ">", ">=", "in"}
OPENING, CLOSING = "([{", ")]}"
WHOLE_OPERATORS: dict[type, Callable[[int, int], int]] = {
    ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
    ast.FloorDiv: lambda a, b: a // b, ast.Mod: lambda a, b: a % b,
}  # fmt: skip
TESTS: dict[type, Callable[[int, int], bool]] = {
    ast.Eq: lambda a, b: a == b, ast.NotEq: lambda a, b: a != b, ast.Lt: lambda a, b: a < b,
    ast.LtE: lambda a, b: a <= b, ast.Gt: lambda a, b: a > b, ast.GtE: lambda a, b: a >= b,
}  # fmt: skip
Loop = dict[str, int]  # the loops' variables, each with its value


@dataclass(frozen=True)
class FileArray:
    """An array of variables: its sizes (one a dimension) and its variables, row after row."""

    shape: tuple[int, ...]
    variables: list[IntVar]


class Expressions(ABC):
    """What a model file's lines are made of (essais.csp.files.reader reads the lines)."""

    model: Model
    scalars: dict[str, IntVar]
    arrays: dict[str, FileArray]
    params: dict[str, int]

    @abstractmethod
    def error(self, column: int, what: str) -> InvalidInput:
        """The error to raise: what is wrong at `column` of the line read."""

    # reading
    def parse(self, text: str, column: int) -> ast.expr:
        """The syntax tree of an expression that starts at `column`."""
        long = LONG_NUMBER.search(text)
        if long:
            raise self.error(column + long.start(), f"a number of more than {MAX_DIGITS} digits")
        try:
            with deferred(), quiet():  # (no signal raises inside the parser)
                return ast.parse(text, mode="eval").body
        except SyntaxError as error:
            raise self.error(column + (error.offset or 1) - 1, f"not a constraint ({error.msg})") from None
        except (RecursionError, MemoryError):
            raise self.error(column, "the expression is nested too deeply to read") from None

    def literal(self, text: str | ast.expr, column: int, what: str) -> Any:
        """A value written out (ast.literal_eval), whatever is wrong with it refused as not `what`."""
        try:
            with deferred(), quiet():  # (no signal raises inside the parser)
                return ast.literal_eval(text)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            shown = text if isinstance(text, str) else ast.unparse(text)
            raise self.error(column, f"{short(shown)!r} is not {what}") from None

    # whole numbers and conditions
    def whole(self, node: ast.expr, indent: int, loop: Loop) -> int:
        value = self.linear(node, indent, loop)
        if not isinstance(value, int):
            raise self.error(indent + node.col_offset, "an index, a bound or a param is a whole number (no variable)")
        return value

    def condition(self, node: ast.expr, indent: int, loop: Loop) -> bool:
        """A test of whole numbers: comparisons (chained too) joined by and, or, not."""
        if isinstance(node, ast.BoolOp):
            tests = (self.condition(value, indent, loop) for value in node.values)
            return all(tests) if isinstance(node.op, ast.And) else any(tests)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            return not self.condition(node.operand, indent, loop)
        if isinstance(node, ast.Compare) and all(type(op) in TESTS for op in node.ops):
            values = [self.whole(side, indent, loop) for side in [node.left, *node.comparators]]
            return all(TESTS[type(op)](a, b) for op, a, b in zip(node.ops, values, values[1:], strict=False))
        raise self.error(indent + node.col_offset, "a condition compares whole numbers (==, !=, <, <=, >, >=) "
                         "joined by and, or, not")  # fmt: skip

    def range(self, node: ast.expr, indent: int, loop: Loop) -> range:
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "range"
                and 1 <= len(node.args) <= 2 and not node.keywords):  # fmt: skip
            raise self.error(indent + node.col_offset, "a loop runs over range(n) or range(a, b)")
        bounds = [self.whole(argument, indent, loop) for argument in node.args]
        if bounds[-1] - (bounds[0] if len(bounds) == 2 else 0) > MAX_ARRAY:
            raise self.error(indent + node.col_offset, f"a range of more than {MAX_ARRAY:,}")
        return range(*bounds)

    def loops(self, generator: ast.GeneratorExp | ast.ListComp, indent: int, loop: Loop) -> Iterator[Loop]:
        """The loops of a generator (`for i in range(…)`, more than one, each with its `if`s):
        the values of their variables, one set after the other."""
        done = itertools.count(1)

        def inner(k: int, values: Loop) -> Iterator[Loop]:
            if k == len(generator.generators):
                if next(done) > MAX_ITERATIONS:
                    raise self.error(indent + generator.col_offset, f"more than {MAX_ITERATIONS:,} loops")
                yield values
                return
            comprehension = generator.generators[k]
            if not isinstance(comprehension.target, ast.Name) or comprehension.is_async:
                raise self.error(indent + comprehension.target.col_offset, "the loop's variable must be a name")
            name = self.loop_name(comprehension.target.id, indent + comprehension.target.col_offset, values)
            for value in self.range(comprehension.iter, indent, values):
                inside = values | {name: value}
                if all(self.condition(test, indent, inside) for test in comprehension.ifs):
                    yield from inner(k + 1, inside)

        return inner(0, loop)

    def loop_name(self, name: str, column: int, loop: Loop) -> str:
        if name in self.scalars or name in self.arrays or name in self.params or name in loop:
            raise self.error(column, f"{name!r} names a variable, a param or an outer loop's variable already")
        return name

    # linear expressions
    def linear(self, node: ast.expr, indent: int, loop: Loop) -> LinearExpr | int:  # type: ignore[return]
        """A linear expression (or a whole number) from Python's syntax tree."""
        where = indent + node.col_offset
        if isinstance(node, ast.Constant):
            if type(node.value) is not int:
                raise self.error(where, f"{short(repr(node.value))} is not a whole number")
            if abs(node.value) >= 10**MAX_DIGITS:
                raise self.error(where, f"a number of more than {MAX_DIGITS} digits")
            return node.value
        if isinstance(node, ast.Name):
            return self.named(node, where, loop)
        if isinstance(node, ast.Subscript):
            found = self.indexed(node, indent, loop)
            if isinstance(found, LinearExpr):
                return found
            raise self.error(where, f"{ast.unparse(node)!r} is a part of an array: index each dimension")
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
            operand = self.linear(node.operand, indent, loop)
            return -operand if isinstance(node.op, ast.USub) else operand
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Sub):
            return self.chain(node, indent, loop)
        if isinstance(node, ast.BinOp) and type(node.op) in WHOLE_OPERATORS:
            return self.product(node, indent, loop)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "sum":
            return self.total(node, indent, loop)
        if isinstance(node, ast.Call | ast.Compare | ast.BoolOp) or (
            isinstance(node, ast.BinOp | ast.UnaryOp)
            and isinstance(node.op, ast.BitOr | ast.BitAnd | ast.Invert | ast.Not)
        ):
            return self.term(node, indent, loop)
        raise self.error(where, f"{ast.unparse(node)!r}: a model's expressions add, subtract, multiply, take "
                         "terms (abs, min, …) and compare")  # fmt: skip

    @abstractmethod
    def term(self, node: ast.expr, indent: int, loop: Loop) -> LinearExpr:
        """A term: a call (abs, min, max, count, element, implies, if_then_else), a comparison
        as 0 or 1, the logic of those (essais.csp.files.terms)."""

    def made(self, where: int, make: Callable[[], Any]) -> Any:
        """What `make` builds, its refusal said at `where`."""
        try:
            return make()
        except InvalidInput as error:
            raise self.error(where, str(error).removeprefix("expression: ")) from None

    def named(self, node: ast.Name, where: int, loop: Loop) -> IntVar | int:
        if node.id in loop:
            return loop[node.id]
        if node.id in self.params:
            return self.params[node.id]
        if node.id in self.scalars:
            return self.scalars[node.id]
        hint = " (an array: index it)" if node.id in self.arrays else ""
        raise self.error(where, f"{node.id!r} is not a declared variable{hint}")

    def product(self, node: ast.BinOp, indent: int, loop: Loop) -> LinearExpr | int:
        """a * b with one side a whole number; //, % of whole numbers."""
        where = indent + node.col_offset
        left, right = self.linear(node.left, indent, loop), self.linear(node.right, indent, loop)
        if isinstance(left, int) and isinstance(right, int):
            if isinstance(node.op, ast.FloorDiv | ast.Mod) and right == 0:
                raise self.error(where, f"{ast.unparse(node)!r} divides by zero")
            value = WHOLE_OPERATORS[type(node.op)](left, right)
            if abs(value) >= 10**MAX_DIGITS:
                raise self.error(where, f"{short(ast.unparse(node))!r} reaches more than {MAX_DIGITS} digits")
            return value
        if not isinstance(node.op, ast.Mult) and not isinstance(right, int):
            raise self.error(where, f"{short(ast.unparse(node))!r}: // and % divide by a whole number")
        if isinstance(node.op, ast.FloorDiv | ast.Mod) and right == 0:
            raise self.error(where, f"{ast.unparse(node)!r} divides by zero")
        return self.made(where, lambda: WHOLE_OPERATORS[type(node.op)](left, right))  # type: ignore[arg-type]

    def chain(self, node: ast.BinOp, indent: int, loop: Loop) -> LinearExpr | int:
        """A sum in brackets, `(a + b - c …)`: its terms taken down the left side one by one
        (not recursively: a long sum is a deep tree)."""
        terms: list[tuple[int, ast.expr]] = []
        left: ast.expr = node
        while isinstance(left, ast.BinOp) and isinstance(left.op, ast.Add | ast.Sub):
            terms.append((1 if isinstance(left.op, ast.Add) else -1, left.right))
            left = left.left
        terms.append((1, left))
        total = LinearExpr({}, 0, self.model)
        for sign, term in reversed(terms):
            add_into(total, self.linear(term, indent, loop), sign)
        return total if total.terms else total.constant

    def total(self, call: ast.Call, indent: int, loop: Loop) -> LinearExpr | int:
        """sum(array), sum(x[i]) of a row, sum(… for … in range(…) if …)."""
        total = LinearExpr({}, 0, self.model)
        for term in self.operands(call, indent, loop, "sum"):
            add_into(total, term, 1)
        return total if total.terms else total.constant

    def operands(self, call: ast.Call, indent: int, loop: Loop, what: str) -> Iterator[LinearExpr | int]:
        """The expressions a call takes: an array (or a part of one: a row), one generator, or
        its arguments listed (sum takes the first two only)."""
        arguments = call.args
        if len(arguments) == 1:
            part = self.part(arguments[0], indent, loop)
            if part is not None:
                yield from part
                return
            if isinstance(arguments[0], ast.List | ast.Tuple):
                for item in arguments[0].elts:
                    yield self.linear(item, indent, loop)
                return
            if isinstance(arguments[0], ast.GeneratorExp | ast.ListComp):
                generator = arguments[0]
                for values in self.loops(generator, indent, loop):
                    yield self.linear(generator.elt, indent, values)
                return
        if what == "sum":
            raise self.error(indent + call.col_offset, "sum takes an array, a row or a generator (… for … in range(…))")
        for argument in arguments:
            yield self.linear(argument, indent, loop)

    def hall(self, call: ast.Call, indent: int) -> bool:
        """all_different's one keyword, `hall=True` (or False)."""
        hall = False
        for keyword in call.keywords:
            if keyword.arg != "hall" or not (isinstance(keyword.value, ast.Constant)
                                              and isinstance(keyword.value.value, bool)):  # fmt: skip
                raise self.error(indent + keyword.value.col_offset, "all_different takes one keyword, hall=True")
            hall = keyword.value.value
        return hall

    # arrays
    def part(self, node: ast.expr, indent: int, loop: Loop) -> list[IntVar] | None:
        """The variables of an array, or of a part of one (`x[i]`, a row of a 2-D array); None
        for anything else."""
        if isinstance(node, ast.Name) and node.id in self.arrays and node.id not in loop:
            return self.arrays[node.id].variables
        if isinstance(node, ast.Subscript):
            found = self.indexed(node, indent, loop)
            return found if isinstance(found, list) else None
        return None

    def indexed(self, node: ast.Subscript, indent: int, loop: Loop) -> LinearExpr | list[IntVar]:
        """x[i], x[i][j]: a variable, or the variables of a part of the array; indexed in its
        last dimension by an expression of variables, their element there."""
        indices: list[ast.expr] = []
        base: ast.expr = node
        while isinstance(base, ast.Subscript):
            indices.append(base.slice)
            base = base.value
        where = indent + node.col_offset
        if not isinstance(base, ast.Name) or base.id not in self.arrays:
            raise self.error(where, f"{short(ast.unparse(base))!r} is not an array")
        array = self.arrays[base.id]
        if len(indices) > len(array.shape):
            raise self.error(where, f"{base.id} has {len(array.shape)} dimension{'s' * (len(array.shape) > 1)}")
        start, size = 0, len(array.variables)
        shown = base.id
        for depth, (dimension, index_node) in enumerate(zip(array.shape, reversed(indices), strict=False)):
            if isinstance(index_node, ast.Tuple | ast.Slice):
                raise self.error(where, f"index each dimension on its own: {base.id}[i][j]")
            found = self.linear(index_node, indent, loop)
            if not isinstance(found, int) and depth == len(array.shape) - 1:  # (x[i] of a variable i: element)
                return self.made(where, partial(element, array.variables[start : start + size], found))  # type: ignore[no-any-return]
            index = self.whole(index_node, indent, loop)
            if not 0 <= index < dimension:
                raise self.error(where, f"{shown}[{index}] is outside {shown}[0..{dimension - 1}]")
            size //= dimension
            start += index * size
            shown += f"[{index}]"
        if len(indices) == len(array.shape):
            return array.variables[start]
        return array.variables[start : start + size]


@contextmanager
def quiet() -> Iterator[None]:
    """Python's parser says nothing of its own on stderr (`1if` warns of an invalid decimal
    literal): what is wrong with a line is said once, by the reader."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)
        yield


def add_into(total: LinearExpr, term: LinearExpr | int, sign: int) -> None:
    """total += sign · term, in place (a sum of n terms in n steps, not n²)."""
    if isinstance(term, int):
        total.constant += sign * term
        return
    for var, coefficient in term.terms.items():
        total.terms[var] = total.terms.get(var, 0) + sign * coefficient
        if not total.terms[var]:
            del total.terms[var]
    total.constant += sign * term.constant


def top_level(text: str) -> list[tuple[int, str, int]] | None:
    """The tokens of a line outside brackets, each (kind, string, column), with the bracket
    that closes a group standing for it; None for a line that does not tokenize."""
    tokens: list[tuple[int, str, int]] = []
    depth = 0
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type in (tokenize.NEWLINE, tokenize.ENDMARKER, tokenize.NL):
                continue
            if token.string in CLOSING and token.type == tokenize.OP:
                depth -= 1
            if depth == 0:
                tokens.append((token.type, token.string, token.start[1]))
            if token.string in OPENING and token.type == tokenize.OP:
                depth += 1
    except (tokenize.TokenError, SyntaxError):
        return None
    return tokens if depth == 0 else None


def binary_sign(tokens: list[tuple[int, str, int]], k: int) -> bool:
    """Token k is a + or - between two terms (not a sign in front of one)."""
    kind, string, _ = tokens[k]
    before_kind, before, _ = tokens[k - 1]
    return (kind == tokenize.OP and string in "+-" and
            (before_kind in (tokenize.NAME, tokenize.NUMBER, tokenize.STRING) or before in CLOSING))  # fmt: skip


def short(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "…"


def shape_size(shape: tuple[int, ...]) -> int:
    """The variables of an array of this shape."""
    size = 1
    for dimension in shape:
        size *= dimension
    return size


def shape_indices(shape: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The indices of an array of this shape, row after row."""
    indices: list[tuple[int, ...]] = [()]
    for dimension in shape:
        indices = [index + (k,) for index in indices for k in range(dimension)]
    return indices
