"""circuit and subcircuit: successor variables that make one cycle through every node (or, a
subcircuit, through those that are not their own successor)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from essais.core.errors import InvalidInput
from essais.csp.kinds.base import ON_DOMAIN, ON_FIXED, Encoding, Fields, Kind, Narrowing, XcspWriting, listed
from essais.csp.kinds.written import Written, on, operands
from essais.csp.model.constraint import Constraint, Owner
from essais.csp.model.expressions import Operand


@dataclass(eq=False)
class Circuit(Constraint):
    """Successor variables: `variables[i]` is the node after node i (0 … n-1), and following them
    from any node visits every node once before coming back (one Hamiltonian cycle). With
    `loops` (a subcircuit, XCSP3's circuit): a node that is its own successor is left out, and
    the others make one cycle of two nodes or more."""

    variables: list[int]
    model: Owner | None = field(default=None, repr=False)
    loops: bool = False

    def holds(self, values: Sequence[int]) -> bool:  # type: ignore[override]
        successors = [values[var] for var in self.variables]
        if not all(0 <= node < len(successors) for node in successors):
            return False
        inside = [k for k, node in enumerate(successors) if node != k or not self.loops]
        if not inside or (self.loops and len(inside) < 2):
            return False
        node = inside[0]
        for step in range(1, len(successors) + 1):
            node = successors[node]
            if node == inside[0]:
                return step == len(inside)
        return False


def circuit(successors: Sequence[Operand]) -> Circuit | Written:
    """The successor variables form one cycle through every node: `successors[i]` is the node
    after node i, nodes being numbered 0 … n-1 in the list's order (a tour of a graph: give each
    variable the nodes it may go to). The propagation takes values outside 0 … n-1 and a node's
    own number, a fixed successor's node from the others, and from the end of each chain of fixed
    successors the chain's first node, unless the chain holds every node (no shorter cycle)."""
    return _circuit(successors, "circuit", loops=False)


def subcircuit(successors: Sequence[Operand]) -> Circuit | Written:
    """As circuit, but a node may be its own successor (`successors[i] == i`), which leaves it
    out; the others make one cycle of two nodes or more (XCSP3's circuit). The propagation also
    keeps a chain from closing on itself while a node outside it cannot be left out."""
    return _circuit(successors, "subcircuit", loops=True)


def _circuit(successors: Sequence[Operand], where: str, loops: bool) -> Circuit | Written:
    indices, written = operands(successors, where)
    if len(set(indices)) != len(indices):
        raise InvalidInput(f"{where}: a variable stands twice (each node has its own successor)")
    if not indices:
        raise InvalidInput(f"{where}: no successor variables")
    return on(Circuit(indices, loops=loops), written, where)  # type: ignore[no-any-return]


class CircuitKind(Kind[Circuit]):
    name = "circuit"
    kernel = "CIRCUIT"
    fields = ("loops",)
    wide = False  # (its nodes' successors are bit sets: a wide domain is refused)

    def revise(self, constraint: Circuit, domains: Narrowing) -> bool:
        """Each node keeps the successors 0 … n-1 but itself (one node alone goes to itself); a
        fixed successor is taken from the others (in the nodes' order); then, from each node no
        fixed successor points to (a chain's first node, in order), the chain of fixed
        successors is followed to its last node, which may not go back to the first unless the
        chain holds every node (_chains). A subcircuit (`loops`) keeps each node's own number."""
        nodes, loops = constraint.variables, constraint.loops
        n = len(nodes)
        for k, var in enumerate(nodes):
            keep = sum(domains.bit(var, node) for node in range(n) if node != k or n == 1 or loops)
            if not domains.narrow(var, keep):
                return False
        fixed, pointed = _pointed(nodes, domains)
        if pointed is None:
            return False
        taken = [node for node in range(n) if pointed[node]]
        for k, var in enumerate(nodes):
            if fixed[k] is None and not domains.narrow(var, ~sum(domains.bit(var, node) for node in taken)):
                return False
        return _chains(nodes, loops, domains)

    def wakes(self, constraint: Circuit, wide: bool) -> int:
        """A successor fixed (its chain); in a subcircuit any value gone: whether the nodes off
        a chain may still be left out (_all_out_but)."""
        return ON_DOMAIN if constraint.loops else ON_FIXED

    def field_values(self, constraint: Circuit, encoding: Encoding) -> Fields:
        return {"loops": int(constraint.loops)}

    def describe(self, constraint: Circuit, names: list[str]) -> str:
        return f"{'subcircuit' if constraint.loops else 'circuit'}({listed(constraint.variables, names)})"

    def xcsp(self, constraint: Circuit, writer: XcspWriting) -> list[str]:
        """XCSP3's circuit allows loops: a circuit keeps each node from its own number."""
        loops = [f"<intension> ne({writer.listed([v])},{i}) </intension>" for i, v in enumerate(constraint.variables)
                 if i in writer.model.domains[v] and not constraint.loops]  # fmt: skip
        return [f"<circuit> {writer.listed(constraint.variables)} </circuit>", *loops]


def _pointed(nodes: list[int], domains: Narrowing) -> tuple[list[int | None], list[bool] | None]:
    """Each node's fixed successor (None: not fixed), and for each node whether one points to it
    (None when two point to one node)."""
    after = [domains.fixed(var) for var in nodes]
    pointed = [False] * len(nodes)
    for node in after:
        if node is not None:
            if pointed[node]:
                return after, None
            pointed[node] = True
    return after, pointed


def _chains(nodes: list[int], loops: bool, domains: Narrowing) -> bool:
    """revise's last step, over the successors fixed when it begins: two fixed on one node fail;
    each chain is followed from its first node (in order); with every successor fixed, those that
    are not loops must make one cycle; else every fixed node must lie on a chain — or, in a
    subcircuit, on one cycle, the others then left out. A subcircuit's chain of two nodes or more
    closes on itself only while every node off it may be left out."""
    n = len(nodes)
    after, pointed = _pointed(nodes, domains)
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
        closes = len(chain) == n or (loops and (len(chain) == 1 or _all_out_but(nodes, chain, domains)))
        if not closes and not domains.narrow(nodes[last], ~domains.bit(nodes[last], first)):
            return False
    cycle = [k for k in range(n) if after[k] is not None and not reached[k] and (after[k] != k or not loops)]
    if not cycle:
        return True
    return loops and all(domains.narrow(nodes[k], domains.bit(nodes[k], k)) for k in range(n) if k not in cycle)


def _all_out_but(nodes: list[int], kept: list[int], domains: Narrowing) -> bool:
    """Every node but those kept may still be its own successor (a subcircuit's)."""
    return all(domains.domain[nodes[k]] & domains.bit(nodes[k], k) for k in range(len(nodes)) if k not in kept)


KIND = CircuitKind()
