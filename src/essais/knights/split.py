"""Counts of tours split into sub-trees (the tours that begin with each path of a few moves),
run by essais.core.parallel on processes, a Dask cluster, with a checkpoint."""

from __future__ import annotations

from pathlib import Path

from essais.core.board import Square
from essais.core.engine import check_memory, loading_compiled
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchControl
from essais.core.parallel import Progress, SplitRun, default_workers, run_split
from essais.knights.model import (
    TourCount,
    TourProblem,
)
from essais.knights.searches import (
    search_bytes,
    tour_count,
)

# sub-trees a split count aims at: about 100 per process on a few cores, so that they finish
# together; fixed, so that a checkpoint resumes with any number of processes
SUBTREES = 256


MAX_PREFIX = 8  # squares in the paths that split a count, at most


def _prefixes(problem: TourProblem, wanted: int) -> list[tuple[Square, ...]]:
    """The paths from the start, all of one length, the shortest of which there are at least
    `wanted` (or MAX_PREFIX squares long): the tours from the start are those that begin with
    one of them."""
    level: list[tuple[Square, ...]] = [(problem.start,)]
    board, moves = problem.board, problem.moves
    while len(level) < wanted and len(level[0]) < min(MAX_PREFIX, board.n_squares - 1):
        following = []
        for path in level:
            head = path[-1]
            for dr, dc in moves:
                square = (head[0] + dr, head[1] + dc)
                if board.contains(square) and square not in path:
                    following.append((*path, square))
        if not following:
            break
        level = following
    return level


def split_counts(
    problem: TourProblem,
    starts: list[Square],
    method: str,
    limits: Limits | None,
    workers: int | None,
    scheduler: str | None,
    checkpoint: str | Path | None,
    progress: Progress | None,
) -> tuple[dict[Square, TourCount], SplitRun, float]:
    """The counts from `starts`, each split into sub-trees run on essais.core.parallel, how the
    split ended, and its wall time."""
    workers = default_workers() if workers is None else workers
    if workers < 1:
        raise InvalidInput(f"workers: {workers} must be at least 1")
    wanted = max(1, SUBTREES // len(starts))
    board, moves = problem.board, problem.moves
    check_memory(search_bytes(problem) * workers, f"counts on {workers} processes on the {board} board", limits)
    tasks, owners = [], []
    for start in starts:
        for prefix in _prefixes(problem.at(start), wanted):
            tasks.append((board.rows, board.cols, moves, problem.closed, method, prefix))
            owners.append(start)
    identity = {
        "problem": "knight's tours", "board": str(board), "starts": [list(start) for start in starts],
        "closed": problem.closed, "moves": [list(move) for move in moves], "method": method, "split": "prefixes",
    }  # fmt: skip
    with loading_compiled("knights"):
        from essais.knights.compiled import count_below
    with SearchControl(limits) as control:
        run = run_split(
            identity, tasks, count_below, control=control, workers=workers, scheduler=scheduler,
            checkpoint=checkpoint, progress=progress,
        )  # fmt: skip
        seconds = control.elapsed()
    counts = {start: tour_count(problem.at(start), method, "numba") for start in starts}
    for index, result in run.every_result():  # (sub-trees a stop caught partway: the tours so far)
        count = counts[owners[index]]
        count.count += result.values[0]
        count.stats = count.stats + result.stats
    for index, owner in enumerate(owners):
        if index not in run.results:
            counts[owner].status = run.status
    return counts, run, seconds
