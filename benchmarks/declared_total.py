"""A knapsack whose worth is a declared variable, `total == Σ v·x` then `maximize total` (as FlatZinc
writes every objective): the knapsack bound seen through that equality, against the objective
written as the sum itself and against the bound not seen through (essais.csp.model.capacity's
_seen_through turned off). 50 items, weights 10..60, worths 10..90 times 1,000, the capacity half
the weights; numba, the default method; nodes, the search's seconds, proved or not.

    .venv/bin/python benchmarks/declared_total.py
"""

import random
from unittest.mock import patch

from essais.csp import Model, solve_csp
from essais.csp.model import capacity

ITEMS, SCALE, SECONDS = 50, 1000, 30


def knapsack(declared: bool) -> Model:
    draw = random.Random(5)
    items = [(draw.randint(10, 60), draw.randint(10, 90)) for _ in range(ITEMS)]
    m = Model()
    take = m.int_vars(ITEMS, 0, 1, "t")
    m.add(sum(w * x for (w, _), x in zip(items, take, strict=True)) <= sum(w for w, _ in items) // 2)
    worth = sum(SCALE * v * x for (_, v), x in zip(items, take, strict=True))
    if declared:
        total = m.int_var(0, SCALE * sum(v for _, v in items), "total")
        m.add(total == worth)
        m.maximize(total)
    else:
        m.maximize(worth)
    return m


def main() -> None:
    solve_csp(knapsack(True), time_limit=SECONDS)  # (compiled code loaded)
    for name, declared, seen in (("the sum itself", False, True), ("declared, seen through", True, True),
                                 ("declared, not seen through", True, False)):  # fmt: skip
        with patch.object(capacity, "_seen_through", capacity._seen_through if seen else lambda model, s: (s, None)):
            found = solve_csp(knapsack(declared), time_limit=SECONDS)
        print(f"{name}\t{found.objective}\t{found.optimal}\t{found.stats.nodes}\t{found.stats.seconds:.3f}", flush=True)


if __name__ == "__main__":
    main()
