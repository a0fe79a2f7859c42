"""The objective's bound seen through a capacity (a knapsack's Dantzig bound): which relation of a
model is one, and the objective as the equality defining its one variable gives it."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from essais.csp.model.expressions import Linear
from essais.csp.model.problem import LARGEST, Model


@dataclass(frozen=True)
class Relaxation:
    """A capacity the objective's bound looks through (Dantzig's bound of a knapsack): a relation
    Σ w·x + capacity <= 0 with every weight w > 0, over variables each of which the signed
    objective wants larger (a worth s < 0). The least the signed sum can be is then no less than
    with each such variable at its least, then raised in turn, best worth per weight first, as far
    as the capacity's room allows — the last one part of the way (a fraction of a step). When that
    least is above the bound, no solution below lies there: the bound fails although the sum of its
    terms' extremes alone would not.

    An objective of one variable defined by an equality (`total == Σ v·x`, then `maximize total`,
    as FlatZinc writes it) is seen through it: `through` holds the signed objective's terms as
    that sum (none: the objective's own) and `shift` its constant."""

    capacity: int
    items: tuple[tuple[int, int, int], ...]  # (variable, weight, worth), the best worth per weight first
    through: tuple[tuple[int, int], ...] = ()  # (variable, coefficient) of the signed objective seen through
    shift: int = 0


def relaxation(model: Model) -> Relaxation | None:
    """The first `<=` relation of the model that is such a capacity for its objective (two
    variables or more; its products within the numba engine's integers), else None."""
    if model.objective is None:
        return None
    signed, shift = _seen_through(model, model.objective.signed)
    through = tuple(signed.items()) if shift is not None else ()
    if shift is not None and sum(abs(a) * _largest(model, var) for var, a in through) + abs(shift) >= LARGEST:
        return None
    for constraint in model.constraints:
        if not isinstance(constraint, Linear) or constraint.relation != "<=" or len(constraint.terms) < 2:
            continue
        if all(w > 0 and signed.get(var, 0) < 0 for var, w in constraint.terms.items()):
            items = sorted(((var, w, signed[var]) for var, w in constraint.terms.items()),
                           key=lambda item: Fraction(item[2], item[1]))  # fmt: skip
            room = abs(constraint.constant) + sum(w * _largest(model, var) for var, w, _ in items)
            if room * max(-s for _, _, s in items) < LARGEST:
                return Relaxation(constraint.constant, tuple(items), through, shift or 0)
    return None


def _seen_through(model: Model, signed: dict[Any, int]) -> tuple[dict[Any, int], int | None]:
    """The signed objective of one variable t as the first equality that defines it gives it
    (Σ a·x + c·t + k == 0 with c = ±1: s·t = Σ -s·c·a·x - s·c·k), with that constant; else the
    signed objective as it is, and None."""
    if len(signed) == 1:
        [(t, s)] = signed.items()
        for constraint in model.constraints:
            if isinstance(constraint, Linear) and constraint.relation == "==" and constraint.terms.get(t) in (1, -1):
                turned = -s * constraint.terms[t]
                terms = {var: turned * a for var, a in constraint.terms.items() if var != t}
                return terms, turned * constraint.constant
    return signed, None


def _largest(model: Model, var: int) -> int:
    """The largest absolute value of a variable's domain (its ends: a domain is sorted)."""
    domain = model.domains[var]
    return max(abs(domain[0]), abs(domain[-1])) if domain else 0
