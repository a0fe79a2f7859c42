"""One input, several methods (and engines), one table: how each search ended and what it cost
(nodes, tries, backtracks, seconds), each as a ratio to the first. Every run is the one the
single function makes, in one process (`workers=1`), so its figures are those of the single
command; a method whose counters depend on the timing (uncrossed `parallel`) is marked so.

Examples
--------
>>> table = compare("tour", 5, methods=["basic", "band:python", "warnsdorff"])
>>> [(row.method, row.engine, row.result.stats.backtracks) for row in table.rows]
[('basic', 'numba', 74276), ('band', 'python', 74276), ('warnsdorff', 'numba', 0)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from essais import api
from essais.core.errors import InvalidInput
from essais.core.result import Result, Stats, Status, SweepStats, format_seconds
from essais.cover import count_covers, langford, polyomino, solve_cover
from essais.csp import count_csp, read_model, solve_csp
from essais.draw.picture import Pictured
from essais.draw.plots import figure_svg, series_figure
from essais.queens import find_queens
from essais.queens.model import as_n
from essais.sudoku import count_sudoku

Run = Callable[..., Result]  # (input, method=…, engine=…, limits…) -> a result


def records_depths(problem: str, name: str) -> bool:
    """Whether the run of `name` (METHOD or METHOD:ENGINE) records its nodes per depth: every
    python engine does, and a few compiled methods."""
    method, _, engine = name.partition(":")
    return engine == "python" or (problem, method) in RECORD_DEPTHS


def _queens(n: Any, **options: Any) -> Result:
    return find_queens(as_n(n), **options)


def _queens_count(n: Any, **options: Any) -> Result:
    return api.count_queens(as_n(n), **options)


def _polyomino(board: Any, count: bool = False, **options: Any) -> Result:
    run = count_covers if count else solve_cover
    return run(polyomino(str(board), distinct=bool(options.pop("distinct", False))), **options)


def _csp(file: Any, count: bool = False, **options: Any) -> Result:
    return (count_csp if count else solve_csp)(read_model(str(file)), **options)


def _langford(n: Any, count: bool = False, **options: Any) -> Result:
    if not str(n).strip().isdigit():
        raise InvalidInput(f"n: {n!r} must be a positive whole number")
    return (count_covers if count else solve_cover)(langford(int(n)), **options)


# for each problem: (the search for one solution, the count), each called as (input, method, engine, limits)
PROBLEMS: dict[str, tuple[Run, Run | None]] = {
    "tour": (api.find_tour, api.count_tours),
    "queens": (_queens, _queens_count),
    "sudoku": (api.solve_sudoku, count_sudoku),
    "color": (api.color_graph, None),
    "uncrossed": (api.longest_uncrossed, None),
    "cover": (solve_cover, count_covers),
    "polyomino": (_polyomino, lambda board, **options: _polyomino(board, count=True, **options)),
    "langford": (_langford, lambda n, **options: _langford(n, count=True, **options)),
    "csp": (_csp, lambda file, **options: _csp(file, count=True, **options)),
}
TIMING_DEPENDENT = {("uncrossed", "parallel")}  # counters that depend on how the processes interleave
RECORD_DEPTHS = {("sudoku", "textbook")}  # compiled methods that record their nodes per depth too
WITH_WORKERS = {("tour", True), ("queens", True), ("uncrossed", False), ("cover", True), ("polyomino", True),
                ("langford", True)}  # runs that take `workers`  # fmt: skip


@dataclass
class Compared:
    """One method's run: the method and engine that ran, its result, and whether its counters
    depend on the timing (then they differ from run to run)."""

    method: str
    engine: str
    result: Result
    timing_dependent: bool = False

    def ratios(self, first: Compared) -> dict[str, float | None]:
        """Each figure as a ratio to the first method's (None where that one is 0)."""
        mine, theirs = self.result.stats, first.result.stats
        names = ("nodes", "tries", "backtracks", "seconds")
        return {name: _divided(getattr(mine, name), getattr(theirs, name)) for name in names}


