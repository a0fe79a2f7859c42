"""The model as written: variables and their domains (problem.py), the methods, orders and search
phases it is searched by (orders.py), the expressions and terms
written with Python's operators (expressions.py, terms.py, functions.py), the base of its
constraints (constraint.py) and its linear relations (expressions.py; the other kinds are
essais.csp.kinds's).
The lowest of csp's layers: it imports no other."""

from essais.csp.model.capacity import Relaxation, relaxation
from essais.csp.model.orders import METHODS, method_orders
from essais.csp.model.problem import (
    IMPROVEMENTS,
    LARGEST,
    MAX_SPAN,
    OWN,
    PRUNED,
    RESTARTS,
    REVISIONS,
    CspCount,
    CspResult,
    Model,
    Objective,
)

__all__ = [
    "IMPROVEMENTS",
    "LARGEST",
    "MAX_SPAN",
    "METHODS",
    "OWN",
    "PRUNED",
    "RESTARTS",
    "REVISIONS",
    "CspCount",
    "CspResult",
    "Model",
    "Objective",
    "Relaxation",
    "method_orders",
    "relaxation",
]
