"""The python engine's propagators of the global constraints (essais.csp.textbook.domains's Domains
runs them): circuit, no_overlap, increasing and global_cardinality, over the domains as bit
sets. essais.csp.compiled._global_kernels is their numba half, in the same order of work."""

from __future__ import annotations

import itertools
from abc import ABC, abstractmethod

from essais.csp.model.constraints import Cardinality, Circuit, Count, Distance, Increasing, NoOverlap


class GlobalPropagators(ABC):
    """What the domains give these propagators: each variable's least value and bit set, a
    narrowing, a value's bit, a fixed variable's value, a term's extremes."""

    domain: list[int]
    least: list[int]

    @abstractmethod
    def _narrow(self, var: int, mask: int) -> bool:
        """The domain of `var` cut to `mask`; False when nothing is left."""

    @abstractmethod
    def _bit(self, var: int, value: int) -> int:
        """`value`'s bit in var's domain."""

    @abstractmethod
    def _fixed(self, var: int) -> int | None:
        """The value of a variable with one value left, else None."""

    @abstractmethod
    def _span(self, coefficient: int, var: int) -> tuple[int, int]:
        """The least and greatest of coefficient · var."""

    def _circuit(self, constraint: Circuit) -> bool:
        """Each node keeps the successors 0 … n-1 but itself (one node alone goes to itself); a
        fixed successor is taken from the others (in the nodes' order); then, from each node no
        fixed successor points to (a chain's first node, in order), the chain of fixed
        successors is followed to its last node, which may not go back to the first unless the
        chain holds every node (_chains). A subcircuit (`loops`) keeps each node's own number."""
        nodes, loops = constraint.variables, constraint.loops
        n = len(nodes)
        for k, var in enumerate(nodes):
            keep = sum(self._bit(var, node) for node in range(n) if node != k or n == 1 or loops)
            if not self._narrow(var, keep):
                return False
        fixed, pointed = self._pointed(nodes)
        if pointed is None:
            return False
        taken = [node for node in range(n) if pointed[node]]
        for k, var in enumerate(nodes):
            if fixed[k] is None and not self._narrow(var, ~sum(self._bit(var, node) for node in taken)):
                return False
        return self._chains(nodes, loops)

    def _pointed(self, nodes: list[int]) -> tuple[list[int | None], list[bool] | None]:
        """Each node's fixed successor (None: not fixed), and for each node whether one points to
        it (None when two point to one node)."""
        after = [self._fixed(var) for var in nodes]
        pointed = [False] * len(nodes)
        for node in after:
            if node is not None:
                if pointed[node]:
                    return after, None
                pointed[node] = True
        return after, pointed

    def _chains(self, nodes: list[int], loops: bool) -> bool:
        """_circuit's last step, over the successors fixed when it begins: two fixed on one node
        fail; each chain is followed from its first node (in order); with every successor fixed,
        those that are not loops must make one cycle; else every fixed node must lie on a chain
        — or, in a subcircuit, on one cycle, the others then left out. A subcircuit's chain of
        two nodes or more closes on itself only while every node off it may be left out."""
        n = len(nodes)
        after, pointed = self._pointed(nodes)
        if pointed is None:
            return False
        if None not in after:
            inside = [k for k in range(n) if after[k] != k or not loops]
            if len(inside) < (2 if loops else 1):
                return False
            node = inside[0]
            for step in range(1, n + 1):
                node = after[node]  # type: ignore[assignment]
                if node == inside[0]:
                    return step == len(inside)
            return False
        reached = [False] * n
        for first in range(n):
            if pointed[first]:
                continue
            chain, last = [first], first
            while (following := after[last]) is not None:
                last = following
                chain.append(last)
            for node in chain:
                reached[node] = True
            closes = len(chain) == n or (loops and (len(chain) == 1 or self._all_out_but(nodes, chain)))
            if not closes and not self._narrow(nodes[last], ~self._bit(nodes[last], first)):
                return False
        cycle = [k for k in range(n) if after[k] is not None and not reached[k] and (after[k] != k or not loops)]
        if not cycle:
            return True
        return loops and all(self._narrow(nodes[k], self._bit(nodes[k], k)) for k in range(n) if k not in cycle)

    def _all_out_but(self, nodes: list[int], kept: list[int]) -> bool:
        """Every node but those kept may still be its own successor (a subcircuit's)."""
        return all(self.domain[nodes[k]] & self._bit(nodes[k], k) for k in range(len(nodes)) if k not in kept)

    def _no_overlap(self, constraint: NoOverlap) -> bool:
        """Each pair of tasks of positive durations, in order, by their bounds as they are then:
        when only one order fits, the later starts no sooner than the earlier ends and the
        earlier starts no later than the later's latest start less its own duration."""
        tasks = [(var, length) for var, length in zip(constraint.variables, constraint.durations, strict=True)]
        for (a, da), (b, db) in itertools.combinations(tasks, 2):
            if not da or not db:
                continue
            (lo_a, hi_a), (lo_b, hi_b) = self._span(1, a), self._span(1, b)
            a_first, b_first = lo_a + da <= hi_b, lo_b + db <= hi_a
            if not a_first and not b_first:
                return False
            if a_first != b_first:
                (early, d_early, lo_early), (late, hi_late) = (
                    ((a, da, lo_a), (b, hi_b)) if a_first else ((b, db, lo_b), (a, hi_a))
                )
                if not self._at_least(late, lo_early + d_early) or not self._at_most(early, hi_late - d_early):
                    return False
        return True

    def _increasing(self, constraint: Increasing) -> bool:
        """Each least value raised to the one before's (plus 1 when strict), first to last; then
        each greatest lowered to the one after's (less 1), last to first."""
        step, chain = (1 if constraint.strict else 0), constraint.variables
        for before, var in itertools.pairwise(chain):
            if not self._at_least(var, self._span(1, before)[0] + step):
                return False
        for var, after in reversed(list(itertools.pairwise(chain))):
            if not self._at_most(var, self._span(1, after)[1] - step):
                return False
        return True

    def _cardinality(self, constraint: Cardinality) -> bool:
        """Value after value in the order given: too many variables fixed to it or too few that
        can take it fails; as many fixed as its count, the others lose it; as few that can take it
        as its count, they all take it."""
        for value, count in constraint.counts.items():
            able = [var for var in constraint.variables if self.domain[var] & self._bit(var, value)]
            fixed = [var for var in able if self._fixed(var) is not None]
            if len(fixed) > count or len(able) < count:
                return False
            for var in able:
                if len(fixed) == count and self._fixed(var) is None:
                    self._narrow(var, ~self._bit(var, value))
                elif len(able) == count and len(fixed) < count:
                    self._narrow(var, self._bit(var, value))
        return True

    def _count(self, constraint: Count) -> bool:
        """The count between those fixed to the value and those that can take it; at its
        greatest as many as are fixed, the others lose the value; at its least as many as can take
        it, they all take it."""
        *counted, total = constraint.variables
        able = [var for var in counted if self.domain[var] & self._bit(var, constraint.value)]
        fixed = sum(self._fixed(var) is not None for var in able)
        if not (self._at_least(total, fixed) and self._at_most(total, len(able))):
            return False
        low, high = self._span(1, total)
        for var in able:
            if high == fixed and self._fixed(var) is None:
                self._narrow(var, ~self._bit(var, constraint.value))
            elif low == len(able):
                self._narrow(var, self._bit(var, constraint.value))
        return True

    def _distance(self, constraint: Distance) -> bool:
        """z = |x - y| on the bit sets, as a table of the three would narrow them: x keeps the
        values a with a + d or a - d in y for some d of z (y's bits shifted by d, both ways, an OR
        a distance), then y those with such a value in x, then z the distances some value of x and
        one of y still have (an AND of x with y shifted)."""
        x, y, z = constraint.variables
        shift = self.least[x] - self.least[y]  # (x's bit k and y's bit k + shift: the same value)
        distances = [self.least[z] + k for k in range(self.domain[z].bit_length()) if self.domain[z] >> k & 1]
        if not self._narrow(x, _near(self.domain[y], shift, distances)):
            return False
        if not self._narrow(y, _near(self.domain[x], -shift, distances)):
            return False
        kept = sum(1 << (d - self.least[z]) for d in distances if self.domain[x] & _near(self.domain[y], shift, [d]))
        return self._narrow(z, kept)

    def _at_least(self, var: int, value: int) -> bool:
        """var keeps its values from `value` up; False when none is left."""
        return self._narrow(var, -1 << max(value - self.least[var], 0))

    def _at_most(self, var: int, value: int) -> bool:
        """var keeps its values up to `value`; False when none is left."""
        return self._narrow(var, (1 << max(value - self.least[var] + 1, 0)) - 1)


def _near(mask: int, shift: int, distances: list[int]) -> int:
    """The bits k with bit k + shift ± d of `mask` set, for some d of `distances`."""
    near = 0
    for d in distances:
        for s in (shift + d, shift - d):
            near |= mask >> s if s >= 0 else mask << -s
    return near
