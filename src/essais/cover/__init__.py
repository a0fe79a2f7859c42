"""Exact covers (Knuth's dancing links, essais.core.cover): problems of one's own in Knuth's
text format or built in code, polyomino packings and Langford pairs.

model.py holds the puzzles' base and the results, api.py the public functions, check.py the
checkers, draw.py the packings drawn, watch.py the search watched, polyomino.py and langford.py
the generators. The engines
(python and numba) are in essais.core.cover, where every problem package can use them.
"""

from essais.core.cover.problem import CoverError, CoverProblem, parse_cover
from essais.cover.api import CoverStream, count_covers, read_cover, solve_cover
from essais.cover.check import cover_error, is_cover, langford_error, packing_error
from essais.cover.langford import Langford, langford
from essais.cover.model import METHODS, CoverCount, CoverResult, ExactCover
from essais.cover.polyomino import PIECE_SETS, Polyomino, polyomino
from essais.cover.watch import watch_cover

__all__ = [
    "METHODS",
    "PIECE_SETS",
    "CoverCount",
    "CoverError",
    "CoverProblem",
    "CoverResult",
    "CoverStream",
    "ExactCover",
    "Langford",
    "Polyomino",
    "count_covers",
    "cover_error",
    "is_cover",
    "langford",
    "langford_error",
    "packing_error",
    "parse_cover",
    "polyomino",
    "read_cover",
    "solve_cover",
    "watch_cover",
]
