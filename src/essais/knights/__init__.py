"""Knight's tours and other leaper problems."""

from essais.knights.board import Board, Move, Square, clockwise, leaper_moves, make_moves
from essais.knights.check import is_tour, tour_error
from essais.knights.tour import (
    METHODS,
    TourCount,
    TourProblem,
    TourResult,
    TourStream,
    count_tours,
    every_start,
    find_tour,
)

__all__ = [
    "METHODS",
    "Board",
    "Move",
    "Square",
    "TourCount",
    "TourProblem",
    "TourResult",
    "TourStream",
    "clockwise",
    "count_tours",
    "every_start",
    "find_tour",
    "is_tour",
    "leaper_moves",
    "make_moves",
    "tour_error",
]
