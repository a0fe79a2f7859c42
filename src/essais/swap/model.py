"""A swap puzzle: squares, the moves between them, pieces (identical ones make states sets), the
start and the goals; 004's knights built in."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cached_property

from essais.core.errors import InvalidInput
from essais.core.search import (
    SearchProblem,
)

State = tuple[int, ...]


Move = tuple[int, int]


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
