"""NuCS's example models written the same way in essais (`pip install -e ".[bench]"`): the same
variables, constraints, redundant constraints and symmetry breaking, every solution counted.

N queens (all_different on q[i], q[i] + i, q[i] - i), magic squares (values 0 … n²-1, each line
summing alike, the corners ordered), the all-interval series (x all different, the steps
|x[i+1] - x[i]| all different — essais writes `abs(…)` where NuCS declares the steps and their
absolute values as variables —, x[0] < x[1] and the last step below the first), magic sequences
(count(x, i) == x[i], with both redundant sums) and Langford's problem (the positions of each
number's occurrences, all different, k apart). NuCS runs each with its example's search; essais
with its default (mac, mrv). Each count is one call from Python, the model built, the caches
warm (numba's; NuCS imported and run once on a small instance before its clock starts, in a
process of its own, timed inside it); medians of `--runs` (a count over 30 s runs once).

Run from the repository root:  .venv/bin/python benchmarks/bench_models.py [--runs N]
It rewrites its section of BENCHMARKS.md.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent / "csp"))
import peers  # noqa: E402
from _report import machine, write_section  # noqa: E402
from bench_csp import queens  # noqa: E402

from essais.csp import Model, all_different, count, count_csp  # noqa: E402

WHERE_WE_STAND = [  # (read with the table it follows; rewrite it when the figures move)
    "",
    "Where essais stands (issue 50's aims): **twice as fast as NuCS on the median: met**; **faster on",
    "each: met but for the all-interval series of 12** (0.95×; the series of 11 1.08×; on 2026-11-29's",
    "AMD machine they were 0.29× and 0.24×). The steps |x[i+1] - x[i]| are now a distance constraint",
    "each (essais.csp.kinds.flatten's Distance: a table's pruning on the domains' words, the values a",
    "distance away a shift of the other's bits, in registers when a domain is one word) instead of a",
    "121-row table: the same nodes, pruning and revisions, 4 times faster. With forward checking",
    '(`method="forward/input"`) the series of 12 counts in 0.65 s (1.2×), and with',
    "`all_different(steps, hall=True)` — NuCS's all-different is bounds-consistent, as Hall intervals",
    "are — in 0.75 s. What is left is how many revisions a node: NuCS's statistics show 35,321",
    "propagations on the series of 11 (about essais's 35,342 nodes with Hall intervals on the steps)",
    "and 376,564 propagator calls, some 11 a propagation, where essais revises 31 constraints a node",
    "(AC-3: every constraint on a variable that lost a value; about a third change nothing). Tried",
    "and not kept: waking an all_different without Hall intervals only when a variable is fixed",
    "(8 % fewer revisions, no faster).",
]
ONE_RUN = 30.0  # seconds: a count slower than this on its first run is not run again
PEER = """
import sys, time
sys.path.insert(0, {folder!r})
import peers
peers.nucs_count({warm})
started = time.perf_counter()
found = peers.nucs_count({arguments})
print(found, time.perf_counter() - started)
"""


def magic_square(n: int) -> Model:
    m = Model()
    cells = [m.int_vars(n, 0, n * n - 1, f"m{i}_") for i in range(n)]
    total = (n * n - 1) * n // 2
    for i in range(n):
        m.add(sum(cells[i], 0) == total)
        m.add(sum((cells[j][i] for j in range(n)), 0) == total)
    m.add(sum((cells[i][i] for i in range(n)), 0) == total)
    m.add(sum((cells[n - 1 - i][i] for i in range(n)), 0) == total)
    m.add(all_different([x for row in cells for x in row]))
    top_left, top_right, bottom_left, bottom_right = cells[0][0], cells[0][-1], cells[-1][0], cells[-1][-1]
    for a, b in ((top_left, top_right), (top_left, bottom_left), (top_left, bottom_right), (top_right, bottom_left)):
        m.add(a < b)
    return m


def all_interval(n: int) -> Model:
    m = Model()
    x = m.int_vars(n, 0, n - 1, "x")
    steps = [abs(x[i + 1] - x[i]) for i in range(n - 1)]
    m.add(all_different(x))
    m.add(all_different(steps))
    m.add(x[0] < x[1])
    m.add(steps[-1] < steps[0])
    return m


def magic_sequence(n: int) -> Model:
    m = Model()
    x = m.int_vars(n, 0, n - 1, "x")
    for i in range(n):
        m.add(count(x, i) == x[i])
    m.add(sum(x, 0) == n)
    m.add(sum((i * x[i] for i in range(n)), 0) == n)
    return m


def langford(k: int, n: int) -> Model:
    m = Model()
    at = [m.int_vars(n, 0, k * n - 1, f"p{i}_") for i in range(k)]  # at[i][j]: where the i-th j stands
    m.add(all_different([x for row in at for x in row]))
    for i in range(k - 1):
        for j in range(n):
            m.add(at[i + 1][j] == at[i][j] + j + 2)
    return m


# (name, essais's model, NuCS's example and its arguments, a small instance to warm it, the count)
WORKLOADS = [
    ("12 queens", lambda: queens(12), "'queens', 12", "'queens', 6", 14_200),
    ("4×4 magic squares, corners ordered", lambda: magic_square(4), "'magic_square', 4", "'magic_square', 3", 880),
    (
        "all-interval series of 11",
        lambda: all_interval(11),
        "'all_interval_series', 11",
        "'all_interval_series', 6",
        162,
    ),  # fmt: skip
    (
        "all-interval series of 12",
        lambda: all_interval(12),
        "'all_interval_series', 12",
        "'all_interval_series', 6",
        332,
    ),  # fmt: skip
    ("magic sequence of 30", lambda: magic_sequence(30), "'magic_sequence', 30", "'magic_sequence', 7", 1),
    ("Langford L(3, 9)", lambda: langford(3, 9), "'langford', 3, 9", "'langford', 3, 4", 6),
    ("Langford L(2, 11)", lambda: langford(2, 11), "'langford', 2, 11", "'langford', 2, 4", 35_584),
]


def timed(count_once: Callable[[], tuple[int, float]], expected: int, runs: int) -> tuple[float, int]:
    """The median seconds of `runs` counts (one when the first is slow), and how many ran."""
    times = []
    for _ in range(runs):
        found, seconds = count_once()
        if found != expected:
            raise SystemExit(f"counted {found}, not {expected}")
        times.append(seconds)
        if seconds > ONE_RUN:
            break
    return statistics.median(times), len(times)


def ours(model: Model) -> tuple[int, float]:
    started = time.perf_counter()
    found = count_csp(model)
    return found.count, time.perf_counter() - started


def nucs(arguments: str, warm: str) -> tuple[int, float]:
    code = PEER.format(folder=str(Path(peers.__file__).parent), arguments=arguments, warm=warm)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    return int(out[-2]), float(out[-1])


def main() -> None:
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 5
    count_csp(all_interval(5))  # numba's cache loaded before the clock starts
    rows, ratios = [], []
    for name, model_of, arguments, warm, expected in WORKLOADS:
        model = model_of()
        mine, ran = timed(lambda model=model: ours(model), expected, runs)
        theirs, their_runs = timed(lambda arguments=arguments, warm=warm: nucs(arguments, warm), expected, runs)
        ratios.append(theirs / mine)
        nodes = count_csp(model).stats.nodes
        rows.append(f"| {name} | {expected:,} | {nodes:,} | {mine:.3g} s | {theirs:.3g} s | **{theirs / mine:.2f}×** |")
        print(rows[-1], flush=True)
    write_section(
        "bench_models",
        [
            "## NuCS's example models in essais (`.venv/bin/python benchmarks/bench_models.py`)",
            "",
            f"Measured {machine()}. Each of NuCS's example models (nucs.examples) written the same way in",
            "essais — the same variables, constraints, redundant constraints and symmetry breaking (essais",
            "writes a step's absolute value as `abs(…)`, a term, where NuCS declares variables) — and every",
            "solution counted by one call from Python, the model built, the caches warm; NuCS with its",
            f"example's search, in a process of its own; medians of {runs} runs (over {ONE_RUN:.0f} s: one run).",
            "essais: `count_csp(model)`, mac/mrv, numba, one process. In bold: NuCS's time over essais's",
            "(above 1: essais is faster).",
            "",
            "| model | solutions | essais nodes | essais | NuCS | ratio |",
            "|---|---|---|---|---|---|",
            *rows,
            "",
            f"Median ratio: **{statistics.median(ratios):.2f}×**.",
            *WHERE_WE_STAND,
        ],
    )


if __name__ == "__main__":
    main()
