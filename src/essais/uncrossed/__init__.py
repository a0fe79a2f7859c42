"""The longest uncrossed knight's path, found and proved optimal by branch and bound.

model.py holds the knight graph, the search plan and the result, textbook.py the python engine,
compiled.py the numba engine over _kernels.py, check.py the checker, api.py the public function,
watch.py the search watched (its best path beside the path under way).
"""

from essais.uncrossed.api import estimate_uncrossed, longest_uncrossed
from essais.uncrossed.check import is_uncrossed, uncrossed_error
from essais.uncrossed.model import KnightGraph, UncrossedEstimate, UncrossedResult, segments_cross
from essais.uncrossed.watch import watch_uncrossed

__all__ = [
    "KnightGraph",
    "UncrossedResult",
    "UncrossedEstimate",
    "estimate_uncrossed",
    "is_uncrossed",
    "longest_uncrossed",
    "segments_cross",
    "uncrossed_error",
    "watch_uncrossed",
]
