"""A swap puzzle: squares, the moves between them, pieces (identical ones make states sets), the
start and the goals; 004's knights built in; the result of its study (essais.swap.api)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from essais.core.errors import InvalidInput
from essais.core.result import Result, Stats, Status, plural
from essais.core.search import Layer, SearchProblem, SearchResult, Side, Solution
from essais.draw.picture import Pictured
from essais.swap.draw import PuzzleDrawing

State = tuple[int, ...]  # the square of each piece, in the puzzle's order
Move = tuple[int, int]  # a move's origin and target (squares)


GOAL_KINDS = ("derangements", "swap")


MAX_ENUMERATED_PIECES = 10  # 10! = 3,628,800 arrangements: a few seconds


class PuzzleError(InvalidInput):
    """A puzzle file that cannot be read: the message names the file, the key and the reason."""


@dataclass(frozen=True)
class Piece:
    name: str
    color: str


@dataclass(frozen=True, eq=False)
class SwapPuzzle(SearchProblem[State, Move]):
    """Squares (their labels), directed moves between them (in the order they are tried),
    the pieces, the start (a square per piece) and the goal states."""

    name: str
    squares: tuple[str, ...]
    moves: tuple[Move, ...]
    pieces: tuple[Piece, ...]
    start: State
    goals: tuple[State, ...]
    identical: bool = False
    places: tuple[tuple[int, int], ...] | None = None  # each square's (row, col) on `grid`, for pictures
    grid: tuple[int, int] | None = None  # (rows, cols) of the board the squares stand on

    # -- the state space -------------------------------------------------------------------------
    def initial(self) -> State:
        return self.canonical(self.start)

    def successors(self, state: State) -> Iterator[tuple[Move, State]]:
        """004's `succ` for each move in order: the piece on the move's origin goes to its
        target if the target is free. (Only the moves from occupied squares are looked at, in
        the order of the move list: a large board has millions of moves.)"""
        moves = sorted(itertools.chain.from_iterable(self._moves_from.get(square, ()) for square in set(state)))
        for index in moves:
            origin, target = self.moves[index]
            if target not in state:
                yield (origin, target), self.canonical(tuple(target if s == origin else s for s in state))

    @cached_property
    def _moves_from(self) -> dict[int, list[int]]:
        """The moves (their places in the move list) from each square."""
        moves: dict[int, list[int]] = {}
        for index, (origin, _) in enumerate(self.moves):
            moves.setdefault(origin, []).append(index)
        return moves

    def is_goal(self, state: State) -> bool:
        return state in self._goal_set

    @cached_property
    def _goal_set(self) -> frozenset[State]:
        return frozenset(self.canonical(goal) for goal in self.goals)

    def canonical(self, state: State) -> State:
        """With identical pieces, the squares of each colour sorted (the state is a set)."""
        if not self.identical:
            return state
        squares = list(state)
        for colour in dict.fromkeys(piece.color for piece in self.pieces):
            places = [i for i, piece in enumerate(self.pieces) if piece.color == colour]
            for place, square in zip(places, sorted(squares[i] for i in places), strict=True):
                squares[place] = square
        return tuple(squares)

    # -- labels ------------------------------------------------------------------------------------
    def labels(self, state: State) -> list[str]:
        return [self.squares[square] for square in state]

    def move_labels(self, move: Move) -> list[str]:
        return [self.squares[move[0]], self.squares[move[1]]]

    def with_goals(self, kind: str) -> SwapPuzzle:
        """The same puzzle with the goals of a named kind (see `goal_states`)."""
        return replace(self, goals=goal_states(self, kind))


def goal_states(puzzle: SwapPuzzle, kind: str) -> tuple[State, ...]:
    """ "derangements": every piece on a square another piece started on, none on its own (004's
    nine *final* states); "swap": every piece on a square a piece of another colour started on
    (004's four *best* states: the colours swapped). Both look at every arrangement of the
    pieces: at most MAX_ENUMERATED_PIECES pieces."""
    if kind not in GOAL_KINDS:
        raise InvalidInput(f"goals: {kind!r} is not one of {', '.join(GOAL_KINDS)} or a list of states")
    if len(puzzle.pieces) > MAX_ENUMERATED_PIECES:
        raise InvalidInput(
            f"goals: {kind!r} looks at all {math.factorial(len(puzzle.pieces)):,} arrangements of "
            f"{len(puzzle.pieces)} pieces (at most {MAX_ENUMERATED_PIECES} pieces); give the goals as a list of states"
        )
    start = puzzle.start
    colour_at = {square: piece.color for square, piece in zip(start, puzzle.pieces, strict=True)}
    goals = []
    for arrangement in itertools.permutations(start):
        if kind == "derangements":
            keep = all(square != own for square, own in zip(arrangement, start, strict=True))
        else:
            keep = all(
                colour_at[square] != piece.color for square, piece in zip(arrangement, puzzle.pieces, strict=True)
            )
        if keep:
            goals.append(puzzle.canonical(arrangement))
    return tuple(dict.fromkeys(goals))


def knight_swap_004() -> SwapPuzzle:
    """004's puzzle: ten squares 0–9, its 18 moves in its order, two black knights on 1 and 3 and
    two white knights on 6 and 0, all four told apart; goals: the nine derangements.

    004's figure (a board with barred squares) is not in its text; the places drawn are those of
    the 3×4 board with two barred squares whose knight moves are exactly 004's moves (a search
    over the placements finds it, and its mirror images; a test checks it)."""
    pairs = "1.6 1.8 2.7 2.9 3.8 4.5 4.9 5.4 6.1 6.0 7.2 7.8 8.1 8.3 8.7 9.2 9.4 0.6"
    moves = tuple((int(a), int(b)) for a, b in (pair.split(".") for pair in pairs.split()))
    pieces = (
        Piece("black 1", "black"),
        Piece("black 3", "black"),
        Piece("white 6", "white"),
        Piece("white 0", "white"),
    )
    places = ((0, 0), (2, 0), (0, 3), (1, 3), (2, 3), (0, 2), (1, 2), (2, 2), (0, 1), (1, 1))
    puzzle = SwapPuzzle(
        "004's knight swap", tuple(str(i) for i in range(10)), moves, pieces, (1, 3, 6, 0), (), False, places, (3, 4)
    )
    return puzzle.with_goals("derangements")


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
