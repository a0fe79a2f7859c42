"""mac's queue with its events and without (every kind woken by any value gone), on FlatZinc
files: the annotations' search in the numba engine, each run within a time limit; prints the
nodes, revisions and seconds of both, a line a file (BENCHMARKS.md, `minizinc_events`).

    minizinc -c --solver essais.msc MODEL.mzn DATA.dzn --fzn FILE.fzn   # essais's library
    .venv/bin/python benchmarks/events_on_off.py FILE.fzn ...
"""

import argparse
import time
from contextlib import ExitStack, nullcontext
from unittest.mock import patch

from essais.csp import solve_csp
from essais.csp.flatzinc import read_flatzinc_file
from essais.csp.kinds import base
from essais.csp.kinds.registry import KINDS


def waking_on_every_change() -> ExitStack:
    """Every kind's wakes set to any value gone (the queue as it was before events)."""
    stack = ExitStack()
    for kind in {type(k) for k in KINDS.values()}:
        stack.enter_context(patch.object(kind, "wakes", lambda self, constraint, wide: base.ON_DOMAIN))
    return stack


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("files", nargs="+")
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    for path in args.files:
        model = read_flatzinc_file(path).model
        solve_csp(model, method="mac", node_limit=100)  # (the kernels loaded before the clock)
        row = [path]
        for name, events in (("off", waking_on_every_change), ("on", nullcontext)):
            with events():
                start = time.perf_counter()
                found = solve_csp(model, method="mac", time_limit=args.seconds)
                seconds = time.perf_counter() - start
            row.append(f"{name}: {found.status.name.lower()} nodes {found.stats.nodes:,} "
                       f"revisions {found.stats.own['revisions']:,} {seconds:.2f} s")  # fmt: skip
        print(" | ".join(row), flush=True)


if __name__ == "__main__":
    main()
