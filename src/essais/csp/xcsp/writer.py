"""A model written as an XCSP3 instance (`to_xcsp(model)`, `write_xcsp(model, path)`, `essais csp FILE
--write-xcsp OUT.xml`), so that ACE, Choco or CPMpy can check it; read back by
essais.csp.xcsp.reader it gives the same solutions in the same variables' order.

Variables keep their names where XCSP3 takes them: `x`, and as arrays those the model remembers
(`Model.arrays`, of any dimension, cells left out included) and runs `q[0]` … `q[7]` of names in
order; any other name (the hidden states of an automaton read from XCSP3, say) is written `v<k>`
with a note. Relations become `sum` (weighted sums) or `intension` (with terms), all_different
`allDifferent`, tables `extension`, circuit `circuit` (with each node kept from its own number:
XCSP3's circuit allows loops), no_overlap `noOverlap`, cumulative `cumulative`, increasing
`ordered`, global_cardinality a `count` a value, lex_less_eq `lex`; the objective
`minimize`/`maximize`. An element term whose index may fall beyond its list is written as a chain
of `if`, with an `intension` keeping its index within the list (where it falls beyond, the term
has no value: no solution has it). What XCSP3 cannot say exactly is refused, naming it: a
predicate (a Python test); `//` and `%` of a value that may be negative (XCSP3's div and mod
truncate, essais's round down).
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol
from xml.sax.saxutils import escape

from essais.core.errors import InvalidInput
from essais.csp.kinds import kind_of
from essais.csp.model.constraint import Constraint
from essais.csp.model.expressions import Linear, LinearExpr, Term
from essais.csp.model.intervals import ranges_of
from essais.csp.model.problem import cell_name


class Goal(Protocol):
    @property
    def terms(self) -> dict[Any, int]: ...
    @property
    def constant(self) -> int: ...
    @property
    def sense(self) -> str: ...  # "minimize" or "maximize", the names of XCSP3's tags


class Writable(Protocol):
    """What of a model (essais.csp.Model, which this module serves) is written."""

    @property
    def names(self) -> list[str]: ...
    @property
    def domains(self) -> list[Sequence[int]]: ...
    @property
    def constraints(self) -> list[Constraint]: ...
    @property
    def objective(self) -> Goal | None: ...
    @property
    def arrays(self) -> dict[str, tuple[int, ...]]: ...
    @property
    def symbols(self) -> dict[int, str]: ...
    @property
    def symbolic(self) -> set[int]: ...


NAME = re.compile(r"[A-Za-z_]\w*$")
# (names XCSP3's readers refuse as ids: its functions and constants)
KEYWORDS = set(
    re.findall(
        r"\w+",
        """neg abs add sub mul div mod sqr pow min max dist lt le ge gt ne eq set in notin and
    or xor iff imp if not card union inter diff sdiff hull djoint subset subseq supseq supset convex PI E others""",
    )
)
CELL = re.compile(r"(?P<base>[A-Za-z_]\w*)\[(?P<index>\d+)\]$")
RELATIONS = {"==": "eq", "!=": "ne", "<=": "le"}
FUNCTIONS = {"*": "mul", "abs": "abs", "div": "div", "mod": "mod", "minimum": "min", "maximum": "max", "|": "or",
             "&": "and", "~": "not", "implies": "imp", "xor": "xor", "if_then_else": "if"}  # fmt: skip


def to_xcsp(model: Writable) -> str:
    """The model as an XCSP3 instance (the text of its XML file)."""
    writer = _Writer(model)
    parts = [f'<instance format="XCSP3" type="{"CSP" if model.objective is None else "COP"}">', "  <variables>",
             *writer.variables(), "  </variables>", "  <constraints>"]  # fmt: skip
    for constraint in model.constraints:
        parts += [f"    {line}" for line in writer.constraint(constraint)]
    parts += [f"    <intension> {guard} </intension>" for guard in writer.guards]
    parts.append("  </constraints>")
    if model.objective is not None:
        goal = model.objective
        expression = writer.expression(LinearExpr(goal.terms, goal.constant, None))
        tag = goal.sense
        parts += ["  <objectives>", f"    <{tag}> {expression} </{tag}>", "  </objectives>"]
    return "\n".join([*parts, "</instance>", ""])


def write_xcsp(model: Writable, path: str | Path) -> str:
    """Writes the model as an XCSP3 instance into `path`; what was written, said in one line."""
    text = to_xcsp(model)
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as error:
        raise InvalidInput(f"--write-xcsp: {path}: {error.strerror or error}") from None
    return f"wrote {path}: an XCSP3 instance of {len(model.names)} variables and {len(model.constraints)} constraints"


def instantiation(values: dict[str, Any], cost: int | None = None) -> str:
    """A solution as the competition's `v` line writes it."""
    costed = "" if cost is None else f' cost="{cost}"'
    return (
        f'<instantiation type="solution"{costed}> <list> {" ".join(values)} </list> <values> '
        f"{' '.join(map(str, values.values()))} </values> </instantiation>"
    )


