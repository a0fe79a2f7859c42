"""Board geometry: R×C boards, leapers and explicit move lists, move orders, square notation.

Squares are (row, col), 0-based, row 0 at the top, as a board is printed.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, overload

import numpy as np

from essais.core.errors import InvalidInput

Square = tuple[int, int]
Move = tuple[int, int]  # (drow, dcol)

KNIGHT: tuple[int, int] = (1, 2)
ORDERS = ("default", "clockwise")

# ASCII digits and spaces only (\d alone would take '²', which int() refuses, and \s a newline)
_SIZE = re.compile(r" *([0-9]+) *(?:[x×] *([0-9]+))? *", re.IGNORECASE)
_ROW_COL = re.compile(r" *\(? *(-?[0-9]+) *, *(-?[0-9]+) *\)? *")
_CHESS = re.compile(r" *([a-zA-Z])([0-9]+) *")


@dataclass(frozen=True)
class Board:
    """A rectangular board of `rows` × `cols` squares."""

    rows: int
    cols: int

    def __post_init__(self) -> None:
        if not all(isinstance(side, int) and not isinstance(side, bool) for side in (self.rows, self.cols)):
            raise InvalidInput(f"board size: {self.rows!r}x{self.cols!r} must be whole numbers of rows and columns")
        if self.rows < 1 or self.cols < 1:
            raise InvalidInput(f"board size: {self.rows}x{self.cols} must have at least one row and one column")

    @classmethod
    def parse(cls, text: str) -> Board:
        """Read `N` (an N×N board) or `RxC` (R rows, C columns)."""
        match = _SIZE.fullmatch(str(text))
        if not match:
            raise InvalidInput(f"board size: {text!r} is not N or RxC (e.g. 8 or 5x6)")
        rows = int(match.group(1))
        cols = int(match.group(2)) if match.group(2) is not None else rows
        if rows < 1 or cols < 1:
            raise InvalidInput(f"board size: {text!r} must have at least one row and one column")
        return cls(rows, cols)

    @staticmethod
    def is_size(text: str) -> bool:
        """`text` is written as a size, `N` or `RxC` (Board.parse reads it or says what is wrong)."""
        return _SIZE.fullmatch(text) is not None

    @property
    def n_squares(self) -> int:
        return self.rows * self.cols

    def __str__(self) -> str:
        return f"{self.rows}x{self.cols}"

    def contains(self, square: Square) -> bool:
        row, col = square
        return 0 <= row < self.rows and 0 <= col < self.cols

    def squares(self) -> Iterator[Square]:
        """Every square in reading order (row by row, left to right)."""
        for row in range(self.rows):
            for col in range(self.cols):
                yield (row, col)

    def symmetries(self) -> list[Callable[[int, int], Square]]:
        """The maps of the square's symmetry group that carry the board onto itself (8 for a
        square board, 4 for a rectangle), as functions of (row, col); the identity first."""
        last_row, last_col = self.rows - 1, self.cols - 1
        maps: list[Callable[[int, int], Square]] = [
            lambda r, c: (r, c),
            lambda r, c: (r, last_col - c),
            lambda r, c: (last_row - r, c),
            lambda r, c: (last_row - r, last_col - c),
        ]
        if self.rows == self.cols:
            maps += [
                lambda r, c: (c, r),
                lambda r, c: (c, last_row - r),
                lambda r, c: (last_col - c, r),
                lambda r, c: (last_col - c, last_row - r),
            ]
        return maps

    def numbered(self, path: Sequence[Square]) -> list[list[int]]:
        """The board with the step numbers 1, 2, … along `path`, 0 where it does not pass."""
        grid = [[0] * self.cols for _ in range(self.rows)]
        for step, (row, col) in enumerate(path, start=1):
            grid[row][col] = step
        return grid

    def index(self, square: Square) -> int:
        """The square's number in reading order."""
        return square[0] * self.cols + square[1]

    def square(self, index: int) -> Square:
        return divmod(index, self.cols)

    # -- notation ----------------------------------------------------------------------------
    def parse_square(self, text: str, name: str = "square") -> Square:
        """Read `r,c` (0-based row and column) or chess notation `a1` (bottom-left) and check
        that the square is on the board."""
        text = str(text)
        match = _ROW_COL.fullmatch(text)
        if match:
            square = (int(match.group(1)), int(match.group(2)))
        else:
            match = _CHESS.fullmatch(text)
            if not match:
                raise InvalidInput(f"{name}: {text!r} is neither r,c nor chess notation like a1")
            if self.cols > 26:
                raise InvalidInput(f"{name}: {text!r}: chess notation needs at most 26 columns; use r,c")
            col = ord(match.group(1).lower()) - ord("a")
            square = (self.rows - int(match.group(2)), col)
        if not self.contains(square):
            raise InvalidInput(f"{name}: {text!r} is off the {self} board")
        return square

    def chess_name(self, square: Square) -> str:
        """The square in chess notation (`a1` is the bottom-left square)."""
        row, col = square
        if self.cols > 26:
            raise InvalidInput(f"chess notation needs at most 26 columns, the board has {self.cols}")
        return f"{chr(ord('a') + col)}{self.rows - row}"


