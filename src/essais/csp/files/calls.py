"""The constraints of a model file written as calls (essais.csp.files.reader reads the lines):
`all_different(…)`, `circuit(…)`, `subcircuit(…)`, `increasing(…)`, `no_overlap(…)`,
`global_cardinality(…)`, `lex_less_eq(…)` and `table(…) in [...]` (or `not in`; None in a tuple:
any value), on expressions (read by essais.csp.files.expressions), and the terms of 0 and 1 that
must hold (essais.csp.files.terms)."""

from __future__ import annotations

import ast
from typing import Any

from essais.core.errors import InvalidInput
from essais.csp.files.expressions import Loop
from essais.csp.files.terms import LOGIC, TERMS, Terms
from essais.csp.kinds.all_different import all_different
from essais.csp.kinds.cardinality import global_cardinality
from essais.csp.kinds.circuit import circuit, subcircuit
from essais.csp.kinds.increasing import increasing
from essais.csp.kinds.lex import lex_less_eq
from essais.csp.kinds.no_overlap import no_overlap
from essais.csp.kinds.table import table

CHAINS: dict[str, Any] = {
    "circuit": circuit,
    "subcircuit": subcircuit,
    "increasing": increasing,
}  # (constraints on a list of variables)
CALL_NAMES = ("all_different", "global_cardinality", "lex_less_eq", "no_overlap", "table", *CHAINS)
CALLS = ("all_different(…), circuit(…), subcircuit(…), increasing(…), no_overlap(…), global_cardinality(…), "
         "lex_less_eq(…), table(…) in [...] "
         "or a term of 0 and 1 (implies(…), (x == 1) | (y == 2)…)")  # fmt: skip


