"""The model as written: variables and their domains (problem.py), the expressions and terms
written with Python's operators (expressions.py, terms.py, functions.py), the constraints
(constraints.py), and the model as the engines see it, each term an auxiliary variable
(flatten.py). The lowest of csp's layers: it imports no other."""

from essais.csp.model.problem import (
    IMPROVEMENTS,
    LARGEST,
    MAX_SPAN,
    METHODS,
    OWN,
    PRUNED,
    RESTARTS,
    REVISIONS,
    CspCount,
    CspResult,
    Model,
    Objective,
    Relaxation,
    method_orders,
    relaxation,
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
