"""The top-level API: each problem solved in two lines from plain values (sizes, square names,
grid text, graph names or files). These are thin wrappers over the problem packages
(essais.knights, essais.queens, essais.sudoku, essais.coloring, essais.uncrossed), whose own
functions take problem objects and offer every option.

Every function takes `method` and `engine` (None: the default method, compiled where it has a
compiled form), `time_limit` in seconds and `node_limit`; it returns a result with `status`,
`stats`, `found`, its solution and `to_dict()`, which displays itself in a terminal and a
notebook.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from essais.coloring import ChromaticResult, ColoringResult, Graph
from essais.coloring import chromatic_number as _chromatic_number
from essais.coloring import color_graph as _color_graph
from essais.core.board import Move, as_board
from essais.knights import METHODS as TOUR_METHODS_BY_ENGINE
from essais.knights import TourCount, TourProblem, TourResult
from essais.knights import count_tours as _count_tours
from essais.knights import estimate_tour_count as _estimate_tour_count
from essais.knights import find_tour as _find_tour
from essais.knights.frontier import FrontierEstimate
from essais.queens import QueensCount
from essais.queens import count_queens as _count_queens
from essais.sudoku import Sudoku, SudokuResult
from essais.sudoku import solve_sudoku as _solve_sudoku
from essais.uncrossed import UncrossedEstimate, UncrossedResult
from essais.uncrossed import estimate_uncrossed as _estimate_uncrossed
from essais.uncrossed import longest_uncrossed as _longest_uncrossed

TOUR_METHODS = [  # the methods that find a tour (frontier only counts)
    method for method, engines in TOUR_METHODS_BY_ENGINE.engines.items() if "numba" in engines and method != "frontier"
]
Size = int | str | tuple[int, int]
Start = str | tuple[int, int] | None


def tour_problem(size: Size, start: Start, closed: bool, moves: Sequence[Move] | None) -> TourProblem:
    """The tour problem of the top-level functions' arguments (a size, a start as typed…)."""
    board = as_board(size)
    square: Any = (0, 0) if start is None else board.parse_square(start, "start") if isinstance(start, str) else start
    return TourProblem.make(board, square, moves, closed)


