"""Start-up benchmark: whole `essais` processes with numba's cache empty (a first run: the
kernels compile) and full (they load), and `essais warmup`, which compiles them all at once.

Run from the repository root:  .venv/bin/python benchmarks/bench_startup.py
It rewrites its section of BENCHMARKS.md.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import essais

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _report import machine, write_section  # noqa: E402

ESSAIS = str(Path(sys.executable).with_name("essais"))
RUNS = 5  # first runs of each command, each with an empty cache
ROOT = Path(__file__).resolve().parent.parent  # (every command runs here: the model file's path is the README's)
# (the FlatZinc model of three variables: the python engine first, then the numba engine named)
COMMANDS = [["tour", "8"], ["queens", "12", "--count"], ["sudoku", "." * 80 + "1"], ["color", "petersen"],
            ["uncrossed", "5"], ["csp", "puzzles/queens8.csp"], ["fzn", "tests/data/flatzinc/three.fzn"],
            ["fzn", "tests/data/flatzinc/three.fzn", "--engine", "numba"]]  # fmt: skip


def environment(cache: str) -> dict[str, str]:
    """This environment with numba's cache in `cache`, and Python's bytecode written as an
    installation writes it (a sandbox that sets PYTHONDONTWRITEBYTECODE would make every run
    compile essais's modules from source: 0.15 s that no user pays)."""
    return {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}, "NUMBA_CACHE_DIR": cache}


def seconds(arguments: list[str], cache: str) -> float:
    started = time.perf_counter()
    subprocess.run([ESSAIS, *arguments], env=environment(cache), check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
    return time.perf_counter() - started


def main() -> None:
    package = Path(essais.__file__).parent  # every module's bytecode written once, as pip install does
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(package)], env=environment(""), check=True)
    rows = []
    for arguments in COMMANDS:
        colds, warms = [], []
        for _ in range(RUNS):  # this machine's speed varies from minute to minute: the median
            with tempfile.TemporaryDirectory() as cache:
                colds.append(seconds(arguments, cache))
                warms.append(seconds(arguments, cache))
        cold, warm = statistics.median(colds), statistics.median(warms)
        rows.append(f"| `essais {' '.join(arguments[:1] + ['…'] if len(arguments[1]) > 40 else arguments)}` |"
                    f" {cold:.2f} | {warm:.2f} |")  # fmt: skip
        print(rows[-1], flush=True)
    with tempfile.TemporaryDirectory() as cache:
        started = time.perf_counter()
        out = subprocess.run([ESSAIS, "warmup", "--json"], env=environment(cache), check=True,
                             capture_output=True, text=True).stdout  # fmt: skip
        total = time.perf_counter() - started
        warmed = json.loads(out)["warmed"]
        after = seconds(COMMANDS[0], cache)
    parts = ", ".join(f"{entry['problem']} {entry['seconds']:.1f} s" for entry in warmed)
    print(parts, total, after, flush=True)
    write_section(
        "bench_startup",
        [
            "## Start-up (`.venv/bin/python benchmarks/bench_startup.py`)",
            "",
            f"Measured {machine()}. Whole processes, numba's cache empty (a first run: the",
            f"kernels compile) then full (they load from it), the median of {RUNS} runs each:",
            "",
            "| command | first run, s | next runs, s |",
            "|---|---:|---:|",
            *rows,
            "",
            f"`essais warmup` with the cache empty: {total:.1f} s ({parts}); after it, `essais tour 8`",
            f"takes {after:.2f} s. The aim: a first run under 3 s without it. A FlatZinc model of three variables",
            "(`essais fzn`, what `minizinc --solver essais` runs) is searched by the python engine first: no numba",
            "loads (issue 67's aim: at most 0.3 s warm).",
        ],
    )


if __name__ == "__main__":
    main()
