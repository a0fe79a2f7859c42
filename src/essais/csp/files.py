"""Model files for the command line (`essais csp FILE`): a small line format of essais's own,
whose expressions are Python's, read with `ast` and never executed.

    # SEND + MORE = MONEY            (a comment runs from # to the end of the line)
    var S, E, N, D, O, R, Y in 0..9  (variables of one domain: lo..hi, or a set {1, 3, 5})
    var M in 1..9
    var q[8] in 0..7                 (an array: q[0] … q[7])
    all_different(S, E, N, D, M, O, R, Y)
    all_different(q)                 (every variable of an array)
    all_different(q[i] + i for i in range(8))
    all_different(d, hall=True)      (also Hall intervals: more pruning, longer propagation)
    1000*S + 100*E + 10*N + D + 1000*M + 100*O + 10*R + E == 10000*M + 1000*O + 100*N + 10*E + Y
    table(x, y) in [(1, 2), (2, 3)]
    minimize 3*x + y                 (or maximize: the best solution is sought, one objective a model)

A relation is a linear expression (sums and differences of variables times whole numbers) on
each side of one of ==, !=, <, <=, >, >=. A line that is wrong is refused with its line and
column (CspFileError). A sum is read term by term, so a line may hold any number of terms; a
number has at most MAX_DIGITS digits; the model's size is estimated before it is built (each
file's characters, each declaration's variables) and refused beyond the memory limit.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from essais.core.engine import check_memory
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, setting_up
from essais.core.signals import deferred
from essais.core.text import read_text, source_name
from essais.csp.constraints import IntVar, LinearExpr, all_different, table
from essais.csp.model import MAX_SPAN, Model

DECLARATION = re.compile(r"var\s+(?P<names>.+?)\s+in\s+(?P<domain>.+)")
OBJECTIVE = re.compile(r"(?P<sense>minimize|maximize)\s+(?P<expression>.+)")
WORDS = ("range", "all_different", "table", "minimize", "maximize")  # (no variable takes these names)
NAME = re.compile(r"(?P<name>[^\W\d]\w*)(\[(?P<size>[0-9]+)\])?")  # (a letter of any script first)
RANGE = re.compile(r"(?P<lo>-?[0-9]+)\s*\.\.\s*(?P<hi>-?[0-9]+)")
MAX_ARRAY = 100_000  # variables in one array
MAX_DIGITS = 30  # in a number written in a model file (the numba engine's integers have 19)
RELATIONS = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">="}
COMPARISONS = {"==", "!=", "<", "<=", ">", ">=", "in"}
OPENING, CLOSING = "([{", ")]}"
# What reading costs, measured with tracemalloc and rounded up: a character of a file (its
# syntax tree and the tuples of a table: 220 bytes at the peak of a 20,000-row table), a
# variable (its object, name and index), a value of a declaration's domain (shared by its
# variables).
BYTES_PER_CHARACTER = 250
BYTES_PER_VARIABLE = 600
BYTES_PER_VALUE = 40


class CspFileError(InvalidInput):
    """A model file that cannot be read: its line, column, and what is wrong."""


def read_model(source: str | Path, text: str | None = None, *, limits: Limits | None = None) -> Model:
    """The model of a file, `-` for standard input (or of `text`, named `source`). Its reading
    counts in the time limit (a limit or a signal raises SearchStopped) and its size is
    weighed against the memory limit before it is built."""
    with setting_up(limits):
        name = source_name(source) if text is None else str(source)
        if text is None:
            text = read_text(source, limits=limits, bytes_per_character=BYTES_PER_CHARACTER, error=CspFileError)
        else:
            check_memory(len(text) * BYTES_PER_CHARACTER, f"reading {name}", limits)
        return _Reader(name, limits).read(text)


class _Reader:
    def __init__(self, name: str, limits: Limits | None) -> None:
        self.name = name
        self.limits = limits
        self.model = Model()
        self.scalars: dict[str, IntVar] = {}
        self.arrays: dict[str, list[IntVar]] = {}
        self.line = 0
        self.estimate = 0  # the bytes the variables declared so far take

    def error(self, column: int, what: str) -> CspFileError:
        return CspFileError(f"{self.name} line {self.line}, column {column + 1}: {what}")

    def read(self, text: str) -> Model:
        for self.line, raw in enumerate(text.splitlines(), start=1):
            line = raw.split("#", 1)[0].rstrip()
            if not line.strip():
                continue
            indent = len(line) - len(line.lstrip())
            declared = DECLARATION.fullmatch(line.strip())
            objective = OBJECTIVE.fullmatch(line.strip())
            if declared:
                self.declare(declared, indent)
            elif objective:
                self.objective(objective, indent)
            else:
                self.constrain(line.strip(), indent)
        if not self.model.names:
            raise CspFileError(f"{self.name}: no variables (declare them: var x in 0..9)")
        return self.model

    def declare(self, match: re.Match[str], indent: int) -> None:
        values = self.domain(match.group("domain"), indent + match.start("domain"))
        parts = [(part, NAME.fullmatch(part.strip())) for part in match.group("names").split(",")]
        sizes = []
        for part, found in parts:
            if not found:
                raise self.error(indent + 4, f"{part.strip()!r} is not a name nor name[size]")
            size = found.group("size")
            if size is not None and (len(size) > len(str(MAX_ARRAY)) or int(size) > MAX_ARRAY):
                raise self.error(indent + 4, f"{found.group('name')}[{size}]: more than {MAX_ARRAY:,} variables")
            sizes.append(1 if size is None else int(size))
        self.estimate += sum(sizes) * BYTES_PER_VARIABLE + len(values) * BYTES_PER_VALUE
        check_memory(self.estimate, f"the variables of {self.name} up to line {self.line}", self.limits)
        for (_, found), size in zip(parts, sizes, strict=True):
            assert found is not None
            name = found.group("name")
            if name in self.scalars or name in self.arrays or name in WORDS:
                raise self.error(indent + 4, f"{name!r} is declared twice (or is a word of the format)")
            try:
                if found.group("size") is None:
                    self.scalars[name] = self.model.int_var(values, name=name)
                else:
                    self.arrays[name] = [self.model.int_var(values, name=f"{name}[{k}]") for k in range(size)]
            except InvalidInput as error:
                raise self.error(indent, str(error)) from None

    def domain(self, text: str, column: int) -> tuple[int, ...]:
        span = RANGE.fullmatch(text.strip())
        if span:
            lo, hi = self.number(span.group("lo"), column), self.number(span.group("hi"), column)
            if lo > hi:
                raise self.error(column, f"{lo}..{hi}: lo is more than hi")
            if hi - lo >= MAX_SPAN:
                raise self.error(column, f"{lo}..{hi} spans more than {MAX_SPAN:,} values")
            return tuple(range(lo, hi + 1))
        values = self.literal(text.strip(), column, "a domain (lo..hi, or a set {1, 3, 5})")
        if not isinstance(values, set | frozenset) or not all(type(v) is int for v in values):
            raise self.error(column, f"{text.strip()!r} is not a set of whole numbers")
        return tuple(sorted(values))

    def number(self, digits: str, column: int) -> int:
        if len(digits.lstrip("-")) > MAX_DIGITS:
            raise self.error(column, f"a number of more than {MAX_DIGITS} digits")
        return int(digits)

    def literal(self, text: str | ast.expr, column: int, what: str) -> Any:
        """A value written out (ast.literal_eval), whatever is wrong with it refused as not `what`."""
        try:
            with deferred():  # (no signal raises inside the parser)
                return ast.literal_eval(text)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            shown = text if isinstance(text, str) else ast.unparse(text)
            raise self.error(column, f"{_short(shown)!r} is not {what}") from None

    def objective(self, match: re.Match[str], indent: int) -> None:
        """`minimize EXPR` or `maximize EXPR`: a sum, read term by term as a relation's side is."""
        text, column = match.group("expression"), indent + match.start("expression")
        tokens = _top_level(text)
        if tokens is None:
            self.parse(text, column)  # (says where the expression is wrong)
            raise self.error(column, "not an expression")
        for kind, string, at in tokens:
            if kind == tokenize.OP and string in COMPARISONS:
                raise self.error(column + at, f"{match.group('sense')} takes an expression, not a relation")
        try:
            getattr(self.model, match.group("sense"))(self.sum(text, column, tokens))
        except CspFileError:
            raise
        except InvalidInput as error:
            raise self.error(column, str(error)) from None

    def constrain(self, text: str, indent: int) -> None:
        relation = self.relation(text, indent)
        if relation is not None:
            left, operator, right = relation
            self.model.add({"==": left == right, "!=": left != right, "<": left < right, "<=": left <= right,
                            ">": left > right, ">=": left >= right}[operator])  # fmt: skip
            return
        tree = self.parse(text, indent)
        if isinstance(tree, ast.Call) and isinstance(tree.func, ast.Name) and tree.func.id == "all_different":
            self.model.add(all_different(list(self.operands(tree, indent)), self.hall(tree, indent)))
        elif isinstance(tree, ast.Compare) and len(tree.ops) == 1 and isinstance(tree.ops[0], ast.In):
            self.table(tree, indent)
        else:
            raise self.error(indent + tree.col_offset, "not a constraint: a relation (==, !=, <, <=, >, >=), "
                             "all_different(…) or table(…) in [...]")  # fmt: skip

    def parse(self, text: str, column: int) -> ast.expr:
        """The syntax tree of an expression that starts at `column`."""
        try:
            with deferred():  # (no signal raises inside the parser)
                return ast.parse(text, mode="eval").body
        except SyntaxError as error:
            raise self.error(column + (error.offset or 1) - 1, f"not a constraint ({error.msg})") from None
        except (RecursionError, MemoryError):
            raise self.error(column, "the expression is nested too deeply to read") from None

    def relation(self, text: str, indent: int) -> tuple[LinearExpr, str, LinearExpr] | None:
        """A line that is one relation between two sums, each read term by term (a sum of any
        length); None for a line that is something else (all_different, a table, an error)."""
        tokens = _top_level(text)
        if tokens is None:
            return None
        compared = [k for k, (kind, string, _) in enumerate(tokens) if kind == tokenize.OP and string in COMPARISONS]
        if len(compared) != 1 or tokens[compared[0]][1] == "in" or compared[0] in (0, len(tokens) - 1):
            return None  # (ast says what is wrong with a side left empty)
        _, operator, column = tokens[compared[0]]
        left = self.sum(text[:column], indent, tokens[: compared[0]])
        right = self.sum(text, indent, tokens[compared[0] + 1 :])
        return left, operator, right

    def sum(self, text: str, indent: int, tokens: list[tuple[int, str, int]]) -> LinearExpr:
        """The terms of a side, split at its top-level + and - and each read on its own."""
        starts = [0] + [k for k in range(1, len(tokens)) if _binary_sign(tokens, k)]
        total = LinearExpr({}, 0, self.model)
        for first, end in zip(starts, [*starts[1:], len(tokens)], strict=True):
            sign = -1 if tokens[first][1] == "-" and first > 0 else 1
            start = tokens[first + 1][2] if first > 0 and first + 1 < end else tokens[first][2]
            if first > 0 and first + 1 >= end:
                raise self.error(indent + tokens[first][2], f"{tokens[first][1]!r} has nothing after it")
            stop = tokens[end][2] if end < len(tokens) else len(text)
            term = self.expression(self.parse(text[start:stop].rstrip(), indent + start), indent + start, {})
            _add_into(total, term, sign)
        return total

    def operands(self, call: ast.Call, indent: int) -> Iterator[LinearExpr]:
        """all_different's expressions: listed, an array's variables, or a generator over range."""
        if len(call.args) == 1 and isinstance(call.args[0], ast.Name) and call.args[0].id in self.arrays:
            yield from self.arrays[call.args[0].id]
            return
        if len(call.args) == 1 and isinstance(call.args[0], ast.GeneratorExp | ast.ListComp):
            generator = call.args[0]
            if len(generator.generators) != 1 or generator.generators[0].ifs:
                raise self.error(indent + generator.col_offset, "one `for … in range(…)` without `if`")
            loop = generator.generators[0]
            if not isinstance(loop.target, ast.Name):
                raise self.error(indent + loop.target.col_offset, "the loop's variable must be a name")
            for value in self.range(loop.iter, indent):
                yield self.variable_plus(generator.elt, indent, {loop.target.id: value})
            return
        for argument in call.args:
            yield self.variable_plus(argument, indent, {})

    def hall(self, call: ast.Call, indent: int) -> bool:
        """all_different's one keyword, `hall=True` (or False)."""
        hall = False
        for keyword in call.keywords:
            if keyword.arg != "hall" or not (isinstance(keyword.value, ast.Constant)
                                             and isinstance(keyword.value.value, bool)):  # fmt: skip
                raise self.error(indent + keyword.value.col_offset, "all_different takes one keyword, hall=True")
            hall = keyword.value.value
        return hall

    def variable_plus(self, node: ast.expr, indent: int, loop: dict[str, int]) -> LinearExpr:
        """all_different's expression: a variable times a whole number plus one."""
        value = self.linear(node, indent, loop)
        if not isinstance(value, LinearExpr) or len(value.terms) != 1:
            raise self.error(indent + node.col_offset, "all_different takes variables, each plus a constant")
        return value

    def expression(self, node: ast.expr, indent: int, loop: dict[str, int]) -> LinearExpr:
        """A side of a relation, a whole number as an expression without variables."""
        value = self.linear(node, indent, loop)
        return value if isinstance(value, LinearExpr) else LinearExpr({}, value, self.model)

    def range(self, node: ast.expr, indent: int) -> range:
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "range"
                and 1 <= len(node.args) <= 2):  # fmt: skip
            raise self.error(indent + node.col_offset, "a loop runs over range(n) or range(a, b)")
        bounds = [self.whole(argument, indent, {}) for argument in node.args]
        if bounds[-1] - (bounds[0] if len(bounds) == 2 else 0) > MAX_ARRAY:
            raise self.error(indent + node.col_offset, f"a range of more than {MAX_ARRAY:,}")
        return range(*bounds)

    def table(self, tree: ast.Compare, indent: int) -> None:
        call = tree.left
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "table"):
            raise self.error(indent + call.col_offset, "`… in [...]` goes with table(variables)")
        variables = []
        for argument in call.args:
            expression = self.linear(argument, indent, {})
            if not isinstance(expression, IntVar):
                raise self.error(indent + argument.col_offset, "table takes variables")
            variables.append(expression)
        rows = self.literal(tree.comparators[0], indent + tree.comparators[0].col_offset,
                            "a list of the allowed tuples, written out")  # fmt: skip
        if not isinstance(rows, list | tuple | set):
            raise self.error(indent + tree.comparators[0].col_offset, "a list of tuples of whole numbers")
        try:
            self.model.add(table(variables, [row if isinstance(row, tuple) else (row,) for row in rows]))
        except InvalidInput as error:
            raise self.error(indent + tree.comparators[0].col_offset, str(error)) from None

    def linear(self, node: ast.expr, indent: int, loop: dict[str, int]) -> LinearExpr | int:  # type: ignore[return]
        """A linear expression (or a whole number) from Python's syntax tree."""
        where = indent + node.col_offset
        if isinstance(node, ast.Constant):
            if type(node.value) is not int:
                raise self.error(where, f"{_short(repr(node.value))} is not a whole number")
            if abs(node.value) >= 10**MAX_DIGITS:
                raise self.error(where, f"a number of more than {MAX_DIGITS} digits")
            return node.value
        if isinstance(node, ast.Name):
            if node.id in loop:
                return loop[node.id]
            if node.id in self.scalars:
                return self.scalars[node.id]
            raise self.error(
                where,
                f"{node.id!r} is not a declared variable" + (" (an array: index it)" if node.id in self.arrays else ""),
            )
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id in self.arrays:
            array, index = self.arrays[node.value.id], self.whole(node.slice, indent, loop)
            if not 0 <= index < len(array):
                raise self.error(where, f"{node.value.id}[{index}] is outside {node.value.id}[0..{len(array) - 1}]")
            return array[index]
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
            operand = self.linear(node.operand, indent, loop)
            return -operand if isinstance(node.op, ast.USub) else operand
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Sub):
            return self.chain(node, indent, loop)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
            left, right = self.linear(node.left, indent, loop), self.linear(node.right, indent, loop)
            if isinstance(left, LinearExpr) and isinstance(right, LinearExpr):
                raise self.error(where, "a product of two variables is not linear")
            return left * right  # type: ignore[operator]
        raise self.error(where, f"{ast.unparse(node)!r}: a model's expressions add, subtract and multiply by "
                         "whole numbers")  # fmt: skip

    def chain(self, node: ast.BinOp, indent: int, loop: dict[str, int]) -> LinearExpr | int:
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
            _add_into(total, self.linear(term, indent, loop), sign)
        return total if total.terms else total.constant

    def whole(self, node: ast.expr, indent: int, loop: dict[str, int]) -> int:
        value = self.linear(node, indent, loop)
        if not isinstance(value, int):
            raise self.error(indent + node.col_offset, "an index or a bound must be a whole number")
        return value


def _add_into(total: LinearExpr, term: LinearExpr | int, sign: int) -> None:
    """total += sign · term, in place (a sum of n terms in n steps, not n²)."""
    if isinstance(term, int):
        total.constant += sign * term
        return
    for var, coefficient in term.terms.items():
        total.terms[var] = total.terms.get(var, 0) + sign * coefficient
        if not total.terms[var]:
            del total.terms[var]
    total.constant += sign * term.constant


def _top_level(text: str) -> list[tuple[int, str, int]] | None:
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


def _binary_sign(tokens: list[tuple[int, str, int]], k: int) -> bool:
    """Token k is a + or - between two terms (not a sign in front of one)."""
    kind, string, _ = tokens[k]
    before_kind, before, _ = tokens[k - 1]
    return (kind == tokenize.OP and string in "+-" and
            (before_kind in (tokenize.NAME, tokenize.NUMBER, tokenize.STRING) or before in CLOSING))  # fmt: skip


def _short(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "…"
