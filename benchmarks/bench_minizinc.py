"""The shared MiniZinc challenge instances (../shared/minizinc: gecode.tsv lists each model, its data
and the library Gecode compiles it with) run by `minizinc` as whole processes, one after the other:
Gecode (`--solver gecode`, `-G std` where its own library fails) then essais (`--solver` its
configuration, essais's library), each following the model's search annotations, one process,
the same time limit (20 s by default). For each instance both statuses, objectives and wall
times; how many each settles and proves; every answer that contradicts the other's (a solution
against unsatisfiable, two proved optima apart, a proved optimum worse than a solution the other
found). Each instance's result is kept in a checkpoint (JSON lines) as it ends, with the commit, so
that a run stopped goes on where it was (the results of another commit are set aside, said on
stderr); the section of BENCHMARKS.md is written from it.

    .venv/bin/python benchmarks/bench_minizinc.py [--seconds 20] [--only bacp,amaze] [--checkpoint F]
    .venv/bin/python benchmarks/bench_minizinc.py --second   (benchmarks/data/minizinc-second: a second
                                                              data file of twelve of the models)
"""

from __future__ import annotations

import argparse
import csv
import importlib.util
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from _report import commit, machine, write_section

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "minizinc"
SECOND = Path(__file__).resolve().parent / "data" / "minizinc-second"
CHECKPOINT = Path(tempfile.gettempdir()) / "essais-bench-minizinc.jsonl"
SECOND_CHECKPOINT = Path(tempfile.gettempdir()) / "essais-bench-minizinc-second.jsonl"
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


def installed_as_users_have_it(essais: Path) -> None:
    """essais's numba cache warm (`essais warmup`, as the aim says) and its modules' bytecode
    written, as pip's install and a first run write it: where PYTHONDONTWRITEBYTECODE is set
    (this project's sandbox sets it) every essais process would compile its modules from source
    again, 0.1 s an instance (three.fzn's whole process 0.30 s, 0.19 s with the bytecode)."""
    subprocess.run([str(essais), "warmup"], check=True, capture_output=True)
    spec = importlib.util.find_spec("essais")
    assert spec is not None and spec.origin is not None, "essais is not installed beside this Python"
    package = Path(spec.origin).parent
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(package)], check=True, capture_output=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--only", default="")
    parser.add_argument("--second", action="store_true", help="the second data files (data/minizinc-second)")
    parser.add_argument("--checkpoint", type=Path, default=None)
    options = parser.parse_args()
    table, data_folder = (SECOND / "second.tsv", SECOND) if options.second else (SHARED / "gecode.tsv", SHARED)
    with table.open() as lines:
        rows = list(csv.DictReader(lines, delimiter="\t"))
    checkpoint = options.checkpoint or (SECOND_CHECKPOINT if options.second else CHECKPOINT)
    wanted = set(filter(None, options.only.split(",")))
    done, measured = {}, commit()
    if checkpoint.exists():
        entries = [json.loads(line) for line in checkpoint.read_text().splitlines()]
        done = {entry["instance"]: entry for entry in entries if entry.get("commit") == measured}
        if len(done) < len(entries):
            print(f"{checkpoint}: {len(entries) - len(done)} results of another commit than {measured} set aside",
                  file=sys.stderr)  # fmt: skip
            checkpoint.write_text("".join(json.dumps(entry) + "\n" for entry in done.values()))
    solvers = Path(tempfile.mkdtemp(prefix="essais-solvers-"))
    essais = Path(sys.executable).with_name("essais")
    subprocess.run([str(essais), "minizinc", "install", "--dir", str(solvers)], check=True, capture_output=True)
    installed_as_users_have_it(essais)
    limit = str(int(options.seconds * 1000))
    for row in rows:
        name = row["instance"]
        if (wanted and name not in wanted) or name in done:
            continue
        files = [str(SHARED / row["model"])] + ([str(data_folder / row["data"])] if row["data"] else [])
        library = ["-G", "std"] if row["library"] == "std" else []
        gecode = run(["minizinc", "--solver", "gecode", *library, "--time-limit", limit, "--output-mode", "dzn",
                      "--output-objective", *files], options.seconds)  # fmt: skip
        ours = run(["minizinc", "--solver", str(solvers / "essais.msc"), "--time-limit", limit, "--output-mode", "dzn",
                    "--output-objective", *files], options.seconds)  # fmt: skip
        entry = {"instance": name, "commit": measured, "maximise": maximising(SHARED / row["model"]),
                 "gecode": asdict(gecode), "essais": asdict(ours)}  # fmt: skip
        done[name] = entry
        with checkpoint.open("a") as out:
            out.write(json.dumps(entry) + "\n")
        print(f"{name:24} gecode {gecode.status:8} {gecode.objective!s:>10} {gecode.seconds:6.2f} s   "
              f"essais {ours.status:8} {ours.objective!s:>10} {ours.seconds:6.2f} s", flush=True)  # fmt: skip
    if not wanted:
        report([done[row["instance"]] for row in rows if row["instance"] in done], options.seconds, options.second)


