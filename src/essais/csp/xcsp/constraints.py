"""An XCSP3 instance's elements made an essais model (essais.csp.xcsp.reader reads the XML): the
variables and arrays, the constraints (essais.csp.xcsp.kinds: one function a tag; here the lists,
matrices, conditions and a group's arguments they read, in groups and blocks) and the objective
(minimize or maximize: an expression, a sum, a minimum, a maximum, nValues).
Each maps onto the model's own constraints and terms; what has no counterpart is refused."""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Sequence
from typing import Any

from essais.core.errors import InvalidInput
from essais.csp.model.expressions import IntVar, Linear, LinearExpr, Term, expression, relate
from essais.csp.model.functions import maximum, minimum, n_values
from essais.csp.model.problem import Model, cell_name
from essais.csp.xcsp import indexed, kinds, packing, sequences
from essais.csp.xcsp.expressions import Arguments, Element, Fail, Scope, Value, XcspArray
from essais.csp.xcsp.kinds import OPERATORS

TAGS = {**kinds.TAGS, **indexed.TAGS, **sequences.TAGS, **packing.TAGS}  # each constraint's tag: what reads it
MAX_WINDOWS = 1_000_000  # windows of one slide
META = {"group", "block", "slide"}  # the tags around constraints
MEANINGLESS = {"id", "note", "class", "type", "format"}  # (attributes read past)


