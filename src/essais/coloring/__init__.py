"""Graph colouring (002 Q2).

graph.py holds graphs (files, built-in graphs, cliques), model.py the methods and the results,
textbook.py the python engine, compiled.py the numba engines over _kernels.py, check.py the
checker, api.py the public functions, draw.py the pictures, watch.py the search watched, sat.py the
chromatic number's SAT formula.
"""

from essais.coloring.api import chromatic_number, color_graph
from essais.coloring.check import coloring_error, is_coloring
from essais.coloring.graph import Graph, GraphError, greedy_clique, load_graph, named_graph, read_dimacs, read_edge_list
from essais.coloring.model import METHODS, ChromaticResult, ColoringResult
from essais.coloring.watch import watch_coloring

__all__ = [
    "METHODS",
    "ChromaticResult",
    "ColoringResult",
    "Graph",
    "GraphError",
    "chromatic_number",
    "color_graph",
    "coloring_error",
    "greedy_clique",
    "is_coloring",
    "load_graph",
    "named_graph",
    "read_dimacs",
    "read_edge_list",
    "watch_coloring",
]
