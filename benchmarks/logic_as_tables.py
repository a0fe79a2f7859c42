"""Logic terms as tables (where their variables' values are few) or as reified relations
everywhere: `tables` or `reified` as the argument (essais.csp.kinds.flatten.LOGIC_AS_TABLES).
Prints name, wall seconds (reading included), status, count or objective, nodes, a line each: a
random 3-SAT counted (mac, then forward), eight queens of 0/1 cells by implications, and the XCSP3
files of ../shared/xcsp3 whose intensions use logic (default method, 10 s each; left out when
that folder is not beside the repository).

Run from the repository root:  .venv/bin/python benchmarks/logic_as_tables.py tables|reified
"""

import random
import sys
import time
from pathlib import Path

from essais.csp import Model, count_csp, implies, read_xcsp, solve_csp
from essais.csp.kinds import flatten

SHARED = Path(__file__).resolve().parents[2] / "shared" / "xcsp3"
FILES = ("ChainReaction", "Coprime", "Neighbours", "Perfect1Factorization", "QueenAttacking", "KnightTour")


def three_sat(n: int, clauses: int, seed: int) -> Model:
    rng = random.Random(seed)
    model = Model()
    x = model.int_vars(n, 0, 1, "x")
    for _ in range(clauses):
        chosen = rng.sample(range(n), 3)
        a, b, c = ((x[v] == 1) if rng.random() < 0.5 else (x[v] == 0) for v in chosen)
        model.add(a | b | c)
    return model


def queens_of_cells(n: int) -> Model:
    m = Model()
    q = [m.int_vars(n, 0, 1, f"r{r}c") for r in range(n)]
    for k in range(n):
        m.add(sum(q[k]) == 1)
        m.add(sum(q[r][k] for r in range(n)) == 1)
    for r in range(n):
        for c in range(n):
            for s in range(r + 1, n):
                for d in (c - (s - r), c + (s - r)):
                    if 0 <= d < n:
                        m.add(implies(q[r][c] == 1, q[s][d] == 0))
    return m


def main() -> None:
    flatten.LOGIC_AS_TABLES = sys.argv[1] == "tables"
    work = [("3-SAT 60 vars 255 clauses, count (mac)", lambda: count_csp(three_sat(60, 255, 1), time_limit=30)),
            ("3-SAT 60 vars 255 clauses, count (forward)",
             lambda: count_csp(three_sat(60, 255, 1), method="forward", time_limit=30)),
            ("8 queens of cells by implications, count (mac)",
             lambda: count_csp(queens_of_cells(8), time_limit=30))]  # fmt: skip
    for name in FILES if SHARED.is_dir() else ():
        work.append((name, lambda name=name: solve_csp(read_xcsp(SHARED / f"{name}.xml"), time_limit=10)))
    solve_csp(three_sat(5, 3, 0))
    for name, run in work:
        start = time.perf_counter()
        result = run()
        answer = getattr(result, "count", None) if hasattr(result, "count") else result.objective
        print(f"{name}\t{time.perf_counter() - start:.3f}\t{result.status}\t{answer}\t{result.stats.nodes}", flush=True)


if __name__ == "__main__":
    main()
