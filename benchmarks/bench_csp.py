"""Constraints of one's own: essais's numba engine beside python-constraint2 and OR-Tools CP-SAT
(one worker, every solution enumerated; `pip install -e ".[bench]"`), on the same models.

Each peer's model is in benchmarks/csp/peers.py, essais's below: 12 queens as all_different on
q[i], q[i] + i and q[i] - i (python-constraint2: AllDifferent and a test on each pair's
diagonals), and every 4x4 magic square (all different, each line summing to 34). Each count is
one call from Python, the model built, numba's cache warm (a first call made before the clock
starts): essais's in this process, each peer's in a process of its own (timed inside it, given
at most PEER_TIMEOUT); the all-interval series of 11 and Costas arrays of order 10 (terms and
auxiliary variables) beside CP-SAT alone; medians of `--runs` (a count taking over 30 s runs once).

Run from the repository root:  .venv/bin/python benchmarks/bench_csp.py [--quick] [--runs N]
It rewrites its section of BENCHMARKS.md (--quick: 8 queens and no report).
"""

from __future__ import annotations

import math
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

from essais.csp import Model, all_different, count_csp  # noqa: E402

ONE_RUN = 30.0  # seconds: a count slower than this on its first run is not run again
PEER_TIMEOUT = 300  # seconds a peer's count may take before it is stopped
PEER = """
import sys, time
sys.path.insert(0, {folder!r})
import peers
started = time.perf_counter()
count = peers.{function}({n})
print(count, time.perf_counter() - started)
"""


def queens(n: int) -> Model:
    m = Model()
    q = m.int_vars(n, 0, n - 1, "q")
    m.add(all_different(q))
    m.add(all_different([q[i] + i for i in range(n)]))
    m.add(all_different([q[i] - i for i in range(n)]))
    return m


def magic(n: int) -> Model:
    m = Model()
    cells = m.int_vars(n * n, 1, n * n, "m")
    m.add(all_different(cells))
    for line in peers._lines(n):
        m.add(sum((cells[k] for k in line), 0) == n * (n * n + 1) // 2)
    return m


def all_interval(n: int) -> Model:
    """x all different, the steps abs(x[i+1] - x[i]) (terms) all different."""
    m = Model()
    x = m.int_vars(n, 0, n - 1, "x")
    m.add(all_different(x))
    m.add(all_different([abs(x[i + 1] - x[i]) for i in range(n - 1)]))
    return m


def costas(n: int) -> Model:
    """A permutation whose differences p[i + d] - p[i] at each distance d are all different."""
    m = Model()
    p = m.int_vars(n, 1, n, "p")
    m.add(all_different(p))
    for d in range(1, n - 1):
        m.add(all_different([p[i + d] - p[i] for i in range(n - d)]))
    return m


# (name, size, essais's model, the peers' counts (None: no model), the count)
WORKLOADS = [
    ("12 queens, every solution", 12, queens, peers.queens_constraint2, peers.queens_cp_sat, 14_200),
    ("4x4 magic squares, every one", 4, magic, peers.magic_constraint2, peers.magic_cp_sat, 7_040),
    ("all-interval series of 11 (`abs` terms), every one", 11, all_interval, None, peers.all_interval_cp_sat, 648),
    ("Costas arrays of order 10 (differences as auxiliary variables)", 10, costas, None, peers.costas_cp_sat, 2_160),
]


class Timeout(Exception):
    """A peer's count stopped at PEER_TIMEOUT."""


def timed(count: Callable[[], tuple[int, float]], expected: int, runs: int) -> tuple[float, int]:
    """The median seconds of `runs` counts (one when the first is slow), and how many ran."""
    times = []
    for _ in range(runs):
        got, seconds = count()
        times.append(seconds)
        if got == -1:
            raise Timeout
        if got != expected:
            raise SystemExit(f"counted {got:,}, not {expected:,}")
        if times[0] > ONE_RUN:
            break
    return statistics.median(times), len(times)


def ours(model: Model) -> tuple[int, float]:
    started = time.perf_counter()
    count = count_csp(model, workers=1).count
    return count, time.perf_counter() - started


def peer(function: Callable[[int], int], n: int) -> tuple[int, float]:
    """A peer's count in a process of its own: (the count, its seconds), (-1, inf) when it
    took more than PEER_TIMEOUT."""
    code = PEER.format(folder=str(Path(peers.__file__).parent), function=function.__name__, n=n)
    try:
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                             timeout=PEER_TIMEOUT).stdout.split()  # fmt: skip
    except subprocess.TimeoutExpired:
        return -1, math.inf
    return int(out[0]), float(out[1])


def measure(name: str, n: int, model_of, constraint2, cp_sat, expected: int, runs: int) -> str:
    model = model_of(n)
    count_csp(model_of(4 if n > 4 else 3))  # numba's cache loaded before the clock starts
    mine, _ = timed(lambda: ours(model), expected, runs)
    stats = count_csp(model).stats
    cells = [f"{mine:.3g} s"]
    for function in (constraint2, cp_sat):
        if function is None:
            cells.append("—")
            continue
        try:
            seconds, ran = timed(lambda function=function: peer(function, n), expected, runs)
        except Timeout:
            cells.append(f"over {PEER_TIMEOUT} s (stopped), **> {PEER_TIMEOUT / mine:.0f}×**")
            continue
        cells.append(f"{seconds:.3g} s{' (one run)' if ran == 1 else ''}, **{seconds / mine:.1f}×**")
    return (f"| {name} | {expected:,} | {stats.nodes:,} | {stats.own['revisions']:,} | " + " | ".join(cells)
            + " |")  # fmt: skip


def main() -> None:
    quick = "--quick" in sys.argv
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 5
    if quick:
        print(measure("8 queens", 8, queens, peers.queens_constraint2, peers.queens_cp_sat, 92, 1), flush=True)
        return
    rows = []
    for workload in WORKLOADS:
        rows.append(measure(*workload, runs))
        print(rows[-1], flush=True)
    write_section(
        "bench_csp",
        [
            "## Constraints of one's own (`.venv/bin/python benchmarks/bench_csp.py`)",
            "",
            f"Measured {machine()}. Every solution counted by one call from Python, the model built,",
            f"numba's cache warm (each peer in a process of its own, at most {PEER_TIMEOUT} s); medians of {runs} runs",
            f"(a count over {ONE_RUN:.0f} s: one run). essais: `count_csp(model, workers=1)`, the default",
            "method (mac, mrv, min), numba engine;",
            "python-constraint2 2.x (`getSolutions`); OR-Tools CP-SAT on one worker with",
            "`enumerate_all_solutions`. The models are the same (benchmarks/bench_csp.py, benchmarks/csp/peers.py),",
            "python-constraint2's queens test each pair's diagonals. In bold: the peer's time over essais's.",
            "",
            "| model | solutions | essais nodes | essais revisions | essais | python-constraint2 | CP-SAT, 1 worker |",
            "|---|---|---|---|---|---|---|",
            *rows,
        ],
    )


if __name__ == "__main__":
    main()
