"""The checker of a swap puzzle's answer: a sequence of moves, each along one of the puzzle's
moves from a square holding a piece to a free square, that leads from the start to a goal."""

from __future__ import annotations

from collections.abc import Sequence

from essais.swap.model import Move, SwapPuzzle


def swap_error(puzzle: SwapPuzzle, moves: Sequence[Move]) -> str | None:
    """What is wrong with `moves` (pairs of squares, origin and target) as an answer to `puzzle`:
    the first move that is not one of the puzzle's, starts from an empty square or lands on a
    taken one, or an end that is not a goal; None when the sequence is legal and reaches a goal.

    Examples
    --------
    >>> from essais.swap import knight_swap_004, study
    >>> puzzle = knight_swap_004()
    >>> swap_error(puzzle, study(puzzle).shortest.actions)
    >>> swap_error(puzzle, [(1, 8), (8, 1)])
    'the end, 1 3 6 0, is not a goal'
    """
    allowed = set(puzzle.moves)
    state = list(puzzle.initial())
    for number, move in enumerate(moves, start=1):
        origin, target = move
        if (origin, target) not in allowed:
            return f"move {number}, {_name(puzzle, origin)}→{_name(puzzle, target)}, is not one of the puzzle's moves"
        if origin not in state:
            return f"move {number} starts from {puzzle.squares[origin]}, where no piece stands"
        if target in state:
            return f"move {number} lands on {puzzle.squares[target]}, where a piece stands"
        state[state.index(origin)] = target
    end = puzzle.canonical(tuple(state))
    return None if puzzle.is_goal(end) else f"the end, {' '.join(puzzle.labels(end))}, is not a goal"


def is_swap_solution(puzzle: SwapPuzzle, moves: Sequence[Move]) -> bool:
    """`moves` are legal and reach a goal of `puzzle`."""
    return swap_error(puzzle, moves) is None


def _name(puzzle: SwapPuzzle, square: int) -> str:
    return puzzle.squares[square] if 0 <= square < len(puzzle.squares) else str(square)
