"""Model files for the command line (`essais csp FILE`): a small line format of essais's own,
whose expressions are Python's, read with `ast` and never executed.

    # SEND + MORE = MONEY            (a comment runs from # to the end of the line)
    var S, E, N, D, O, R, Y in 0..9  (variables of one domain: lo..hi, or a set {1, 3, 5})
    var M in 1..9
    all_different(S, E, N, D, M, O, R, Y)
    1000*S + 100*E + 10*N + D + 1000*M + 100*O + 10*R + E == 10000*M + 1000*O + 100*N + 10*E + Y

    param n = 4                      (a whole number, from the params before it)
    var x[n][n] in 1..n*n            (an array: x[0][0] … x[3][3]; one dimension or more)
    all_different(x)                 (every variable of an array; x[i] a row of it)
    for i in range(n):               (a loop: the lines indented below it, for each i)
        sum(x[i]) == n * (n * n + 1) // 2
        sum(x[j][i] for j in range(n)) == n * (n * n + 1) // 2
        if i > 0:                    (a condition on params and loops' variables; else: too)
            x[i][0] > x[i - 1][0]
    all_different(q[i] + i for i in range(8))
    all_different(d, hall=True)      (also Hall intervals: more pruning, longer propagation)
    circuit(s)                       (s[i] the node after node i: one cycle through all)
    increasing(m, strict=True)       (each above the one before)
    no_overlap(s[0], [3, 2, 4])      (tasks on one machine: their starts and durations)
    global_cardinality(x, {1: 2})    (value 1 taken by exactly two of them)
    table(x, y) in [(1, 2), (2, 3)]
    abs(x - y) + min(q) * 2 != y % 3   (terms: abs, products, // and %, min, max, count, element,
    implies(x == 1, (y == 2) | ~(z > 0))   x[i] of a variable i, if_then_else, 0/1 relations)
    minimize 3*x + y                 (or maximize: the best solution is sought, one objective a model)

A relation is an expression (sums and differences of variables and terms times whole numbers,
`sum(…)`) on each side of one of ==, !=, <, <=, >, >=; a term of 0 and 1 alone on a line must
hold. A line that is wrong is refused with its
line and column, and the values of the loops around it (CspFileError). A sum is read term by
term, so a line may hold any number of terms; a number has at most MAX_DIGITS digits; the
model's size is estimated as it is built (each file's characters, each declaration's variables,
each constraint's terms) and refused beyond the memory limit.
"""

from __future__ import annotations

import keyword
import re
import tokenize
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from essais.core.engine import check_memory
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, setting_up
from essais.core.text import read_text, source_name
from essais.csp.files.calls import CALL_NAMES, Calls
from essais.csp.files.expressions import (
    COMPARISONS,
    MAX_ARRAY,
    FileArray,
    Loop,
    add_into,
    binary_sign,
    shape_indices,
    shape_size,
    top_level,
)
from essais.csp.model.expressions import IntVar, LinearExpr, relate
from essais.csp.model.intervals import Intervals, ranges_of
from essais.csp.model.problem import Model, cell_name, domain_of, span_domain

DECLARATION = re.compile(r"var\s+(?P<names>.+?)\s+in\s+(?P<domain>.+)")
PARAM = re.compile(r"param\s+(?P<name>[^\W\d]\w*)\s*=\s*(?P<value>.+)")
OBJECTIVE = re.compile(r"(?P<sense>minimize|maximize)\s+(?P<expression>.+)")
FOR = re.compile(r"for\s+(?P<name>[^\W\d]\w*)\s+in\s+(?P<range>.+):")
IF = re.compile(r"if\s+(?P<condition>.+):")
# (no variable or param takes these names)
WORDS = ("range", "sum", "param", "minimize", "maximize", *CALL_NAMES, *keyword.kwlist)
NAME = re.compile(r"(?P<name>[^\W\d]\w*)(?P<sizes>(\[[^\[\]]+\])*)")  # (a letter of any script first)
SPAN = re.compile(r"(?P<lo>[^{}]+?)\.\.(?P<hi>[^{}]+)")
# What reading costs, measured with tracemalloc and rounded up: a character of a file (its
# syntax tree and the tuples of a table: 220 bytes at the peak of a 20,000-row table), a
# variable (its object, name and index), a value of a declaration's domain (shared by its
# variables), a constraint and each of its terms.
BYTES_PER_CHARACTER = 250
BYTES_PER_VARIABLE = 600
BYTES_PER_VALUE = 40
BYTES_PER_CONSTRAINT = 400
BYTES_PER_TERM = 100


