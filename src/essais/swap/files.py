"""Puzzle files (TOML or JSON): a board and a leaper, or named squares and moves; pieces with a
colour and a square; identical pieces; goals. Every key checked, the board's memory estimated
before it is built."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from essais.core.board import Board, format_square, leaper_moves
from essais.core.engine import check_memory
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, setting_up
from essais.core.text import read_text
from essais.swap.model import (
    GOAL_KINDS,
    Move,
    Piece,
    PuzzleError,
    SwapPuzzle,
)

# What a board square costs as a puzzle is read: its label, place and moves (tracemalloc, rounded up)
BYTES_PER_BOARD_SQUARE = 2000


# Boards of a puzzle file: 200×200 at most. Reading one costs a fraction of a second, and two
# pieces on it already have 1.6 billion states; a larger board could only run out of time.
MAX_BOARD_SQUARES = 40_000


# the keys a puzzle file may hold (docs/guides/swap.md)
FILE_KEYS = frozenset({"name", "board", "leaper", "notation", "squares", "moves", "identical", "goals", "pieces"})


PIECE_KEYS = frozenset({"name", "colour", "square"})


def load_puzzle(path: str | Path, limits: Limits | None = None) -> SwapPuzzle:
    """Read a puzzle file (TOML, or JSON for a .json file); see docs/guides/swap.md for its keys. A
    board too large for the memory limit is refused before it is built; the reading counts in
    the time limit (a limit or a signal raises SearchStopped)."""
    with setting_up(limits):
        return _load_puzzle(Path(path), limits)


def _load_puzzle(path: Path, limits: Limits | None) -> SwapPuzzle:
    text = read_text(path, limits=limits, error=PuzzleError)
    try:
        data = json.loads(text) if path.suffix == ".json" else tomllib.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as error:
        raise PuzzleError(f"{path}: not valid {'JSON' if path.suffix == '.json' else 'TOML'}: {error}") from None
    return _puzzle_from(data, str(path), limits)


def _puzzle_from(data: Any, source: str, limits: Limits | None = None) -> SwapPuzzle:
    def fail(key: str, reason: str) -> PuzzleError:
        return PuzzleError(f"{source}: {key}: {reason}")

    if not isinstance(data, dict):
        raise PuzzleError(f"{source}: a puzzle is a table of keys ({', '.join(sorted(FILE_KEYS))})")
    unknown = sorted(set(data) - FILE_KEYS)
    if unknown:
        raise fail(unknown[0], f"unknown key (a puzzle file has {', '.join(sorted(FILE_KEYS))})")
    squares, moves, places, grid = _squares_and_moves(data, fail, limits)
    index = {label: i for i, label in enumerate(squares)}

    def square_of(label: Any, key: str) -> int:
        if str(label) not in index:
            raise fail(key, f"unknown square {label!r}")
        return index[str(label)]

    raw_pieces = data.get("pieces")
    if not isinstance(raw_pieces, list) or not raw_pieces:
        raise fail("pieces", "a list of pieces, each with a name, a colour and a square, is required")
    pieces: list[Piece] = []
    start: list[int] = []
    for number, raw in enumerate(raw_pieces, start=1):
        key = f"pieces[{number}]"
        if not isinstance(raw, dict) or not {"colour", "square"} <= set(raw):
            raise fail(key, "each piece needs a colour and a square")
        if set(raw) - PIECE_KEYS:
            raise fail(
                f"{key}.{sorted(set(raw) - PIECE_KEYS)[0]}", "unknown key (a piece has a name, a colour, a square)"
            )
        square = square_of(raw["square"], f"{key}.square")
        if square in start:
            raise fail(f"{key}.square", f"square {squares[square]!r} already holds piece {start.index(square) + 1}")
        pieces.append(Piece(str(raw.get("name", f"piece {number}")), str(raw["colour"])))
        start.append(square)
    identical = data.get("identical", False)
    if not isinstance(identical, bool):
        raise fail("identical", "true or false")
    puzzle = SwapPuzzle(
        str(data.get("name", source)), squares, moves, tuple(pieces), tuple(start), (), identical, places, grid
    )
    goals = data.get("goals", "swap")
    if isinstance(goals, str):
        if goals not in GOAL_KINDS:
            raise fail("goals", f"{goals!r} is not one of {', '.join(GOAL_KINDS)} or a list of states")
        return puzzle.with_goals(goals)
    if not isinstance(goals, list) or not goals:
        raise fail("goals", "a kind (derangements, swap) or a list of states, each a list of squares")
    states = []
    for number, goal in enumerate(goals, start=1):
        key = f"goals[{number}]"
        if not isinstance(goal, list) or len(goal) != len(pieces):
            raise fail(key, f"a goal gives one square for each of the {len(pieces)} pieces")
        state = tuple(square_of(label, key) for label in goal)
        if len(set(state)) != len(state):
            raise fail(key, "two pieces on one square")
        states.append(state)
    return replace(puzzle, goals=tuple(states))


def _squares_and_moves(
    data: dict[str, Any], fail: Any, limits: Limits | None
) -> tuple[tuple[str, ...], tuple[Move, ...], tuple[tuple[int, int], ...] | None, tuple[int, int] | None]:
    """Either a board (and a leaper, the knight by default: its moves between the board's
    squares) or explicit squares; explicit moves, if given, replace the leaper's. Also the
    squares' places on the board and its size, for pictures (None for explicit squares)."""
    places: tuple[tuple[int, int], ...] | None = None
    grid: tuple[int, int] | None = None
    if "board" in data:
        try:
            board = Board.parse(str(data["board"]))
        except InvalidInput as error:
            raise fail("board", str(error)) from None
        if board.n_squares > MAX_BOARD_SQUARES:
            raise fail(
                "board", f"{board} has {board.n_squares:,} squares; a puzzle's board has at most {MAX_BOARD_SQUARES:,}"
            )
        check_memory(BYTES_PER_BOARD_SQUARE * board.n_squares, f"a puzzle on the {board} board", limits)
        notation = data.get("notation", "chess")
        if notation not in ("chess", "rc"):
            raise fail("notation", f"{notation!r} is not chess or rc")
        if notation == "chess" and board.cols > 26:
            raise fail("notation", f"chess notation names at most 26 columns, the board has {board.cols}; use rc")
        squares = tuple(board.chess_name(s) if notation == "chess" else format_square(s) for s in board.squares())
        places, grid = tuple(board.squares()), (board.rows, board.cols)
        leaper = data.get("leaper", [1, 2])
        if not (isinstance(leaper, list) and len(leaper) == 2 and all(isinstance(x, int) for x in leaper)):
            raise fail("leaper", "two numbers, like [1, 2] for the knight")
        try:
            deltas = leaper_moves(*leaper)
        except InvalidInput as error:
            raise fail("leaper", str(error)) from None
        moves = tuple(
            (board.index(s), board.index((s[0] + dr, s[1] + dc)))
            for s in board.squares()
            for dr, dc in deltas
            if board.contains((s[0] + dr, s[1] + dc))
        )
    elif "squares" in data:
        raw = data["squares"]
        if not isinstance(raw, list) or not raw:
            raise fail("squares", "a list of square labels")
        squares = tuple(str(label) for label in raw)
        if len(set(squares)) != len(squares):
            raise fail("squares", "a label is given twice")
        moves = ()
    else:
        raise fail("squares", 'give the squares (a list of labels) or a board (like "3x3")')
    if "moves" in data:
        moves = tuple(_moves(data["moves"], squares, fail))
    if not moves:
        raise fail("moves", "the puzzle has no moves")
    return squares, moves, places, grid


def _moves(raw: Any, squares: Sequence[str], fail: Any) -> Iterable[Move]:
    index = {label: i for i, label in enumerate(squares)}
    if not isinstance(raw, list):
        raise fail("moves", "a list of [from, to] pairs")
    for number, pair in enumerate(raw, start=1):
        if not (isinstance(pair, list) and len(pair) == 2):
            raise fail(f"moves[{number}]", "a [from, to] pair")
        for label in pair:
            if str(label) not in index:
                raise fail(f"moves[{number}]", f"unknown square {label!r}")
        yield index[str(pair[0])], index[str(pair[1])]
