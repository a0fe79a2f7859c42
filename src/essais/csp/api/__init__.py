"""The public functions (solving.py: the first or best solution, counts, streams, the
competition's output), how a search is resolved from their keywords (plan.py), the branch and
bound's best and its count (optimise.py), and a model read from a path by its suffix
(reading.py). The top of csp's layers."""

from essais.csp.api.compiling import read_minizinc
from essais.csp.api.reading import read_model
from essais.csp.api.solving import CspStream, as_model, competition_output, count_csp, solve_csp

__all__ = ["CspStream", "as_model", "competition_output", "count_csp", "read_minizinc", "read_model", "solve_csp"]