class CspFileError(InvalidInput):
    """A model file that cannot be read: its line, column, and what is wrong."""


def read_model_file(source: str | Path, text: str | None = None, *, limits: Limits | None = None) -> Model:
    """The model of an essais model file, `-` for standard input (or of `text`, named `source`).
    Its reading counts in the time limit (a limit or a signal raises SearchStopped) and its size
    is weighed against the memory limit as it is built."""
    with setting_up(limits):
        name = source_name(source) if text is None else str(source)
        if text is None:
            text = read_text(source, limits=limits, bytes_per_character=BYTES_PER_CHARACTER, error=CspFileError)
        else:
            check_memory(len(text) * BYTES_PER_CHARACTER, f"reading {name}", limits)
        return _Reader(name, limits).read(text)


@dataclass
class _Line:
    """A line of the file, its comment cut off, and (a `for`, `if` or `else` line) the lines
    of its block; an `if`'s `else` block."""

    number: int
    indent: int
    text: str
    block: list[_Line] = field(default_factory=list)
    otherwise: list[_Line] | None = None

    @property
    def opens(self) -> bool:
        return self.text.endswith(":")


class _Reader(Calls):
    def __init__(self, name: str, limits: Limits | None) -> None:
        self.name = name
        self.limits = limits
        self.model = Model()
        self.scalars: dict[str, IntVar] = {}
        self.arrays: dict[str, FileArray] = {}
        self.params: dict[str, int] = {}
        self.line = 0
        self.around: Loop = {}  # the loops' variables around the line read
        self.estimate = 0  # the bytes the model's variables and constraints take so far

    def error(self, column: int, what: str) -> CspFileError:
        loops = ", ".join(f"{name} = {value}" for name, value in self.around.items())
        return CspFileError(
            f"{self.name} line {self.line}, column {column + 1}{f' ({loops})' if loops else ''}: {what}"
        )

    def read(self, text: str) -> Model:
        self.run(self.blocks(text), {})
        if not self.model.names:
            raise CspFileError(f"{self.name}: no variables (declare them: var x in 0..9)")
        return self.model

    # the lines and their blocks
    def blocks(self, text: str) -> list[_Line]:
        """The file's lines as a tree: a line ending in `:` holds the lines indented below it."""
        top: list[_Line] = []
        open_lines: list[_Line] = []  # the lines whose blocks are open, outermost first
        last: _Line | None = None
        for number, raw in enumerate(text.splitlines(), start=1):
            stripped = raw.split("#", 1)[0].rstrip()
            if not stripped.strip():
                continue
            self.line = number
            line = _Line(number, len(stripped) - len(stripped.lstrip()), stripped.strip())
            if last is not None and last.opens and not last.block and line.indent <= last.indent:
                raise self.error(line.indent, f"the block of line {last.number} is empty (indent its lines)")
            while open_lines and line.indent <= open_lines[-1].indent:
                open_lines.pop()
            siblings = open_lines[-1].block if open_lines else top
            if line.text == "else:":  # (its block is the if's other block)
                if not siblings or not IF.fullmatch(siblings[-1].text) or siblings[-1].otherwise is not None:
                    raise self.error(line.indent, "else: follows an if block, at its indentation")
                siblings[-1].otherwise = line.block
            else:
                siblings.append(line)
            if line.opens:
                open_lines.append(line)
            last = line
        if last is not None and last.opens and not last.block:
            raise self.error(last.indent, "the block of this line is empty (indent its lines)")
        return top

    def run(self, lines: list[_Line], loop: Loop) -> None:
        for line in lines:
            self.line, self.around = line.number, loop
            repeated, condition = FOR.fullmatch(line.text), IF.fullmatch(line.text)
            if repeated:
                self.repeat(line, repeated, loop)
            elif condition:
                at = line.indent + condition.start("condition")
                if self.condition(self.parse(condition.group("condition"), at), at, loop):
                    self.run(line.block, loop)
                elif line.otherwise is not None:
                    self.run(line.otherwise, loop)
            elif line.opens:
                raise self.error(line.indent, "a block opens with `for NAME in range(…):`, `if …:` or `else:`")
            else:
                self.statement(line, loop)

    def repeat(self, line: _Line, found: re.Match[str], loop: Loop) -> None:
        at = line.indent + found.start("range")
        name = self.loop_name(found.group("name"), line.indent + found.start("name"), loop)
        for value in self.range(self.parse(found.group("range"), at), at, loop):
            self.run(line.block, loop | {name: value})

    def statement(self, line: _Line, loop: Loop) -> None:
        text, indent = line.text, line.indent
        declared, param = DECLARATION.fullmatch(text), PARAM.fullmatch(text)
        if (declared or param) and loop:
            raise self.error(indent, "var and param lines stand outside loops")
        objective = OBJECTIVE.fullmatch(text)
        if declared:
            self.declare(declared, indent)
        elif param:
            self.param(param, indent)
        elif objective:
            self.objective(objective, indent)
        else:
            before = len(self.model.constraints)
            self.constrain(text, indent, loop)
            for constraint in self.model.constraints[before:]:
                self.estimate += BYTES_PER_CONSTRAINT + BYTES_PER_TERM * len(constraint.variables)
            if len(self.model.constraints) % 1024 == 0:
                check_memory(self.estimate, f"the model of {self.name} up to line {self.line}", self.limits)

    # declarations
    def param(self, match: re.Match[str], indent: int) -> None:
        name = match.group("name")
        self.fresh(name, indent + 6)
        column = indent + match.start("value")
        self.params[name] = self.whole(self.parse(match.group("value"), column), column, {})

    def fresh(self, name: str, column: int) -> None:
        if name in self.scalars or name in self.arrays or name in self.params or name in WORDS:
            raise self.error(column, f"{name!r} is declared twice (or is a word of the format)")

    def declare(self, match: re.Match[str], indent: int) -> None:
        values = self.domain(match.group("domain"), indent + match.start("domain"))
        parts = [(part, NAME.fullmatch(part.strip())) for part in _names(match.group("names"))]
        shapes = []
        for part, found in parts:
            if not found:
                raise self.error(indent + 4, f"{part.strip()!r} is not a name nor name[size]")
            shapes.append(self.shape(found, indent + 4))
        held = len(ranges_of(values)) if isinstance(values, Intervals) else len(values)  # (a wide domain: its ranges)
        self.estimate += sum(shape_size(shape) for shape in shapes) * BYTES_PER_VARIABLE + held * BYTES_PER_VALUE
        check_memory(self.estimate, f"the variables of {self.name} up to line {self.line}", self.limits)
        for (_, found), shape in zip(parts, shapes, strict=True):
            assert found is not None
            name = found.group("name")
            self.fresh(name, indent + 4)
            try:
                if not shape:
                    self.scalars[name] = self.model.int_var(values, name=name)
                else:
                    cells = [self.model.int_var(values, name=cell_name(name, index)) for index in shape_indices(shape)]
                    self.arrays[name] = FileArray(shape, cells)
                    self.model.arrays[name] = shape
            except InvalidInput as error:
                raise self.error(indent, str(error)) from None

    def shape(self, found: re.Match[str], column: int) -> tuple[int, ...]:
        """An array's sizes (none: one variable), each a whole number of the params."""
        sizes = re.findall(r"\[([^\[\]]+)\]", found.group("sizes"))
        shape = tuple(self.whole(self.parse(size, column), column, {}) for size in sizes)
        if any(size < 1 for size in shape):
            raise self.error(column, f"{found.group(0)}: an array holds one variable or more")
        if shape_size(shape) > MAX_ARRAY:
            raise self.error(column, f"{found.group(0)}: more than {MAX_ARRAY:,} variables")
        return shape

    def domain(self, text: str, column: int) -> Sequence[int]:
        span = SPAN.fullmatch(text.strip())
        if span:
            lo, hi = (self.whole(self.parse(span.group(side).strip(), column), column, {}) for side in ("lo", "hi"))
            if lo > hi:
                raise self.error(column, f"{lo}..{hi}: lo is more than hi")
            return span_domain(lo, hi)
        values = self.literal(text.strip(), column, "a domain (lo..hi, or a set {1, 3, 5})")
        if not isinstance(values, set | frozenset) or not all(type(v) is int for v in values):
            raise self.error(column, f"{text.strip()!r} is not a set of whole numbers")
        return domain_of(tuple(sorted(values)))

    def objective(self, match: re.Match[str], indent: int) -> None:
        """`minimize EXPR` or `maximize EXPR`: a sum, read term by term as a relation's side is."""
        text, column = match.group("expression"), indent + match.start("expression")
        tokens = top_level(text)
        if tokens is None:
            self.parse(text, column)  # (says where the expression is wrong)
            raise self.error(column, "not an expression")
        for kind, string, at in tokens:
            if kind == tokenize.OP and string in COMPARISONS:
                raise self.error(column + at, f"{match.group('sense')} takes an expression, not a relation")
        try:
            getattr(self.model, match.group("sense"))(self.sum(text, column, tokens, {}))
        except CspFileError:
            raise
        except InvalidInput as error:
            raise self.error(column, str(error)) from None

    # constraints
    def constrain(self, text: str, indent: int, loop: Loop) -> None:
        relation = self.relation(text, indent, loop)
        if relation is not None:
            left, operator, right = relation
            self.model.add(relate(left, operator, right))
            return
        self.call(self.parse(text, indent), indent, loop)

    def relation(self, text: str, indent: int, loop: Loop) -> tuple[LinearExpr, str, LinearExpr] | None:
        """A line that is one relation between two sums, each read term by term (a sum of any
        length); None for a line that is something else (all_different, a table, an error)."""
        tokens = top_level(text)
        if tokens is None:
            return None
        compared = [k for k, (kind, string, _) in enumerate(tokens) if kind == tokenize.OP and string in COMPARISONS]
        if len(compared) != 1 or tokens[compared[0]][1] == "in" or compared[0] in (0, len(tokens) - 1):
            return None  # (ast says what is wrong with a side left empty)
        _, operator, column = tokens[compared[0]]
        left = self.sum(text[:column], indent, tokens[: compared[0]], loop)
        right = self.sum(text, indent, tokens[compared[0] + 1 :], loop)
        return left, operator, right

    def sum(self, text: str, indent: int, tokens: list[tuple[int, str, int]], loop: Loop) -> LinearExpr:
        """The terms of a side, split at its top-level + and - and each read on its own."""
        starts = [0] + [k for k in range(1, len(tokens)) if binary_sign(tokens, k)]
        total = LinearExpr({}, 0, self.model)
        for first, end in zip(starts, [*starts[1:], len(tokens)], strict=True):
            sign = -1 if tokens[first][1] == "-" and first > 0 else 1
            start = tokens[first + 1][2] if first > 0 and first + 1 < end else tokens[first][2]
            if first > 0 and first + 1 >= end:
                raise self.error(indent + tokens[first][2], f"{tokens[first][1]!r} has nothing after it")
            stop = tokens[end][2] if end < len(tokens) else len(text)
            add_into(total, self.linear(self.parse(text[start:stop].rstrip(), indent + start), indent + start, loop),
                     sign)  # fmt: skip
        return total


def _names(text: str) -> list[str]:
    """A declaration's names, split at the commas outside brackets."""
    names, depth, start = [], 0, 0
    for k, char in enumerate(text):
        depth += (char == "[") - (char == "]")
        if char == "," and depth == 0:
            names.append(text[start:k])
            start = k + 1
    return [*names, text[start:]]
