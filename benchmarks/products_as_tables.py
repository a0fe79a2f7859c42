"""A product of two variables as a table of their values (what essais does while they take at most
4,096 values together: essais.csp.kinds.flatten.PRODUCTS_AS_TABLES) or as a Product by bounds
(what it does beyond; a table of its arguments, up to 65,536 rows, before): counts of models
both ways, in the numba engine, the search's seconds and nodes (its first run left out).

    .venv/bin/python benchmarks/products_as_tables.py
"""

from unittest.mock import patch

from essais.csp import Model, count_csp
from essais.csp.kinds import flatten


def factor_pairs(n: int, most: int) -> Model:
    """x · y = n, x and y in 1..most."""
    m = Model()
    x, y = m.int_var(1, most, "x"), m.int_var(1, most, "y")
    m.add(x * y == n)
    return m


def dot_product(n: int, most: int, total: int) -> Model:
    """Σ x[i] · y[i] = total over n pairs in 0..most, x[i] <= y[i]."""
    m = Model()
    x, y = m.int_vars(n, 0, most, "x"), m.int_vars(n, 0, most, "y")
    m.add(sum(a * b for a, b in zip(x, y, strict=True)) == total)
    for a, b in zip(x, y, strict=True):
        m.add(a <= b)
    return m


MODELS = [
    ("x · y = 36, 1..60 (3,600 rows)", lambda: factor_pairs(36, 60)),
    ("Σ x[i] · y[i] = 60, 3 pairs in 0..40 (1,681 rows each)", lambda: dot_product(3, 40, 60)),
    ("x · y = 7560, 1..200 (40,000 rows)", lambda: factor_pairs(7560, 200)),
    ("x · y = 720720, 1..250 (62,500 rows)", lambda: factor_pairs(720720, 250)),
    ("Σ x[i] · y[i] = 60, 3 pairs in 0..99 (10,000 rows each)", lambda: dot_product(3, 99, 60)),
]


def main() -> None:
    for name, made in MODELS:
        for tables in (True, False):
            with patch.object(flatten, "PRODUCTS_AS_TABLES", tables):
                count_csp(made())
                counted = count_csp(made())
            way = "table" if tables else "product"
            print(f"{name}\t{way}\t{counted.count}\t{counted.stats.nodes}\t{counted.stats.seconds:.4f}", flush=True)


if __name__ == "__main__":
    main()
