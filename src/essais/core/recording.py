"""Recording a search as it runs: the squares a plain-Python search numbers and un-numbers, with
its counters at each of these events (the player page in essais.draw.player replays them), the
states a search of one's own puts on its path, takes back, refuses, discovers and expands
(`StateLog`, replayed by essais.draw.state_player). The tree of a search is essais.core.tree's."""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from typing import Protocol, TypeVar

from essais.core.errors import InvalidInput


class Counters(Protocol):
    """The counters an event is recorded with (core.engine.PythonCounters)."""

    nodes: int
    tries: int
    backtracks: int


DEFAULT_EVENTS = 100_000  # about 3 MB of page: 000's 5×5 tour search, a Sudoku with its refused tries


MAX_EVENTS = 2_000_000  # 40 bytes an event while recording, about 30 in the page


def check_event_limit(limit: int) -> int:
    if not 1 <= limit <= MAX_EVENTS:
        raise InvalidInput(f"max_events: {limit:,} is out of range (1 to {MAX_EVENTS:,} events)")
    return limit


class EventLog:
    """Up to `limit` events, each a square (its index r·cols + c) numbered with a value (0:
    erased; -v: the value v tried there and refused by the promising test, the square left as
    it was) or a call of the search function entered (square CALL, the value its depth), with
    the `counters` of the search at that moment (set them before the search starts);
    `complete` is false once an event had to be left out.

    The log also follows the search's calls (a python engine tells it each call entered and
    each call's return): at each event, the call the search is in (`call`, numbered in the
    order the calls were made, as a SearchTree numbers its nodes) and the calls whose count
    of refused tries changed since the event before (`refused_at`), so that a page can mark
    each refused try on the tree at the event that refuses it."""

    CALL = -1  # the square of an event that enters a call

    def __init__(self, cols: int, counters: Counters | None = None, limit: int = DEFAULT_EVENTS) -> None:
        self.cols, self.counters, self.limit = cols, counters, check_event_limit(limit)
        self.squares, self.values = array("q"), array("q")
        self.nodes, self.tries, self.backtracks = array("q"), array("q"), array("q")
        self.call = array("q")  # the call the search is in at each event (-1: none, between two searches)
        self.calls = _CallTrail()
        self.complete = True
        self.best: list[tuple[int, list[int], int]] = []  # (events before it, its squares, its score)
        self.solutions = array("q")  # the events before each solution found (while events are recorded)
        # a method's own counters at each event (dancing links' updates), read from `own_counters`
        self.own: dict[str, array[int]] = {}
        self.own_counters: Callable[[], dict[str, int]] | None = None
        self.captions: dict[int, str] = {}  # a line of text said with an event (by its index)

    def __len__(self) -> int:
        return len(self.squares)

    @property
    def refused_at(self) -> tuple[array[int], array[int], array[int]]:
        """The refused tries' counts as they change: (call, its count of refused tries), in
        order, and for each event the number of changes up to its end (events[i]'s changes
        are those from ends[i - 1] to ends[i])."""
        return self.calls.marked_call, self.calls.marked_count, self.calls.ends

    def follow(self, counters: Counters) -> None:
        """Record the events of the search that keeps these counters (a python engine's
        PythonCounters, which also tell the log each call, each return and each solution)."""
        self.counters = counters
        if hasattr(counters, "log"):
            counters.log = self

    def enter(self, depth: int) -> None:
        """The search entered a call at `depth` (an event of its own)."""
        if self._room():
            self.calls.enter(depth, self._counted_tries())
            self._append(self.CALL, depth)

    def leave(self) -> None:
        """The call the search was in returned (the search is back in its caller)."""
        if self.complete:
            self.calls.leave(self._counted_tries())

    def refuse(self) -> None:
        """The try the search made last was refused without an event of its own saying so (a
        constraint failed): the tree marks it at the next event."""
        if self.complete:
            self.calls.settle(self._counted_tries(), refused=True)

    def mark_solution(self) -> None:
        """The search found a solution after the events recorded so far."""
        if self.complete:
            self.solutions.append(len(self.squares))

    def caption(self, text: str) -> None:
        """Say `text` with the last event recorded (a page shows it beside the board then)."""
        if self.complete and len(self.squares):
            self.captions[len(self.squares) - 1] = text

    def mark_best(self, squares: list[tuple[int, int]], score: int) -> None:
        """The search found a better answer (a branch and bound): these squares, in order, of
        this score, from the events recorded so far on (while events are recorded)."""
        if self.complete:
            self.best.append((len(self.squares), [r * self.cols + c for r, c in squares], score))

    def __call__(self, square: tuple[int, int], value: int) -> None:
        if self._room():
            self.calls.settle(self._counted_tries(), refused=value < 0)
            self._append(square[0] * self.cols + square[1], value)

    def _room(self) -> bool:
        if len(self.squares) >= self.limit:
            self.complete = False
        return self.complete

    def _counted_tries(self) -> int:
        assert self.counters is not None, "the log records the counters of a search: set them first"
        return self.counters.tries

    def _append(self, square: int, value: int) -> None:
        counters = self.counters
        assert counters is not None, "the log records the counters of a search: set them first"
        self.squares.append(square)
        self.values.append(value)
        self.call.append(self.calls.current())
        self.calls.end_event()
        self.nodes.append(counters.nodes)
        self.tries.append(counters.tries)
        self.backtracks.append(counters.backtracks)
        if self.own_counters is not None:
            for name, value in self.own_counters().items():
                self.own.setdefault(name, array("q")).append(value)


