"""Exact covers (Knuth's Algorithm X and C by dancing links, essais.core.cover): a cover problem
of one's own, read from Knuth's text format or built in code, and the generators' puzzles
(polyomino packings, Langford pairs); the first solution, every solution lazily, counts split
over processes or a Dask cluster.

Methods: `dlx` (the item with the fewest options left first, the default) and `first` (the
first item left); both in the python engine (Knuth's steps) and the numba engine, with the
same answers and counters: nodes (1 + options chosen), tries (options taken from the chosen
item's list), backtracks (options taken back) and updates (links removed).

Examples
--------
>>> problem = CoverProblem.make(["a", "b", "c"], ["a b", "c", "a", "b c"])
>>> result = solve_cover(problem, engine="python")
>>> result.options, result.stats.own
([0, 1], {'updates': 5})
>>> count_covers(problem).count
2
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from essais.core.cover import search
from essais.core.cover.problem import BYTES_PER_CHARACTER, CoverError, CoverProblem, parse_cover
from essais.core.engine import CountingSearch, SolutionStream
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchControl, limits_from, setting_up
from essais.core.parallel import Progress
from essais.core.parallel.settings import Settings
from essais.core.result import Status
from essais.core.text import read_text, source_name
from essais.cover.model import METHODS, CoverCount, CoverResult, ExactCover

Puzzle = ExactCover | CoverProblem | str | Path  # a path: a file in Knuth's text format


def read_cover(source: str | Path, *, limits: Limits | None = None) -> ExactCover:
    """A cover problem from a file in Knuth's text format, or `-` for standard input (see
    essais.core.cover.problem); its reading counts in the time limit."""
    with setting_up(limits):
        text = read_text(source, limits=limits, bytes_per_character=BYTES_PER_CHARACTER, error=CoverError)
        return ExactCover(parse_cover(text, source_name(source), limits))


def as_puzzle(puzzle: Puzzle, limits: Limits | None = None) -> ExactCover:
    """A puzzle as it is; a bare problem as an ExactCover; a path read under `limits` (read_cover)."""
    if isinstance(puzzle, str | Path):
        return read_cover(puzzle, limits=limits)
    if isinstance(puzzle, CoverProblem):
        return ExactCover(puzzle)
    if not isinstance(puzzle, ExactCover):
        raise InvalidInput(f"problem: {puzzle!r} is not a CoverProblem nor a puzzle of essais.cover")
    return puzzle


def solve_cover(
    puzzle: Puzzle,
    *,
    method: str | None = None,
    engine: str | None = None,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> CoverResult:
    """The first exact cover the search finds (options in the order it chose them), or none:
    options that hold every primary item once and every secondary item at most once (or in one
    colour). `puzzle`: a CoverProblem, a generator's puzzle (polyomino, langford) or a file's path.

    Examples
    --------
    >>> from essais.cover import polyomino
    >>> print(solve_cover(polyomino("3x20")).text())
    UUXIIIIINNNFTWYYYYZV
    UXXXPPLNNFFFTWWYZZZV
    UUXPPPLLLLFTTTWWZVVV
    """
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    puzzle = as_puzzle(puzzle, limits)
    settings = Settings.of(METHODS, method, engine, limits=limits)
    status, options, stats = search.first_cover(puzzle.problem, settings)
    return CoverResult(status, puzzle, options, stats, settings.method, settings.engine)


def count_covers(
    puzzle: Puzzle,
    *,
    method: str | None = None,
    engine: str | None = None,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
    workers: int | None = 1,
    scheduler: str | None = None,
    checkpoint: str | Path | None = None,
    progress: Progress | None = None,
) -> CoverCount:
    """Every exact cover counted: in one search, or (numba engine) split into sub-trees run on
    `workers` processes (None: one per core), a Dask `scheduler` (`local` or an address), with
    an optional `checkpoint` file that a count stopped partway resumes from. A split count
    gives the same count and counters as one search.

    Examples
    --------
    >>> from essais.cover import langford, polyomino
    >>> count_covers(langford(8)).to_dict()["sequences"]
    300
    >>> count_covers(polyomino("6x10", distinct=True), workers=2).count
    2339
    """
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    settings = Settings.of(METHODS, method, engine, count=True, limits=limits, workers=workers, scheduler=scheduler,
                           checkpoint=checkpoint, progress=progress)  # fmt: skip
    puzzle = as_puzzle(puzzle, limits)
    tally = search.count_covers(puzzle.problem, settings)
    return CoverCount(tally.status, tally.count, tally.stats, tally.method, tally.engine, tally.split, puzzle=puzzle)


class CoverStream(SolutionStream[CountingSearch, list[int]]):
    """Every exact cover in the search's order, lazily (each as its options' indices);
    `result` says how the stream ended."""

    def __init__(
        self,
        puzzle: Puzzle,
        *,
        method: str | None = None,
        engine: str | None = None,
        limit: int | None = None,
        limits: Limits | None = None,
        time_limit: float | None = None,
        node_limit: int | None = None,
        memory_limit: int | str | None = None,
    ) -> None:
        limits = limits_from(limits, time_limit, node_limit, memory_limit)
        self.puzzle = as_puzzle(puzzle, limits)
        method, engine = METHODS.resolve(method, engine, count=True)
        build: Callable[[SearchControl], CountingSearch] = search.cover_engine(
            self.puzzle.problem, method, engine, limits
        )
        result = CoverCount(Status.COMPLETE, 0, method=method, engine=engine, puzzle=self.puzzle)
        super().__init__(limits, build, lambda engine: engine.solutions(), result, limit)
