"""FlatZinc's text as items (the grammar of MiniZinc's FlatZinc specification, its section
"Grammar"): predicate declarations (skipped), parameters, variables, constraints and the solve
item, each with its annotations and its line. Values are Python's: an int, a bool, a set (`range`
for `lo..hi`, a sorted tuple for `{…}`), a list for an array literal, a str for an identifier (a
string literal, which only annotations hold, is one too), an Access for `a[i]`, and an
Annotation (its name and arguments). Floats are read only to be refused by name where they are
declared (essais.csp.flatzinc.reader)."""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from essais.core.errors import InvalidInput

TOKENS = re.compile(
    r"""(?P<skip>\s+|%[^\n]*)
      | (?P<float>-?\d+\.\d+(?:[eE][-+]?\d+)?|-?\d+[eE][-+]?\d+)
      | (?P<int>-?(?:0x[0-9a-fA-F]+|0o[0-7]+|\d+))
      | (?P<id>[A-Za-z_][A-Za-z0-9_]*)
      | (?P<string>"(?:[^"\\\n]|\\.)*")
      | (?P<punct>\.\.|::|[\[\]{}(),:;=])
      | (?P<other>.)""",
    re.VERBOSE,
)


@dataclass(frozen=True)
class Access:
    """`array[index]` (FlatZinc counts an array's items from 1)."""

    array: str
    index: int


@dataclass(frozen=True)
class Annotation:
    name: str
    arguments: tuple[Any, ...] = ()


@dataclass
class Declaration:
    """`par_type: name = value;` or `var_type: name :: annotations [= value];`: its type as
    written (`var 1..5`, `array [1..3] of var bool`…), its values' set where the type gives one."""

    line: int
    name: str
    is_var: bool
    base: str  # int, bool, float or set (of int)
    domain: Any  # a set of values (range or tuple), or None: any value of its base
    sizes: tuple[range, ...] | None  # an array's index sets (None: not an array)
    annotations: list[Annotation]
    value: Any = None


@dataclass
class Call:
    """`constraint name(arguments) :: annotations;`."""

    line: int
    name: str
    arguments: list[Any]
    annotations: list[Annotation]


@dataclass
class Solve:
    line: int
    goal: str  # satisfy, minimize or maximize
    objective: Any
    annotations: list[Annotation]


@dataclass
class Items:
    declarations: list[Declaration] = field(default_factory=list)
    calls: list[Call] = field(default_factory=list)
    solve: Solve | None = None


# The lines MiniZinc writes most, read without the tokens: a constraint whose arguments hold no
# set, range, float or string (read as JSON, names quoted), and a variable of a range or bool
# with bare annotations. Any other line goes to the Parser (measured: 100,000 constraints read
# in a third of the time).
MAX_DIGITS = 100  # (Python's own limit is 4,300: a longer number is refused before, by its line)
FAST_CALL = re.compile(r"constraint ([A-Za-z_]\w*)\(([^(){}.%\"]*)\)\s*(?:::[^%\"]*)?;\s*$")
FAST_VAR = re.compile(
    rf"var (?:(-?\d{{1,{MAX_DIGITS}}})\.\.(-?\d{{1,{MAX_DIGITS}}})|(bool)) *: *([A-Za-z_]\w*)"
    r"((?:\s*::\s*[A-Za-z_]\w*)*)\s*;\s*$"
)
# an array of integers given as a parameter (a table's rows: groupsplitter's 700,000 numbers took
# 2.5 s through the tokens)
FAST_NUMBERS = re.compile(r"array \[1\.\.(\d+)\] of int *: *([A-Za-z_]\w*) *= *\[([-\d, ]*)\]\s*;\s*$")
NAMES = re.compile(r"(?<![\w\"])[A-Za-z_]\w*")