@dataclass(eq=False, repr=False)
class Comparison(Pictured, Result):
    """The runs of several methods on one input, in the order asked for. `stats` sums them."""

    problem: str
    input: str
    rows: list[Compared]
    count: bool = False
    method: str | None = "compare"
    engine: str | None = None

    def __post_init__(self) -> None:
        self.engine = ", ".join(sorted({row.engine for row in self.rows}))  # the engines that ran

    @property
    def stats(self) -> Stats:  # type: ignore[override]
        """The counters of every run, summed."""
        return sum((row.result.stats for row in self.rows), Stats())

    @property
    def status(self) -> Status:  # type: ignore[override]
        """Complete, unless Ctrl-C stopped one of the runs (the later ones did not run)."""
        stopped = any(row.result.status == Status.INTERRUPTED for row in self.rows)
        return Status.INTERRUPTED if stopped else Status.COMPLETE

    @property
    def found(self) -> bool:
        return any(row.result.found for row in self.rows)

    @property
    def solution(self) -> list[Compared]:
        return self.rows

    def headline(self) -> str:
        what = "counts" if self.count else "searches"
        return f"{self.problem} {self.input}: {len(self.rows)} {what} compared (ratios to {self._first()})"

    def _first(self) -> str:
        return f"{self.rows[0].method}, {self.rows[0].engine}" if self.rows else "none"

    def brief(self) -> str:
        return f"{self.problem} {self.input}: {', '.join(f'{row.method}:{row.engine}' for row in self.rows)}"

    def text(self) -> str:
        """The table: a row per method, its count (for counts), its figures and their ratios to
        the first."""
        own = list(dict.fromkeys(name for row in self.rows for name in row.result.stats.own))  # (updates…)
        optimised = any(getattr(row.result, "objective", None) is not None for row in self.rows)  # (a model's best)
        header = ["method", "engine", "status", *(["objective"] if optimised else []),
                  *(["count"] if self.count else []), "nodes", "tries", "backtracks", *own, "seconds", "×nodes",
                  "×seconds"]  # fmt: skip
        lines = [header]
        for row in self.rows:
            stats, ratios = row.result.stats, row.ratios(self.rows[0])
            mark = " *" if row.timing_dependent else " †" if isinstance(stats, SweepStats) else ""
            counted = [_count_of(row.result)] if self.count else []
            objective = getattr(row.result, "objective", None)
            best = [f"{objective:,}" if objective is not None else "—"] if optimised else []
            owned = [f"{stats.own[name]:,}" if name in stats.own else "—" for name in own]
            lines.append([row.method + mark, row.engine, str(row.result.status), *best, *counted, f"{stats.nodes:,}",
                          f"{stats.tries:,}", f"{stats.backtracks:,}", *owned, format_seconds(stats.seconds),
                          _ratio(ratios["nodes"]), _ratio(ratios["seconds"])])  # fmt: skip
        widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
        text = "\n".join("  ".join(_aligned(line, widths)).rstrip() for line in lines)
        if any(row.timing_dependent for row in self.rows):
            text += "\n* counters that depend on the timing of its processes: they differ from run to run"
        if any(isinstance(row.result.stats, SweepStats) for row in self.rows):
            text += "\n† a sweep over states: its nodes are the states it made, its tries the choices it tried"
        return text

    @property
    def drawable(self) -> bool:
        """A chart exists when a run recorded its nodes per depth (the python engines do)."""
        return any(row.result.stats.depths for row in self.rows)

    def left_out(self) -> list[str]:
        """The runs the chart leaves out: they did not record their nodes per depth."""
        return [f"{row.method}:{row.engine}" for row in self.rows if not row.result.stats.depths]

    def figure(self) -> Any:
        """The nodes per depth of each run that recorded them (the python engines), one line
        each on a log scale; the others are named under the plot."""
        series = {f"{row.method}:{row.engine}": list(row.result.stats.depths or []) for row in self.rows
                  if row.result.stats.depths}  # fmt: skip
        if not series:
            raise InvalidInput("png: no run recorded its nodes per depth (the python engines do: METHOD:python)")
        left = self.left_out()
        note = f"left out (no nodes per depth recorded): {', '.join(left)}" if left else ""
        return series_figure(series, "depth", "nodes", f"{self.problem} {self.input[:40]}: nodes per depth", note)

    def to_svg(self) -> str:
        """The chart of `figure()` as SVG."""
        return figure_svg(self.figure())

    def to_dict(self) -> dict[str, Any]:
        first = self.rows[0] if self.rows else None
        return {
            "status": str(self.status),
            "found": self.found,
            "problem": self.problem,
            "input": self.input,
            "count": self.count,
            **self.ran_keys(),
            "runs": [
                {
                    "method": row.method,
                    "engine": row.engine,
                    "timing_dependent": row.timing_dependent,
                    "result": row.result.to_dict(),
                    "ratios": row.ratios(first) if first else {},
                }  # fmt: skip
                for row in self.rows
            ],
            "stats": self.stats.to_dict(),
        }


