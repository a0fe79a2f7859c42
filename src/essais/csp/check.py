"""The public checker of a model's solutions, written apart from the search: every variable has
a value of its domain and every constraint holds."""

from __future__ import annotations

from collections.abc import Mapping

from essais.csp.model.problem import Model


def csp_error(model: Model, values: Mapping[str, int]) -> str | None:
    """Why `values` ({name: value}) is not a solution of `model`, or None when it is one."""
    if set(values) != set(model.names):
        return f"the values name {sorted(set(values) ^ set(model.names))} wrongly"
    row = [values[name] for name in model.names]
    for name, value, domain in zip(model.names, row, model.domains, strict=True):
        if value not in domain:
            return f"{name} = {value} is not in its domain"
    for index, constraint in enumerate(model.constraints):
        if not constraint.holds(row):
            return f"constraint {index} ({type(constraint).__name__}) does not hold"
    return None


def is_csp_solution(model: Model, values: Mapping[str, int]) -> bool:
    return csp_error(model, values) is None
