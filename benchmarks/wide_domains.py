"""Domains of any width: Fisher and Thompson's ft06 (puzzles/ft06.csp) with its horizon widened from
0..60 to 0..10³ … 0..10⁹, proved optimal by `essais csp FILE --method mac/wdeg`, each a whole
process: its peak memory (the process's maximum resident set), its search's seconds and nodes.
From 0..4,096 on the starts are wide domains (their bounds), split by default.

    .venv/bin/python benchmarks/wide_domains.py
"""

import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ESSAIS = Path(sys.executable).with_name("essais")
HORIZONS = [10**3, 10**4, 10**5, 10**6, 10**9]
# a process of its own runs the command and prints its output, then the command's peak memory (KB):
# the children's maximum resident set is one child's only when the parent has no other
MEASURED = (
    "import resource, subprocess, sys; print(subprocess.run(sys.argv[1:], capture_output=True, text=True, "
    "check=True).stdout); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
)


def run(horizon: int, folder: Path) -> dict[str, object]:
    """One whole process on ft06 widened to 0..horizon: the least end, nodes, seconds, peak memory."""
    path = folder / f"ft06_{horizon}.csp"
    path.write_text(re.sub(r"in 0\.\.60", f"in 0..{horizon}", (ROOT / "puzzles" / "ft06.csp").read_text()))
    done = subprocess.run([sys.executable, "-c", MEASURED, str(ESSAIS), "csp", str(path), "--method", "mac/wdeg",
                           "--json"], capture_output=True, text=True, check=True)  # fmt: skip
    *document, peak = done.stdout.strip().splitlines()
    result = json.loads("\n".join(document))
    return {"horizon": horizon, "end": result["objective"], "status": result["status"], "method": result["method"],
            "nodes": result["stats"]["nodes"], "seconds": round(result["stats"]["seconds"], 4),
            "peak MB": round(int(peak) / 1024)}  # fmt: skip


def main() -> None:
    subprocess.run([str(ESSAIS), "csp", str(ROOT / "puzzles" / "ft06.csp")], capture_output=True, check=True)  # (warm)
    with tempfile.TemporaryDirectory() as folder:
        for horizon in HORIZONS:
            print(run(horizon, Path(folder)), flush=True)


if __name__ == "__main__":
    main()
