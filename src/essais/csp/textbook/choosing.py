"""How the python engine's search chooses (TextbookCsp's half that essais.csp.compiled._kernels's
_choose and _list_values are to the numba one): the next variable, among the free decisions of
the first search phase that has one (Model.branch; the method's orders after the model's phases),
by that phase's variable order, and the order its values are tried in."""

from __future__ import annotations

from collections.abc import Callable

from essais.csp.kinds import phase_orders
from essais.csp.model.orders import SPLITS
from essais.csp.model.problem import Model
from essais.csp.textbook.domains import Domains


class Choosing(Domains):
    """The choices of a search over `model`'s domains (Domains), its method's orders
    `variable_order` and `value_order` applying where no phase of the model does."""

    decisions: int
    existential: set[int]
    weights: list[int]
    _own: Callable[[int], list[int]]  # var's constraints but the bound (Bounding's)
    _least_constraining: Callable[[int, list[int]], list[int]]  # lcv's order of var's values (TextbookCsp's)

    def choose_by(self, model: Model, variable_order: str, value_order: str, width: int,
                  last_conflict: bool = False) -> None:  # fmt: skip
        orders = phase_orders(model, width)
        self.phase = orders.phase  # each decision's (len(model.phases): none)
        self.variable_orders = [*orders.variable_orders, variable_order]  # each phase's, the method's last
        self.value_orders = [own or value_order for own in orders.value_orders]  # each decision's
        # lc (essais.csp.model.orders.last_conflict): the variable whose value failed last, while
        # none of its values has held since
        self.following = last_conflict
        self.conflicted: int | None = None

    def _tried(self, var: int, held: bool) -> None:
        """lc: a value of var held (var no longer the last conflict) or failed (var the last
        conflict, unless one is there already: the one the search is going back to)."""
        if held and var == self.conflicted:
            self.conflicted = None
        elif not held and self.following and self.conflicted is None:
            self.conflicted = var

    def _choose(self) -> int | None:
        """The next decision variable to choose (None: every one has its value): the existential
        ones after the others; among them, those of the first phase with a free one, by its order:
        input; mrv: fewest values left, ties by the most constraints with other free variables;
        dom: fewest values left (MiniZinc's first_fail); wdeg: least values left per weight;
        smallest: the least least value; largest: the greatest greatest value; ties by input
        order. With lc, the last conflict's variable before them where it is one of them."""
        free = [var for var in range(self.decisions) if self.given[var] is None and var not in self.existential]
        free = free or [var for var in range(self.decisions) if self.given[var] is None]
        if not free:
            return None
        first = min(self.phase[var] for var in free)
        free = [var for var in free if self.phase[var] == first]
        if self.conflicted in free:  # (lc: back to the last conflict, among those chosen from)
            return self.conflicted
        order = self.variable_orders[first]
        if order == "input":
            return free[0]
        if order == "wdeg":
            return self._least_per_weight(free)
        if order == "dom":
            return min(free, key=lambda var: (self.size(var), var))
        if order == "smallest":
            return min(free, key=lambda var: (self.span(1, var)[0], var))
        if order == "largest":
            return min(free, key=lambda var: (-self.span(1, var)[1], var))
        return min(free, key=lambda var: (self.size(var), -len(self._linked(var)), var))

    def _linked(self, var: int) -> list[int]:
        """var's constraints (the bound aside) with another free variable."""
        given = self.given
        return [c for c in self._own(var)
                if any(given[other] is None and other != var for other in self.constraints[c].variables)]  # fmt: skip

    def _least_per_weight(self, free: list[int]) -> int:
        """wdeg: the least values left per weight, the weight of a variable the weights of its
        constraints with another free variable; compared as |D(x)|·w(y) < |D(y)|·w(x), so that a
        weight of 0 counts as none; ties by input order."""
        best, best_size, best_weight = free[0], 0, 0
        for k, var in enumerate(free):
            size, weight = self.size(var), sum(self.weights[c] for c in self._linked(var))
            if k == 0 or size * best_weight < best_size * weight:
                best, best_size, best_weight = var, size, weight
        return best

    def _deepest(self) -> int:
        """The most levels the search can go down: one a variable, and one more a halving of a
        decision's domain where its value order splits."""
        halvings = sum(max(self.size(var) - 1, 0).bit_length()
                       for var in range(self.decisions) if self.value_orders[var] in SPLITS)  # fmt: skip
        return len(self.given) + halvings + 1

    def _choices(self, var: int) -> list[int] | list[tuple[int, int]]:
        """var's values in the order they are tried (min: ascending, max: descending, lcv: by the
        values they remove); with a split order and more than one value, its two halves: the
        values up to m = ⌊(least + greatest) / 2⌋ and those above (reverse-split: the upper half
        first)."""
        if (value := self.fixed(var)) is not None:
            return [value]
        order = self.value_orders[var]
        if order not in SPLITS:
            values = self.values(var)
            if order == "max":
                return values[::-1]
            return self._least_constraining(var, values) if order == "lcv" and len(values) > 1 else values
        low, high = self.span(1, var)
        middle = (low + high) // 2
        halves = [(low, middle), (middle + 1, high)]
        return halves if order == "split" else halves[::-1]
