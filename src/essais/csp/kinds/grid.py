"""A term's value at every combination of its variables' values, a column at a time with numpy:
the rows of its table (Flattening.whole_table) in the order itertools.product lists them.

Evaluated a row at a time through Term.value, a logic term nested twenty deep over twelve 0/1
variables took 4,096 recursive walks of its tree: MiniZinc's lex_lesseq in bibd, 236 such tables,
1.6 s of flattening. Here each node of the tree is one numpy operation over all the rows. Terms
whose value may be undefined (quotients, remainders, element) and sums that could leave int64
are left to the row-by-row walk (`grid_values` returns None)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from essais.csp.model.expressions import LinearExpr, Term

# the most any sum or term's bound may be here (products of two such stay within int64)
SAFE = 1 << 62
Column = np.ndarray

# each operator over whole columns (Term.kind.apply a row at a time); 0/1 arguments for logic
GRID_OPERATORS: dict[str, Callable[[list[Column]], Column]] = {
    "==": lambda a: (a[0] == 0).astype(np.int64),
    "!=": lambda a: (a[0] != 0).astype(np.int64),
    "<=": lambda a: (a[0] <= 0).astype(np.int64),
    "*": lambda a: a[0] * a[1],
    "abs": lambda a: np.abs(a[0]),
    "minimum": np.minimum.reduce,
    "maximum": np.maximum.reduce,
    "&": np.minimum.reduce,
    "|": np.maximum.reduce,
    "~": lambda a: 1 - a[0],
    "implies": lambda a: np.maximum(1 - a[0], a[1]),
    "xor": lambda a: np.add.reduce(a) % 2,
    "if_then_else": lambda a: np.where(a[0] != 0, a[1], a[2]),
    "count": lambda a: sum(((x == a[0]).astype(np.int64) for x in a[1:]), np.zeros_like(a[0])),
}


def _within(expression: LinearExpr, domains: Sequence[Sequence[int]]) -> bool:
    low, high = expression.bounds(domains)
    return -SAFE < low <= high < SAFE


def _evaluated(expression: LinearExpr | int, columns: dict[int, Column], domains: Sequence[Sequence[int]],
               rows: int) -> Column | None:  # fmt: skip
    """The expression's value on every row (None: it has no numpy form here)."""
    if isinstance(expression, int):
        return np.full(rows, expression, dtype=np.int64)
    if not _within(expression, domains):
        return None
    total = np.full(rows, expression.constant, dtype=np.int64)
    for key, coefficient in expression.terms.items():
        if isinstance(key, Term):
            if key.operator not in GRID_OPERATORS:
                return None
            arguments = [_evaluated(a, columns, domains, rows) for a in key.arguments]
            if any(a is None for a in arguments):
                return None
            value = GRID_OPERATORS[key.operator](arguments)  # type: ignore[arg-type]
        else:
            value = columns[key]
        total += coefficient * value
    return total


def grid_values(term: Term, variables: list[int], domains: Sequence[Sequence[int]]) -> np.ndarray | None:
    """Every combination of the variables' values (first variable slowest, as itertools.product)
    with the term's value there, one row each; None where the term has no numpy form here."""
    if any(domains[v] and not -SAFE < domains[v][0] <= domains[v][-1] < SAFE for v in variables):
        return None
    grids = np.meshgrid(*(np.asarray(domains[v], dtype=np.int64) for v in variables), indexing="ij")
    flat = [grid.reshape(-1) for grid in grids]
    rows = flat[0].size if flat else 1
    value = _evaluated(term, dict(zip(variables, flat, strict=True)), domains, rows)
    if value is None:
        return None
    return np.column_stack([*flat, value]) if flat else value.reshape(1, 1)
