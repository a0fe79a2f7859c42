"""Sudoku benchmark: whole `essais sudoku FILE` processes timed beside tdoku (the fastest
published 9×9 solver, built here from ../shared/anchors/tdoku when it is there) on 983,160
puzzles, the stages of a file's batch (read, decode, solve, write), batch throughput on the
shared puzzle sets, and time per grid on Gecode's 16×16 and 25×25 instances.

Run from the repository root:  .venv/bin/python benchmarks/bench_sudoku.py
It rewrites its section of BENCHMARKS.md.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

import essais
from essais.core.limits import Limits
from essais.sudoku import (
    PuzzleFile,
    is_solution,
    open_puzzles,
    read_puzzles,
    solutions_written,
    solve_many,
    solve_sudoku,
)

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _report import machine, write_section  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "sudoku"
TDOKU = ROOT.parent / "shared" / "anchors" / "tdoku"
TIME_LIMIT = {"propagate": 10.0, "sat": 60.0}  # seconds per 16×16 or 25×25 grid
ROUNDS = 5  # whole-process runs of each command, taken in turn; the median is reported
COPIES = 20  # 17_clue.txt (49,158 puzzles) this many times: 983,160 puzzles, 80 MB

# Runs a command and prints its wall time and the largest resident set of any of its
# processes (RUSAGE_CHILDREN: the workers a command waits for count too).
TIMED = """
import resource, subprocess, sys, time
started = time.perf_counter()
with open(sys.argv[2], "rb") as stdin, open(sys.argv[3], "wb") as stdout:
    code = subprocess.call(sys.argv[4:], stdin=stdin, stdout=stdout, stderr=subprocess.DEVNULL)
