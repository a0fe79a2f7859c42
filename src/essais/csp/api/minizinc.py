"""essais as a FlatZinc solver (what `minizinc --solver essais` runs, through `fzn-essais`): a FlatZinc
file searched, and its outcome as lines in the protocol of MiniZinc's FlatZinc specification —
each solution's outputs (`x = 3;`, `q = array1d(1..3, [2, 3, 1]);`) closed by `----------`,
then `==========` once the search is complete, `=====UNSATISFIABLE=====` when there is no
solution, `=====UNKNOWN=====` when a limit or a signal came first; with statistics, a block of
`%%%mzn-stat: name=value` lines closed by `%%%mzn-stat-end`."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from essais.core.limits import Limits
from essais.core.result import CountResult, Status
from essais.csp.api.compiling import SOLUTION_END
from essais.csp.api.solving import CspStream, solve_csp
from essais.csp.flatzinc import FlatZinc, read_flatzinc_file
from essais.csp.model.problem import CspResult

COMPLETE = "=========="
UNSATISFIABLE, UNKNOWN = "=====UNSATISFIABLE=====", "=====UNKNOWN====="


@dataclass(frozen=True)
class FlatZincRun:
    """How MiniZinc asks for a search (its standard flags): `every` (-a: every solution of a
    satisfaction problem, each better one of an optimisation), `intermediate` (-i: each better
    one), `most` (-n: at most so many), `statistics` (-s), `free` (-f: essais's own order, not
    the annotations'), essais's method (which overrides the annotations') and engine, and
    `processes` (-p: the best solution of an optimisation sought by a search split over that
    many processes, which share the best so far)."""

    every: bool = False
    intermediate: bool = False
    most: int | None = None
    statistics: bool = False
    method: str | None = None
    engine: str | None = None
    free: bool = False
    processes: int = 1


def flatzinc_lines(source: str | Path, run: FlatZincRun, limits: Limits | None = None,
                   say: Callable[[str], object] = print) -> Iterator[str]:  # fmt: skip
    """The lines a FlatZinc solver prints for the file `source`, as the search finds them; `say`
    tells (once each) what essais does otherwise than the search annotations ask."""
    flat = read_flatzinc_file(source, limits=limits)
    method = run.method or (None if run.free else flat.search.method)
    for note in flat.search.notes if method == flat.search.method else ():
        say(f"essais: {note}")
    optimising = flat.model.objective is not None
    if optimising and run.processes > 1 and not (run.every or run.intermediate):
        yield from _split_best(flat, run, method, limits)
        return
    most = run.most if run.most is not None else (None if run.every or optimising else 1)
    stream = CspStream(flat.model, method=method, engine=run.engine, limits=limits, limit=most)
    shown = every_better = run.every or run.intermediate
    last: list[int] | None = None
    found = 0
    for values in stream:
        found, last = found + 1, list(values.values())
        if shown or not optimising:
            yield from _solution(flat, last)
    if optimising and not every_better and last is not None:
        yield from _solution(flat, last)  # (the best, once: the search is over)
    status = stream.result.status
    if status is Status.COMPLETE and (optimising or most is None or found < most):
        yield COMPLETE if found else UNSATISFIABLE
    elif not found and status is not Status.COMPLETE:
        yield UNKNOWN
    if run.statistics:
        yield from _statistics(stream.result, found)


def _split_best(flat: FlatZinc, run: FlatZincRun, method: str | None, limits: Limits | None) -> Iterator[str]:
    """The best solution sought over `run.processes` processes (solve_csp's split), printed once
    the search ends: proved, or the best when a limit or a signal stopped it."""
    best = solve_csp(flat.model, method=method, engine=run.engine, limits=limits, workers=run.processes)
    if best.values is not None:
        yield from _solution(flat, list(best.values.values()))
    if best.optimal:
        yield COMPLETE
    elif best.values is None:
        yield UNSATISFIABLE if best.status is Status.NONE else UNKNOWN
    if run.statistics:
        yield from _statistics(best, int(best.values is not None))


def _solution(flat: FlatZinc, values: list[int]) -> Iterator[str]:
    for output in flat.outputs:
        yield output.text(values)
    yield SOLUTION_END


def _statistics(result: CspResult | CountResult, found: int) -> Iterator[str]:
    """MiniZinc's statistics in essais's counters: nodes (calls entered), failures (backtracks),
    propagations (revisions), solutions, solveTime (the search's seconds), and essais's own."""
    stats = result.stats
    own = stats.own or {}
    named = {"solutions": found, "nodes": stats.nodes, "failures": stats.backtracks,
             "propagations": own.get("revisions", 0), "solveTime": f"{stats.seconds:.4f}",
             "method": f'"{result.method}"', **{f"essais_{k}": v for k, v in own.items()}}  # fmt: skip
    for name, value in named.items():
        yield f"%%%mzn-stat: {name}={value}"
    yield "%%%mzn-stat-end"
