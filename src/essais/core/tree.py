"""The tree of a depth-first search (`SearchTree`: each call of the search function with its
depth, the tries it made, its return, the solutions), as a python engine records it inside
`recording_tree` (or `with_tree`), or as it is rebuilt from the events of a breadth- or
best-first search (`tree_of_log`); essais.draw.tree draws it."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import TypeVar

from essais.core.errors import InvalidInput
from essais.core.recording import StateLog, current

T = TypeVar("T")


MAX_TREE_NODES = 5_000  # a tree drawn with more dots is a blot, and its page would be huge


@dataclass
class SearchTree:
    """The tree of a depth-first search, as the python engines record it: for each call of the
    search function in order, its depth, the tries counted when it began and when it returned
    (where the engine says so); the calls that found a solution; the tries counted at the end.
    From these: each node's parent and children, and the tries it refused (its own tries that
    led to no child). Every engine counts a try, then makes the call it leads to when the
    promising test accepts it: so a node's accepted tries are its children, and tries = refused
    + nodes - 1."""

    depths: list[int] = field(default_factory=list)
    tries_before: list[int] = field(default_factory=list)
    tries_after: list[int] = field(default_factory=list)  # when it returned (-1: not said)
    solutions: list[int] = field(default_factory=list)
    tries_at_end: int = 0
    limit: int = MAX_TREE_NODES
    strict: bool = True  # past the limit: stop the search (InvalidInput), or stop recording only
    complete: bool = True  # false once a node was left out (not strict)
    _open: list[int] = field(default_factory=list, repr=False)  # the calls not yet returned, root first

    def node(self, depth: int, tries: int) -> None:
        """A call of the search function at `depth`, `tries` counted so far."""
        if not self.complete:
            return
        if len(self.depths) >= self.limit:
            if not self.strict:
                self.complete = False
                return
            raise InvalidInput(
                f"tree: the search passed {self.limit:,} nodes, too many to draw; "
                "lower the size or set a node limit (--node-limit)"
            )
        self.depths.append(depth)
        self.tries_before.append(tries)
        self.tries_after.append(-1)
        del self._open[depth:]
        self._open.append(len(self.depths) - 1)

    def leave(self, tries: int) -> None:
        """The call made last of those still open returned, `tries` counted."""
        if self.complete and self._open:
            self.tries_after[self._open.pop()] = tries

    def solution(self) -> None:
        """The latest node holds a solution."""
        if self.depths and self.complete:
            self.solutions.append(len(self.depths) - 1)

    def __len__(self) -> int:
        return len(self.depths)

    def parents(self) -> list[int]:
        """Each node's parent (-1 for the root): the latest node one level up."""
        parents: list[int] = []
        stack: list[int] = []
        for node, depth in enumerate(self.depths):
            del stack[depth:]
            parents.append(stack[-1] if stack else -1)
            stack.append(node)
        return parents

    def refused(self) -> list[int]:
        """Each node's tries that led to no child (refused by the promising test): its own tries,
        those made while it was the deepest call, less its children. A call whose return was not
        said ended when the next call at its depth or above began (or at the end)."""
        count = len(self.depths)
        ends = [self.tries_at_end] * count  # the tries counted when each node's sub-tree ended
        open_nodes: list[int] = []
        for node, depth in enumerate(self.depths):
            led_to = 1 if depth > 0 else 0  # a root (a new start of a search's plan) is no try's child
            while open_nodes and self.depths[open_nodes[-1]] >= depth:
                # (the try just before a node is its parent's, which led to it: not the ended one's)
                ends[open_nodes.pop()] = self.tries_before[node] - led_to
            open_nodes.append(node)
        for node, after in enumerate(self.tries_after):
            if after >= 0:
                ends[node] = after
        parents = self.parents()
        own = [ends[node] - self.tries_before[node] for node in range(count)]
        children = [0] * count
        for node, parent in enumerate(parents):
            if parent >= 0:
                own[parent] -= ends[node] - self.tries_before[node]
                children[parent] += 1
        return [own[node] - children[node] for node in range(count)]


def tree_of_log(log: StateLog, tries_at_end: int, limit: int = MAX_TREE_NODES) -> SearchTree:
    """The tree of a breadth- or best-first search from its events: each state discovered is a
    node under the state it was discovered from (in the order discovered), laid out as a
    depth-first walk so that SearchTree draws it; a node's tries are those its expansion made
    (the tries counted from its EXPANDED event to the next, or to `tries_at_end`), and those
    that found no new state are its refused ones. More than `limit` states: InvalidInput."""
    children: dict[int, list[int]] = {}
    roots: list[int] = []
    depth_of: dict[int, int] = {}
    tries_of: dict[int, int] = {}
    goals: set[int] = set()
    expanded_at = -1
    for i, kind in enumerate(log.kinds):
        state = log.state[i]
        if kind == StateLog.DISCOVERED:
            (roots if log.parent[i] < 0 else children.setdefault(log.parent[i], [])).append(state)
            depth_of[state] = log.depth[i]
        elif kind == StateLog.EXPANDED:
            if expanded_at >= 0:
                tries_of[log.state[expanded_at]] = log.tries[i] - log.tries[expanded_at]
            expanded_at = i
        elif kind == StateLog.GOAL:
            goals.add(state)
    if expanded_at >= 0:
        tries_of[log.state[expanded_at]] = tries_at_end - log.tries[expanded_at]
    if len(depth_of) > limit:
        raise InvalidInput(
            f"tree: the search reached {len(depth_of):,} states, more than the {limit:,} a drawing holds; "
            "search a smaller puzzle or set a node limit (--node-limit)"
        )
    tree = SearchTree(limit=limit, complete=log.complete)
    tries = 0
    stack = [(root, False) for root in reversed(roots)]
    while stack:  # each node: its tries before it, then its children's, then its refused ones
        state, done = stack.pop()
        if done:
            tries += tries_of.get(state, 0) - len(children.get(state, []))
            continue
        if depth_of[state] > 0:
            tries += 1  # the try that discovered it
        tree.node(depth_of[state], tries)
        if state in goals:
            tree.solution()
        stack.append((state, True))
        stack.extend((child, False) for child in reversed(children.get(state, [])))
    tree.tries_at_end = tries
    return tree


_TREES: list[SearchTree] = []  # the tree being recorded, if any (recording_tree)


def recording_tree(limit: int = MAX_TREE_NODES, strict: bool = True) -> AbstractContextManager[SearchTree]:
    """Record the tree of the python-engine search made inside the block (the engine made first
    there); more than `limit` nodes stops it with InvalidInput, or (not `strict`) stops the
    recording alone (the tree is then incomplete)."""
    return current(_TREES, SearchTree(limit=limit, strict=strict))


def tree_being_recorded() -> SearchTree | None:
    """The tree a new python engine records into (core.engine.PythonCounters), or None."""
    return _TREES[-1] if _TREES else None


def with_tree(search: Callable[[], T], limit: int = MAX_TREE_NODES, strict: bool = True) -> tuple[T, SearchTree]:
    """`search()` (a search run by a python engine), and the tree it recorded."""
    with recording_tree(limit, strict) as tree:
        result = search()
    if not tree.depths:
        raise InvalidInput("tree: the search recorded no tree (a method of the python engine records it)")
    return result, tree
