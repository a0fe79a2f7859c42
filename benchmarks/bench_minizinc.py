"""The shared MiniZinc challenge instances (../shared/minizinc: gecode.tsv lists each model, its data
and the library Gecode compiles it with) run by `minizinc` as whole processes, one after the other:
Gecode (`--solver gecode`, `-G std` where its own library fails) then essais (`--solver` its
configuration, essais's library), each following the model's search annotations, one process,
the same time limit (20 s by default). For each instance both statuses, objectives and wall
times; how many each settles and proves; every answer that contradicts the other's (a solution
against unsatisfiable, two proved optima apart, a proved optimum worse than a solution the other
found). Each instance's result is kept in a checkpoint (JSON lines) as it ends, so that a run
stopped goes on where it was; the section of BENCHMARKS.md is written from it.

    .venv/bin/python benchmarks/bench_minizinc.py [--seconds 20] [--only bacp,amaze] [--checkpoint F]
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from _report import machine, write_section

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "minizinc"
CHECKPOINT = Path(tempfile.gettempdir()) / "essais-bench-minizinc.jsonl"
OBJECTIVE = re.compile(r"^_objective = (-?\d+);", re.MULTILINE)


@dataclass
class Run:
    """One solver on one instance: status (optimal, sat, unsat, best — a solution, not proved —,
    unknown, error), the last objective, the wall seconds."""

    status: str
    objective: int | None
    seconds: float


def run(command: list[str], limit: float) -> Run:
    started = time.perf_counter()
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=limit + 30)
    except subprocess.TimeoutExpired:
        return Run("unknown", None, time.perf_counter() - started)
    seconds = time.perf_counter() - started
    out = done.stdout
    found = OBJECTIVE.findall(out)
    objective = int(found[-1]) if found else None
    if "=====ERROR=====" in out or done.returncode != 0:
        return Run("error", objective, seconds)
    if "=====UNSATISFIABLE=====" in out:
        return Run("unsat", None, seconds)
    if "==========" in out:
        return Run("optimal" if objective is not None else "sat", objective, seconds)
    if "----------" in out:
        return Run("sat" if objective is None else "best", objective, seconds)
    return Run("unknown", None, seconds)


def settled(result: Run) -> bool:
    return result.status in ("optimal", "sat", "unsat")


def contradiction(a: Run, b: Run, maximise: bool) -> str | None:
    """Why two answers cannot both be right, or None."""
    solutions = {"optimal", "sat", "best"}
    if {a.status, b.status} & {"unsat"} and {a.status, b.status} & solutions:
        return "a solution against unsatisfiable"
    if a.status == b.status == "optimal" and a.objective != b.objective:
        return "two proved optima apart"
    for proved, other in ((a, b), (b, a)):
        if proved.status != "optimal" or other.objective is None or proved.objective is None:
            continue
        if (other.objective > proved.objective) if maximise else (other.objective < proved.objective):
            return "a proved optimum worse than a solution found"
    return None


def maximising(model: Path) -> bool:
    return bool(re.search(r"solve\b[^;]*\bmaximi[sz]e", model.read_text(errors="replace")))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--only", default="")
    parser.add_argument("--checkpoint", type=Path, default=CHECKPOINT)
    options = parser.parse_args()
    with (SHARED / "gecode.tsv").open() as table:
        rows = list(csv.DictReader(table, delimiter="\t"))
    wanted = set(filter(None, options.only.split(",")))
    done = {}
    if options.checkpoint.exists():
        for line in options.checkpoint.read_text().splitlines():
            entry = json.loads(line)
            done[entry["instance"]] = entry
    solvers = Path(tempfile.mkdtemp(prefix="essais-solvers-"))
    essais = Path(sys.executable).with_name("essais")
    subprocess.run([str(essais), "minizinc", "install", "--dir", str(solvers)], check=True, capture_output=True)
    limit = str(int(options.seconds * 1000))
    for row in rows:
        name = row["instance"]
        if (wanted and name not in wanted) or name in done:
            continue
        files = [str(SHARED / row["model"])] + ([str(SHARED / row["data"])] if row["data"] else [])
        library = ["-G", "std"] if row["library"] == "std" else []
        gecode = run(["minizinc", "--solver", "gecode", *library, "--time-limit", limit, "--output-mode", "dzn",
                      "--output-objective", *files], options.seconds)  # fmt: skip
        ours = run(["minizinc", "--solver", str(solvers / "essais.msc"), "--time-limit", limit, "--output-mode", "dzn",
                    "--output-objective", *files], options.seconds)  # fmt: skip
        entry = {"instance": name, "maximise": maximising(SHARED / row["model"]), "gecode": asdict(gecode),
                 "essais": asdict(ours)}  # fmt: skip
        done[name] = entry
        with options.checkpoint.open("a") as out:
            out.write(json.dumps(entry) + "\n")
        print(f"{name:24} gecode {gecode.status:8} {gecode.objective!s:>10} {gecode.seconds:6.2f} s   "
              f"essais {ours.status:8} {ours.objective!s:>10} {ours.seconds:6.2f} s", flush=True)  # fmt: skip
    if not wanted:
        report([done[row["instance"]] for row in rows if row["instance"] in done], options.seconds)


def report(entries: list[dict], seconds: float) -> None:
    lines = ["## MiniZinc challenge instances beside Gecode (`.venv/bin/python benchmarks/bench_minizinc.py`)", "",
             f"Measured {machine()}; the {len(entries)} shared "
             f"MiniZinc challenge instances through `minizinc`, whole processes one after the other, {seconds:g} s "
             "each, both solvers following the search annotations, one process each (Gecode with `-G std` where "
             "gecode.tsv says so).", ""]  # fmt: skip
    runs = {side: [Run(**entry[side]) for entry in entries] for side in ("gecode", "essais")}
    for side, results in runs.items():
        proved = sum(r.status == "optimal" for r in results)
        lines.append(f"- {side}: {sum(map(settled, results))} settled (a solution of a satisfaction problem, "
                     f"unsatisfiable, or a proved optimum), {proved} optima proved, "
                     f"{sum(r.status == 'error' for r in results)} errors")  # fmt: skip
    wrong = [(entry["instance"], why) for entry in entries
             if (why := contradiction(Run(**entry["gecode"]), Run(**entry["essais"]), entry["maximise"]))]  # fmt: skip
    lines.append(f"- answers that contradict each other: {len(wrong)}"
                 + "".join(f"; {name}: {why}" for name, why in wrong))  # fmt: skip
    for side, other in (("gecode", "essais"), ("essais", "gecode")):
        alone = [entry["instance"] for entry in entries
                 if settled(Run(**entry[side])) and not settled(Run(**entry[other]))]  # fmt: skip
        lines.append(f"- settled by {side} alone: {', '.join(alone) or 'none'}")
    lines += ["", "| instance | Gecode | objective | s | essais | objective | s |", "|---|---|---:|---:|---|---:|---:|"]
    for entry in entries:
        g, e = entry["gecode"], entry["essais"]
        lines.append(f"| {entry['instance']} | {g['status']} | {'' if g['objective'] is None else g['objective']} | "
                     f"{g['seconds']:.2f} | {e['status']} | {'' if e['objective'] is None else e['objective']} | "
                     f"{e['seconds']:.2f} |")  # fmt: skip
    write_section("bench_minizinc", lines)


if __name__ == "__main__":
    main()
