"""Swap puzzles (004): pieces stand on the squares of a graph and move along its
directed edges onto free squares; find how to reach a goal arrangement, layer by layer.

A state lists the squares of the pieces in the puzzle's order (004: the knights first on 1, 3,
6, 0). Pieces a puzzle declares identical make states sets: then the squares of the pieces of
one colour are kept sorted, so that swapping two of them gives the same state.

The package: model.py (the puzzle, its pieces and goals, 004's knights, the study's result),
api.py (004's table, the shortest sequence, bidirectional search), check.py (a move sequence is
legal and reaches a goal), draw.py (pictures of positions), watch.py (the study watched),
files.py (puzzle files).

Examples
--------
>>> puzzle = knight_swap_004()
>>> result = breadth_first(puzzle)
>>> result.solution.length, puzzle.labels(result.solution.states[-1])
(26, ['3', '0', '1', '6'])
"""

from essais.core.search import breadth_first
from essais.swap.api import study
from essais.swap.check import is_swap_solution, swap_error
from essais.swap.files import load_puzzle
from essais.swap.model import GOAL_KINDS, Piece, PuzzleError, SwapPuzzle, SwapResult, knight_swap_004
from essais.swap.watch import watch_study

__all__ = [
    "GOAL_KINDS",
    "Piece",
    "PuzzleError",
    "SwapPuzzle",
    "SwapResult",
    "breadth_first",
    "is_swap_solution",
    "knight_swap_004",
    "load_puzzle",
    "study",
    "swap_error",
    "watch_study",
]
