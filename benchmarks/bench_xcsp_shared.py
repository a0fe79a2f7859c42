"""The shared XCSP3 files (../shared/xcsp3: 76 PyCSP3 models with their default data) run by essais
and by ACE, the competition's solver (the jar inside `pycsp3`, Java), as whole processes one after
the other, the same time limit each (10 s by default): `essais csp FILE --json --time-limit 10`
(its defaults) and `java -jar ACE.jar FILE -t=10s` (its defaults). For each file both statuses in
the competition's words, objectives and wall times; how many each settles (a solution of a
satisfaction problem, unsatisfiability, a proved optimum) and proves; every answer that
contradicts the other's; and for each file ACE settles within two seconds and essais does not,
essais's counters beside ACE's wrong decisions (what the issue on real instances starts from).
Each file's result is kept in a checkpoint (JSON lines) as it ends, so that a run stopped goes on
where it was; the section of BENCHMARKS.md is written from it.

    .venv/bin/python benchmarks/bench_xcsp_shared.py [--seconds 10] [--only Queens,OPD] [--checkpoint F]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from _report import machine, write_section

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "xcsp3"
CHECKPOINT = Path(tempfile.gettempdir()) / "essais-bench-xcsp-shared.jsonl"
ESSAIS = str(Path(sys.executable).parent / "essais")
SETTLED = ("UNSATISFIABLE", "OPTIMUM FOUND")


@dataclass
class Run:
    """One solver on one file: its status in the competition's words, the last objective, the
    wall seconds, and what it counted (essais: nodes, backtracks, revisions; ACE: wrong decisions)."""

    status: str
    objective: int | None
    seconds: float
    counters: dict[str, int] = field(default_factory=dict)


def ace_jar() -> Path:
    found = importlib.util.find_spec("pycsp3")  # (found, never imported: it patches built-ins)
    if found is None or found.origin is None:
        raise SystemExit("pycsp3 is needed (pip install -e '.[dev]') and Java")
    return sorted(Path(found.origin).parent.glob("solvers/ace/ACE-*.jar"))[-1]


def timed(command: list[str], limit: float) -> tuple[str, float]:
    started = time.perf_counter()
    try:
        out = subprocess.run(command, capture_output=True, text=True, timeout=limit + 30).stdout
    except subprocess.TimeoutExpired:
        out = ""
    return out, time.perf_counter() - started


def essais_run(path: Path, limit: float) -> Run:
    out, seconds = timed([ESSAIS, "csp", str(path), "--json", "--time-limit", str(limit)], limit)
    try:
        found = json.loads(out)
    except json.JSONDecodeError:
        return Run("ERROR", None, seconds)
    stats = found.get("stats", {})
    counters = {key: stats[key] for key in ("nodes", "backtracks", "revisions") if key in stats}
    return Run(found["xcsp_status"], found.get("objective"), seconds, counters)


def ace_run(path: Path, limit: float) -> Run:
    out, seconds = timed(["java", "-jar", str(ace_jar()), str(path), f"-t={int(limit)}s"], limit)
    out = re.sub(r"\x1b\[[0-9;]*m", "", out)
    status = re.search(r"^s (.+?)\s*$", out, re.MULTILINE)
    costs = re.findall(r"^o (-?\d+)", out, re.MULTILINE)
    wrong = re.search(r"^d WRONG DECISIONS\s+([\d,]+)", out, re.MULTILINE)
    counters = {"wrong decisions": int(wrong.group(1).replace(",", ""))} if wrong else {}
    return Run(status.group(1) if status else "ERROR", int(costs[-1]) if costs else None, seconds, counters)


def settled(run: Run, optimising: bool) -> bool:
    return run.status in SETTLED or (run.status == "SATISFIABLE" and not optimising)


def contradiction(essais: Run, ace: Run) -> str | None:
    """Why the two answers cannot both be right, or None."""
    found = {"SATISFIABLE", "OPTIMUM FOUND"}
    if (essais.status == "UNSATISFIABLE" and ace.status in found) or (
        ace.status == "UNSATISFIABLE" and essais.status in found
    ):
        return "a solution against unsatisfiable"
    if essais.status == ace.status == "OPTIMUM FOUND" and essais.objective != ace.objective:
        return "two proved optima apart"
    return None


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--only", default="")
    parser.add_argument("--checkpoint", type=Path, default=CHECKPOINT)
    options = parser.parse_args()
    files = sorted(SHARED.glob("*.xml"))
    if options.only:
        files = [f for f in files if f.stem in options.only.split(",")]
    done = {}
    if options.checkpoint.exists():
        for line in options.checkpoint.read_text().splitlines():
            row = json.loads(line)
            done[row["file"]] = row
    for path in files:
        if path.stem in done:
            continue
        optimising = "<objectives>" in path.read_text()
        essais, ace = essais_run(path, options.seconds), ace_run(path, options.seconds)
        row = {"file": path.stem, "optimising": optimising, "essais": asdict(essais), "ace": asdict(ace)}
        with options.checkpoint.open("a") as out:
            out.write(json.dumps(row) + "\n")
        done[path.stem] = row
        print(path.stem, essais.status, essais.objective, f"{essais.seconds:.2f}", "|", ace.status, ace.objective,
              f"{ace.seconds:.2f}", flush=True)  # fmt: skip
    report([done[f.stem] for f in files if f.stem in done], options.seconds)


def report(rows: list[dict], limit: float) -> None:
    both = [(Run(**r["essais"]), Run(**r["ace"]), r) for r in rows]
    ours = sum(settled(e, r["optimising"]) for e, _, r in both)
    theirs = sum(settled(a, r["optimising"]) for _, a, r in both)
    proved = [
        sum(e.status == "OPTIMUM FOUND" for e, _, _ in both),
        sum(a.status == "OPTIMUM FOUND" for _, a, _ in both),
    ]
    long = [max(a.seconds, 1) / max(e.seconds, 1) for e, a, _ in both if max(e.seconds, a.seconds) >= 1]
    quick = [(e.seconds, a.seconds) for e, a, r in both if settled(e, r["optimising"]) and settled(a, r["optimising"])]
    lines = ["| file | essais | ACE |", "|---|---|---|"]
    for e, a, r in both:
        lines.append(f"| {r['file']} | {e.status} {e.objective if e.objective is not None else ''} {e.seconds:.2f} s "
                     f"| {a.status} {a.objective if a.objective is not None else ''} {a.seconds:.2f} s |")  # fmt: skip
    contradictions = [f"{r['file']}: {why}" for e, a, r in both if (why := contradiction(e, a))]
    behind = [f"- {r['file']}: ACE {a.status} in {a.seconds:.2f} s ({a.counters.get('wrong decisions', '?'):,} wrong "
              f"decisions); essais {e.status} after {e.seconds:.2f} s, "
              + ", ".join(f"{k} {v:,}" for k, v in e.counters.items())
              for e, a, r in both
              if settled(a, r["optimising"]) and a.seconds <= 2 and not settled(e, r["optimising"])]  # fmt: skip
    write_section(
        "bench_xcsp_shared",
        [
            "## The shared XCSP3 files beside ACE (`.venv/bin/python benchmarks/bench_xcsp_shared.py`)",
            "",
            f"Measured {machine()}. The {len(rows)} PyCSP3 files of ../shared/xcsp3, whole processes one after the",
            f"other, {limit:g} s each: `essais csp FILE --json --time-limit {limit:g}` (its defaults) and `java -jar",
            f"ACE-2.6.jar FILE -t={limit:g}s` (its defaults). Settled: a solution of a satisfaction problem,",
            "unsatisfiability or a proved optimum.",
            "",
            f"- settled: essais **{ours}**, ACE **{theirs}**; optima proved: essais {proved[0]}, ACE {proved[1]}",
            f"- contradictions: {len(contradictions)}" + (": " + "; ".join(contradictions) if contradictions else ""),
            f"- on the {len(long)} files where either takes 1 s or more (times floored at 1 s), the median of ACE's "
            f"time over essais's: **{statistics.median(long):.2f}** (above 1: essais is faster)"
            if long
            else "",
            f"- on the {len(quick)} both settle, median wall time: essais {statistics.median(q[0] for q in quick):.2f}"
            f" s, ACE {statistics.median(q[1] for q in quick):.2f} s (ACE's Java start-up included)"
            if quick
            else "",
            "",
            "Where ACE settles within 2 s what essais does not (essais's counters beside ACE's wrong decisions):",
            "",
            *(behind or ["- none"]),
            "",
            *lines,
        ],
    )


if __name__ == "__main__":
    main()
