"""Graph colouring benchmark: the chromatic number of every graph in tests/data/graphs, proved
by DSATUR branch and bound (one minute each at most), beside networkx's greedy colourings (when
networkx is installed: `pip install networkx`; it is not a dependency of essais).

Run from the repository root:  .venv/bin/python benchmarks/bench_coloring.py
It rewrites its section of BENCHMARKS.md.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from essais.coloring import chromatic_number, load_graph
from essais.core.limits import Limits

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _report import machine, write_section  # noqa: E402

GRAPHS = Path(__file__).resolve().parent.parent / "tests" / "data" / "graphs"


def networkx_colors(path: Path) -> tuple[str, str]:
    try:
        import networkx as nx
    except ImportError:
        return "", ""
    graph = nx.Graph()
    for line in path.read_text().splitlines():
        if line.startswith("e "):
            _, a, b = line.split()
            graph.add_edge(int(a), int(b))
    results = []
    for strategy in ("largest_first", "DSATUR"):
        started = time.perf_counter()
        colors = nx.greedy_color(graph, strategy=strategy)
        results.append(f"{max(colors.values()) + 1} ({time.perf_counter() - started:.3f} s)")
    return results[0], results[1]


def main() -> None:
    rows = []
    for path in sorted(GRAPHS.glob("*.col")):
        graph = load_graph(str(path))
        result = chromatic_number(graph, limits=Limits(time=60))
        found = result.chromatic if result.chromatic is not None else f"{result.lower}…{result.upper} (limit)"
        largest_first, dsatur = networkx_colors(path)
        rows.append(
            f"| {path.stem} | {graph.n} | {graph.edges} | {found} | {result.stats.nodes:,} | "
            f"{result.stats.seconds:.3g} | {largest_first} | {dsatur} |"
        )
        print(rows[-1], flush=True)
    write_section(
        "bench_coloring",
        [
            "## Graph colouring (`.venv/bin/python benchmarks/bench_coloring.py`)",
            "",
            f"Measured {machine()}. The chromatic number, proved (one minute at most each), beside the",
            "number of colours of networkx's greedy colourings (which prove nothing).",
            "",
            "| graph | vertices | edges | chromatic number | nodes | seconds | nx largest_first | nx DSATUR |",
            "|---|---:|---:|---:|---:|---:|---:|---:|",
            *rows,
            "",
            "After DSATUR's first colouring, a seeded tabu search looks for colourings with one colour",
            "fewer (le450_5a: from 10 colours down to 5, its clique's size, so proved at once).",
        ],
    )


if __name__ == "__main__":
    main()
