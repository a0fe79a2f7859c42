"""Every tour, lazily, in depth-first order: from one start (TourStream) or from each start
in turn (StreamFromEveryStart)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from essais.core.board import Square
from essais.core.engine import SolutionStream
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, limits_from
from essais.core.result import Status
from essais.knights.model import (
    TourProblem,
    TourSearch,
    check_problem,
)
from essais.knights.searches import (
    builder,
    complete_method,
    tour_count,
)


class TourStream(SolutionStream[TourSearch, list[Square]]):
    """Every tour from one start, in depth-first order, lazily: iterate over it to get the
    paths; afterwards `result` says how it ended (complete, found = `limit` tours given,
    limit or interrupted) with the count and the counters."""

    def __init__(
        self,
        problem: TourProblem,
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
        problem = check_problem(problem)
        method, engine = complete_method(method, engine, problem)
        self.problem = problem
        build = builder(problem, method, engine)
        result = tour_count(problem, method, engine)
        super().__init__(limits, build, lambda engine: engine.tours(method), result, limit)

    def __iter__(self) -> Iterator[list[Square]]:
        if self.problem.impossible:
            return iter(())
        return super().__iter__()


class StreamFromEveryStart:
    """Every tour from each start square in reading order, as one stream (`--all
    --every-start`): iterate for (start, path) pairs; `result` then holds how it ended, the
    number of tours and the counters summed over the starts. `limit` bounds the whole stream;
    the limits apply to each start."""

    def __init__(
        self,
        problem: TourProblem,
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
        problem = check_problem(problem)
        method, engine = complete_method(method, engine, problem)
        if limit is not None and limit < 1:
            raise InvalidInput(f"limit: {limit} must be at least 1")
        self.problem, self.method, self.engine, self.limit, self.limits = problem, method, engine, limit, limits
        self.result = replace(tour_count(problem, method, engine), start=None)

    def __iter__(self) -> Iterator[tuple[Square, list[Square]]]:
        result = self.result
        if self.problem.impossible:  # no start has a tour: said at once, however many squares
            return
        for start in self.problem.board.squares():
            left = None if self.limit is None else self.limit - result.count
            stream = TourStream(
                self.problem.at(start), method=self.method, engine=self.engine, limit=left, limits=self.limits
            )
            for path in stream:
                result.count += 1
                yield start, path
            result.stats += stream.result.stats
            result.status = stream.result.status
            if result.status != Status.COMPLETE:
                return
