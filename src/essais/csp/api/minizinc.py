"""essais as a FlatZinc solver (what `minizinc --solver essais` runs, through `fzn-essais`): a FlatZinc
file searched, and its outcome as lines in the protocol of MiniZinc's FlatZinc specification —
each solution's outputs (`x = 3;`, `q = array1d(1..3, [2, 3, 1]);`) closed by `----------`,
then `==========` once the search is complete, `=====UNSATISFIABLE=====` when there is no
solution, `=====UNKNOWN=====` when a limit or a signal came first; with statistics, a block of
`%%%mzn-stat: name=value` lines closed by `%%%mzn-stat-end`."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from essais.core.limits import Limits, SearchStopped
from essais.core.result import CountResult, Status
from essais.csp.api.compiling import SOLUTION_END
from essais.csp.api.solving import CspStream, solve_csp
from essais.csp.flatzinc import FlatZinc, read_flatzinc_file
from essais.csp.kinds import fitted_width
from essais.csp.model.problem import MAX_SPAN, CspCount, CspResult, Model

COMPLETE = "=========="
UNSATISFIABLE, UNKNOWN = "=====UNSATISFIABLE=====", "=====UNKNOWN====="
# No engine named: a small model is searched first by the python engine, which loads in no time,
# for at most QUICK_SECONDS; past them, the numba engine (whose loading, numba's included, takes
# 0.3 s of a process) searches it again from the start. The two give the same solutions in the
# same order with the same counters, so the outcome is the numba engine's either way.
# Only for a small model of narrow domains: on the shared MiniZinc instances, those of 100
# constraints or fewer whose domains span at most 128 values went from 0.58 s to 0.30 s a whole
# process, where those of wider domains lost 0.1 s to 0.4 s (the python engine's bounds creep on a
# schedule's horizon for longer than the numba engine takes to load).
# No method named, one solution or the best sought: the search the annotations ask for, and the same
# with last-conflict reasoning beside it (core.portfolio). On the shared instances it settles 55
# and proves 35 optima where the annotations' search alone settled 50 and proved 30 (BENCHMARKS.md,
# minizinc_portfolio).
PAIRED_METHOD = "mac/portfolio"
QUICK_SECONDS = 0.1
QUICK_CONSTRAINTS = 100
QUICK_SPAN = 128


@dataclass(frozen=True)
class FlatZincRun:
    """How MiniZinc asks for a search (its standard flags): `every` (-a: every solution of a
    satisfaction problem, each better one of an optimisation), `intermediate` (-i: each better
    one), `most` (-n: at most so many), `statistics` (-s), `free` (-f: essais's own order, not
    the annotations'), essais's method (its orders for the variables the annotations leave; every
    variable's with `free`; none named: PAIRED_METHOD for one solution or the best) and engine, and
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
    method = run.method
    if run.free:  # (the annotations' phases give way)
        flat.model.phases.clear()
    for note in flat.search.notes if flat.model.phases else ():
        say(f"essais: {note}")
    optimising, width = flat.model.objective is not None, fitted_width(flat.model, method)
    if optimising and run.processes > 1 and not (run.every or run.intermediate):
        yield from _split_best(flat, run, method, limits, width)
        return
    most = run.most if run.most is not None else (None if run.every or optimising else 1)
    if method is None and (optimising or most == 1):
        method = PAIRED_METHOD
    stream = QuickFirst(flat.model, method, run.engine, limits, most, width)
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


class QuickFirst:
    """A model's solutions as CspStream gives them (`result`: how the search ended), searched
    first by the python engine for at most QUICK_SECONDS where no engine is named and the model
    is small, then, if the search goes on past them, by the numba engine from the start, the
    solutions already given skipped. (The python engine looks at the clock every 16 nodes at
    first, then every 50 ms or so: a small model's nodes are quick.)"""

    def __init__(self, model: Model, method: str | None, engine: str | None, limits: Limits | None,
                 most: int | None, width: int = MAX_SPAN) -> None:  # fmt: skip
        self.model, self.method, self.engine, self.limits, self.most = model, method, engine, limits, most
        self.width = width  # (the bit-set width)
        self.result: CountResult = CspCount(Status.COMPLETE, 0)

    def __iter__(self) -> Iterator[dict[str, int]]:
        given = 0
        if self.engine is None and _small(self.model):
            try:
                quick = self._quick()
            except SearchStopped:  # (its time ran out while the model was made ready: the numba engine's turn)
                quick = None
            for values in quick or ():
                given += 1
                yield values
            if quick is not None:
                self.result = quick.result
                if not self._outgrown(quick.result):
                    return
        stream = CspStream(self.model, method=self.method, engine=self.engine, limits=self.limits, limit=self.most,
                           bitset_width=self.width)  # fmt: skip
        for k, values in enumerate(stream):
            if k >= given:
                yield values
        self.result = stream.result

    def _quick(self) -> CspStream:
        limits = self.limits or Limits()
        seconds = QUICK_SECONDS if limits.time is None else min(limits.time, QUICK_SECONDS)
        quick = replace(limits, time=seconds).from_now()
        return CspStream(self.model, method=self.method, engine="python", limits=quick, limit=self.most,
                         bitset_width=self.width)  # fmt: skip

    def _outgrown(self, result: CountResult) -> bool:
        """The python engine stopped at a limit, not the run's own node limit (its time limit, if
        that is what stopped it, stops the numba engine at once)."""
        own = self.limits.nodes if self.limits is not None else None
        return result.status is Status.LIMIT and (own is None or result.stats.nodes < own)


def _small(model: Model) -> bool:
    """A model the python engine may try first: few constraints, narrow domains."""
    narrow = all(domain[-1] - domain[0] < QUICK_SPAN for domain in model.domains if domain)
    return len(model.constraints) <= QUICK_CONSTRAINTS and narrow


def _split_best(flat: FlatZinc, run: FlatZincRun, method: str | None, limits: Limits | None,
                width: int) -> Iterator[str]:  # fmt: skip
    """The best solution sought over `run.processes` processes (solve_csp's split; `width`: the
    bit-set width), printed once the search ends: proved, or the best when a limit or a signal
    stopped it."""
    best = solve_csp(flat.model, method=method, engine=run.engine, limits=limits, workers=run.processes,
                     bitset_width=width)  # fmt: skip
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
    """MiniZinc's statistics in essais's counters: nodes (calls entered), failures (the values
    tried that did not become a node: their propagation emptied a domain, as a failed node is to
    Gecode; not the backtracks, which count every level backed up from, one for each variable
    fixed along a solution's path), propagations (revisions), solutions, solveTime (the search's
    seconds), and essais's own."""
    stats = result.stats
    own = stats.own or {}
    failed = max(stats.tries - (stats.nodes - 1), 0)
    named = {"solutions": found, "nodes": stats.nodes, "failures": failed,
             "propagations": own.get("revisions", 0), "solveTime": f"{stats.seconds:.4f}",
             "method": f'"{result.method}"', **{f"essais_{k}": v for k, v in own.items()}}  # fmt: skip
    for name, value in named.items():
        yield f"%%%mzn-stat: {name}={value}"
    yield "%%%mzn-stat-end"
