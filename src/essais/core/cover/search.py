"""Exact covering for every problem that is one (essais.cover, queens' method dlx): the first
solution, every solution lazily, and counts, split over processes or a Dask cluster.

A solution is the list of its options' indices, in the order the search chose them. The
methods: `dlx` (the item with the fewest options left first) and `first` (the first item
left), each in the python engine (core.cover.textbook) and the numba engine
(core.cover.compiled), with the same answers and counters.

A split count (core.parallel.frontier) lists the roots of the sub-trees at the shallowest level with at
least SPLIT_TARGET of them (the nodes above them counted as the one search counts them), then counts
each sub-tree apart (core.parallel): the same count and the same counters as one search.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from essais.core.cover.links import link
from essais.core.cover.problem import CoverProblem
from essais.core.cover.textbook import TextbookCover
from essais.core.engine import CountingSearch, Methods, check_memory, loading_compiled, run_search
from essais.core.limits import Limits, SearchControl
from essais.core.parallel.frontier import split_count
from essais.core.parallel.settings import Settings
from essais.core.result import Stats, Status

METHODS = Methods({"dlx": ("python", "numba"), "first": ("python", "numba")}, default={"python": "dlx", "numba": "dlx"})
# A node's memory, the larger engine's: the numba engine packs four or five int32 fields (int64
# past 429 million nodes), the python engine holds four list slots and their int objects (8 + 28
# bytes each), rounded up.
BYTES_PER_NODE = 160


@dataclass
class CoverTally:
    """A count of exact covers: how it ended, the solutions counted, the counters, and for a
    split count how many sub-trees were done (core.parallel.SplitRun.to_dict)."""

    status: Status
    count: int
    stats: Stats
    method: str
    engine: str
    split: dict[str, int] | None = None


def checked(problem: CoverProblem, limits: Limits | None) -> CoverProblem:
    """The problem, once the memory of its dancing links is checked (before they are made)."""
    check_memory(problem.arrays.node_count() * BYTES_PER_NODE, f"the dancing links of {problem.name}", limits)
    return problem


def cover_engine(
    problem: CoverProblem, method: str, engine: str, limits: Limits | None
) -> Callable[[SearchControl], CountingSearch]:
    """The builder of one search in the engine asked for; compiled code loads only then."""
    if engine == "numba":
        with loading_compiled("exact cover"):
            from essais.core.cover.compiled import CompiledCover

        return lambda control: CompiledCover(checked(problem, limits).arrays, method, control)
    return lambda control: TextbookCover(link(checked(problem, limits).arrays), method, control)


def first_cover(problem: CoverProblem, settings: Settings) -> tuple[Status, list[int] | None, Stats]:
    """The first solution: (status found/none/limit/interrupted, its options or None, the
    counters)."""
    build = cover_engine(problem, settings.method, settings.engine, settings.limits)
    run = run_search(settings.limits, build, lambda search: next(search.solutions(), None))
    return run.status, run.value, run.stats


def count_covers(problem: CoverProblem, settings: Settings) -> CoverTally:
    """Every solution counted: in one search, or (numba engine) split into sub-trees run as
    the settings say (processes, a Dask scheduler, a checkpoint file)."""
    settings.check_split()
    if settings.split:
        return _split_count(problem, settings)
    build = cover_engine(problem, settings.method, settings.engine, settings.limits)
    run = run_search(settings.limits, build, lambda search: search.count())
    counted = run.engine.so_far() if run.engine is not None else 0  # (a stopped count: its solutions so far)
    return CoverTally(run.stopped or Status.COMPLETE, counted, run.stats, settings.method, settings.engine)


def _split_count(problem: CoverProblem, settings: Settings) -> CoverTally:
    with loading_compiled("exact cover"):
        from essais.core.cover.compiled import CompiledCover, count_subtree

    arrays = checked(problem, settings.limits).arrays
    method = settings.method
    described = {"problem": "cover", "name": problem.name, "digest": problem.digest, "method": method}
    done = split_count(described, lambda control: CompiledCover(arrays, method, control),
                       lambda prefix: (problem.arrays, method, prefix), count_subtree,
                       nothing=Stats(own={"updates": 0}), settings=settings)  # fmt: skip
    return CoverTally(done.status, done.count, done.stats, method, "numba", done.split)
