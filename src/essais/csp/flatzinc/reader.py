"""FlatZinc files (what MiniZinc compiles a model and its data into for a solver) read as an essais
model: `read_flatzinc(path)`, and `essais csp FILE.fzn`.

Parameters, variables (ranges, sets of values, `bool` as 0/1, an `int` without bounds within
UNBOUNDED), arrays, constraints (the integer and Boolean built-ins of essais.csp.flatzinc.builtins)
and the solve item. A variable declared equal to another is that variable (no copy), and so are
the two variables of `bool2int(a, b)`. The variables of an `output_array` that are not outputs of
their own are named by it (`q[1]`, `grid[2,3]`), the others by the file. The variables the search
annotations name come first in the model, and each annotation is a phase of its search
(Model.branch; essais.csp.flatzinc.search); other annotations but those naming outputs are read
and not followed.
Float and set variables are refused by name, with the line: essais has integer and Boolean
variables."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from essais.core.engine import check_memory
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, setting_up
from essais.csp.flatzinc.builtins import BUILTINS
from essais.csp.flatzinc.parser import Access, Declaration, Items, parse
from essais.csp.flatzinc.search import Search, search_of
from essais.csp.model.expressions import IntVar
from essais.csp.model.problem import Model

UNBOUNDED = range(-(2**31 - 2), 2**31 - 1)  # an `int` declared without bounds (Gecode's limits)
BYTES_PER_BYTE = 60  # the tokens, items and model a byte of FlatZinc becomes, at most


class FlatZincError(InvalidInput):
    """A FlatZinc file that cannot be read: where, and what is wrong."""


@dataclass(frozen=True)
class Output:
    """What a FlatZinc solver prints of a solution: an output_var (`index_sets` None) or an
    output_array and its index sets; its items variables (IntVar) or numbers; Booleans as
    true and false."""

    name: str
    index_sets: tuple[range, ...] | None
    items: tuple[Any, ...]
    boolean: bool

    def text(self, values: Sequence[int]) -> str:
        """`x = 3;` or `q = array1d(1..3, [2, 3, 1]);` for the solution's values."""
        shown = [self._value(values[item.index] if isinstance(item, IntVar) else item) for item in self.items]
        if self.index_sets is None:
            return f"{self.name} = {shown[0]};"
        sets = "".join(f"{r.start}..{r.stop - 1}, " for r in self.index_sets)
        return f"{self.name} = array{len(self.index_sets)}d({sets}[{', '.join(shown)}]);"

    def _value(self, value: int) -> str:
        return ("true" if value else "false") if self.boolean else str(value)


@dataclass(frozen=True)
class FlatZinc:
    """A FlatZinc file read: its model, what a solution prints, and the search its annotations ask
    (its variables are already first in the model)."""

    model: Model
    outputs: tuple[Output, ...]
    search: Search


def read_flatzinc(source: str | Path, *, limits: Limits | None = None) -> Model:
    """The model of a FlatZinc file: its variables named as the file (or its output arrays) name
    them, its constraints and objective. A file essais cannot read raises FlatZincError (its
    name, the line, what is wrong)."""
    return read_flatzinc_file(source, limits=limits).model


def read_flatzinc_file(source: str | Path, *, limits: Limits | None = None) -> FlatZinc:
    """A FlatZinc file's model and outputs (read_flatzinc)."""
    name = str(source)

    def refuse(line: int, what: str) -> FlatZincError:
        return FlatZincError(f"{name} line {line}: {what}")

    with setting_up(limits):
        try:
            text = Path(source).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise FlatZincError(f"{name}: {getattr(error, 'strerror', None) or error}") from None
        check_memory(len(text) * BYTES_PER_BYTE, f"reading {name}", limits)
        try:
            built = _Building(parse(text, refuse), refuse)
        except RecursionError:  # (arrays in arrays, thousands deep)
            raise FlatZincError(f"{name}: its values are nested too deep") from None
        return FlatZinc(built.model, tuple(built.outputs), built.search)


