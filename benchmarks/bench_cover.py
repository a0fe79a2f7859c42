"""Exact covers: essais's dancing links beside a plain C program of the same algorithm
(benchmarks/dlx/dlx.c, gcc -O3), beside the lean C program of Algorithm X without colours
(../shared/anchors/dlx-lean/dlx.c, built here when it is there) and beside xcover (numba,
`pip install -e ".[bench]"`), on the same files, in one run.

Each row is one problem file in Knuth's format, written by essais's generators (`--dlx`),
counted by: the C program on one core; `essais cover FILE --count` on one process and on two
(whole processes: start-up, reading, searching); xcover's `covers` counted from Python in a
process of its own (its numba cache warm). The C program prints its nodes and updates: they
must equal essais's (the same algorithm, the same choices), which the script checks. The lean
program counts nodes without the root and updates without the items' own unlinking: its count
is checked, its counters are not comparable.

Run from the repository root:  .venv/bin/python benchmarks/bench_cover.py [--quick] [--runs N]
It rewrites its section of BENCHMARKS.md (--quick runs the small files and writes nothing).
"""

from __future__ import annotations

import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _report import machine, write_section  # noqa: E402

HERE = Path(__file__).resolve().parent
LEAN = HERE.parent.parent / "shared" / "anchors" / "dlx-lean" / "dlx.c"
ESSAIS = [sys.executable, "-m", "essais"]
# (name, the command that writes the file, runs: None for the --runs asked)
PROBLEMS = [
    ("pentominoes 6x10, distinct", ["polyomino", "6x10", "--distinct"], None),
    ("pentominoes 6x10, every packing", ["polyomino", "6x10"], None),
    ("pentominoes 5x12, distinct", ["polyomino", "5x12", "--distinct"], None),
    ("Langford pairs 1..12", ["langford", "12"], None),
    ("Langford pairs 1..15", ["langford", "15"], 1),
]
QUICK = {"pentominoes 6x10, distinct", "Langford pairs 1..12"}
XCOVER = """
import sys, time
from xcover import covers
from essais.core.cover.problem import parse_cover
problem = parse_cover(open(sys.argv[1]).read())
options = [problem.option_text(k).split() for k in range(len(problem.options))]
kind = {"primary": list(problem.primary), "secondary": list(problem.secondary), "colored": True}
next(covers([["a"]], primary=["a"]), None)  # numba's cache loaded before the clock starts
started = time.perf_counter()
count = sum(1 for _ in covers(options, **kind))
print(count, time.perf_counter() - started)
"""


def timed(command: list[str], stdin: Path | None = None) -> tuple[float, str]:
    started = time.perf_counter()
    with open(stdin) if stdin else open("/dev/null") as source:
        out = subprocess.run(command, stdin=source, capture_output=True, text=True, check=True).stdout
    return time.perf_counter() - started, out


