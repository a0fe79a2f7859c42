"""Random tours (001 §5): random legal moves until stuck, many times over.

>>> from essais.knights import Board, TourProblem
>>> result = random_tours(TourProblem.make(Board(5, 5)), attempts=2000, seed=1)
>>> result.tally.attempts, sum(result.tally.lengths)
(2000, 2000)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchControl, SearchStopped
from essais.core.result import Stats, Status
from essais.knights.board import Board, Square
from essais.knights.textbook import WalkTally
from essais.knights.tour import TourProblem, TourResult, make_search


@dataclass
class RandomTours:
    """What random walks from one start gave: the tally, how the run ended, and the seed that
    reproduces it (with the same engine)."""

    status: Status
    board: Board
    start: Square
    seed: int
    tally: WalkTally
    stats: Stats
    until_found: bool = False

    def numbered(self, path: list[Square]) -> list[list[int]]:
        return TourResult(self.status, self.board, self.start, path).numbered()

    def as_tour(self) -> TourResult:
        """A single walk as a tour result: found if it covered the board."""
        status = self.status
        if status == Status.COMPLETE:
            status = Status.FOUND if self.tally.full_tours else Status.NONE
        path = self.tally.best_path
        return TourResult(status, self.board, self.start, path, self.stats, reached=len(path))

    def to_dict(self) -> dict[str, Any]:
        best = self.tally.best_path
        document: dict[str, Any] = {
            "status": str(self.status),
            "attempts": self.tally.attempts,
            "full_tours": self.tally.full_tours,
            "lengths": {str(length): count for length, count in enumerate(self.tally.lengths) if count},
            "best": {"reached": len(best), "path": [list(s) for s in best], "board": self.numbered(best)},
            "seed": self.seed,
        }
        if self.until_found:
            found = self.tally.found_path
            document["found"] = found is not None
            document["path"] = [list(s) for s in found] if found else None
        document["stats"] = self.stats.to_dict()
        return document


def random_tours(
    problem: TourProblem,
    *,
    engine: str = "numba",
    attempts: int | None = 1,
    until_found: bool = False,
    seed: int | None = None,
    limits: Limits | None = None,
) -> RandomTours:
    """`attempts` random walks from the start (None: no bound), or with `until_found` as many
    as it takes to find a full tour (at most `attempts`). A seed makes a run reproducible in
    one engine; the engines use different generators, so they draw different walks."""
    if attempts is not None and attempts < 1:
        raise InvalidInput(f"attempts: {attempts} must be at least 1")
    if attempts is None and not until_found:
        raise InvalidInput("attempts: give a number of attempts, or --until-found")
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
    elif not 0 <= seed < 1 << 32:
        raise InvalidInput(f"seed: {seed} must be between 0 and 2**32 - 1")
    with SearchControl(limits) as control:
        search = make_search(problem, "random", engine, control)
        control.restart_clock()
        try:
            search.random_walks(seed, attempts, until_found)
            if until_found:
                status = Status.FOUND if search.tally.found_path is not None else Status.NONE
            else:
                status = Status.COMPLETE
        except SearchStopped as stop:
            status = stop.status
        return RandomTours(status, problem.board, problem.start, seed, search.tally, search.stats(), until_found)