class _Building:
    """One file's items made a model (`model`)."""

    def __init__(self, items: Items, refuse: Any) -> None:
        self.refuse, self.model = refuse, Model()
        self.values: dict[str, Any] = {}  # each name: a number, a set, an IntVar or a list of those
        self.same = _bool2int_pairs(items)
        self.shown = _output_names(items)
        self.search = search_of(items)
        for declaration in _searched_first(items, self.search.first):
            self.declare(declaration)
        self.outputs = [output for d in items.declarations if (output := self.output(d)) is not None]
        if self.outputs:
            self.project(satisfy=items.solve is None or items.solve.goal == "satisfy")
        for call in items.calls:
            builtin = BUILTINS.get(call.name)
            if builtin is None:
                raise refuse(call.line, f"constraint {call.name}: not an integer or Boolean built-in of FlatZinc "
                                        "nor of essais's MiniZinc library (compile with --solver essais or "
                                        "-G std)")  # fmt: skip
            try:
                builtin(self.model, [self.value(argument, call.line) for argument in call.arguments])
            except (TypeError, ValueError, IndexError, AttributeError, InvalidInput) as wrong:
                said = "not the arguments it takes" if "unpack" in str(wrong) or "argument" in str(wrong) else wrong
                raise refuse(call.line, f"constraint {call.name}: {said}") from None
        for phase in self.search.phases:
            variables = [var for name in phase.names if isinstance(var := self.values.get(name), IntVar)]
            self.model.branch(variables, phase.variable_order, phase.value_order)
        if items.solve is not None and items.solve.goal != "satisfy":
            goal = self.value(items.solve.objective, items.solve.line)
            if isinstance(goal, IntVar):
                (self.model.minimize if items.solve.goal == "minimize" else self.model.maximize)(goal)

    def declare(self, declaration: Declaration) -> None:
        name, line = declaration.name, declaration.line
        if name in self.values:
            raise self.refuse(line, f"{name} is declared twice")
        if declaration.base in ("float", "set") and declaration.is_var:
            hint = "; MiniZinc's nosets.mzn turns set variables into Booleans" if declaration.base == "set" else ""
            raise self.refuse(line, f"{name}: a {declaration.base} variable (essais has integer and Boolean "
                                    f"variables{hint})")  # fmt: skip
        given = None if declaration.value is None else self.value(declaration.value, line)
        if not declaration.is_var or declaration.sizes is not None:
            if declaration.is_var and not isinstance(given, list):
                raise self.refuse(line, f"{name}: an array of variables is given its items (= [...])")
            self.values[name] = given
            return
        if isinstance(given, IntVar) or (given is None and name in self.same and self.same[name] in self.values):
            self.values[name] = self.joined(given if given is not None else self.values[self.same[name]], declaration)
            return
        domain = _domain(declaration)
        if given is not None:  # (a variable of one value)
            domain = tuple(v for v in (int(given),) if v in domain)
        low, high = (set(domain), None) if isinstance(domain, tuple) else (domain.start, domain.stop - 1)
        self.values[name] = self.model.int_var(low, high, self.shown.get(name, name))

    def project(self, satisfy: bool) -> None:
        """A solution shows the outputs alone (the others hidden); without an objective, it is
        told apart by them and by the variables the search annotations name (the others are
        existential: one set of their values is sought, as a FlatZinc solver does)."""
        shown = {item.index for output in self.outputs for item in output.items if isinstance(item, IntVar)}
        self.model.hidden = set(range(len(self.model.names))) - shown
        searched = {var.index for name in self.search.first if isinstance(var := self.values.get(name), IntVar)}
        if satisfy:
            self.model.existential = self.model.hidden - searched

    def output(self, declaration: Declaration) -> Output | None:
        """What a solution prints of the declaration: none where it is no output."""
        named = {a.name: a for a in declaration.annotations}
        value, boolean = self.values[declaration.name], declaration.base == "bool"
        if "output_var" in named and declaration.sizes is None:
            return Output(declaration.name, None, (value,), boolean)
        if "output_array" in named and isinstance(value, list) and named["output_array"].arguments:
            index_sets = named["output_array"].arguments[0]
            if not isinstance(index_sets, list) or not all(isinstance(r, range) for r in index_sets):
                raise self.refuse(declaration.line, f"{declaration.name}: output_array's index sets are lo..hi")
            return Output(declaration.name, tuple(index_sets), tuple(value), boolean)
        return None

    def joined(self, var: IntVar, declaration: Declaration) -> IntVar:
        """`var` standing for a second declaration too, its domain within both."""
        domain, second = self.model.domains[var.index], _domain(declaration)
        if not (isinstance(second, range) and second.start <= domain[0] and domain[-1] < second.stop):
            self.model.domains[var.index] = tuple(v for v in domain if v in second)
        return var

    def value(self, expression: Any, line: int) -> Any:
        """An expression's value: a number (true 1, false 0), a set, an IntVar, a list of those."""
        if isinstance(expression, bool):
            return int(expression)
        if isinstance(expression, str):  # (a name)
            if expression in ("true", "false"):
                return int(expression == "true")
            if expression not in self.values:
                raise self.refuse(line, f"{expression} is not declared before it is used")
            return self.values[expression]
        if isinstance(expression, Access):
            items = self.value(expression.array, line)
            if not isinstance(items, list) or not 1 <= expression.index <= len(items):
                raise self.refuse(line, f"{expression.array}[{expression.index}]: no such item")
            return items[expression.index - 1]
        if isinstance(expression, list):
            if all(type(item) is int for item in expression):  # (a table's numbers: as they are)
                return expression
            return [self.value(item, line) for item in expression]
        if isinstance(expression, float):
            raise self.refuse(line, f"{expression}: a float (essais has integers and Booleans)")
        return expression