@dataclass(slots=True)
class _OpenCall:
    """A call the search is in: its number, the tries it made itself, the calls it made, and
    whether its last try is still unsettled (it may yet lead to a call)."""

    call: int
    own: int = 0
    made: int = 0
    unsettled: bool = False

    @property
    def refused(self) -> int:
        return self.own - self.made - self.unsettled


class _CallTrail:
    """The calls a search is in (root first), each with the tries it made itself and the calls
    it made; from these, each call's refused tries: its own tries that led to no call. A try is
    counted refused once it is settled: the call makes its next try, an event says the try was
    refused (EventLog: a negative value), or the call returns; the try that leads to a call is
    no refused one. Tries are counted by the call the search is in when they are made: a call
    is told the tries counted since the last look (`settle`) before anything changes."""

    def __init__(self) -> None:
        self.path: list[_OpenCall] = []
        self.made = 0  # the calls entered so far
        self.tries = 0  # the tries counted at the last look
        self.changed: dict[int, int] = {}  # call -> its refused tries, changed since the last event
        self.shown: dict[int, int] = {}  # call -> its refused tries at the last change (open calls only)
        self.marked_call, self.marked_count, self.ends = array("q"), array("q"), array("q")

    def current(self) -> int:
        return self.path[-1].call if self.path else -1

    def settle(self, tries: int, refused: bool = False) -> None:
        """The tries counted since the last look are the current call's; `refused`: its last try
        was refused."""
        new, self.tries = tries - self.tries, tries
        if not self.path:
            return
        top = self.path[-1]
        if new:
            top.own += new
            top.unsettled = True
        if refused:
            top.unsettled = False
        self._note(top)

    def enter(self, depth: int, tries: int) -> None:
        self.settle(tries)
        for _ in range(len(self.path) - depth):  # calls that returned untold (a walk without backtracking)
            self.leave(tries)
        if depth > 0 and self.path:  # (a root, a new start of a search's plan, is no try's call)
            parent = self.path[-1]
            parent.made += 1
            parent.unsettled = False
            self._note(parent)
        self.path.append(_OpenCall(self.made))
        self.made += 1

    def leave(self, tries: int) -> None:
        self.settle(tries)
        if self.path:
            top = self.path.pop()
            top.unsettled = False
            self._note(top)
            self.shown.pop(top.call, None)

    def _note(self, entry: _OpenCall) -> None:
        refused = entry.refused
        if self.shown.get(entry.call, 0) != refused:
            self.shown[entry.call] = self.changed[entry.call] = refused

    def end_event(self) -> None:
        """The changes so far belong to the event being recorded."""
        for call, refused in self.changed.items():
            self.marked_call.append(call)
            self.marked_count.append(refused)
        self.changed.clear()
        self.ends.append(len(self.marked_call))


class StateLog:
    """The events of a search over states of one's own (essais.core.search), up to `limit`:
    each an event kind, a state (its index in `states`, each distinct state kept once), the
    state it came from (-1: none), its depth, and the counters at that moment. Depth-first
    searches tell ENTER (a state put on the path), LEAVE (taken back off), REFUSED (a try the
    promising test refused) and GOAL; breadth- and best-first ones DISCOVERED (a state reached
    the first time, from its parent), EXPANDED (its moves about to be tried) and GOAL."""

    ENTER, LEAVE, REFUSED, GOAL, DISCOVERED, EXPANDED = range(6)
    KINDS = ("enter", "leave", "refused", "goal", "discovered", "expanded")

    def __init__(self, limit: int = DEFAULT_EVENTS) -> None:
        self.limit = check_event_limit(limit)
        self.counters: Counters | None = None
        self.states: list[object] = []
        self.index: dict[object, int] = {}
        self.kinds, self.state, self.parent, self.depth = array("b"), array("q"), array("q"), array("q")
        self.nodes, self.tries, self.backtracks = array("q"), array("q"), array("q")
        self.complete = True

    def __len__(self) -> int:
        return len(self.kinds)

    def __call__(self, kind: int, state: object, parent: object | None, depth: int) -> None:
        if len(self.kinds) >= self.limit:
            self.complete = False
            return
        counters = self.counters
        assert counters is not None, "the log records the counters of a search: set them first"
        self.kinds.append(kind)
        self.state.append(self._index(state))
        self.parent.append(-1 if parent is None else self._index(parent))
        self.depth.append(depth)
        self.nodes.append(counters.nodes)
        self.tries.append(counters.tries)
        self.backtracks.append(counters.backtracks)

    def _index(self, state: object) -> int:
        index = self.index.get(state)
        if index is None:
            index = self.index[state] = len(self.states)
            self.states.append(state)
        return index


_STATE_LOGS: list[StateLog] = []  # the state log being recorded into, if any (recording_states)


R = TypeVar("R")


@contextmanager
def current(recorders: list[R], recorder: R) -> Iterator[R]:
    """`recorder` is the one the searches made inside the block record into (the latest of
    `recorders`, a stack, since blocks may nest)."""
    recorders.append(recorder)
    try:
        yield recorder
    finally:
        recorders.remove(recorder)


def recording_states(log: StateLog) -> AbstractContextManager[StateLog]:
    """Record into `log` the events of the search over states made inside the block."""
    return current(_STATE_LOGS, log)


def states_being_recorded() -> StateLog | None:
    """The state log a new search of essais.core.search tells its events, or None."""
    return _STATE_LOGS[-1] if _STATE_LOGS else None
