"""N queens benchmark: the textbook engines side by side, and the split bitmask count on one
and two processes.

Run from the repository root:  .venv/bin/python benchmarks/bench_queens.py [--quick]
It rewrites its section of BENCHMARKS.md (--quick stops at n = 16 and writes nothing).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from essais.queens import count_queens

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _report import machine, write_section  # noqa: E402


def measure(n: int, method: str, engine: str, workers: int) -> str:
    """Warm (kernels compiled by main's first counts), end to end: the constellations listed,
    the pool started, every sub-tree counted."""
    started = time.perf_counter()
    result = count_queens(n, method=method, engine=engine, workers=workers)
    seconds = time.perf_counter() - started
    row = f"| {n} | {method} | {engine} | {workers} | {result.count:,} | {result.stats.nodes:,} | {seconds:.3g} |"
    print(row, flush=True)
    return row


def main() -> None:
    quick = "--quick" in sys.argv
    for method in ("textbook", "bitmask"):  # the kernels compile (or load) here: the runs below are warm
        count_queens(8, method=method, engine="numba")
    runs = [(10, "textbook", "python", 1), (10, "textbook", "numba", 1), (12, "textbook", "numba", 1)]
    runs += [(n, "bitmask", "numba", workers) for n in (12, 14, 15, 16) for workers in (1, 2)]
    if not quick:
        runs += [(17, "bitmask", "numba", 2), (18, "bitmask", "numba", 2)]
    rows = [measure(*run) for run in runs]
    if quick:
        return
    write_section(
        "bench_queens",
        [
            "## N queens (`.venv/bin/python benchmarks/bench_queens.py`)",
            "",
            f"Measured {machine()}. Counting every solution, warm, end to end (for bitmask: listing",
            "the start constellations, starting the pool, counting every sub-tree).",
            "",
            "| n | method | engine | processes | solutions | nodes | seconds |",
            "|---:|---|---|---:|---:|---:|---:|",
            *rows,
            "",
            "Targets: n = 16 under 1.5 s and n = 18 under 60 s (first aims), then n = 18 under 30 s (a later aim,",
            "missed). Yardsticks: a plain C bitboard with mirror symmetry, about 3 s for n = 16 on",
            "one core; a published Java program with start constellations, 1.1 s for n = 16 and 50 s for",
            "n = 18 on one thread. The gains so far came from fewer nodes (the image of each",
            "constellation chosen by a look-ahead, the last two free rows checked) and from",
            "a kernel whose stack index is unsigned (numba then checks no negative index: 25% faster, the",
            "same counters): about 12.5 ns a node on one core. Closing on the Java figure needs fewer",
            "nodes or a leaner node than this kernel's. Measured on n = 16 (183 million nodes), all",
            "short of it: the same search in C -O2, 11.5 ns a node (numba's kernel, stripped alike,",
            "14); without the look-ahead, 9.2 ns a node but 24% more nodes (the same time); the best",
            "image of every orbit, found by searching all eight, 8% fewer nodes; other static row",
            "orders, more nodes; leaving out, before placing, each square whose queen would leave a",
            "later row no free square (that row's last free squares all on its lines), 20 to 50% fewer",
            "nodes at two to three times the cost a node.",
        ],
    )


if __name__ == "__main__":
    main()
