"""Frontier counts benchmark: every tour of a board by method frontier beside the backtracking
count (prune, split on every core) for the same number, as whole processes with their peak
memory; and the states per step of the counts out of reach so far (8×8 closed and open),
measured for a minute and projected (--estimate).

Run from the repository root:  .venv/bin/python benchmarks/bench_frontier.py [--quick]
It rewrites its section of BENCHMARKS.md. --quick stops the 6×n rows at 6×10 and skips the
projections (a minute each).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _report import machine, write_section  # noqa: E402

ESSAIS = str(Path(sys.executable).with_name("essais"))
PUBLISHED_6XN = {5: 8, 6: 9862, 7: 1067638, 8: 55488142, 9: 3374967940, 10: 239187240144, 11: 15360134570696,
                 12: 964730606632516, 13: 61989683445413228, 14: 4005716717182224826,
                 15: 255967892553030600920}  # fmt: skip # OEIS A175881: closed tours of 6 × n, undirected


PRUNE = ["--method", "prune", "--workers", str(os.cpu_count() or 1)]  # split over every core, as by default


def run(args: list[str]) -> tuple[dict, float, int]:
    """The command's JSON, its wall time and its peak memory (bytes), as a whole process."""
    started = time.perf_counter()
    process = subprocess.Popen([ESSAIS, *args, "--json"], stdout=subprocess.PIPE, text=True)
    output = process.stdout.read() if process.stdout else ""
    _, _, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - started
    return json.loads(output), seconds, usage.ru_maxrss * 1024


def closed_rows(quick: bool) -> list[str]:
    rows = ["| board | undirected closed tours | OEIS A175881 | frontier s | peak states | peak memory | "
            "prune s (split, every core) | prune ÷ frontier |", "|---|---|---|---|---|---|---|---|"]  # fmt: skip
    for n in range(5, 11 if quick else 16):
        document, seconds, memory = run(["tour", f"6x{n}", "--closed", "--count", "--every-start", "--method",
                                         "frontier"])  # fmt: skip
        undirected = document["undirected"]
        prune = ""
        ratio = ""
        if n <= 7:  # prune counts the same number from one start (every closed tour passes it)
            _, prune_seconds, _ = run(["tour", f"6x{n}", "--closed", "--count", *PRUNE])
            prune, ratio = f"{prune_seconds:.3g}", f"{prune_seconds / seconds:.2g}×"
        check = "=" if undirected == PUBLISHED_6XN[n] else "**differs**"
        rows.append(f"| 6×{n} | {undirected:,} | {check} | {seconds:.3g} | {document['stats']['peak_states']:,} "
                    f"| {memory / 2**20:,.0f} MB | {prune} | {ratio} |")  # fmt: skip
        print(rows[-1], flush=True)
    return rows


def open_rows() -> list[str]:
    rows = ["| count | frontier s | peak states | prune s (split, every core) | prune ÷ frontier |",
            "|---|---|---|---|---|"]  # fmt: skip
    cases = [("5×5, every start", ["tour", "5", "--count", "--every-start"]),
             ("6×6, every start", ["tour", "6", "--count", "--every-start"]),
             ("5×5 from a corner", ["tour", "5", "--count"]),
             ("6×6 from a corner", ["tour", "6", "--count"]),
             ("6×6 closed, from a corner", ["tour", "6", "--closed", "--count"]),
             ("5×8 from a corner", ["tour", "5x8", "--count"])]  # fmt: skip
    for name, args in cases:
        frontier, frontier_seconds, _ = run([*args, "--method", "frontier"])
        prune, prune_seconds, _ = run(args if "--every-start" in args else [*args, *PRUNE])
        total = prune.get("total", prune.get("count"))
        assert frontier["count"] == total, (name, frontier["count"], total)
        rows.append(f"| {name}: {frontier['count']:,} | {frontier_seconds:.3g} | "
                    f"{frontier['stats']['peak_states']:,} | {prune_seconds:.3g} | "
                    f"{prune_seconds / frontier_seconds:.2g}× |")  # fmt: skip
        print(rows[-1], flush=True)
    return rows


def spill_rows() -> list[str]:
    """The same counts in memory and through the disk (a memory limit the tables outgrow)."""
    rows = ["| count | threads | in memory: s, peak memory | through the disk: s, peak memory, peak disk | "
            "disk ÷ memory (time) |", "|---|---|---|---|---|"]  # fmt: skip
    cases = [("every closed tour of 6×10", ["tour", "6x10", "--closed", "--count", "--every-start"], "48M"),
             ("every open tour of 6×6", ["tour", "6", "--count", "--every-start"], "48M")]  # fmt: skip
    with tempfile.TemporaryDirectory() as folder:
        for name, args, limit in cases:
            for threads in ("1", "2"):
                command = [*args, "--method", "frontier", "--workers", threads]
                memory, memory_seconds, memory_peak = run(command)
                disk, disk_seconds, disk_peak = run([*command, "--memory-limit", limit, "--spill", folder])
                assert disk["count"] == memory["count"] and disk["stats"]["nodes"] == memory["stats"]["nodes"]
                rows.append(f"| {name}: {memory['count']:,} | {threads} | {memory_seconds:.3g} s, "
                            f"{memory_peak / 2**20:,.0f} MB | {disk_seconds:.3g} s, {disk_peak / 2**20:,.0f} MB "
                            f"(--memory-limit {limit}), {disk['stats']['peak_disk'] / 2**20:,.0f} MB | "
                            f"{disk_seconds / memory_seconds:.2g}× |")  # fmt: skip
                print(rows[-1], flush=True)
    return rows


def projection_rows() -> list[str]:
    rows = []
    for name, args in (("8×8 closed", ["tour", "8", "--closed", "--count", "--every-start"]),
                       ("8×8 open, every start", ["tour", "8", "--count", "--every-start"])):  # fmt: skip
        document, _, memory = run([*args, "--method", "frontier", "--estimate", "--time-limit", "60"])
        layers = document["layers"]
        rows += [f"**{name}**: {document['measured_steps']} of {document['stats']['of_steps']} steps in 60 s "
                 f"({memory / 2**20:,.0f} MB); projected: peak {document['peak_states']:,} states "
                 f"({document['peak_bytes'] / 2**30:.3g} GB), {document['states']:,} states made, "
                 f"{document['seconds'] / 3600:.3g} hours on one core.", "",
                 "States per step measured: " + ", ".join(f"{value:,}" for value in layers), ""]  # fmt: skip
        print(rows[-4], flush=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    quick = parser.parse_args().quick
    lines = ["## Frontier counts", "", f"Measured {machine()} by `benchmarks/bench_frontier.py"
             f"{' --quick' if quick else ''}`: whole processes (`essais tour … --json`), the compiled kernels "
             "in numba's cache; peak memory is the process's largest resident size.", "",
             "Every closed tour of 6×n (`tour 6xN --closed --count --every-start --method frontier`); prune "
             "beside it counts the same number from one start (`tour 6xN --closed --count`):", "",
             *closed_rows(quick), "", "Open tours, and the crossover with prune:", "", *open_rows(), "",
             "In memory and through the disk (`--memory-limit` below the tables, `--spill DIR`): the same "
             "counts and counters; the resident size holds the compiled code (about 200 MB) besides the tables:",
             "", *spill_rows(), ""]  # fmt: skip
    if not quick:
        lines += ["Out of reach so far, measured for 60 s and projected (`--estimate`, one core):", "",
                  *projection_rows()]  # fmt: skip
    write_section("frontier", lines)


if __name__ == "__main__":
    main()
