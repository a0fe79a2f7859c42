"""The objective's bound of the python engine's branch and bound (TextbookCsp's half that the
numba engine's BOUND slots are): one more linear relation, "signed sum <= best - 1", first among
its variables' constraints, resting until the first solution (or bound_by), then revised first at
every node and seen through the objective's capacity (relaxation.py)."""

from __future__ import annotations

from collections.abc import Callable

from essais.csp.model.capacity import relaxation
from essais.csp.model.constraint import Constraint
from essais.csp.model.expressions import Linear
from essais.csp.model.problem import Model
from essais.csp.textbook.choosing import Choosing
from essais.csp.textbook.relaxation import relaxed_holds


class Bounding(Choosing):
    """The bound's state and its part in the search: which constraints prune now, what a node
    revises first, and each better solution that lowers it."""

    on: list[list[int]]  # the constraints on each variable, the bound first (TextbookCsp's)
    improved: Callable[[int], None] | None  # told the signed objective of each better solution

    def bound_objective(self, model: Model) -> None:
        """The model's constraints, then (with an objective) the bound, its constant set by bound_by."""
        self.constraints: list[Constraint] = list(model.constraints)
        # the bound's index, and whether it prunes yet
        self.bound = len(self.constraints) if model.objective is not None else None
        self.bound_on, self.tighten, self.improvements = False, True, 0
        self.best: int | None = None  # the signed objective of the best solution found
        self.best_values: list[int] | None = None  # and its values
        self.objective_bound = Linear(model.objective.signed, 0, "<=") if model.objective is not None else None
        if self.objective_bound is not None:
            self.constraints.append(self.objective_bound)
        self.relaxation = relaxation(model)

    def bound_by(self, most: int, tighten: bool = True) -> None:
        """From now on the signed objective is at most `most` (the bound prunes); `tighten`:
        each solution found then lowers it below its own value."""
        assert self.objective_bound is not None
        self.objective_bound.constant, self.bound_on, self.tighten = -most, True, tighten

    def _improved(self) -> None:
        """A solution found: with the objective tightening, it is the best so far."""
        if self.objective_bound is None or not self.tighten:
            return
        best = sum(a * (self.given[var] or 0) for var, a in self.objective_bound.terms.items())
        self.best, self.best_values = best, [value or 0 for value in self.given]
        self.improvements += 1
        self.bound_by(best - 1)
        if self.improved is not None:
            self.improved(best)

    def _relaxed(self) -> bool:
        """The bound seen through the objective's capacity (relaxed_holds)."""
        if self.relaxation is None or self.objective_bound is None:
            return True
        return relaxed_holds(self.objective_bound, self.relaxation, self.span)

    def revise(self, index: int) -> bool:
        """A constraint's propagator; the bound's also sees through the capacity."""
        return super().revise(index) and (index != self.bound or self._relaxed())

    def _listed(self, var: int) -> list[int]:
        """The constraints on var that prune now: the bound left out while it rests."""
        return self.on[var] if self.bound_on or self.bound is None else self._own(var)

    def _own(self, var: int) -> list[int]:
        """The constraints on var but the bound."""
        on = self.on[var]
        return on[1:] if on and on[0] == self.bound else on

    def _first(self) -> list[int]:
        """What a node revises before var's own constraints: the bound, once it prunes."""
        return [self.bound] if self.bound_on and self.bound is not None else []