def parse(text: str, refuse: Callable[[int, str], InvalidInput]) -> Items:
    """The items of a FlatZinc text: its common lines read at once, the others by the Parser,
    in their order."""
    items, slow, first = Items(), list[str](), 1
    for number, line in enumerate(text.split("\n"), 1):
        fast = _fast_item(line, number)
        if fast is None:
            first = first if slow else number
            slow.append(line)
            continue
        if slow:
            Parser("\n".join(slow), refuse, first).into(items)
            slow = []
        (items.calls if isinstance(fast, Call) else items.declarations).append(fast)  # type: ignore[arg-type]
    if slow:
        Parser("\n".join(slow), refuse, first).into(items)
    if items.solve is None:
        raise refuse(text.count("\n") + 1, "no solve item (satisfy, minimize or maximize)")
    return items


def _fast_item(line: str, number: int) -> Call | Declaration | None:
    """The line's item where it is one of the common forms (else None: the Parser's)."""
    if line.startswith("constraint "):
        match = FAST_CALL.match(line)
        if match is None:
            return None
        try:
            arguments = json.loads("[" + NAMES.sub(_quoted, match.group(2)) + "]")
        except ValueError:
            return None
        return Call(number, match.group(1), arguments, [])
    if line.startswith("array [1.."):
        return _fast_numbers(line, number)
    if line.startswith("var "):
        match = FAST_VAR.match(line)
        if match is None:
            return None
        low, high, boolean, name, annotated = match.groups()
        annotations = [Annotation(word.strip()) for word in annotated.split("::")[1:]]
        if boolean:
            return Declaration(number, name, True, "bool", None, None, annotations)
        return Declaration(number, name, True, "int", range(int(low), int(high) + 1), None, annotations)
    return None


def _fast_numbers(line: str, number: int) -> Declaration | None:
    """An array of integers given as a parameter, read as JSON (None: another form, or a number
    of more than MAX_DIGITS digits, which the Parser refuses by its line)."""
    match = FAST_NUMBERS.match(line)
    if match is None:
        return None
    size, name, listed = match.groups()
    try:
        values = json.loads(f"[{listed}]")
    except ValueError:
        return None
    if max(map(abs, values), default=0) >= 10**MAX_DIGITS:
        return None
    return Declaration(number, name, False, "int", None, (range(1, int(size) + 1),), [], values)


def _quoted(match: re.Match[str]) -> str:
    word = match.group()
    return word if word in ("true", "false") else f'"{word}"'