class Calls(Terms):
    """A constraint line that is not a relation."""

    def call(self, tree: ast.expr, indent: int, loop: Loop) -> None:
        name = tree.func.id if isinstance(tree, ast.Call) and isinstance(tree.func, ast.Name) else None
        if isinstance(tree, ast.Call) and name == "all_different":
            expressions = list(self.operands(tree, indent, loop, "all"))
            hall = self.hall(tree, indent)
            self.model.add(self.made(indent + tree.col_offset, lambda: all_different(expressions, hall)))
        elif isinstance(tree, ast.Call) and name in CHAINS:
            self.on_variables(tree, indent, loop)
        elif isinstance(tree, ast.Call) and name == "no_overlap":
            self.no_overlap(tree, indent, loop)
        elif isinstance(tree, ast.Call) and name == "lex_less_eq":
            where = indent + tree.col_offset
            if len(tree.args) != 2 or tree.keywords:
                raise self.error(where, "lex_less_eq takes two lists: lex_less_eq(x[0], x[1])")
            left, right = (
                list(self.operands(ast.Call(tree.func, [side], []), indent, loop, name)) for side in tree.args
            )
            self.model.add(self.made(where, lambda: lex_less_eq(left, right)))
        elif isinstance(tree, ast.Call) and name == "global_cardinality":
            self.cardinality(tree, indent, loop)
        elif isinstance(tree, ast.Compare) and len(tree.ops) == 1 and isinstance(tree.ops[0], ast.In | ast.NotIn):
            self.table(tree, indent, loop)
        elif isinstance(tree, ast.Compare) and len(tree.ops) > 1:
            raise self.error(indent + tree.col_offset, f"a chained comparison is two relations; {LOGIC}")
        elif (
            name in TERMS
            or isinstance(tree, ast.Compare | ast.BoolOp)
            or (
                isinstance(tree, ast.BinOp | ast.UnaryOp)
                and isinstance(tree.op, ast.BitOr | ast.BitAnd | ast.Invert | ast.Not)
            )
        ):
            holds = self.term(tree, indent, loop)  # (a term of 0 and 1 that must be 1)
            self.made(indent + tree.col_offset, lambda: self.model.add(holds))
        else:
            raise self.error(indent + tree.col_offset, f"not a constraint: a relation (==, !=, <, <=, >, >=), {CALLS}")

    def on_variables(self, call: ast.Call, indent: int, loop: Loop) -> None:
        """circuit(s), subcircuit(s) or increasing(x) (`strict=True` too): the variables of an array, a row, a
        generator or listed."""
        name, where = call.func.id, indent + call.col_offset  # type: ignore[attr-defined]
        variables = list(self.operands(ast.Call(call.func, call.args, []), indent, loop, name))
        strict = [k for k in call.keywords if k.arg == "strict" and name == "increasing"]
        if len(strict) != len(call.keywords) or not all(isinstance(k.value, ast.Constant) for k in strict):
            raise self.error(where, f"{name} takes no keyword" + (" but strict=True" if name == "increasing" else ""))
        try:
            options = {"strict": strict[0].value.value} if strict else {}  # type: ignore[attr-defined]
            self.model.add(CHAINS[name](variables, **options))
        except InvalidInput as error:
            raise self.error(where, str(error)) from None

    def cardinality(self, call: ast.Call, indent: int, loop: Loop) -> None:
        """global_cardinality(x, {1: 2, 3: n}): the variables, then each value with its count
        (whole numbers of params and loops' variables too)."""
        where = indent + call.col_offset
        if len(call.args) != 2 or call.keywords or not isinstance(call.args[1], ast.Dict):
            raise self.error(where, "global_cardinality takes the variables and {value: count, …}")
        variables = self.part(call.args[0], indent, loop)
        if variables is None and isinstance(call.args[0], ast.List | ast.Tuple):
            variables = [self.linear(element, indent, loop) for element in call.args[0].elts]  # type: ignore[misc]
        if variables is None:
            raise self.error(where, "global_cardinality's first argument is an array, a row or a list")
        pairs = call.args[1]
        if any(key is None for key in pairs.keys):
            raise self.error(where, "global_cardinality's counts are written out: {value: count, …}")
        counts = {self.whole(key, indent, loop): self.whole(value, indent, loop)  # type: ignore[arg-type]
                  for key, value in zip(pairs.keys, pairs.values, strict=True)}  # fmt: skip
        try:
            self.model.add(global_cardinality(variables, counts))
        except InvalidInput as error:
            raise self.error(where, str(error)) from None

    def no_overlap(self, call: ast.Call, indent: int, loop: Loop) -> None:
        """no_overlap(starts, durations): the starts an array, a row or a list of variables; the
        durations a list of whole numbers (of params and loops' variables too)."""
        where = indent + call.col_offset
        if len(call.args) != 2 or call.keywords or not isinstance(call.args[1], ast.List | ast.Tuple):
            raise self.error(where, "no_overlap takes the starts and a list of their durations: no_overlap(s, [3, 2])")
        first = call.args[0]
        starts = self.part(first, indent, loop)
        if starts is None and isinstance(first, ast.List | ast.Tuple):
            starts = [self.linear(element, indent, loop) for element in first.elts]  # type: ignore[misc]
        if starts is None:
            raise self.error(where, "no_overlap's starts are an array, a row or a list")
        durations = [self.whole(element, indent, loop) for element in call.args[1].elts]
        try:
            self.model.add(no_overlap(starts, durations))
        except InvalidInput as error:
            raise self.error(where, str(error)) from None

    def table(self, tree: ast.Compare, indent: int, loop: Loop) -> None:
        call = tree.left
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "table"):
            raise self.error(indent + call.col_offset, "`… in [...]` and `… not in [...]` go with table(variables)")
        variables = [self.linear(argument, indent, loop) for argument in call.args]
        rows = self.literal(tree.comparators[0], indent + tree.comparators[0].col_offset,
                            "a list of the allowed tuples, written out")  # fmt: skip
        if not isinstance(rows, list | tuple | set):
            raise self.error(indent + tree.comparators[0].col_offset, "a list of tuples of whole numbers")
        try:
            conflicts = isinstance(tree.ops[0], ast.NotIn)
            self.model.add(table(variables, [row if isinstance(row, tuple) else (row,) for row in rows], conflicts))
        except InvalidInput as error:
            raise self.error(indent + tree.comparators[0].col_offset, str(error)) from None
