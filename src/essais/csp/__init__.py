"""Constraints of one's own (000 §3.1): a model of integer variables with finite domains and
constraints (linear relations, all_different, circuit, subcircuit, no_overlap, increasing,
global_cardinality, tables, Python predicates), searched by the course's methods, basic,
forward checking and arc consistency maintained.

The package is laid out by layer, each importing only those below it (import-linter holds
them: pyproject.toml), from the top:

- `api`: the public functions, how a search is resolved, the branch and bound, a model read
  from a path by its suffix;
- `draw`: the table of the domains and the search watched on it;
- `files` and `xcsp`: essais's model files, and XCSP3 in and out (neither imports the other);
- `textbook` and `compiled`: the python engine and the numba engine (loaded only when it runs);
  `check`: the checker;
- `model`: the model as written (variables, expressions, terms, constraints) and as the engines
  see it (flattened).
"""

from essais.csp.api import CspStream, count_csp, read_model, solve_csp
from essais.csp.check import csp_error, is_csp_solution
from essais.csp.draw import watch_csp
from essais.csp.files import CspFileError
from essais.csp.model import METHODS, CspCount, CspResult, Model
from essais.csp.model.constraints import (
    IntVar,
    LinearExpr,
    all_different,
    circuit,
    global_cardinality,
    increasing,
    lex_less_eq,
    no_overlap,
    predicate,
    subcircuit,
    table,
)
from essais.csp.model.functions import count, element, if_then_else, implies, maximum, minimum, n_values
from essais.csp.xcsp import XcspError, read_xcsp, to_xcsp, write_xcsp

__all__ = [
    "METHODS",
    "CspCount",
    "CspFileError",
    "CspResult",
    "CspStream",
    "IntVar",
    "LinearExpr",
    "Model",
    "XcspError",
    "all_different",
    "circuit",
    "count",
    "count_csp",
    "csp_error",
    "element",
    "global_cardinality",
    "if_then_else",
    "implies",
    "increasing",
    "is_csp_solution",
    "lex_less_eq",
    "maximum",
    "minimum",
    "n_values",
    "no_overlap",
    "predicate",
    "read_model",
    "read_xcsp",
    "solve_csp",
    "subcircuit",
    "table",
    "to_xcsp",
    "watch_csp",
    "write_xcsp",
]