class Instance(Scope):
    """One instance read: `error(line, what)` makes the error to raise."""

    def __init__(self, name: str, error: Callable[[int, str], InvalidInput]) -> None:
        super().__init__(Model())
        self.name, self.error = name, error

    def fail(self, element: Element) -> Fail:
        return lambda what: self.error(element.line, f"<{element.tag}>: {what}")

    def expect(self, element: Element, attributes: set[str] = frozenset(), children: set[str] = frozenset()) -> None:  # type: ignore[assignment]
        """Refuses an attribute or a child essais does not read (named, with its line)."""
        for attribute in element.attributes:
            if attribute not in attributes | MEANINGLESS:
                raise self.error(element.line, f"<{element.tag}>'s attribute {attribute!r} is not one essais reads")
        for child in element.children:
            if child.tag not in children:
                raise self.error(child.line, f"<{child.tag}> inside <{element.tag}> is not an element essais reads")

    def read(self, root: Element) -> Model:
        if root.tag != "instance":
            raise self.error(root.line, f"<{root.tag}>: an XCSP3 file holds <instance>")
        self.expect(root, {"format", "type"}, {"variables", "constraints", "objectives", "annotations"})
        if root.attributes.get("type", "CSP") not in ("CSP", "COP"):
            raise self.error(root.line, f"type {root.attributes['type']!r}: essais reads CSP and COP instances")
        variables = root.child("variables")
        if variables is None:
            raise self.error(root.line, "no <variables>")
        self.variables(variables)
        for part in root.children:
            if part.tag == "constraints":
                self.expect(part, children={*TAGS, *META})
                for constraint in part.children:
                    self.constraint(constraint, None)
            elif part.tag == "objectives":
                self.objectives(part)
        return self.model

    # variables
    def variables(self, element: Element) -> None:
        self.expect(element, children={"var", "array"})
        for declared in element.children:
            fail = self.fail(declared)
            name = declared.attributes.get("id", "")
            if not re.fullmatch(r"[A-Za-z_]\w*", name) or name in self.scalars or name in self.arrays:
                raise fail(f"id {name!r}: a new name (letters, digits, _) is needed")
            kind = declared.attributes.get("type", "integer")
            if kind not in ("integer", "symbolic"):
                raise fail(f"type={kind!r}: essais reads integer and symbolic variables")
            if declared.tag == "var":
                self.expect(declared, {"id", "as", "type"})
                domain = self.domain_of(declared, fail)
                var = self.scalars[name] = self.model.int_var(domain, name=name)
                like = self.scalars.get(declared.attributes.get("as", ""))
                if kind == "symbolic" or (like is not None and like.index in self.model.symbolic):
                    self.model.symbolic.add(var.index)
            else:
                self.array(declared, name, fail)

    def domain_of(self, declared: Element, fail: Fail) -> Sequence[int]:
        if "as" in declared.attributes:
            other = self.scalars.get(declared.attributes["as"])
            if other is None:
                raise fail(f"as={declared.attributes['as']!r} names no variable declared before")
            return self.model.domains[other.index]
        return self.some_values(declared, declared.text, fail)

    def some_values(self, declared: Element, text: str, fail: Fail) -> Sequence[int]:
        """A domain: its numbers, or a symbolic variable's symbols (each symbol a number: the
        first declared 0, the next 1…, the same number wherever it appears)."""
        if declared.attributes.get("type") != "symbolic":
            return self.values(text, fail)
        codes = []
        for word in text.split():
            if not re.fullmatch(r"[A-Za-z_]\w*", word):
                raise fail(f"{word!r} is not a symbol (letters, digits and _, a letter first)")
            codes.append(self.symbol_numbers.setdefault(word, len(self.symbol_numbers)))
            self.model.symbols[codes[-1]] = word
        if not codes:
            raise fail("a symbolic variable with no symbol")
        return tuple(sorted(set(codes)))

    def array(self, declared: Element, name: str, fail: Fail) -> None:
        self.expect(declared, {"id", "size", "type"}, {"domain"})
        sizes = re.fullmatch(r"(\[\d{1,7}\])+", declared.attributes.get("size", "").replace(" ", ""))
        if sizes is None:
            raise fail(f"size {declared.attributes.get('size')!r}: sizes [n][m]… are needed")
        shape = tuple(int(size) for size in re.findall(r"\d+", sizes.group(0)))
        if math.prod(shape) > 1_000_000 or 0 in shape:
            raise fail(f"size {sizes.group(0)}: from 1 to 1,000,000 variables")
        array = self.arrays[name] = XcspArray(shape, {})
        domains: dict[tuple[int, ...], Sequence[int]] = {}
        parts = declared.children
        if not parts:
            domain = self.some_values(declared, declared.text, fail)
            domains = dict.fromkeys(itertools.product(*map(range, shape)), domain)
        for part in parts:
            self.expect(part, {"for"})
            domain = self.some_values(declared, part.text, self.fail(part))
            cells = part.attributes.get("for", "").split()
            if cells == ["others"]:
                domains |= {i: domain for i in itertools.product(*map(range, shape)) if i not in domains}
                continue
            for cell in cells:
                domains |= dict.fromkeys(self._indices(cell, name, shape, self.fail(part)), domain)
        for index in itertools.product(*map(range, shape)):
            if index in domains:
                array.cells[index] = self.model.int_var(domains[index], name=cell_name(name, index))
                if declared.attributes.get("type") == "symbolic":
                    self.model.symbolic.add(array.cells[index].index)
        self.model.arrays[name] = shape

    def _indices(self, cell: str, name: str, shape: tuple[int, ...], fail: Fail) -> list[tuple[int, ...]]:
        match = re.fullmatch(rf"{name}((?:\[[^\]]*\])+)", cell)
        if match is None:
            raise fail(f"for={cell!r} does not name cells of {name}")
        parts = match.group(1)[1:-1].split("][")
        if len(parts) != len(shape) or not all(re.fullmatch(r"(\d+(\.\.\d+)?)?", part) for part in parts):
            raise fail(f"for={cell!r} is not {len(shape)} indices of {name} (each i, i..j or none)")
        ranges = []
        for part, size in zip(parts, shape, strict=True):
            low, high = (
                (0, size - 1) if part == "" else map(int, part.split("..")) if ".." in part else (int(part),) * 2
            )
            ranges.append(range(low, min(high, size - 1) + 1))
        return list(itertools.product(*ranges))

    # constraints
    def constraint(self, element: Element, arguments: list[str] | None) -> None:
        if element.tag == "group":
            self.group(element)
        elif element.tag == "slide":
            self.slide(element)
        elif element.tag == "block":
            self.expect(element, children={*TAGS, *META})
            for inner in element.children:
                self.constraint(inner, None)
        elif element.tag in TAGS:
            try:
                for made in TAGS[element.tag](self, element, arguments):
                    self.model.add(made)
            except InvalidInput as error:
                if str(error).startswith(self.name):
                    raise
                raise self.fail(element)(str(error)) from None
        else:
            raise self.error(element.line, f"<{element.tag}> is not a constraint essais reads")

    def group(self, element: Element) -> None:
        self.expect(element, children={*TAGS, "args"})
        template = next((c for c in element.children if c.tag != "args"), None)
        if template is None or template.tag == "group":
            raise self.fail(element)("a group holds one constraint, then its <args>")
        for args in element.children:
            if args.tag == "args":
                self.expect(args)
                self.constraint(template, Arguments(self.arguments(args), self._places(template)))

    def slide(self, element: Element) -> None:
        """<slide>: its constraint on each window of its lists, the window moving `offset` items
        at a time (1 by default) and taking `collect` items of each list (with one list, by
        default as many as the constraint names %i; with several, 1); circular="true": the
        windows go round to the first items, one a start."""
        self.expect(element, {"circular"}, {*TAGS, "list"})
        template, holders = element.children[-1] if element.children else None, element.children[:-1]
        fail = self.fail(element)
        if template is None or template.tag == "list" or not holders or any(h.tag != "list" for h in holders):
            raise fail("a slide holds its lists, then one constraint")
        circular = element.attributes.get("circular", "false")
        if circular not in ("true", "false"):
            raise fail(f"circular={circular!r}: true or false")
        lists, offsets, collects = [], [], []
        for holder in holders:
            self.expect(holder, {"offset", "collect"})
            lists.append(self.arguments(holder))
            default = self._places(template) if len(holders) == 1 else 1
            offsets.append(self._positive(holder, "offset", 1))
            collects.append(self._positive(holder, "collect", default))
        for window in _windows(lists, offsets, collects, circular == "true"):
            self.constraint(template, Arguments(window, self._places(template)))

    def _places(self, template: Element) -> int:
        """How many places (%0, %1…) a template names."""
        said = template.text + "".join(child.text for child in template.children)
        return max((int(place) for place in re.findall(r"%(\d+)", said)), default=-1) + 1

    def _positive(self, holder: Element, attribute: str, default: int) -> int:
        word = holder.attributes.get(attribute, str(default)).strip()
        if not re.fullmatch(r"\d{1,9}", word) or int(word) == 0:
            raise self.fail(holder)(f"{attribute}={word!r} is not a whole number, 1 or more")
        return int(word)

    def arguments(self, args: Element) -> list[str]:
        """A group's <args>, one item a place: a compact reference (`x[3..5]`, `m[0][]`) names
        as many variables as it stands for, a range as many numbers, each filling one %i."""
        fail, items = self.fail(args), []
        for word in _words(args.text):
            if "(" in word or word.startswith("%") or not ("[" in word or ".." in word):
                items.append(word)
            else:
                items += [self.model.names[item.index] if isinstance(item, IntVar) else str(item)
                          for item in self.items(word, fail)]  # fmt: skip
        return items

    def list_of(
        self,
        element: Element,
        tag: str,
        arguments: list[str] | None,
        attributes: set[str] = frozenset(),  # type: ignore[assignment]
    ) -> list[Value]:
        """The items of a child <list> (or of the element's own text, when it has no child); the
        attributes it may carry: those the kind reads (startIndex, closed…)."""
        holder = element.child(tag) if element.children else element
        if holder is None:
            raise self.fail(element)(f"no <{tag}>")
        if holder is not element:
            self.expect(holder, attributes)
        return [item for word in _words(holder.text) for item in self.expressions(word, holder, arguments)]

    def matrix_of(self, element: Element, arguments: list[str] | None) -> list[list[Value]]:
        """The rows of a child <matrix>: a 2-D reference (`x[][]`, `g[1..4][4..7]`) row by row,
        or its rows written out, `(a,b)(c,d)`."""
        holder = element.child("matrix")
        if holder is None:
            raise self.fail(element)("no <matrix>")
        self.expect(holder, {"startRowIndex", "startColIndex"} if element.tag == "element" else set())
        text, fail = holder.text.strip(), self.fail(holder)
        if text.startswith("("):
            rows = [row.replace(",", " ").split() for row in re.findall(r"\(([^()]*)\)", text)]
            return [[item for word in row for item in self.expressions(word, holder, arguments)] for row in rows]
        match = re.fullmatch(r"([A-Za-z_]\w*)\[([^\]]*)\](\[[^\]]*\])", text)
        if match is None or match.group(1) not in self.arrays or len(self.arrays[match.group(1)].shape) != 2:
            raise fail(f"{text!r}: a matrix is a reference to a 2-D array (x[][]) or its rows, (a,b)(c,d)")
        name, first, second = match.groups()
        if first == "":
            indices = range(self.arrays[name].shape[0])
        else:
            low, high = (self.number(part, fail) for part in (first.split("..", 1) if ".." in first else (first,) * 2))
            indices = range(low, high + 1)
        return [list(self.reference(f"{name}[{index}]{second}", fail)) for index in indices]

    def expressions(self, word: str, holder: Element, arguments: list[str] | None) -> list[Value]:
        """A word of a list: an expression (one item), or references, numbers and ranges."""
        if word.startswith("%") and arguments is not None:
            named = self.argument(word, arguments, self.fail(holder))
            return [item for argument in named for item in self.expressions(argument, holder, None)]
        if "(" in word:
            found = self.expression(word, self.fail(holder), arguments)
            return [expression(found) if isinstance(found, Linear) else found]  # type: ignore[list-item]
        return self.items(word, self.fail(holder), arguments)

    def one(self, word: str, holder: Element, arguments: list[str] | None) -> Value:
        found = self.expressions(word, holder, arguments)
        if len(found) != 1:
            raise self.fail(holder)(f"{word}: one item is meant here")
        return found[0]

    def condition(self, element: Element, arguments: list[str] | None) -> tuple[str, Any]:
        """<condition> (le,10) </condition>: the operator and its right side (a value, a
        variable, or for `in` a range or a set of whole numbers)."""
        holder = element.child("condition")
        if holder is None:
            raise self.fail(element)("no <condition>")
        return self.condition_of(holder, arguments)

    def condition_of(self, holder: Element, arguments: list[str] | None) -> tuple[str, Any]:
        """A <condition>'s operator and right side."""
        self.expect(holder)
        match = re.fullmatch(r"\s*\(\s*(\w+)\s*,\s*(.+?)\s*\)\s*", holder.text)
        if match is None or match.group(1) not in (*OPERATORS, "in"):
            raise self.fail(holder)(f"{holder.text.strip()!r}: a condition is (operator,value), lt le ge gt eq ne in")
        operator, right = match.groups()
        if operator == "in":
            fail = self.fail(holder)
            if arguments is not None:  # (a template's set, `(in,%0)` with `{1,27}` its argument)
                right = re.sub(
                    r"%(\d+|\.\.\.)", lambda place: " ".join(self.argument(place[0], arguments, fail)), right
                )
            return "in", self.items(right.replace("{", " ").replace("}", " ").replace(",", " "), fail)
        return OPERATORS[operator], self.one(right, holder, arguments)

    def holding(self, value: Value, condition: tuple[str, Any]) -> Linear | LinearExpr:
        operator, right = condition
        if operator == "in":
            base = value if isinstance(value, LinearExpr) else LinearExpr({}, value, None)
            return Term("|", [expression(base == r) for r in right]) if right else LinearExpr({}, 0, None) == 1
        return relate(value, operator, right)

    # objectives
    def objectives(self, element: Element) -> None:
        self.expect(element, children={"minimize", "maximize"})
        if len(element.children) != 1:
            raise self.fail(element)("one objective (essais optimises one)")
        (goal,) = element.children
        self.expect(goal, {"type"}, {"list", "coeffs"})
        kind = goal.attributes.get("type", "expression")
        if kind == "expression":
            found = self.expression(goal.text, self.fail(goal))
        elif kind in ("sum", "minimum", "maximum", "nValues"):
            items = self.list_of(goal, "list", None)
            if kind == "sum":
                weights = goal.child("coeffs")
                coefficients = self.items(weights.text, self.fail(goal)) if weights is not None else [1] * len(items)
                if len(coefficients) != len(items):
                    raise self.fail(goal)(f"{len(items)} items and {len(coefficients)} coefficients")
                found = sum((c * x for c, x in zip(coefficients, items, strict=True)), LinearExpr({}, 0, None))
            elif kind == "nValues":
                found = n_values(items)
            else:
                found = minimum(items) if kind == "minimum" else maximum(items)
        else:
            raise self.fail(goal)(
                f"type={kind!r} is not an objective essais reads (expression, sum, minimum, maximum, nValues)"
            )
        if isinstance(found, Linear):
            found = expression(found)
        try:
            (self.model.minimize if goal.tag == "minimize" else self.model.maximize)(found)  # type: ignore[arg-type]
        except InvalidInput as error:
            raise self.fail(goal)(str(error)) from None


def _words(text: str) -> list[str]:
    """A list's items, split at white space outside brackets (an expression keeps its commas)."""
    words, depth, current = [], 0, ""
    for char in text:
        depth += (char == "(") - (char == ")")
        if char.isspace() and depth == 0:
            if current:
                words.append(current)
            current = ""
        else:
            current += char
    return [*words, current] if current else words


def _windows(lists: list[list[str]], offsets: list[int], collects: list[int], circular: bool) -> list[list[str]]:
    """A slide's windows: `collects[i]` items of list i from its start, each start `offsets[i]`
    after the one before; until the first list's window would run past its end (circular: until
    every start of the first list has had its window, going round)."""
    windows: list[list[str]] = []
    start = 0
    first, step, taken = len(lists[0]), offsets[0], collects[0]
    while circular or start + taken <= first:
        if len(windows) >= MAX_WINDOWS:
            break
        windows.append([items[(start // step * offset + k) % len(items)]
                        for items, offset, collect in zip(lists, offsets, collects, strict=True)
                        for k in range(collect)])  # fmt: skip
        start += step
        if circular and start >= first:
            break
    return windows