def as_board(size: Board | int | str | tuple[int, int]) -> Board:
    """A board from what a user types: a Board, 8 (8×8), "8", "5x6" or (5, 6)."""
    if isinstance(size, Board):
        return size
    if isinstance(size, bool):
        raise InvalidInput(f"size: {size!r} is not a board size")
    if isinstance(size, int):
        return Board(size, size)
    if isinstance(size, str):
        return Board.parse(size)
    if isinstance(size, tuple) and len(size) == 2:
        return Board(*size)
    raise InvalidInput(f"size: {size!r} is not N, 'RxC', (rows, cols) or a Board")


def format_square(square: Square) -> str:
    """The square as `r,c`."""
    return f"{square[0]},{square[1]}"


class SquarePath(Sequence[Square]):
    """Squares in order (a tour, a walk, a path), whatever search made them: a sequence of
    `(row, col)` tuples of plain ints, kept as an (n, 2) int32 numpy array (`array`, or
    `numpy.asarray(path)`), so that a path of 10⁸ squares stays 800 MB. It is true when it is
    not empty, and equal to any sequence of the same squares (tuples, lists or an array).

    Examples
    --------
    >>> path = SquarePath([(0, 0), (1, 2)])
    >>> path[-1], len(path), path == [[0, 0], [1, 2]], bool(SquarePath([]))
    ((1, 2), 2, True, False)
    """

    __slots__ = ("array",)

    def __init__(self, squares: Any) -> None:
        array = np.asarray(squares, dtype=np.int32)
        self.array = array.reshape(0, 2) if array.size == 0 else array
        if self.array.ndim != 2 or self.array.shape[1] != 2:
            raise InvalidInput(f"path: {squares!r} is not a sequence of (row, col) pairs")

    def __len__(self) -> int:
        return len(self.array)

    @overload
    def __getitem__(self, index: int) -> Square: ...
    @overload
    def __getitem__(self, index: slice) -> SquarePath: ...
    def __getitem__(self, index: int | slice) -> Square | SquarePath:
        if isinstance(index, slice):
            return SquarePath(self.array[index])
        row, col = self.array[index].tolist()
        return (row, col)

    def __iter__(self) -> Iterator[Square]:
        return (tuple(pair) for pair in self.array.tolist())  # type: ignore[misc]

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        return self.array if dtype is None else self.array.astype(dtype)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SquarePath):
            other = other.array
        try:
            squares = np.asarray(other)
        except (TypeError, ValueError):
            return False
        if squares.size == 0:  # [] and an empty path are the same path
            return len(self.array) == 0
        return bool(np.array_equal(self.array, squares))

    __hash__ = None  # type: ignore[assignment]

    def tolist(self) -> list[list[int]]:
        """The squares as [row, col] lists (JSON's form)."""
        return self.array.tolist()  # type: ignore[no-any-return]

    def __repr__(self) -> str:
        if len(self) <= 4:
            return f"SquarePath([{', '.join(map(str, self))}])"
        return f"SquarePath([{self[0]}, {self[1]}, …, {self[-1]}], {len(self):,} squares)"


