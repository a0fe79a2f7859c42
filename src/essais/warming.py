"""Every problem's numba engines compiled once, ahead of the runs that need them
(`essais warmup`, essais.warm_up): numba keeps them in its cache on disk."""

from __future__ import annotations

import io
import time
from collections.abc import Callable

from essais.api import (
    TOUR_METHODS,
    chromatic_number,
    color_graph,
    count_queens,
    count_tours,
    estimate_uncrossed,
    find_tour,
    longest_uncrossed,
    solve_sudoku,
)
from essais.cover import count_covers, langford, solve_cover
from essais.csp import (
    Model,
    all_different,
    circuit,
    count,
    count_csp,
    cumulative,
    element,
    global_cardinality,
    increasing,
    minimum,
    no_overlap,
    solve_csp,
    table,
    xor,
)
from essais.sudoku import (
    PuzzleFile,
    open_puzzles,
    parse_sudoku,
    read_puzzles,
    solutions_written,
    solve_file,
    solve_many,
)


def warm_up() -> list[tuple[str, float]]:
    """Compile every problem's numba engines once, by running each method on a small case:
    numba keeps them in its cache on disk, so that no later run (no `essais` command, no
    function here) waits for a first compilation. Each problem, with the seconds it took (a few
    tenths once the cache is full).

    Examples
    --------
    >>> import essais
    >>> [name for name, seconds in essais.warm_up()]
    ['tours', 'queens', 'sudoku', 'colouring', 'uncrossed paths', 'exact covers', 'models']
    """
    sudoku = "2......6.....7..3..48.9.1.....3.....3...1.........8.....1.2.57..8.73.....9......4"
    cases: dict[str, Callable[[], object]] = {
        "tours": lambda: (
            [find_tour(6, method=method, engine="numba", node_limit=5_000) for method in TOUR_METHODS],
            find_tour(60),
            count_tours(5, node_limit=5_000),
            count_tours(5, method="frontier"),
        ),
        "queens": lambda: (
            count_queens(8, method="textbook", engine="numba"),
            [count_queens(8, method=method) for method in ("bitmask", "mrv", "join")],
            count_queens(8, distinct=True),
        ),
        "sudoku": lambda: (
            [solve_sudoku(sudoku, method=method) for method in ("bitwise", "propagate", "textbook")],
            [solve_many([parse_sudoku(sudoku)], method=method) for method in ("bitwise", "propagate")],
            read_puzzles(sudoku),
            _sudoku_file(sudoku),
        ),
        "colouring": lambda: (
            color_graph("petersen"),
            color_graph("petersen", method="dsatur"),
            chromatic_number("queen:5"),
        ),
        "uncrossed paths": lambda: (
            # one word, two by direction, words square by square, arrays
            [longest_uncrossed(size, node_limit=1_000) for size in (5, 9, 12, 17)],
            estimate_uncrossed(5, probes=100),
        ),
        "exact covers": lambda: (  # one search, a count, a split count's listing and sub-trees
            solve_cover(langford(4)),
            count_covers(langford(7)),
            count_covers(langford(7), workers=2),
        ),
        "models": lambda: (solve_csp(_six_queens()), count_csp(_six_queens(), workers=2), solve_csp(_every_kind())),
    }
    took = []
    for name, case in cases.items():
        started = time.perf_counter()
        case()
        took.append((name, time.perf_counter() - started))
    return took


def _sudoku_file(grid: str) -> list[bytes | None]:
    """A file of two grids solved and written out, as `essais sudoku FILE` does."""
    puzzles = open_puzzles(io.BytesIO(f"{grid}\n{grid}\n".encode()), name="warm-up")
    assert isinstance(puzzles, PuzzleFile)
    return [solutions_written(block, puzzles.symbols) for block in solve_file(puzzles)]


def _six_queens() -> Model:
    """A small model (one search runs every model: this one compiles it)."""
    m = Model()
    q = m.int_vars(6, 0, 5, "q")
    m.add(all_different(q))
    m.add(all_different([q[i] + i for i in range(6)]))
    return m


def _every_kind() -> Model:
    """A small model with a constraint of every kind the numba engine runs: each kind's
    propagator is compiled on its own, when a model first uses it."""
    m = Model()
    x = m.int_vars(4, 0, 3, "x")
    m.add(circuit(x))
    m.add(no_overlap(x[:2], [1, 1]))
    m.add(increasing(x[2:]))
    m.add(global_cardinality(x, {0: 1}))
    m.add(table(x[:2], [(1, 2), (2, 3), (3, 0)]))
    m.add(count(x, 3) + abs(x[0] - x[1]) + element(x, x[3]) <= 9)
    m.add(x[0] + x[1] != 4)
    m.add(xor(x[0] == 3, x[1] == 2, x[2] == 3) == 1)  # (a parity: MiniZinc's array_bool_xor)
    m.add(all_different(x))
    w = m.int_vars(2, 0, 99, "w")
    m.add((w[0] + w[1] <= 150) | (x[0] == 1))  # (too many values together for a table: reified relations)
    wide = m.int_vars(2, 0, 10**6, "y")  # (wide domains, and their product: a product of its own)
    m.add(wide[0] * wide[1] == 12 * w[0])
    m.add(minimum(wide) <= 5)  # (too many pairs for a table: an arithmetic term)
    m.add(cumulative(x[:2], [1, 1], [1, 1], 1))
    return m
