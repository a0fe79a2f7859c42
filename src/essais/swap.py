"""Swap puzzles (004, SPEC §2.7): pieces stand on the squares of a graph and move along its
directed edges onto free squares; find how to reach a goal arrangement, layer by layer.

A state lists the squares of the pieces in the puzzle's order (004: the knights first on 1, 3,
6, 0). Pieces a puzzle declares identical make states sets: then the squares of the pieces of
one colour are kept sorted, so that swapping two of them gives the same state.

>>> puzzle = knight_swap_004()
>>> result = breadth_first(puzzle)
>>> result.solution.length, puzzle.labels(result.solution.states[-1])
(26, ['3', '0', '1', '6'])
"""

from __future__ import annotations

import itertools
import json
import math
import tomllib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any

from essais.core.board import Board, format_square, leaper_moves
from essais.core.engine import check_memory
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, limits_from, setting_up
from essais.core.result import Result, Stats, Status, plural
from essais.core.search import (
    BreadthFirst,
    Layer,
    SearchProblem,
    SearchResult,
    Side,
    Solution,
    bidirectional,
    breadth_first,
)
from essais.draw.frames import frames_svg, piece_fills
from essais.draw.picture import Pictured
from essais.draw.svg import graph_layout

State = tuple[int, ...]
Move = tuple[int, int]
GOAL_KINDS = ("derangements", "swap")
MAX_ENUMERATED_PIECES = 10  # 10! = 3,628,800 arrangements: a few seconds
# What a board square costs as a puzzle is read: its label, place and moves (tracemalloc, rounded up)
BYTES_PER_BOARD_SQUARE = 2000
# Boards of a puzzle file: 200×200 at most. Reading one costs a fraction of a second, and two
# pieces on it already have 1.6 billion states; a larger board could only run out of time.
MAX_BOARD_SQUARES = 40_000

__all__ = [
    "GOAL_KINDS",
    "Piece",
    "SwapPuzzle",
    "SwapResult",
    "breadth_first",
    "knight_swap_004",
    "load_puzzle",
    "study",
]
# the keys a puzzle file may hold (README, "Swap puzzles")
FILE_KEYS = frozenset({"name", "board", "leaper", "notation", "squares", "moves", "identical", "goals", "pieces"})
PIECE_KEYS = frozenset({"name", "colour", "square"})


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


# -- 004's study -----------------------------------------------------------------------------------
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
        fills = piece_fills([piece.color for piece in puzzle.pieces])

        def pieces(state: State) -> dict[int, str]:
            return {square: fills[piece.color] for square, piece in zip(state, puzzle.pieces, strict=True)}

        frames: list[tuple[dict[int, str], Move | None, str]] = [(pieces(puzzle.initial()), None, "start")]
        if self.shortest is not None:
            steps = zip(self.shortest.actions, self.shortest.states[1:], strict=True)
            for number, (move, state) in enumerate(steps, start=1):
                origin, target = puzzle.move_labels(move)
                frames.append((pieces(state), move, f"{number}. {origin}→{target}"))
        edges = sorted({(min(a, b), max(a, b)) for a, b in puzzle.moves})
        places: Sequence[tuple[float, float]] = puzzle.places or [
            (y, x) for x, y in graph_layout(len(puzzle.squares), edges)
        ]  # named squares are laid out like a graph
        length = f"{self.shortest.length} moves" if self.shortest is not None else "no goal reached"
        title = f"{puzzle.name}: {length}"
        return frames_svg(places, puzzle.grid, frames, labels=puzzle.squares, edges=edges, title=title)

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


# -- puzzle files ------------------------------------------------------------------------------------
def load_puzzle(path: str | Path, limits: Limits | None = None) -> SwapPuzzle:
    """Read a puzzle file (TOML, or JSON for a .json file); see the README for its keys. A
    board too large for the memory limit is refused before it is built; the reading counts in
    the time limit (a limit or a signal raises SearchStopped)."""
    with setting_up(limits):
        return _load_puzzle(Path(path), limits)


def _load_puzzle(path: Path, limits: Limits | None) -> SwapPuzzle:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise PuzzleError(f"{path}: cannot be read ({error.strerror})") from None
    except UnicodeDecodeError as error:
        raise PuzzleError(f"{path}: not UTF-8 text ({error.reason} at byte {error.start})") from None
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