def report(entries: list[dict], seconds: float, second: bool) -> None:
    command = "`.venv/bin/python benchmarks/bench_minizinc.py" + (" --second`" if second else "`")
    title = "A second data file of twelve shared MiniZinc models" if second else "MiniZinc challenge instances"
    what = "instances of benchmarks/data/minizinc-second" if second else "shared MiniZinc challenge instances"
    lines = [f"## {title} beside Gecode ({command})", "",
             f"Measured {machine()}; the {len(entries)} {what} through `minizinc`, whole processes one after the "
             f"other, {seconds:g} s each, both solvers following the search annotations, one process each "
             "(Gecode with `-G std` where gecode.tsv says so; essais with its defaults, its numba cache warm).",
             ""]  # fmt: skip
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
    lines += ["", *aims(entries)]
    lines += ["", "| instance | Gecode | objective | s | essais | objective | s |", "|---|---|---:|---:|---|---:|---:|"]
    for entry in entries:
        g, e = entry["gecode"], entry["essais"]
        lines.append(f"| {entry['instance']} | {g['status']} | {'' if g['objective'] is None else g['objective']} | "
                     f"{g['seconds']:.2f} | {e['status']} | {'' if e['objective'] is None else e['objective']} | "
                     f"{e['seconds']:.2f} |")  # fmt: skip
    write_section("bench_minizinc_second" if second else "bench_minizinc", lines)


def aims(entries: list[dict]) -> list[str]:
    """The issue's three aims as a table: settled and proved; the median and least Gecode ÷ essais
    time ratio where either takes 1 s or more (floored at 1 s); better or worse best objectives
    where neither proves."""
    pairs = [(Run(**entry["gecode"]), Run(**entry["essais"]), entry["maximise"]) for entry in entries]
    settled_counts = [sum(settled(run) for run in side) for side in zip(*[(g, e) for g, e, _ in pairs], strict=True)]
    proved = [sum(run.status == "optimal" for run in side) for side in zip(*[(g, e) for g, e, _ in pairs], strict=True)]
    ratios = sorted(max(g.seconds, 1) / max(e.seconds, 1) for g, e, _ in pairs
                    if (g.seconds >= 1 or e.seconds >= 1) and settled(g) | settled(e))  # fmt: skip
    median = statistics.median(ratios) if ratios else float("nan")
    better = worse = 0
    for g, e, maximise in pairs:
        if g.status == "optimal" or e.status == "optimal" or not ({g.status, e.status} & {"best"}):
            continue
        if g.objective is None or e.objective is None:
            better, worse = better + (e.objective is not None), worse + (g.objective is not None)
        elif g.objective != e.objective:
            ahead = e.objective > g.objective if maximise else e.objective < g.objective
            better, worse = better + ahead, worse + (not ahead)
    return ["| aim | Gecode | essais | held |", "|---|---:|---:|---|",
            f"| 1. instances settled | {settled_counts[0]} | {settled_counts[1]} | "
            f"{'yes' if settled_counts[1] >= settled_counts[0] else 'no'} |",
            f"| 1. optima proved | {proved[0]} | {proved[1]} | {'yes' if proved[1] >= proved[0] else 'no'} |",
            f"| 2. median Gecode ÷ essais, {len(ratios)} settled by either, one taking ≥ 1 s | | {median:.2f} | "
            f"{'yes' if median > 1 else 'no'} |",
            f"| 2. least ratio | | {ratios[0] if ratios else float('nan'):.2f} | "
            f"{'yes' if ratios and ratios[0] >= 0.1 else 'no'} |",
            f"| 3. unproved optimisations: essais better / worse | | {better} / {worse} | "
            f"{'yes' if better >= worse else 'no'} |"]  # fmt: skip


if __name__ == "__main__":
    main()
