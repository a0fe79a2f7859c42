"""004's study of a puzzle: the breadth-first layers, the reachable states and the farthest, the
shortest sequence of moves to a goal, and the search from both ends; the study watched."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from essais.core.limits import Limits, limits_from
from essais.core.recording import DEFAULT_EVENTS, StateLog, recording_states
from essais.core.result import Result, Stats, Status, plural
from essais.core.search import (
    BreadthFirst,
    Layer,
    SearchResult,
    Side,
    Solution,
    bidirectional,
)
from essais.draw.frames import frames_svg, piece_fills
from essais.draw.picture import Pictured
from essais.draw.state_player import StateReplay
from essais.draw.svg import graph_layout
from essais.swap.puzzle import (
    Move,
    State,
    SwapPuzzle,
)


@dataclass(eq=False, repr=False)
class SwapResult(Pictured, Result):
    """004's study of a puzzle: the breadth-first layers (states seen before, new, goals reached
    per depth), the reachable states and the farthest, the shortest move sequence to a goal, and
    with `bidirectional` the search from both ends with its layers."""

    status: Status
    puzzle: SwapPuzzle
    layers: list[Layer[State]]
    reachable: int
    shortest: Solution[State, Move] | None
    stats: Stats
    meeting: SearchResult[State, Move] | None = None
    meeting_layers: list[Side] = field(default_factory=list)
    method: str | None = "breadth-first"
    engine: str | None = "python"

    @property
    def solution(self) -> Solution[State, Move] | None:
        return self.shortest

    @property
    def states(self) -> list[State] | None:
        return self.shortest.states if self.shortest is not None else None

    def headline(self) -> str:
        return f"{self.puzzle.name}: {plural(self.reachable, 'state')} reachable ({self.status})"

    def brief(self) -> str:
        length = f", shortest {self.shortest.length} moves" if self.shortest is not None else ""
        return f"{self.puzzle.name}: {plural(self.reachable, 'state')}{length}"

    def text(self) -> str:
        if self.shortest is None:
            return ""
        labels = self.puzzle.labels
        moves = ", ".join("→".join(self.puzzle.move_labels(move)) for move in self.shortest.actions)
        return f"{self.shortest.length} moves to {' '.join(labels(self.shortest.states[-1]))}: {moves}"

    @property
    def drawable(self) -> bool:
        return True  # the start at least

    def to_svg(self) -> str:
        """The shortest move sequence as a strip of frames: the start, then the position after
        each move with the move as an arrow (the start alone when no goal was reached)."""
        puzzle = self.puzzle
        drawing = PuzzleDrawing(puzzle)
        frames: list[tuple[dict[int, str], Move | None, str]] = [(drawing.pieces(puzzle.initial()), None, "start")]
        if self.shortest is not None:
            steps = zip(self.shortest.actions, self.shortest.states[1:], strict=True)
            for number, (move, state) in enumerate(steps, start=1):
                origin, target = puzzle.move_labels(move)
                frames.append((drawing.pieces(state), move, f"{number}. {origin}→{target}"))
        length = f"{self.shortest.length} moves" if self.shortest is not None else "no goal reached"
        return drawing.frames(frames, f"{puzzle.name}: {length}")

    def to_dict(self) -> dict[str, Any]:
        puzzle, last = self.puzzle, self.layers[-1]
        document: dict[str, Any] = {
            "status": str(self.status),
            "reachable": self.reachable,
            "max_depth": last.depth,
            "farthest": [puzzle.labels(state) for state in sorted(last.new)],
            "layers": [
                {
                    "depth": layer.depth,
                    "seen_before": layer.seen_before,
                    "new": len(layer.new),
                    "goals": [puzzle.labels(goal) for goal in sorted(layer.goals)],
                }
                for layer in self.layers
            ],
            "shortest": None,
            "found": self.found,
            **self.ran_keys(),
            "stats": self.stats.to_dict(),
        }
        if self.shortest is not None:
            document["shortest"] = {
                "goal": puzzle.labels(self.shortest.states[-1]),
                "length": self.shortest.length,
                "moves": [puzzle.move_labels(move) for move in self.shortest.actions],
            }
        if self.meeting is not None:
            document["bidirectional"] = {
                "status": str(self.meeting.status),
                "length": self.meeting.solution.length if self.meeting.solution else None,
                "layers": [
                    {"side": "forward" if side.forward else "backward", "depth": side.depth, "new": side.new}
                    for side in self.meeting_layers
                ],
                "stats": self.meeting.stats.to_dict(),
            }
        return document


class PuzzleDrawing:
    """What pictures of a puzzle's positions share: the squares' places (named squares laid
    out like a graph), the moves as edges, a fill for each piece's colour."""

    def __init__(self, puzzle: SwapPuzzle) -> None:
        self.puzzle = puzzle
        self.fills = piece_fills([piece.color for piece in puzzle.pieces])
        self.edges = sorted({(min(a, b), max(a, b)) for a, b in puzzle.moves})
        self.places: Sequence[tuple[float, float]] = puzzle.places or [
            (y, x) for x, y in graph_layout(len(puzzle.squares), self.edges)
        ]

    def pieces(self, state: State) -> dict[int, str]:
        return {square: self.fills[piece.color] for square, piece in zip(state, self.puzzle.pieces, strict=True)}

    def frames(self, frames: Sequence[tuple[dict[int, str], Move | None, str]], title: str = "") -> str:
        return frames_svg(self.places, self.puzzle.grid, frames, labels=self.puzzle.squares, edges=self.edges,
                          title=title)  # fmt: skip

    def __call__(self, state: State) -> str:
        """One position, alone (a watched search's drawing of a state)."""
        return self.frames([(self.pieces(state), None, "")])


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


def study(
    puzzle: SwapPuzzle,
    *,
    bidirectional_too: bool = False,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> SwapResult:
    """004's table for `puzzle`, every state reachable, the farthest ones and a shortest
    sequence of moves to a goal (status found; none when no goal can be reached; limit or
    interrupted when the search was stopped first); with `bidirectional_too`, also the search
    from both ends at once."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    search = BreadthFirst(puzzle, limits)
    layers = list(search)
    first_goal = next((layer.goals[0] for layer in layers if layer.goals), None)
    shortest = search.solution(first_goal) if first_goal is not None else None
    status = search.status if search.status != Status.COMPLETE else Status.FOUND if shortest else Status.NONE
    result = SwapResult(status, puzzle, layers, len(search.parent), shortest, search.stats)
    if bidirectional_too:
        result.meeting = bidirectional(puzzle, puzzle.goals, limits=limits, trace=result.meeting_layers)
    return result