def _count_of(result: Result) -> str:
    """A count as the table shows it ("—" for a sweep stopped before its end)."""
    if getattr(result, "known", True) is False:
        return "—"
    count = getattr(result, "count", None)
    return "" if count is None else f"{count:,}"


def _aligned(cells: list[str], widths: list[int]) -> list[str]:
    """The words of a row to the left (method, engine, status), the figures to the right."""
    return [
        cell.ljust(width) if i < 3 else cell.rjust(width)
        for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
    ]


def _divided(value: float, by: float) -> float | None:
    return value / by if by else None


def _ratio(value: float | None) -> str:
    return "—" if value is None else f"{value:.3g}"


def compare(
    problem: str,
    problem_input: Any,
    *,
    methods: Sequence[str],
    count: bool = False,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
    **options: Any,
) -> Comparison:
    """Run each of `methods` ("basic", or "basic:python" for a method in one engine) on the
    same input of `problem` (tour, queens, sudoku, color, uncrossed, cover: a file in Knuth's
    format, polyomino: a board, langford: n, csp: a model file, its methods with their orders,
    `mac/input`), with `count` the counts (tour, queens, sudoku, cover, polyomino, langford,
    csp), each in one process under the same limits; `options` are the problem's own (`start`,
    `closed`, `k`, `distinct`…)."""
    if problem not in PROBLEMS:
        raise InvalidInput(f"problem: {problem!r} is not one of {', '.join(PROBLEMS)}")
    find, counter = PROBLEMS[problem]
    run = counter if count else find
    if run is None:
        raise InvalidInput(f"count: {problem} has no count to compare")
    if isinstance(methods, str) or not methods:
        raise InvalidInput(f"methods: {methods!r} must name at least one method (a list, e.g. ['basic', 'prune'])")
    if (problem, count) in WITH_WORKERS:
        options["workers"] = 1
    limits = {"time_limit": time_limit, "node_limit": node_limit, "memory_limit": memory_limit}
    rows = []
    for name in methods:
        method, _, engine = str(name).partition(":")
        try:
            result = run(problem_input, method=method or None, engine=engine or None, **limits, **options)
        except InvalidInput as error:  # a method or an engine of the list: name the list
            parameter, _, reason = str(error).partition(": ")
            raise InvalidInput(f"methods: {reason}" if parameter in ("method", "engine") else str(error)) from None
        ran_method, ran_engine = result.method or method, result.engine or engine
        rows.append(Compared(ran_method, ran_engine, result, (problem, ran_method) in TIMING_DEPENDENT))
        if result.status == Status.INTERRUPTED:
            break
    return Comparison(problem, str(problem_input), rows, count)