class Parser:
    """The items of one FlatZinc text (from line `first`); `refuse(line, what)` makes the error
    of a wrong one."""

    def __init__(self, text: str, refuse: Callable[[int, str], InvalidInput], first: int = 1) -> None:
        self.text, self.refuse, self.first = text, refuse, first
        self.line_ends = [match.start() for match in re.finditer("\n", text)]  # (a line's number by bisection)
        self.tokens: list[tuple[str, str, int]] = []  # (kind, text, offset)
        for match in TOKENS.finditer(text):
            kind = match.lastgroup or "other"
            if kind == "other":
                raise self.refuse(self._line(match.start()), f"unexpected character {match.group()!r}")
            if kind != "skip":
                self.tokens.append((kind, match.group(), match.start()))
        self.tokens.append(("end", "", len(text)))
        self.at = 0

    def into(self, items: Items) -> None:
        """Its items appended to `items`."""
        while self._peek() != "":
            line = self._line(self.tokens[self.at][2])
            word = self._peek()
            if word == "predicate":
                self._skip_to_semicolon()
            elif word == "constraint":
                self._next()
                items.calls.append(self._call(line))
            elif word == "solve":
                if items.solve is not None:
                    raise self.refuse(line, "a second solve item")
                self._next()
                items.solve = self._solve(line)
            else:
                items.declarations.append(self._declaration(line))

    # -- tokens
    def _line(self, offset: int) -> int:
        return bisect.bisect_left(self.line_ends, offset) + self.first

    def _peek(self) -> str:
        return self.tokens[self.at][1]

    def _next(self) -> tuple[str, str, int]:
        token = self.tokens[self.at]
        if token[0] == "end":
            raise self.refuse(self._line(token[2]), "the file ends inside an item")
        self.at += 1
        return token

    def _expect(self, text: str) -> None:
        kind, found, offset = self._next()
        if found != text:
            raise self.refuse(self._line(offset), f"{text!r} expected, not {found or 'the end'!r}")

    def _accept(self, text: str) -> bool:
        if self._peek() == text:
            self.at += 1
            return True
        return False

    def _identifier(self) -> str:
        kind, text, offset = self._next()
        if kind != "id":
            raise self.refuse(self._line(offset), f"a name expected, not {text!r}")
        return text

    def _skip_to_semicolon(self) -> None:
        while self._next()[1] != ";":
            pass

    # -- items
    def _declaration(self, line: int) -> Declaration:
        sizes = None
        if self._accept("array"):
            self._expect("[")
            sizes = tuple(self._index_set(line, value) for value in self._sequence("]"))
            self._expect("of")
        is_var = self._accept("var")
        base, domain = self._type()
        self._expect(":")
        name = self._identifier()
        annotations = self._annotations()
        value = self._expression() if self._accept("=") else None
        self._expect(";")
        if not is_var and value is None:
            raise self.refuse(line, f"parameter {name} has no value")
        return Declaration(line, name, is_var, base, domain, sizes, annotations, value)

    def _index_set(self, line: int, value: Any) -> range:
        if not isinstance(value, range):
            raise self.refuse(line, f"an array's index set is lo..hi, not {value!r}")
        return value

    def _type(self) -> tuple[str, Any]:
        word = self._peek()
        if word in ("int", "bool", "float"):
            self._next()
            return word, None
        if word == "set":
            self._next()
            self._expect("of")
            _, domain = self._type()
            return "set", domain
        domain = self._expression()  # (lo..hi, {a, b}, or floats)
        if isinstance(domain, float):
            return "float", None
        return "int", domain

    def _call(self, line: int) -> Call:
        name = self._identifier()
        self._expect("(")
        arguments = self._sequence(")")
        annotations = self._annotations()
        self._expect(";")
        return Call(line, name, arguments, annotations)

    def _solve(self, line: int) -> Solve:
        annotations = self._annotations()
        goal = self._identifier()
        if goal not in ("satisfy", "minimize", "maximize"):
            raise self.refuse(line, f"solve {goal}: satisfy, minimize or maximize expected")
        objective = None if goal == "satisfy" else self._expression()
        self._expect(";")
        return Solve(line, goal, objective, annotations)

    def _annotations(self) -> list[Annotation]:
        found = []
        while self._accept("::"):
            name = self._identifier()
            arguments = tuple(self._sequence(")")) if self._accept("(") else ()
            found.append(Annotation(name, arguments))
        return found

    # -- expressions
    def _sequence(self, closing: str) -> list[Any]:
        """Expressions separated by commas, up to `closing` (a trailing comma allowed)."""
        values: list[Any] = []
        while not self._accept(closing):
            values.append(self._expression())
            if not self._accept(","):
                self._expect(closing)
                break
        return values

    def _expression(self) -> Any:
        kind, text, offset = self._next()
        if kind == "int":
            if len(text) > MAX_DIGITS:
                raise self.refuse(self._line(offset), f"{text[:20]}…: a number of {len(text):,} digits")
            value = _integer(text)
            if not self._accept(".."):
                return value
            high = self._expression()
            if not isinstance(high, int) or isinstance(high, bool):
                raise self.refuse(self._line(offset), f"{value}..{high!r}: a range of integers expected")
            return range(value, high + 1)
        if kind == "float":
            low = float(text)
            if self._accept(".."):
                self._expression()
            return low
        if kind == "string":
            return text[1:-1]
        if text == "[":
            return self._sequence("]")
        if text == "{":
            return tuple(sorted(set(self._sequence("}"))))
        if kind == "id":
            if text in ("true", "false"):
                return text == "true"
            if self._accept("["):
                index = self._expression()
                self._expect("]")
                return Access(text, index)
            if self._peek() == "(":  # (an annotation's call, as an argument of another)
                self._next()
                return Annotation(text, tuple(self._sequence(")")))
            return text
        raise self.refuse(self._line(offset), f"a value expected, not {text or 'the end'!r}")


def _integer(text: str) -> int:
    """An integer literal: decimal (leading zeros allowed), hexadecimal (0x) or octal (0o)."""
    sign, digits = (-1, text[1:]) if text.startswith("-") else (1, text)
    return sign * int(digits, 0 if digits[:2] in ("0x", "0o") else 10)
