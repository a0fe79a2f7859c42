"""Constraints of one's own (000 §3.1): a model of integer variables with finite domains and
constraints (linear relations, all_different, circuit, subcircuit, no_overlap, cumulative,
increasing, global_cardinality, tables, Python predicates), searched by the course's methods, basic,
forward checking and arc consistency maintained.

The package is laid out by layer, each importing only those below it (import-linter holds
them: pyproject.toml), from the top:

- `api`: the public functions, how a search is resolved, the branch and bound, a model read
  from a path by its suffix;
- `draw`: the table of the domains and the search watched on it;
- `files` and `xcsp`: essais's model files, and XCSP3 in and out (neither imports the other);
- `textbook` and `compiled`: the python engine and the numba engine (loaded only when it runs);
  `check`: the checker;
- `kinds`: the kinds of constraint, each one module (its class, propagator, encoding, forms),
  registered once, and the model as the engines see it (flattened);
- `model`: the model as written (variables, expressions, terms, the base of constraints and
  its linear relations).
"""

from essais.csp.api import CspStream, count_csp, read_minizinc, read_model, solve_csp
from essais.csp.check import csp_error, is_csp_solution
from essais.csp.draw import watch_csp
from essais.csp.files import CspFileError
from essais.csp.flatzinc import FlatZincError, read_flatzinc
from essais.csp.kinds.all_different import all_different
from essais.csp.kinds.cardinality import global_cardinality
from essais.csp.kinds.circuit import circuit, subcircuit
from essais.csp.kinds.cumulative import cumulative
from essais.csp.kinds.increasing import increasing
from essais.csp.kinds.lex import lex_less_eq
from essais.csp.kinds.no_overlap import no_overlap
from essais.csp.kinds.predicate import predicate
from essais.csp.kinds.table import table
from essais.csp.model import METHODS, CspCount, CspResult, Model
from essais.csp.model.expressions import IntVar, LinearExpr
from essais.csp.model.functions import count, element, if_then_else, implies, maximum, minimum, n_values, xor
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
    "FlatZincError",
    "XcspError",
    "all_different",
    "circuit",
    "count",
    "count_csp",
    "cumulative",
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
    "read_minizinc",
    "read_model",
    "read_xcsp",
    "read_flatzinc",
    "solve_csp",
    "subcircuit",
    "table",
    "to_xcsp",
    "watch_csp",
    "write_xcsp",
    "xor",
]
