"""Model files for the command line (`essais csp FILE`): a small line format of essais's own,
whose expressions are Python's, read with `ast` and never executed.

    # SEND + MORE = MONEY            (a comment runs from # to the end of the line)
    var S, E, N, D, O, R, Y in 0..9  (variables of one domain: lo..hi, or a set {1, 3, 5})
    var M in 1..9
    var q[8] in 0..7                 (an array: q[0] … q[7])
    all_different(S, E, N, D, M, O, R, Y)
    all_different(q)                 (every variable of an array)
    all_different(q[i] + i for i in range(8))
    1000*S + 100*E + 10*N + D + 1000*M + 100*O + 10*R + E == 10000*M + 1000*O + 100*N + 10*E + Y
    table(x, y) in [(1, 2), (2, 3)]

A relation is a linear expression (sums and differences of variables times whole numbers) on
each side of one of ==, !=, <, <=, >, >=. A line that is wrong is refused with its line and
column (CspFileError).
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from essais.core.errors import InvalidInput
from essais.csp.model import IntVar, LinearExpr, Model, all_different, table

DECLARATION = re.compile(r"var\s+(?P<names>.+?)\s+in\s+(?P<domain>.+)")
NAME = re.compile(r"(?P<name>[A-Za-z_]\w*)(\[(?P<size>\d+)\])?")
RANGE = re.compile(r"(?P<lo>-?\d+)\s*\.\.\s*(?P<hi>-?\d+)")
MAX_ARRAY = 100_000  # variables in one array
RELATIONS = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">="}


class CspFileError(InvalidInput):
    """A model file that cannot be read: its line, column, and what is wrong."""


def read_model(source: str | Path, text: str | None = None) -> Model:
    """The model of a file, `-` for standard input (or of `text`, named `source`)."""
    name = "stdin" if str(source) == "-" and text is None else str(source)
    if text is None and str(source) == "-":
        text = sys.stdin.read()
    elif text is None:
        try:
            text = Path(source).read_text(encoding="utf-8")
        except UnicodeDecodeError as error:
            raise CspFileError(f"{name}: not UTF-8 text ({error.reason} at byte {error.start})") from None
    return _Reader(name).read(text)


class _Reader:
    def __init__(self, name: str) -> None:
        self.name = name
        self.model = Model()
        self.scalars: dict[str, IntVar] = {}
        self.arrays: dict[str, list[IntVar]] = {}
        self.line = 0

    def error(self, column: int, what: str) -> CspFileError:
        return CspFileError(f"{self.name} line {self.line}, column {column + 1}: {what}")

    def read(self, text: str) -> Model:
        for self.line, raw in enumerate(text.splitlines(), start=1):
            line = raw.split("#", 1)[0].rstrip()
            if not line.strip():
                continue
            indent = len(line) - len(line.lstrip())
            declared = DECLARATION.fullmatch(line.strip())
            if declared:
                self.declare(declared, indent)
            else:
                self.constrain(line.strip(), indent)
        if not self.model.names:
            raise CspFileError(f"{self.name}: no variables (declare them: var x in 0..9)")
        return self.model

    def declare(self, match: re.Match[str], indent: int) -> None:
        values = self.domain(match.group("domain"), indent + match.start("domain"))
        for part in match.group("names").split(","):
            found = NAME.fullmatch(part.strip())
            if not found:
                raise self.error(indent + 4, f"{part.strip()!r} is not a name nor name[size]")
            name, size = found.group("name"), found.group("size")
            if name in self.scalars or name in self.arrays or name in ("range", "all_different", "table"):
                raise self.error(indent + 4, f"{name!r} is declared twice (or is a word of the format)")
            try:
                if size is None:
                    self.scalars[name] = self.model.int_var(values, name=name)
                elif int(size) > MAX_ARRAY:
                    raise self.error(indent + 4, f"{name}[{size}]: more than {MAX_ARRAY:,} variables")
                else:
                    self.arrays[name] = [self.model.int_var(values, name=f"{name}[{k}]") for k in range(int(size))]
            except CspFileError:
                raise
            except InvalidInput as error:
                raise self.error(indent, str(error)) from None

    def domain(self, text: str, column: int) -> list[int]:
        span = RANGE.fullmatch(text.strip())
        if span:
            lo, hi = int(span.group("lo")), int(span.group("hi"))
            if lo > hi:
                raise self.error(column, f"{lo}..{hi}: lo is more than hi")
            if hi - lo >= 4096:
                raise self.error(column, f"{lo}..{hi} spans more than 4,096 values")
            return list(range(lo, hi + 1))
        try:
            values = ast.literal_eval(text.strip())
        except (ValueError, SyntaxError):
            raise self.error(column, f"{text.strip()!r} is not a domain (lo..hi, or a set {{1, 3, 5}})") from None
        if not isinstance(values, set | frozenset) or not all(type(v) is int for v in values):
            raise self.error(column, f"{text.strip()!r} is not a set of whole numbers")
        return sorted(values)

    def constrain(self, text: str, indent: int) -> None:
        try:
            tree = ast.parse(text, mode="eval").body
        except SyntaxError as error:
            raise self.error(indent + (error.offset or 1) - 1, f"not a constraint ({error.msg})") from None
        if isinstance(tree, ast.Call) and isinstance(tree.func, ast.Name) and tree.func.id == "all_different":
            self.model.add(all_different(list(self.operands(tree, indent))))
        elif isinstance(tree, ast.Compare) and len(tree.ops) == 1 and isinstance(tree.ops[0], ast.In):
            self.table(tree, indent)
        elif isinstance(tree, ast.Compare) and len(tree.ops) == 1 and type(tree.ops[0]) in RELATIONS:
            left = self.expression(tree.left, indent, {})
            right = self.expression(tree.comparators[0], indent, {})
            relation = RELATIONS[type(tree.ops[0])]
            self.model.add({"==": left == right, "!=": left != right, "<": left < right, "<=": left <= right,
                            ">": left > right, ">=": left >= right}[relation])  # fmt: skip
        else:
            raise self.error(indent + tree.col_offset, "not a constraint: a relation (==, !=, <, <=, >, >=), "
                             "all_different(…) or table(…) in [...]")  # fmt: skip

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
        try:
            rows = ast.literal_eval(tree.comparators[0])
        except ValueError:
            raise self.error(
                indent + tree.comparators[0].col_offset, "the allowed tuples must be written out"
            ) from None
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
                raise self.error(where, f"{node.value!r} is not a whole number")
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
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Sub | ast.Mult):
            left, right = self.linear(node.left, indent, loop), self.linear(node.right, indent, loop)
            if isinstance(node.op, ast.Add):
                return left + right
            if isinstance(node.op, ast.Sub):
                return left - right
            if isinstance(left, LinearExpr) and isinstance(right, LinearExpr):
                raise self.error(where, "a product of two variables is not linear")
            return left * right  # type: ignore[operator]
        raise self.error(where, f"{ast.unparse(node)!r}: a model's expressions add, subtract and multiply by "
                         "whole numbers")  # fmt: skip

    def whole(self, node: ast.expr, indent: int, loop: dict[str, int]) -> int:
        value = self.linear(node, indent, loop)
        if not isinstance(value, int):
            raise self.error(indent + node.col_offset, "an index or a bound must be a whole number")
        return value