def in_turn(runs: int, commands: dict[str, tuple[list[str], Path | None]]) -> dict[str, list[tuple[float, str]]]:
    """Each command (with its stdin) run `runs` times, the commands taking turns (one run of
    each, then again): a machine whose speed drifts moves them all alike. Whole-process
    seconds and output of each run."""
    results: dict[str, list[tuple[float, str]]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, (command, stdin) in commands.items():
            results[name].append(timed(command, stdin))
    return results


def median_seconds(results: list[tuple[float, str]]) -> float:
    return statistics.median(seconds for seconds, _ in results)


def checked_seconds(results: list[tuple[float, str]], who: str, name: str, count: int) -> float:
    """The median time of a program whose every run printed `count` first; else stop, saying so."""
    counts = {int(out.split()[0]) for _, out in results}
    if counts != {count}:
        raise SystemExit(f"{name}: {who} counts {counts}, not {count}")
    return median_seconds(results)


def has_xcover() -> bool:
    return subprocess.run([sys.executable, "-c", "import xcover"], capture_output=True).returncode == 0


def main() -> None:
    quick = "--quick" in sys.argv
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 5
    folder = Path(tempfile.mkdtemp(prefix="essais-bench-cover-"))
    try:
        program = folder / "dlx"
        subprocess.run(["gcc", "-O3", "-march=native", "-o", str(program), str(HERE / "dlx" / "dlx.c")], check=True)
        lean = folder / "lean" if LEAN.exists() else None
        if lean is not None:
            subprocess.run(["gcc", "-O3", "-march=native", "-o", str(lean), str(LEAN)], check=True)
        xcover = has_xcover()
        subprocess.run([*ESSAIS, "cover", "-", "--count"], input="a\na\n", capture_output=True, text=True)  # warm
        rows = []
        for name, generator, fixed_runs in PROBLEMS:
            if quick and name not in QUICK:
                continue
            file = folder / "problem.dlx"
            file.write_text(subprocess.run([*ESSAIS, *generator, "--dlx"], capture_output=True, text=True,
                                           check=True).stdout)  # fmt: skip
            rows.append(measure(name, file, program, lean, fixed_runs or runs, xcover))
            print(rows[-1], flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if not quick:
        report(rows, runs, xcover)


def measure(name: str, file: Path, program: Path, lean: Path | None, runs: int, xcover: bool) -> str:
    commands: dict[str, tuple[list[str], Path | None]] = {"c": ([str(program)], file)}
    if lean:
        commands["lean"] = ([str(lean)], file)
    for workers in ("1", "2"):
        commands[workers] = ([*ESSAIS, "cover", str(file), "--count", "--json", "--workers", workers], None)
    if xcover:
        commands["xcover"] = ([sys.executable, "-c", XCOVER, str(file)], None)
    results = in_turn(runs, commands)
    c_seconds, c_out = median_seconds(results["c"]), results["c"][0][1]
    count, nodes, updates = map(int, c_out.split())
    cells, wholes = [], []
    for workers in ("1", "2"):
        documents = [json.loads(out) for _, out in results[workers]]
        stats = documents[0]["stats"]
        if (documents[0]["count"], stats["nodes"], stats["updates"]) != (count, nodes, updates):
            raise SystemExit(f"{name}: essais and the C program disagree: {documents[0]} against {c_out}")
        whole = median_seconds(results[workers])
        search = statistics.median(document["stats"]["seconds"] for document in documents)
        cells.append(f"{whole:.3g} s ({c_seconds / whole:.2f}), search {search:.3g} s")
        wholes.append(whole)
    lean_cell = "not built"
    if lean:
        lean_seconds = checked_seconds(results["lean"], "the lean program", name, count)
        lean_cell = f"{lean_seconds:.3g} s ({lean_seconds / wholes[0]:.2f})"
    x_cell = "not installed"
    if xcover:
        x_whole = checked_seconds(results["xcover"], "xcover", name, count)
        x_search = statistics.median(float(out.split()[1]) for _, out in results["xcover"])
        x_cell = f"{x_whole:.3g} s ({c_seconds / x_whole:.2f}), search {x_search:.3g} s"
    counts = f"| {name} | {count:,} | {nodes:,} | {updates:,} |"
    return f"{counts} {c_seconds:.3g} s | {lean_cell} | {cells[0]} | {cells[1]} | {x_cell} |"


def report(rows: list[str], runs: int, xcover: bool) -> None:
    write_section(
        "bench_cover",
        [
            "## Exact covers (`.venv/bin/python benchmarks/bench_cover.py`)",
            "",
            f"Measured {machine()}. Each file counted whole, medians of {runs} runs taken in turn (one run of each",
            "command, then again; Langford 1..15: one run each),",
            "whole processes: the C program (`benchmarks/dlx/dlx.c`, gcc -O3 -march=native, one core);",
            "`essais cover FILE --count` on one process and on two; xcover's `covers` counted from Python"
            + (" (numba's cache warm)." if xcover else " (not installed)."),
            "The lean C program (`../shared/anchors/dlx-lean/dlx.c`: Algorithm X, no colours, no counting in its inner",
            "loops; gcc -O3 -march=native, one core): in brackets its time over essais's on one process (above 1:",
            "essais is faster). Elsewhere in brackets: the C program's time over the whole process's (above 1:",
            "faster than the C program);",
            "`search`: the search alone (essais's `stats.seconds`: the split listed and the sub-trees counted;",
            "xcover: its count timed in its process). The C program and essais report the same nodes and",
            "updates (checked): the same search, step for step. An essais process spends some 0.4 s starting",
            "before its search (2026-12-01, Intel: numpy and numba imported 0.19 s, the command line 0.08 s,",
            "numba's first call 0.12 s, its typing tables built and the kernel loaded from its cache): on",
            "small files that start-up is the whole difference.",
            "",
            "| problem | solutions | nodes | updates | C, one core | lean C, one core | essais, 1 process "
            "| essais, 2 processes | xcover, 1 process |",
            "|---|---|---|---|---|---|---|---|---|",
            *rows,
        ],
    )


if __name__ == "__main__":
    main()
