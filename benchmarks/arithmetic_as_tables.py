"""Arithmetic (abs, minimum, maximum, //, %) as a table of its variables' values, up to 65,536 rows
(what essais did before Arithmetic, with tables of its arguments beyond 4,096), or as an
Arithmetic by bounds (what it does now for abs, minimum and maximum always, and for // and %
beyond 4,096 rows: essais.csp.kinds.flatten.TABLED_ARITHMETIC): counts of models both ways, in
the numba engine, the search's seconds and nodes (its first run left out).

    .venv/bin/python benchmarks/arithmetic_as_tables.py
"""

from unittest.mock import patch

from essais.csp import Model, count_csp, maximum, minimum
from essais.csp.kinds import flatten


def absolute_sum(most: int, total: int) -> Model:
    """|x| + |y| = total, x and y in -most..most."""
    m = Model()
    x, y = m.int_var(-most, most, "x"), m.int_var(-most, most, "y")
    m.add(abs(x) + abs(y) == total)
    return m


def digits(most: int) -> Model:
    """x // 7 + y % 10 = 25 and x % 3 = y % 4, x and y in 0..most."""
    m = Model()
    x, y = m.int_var(0, most, "x"), m.int_var(0, most, "y")
    m.add(x // 7 + y % 10 == 25)
    m.add(x % 3 == y % 4)
    return m


def spread(n: int, most: int, width: int) -> Model:
    """max(x) - min(x) = width over n variables in 0..most, all different."""
    m = Model()
    x = m.int_vars(n, 0, most, "x")
    m.add(maximum(x) - minimum(x) == width)
    for a, b in zip(x, x[1:], strict=False):
        m.add(a < b)
    return m


MODELS = [
    ("|x| + |y| = 30, -200..200 (401 rows each)", lambda: absolute_sum(200, 30)),
    ("|x| + |y| = 3000, -30000..30000 (60,001 rows each)", lambda: absolute_sum(30000, 3000)),
    ("x // 7 + y % 10 = 25, x % 3 = y % 4, 0..1000", lambda: digits(1000)),
    ("max(x) - min(x) = 6, 5 increasing in 0..60", lambda: spread(5, 60, 6)),
]


def main() -> None:
    for name, made in MODELS:
        for tables in (True, False):
            tabled = flatten.ARITHMETIC if tables else ()
            with patch.object(flatten, "TABLED_ARITHMETIC", tabled), patch.object(flatten, "WHOLE_ROWS", 65_536):
                count_csp(made())
                counted = count_csp(made())
            way = "table" if tables else "bounds"
            print(f"{name}\t{way}\t{counted.count}\t{counted.stats.nodes}\t{counted.stats.seconds:.4f}", flush=True)


if __name__ == "__main__":
    main()
