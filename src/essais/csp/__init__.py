"""Constraints of one's own (000 §3.1): a model of integer variables with finite domains and
constraints (linear relations, all_different, tables, Python predicates), searched by the
course's methods, basic, forward checking and arc consistency maintained.

model.py holds the model, its constraints and the results, textbook.py the python engine,
compiled.py and _kernels.py the numba engine (one kernel for every model, passed as arrays),
check.py the checker, files.py the model files of the command line, api.py the public
functions. (The watched page is to come.)
"""

from essais.csp.api import CspStream, count_csp, solve_csp
from essais.csp.check import csp_error, is_csp_solution
from essais.csp.model import METHODS, CspCount, CspResult, IntVar, LinearExpr, Model, all_different, predicate, table

__all__ = [
    "METHODS",
    "CspCount",
    "CspResult",
    "CspStream",
    "IntVar",
    "LinearExpr",
    "Model",
    "all_different",
    "count_csp",
    "csp_error",
    "is_csp_solution",
    "predicate",
    "solve_csp",
    "table",
]
