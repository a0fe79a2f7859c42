"""The Python side of a resumable numba kernel: its state array, its counters, its slices.

Every kernel keeps its state in an int64 array whose first slots are the same, so that one
class reads the counters of all of them and runs them slice after slice."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from typing import Any

import numpy as np
from numba import njit
from numba.core import event

from essais.core.engine import loading_compiled
from essais.core.limits import BUDGET_SPENT, FRONTIER, SLICE_NODES, SearchControl, SearchStopped, run_slices
from essais.core.result import Stats, Status

# The first slots of every kernel's state; a kernel numbers its own slots from FIRST_FREE_SLOT.
DEPTH, ENTERING, NODES, TRIES, BACKTRACKS = range(5)
FIRST_FREE_SLOT = 5

# numba's options for a kernel that allocates nothing (`@njit(..., **ALLOCATES_NOTHING)`). numba
# counts the references to an array each time a kernel hands it on to another: a call and an
# atomic add, with the registers saved around them, in the innermost loops. `_nrt` is numba's own
# switch for that machinery (its own helpers turn it off so; it is not among its documented
# options). Off, the Sudoku bitwise kernel is 2.3% faster (measured: the same nodes and answers).
# numba refuses to compile such a kernel if it allocates an array.
ALLOCATES_NOTHING: dict[str, Any] = {"_nrt": False}


@njit(inline="always")
def load_counters(state):  # type: ignore[no-untyped-def]
    """A kernel's first act: its depth, entering flag and counters from the shared slots."""
    return state[DEPTH], state[ENTERING], state[NODES], state[TRIES], state[BACKTRACKS]


@njit(inline="always")
def store_counters(state, depth, entering, nodes, tries, backtracks):  # type: ignore[no-untyped-def]
    """A kernel's last act before it returns: the shared slots, for the next slice."""
    state[DEPTH], state[ENTERING], state[NODES], state[TRIES], state[BACKTRACKS] = (
        depth, entering, nodes, tries, backtracks,
    )  # fmt: skip


class SlicedSearch:
    """Base of the numba engines: `state` (ENTERING set: the first node is still to enter),
    `stats()` from its counters, and `slices(step)` which calls a kernel slice after slice."""

    slice_nodes = SLICE_NODES  # nodes per slice: lower it for kernels with costly nodes

    def __init__(self, control: SearchControl, state_size: int) -> None:
        self.control = control
        self.state = np.zeros(state_size, dtype=np.int64)
        self.state[ENTERING] = 1

    def nodes(self) -> int:
        return int(self.state[NODES])

    def stats(self) -> Stats:
        nodes, tries, backtracks = (int(self.state[slot]) for slot in (NODES, TRIES, BACKTRACKS))
        return Stats(nodes, tries, backtracks, self.control.elapsed())

    def slices(self, step: Callable[[int], int]) -> int:
        """Run `step(node_stop)` until it reports SOLUTION or EXHAUSTED (returned); a limit or
        Ctrl-C raises SearchStopped with the counters left in `state`."""
        outcome = run_slices(step, self.nodes, self.control, self.slice_nodes)
        if isinstance(outcome, Status):
            raise SearchStopped(outcome)
        return outcome

    def slices_within(self, step: Callable[[int], int], budget: int) -> int:
        """`slices(step)` stopped after `budget` nodes in all: BUDGET_SPENT (a caller that
        hands the problem to another method then), else the kernel's outcome."""

        def within(node_stop: int) -> int:
            return BUDGET_SPENT if self.nodes() >= budget else step(min(node_stop, budget))

        return self.slices(within)


class SplitSearch(SlicedSearch):
    """A sliced search that counts its solutions and lists the roots of a level's sub-trees
    for a split count (its kernel reports FRONTIER at each): a subclass gives `step`, one slice
    of its kernel, the slots where the kernel keeps its count (`solutions_slot`) and the level
    it lists (`split_slot`), and `root`, how the node reached is named."""

    solutions_slot: int
    split_slot: int

    def step(self, stop_at_solution: bool, node_stop: int) -> int:
        """One slice of the kernel, until `node_stop` nodes; its outcome (PAUSED, SOLUTION…)."""
        raise NotImplementedError

    def root(self, level: int) -> Any:
        """The node of `level` the kernel stopped at (FRONTIER), as the path that leads to it."""
        raise NotImplementedError

    def run(self, stop_at_solution: bool) -> int:
        """The kernel slice after slice to its next SOLUTION (when `stop_at_solution`), FRONTIER
        or the end."""
        return self.slices(lambda node_stop: self.step(stop_at_solution, node_stop))

    def count(self) -> int:
        """Every solution counted (from a sub-tree's root: its own)."""
        self.run(False)
        return self.so_far()

    def so_far(self) -> int:
        return int(self.state[self.solutions_slot])

    def frontier(self, level: int) -> Iterator[Any]:
        """The roots of the sub-trees at `level` in the search's order (`root`); the nodes above
        them are counted here (solutions among them too)."""
        self.state[self.split_slot] = level
        while self.run(False) == FRONTIER:
            yield self.root(level)


class _CompilerWatch(event.Listener):
    """numba compiles a kernel, or loads it from its cache, at the kernel's first call in a
    process (no kernel is compiled ahead: a run compiles only those it calls), holding its
    compiler lock meanwhile. From the lock's first taking to its last release the main thread
    is loading compiled code (core.engine.loading_compiled): no time limit and no `seconds`
    count it, however deep in a search the first call comes, and a signal waits for its end."""

    def __init__(self) -> None:
        self.depth = 0  # the lock is re-entered when a kernel's callees compile
        self.loading = ExitStack()

    def on_start(self, event: event.Event) -> None:
        if threading.current_thread() is threading.main_thread():
            self.depth += 1
            if self.depth == 1:
                self.loading.enter_context(loading_compiled("a kernel"))

    def on_end(self, event: event.Event) -> None:
        if threading.current_thread() is threading.main_thread():
            self.depth -= 1
            if self.depth == 0:
                self.loading.close()  # (raises the KeyboardInterrupt of a signal that came meanwhile)


event.register("numba:compiler_lock", _CompilerWatch())
