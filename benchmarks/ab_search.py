"""Before and after a change, in one process each: every workload of bench_csp, bench_models and
bench_optimise (Golomb 11 left out) and the python engine's 8 queens, timed once after a warm
call; prints name, seconds and nodes, a line each. Run it in turn against a worktree of the
commit before and against the tree as it is, then compare medians:

    git worktree add /tmp/before REV
    for i in 1 2 3 4 5; do
      PYTHONPATH=/tmp/before/src .venv/bin/python benchmarks/ab_search.py > before_$i.txt
      .venv/bin/python benchmarks/ab_search.py > after_$i.txt
    done
"""

import gc
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path[:0] = [str(BENCH), str(BENCH / "csp")]
import bench_csp  # noqa: E402
import bench_models  # noqa: E402
import bench_optimise  # noqa: E402

from essais.csp import count_csp, solve_csp  # noqa: E402

WORK = [(f"csp {w[0][:24]}", lambda w=w: count_csp(w[2](w[1]), workers=1)) for w in bench_csp.WORKLOADS]
WORK += [(f"models {w[0][:24]}", lambda w=w: count_csp(w[1]())) for w in bench_models.WORKLOADS]
WORK += [(f"golomb {n}", lambda n=n: solve_csp(bench_optimise.golomb(n), method="mac/input")) for n in (9, 10)]
WORK += [("golomb nucs 10", lambda: solve_csp(bench_optimise.golomb_as_nucs(10), method="mac/input"))]
WORK += [(f"knapsack {n}", lambda n=n: solve_csp(bench_optimise.knapsack(n))) for n in (20, 50, 100)]
WORK += [("python queens 8", lambda: count_csp(bench_csp.queens(8), engine="python"))]


def main() -> None:
    count_csp(bench_csp.queens(5))
    solve_csp(bench_optimise.golomb(5))
    for name, run in WORK:
        gc.collect()  # (a collection of the workloads before landed in knapsack 50's 0.04 s: +50 %, one run in two)
        start = time.perf_counter()
        result = run()
        print(f"{name}\t{time.perf_counter() - start:.4f}\t{result.stats.nodes}", flush=True)


if __name__ == "__main__":
    main()
