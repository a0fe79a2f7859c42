"""The general scheme of 000 §3.3–3.4 as a library: a problem says where it starts, which moves
lead where, which states are goals and (optionally) which are promising; a strategy searches it
and returns the usual result, with the counters of 000's scheme (nodes, tries, backtracks) and
the solution as a sequence of states and moves.

The package: problem.py (the problem, its solution and result, the counters), depth.py (depth
first, and every solution), breadth.py (breadth first by layers, bidirectional), best.py (best
first).

Examples
--------
>>> class Count(SearchProblem[int, str]):
...     "From 1, reach 10 by doubling or adding one."
...     def initial(self): return 1
...     def successors(self, n): return [("double", 2 * n), ("add one", n + 1)] if n < 10 else []
...     def is_goal(self, n): return n == 10
>>> breadth_first(Count()).solution.actions
['double', 'double', 'add one', 'double']
"""

from essais.core.search.best import best_first
from essais.core.search.breadth import BreadthFirst, Layer, Side, bidirectional, breadth_first
from essais.core.search.depth import AllSolutions, depth_first
from essais.core.search.problem import SearchProblem, SearchResult, Solution

__all__ = [
    "AllSolutions",
    "BreadthFirst",
    "Layer",
    "SearchProblem",
    "SearchResult",
    "Side",
    "Solution",
    "best_first",
    "bidirectional",
    "breadth_first",
    "depth_first",
]