def find_tour(
    size: Size = 8,
    start: Start = None,
    *,
    closed: bool = False,
    moves: Sequence[Move] | None = None,
    method: str | None = None,
    engine: str | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> TourResult:
    """A knight's tour of the board.

    Parameters
    ----------
    size : int, str or (int, int)
        N for N×N, "RxC" or (rows, cols).
    start : str or (int, int), optional
        The first square, "r,c" (row 0 at the top) or chess notation ("a1" is the bottom-left
        square); the top-left square (0, 0) by default.
    closed : bool
        Ask for a closed tour (the last square attacks the first).
    moves : sequence of (drow, dcol), optional
        The moves in their order; the knight's in 000's order by default.
    method, engine : str, optional
        See essais.knights.find_tour: linear (numba) by default, warnsdorff for moves other
        than the knight's; with engine "python", warnsdorff.
    time_limit, node_limit : optional
        Stop after so many seconds or nodes (status "limit").

    Returns
    -------
    TourResult
        `path` (a SquarePath: the squares in order as (row, col) tuples, backed by an (n, 2)
        int32 array; empty when there is no tour), `numbered()`, `status`, `stats`, `method`,
        `engine`, `by`.

    Examples
    --------
    >>> import essais
    >>> tour = essais.find_tour(8, start="a1")
    >>> str(tour.status), len(tour.path), tour.path[0], tour.method
    ('found', 64, (7, 0), 'linear')
    """
    problem = tour_problem(size, start, closed, moves)
    return _find_tour(
        problem, method=method, engine=engine, time_limit=time_limit, node_limit=node_limit, memory_limit=memory_limit
    )


def count_tours(
    size: Size,
    start: Start = None,
    *,
    closed: bool = False,
    moves: Sequence[Move] | None = None,
    method: str | None = None,
    engine: str | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
    workers: int | None = 1,
    checkpoint: str | None = None,
    whole_board: bool = False,
) -> TourCount:
    """The number of knight's tours from a start square (directed; closed tours also undirected),
    or with `whole_board` every tour of the board (`directed` and `undirected`; the start is
    then ignored).

    Parameters are those of `find_tour`; the method is a complete search, prune by default
    (basic for move sets without reverse moves), basic or band, or frontier, a sweep over the
    board that counts without backtracking (the default with `whole_board`; its counters are
    states, not nodes). With `workers` other than 1 (None: one per core) or a `checkpoint` file,
    a backtracking count runs as sub-trees on processes.

    Examples
    --------
    >>> import essais
    >>> result = essais.count_tours(5, start="a1")
    >>> result.count, result.method
    (304, 'prune')
    >>> every = essais.count_tours(6, whole_board=True)
    >>> every.directed, every.undirected, every.method
    (6637920, 3318960, 'frontier')
    """
    problem = tour_problem(size, start, closed, moves)
    return _count_tours(problem, method=method, engine=engine, time_limit=time_limit, node_limit=node_limit,
                        memory_limit=memory_limit, workers=workers, checkpoint=checkpoint,
                        whole_board=whole_board)  # fmt: skip


def estimate_tour_count(
    size: Size,
    start: Start = None,
    *,
    closed: bool = False,
    moves: Sequence[Move] | None = None,
    whole_board: bool = False,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> FrontierEstimate:
    """What counting the tours by method frontier would take, before a long run: the first
    steps are run (for `time_limit` seconds, 10 by default) and the rest projected (peak states,
    memory, states made, time on one core); a sweep that ends in the time is measured whole.

    Examples
    --------
    >>> import essais
    >>> estimate = essais.estimate_tour_count(6, closed=True, whole_board=True)
    >>> estimate.complete, estimate.peak_states
    (True, 147050)
    """
    problem = tour_problem(size, start, closed, moves)
    return _estimate_tour_count(problem, whole_board=whole_board, time_limit=time_limit, node_limit=node_limit,
                                memory_limit=memory_limit)  # fmt: skip


def count_queens(
    n: int,
    *,
    distinct: bool = False,
    method: str | None = None,
    engine: str | None = None,
    workers: int | None = 1,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> QueensCount:
    """The number of ways to place n queens on an n×n board, none attacking another (OEIS
    A000170), or with `distinct` up to the board's symmetries (OEIS A002562).

    Parameters
    ----------
    n : int
        The board's size and the number of queens (1 to 32).
    distinct : bool
        Count the solutions that no rotation or reflection maps onto each other once.
    method, engine : str, optional
        mrv (start constellations, the row with the fewest free squares first; numba's
        default), bitmask (start constellations, rows in order; numba) or textbook (002 Q3, both
        engines); with the python engine the textbook method runs.
    workers : int, optional
        Processes for the mrv and bitmask counts (None: one per core).

    Examples
    --------
    >>> import essais
    >>> essais.count_queens(8).count, essais.count_queens(8, distinct=True).count
    (92, 12)
    """
    return _count_queens(
        n,
        method=method,
        engine=engine,
        distinct=distinct,
        workers=workers,
        time_limit=time_limit,
        node_limit=node_limit,
        memory_limit=memory_limit,
    )


def solve_sudoku(
    puzzle: str | Sudoku,
    *,
    method: str | None = None,
    engine: str | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> SudokuResult:
    """A solution of a Sudoku grid (4×4, 9×9, 16×16, 25×25…).

    Parameters
    ----------
    puzzle : str or Sudoku
        The grid in one line (`.` or `0` for an empty cell) or in the grid form.
    method, engine : str, optional
        bitwise (the default for 9×9), propagate (candidate sets, numba; the default for other
        sizes), textbook (002, both engines) or sat.

    Examples
    --------
    >>> import essais
    >>> result = essais.solve_sudoku(
    ...     "2......6.....7..3..48.9.1.....3.....3...1.........8.....1.2.57..8.73.....9......4"
    ... )
    >>> result.found, essais.sudoku.is_solution(result.puzzle, result.solution), result.method
    (True, True, 'bitwise')
    """
    return _solve_sudoku(
        puzzle, method=method, engine=engine, time_limit=time_limit, node_limit=node_limit, memory_limit=memory_limit
    )


def color_graph(
    graph: str | Graph,
    k: int = 3,
    *,
    method: str | None = None,
    engine: str | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> ColoringResult:
    """A colouring of the graph's vertices with k colours, no edge joining two vertices of one
    colour, or the proof that there is none (status none).

    Parameters
    ----------
    graph : str or Graph
        A built-in graph (petersen, complete:N, cycle:N, queen:N, queen:RxC, mycielski:K), a DIMACS `.col`
        file or an edge-list file.
    k : int
        The number of colours (3 by default).

    Examples
    --------
    >>> import essais
    >>> essais.color_graph("petersen", k=3).found, essais.color_graph("petersen", k=2).found
    (True, False)
    """
    return _color_graph(
        graph, k, method=method, engine=engine, time_limit=time_limit, node_limit=node_limit, memory_limit=memory_limit
    )


def chromatic_number(
    graph: str | Graph,
    *,
    method: str | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> ChromaticResult:
    """The smallest number of colours that colour the graph, proved: by a SAT solver (method
    sat, the default when the extra essais[sat] is installed) or by DSATUR's branch and bound
    (method dsatur); see essais.coloring.chromatic_number.

    Examples
    --------
    >>> import essais
    >>> essais.chromatic_number("queen:5").chromatic
    5
    """
    return _chromatic_number(
        graph, method=method, time_limit=time_limit, node_limit=node_limit, memory_limit=memory_limit
    )


def longest_uncrossed(
    size: Size,
    *,
    closed: bool = False,
    method: str | None = None,
    engine: str | None = None,
    workers: int | None = 1,
    beat: int | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> UncrossedResult:
    """The longest knight's path whose moves never cross (OEIS A003192), proved optimal.

    Parameters
    ----------
    method, engine : str, optional
        bound (one process; both engines, equal counters) or parallel (sub-trees on `workers`
        processes sharing the best length found; numba; counters that depend on the timing).
    workers : int, optional
        Processes for method parallel (1 by default: this process; None: one per core).
    beat : int, optional
        The jumps of a path already known: only longer ones are searched for, and with none
        the result has no path and status "none" (proved: none is longer).

    Examples
    --------
    >>> import essais
    >>> essais.longest_uncrossed(7).jumps
    24
    >>> str(essais.longest_uncrossed(7, beat=24).status)  # none has more than 24 jumps
    'none'
    """
    return _longest_uncrossed(
        as_board(size), closed=closed, method=method, engine=engine, workers=workers, beat=beat,
        time_limit=time_limit, node_limit=node_limit, memory_limit=memory_limit,
    )  # fmt: skip


def estimate_uncrossed(
    size: Size,
    *,
    closed: bool = False,
    beat: int | None = None,
    probes: int = 20_000,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> UncrossedEstimate:
    """How many nodes and how long longest_uncrossed's search takes, before it is run: Knuth's
    estimate from random probes of its tree, holding a path of `beat` jumps (default: the
    longest a short first search finds). Method bound, numba engine: it takes neither.

    Examples
    --------
    >>> import essais
    >>> estimate = essais.estimate_uncrossed(7, beat=24)
    >>> 1.8e6 < estimate.nodes < 2.4e6  # the search holding 24 jumps: 2,059,375 nodes
    True
    """
    return _estimate_uncrossed(
        as_board(size),
        closed=closed,
        beat=beat,
        probes=probes,
        time_limit=time_limit,
        node_limit=node_limit,
        memory_limit=memory_limit,
    )
