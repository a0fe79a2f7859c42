"""The terms of a model file's expressions (essais.csp.files.expressions reads the rest): the
calls `abs`, `min`/`minimum`, `max`/`maximum`, `count`, `element`, `implies`, `xor`, `if_then_else`; a
comparison in brackets as 0 or 1 (`sum(x[i] == 0 for i in range(n)) == 2`); `|`, `&` and `~`
of those. Python's `and`, `or` and `not` would ask a relation for a truth value, and a chained
comparison (`x == 1 | y == 2` reads as `x == (1 | y) == 2`) is two: each is refused with the
way to write it."""

from __future__ import annotations

import ast

from essais.csp.files.expressions import Expressions, Loop
from essais.csp.model.expressions import LinearExpr, relate
from essais.csp.model.functions import count, element, if_then_else, implies, maximum, minimum, xor

RELATIONS = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">="}
OF_MANY = {"abs": 1, "implies": 2, "if_then_else": 3}  # (the calls of a fixed number of expressions)
TERMS = ("abs", "min", "max", "minimum", "maximum", "count", "element", "implies", "xor", "if_then_else")
LOGIC = "write and, or, not as &, |, ~ between relations in brackets: (x == 1) | (y == 2)"


class Terms(Expressions):
    """The terms of a model file's expressions."""

    def term(self, node: ast.expr, indent: int, loop: Loop) -> LinearExpr:
        where = indent + node.col_offset
        if isinstance(node, ast.Compare):
            if len(node.ops) != 1 or type(node.ops[0]) not in RELATIONS:
                raise self.error(where, f"a chained comparison or `in` is not a term; {LOGIC}")
            left, right = self.linear(node.left, indent, loop), self.linear(node.comparators[0], indent, loop)
            operator = RELATIONS[type(node.ops[0])]
            return self.made(where, lambda: relate(left, operator, right) + 0)  # type: ignore[no-any-return]
        if isinstance(node, ast.BoolOp) or (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not)):
            raise self.error(where, LOGIC)
        if isinstance(node, ast.UnaryOp):
            operand = self.linear(node.operand, indent, loop)
            return self.made(where, lambda: ~self.as_expression(operand))  # type: ignore[no-any-return]
        if isinstance(node, ast.BinOp):
            a, b = self.linear(node.left, indent, loop), self.linear(node.right, indent, loop)
            if isinstance(node.op, ast.BitOr):
                return self.made(where, lambda: self.as_expression(a) | b)  # type: ignore[no-any-return]
            return self.made(where, lambda: self.as_expression(a) & b)  # type: ignore[no-any-return]
        assert isinstance(node, ast.Call)
        return self.call_term(node, indent, loop)

    def call_term(self, call: ast.Call, indent: int, loop: Loop) -> LinearExpr:
        where = indent + call.col_offset
        name = call.func.id if isinstance(call.func, ast.Name) else None
        if name not in TERMS:
            raise self.error(where, f"{ast.unparse(call.func)!r} is not a term ({', '.join(TERMS)})")
        if call.keywords:
            raise self.error(where, f"{name} takes no keyword")
        if name in OF_MANY:
            if len(call.args) != OF_MANY[name]:
                raise self.error(where, f"{name} takes {OF_MANY[name]} expression{'s' * (OF_MANY[name] > 1)}")
            found = [self.linear(argument, indent, loop) for argument in call.args]
            if name == "abs":
                return self.made(where, lambda: abs(self.as_expression(found[0])))  # type: ignore[no-any-return]
            if name == "implies":
                return self.made(where, lambda: implies(*found))  # type: ignore[no-any-return]
            return self.made(where, lambda: if_then_else(*found))  # type: ignore[no-any-return]
        if name in ("count", "element"):
            if len(call.args) != 2:
                raise self.error(where, f"{name} takes the expressions and " + ("a value" if name == "count" else
                                 "an index: element(x, i)"))  # fmt: skip
            items = list(self.operands(ast.Call(call.func, call.args[:1], []), indent, loop, name))
            second = self.linear(call.args[1], indent, loop)
            make = count if name == "count" else element
            return self.made(where, lambda: make(items, second))  # type: ignore[no-any-return]
        items = list(self.operands(call, indent, loop, name))
        if name == "xor":
            return self.made(where, lambda: xor(items))  # type: ignore[no-any-return]
        least = name in ("min", "minimum")
        return self.made(where, lambda: minimum(items) if least else maximum(items))  # type: ignore[no-any-return]

    def as_expression(self, value: LinearExpr | int) -> LinearExpr:
        """A whole number as an expression of the model (so that `~`, `|`, `abs` apply)."""
        return value if isinstance(value, LinearExpr) else LinearExpr({}, value, self.model)
