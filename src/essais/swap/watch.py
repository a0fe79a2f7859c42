"""004's study of a puzzle watched: each state discovered and expanded, layer after layer, each
drawn on the puzzle's squares (essais.draw.state_player replays them)."""

from __future__ import annotations

from essais.core.limits import Limits
from essais.core.recording import DEFAULT_EVENTS, StateLog, recording_states
from essais.draw.state_player import StateReplay
from essais.swap.api import study
from essais.swap.draw import PuzzleDrawing
from essais.swap.model import SwapPuzzle


def watch_study(
    puzzle: SwapPuzzle,
    *,
    max_events: int = DEFAULT_EVENTS,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> StateReplay:
    """004's study watched: each state discovered (from its parent) and expanded, layer after
    layer, up to `max_events` events (the study goes on past them), each state drawn on the
    puzzle's squares; `tree_svg()` draws the breadth-first tree (up to 5,000 states)."""
    log = StateLog(max_events)
    with recording_states(log):
        result = study(puzzle, limits=limits, time_limit=time_limit, node_limit=node_limit, memory_limit=memory_limit)
    title = f"essais: {puzzle.name}, 004's breadth-first layers"
    return StateReplay(result, log, title, "breadth-first", PuzzleDrawing(puzzle), method="breadth-first")
