"""Method linear: a knight's tour on every board that has one, in time linear in its squares
(the theorems, Warnsdorff's rule with Roth's tie-break, the construction, a bounded search)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from essais.core.board import Square, make_moves
from essais.core.engine import check_memory, loading_compiled
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchControl
from essais.core.result import Stats, Status
from essais.knights.construction import MIN_SIDE, thin_tour
from essais.knights.model import (
    TourProblem,
    TourResult,
)
from essais.knights.searches import (
    backtracking_tour,
)

HEURISTIC_SQUARES = 1_000_000  # beyond, the construction alone: as fast, and it cannot fail


SEARCH_NODES = 5_000_000  # the search behind the heuristic and the constructions


# Warnsdorff walks with random ties on a board with a side under 5, each seeded (reproducible):
# on 4-row boards about a third of them make a tour, whatever the length
RANDOM_WALKS = 64


CLOCKWISE = make_moves(order="clockwise")


SEARCH_ORDERS = (5, 4, 6, 0)  # 001's clockwise order from its 6th move first: it finds 3×n closed tours


LINEAR_BYTES_PER_SQUARE = 16  # the heuristic's degrees, the successor array, the (row, col) path


def tour_obstruction(rows: int, cols: int, closed: bool) -> str | None:
    """The theorem that says the board has no knight's tour (open, or closed), or None when it
    has one. With m the shorter side and n the longer: a closed tour exists unless m and n are
    both odd, m is 1, 2 or 4, or m = 3 and n is 4, 6 or 8 (Schwenk 1991); an open tour exists
    unless m is 1 or 2 (but on 1×1) or the board is 3×3, 3×5, 3×6 or 4×4 (Conrad et al. 1994)."""
    m, n = sorted((rows, cols))
    if closed:
        if m % 2 and n % 2:
            return "every move changes the square's colour, so a closed tour needs an even number of squares"
        if m in (1, 2, 4) or (m == 3 and n in (4, 6, 8)):
            return (
                "no closed knight's tour exists when the shorter side is 1, 2 or 4, or on 3x4, 3x6, 3x8 (Schwenk 1991)"
            )
        return None
    if m in (1, 2) and m * n > 1:
        return "no knight's tour exists when the shorter side is 1 or 2 (Conrad et al. 1994)"
    if (m, n) in ((3, 3), (3, 5), (3, 6), (4, 4)):
        return "no knight's tour exists on 3x3, 3x5, 3x6 or 4x4 (Conrad et al. 1994)"
    return None


def start_obstruction(rows: int, cols: int, start: Square) -> str | None:
    """Why no open knight's tour starts on `start` of a board that has tours, when a known
    argument says so: on a board with an odd number of squares a tour starts and ends on the
    corners' colour (it has one square more); on a board of 4 rows (or columns) no tour starts
    on the two middle ones (Conrad et al. 1994)."""
    if rows * cols % 2 and sum(start) % 2:
        return "on a board with an odd number of squares, every open tour starts on the corners' colour"
    if (rows == 4 and start[0] in (1, 2)) or (cols == 4 and start[1] in (1, 2)):
        return "on a board 4 squares wide, no open tour starts on the two middle lines (Conrad et al. 1994)"
    return None


def linear_tour(problem: TourProblem, limits: Limits | None) -> TourResult:
    """Method linear: a knight's tour wherever one exists, in time linear in the squares. The
    theorems settle at once the boards (and starts) without one; then Warnsdorff's rule with
    Roth's tie-break (no backtracking) on boards of at most HEURISTIC_SQUARES squares or with a
    side under 5, where RANDOM_WALKS walks with random ties follow; then a construction that
    cannot fail (knights.construction: any start of a board with a closed tour, a corner
    otherwise, boards with both sides at least 5, and the corners of 3-row boards); then, for
    what is left, Warnsdorff's backtracking search and the complete search (method prune), each
    of at most SEARCH_NODES nodes: the latter settles "none", or it stops with status limit.
    Counters: `nodes` squares placed, `tries` moves looked at, `backtracks` squares the heuristic
    placed and gave up; a search's own counters are added."""
    if not problem.knight:
        raise InvalidInput("method: 'linear' builds knight's tours; use --method warnsdorff for other moves")
    board, start, closed = problem.board, problem.start, problem.closed

    def result(status: Status, path: Any = None, by: str | None = None, reason: str | None = None) -> TourResult:
        stats = Stats(nodes, tries, backtracks, control.elapsed())
        return TourResult(status, board, start, path, stats, closed, method="linear", engine="numba", by=by,
                          reason=reason)  # fmt: skip

    nodes = tries = backtracks = 0
    with SearchControl(limits) as control:
        reason = tour_obstruction(board.rows, board.cols, closed)
        if reason is None and tour_obstruction(board.rows, board.cols, True) is not None:  # no closed tour to turn
            reason = start_obstruction(board.rows, board.cols, start)
        if reason is not None:
            return result(Status.NONE, reason=reason)
        check_memory(LINEAR_BYTES_PER_SQUARE * board.n_squares, f"a tour of the {board} board", limits)
        with loading_compiled("knights"):
            from essais.knights.compiled import constructed_tour, roth_tour
        control.restart_clock()  # the search alone, not the loading of compiled code
        thin = min(board.rows, board.cols) < MIN_SIDE
        if board.n_squares <= HEURISTIC_SQUARES or thin:
            # Roth's tie-break; then, where no construction serves (a side under 5), random ties
            for seed in [-1, *(range(RANDOM_WALKS) if thin else ())]:
                path, placed = roth_tour(board.rows, board.cols, start, seed)
                nodes, tries = nodes + placed, tries + 8 * placed
                if placed == board.n_squares and (not closed or _closes(path)):
                    return result(Status.FOUND, path, "heuristic")
                backtracks += placed
                if (stopped := control.stop_reason(0)) is not None:
                    return result(stopped)
        if (stopped := control.stop_reason(0)) is not None:
            return result(stopped)
        built = _construct(board.rows, board.cols, start, closed, constructed_tour)
        if built is not None:
            nodes += board.n_squares
            return result(Status.FOUND, built, "construction")
    asked = limits or Limits()
    orders = [problem.moves, *(CLOCKWISE[k:] + CLOCKWISE[:k] for k in SEARCH_ORDERS)]
    for order in orders:  # the same moves in other orders: other parts of the tree come first
        budget = Limits(time=asked.time, nodes=min(SEARCH_NODES // len(orders), asked.nodes or SEARCH_NODES))
        for search in ("warnsdorff", "prune"):  # Warnsdorff's backtracking over ties is fast, but not complete
            searched = backtracking_tour(TourProblem(board, order, start, closed), search, "numba", budget)
            spent = searched.stats.counters()
            nodes, tries, backtracks = nodes + spent[0], tries + spent[1], backtracks + spent[2]
            if searched.found:
                return result(Status.FOUND, np.array(searched.path, dtype=np.int32), "search")
            if searched.status == Status.INTERRUPTED:
                return result(Status.INTERRUPTED)
            if search == "prune" and searched.status == Status.NONE:  # a complete search found none
                return result(Status.NONE, reason="the complete search (method prune) from this square found none")
            if asked.time is not None and control.out_of_time():
                return result(Status.LIMIT)
    return result(Status.LIMIT)


def _closes(path: np.ndarray) -> bool:
    return sorted(abs(int(a) - int(b)) for a, b in zip(path[0], path[-1], strict=True)) == [1, 2]


def _construct(
    rows: int, cols: int, start: Square, closed: bool, constructed_tour: Callable[[int, int, Square], np.ndarray]
) -> np.ndarray | None:
    """The constructions' tour from `start`, or None where they do not serve that start."""
    corner = start[0] in (0, rows - 1) and start[1] in (0, cols - 1)
    if min(rows, cols) >= MIN_SIDE and (corner or tour_obstruction(rows, cols, True) is None):
        return constructed_tour(rows, cols, start)
    if min(rows, cols) == 3 and not closed and corner:
        path = thin_tour(max(rows, cols))
        if rows != 3:
            path = path[:, ::-1].copy()  # the 3-row tour, turned
        if start[0]:
            path[:, 0] = rows - 1 - path[:, 0]
        if start[1]:
            path[:, 1] = cols - 1 - path[:, 1]
        return path
    return None
