"""Method frontier: every tour counted without backtracking, by a sweep over the board
(D. E. Knuth's frontier method; count.py says how). count.py runs a count and projects one (an
estimate), plan.py plans the sweep (the order of the squares, the frontier's states, the primes
of the counts), sweep.py holds the tables and runs the steps over _kernels.py (numba), spill.py
spills the tables to disk when they outgrow memory, checkpoint.py saves a sweep to resume it, and
cluster.py runs the steps on a Dask cluster.
"""

from essais.knights.frontier.count import FrontierEstimate, estimate_frontier, frontier_count, project_layers

__all__ = ["FrontierEstimate", "estimate_frontier", "frontier_count", "project_layers"]
