"""The counters of every puzzle file and test model, as a snapshot that a change of the csp
package's layout must keep (issue "A constraint is one place"): each model run by each method
and order, in both engines, for its first (or best) solution and for its count, with a node
limit so that every run is short. `python tests/csp/csp_snapshot.py` writes counters.json
anew; test_counter_snapshot.py compares.

A run's record: its status, its nodes, tries and backtracks, its own counters (pruned,
revisions, improvements, restarts), and for a solution its values; never its seconds."""

from __future__ import annotations

import json
import multiprocessing
import sys
from pathlib import Path
from typing import Any

from essais.csp import count_csp, read_model, read_xcsp, solve_csp

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT = Path(__file__).with_name("counters.json")
NODE_LIMIT = 400  # every run stops here at the latest (the same node in both engines)
# models whose nodes cost the python engine much more (golomb12: 0.07 s a node under mac)
NODE_LIMITS = {"puzzles/golomb12.csp": 20}
ORDERS = [f"{m}/{v}/{w}" for m in ("basic", "forward", "mac") for v in ("input", "mrv", "wdeg") for w in ("min", "lcv")]
# what the quick suite runs in the python engine (the numba engine runs every order there)
QUICK_PYTHON = ("basic/input/min", "forward/mrv/lcv", "mac/mrv/min", "mac/wdeg/min")


def model_paths() -> list[Path]:
    """The puzzles' model files and the XCSP3 files of the tests."""
    return sorted((ROOT / "puzzles").glob("*.csp")) + sorted((ROOT / "tests" / "data" / "xcsp").glob("*.xml"))


def read(path: Path) -> Any:
    return read_xcsp(path) if path.suffix == ".xml" else read_model(path)


def runs() -> list[tuple[str, str, str, str]]:
    """(model file, engine, method, what: solve, count or restarts) of every run recorded."""
    found = []
    for path in model_paths():
        name = path.relative_to(ROOT).as_posix()
        for engine in ("python", "numba"):
            for method in ORDERS:
                found += [(name, engine, method, "solve"), (name, engine, method, "count")]
            found.append((name, engine, "mac/wdeg/min", "restarts"))
    return found


def record(name: str, engine: str, method: str, what: str) -> dict[str, Any]:
    """One run's status, counters and (first solution) values."""
    model = read(ROOT / name)
    limit = NODE_LIMITS.get(name, NODE_LIMIT)
    if what == "count":
        result: Any = count_csp(model, method=method, engine=engine, node_limit=limit)
    else:
        restarts = "luby" if what == "restarts" else None
        result = solve_csp(model, method=method, engine=engine, node_limit=limit, restarts=restarts)
    stats = result.stats
    found: dict[str, Any] = {"status": str(result.status), "nodes": stats.nodes, "tries": stats.tries,
                             "backtracks": stats.backtracks, "own": dict(stats.own)}  # fmt: skip
    if what == "count":
        found["count"] = result.count
    elif result.values is not None:
        found["values"] = result.values
    return found


def key(run: tuple[str, str, str, str]) -> str:
    return " ".join(run)


def _recorded(run: tuple[str, str, str, str]) -> tuple[str, dict[str, Any]]:
    print(key(run), file=sys.stderr)
    return key(run), record(*run)


def main() -> None:
    with multiprocessing.Pool() as pool:
        snapshot = dict(pool.map(_recorded, runs(), chunksize=4))
    lines = (f"{json.dumps(name)}: {json.dumps(snapshot[name], sort_keys=True)}" for name in sorted(snapshot))
    SNAPSHOT.write_text("{\n" + ",\n".join(lines) + "\n}\n")  # (a run a line)


if __name__ == "__main__":
    main()