def _searched_first(items: Items, first: list[str]) -> list[Declaration]:
    """The declarations, those of the variables the search annotations name first, in their
    order (essais's input order is the model's), then the others as the file has them."""
    rank = {name: k for k, name in enumerate(first)}
    searched = sorted((d for d in items.declarations if d.is_var and d.sizes is None and d.value is None
                       and d.name in rank), key=lambda d: rank[d.name])  # fmt: skip
    chosen = {id(d) for d in searched}
    return [*searched, *(d for d in items.declarations if id(d) not in chosen)]


def _domain(declaration: Declaration) -> range | tuple[int, ...]:
    """A variable's values as declared."""
    if declaration.base == "bool":
        return range(2)
    return UNBOUNDED if declaration.domain is None else declaration.domain


def _bool2int_pairs(items: Items) -> dict[str, str]:
    """For `bool2int(a, b)` of two variables: b's name -> a's and a's -> b's (one variable)."""
    pairs: dict[str, str] = {}
    for call in items.calls:
        if call.name == "bool2int" and all(isinstance(a, str) for a in call.arguments):
            a, b = call.arguments
            pairs[b], pairs[a] = a, b
    return pairs


def _output_names(items: Items) -> dict[str, str]:
    """Each variable of an output_array that is no output of its own: its name by the array
    (`q[1]`; several index sets: `grid[2,3]`), the first array naming it."""
    own = {d.name for d in items.declarations if any(a.name == "output_var" for a in d.annotations)}
    names: dict[str, str] = {}
    for declaration in items.declarations:
        shown = next((a for a in declaration.annotations if a.name == "output_array"), None)
        if shown is None or not isinstance(declaration.value, list) or not shown.arguments:
            continue
        for item, index in zip(declaration.value, _indices(shown.arguments[0]), strict=False):
            if isinstance(item, str) and item not in own and item not in names:
                names[item] = f"{declaration.name}[{','.join(map(str, index))}]"
    return names


def _indices(index_sets: Sequence[Any]) -> list[tuple[int, ...]]:
    """The indices of an array of these index sets (ranges), in row-major order."""
    indices: list[tuple[int, ...]] = [()]
    for index_set in index_sets if isinstance(index_sets, list) else []:
        if not isinstance(index_set, range):
            return []
        indices = [(*index, i) for index in indices for i in index_set]
    return indices