def _domain(values: Sequence[int]) -> str:
    """Values as runs: `0..7`, `1 3 5..9` (a wide domain's from its ranges, no value listed)."""
    return " ".join(str(a) if a == b else f"{a} {b}" if b == a + 1 else f"{a}..{b}" for a, b in ranges_of(values))


@dataclass(frozen=True)
class _ArrayOut:
    """An array as the file declares it: its name, sizes and the variables of its cells (those
    that have one, in order), each following the one before."""

    base: str
    shape: tuple[int, ...]
    cells: list[int]


class _Writer:
    def __init__(self, model: Writable) -> None:
        self.model = model
        self.named = set(model.names)
        self.arrays = self._arrays()
        self.ids = self._ids()
        # the index of each element term that may fall beyond its list kept within it: where it
        # falls beyond, the term has no value and no solution has it (its constraint is not met)
        self.guards: list[str] = []

    def _arrays(self) -> dict[int, _ArrayOut]:
        """The arrays the file declares, by their first variable: those the model remembers, and
        runs base[0] … base[n-1] of names, where their cells follow each other in order and
        their name is one XCSP3 takes (no variable's, no keyword)."""
        names = self.model.names
        position = {name: k for k, name in enumerate(names)}
        arrays: dict[int, _ArrayOut] = {}
        for base, shape in self.model.arrays.items():
            labels = (cell_name(base, index) for index in itertools.product(*map(range, shape)))
            cells = [position[label] for label in labels if label in position]
            if cells and cells == list(range(cells[0], cells[0] + len(cells))) and self._takes(base):
                arrays[cells[0]] = _ArrayOut(base, shape, cells)
        k = 0
        while k < len(names):
            cell = CELL.match(names[k])
            if k in arrays or cell is None or cell.group("index") != "0" or not self._takes(cell.group("base")):
                k += len(arrays[k].cells) if k in arrays else 1
                continue
            base, end = cell.group("base"), k
            while end < len(names) and names[end] == f"{base}[{end - k}]" and end not in arrays:
                end += 1
            arrays[k] = _ArrayOut(base, (end - k,), list(range(k, end)))
            k = end
        return arrays

    def _takes(self, base: str) -> bool:
        return bool(NAME.match(base)) and base not in KEYWORDS and base not in self.named

    def _ids(self) -> list[str]:
        """Each variable's name in the file: its own where XCSP3 takes it (an array's cell, or a
        name of letters, digits and _), else v<k>."""
        names = self.model.names
        ids = [name if NAME.match(name) and name not in KEYWORDS else self._fresh(k) for k, name in enumerate(names)]
        for array in self.arrays.values():
            for v in array.cells:
                ids[v] = names[v]
        return ids

    def _fresh(self, k: int) -> str:
        fresh = f"v{k}"
        while fresh in self.named:
            fresh = "_" + fresh
        return fresh

    def variables(self) -> list[str]:
        """<var> lines, and <array> for each array (its cells' domains given `for` them where they
        differ, or where some cells have no variable)."""
        lines, k, names = [], 0, self.ids
        while k < len(names):
            array = self.arrays.get(k)
            if array is None:
                said = [] if names[k] == self.model.names[k] else [self.model.names[k]]
                note = self._note([k], said)
                lines.append(f'    <var id="{names[k]}"{note}> {_domain(self.model.domains[k])} </var>')
                k += 1
                continue
            size = "".join(f"[{n}]" for n in array.shape)
            domains = [self.model.domains[v] for v in array.cells]
            note = self._note(array.cells, [])
            if len(domains) == math.prod(array.shape) and all(d == domains[0] for d in domains):
                lines.append(f'    <array id="{array.base}" size="{size}"{note}> {_domain(domains[0])} </array>')
            else:
                cells_of: dict[Sequence[int], list[str]] = {}
                for v in array.cells:
                    cells_of.setdefault(self.model.domains[v], []).append(names[v])
                lines.append(f'    <array id="{array.base}" size="{size}"{note}>')
                lines += [f'      <domain for="{" ".join(cells)}"> {_domain(domain)} </domain>'
                          for domain, cells in cells_of.items()]  # fmt: skip
                lines.append("    </array>")
            k += len(array.cells)
        return lines

    def _note(self, variables: Sequence[int], said: list[str]) -> str:
        """A note naming what the file cannot say: a variable's own name, a symbolic variable's
        symbols (written as their numbers: XCSP3's constraints on symbols compare no numbers)."""
        numbers = sorted({v for var in variables if var in self.model.symbolic for v in self.model.domains[var]})
        if numbers:
            said = [*said, "symbols " + ", ".join(f"{self.model.symbols.get(v, v)}={v}" for v in numbers)]
        return f' note="{escape("; ".join(said), {chr(34): "&quot;"})}"' if said else ""

    def listed(self, variables: Sequence[int]) -> str:
        return " ".join(self.ids[v] for v in variables)

    def constraint(self, constraint: Constraint) -> list[str]:
        """Its kind's XCSP3 elements."""
        return kind_of(constraint).xcsp(constraint, self)  # type: ignore[no-any-return]

    def relation(self, relation: Linear) -> str:
        left = self.expression(LinearExpr(relation.terms, 0, None))
        return f"{RELATIONS[relation.relation]}({left},{-relation.constant})"

    def expression(self, expression: LinearExpr | int) -> str:
        """An expression in XCSP3's functional notation: add(mul(2,x),y,-3)."""
        if isinstance(expression, int):
            return str(expression)
        parts = []
        for key, coefficient in expression.terms.items():
            named = self.ids[key] if isinstance(key, int) else self.term(key)
            parts.append(named if coefficient == 1 else f"mul({coefficient},{named})")
        if expression.constant or not parts:
            parts.append(str(expression.constant))
        return parts[0] if len(parts) == 1 else f"add({','.join(parts)})"

    def term(self, term: Term) -> str:
        arguments = [self.expression(a) for a in term.arguments]
        operator = term.operator
        if operator in RELATIONS:
            return f"{RELATIONS[operator]}({arguments[0]},0)"
        if operator in ("//", "%"):
            low, _ = term.arguments[0].bounds(self.model.domains) if isinstance(term.arguments[0], LinearExpr) else (
                term.arguments[0], 0)  # fmt: skip
            if low < 0 or term.arguments[1] < 0:  # type: ignore[operator]
                raise InvalidInput(f"xcsp: {term.text()}: XCSP3's div and mod truncate where essais's {operator} "
                                   "rounds down, and its value may be negative")  # fmt: skip
            return f"{'div' if operator == '//' else 'mod'}({arguments[0]},{arguments[1]})"
        if operator == "element":
            return self.element(term, arguments)
        if operator == "count":  # (a sum of equalities: XCSP3's count is a constraint, not a function)
            value, *items = arguments
            equal = [f"eq({item},{value})" for item in items]
            return equal[0] if len(equal) == 1 else f"add({','.join(equal)})"
        return f"{FUNCTIONS[operator]}({','.join(arguments)})"

    def element(self, term: Term, arguments: list[str]) -> str:
        index, *items = arguments
        low, high = term.arguments[0].bounds(self.model.domains) if isinstance(term.arguments[0], LinearExpr) else (
            term.arguments[0], term.arguments[0])  # fmt: skip
        if low < 0 or high >= len(items):
            self.guards.append(f"and(ge({index},0),le({index},{len(items) - 1}))")
        chosen = items[-1]
        for k in range(len(items) - 2, -1, -1):
            chosen = f"if(eq({index},{k}),{items[k]},{chosen})"
        return chosen
