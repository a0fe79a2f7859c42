"""Constraints of one's own (000 §3.1): a model of integer variables with finite domains and
constraints (linear relations, all_different, circuit, subcircuit, no_overlap, increasing,
global_cardinality, tables, Python predicates), searched by the course's methods, basic,
forward checking and arc consistency maintained.

expressions.py holds the expressions (terms.py what each term computes, functions.py the calls
that build terms: count, element…), constraints.py the constraints, flatten.py the model as the
engines see it (each term an auxiliary variable), model.py the model, its objective and the
results; textbook.py, propagation.py and
global_propagation.py the python engine (the search; the domains and propagators), compiled.py,
_kernels.py, _propagation_kernels.py, _global_kernels.py and _domain_kernels.py the numba engine
(one kernel for every model, passed as arrays); plan.py resolves how a search runs, optimise.py
the branch and bound's best and its count, api.py the public functions; check.py the checker;
files.py, file_constraints.py, file_expressions.py and file_terms.py the model files; draw.py
the table of the domains and watch.py the search watched on it.
"""

from essais.csp.api import CspStream, count_csp, solve_csp
from essais.csp.check import csp_error, is_csp_solution
from essais.csp.constraints import (
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
from essais.csp.files import CspFileError, read_model
from essais.csp.functions import count, element, if_then_else, implies, maximum, minimum, n_values
from essais.csp.model import METHODS, CspCount, CspResult, Model
from essais.csp.watch import watch_csp
from essais.csp.xcsp import XcspError, read_xcsp
from essais.csp.xcsp_writer import to_xcsp, write_xcsp

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
