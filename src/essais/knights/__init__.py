"""Knight's tours and their studies (distances, greedy walks, random walks).

model.py holds the problem and its results, textbook.py the python engine, compiled.py the numba
engine over _kernels.py, check.py the checker, api.py the public functions (validate and
dispatch), searches.py the searches behind them, linear.py method linear (construction.py its
construction), split.py the split counts, the package frontier/ method frontier (a count by a
sweep over the board: its plan, tables, spill to disk, checkpoint, Dask cluster and kernels),
tables.py the tables over every start, streams.py every tour lazily,
starts.py and walks.py the results of the tables and of 001 §5's random walks, draw.py the
table in a terminal; distances.py is 001 §2's breadth-first study.
"""

from essais.core.board import Board, Move, Square, clockwise, leaper_moves, make_moves
from essais.knights.api import count_tours, estimate_tour_count, find_tour, random_tours, watch_tour
from essais.knights.check import is_tour, tour_error
from essais.knights.frontier import FrontierEstimate
from essais.knights.model import METHODS, TourCount, TourProblem, TourReplay, TourResult, WalkTally
from essais.knights.starts import EveryStart, StartRow
from essais.knights.streams import StreamFromEveryStart, TourStream
from essais.knights.tables import count_every_start, every_start, search_every_start
from essais.knights.walks import RandomTours

__all__ = [
    "METHODS",
    "Board",
    "EveryStart",
    "FrontierEstimate",
    "Move",
    "RandomTours",
    "Square",
    "StartRow",
    "StreamFromEveryStart",
    "TourCount",
    "TourReplay",
    "TourProblem",
    "TourResult",
    "TourStream",
    "WalkTally",
    "clockwise",
    "count_every_start",
    "count_tours",
    "estimate_tour_count",
    "every_start",
    "find_tour",
    "is_tour",
    "leaper_moves",
    "make_moves",
    "random_tours",
    "search_every_start",
    "watch_tour",
    "tour_error",
]
