"""Pictures of a swap puzzle's positions: the squares laid out (on their board, or like a graph),
the moves as edges, each piece filled with its colour."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from essais.draw.frames import PIECE_RADIUS, frame_centres, frames_svg, piece_fills
from essais.draw.svg import graph_layout

State = tuple[int, ...]  # the square of each piece (essais.swap.model)
Move = tuple[int, int]  # a move's origin and target


class Coloured(Protocol):
    @property
    def color(self) -> str: ...


class Drawn(Protocol):
    """What a picture needs of a puzzle (essais.swap.model.SwapPuzzle): its squares' labels,
    its moves, its pieces and, where it stands on a board, each square's place on it."""

    @property
    def squares(self) -> tuple[str, ...]: ...
    @property
    def moves(self) -> tuple[Move, ...]: ...
    @property
    def pieces(self) -> Sequence[Coloured]: ...
    @property
    def places(self) -> tuple[tuple[int, int], ...] | None: ...
    @property
    def grid(self) -> tuple[int, int] | None: ...


class PuzzleDrawing:
    """What pictures of a puzzle's positions share: the squares' places (named squares laid
    out like a graph), the moves as edges, a fill for each piece's colour."""

    def __init__(self, puzzle: Drawn) -> None:
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

    # a page of many positions draws the board once and each position as its pieces
    # (essais.draw.state_player.Layered): 004's 5,040 states, 11.7 MB drawn whole
    def board(self) -> str:
        """The board without its pieces (one frame of frames_svg)."""
        return self.frames([({}, None, "")])

    def centres(self) -> list[tuple[float, float]]:
        """Each square's centre in the board's frame."""
        return frame_centres(self.places, self.puzzle.grid)

    radius = PIECE_RADIUS
