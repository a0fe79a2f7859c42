"""N queens (002 Q3).

model.py holds the methods and results, textbook.py the python engine, compiled.py the numba
engines over _kernels.py, check.py the checker, api.py the public functions, watch.py the search
watched, draw.py the board drawn.
"""

from essais.queens.api import QueensStream, count_queens, find_queens
from essais.queens.check import is_solution, queens_error
from essais.queens.model import METHODS, QueensCount, QueensResult, symmetries
from essais.queens.watch import watch_queens

__all__ = [
    "METHODS",
    "QueensCount",
    "QueensResult",
    "QueensStream",
    "count_queens",
    "find_queens",
    "is_solution",
    "queens_error",
    "symmetries",
    "watch_queens",
]