print(code, time.perf_counter() - started, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def build_tdoku(folder: Path) -> Path | None:
    """tdoku's example solver, built as its README says, or None (no source here, no g++)."""
    if not TDOKU.is_dir() or shutil.which("g++") is None or shutil.which("gcc") is None:
        return None
    flags = ["-O3", "-march=native", "-c"]
    objects = {"simd.o": ("g++", "src/solver_dpll_triad_simd.cc"), "util.o": ("g++", "src/util.cc"),
               "solve.o": ("gcc", "example/solve.c")}  # fmt: skip
    for name, (compiler, source) in objects.items():
        subprocess.run([compiler, *flags, str(TDOKU / source), "-o", str(folder / name)], check=True)
    binary = folder / "tdoku_solve"
    subprocess.run(["g++", *(str(folder / name) for name in objects), "-o", str(binary)], check=True)
    return binary


def timed(command: list[str], stdin: Path, stdout: Path) -> tuple[float, float]:
    """Wall seconds and peak MB of one whole run of `command`. (Python as installed: it keeps
    the bytecode of the modules it compiled once, even where the shell here says not to.)"""
    environment = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    out = subprocess.run([sys.executable, "-c", TIMED, "-", str(stdin), str(stdout), *command],
                         capture_output=True, text=True, check=True, env=environment).stdout.split()  # fmt: skip
    assert out[0] == "0", f"{command} exited {out[0]}"
    return float(out[1]), int(out[2]) / 1024


def whole_processes(folder: Path) -> list[str]:
    """`essais sudoku FILE` (every core, then one) and tdoku on the same 983,160 puzzles, run in
    turn ROUNDS times; every 1,000th solution of each checked."""
    lines = (DATA / "17_clue.txt").read_text().splitlines()
    puzzles = folder / "puzzles.txt"
    puzzles.write_text("\n".join(lines * COPIES) + "\n")
    essais = str(Path(sys.executable).with_name("essais"))
    commands = {"essais sudoku FILE": [essais, "sudoku", str(puzzles)],
                "essais sudoku FILE --workers 1": [essais, "sudoku", str(puzzles), "--workers", "1"]}  # fmt: skip
    tdoku = build_tdoku(folder)
    if tdoku is not None:
        commands["tdoku (C++, SIMD, -O3 -march=native), one core"] = [str(tdoku), "1"]
    two = folder / "two.txt"  # the start-up: the same command on a file of two puzzles
    two.write_text("\n".join(lines[:2]) + "\n")
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    starts: dict[str, list[float]] = {name: [] for name in commands}
    devnull = Path(os.devnull)
    for _ in range(ROUNDS):
        for name, command in commands.items():
            runs[name].append(timed(command, puzzles, devnull))
            on_two = [str(two) if part == str(puzzles) else part for part in command]  # (tdoku reads stdin)
            starts[name].append(timed(on_two, two, devnull)[0])
    for name, command in commands.items():  # once more, to check the answers
        out = folder / "out.txt"
        timed(command, puzzles, out)
        answers = out.read_text().splitlines()
        answers = [a.split(":")[2] for a in answers] if "tdoku" in name else answers
        assert len(answers) == len(lines) * COPIES, name
        assert all(is_solution(lines[i % len(lines)], answers[i]) for i in range(0, len(answers), 1000)), name
    fastest = statistics.median(seconds for seconds, _ in runs[next(iter(runs))])
    rows = []
    for name, measured in runs.items():
        seconds = statistics.median(s for s, _ in measured)
        start_up = statistics.median(starts[name])
        peak = max(mb for _, mb in measured)
        after = len(answers) / (seconds - start_up)
        rows.append(f"| {name} | {seconds:.2f} | {len(answers) / seconds:,.0f} | {start_up:.2f} | {after:,.0f} |"
                    f" {peak:,.0f} | {seconds / fastest:.2f} |")  # fmt: skip
        print(rows[-1], flush=True)
    return rows


def stages() -> list[str]:
    """The batch of a file in one process, stage by stage, on 17_clue.txt: reading the blocks,
    decoding them (one table lookup, one compiled check), solving, writing the solutions."""
    from essais.sudoku.compiled import _solve_rows, decode_block

    clock = {"read": 0.0, "decode": 0.0, "solve": 0.0, "write": 0.0}
    started = time.perf_counter()
    with open(DATA / "17_clue.txt", "rb") as stream:
        puzzles = open_puzzles(stream, name="17_clue.txt")
        assert isinstance(puzzles, PuzzleFile)
        blocks = puzzles.blocks()
        count = 0
        while True:
            tick = time.perf_counter()
            number, data = next(blocks, (0, b""))
            clock["read"] += time.perf_counter() - tick
            if not data:
                break
            tick = time.perf_counter()
            block = decode_block(data, number, 3, None, "17_clue.txt")
            clock["decode"] += (middle := time.perf_counter()) - tick
            assert block.cells is not None
            block.found, solutions, block.counters = _solve_rows(block.cells, 3, "bitwise", 1)
            block.solutions = solutions.astype(np.uint8)
            clock["solve"] += (tick := time.perf_counter()) - middle
            written = solutions_written(block, puzzles.symbols)
            assert written is not None
            with open(os.devnull, "wb") as sink:
                sink.write(written)
            clock["write"] += time.perf_counter() - tick
            count += len(block)
    total = time.perf_counter() - started
    rows = [f"| {stage} | {seconds:.3f} | {count / seconds:,.0f} | {seconds / total:.0%} |"
            for stage, seconds in clock.items()]  # fmt: skip
    rows.append(f"| all | {total:.3f} | {count / total:,.0f} | 100% |")
    print("\n".join(rows), flush=True)
    return rows


def batch_row(name: str, workers: int, method: str) -> str:
    """The library's batch of parsed grids (solve_many), from reading the file to writing
    every solution."""
    started = time.perf_counter()
    lines = read_puzzles((DATA / name).read_text())
    puzzles = [line.puzzle for line in lines if line.puzzle is not None]
    batch = solve_many(puzzles, method=method, workers=workers)
    with open(os.devnull, "w") as sink:
        sink.write("\n".join(batch.lines(puzzles[0].alphabet)) + "\n")
    seconds = time.perf_counter() - started
    checked = all(is_solution(p, s.tolist()) for p, s in zip(puzzles[::50], batch.solutions[::50], strict=True))
    solved = int((batch.found > 0).sum())
    row = (
        f"| {name} | {method} | {workers} | {batch.workers} | {len(puzzles):,} | {solved:,} |"
        f" {len(puzzles) / seconds:,.0f} | {len(puzzles) / batch.seconds:,.0f} | {'yes' if checked else 'NO'} |"
    )
    print(row, flush=True)
    return row


def large_row(name: str, method: str) -> str:
    times, solved = [], 0
    for line in read_puzzles((DATA / name).read_text()):
        assert line.puzzle is not None
        started = time.perf_counter()
        result = solve_sudoku(line.puzzle, method=method, limits=Limits(time=TIME_LIMIT[method]))
        times.append(time.perf_counter() - started)
        solved += result.found and is_solution(line.puzzle, result.solution)
    times.sort()
    row = f"| {name} | {method} | {len(times)} | {solved} | {times[len(times) // 2]:.3g} | {max(times):.3g} |"
    print(row, flush=True)
    return row


def main() -> None:
    essais.warm_up()  # every kernel compiles (or loads) here: the runs below are warm
    with tempfile.TemporaryDirectory() as folder:
        processes = whole_processes(Path(folder))
    stage_rows = stages()
    batches = [batch_row(name, workers, method) for name in ("17_clue.txt", "top1465.txt")
               for method in ("bitwise", "propagate") for workers in (1, 2)]  # fmt: skip
    large = [large_row("gecode_16x16.txt", "propagate")]
    large += [large_row("gecode_25x25.txt", method) for method in ("propagate", "sat")]
    write_section(
        "bench_sudoku",
        [
            "## Sudoku (`.venv/bin/python benchmarks/bench_sudoku.py`)",
            "",
            f"Measured {machine()}.",
            "",
            f"Whole processes on 983,160 puzzles (`17_clue.txt` {COPIES} times, 80 MB), each command run",
            f"{ROUNDS} times in turn, the median; peak: the largest resident set of any of its processes;",
            "every 1,000th answer checked. essais uses its default method for 9×9 grids (bitwise).",
            "Start-up: the same command on a file of two puzzles (median of as many runs); after it:",
            "the puzzles over the time the whole run took beyond its start-up:",
            "",
            "| command | seconds | puzzles/s | start-up s | puzzles/s after start-up | peak MB | time ÷ essais's |",
            "|---|---:|---:|---:|---:|---:|---:|",
            *processes,
            "",
            "Before the bitwise method and streamed files: 54.8 s, about 18,000 puzzles/s, 3.0 GB",
            "peak. The bitwise kernel held its grid cell by cell (81 words of 9 candidate bits) until",
            "commit 0f45af7, then digit by digit (a 27-bit word per digit and band of three rows):",
            "whole processes 6.3 s → 5.5 s, 0.68 of the aim (tdoku's one-core rate on two processes).",
            "Since commit 1711955 a digit's rules work on 3 × 3 matrices (rows × boxes of a band,",
            "bands × columns of a stack; the entries on a permutation stay) and run again only for a",
            "digit that lost a cell: the same rules, so the same nodes, 1.49 times the puzzles a second",
            "of the kernel before on 17_clue.txt, 1.64 times on top1465.txt (one process, side by",
            "side). And the process pool stopped wasting the main process's time: its thread that",
            "watches the workers went round a loop while each result sat in the pipe, and the",
            "garbage collector went over numba's objects again and again (now frozen before the",
            "fork): the main process's processor time 1.75 s → 1.25 s. And every command ended in",
            "Python's shutdown collecting numba's million objects, 0.24 s: the command line freezes",
            "them first (commit f5bf316): 1.00 to 1.08 of tdoku's one-core rate. Round four (aim: 1.2,",
            "stretch 1.5): glibc's allocator gave each block's large arrays back to the system and",
            "asked again for the next block's, 160,000 page faults, 0.3 s of system time; a stream of",
            "jobs now keeps what is freed (core.parallel.stream.memory_kept: 40,000 faults). A digit's",
            "rules take one lookup fewer on the chain each round waits on (BAND_KEEP, STACK_KEEP: the",
            "kernel 5.8% faster, the same rounds, fixpoints and counters). A solved grid's values were",
            "read by testing 9 digits in each of 81 cells, a branch the processor mispredicted so often",
            "that it took a fifth of the kernel's time: read off the digits' words instead (81 bits),",
            "the kernel 1.25 times faster. The solutions are written straight to stdout's bytes",
            "(not decoded and encoded again); the command loads with the garbage collector off",
            "and numpy's BLAS threads not started (0.15 s of processor time). A whole run",
            "spends about 0.5 s before its workers start (Python, numba, loading the kernels),",
            "which tdoku does not; the kernel alone solves 377,000 puzzles of 17_clue.txt a second on",
            "one core (by hand, best of 7), 1.29 times tdoku's whole one-core rate here: 368,000 before",
            "its kernels that allocate nothing were built without numba's reference counts (an atomic",
            "add and a call each time an array is handed on: core.sliced.ALLOCATES_NOTHING). A block's",
            "output lines are written by one compiled pass (sudoku._text_kernels.write_lines: the main",
            "process's 0.10 s of bytes.translate and numpy on 983,160 puzzles down to 0.036 s). Since",
            "commit d7e1f5b the workers are threads, not forked processes (the kernels let go of the",
            "GIL): no block and no solution pickled through a pipe, 3.95 s of processor time instead of",
            "4.46 s, 2.35 s instead of 2.60 s (by hand, medians of 7 in turn); start-up is 0.47 s since",
            "typer is kept below 0.29 (its option parsing imported pydantic) and what loading compiled",
            "code leaves is frozen (core.engine.freeze_loaded_code).",
            "By hand (`essais sudoku FILE` and `tdoku_solve 1 < FILE` in turn), 7 runs at commit fe08ee7:",
            "essais 2.55 s, tdoku 3.53 s (medians), 1.38; 4 runs at 7fb904b: 2.45 s, 3.50 s, 1.43;",
            "5 at 3f1ff87: 2.39 s, 3.62 s, 1.52; the machine's noise moves the ratio by a tenth from one",
            "series to the next.",
            "",
            "A file's batch stage by stage, in one process, on `17_clue.txt` (49,158 puzzles; kernels",
            "compiled): reading blocks of whole lines, decoding them (a table lookup, a compiled",
            "check of the givens), solving (bitwise), writing the solutions.",
            "",
            "| stage | seconds | puzzles/s | share |",
            "|---|---:|---:|---:|",
            *stage_rows,
            "",
            "The library's batch of parsed grids (`solve_many`, first solution of each, every 50th",
            "checked), from reading the file to writing every solution:",
            "",
            "| file | method | threads asked | used | puzzles | solved | puzzles/s end to end | puzzles/s solving"
            " | checked |",
            "|---|---|---:|---:|---:|---:|---:|---:|---|",
            *batches,
            "",
            "Large grids, one at a time (time limit per grid: 10 s for propagate, 60 s for sat):",
            "",
            "| file | method | grids | solved | median s | max s |",
            "|---|---|---:|---:|---:|---:|",
            *large,
        ],
    )


if __name__ == "__main__":
    main()