# -- moves ---------------------------------------------------------------------------------------
def leaper_moves(a: int, b: int) -> tuple[Move, ...]:
    """The distinct moves of the (a, b) leaper in the default order of 000 §3.6 / §9:
    (a,b),(a,-b),(-a,b),(-a,-b),(b,a),(b,-a),(-b,a),(-b,-a)."""
    if a < 0 or b < 0 or (a == 0 and b == 0):
        raise InvalidInput(f"leaper: ({a},{b}) must be two non-negative numbers, not both 0")
    candidates = [(a, b), (a, -b), (-a, b), (-a, -b), (b, a), (b, -a), (-b, a), (-b, -a)]
    return tuple(dict.fromkeys(candidates))  # drops the repeats of (a,0) and (a,a) leapers


def clockwise(moves: Iterable[Move]) -> tuple[Move, ...]:
    """The moves sorted by angle, clockwise on the printed board, starting due west (001's
    order); moves in the same direction come shortest first."""

    def angle_from_west(move: Move) -> tuple[float, int]:
        drow, dcol = move
        # atan2 with the y axis pointing up (rows grow downwards); west is pi, and going
        # clockwise the angle decreases, so measure pi - angle, wrapped into [0, 2*pi).
        angle = math.atan2(-drow, dcol)
        return ((math.pi - angle) % (2 * math.pi), drow * drow + dcol * dcol)

    return tuple(sorted(moves, key=angle_from_west))


def parse_leaper(text: str) -> tuple[int, int]:
    """Read `A,B` for the (A, B) leaper."""
    match = _ROW_COL.fullmatch(str(text))
    if not match:
        raise InvalidInput(f"leaper: {text!r} is not A,B (e.g. 1,2 for the knight)")
    a, b = int(match.group(1)), int(match.group(2))
    leaper_moves(a, b)  # validates
    return (a, b)


def parse_moves(text: str) -> tuple[Move, ...]:
    """Read an explicit, ordered move list: pairs `dr,dc` separated by spaces."""
    words = str(text).split()
    if not words:
        raise InvalidInput("moves: the list is empty; give pairs like '1,2 2,1 -1,2'")
    moves: list[Move] = []
    for word in words:
        match = _ROW_COL.fullmatch(word)
        if not match:
            raise InvalidInput(f"moves: {word!r} is not a pair dr,dc")
        move = (int(match.group(1)), int(match.group(2)))
        if move == (0, 0):
            raise InvalidInput("moves: (0,0) does not move")
        if move in moves:
            raise InvalidInput(f"moves: {word!r} is listed twice")
        moves.append(move)
    return tuple(moves)


def make_moves(
    leapers: Sequence[tuple[int, int]] = (),
    explicit: Sequence[Move] | None = None,
    order: str = "default",
) -> tuple[Move, ...]:
    """The move set: an explicit list (in its own order) or the union of leapers (the knight if
    none), in the `default` or `clockwise` order."""
    if order not in ORDERS:
        raise InvalidInput(f"order: {order!r} is not one of {', '.join(ORDERS)}")
    if explicit is not None and leapers:
        raise InvalidInput("moves: give either --moves or --leaper, not both")
    if explicit is not None:
        moves = tuple(explicit)
    else:
        union: dict[Move, None] = {}
        for a, b in leapers or [KNIGHT]:
            union.update(dict.fromkeys(leaper_moves(a, b)))
        moves = tuple(union)
    return clockwise(moves) if order == "clockwise" else moves


def neighbours(board: Board, square: Square, moves: Sequence[Move]) -> list[Square]:
    """The squares a move leads to from `square`, in move order, on the board only."""
    row, col = square
    return [(row + dr, col + dc) for dr, dc in moves if board.contains((row + dr, col + dc))]


def attacks(moves: Sequence[Move], source: Square, target: Square) -> bool:
    """True when one move of the set leads from `source` to `target`."""
    return (target[0] - source[0], target[1] - source[1]) in moves


def numbered_text(grid: Sequence[Sequence[int]]) -> str:
    """Step numbers aligned in columns, a dot where the path does not pass (plain text)."""
    width = max(2, len(str(max((value for row in grid for value in row), default=0))))
    return "\n".join(
        " ".join(f"{value:>{width}}" if value else " " * (width - 1) + "." for value in row) for row in grid
    )
