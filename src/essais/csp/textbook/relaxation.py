"""The objective's bound seen through its capacity (essais.csp.model.Relaxation), for the python
engine's branch and bound (the numba engine's _propagation_kernels.relaxed_holds is its twin)."""

from __future__ import annotations

from collections.abc import Callable

from essais.csp.model.capacity import Relaxation
from essais.csp.model.expressions import Linear

Span = Callable[[int, int], tuple[int, int]]  # (coefficient, variable) -> least and greatest of a·x


def relaxed_holds(bound: Linear, relaxation: Relaxation, span: Span) -> bool:
    """The least the signed sum `bound` can be, the capacity's items starting at their least and
    rising, best worth per weight first, as far as its room allows (the last a fraction of a
    step), is within the bound."""
    terms = relaxation.through or bound.terms.items()  # (the objective seen through its definition, or its own)
    total = bound.constant + relaxation.shift + sum(span(a, var)[0] for var, a in terms)
    room = -relaxation.capacity
    steps = []
    for var, weight, worth in relaxation.items:
        low, high = span(1, var)
        total += worth * (low - high)
        room -= weight * low
        steps.append((weight, worth, high - low))
    if room < 0:
        return False
    for weight, worth, width in steps:
        if weight * width > room:
            total -= (-worth * room) // weight  # (the fraction room / weight of a step: its ceiling)
            break
        room -= weight * width
        total += worth * width
    return total <= 0
