"""Counting every tour without backtracking: a frontier sweep over the board.

The squares are placed one at a time in a fixed order (reading order along the rows or the
columns, whichever gives the narrower frontier: along the longer side for the knight). Placing
a square decides which of its edges back to squares already placed a tour uses: none, one or
two. What the decided part looks like from the squares still to come is a short
description of the frontier (the squares placed that still have a neighbour to come): for each,
untouched, the end of a path piece (and which other end belongs to the same piece), or done.
Each such state carries the number of ways to reach it, so a step expands every state and sums
the counts of equal states; the ways that close the last cycle are the answer. A knight's
frontier on a board w squares wide holds 2w + 1 squares, so the work grows with the width and
only linearly with the length. The method is D. E. Knuth's frontier method (The Art of Computer
Programming, Volume 4, pre-fascicle 8A); this implementation is our own.

Closed tours are the Hamiltonian cycles of the move graph. Open tours are counted as the
cycles of the graph with one square more, joined to every square (Knuth's device): a cycle
through it is an open tour between its two neighbours. The tours from one start are the cycles
that use the extra square's edge to the start.

Counts are kept modulo a few primes below 2**62 and joined by the Chinese remainder theorem, as
many primes as needed for their product to exceed a proven bound on the count (see
`count_bound_bits`), so a count is exact at any size whatever the intermediate sums. Where the
tables take GB (frontiers of WORD_SLOTS squares and more) a count is first kept in one 64-bit
word a state, a wrap past 2**64 detected, and counted again modulo primes if one happens.
"""

from __future__ import annotations

import math
from contextlib import closing
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from essais.core.board import Board, Square, format_square
from essais.core.engine import available_memory
from essais.core.errors import InvalidInput, MemoryRefused
from essais.core.limits import Limits, SearchControl, SearchStopped
from essais.core.parallel import Progress, default_workers
from essais.core.result import Result, Status, SweepStats, format_bytes, format_seconds
from essais.knights.frontier.checkpoint import CHECKPOINT_SECONDS, SweepCheckpoint
from essais.knights.frontier.cluster import DaskSweep
from essais.knights.frontier.plan import FrontierPlan, plan_frontier
from essais.knights.frontier.spill import SpillFolder
from essais.knights.frontier.sweep import CountWrapped, FrontierSweep, StepHook
from essais.knights.model import TourCount, TourProblem


def frontier_count(
    problem: TourProblem,
    whole_board: bool,
    limits: Limits | None,
    progress: Progress | None = None,
    checkpoint: str | Path | None = None,
    checkpoint_every: float = CHECKPOINT_SECONDS,
    workers: int | None = 1,
    spill: str | Path | None = None,
    scheduler: str | None = None,
) -> TourCount:
    """Count the problem's tours by a frontier sweep: from its start, or over every start
    (`whole_board`), `progress` told each step finished (with the states and the memory). A
    sweep stopped by a limit or Ctrl-C has no count (`known` false): it knows its states, not
    yet which of them end as tours. With a `checkpoint` folder the last step finished is kept
    (every `checkpoint_every` seconds at most) and the same call resumes from it. `workers`
    threads share each step (None: one per core; rounded down to a power of two). A step whose
    tables would not fit in the memory allowed goes through the disk, in a folder made in
    `spill` (None: the system's temporary folder) and removed at the end. With a Dask
    `scheduler` (an address, or "local" for `workers` processes here) the steps run on its
    cluster (knights.frontier.cluster), which holds the states; no checkpoint then."""
    start = None if whole_board else problem.start
    board = problem.board
    if scheduler is not None and checkpoint is not None:
        raise InvalidInput("checkpoint: a frontier count on a Dask cluster keeps its states there; drop one of the two")
    result = TourCount(Status.COMPLETE, 0, SweepStats(), "frontier", "numba", board=board, start=start,
                       closed=problem.closed)  # fmt: skip
    if board.n_squares <= 2:  # no cycle to count: the tours of one or two squares, by their definition
        result.count = tiny_board_tours(problem, whole_board)
        return result
    spill_folder = SpillFolder(spill)
    with SearchControl(limits) as control, closing(spill_folder):

        def sweep_of(plan: FrontierPlan) -> FrontierSweep | DaskSweep:
            processes = default_workers() if workers is None else workers
            if scheduler is not None:
                return DaskSweep(plan, control, scheduler, processes, reporting(progress))
            kept = None
            if checkpoint is not None:
                kept = SweepCheckpoint(checkpoint, plan, describe(problem, whole_board), checkpoint_every)
            return FrontierSweep(plan, control, reporting(progress), kept, processes, spill_folder)

        try:
            with control.setting_up():
                plan = plan_frontier(board, problem.moves, problem.closed, start)
                sweep = sweep_of(plan)
        except SearchStopped as stop:
            result.status, result.known = stop.status, False
            return result
        control.restart_clock()
        try:
            try:
                cycles = sweep.run()
            except CountWrapped:  # the steps done are lost: such a count is rare on boards this wide
                if sweep.checkpoint is not None:
                    sweep.checkpoint.discard()
                sweep = sweep_of(replace(plan, moduli=plan.fallback, fallback=()))
                cycles = sweep.run()
        except SearchStopped as stop:
            result.status, result.known, result.stats = stop.status, False, sweep.stats
            return result
    result.stats = sweep.stats
    result.count = tours_of_cycles(cycles, problem.closed, whole_board, board.n_squares)
    return result


def describe(problem: TourProblem, whole_board: bool) -> str:
    """`closed tours of 6x8 over every start`: what a count counts, in words."""
    where = "over every start" if whole_board else f"from {format_square(problem.start)}"
    return f"{'closed tours' if problem.closed else 'tours'} of {problem.board} {where}"


def reporting(progress: Progress | None) -> StepHook | None:
    """A sweep's step hook that tells `progress` the steps, the states and the memory."""
    if progress is None:
        return None

    def report(v: int, layers: list[int], stats: SweepStats) -> None:
        progress(v + 1, stats.of_steps, f"{layers[-1]:,} states, peak {format_bytes(stats.peak_bytes)}")

    return report


def tiny_board_tours(problem: TourProblem, whole_board: bool) -> int:
    """The tours of a board of one or two squares, as the backtracking methods count them: one
    square is an open tour and no closed one; two squares a move apart are a tour from each,
    closed too (the last square attacks the first)."""
    squares = list(problem.board.squares())
    if len(squares) == 1:
        return 0 if problem.closed else 1
    (r0, c0), (r1, c1) = squares
    joined = (r1 - r0, c1 - c0) in problem.moves
    return (2 if whole_board else 1) if joined else 0


def tours_of_cycles(cycles: int, closed: bool, whole_board: bool, squares: int) -> int:
    """The count in TourCount's terms from the cycles the sweep counted: a closed tour is a
    cycle, found twice from each start (once each way), so 2 cycles from one start and
    2 · squares · cycles over every start; an open tour is a cycle through the extra square,
    found once from its first square (from a start: the cycles that use the start's edge) and
    twice over the whole board."""
    if closed:
        return 2 * cycles * (squares if whole_board else 1)
    return 2 * cycles if whole_board else cycles


@dataclass(eq=False, repr=False)
class FrontierEstimate(Result):
    """What a frontier count would take, from its first steps (`estimate_frontier`): the states
    of each step measured (`layers`), and projected over the steps not run, the largest table
    (`peak_states`, `peak_bytes`: the two tables of a step), the states made in all and the
    time at the speed measured. The projection: the sweep runs row by row (`row` squares a row);
    each row's largest step grows by the ratio of the last two rows measured up to the middle
    row, and the second half mirrors the first (the sweep from the other end meets the same
    frontiers). A sweep that ends within the time is exact (`complete`)."""

    status: Status
    board: Board
    closed: bool
    start: Square | None
    layers: list[int]
    row: int
    peak_states: int
    peak_bytes: int
    states: int
    seconds: float
    memory: int  # the memory allowed (the limit, else what is available)
    disk_bytes: int  # the disk the peak step takes when the count goes through the disk, else 0
    stats: SweepStats = field(default_factory=SweepStats)
    method: str | None = "frontier"
    engine: str | None = "numba"

    @property
    def complete(self) -> bool:
        return len(self.layers) == self.stats.of_steps

    @property
    def found(self) -> bool:
        return True

    @property
    def solution(self) -> int:
        return self.peak_states

    def headline(self) -> str:
        kind = "closed tours" if self.closed else "tours"
        where = f"from {format_square(self.start)}" if self.start is not None else "over every start"
        how = (
            "measured to the end"
            if self.complete
            else f"projected from {len(self.layers)} of {self.stats.of_steps} steps"
        )
        disk = (f"; past the memory allowed ({format_bytes(self.memory)}) its steps go through the disk, about "
                f"{format_bytes(self.disk_bytes)} at the peak" if self.disk_bytes else "")  # fmt: skip
        return (f"counting the {kind} of {self.board} {where} by frontier: peak {self.peak_states:,} states "
                f"({format_bytes(self.peak_bytes)}), {self.states:,} states made, about "
                f"{format_seconds(self.seconds)} on one core ({how}){disk}")  # fmt: skip

    def brief(self) -> str:
        return f"peak {self.peak_states:,} states, {format_seconds(self.seconds)}"

    def to_dict(self) -> dict[str, Any]:
        return {"status": str(self.status), "found": True, **self.ran_keys(), "complete": self.complete,
                "peak_states": self.peak_states, "peak_bytes": self.peak_bytes, "states": self.states,
                "memory": self.memory, "disk_bytes": self.disk_bytes,
                "seconds": round(self.seconds, 3), "measured_steps": len(self.layers), "layers": self.layers,
                "stats": self.stats.to_dict()}  # fmt: skip


ESTIMATE_SECONDS = 10.0  # the sweep an estimate runs, when no time limit is given


def estimate_frontier(problem: TourProblem, whole_board: bool, limits: Limits | None) -> FrontierEstimate:
    """Run the first steps of a frontier count (for `limits.time`, else ESTIMATE_SECONDS, or to
    a node or memory limit) and project the rest (see FrontierEstimate)."""
    start = None if whole_board else problem.start
    memory = limits.memory if limits is not None and limits.memory is not None else available_memory()
    limits = limits if limits is not None and (limits.time or limits.nodes) else Limits(time=ESTIMATE_SECONDS)
    plan = plan_frontier(problem.board, problem.moves, problem.closed, start)
    clock: list[float] = []
    with SearchControl(limits) as control:
        sweep = FrontierSweep(plan, control, lambda v, layers, stats: clock.append(control.elapsed()))
        try:
            sweep.run()
            status = Status.COMPLETE
        except SearchStopped as stop:
            status = stop.status
        except MemoryRefused:  # (the steps that fit in memory measured; the count itself would go through the disk)
            status = Status.LIMIT
    stats, layers = sweep.stats, list(sweep.layers)
    row = min(problem.board.rows, problem.board.cols)  # the sweep runs along the longer side
    projected = project_layers(layers, row, plan.steps)
    # the time a state takes in the last row measured, with the largest tables (a state in a
    # table far larger than the caches costs more than one in the first small steps)
    last_row = layers[-row:]
    before = clock[-row - 1] if len(clock) > row else 0.0
    seconds_per_state = ((clock[-1] if clock else stats.seconds) - before) / max(sum(last_row), 1)
    peak = max(projected, default=0)
    # two tables at the peak (the step's states and the states it makes), each from a third to
    # two thirds full: about two slots a state
    peak_bytes = 2 * 2 * peak * plan.bytes_per_state
    # past the memory, the steps go through the disk: the raw rows a step writes, its states
    # summed, and the states before it, at the peak
    disk = int(peak * (RAW_ROWS_PER_STATE + 2)) * (1 + len(plan.moduli)) * 8 if peak_bytes > memory else 0
    return FrontierEstimate(status, problem.board, problem.closed, start, layers, row, peak, peak_bytes,
                            sum(projected), sum(projected) * seconds_per_state, memory, disk, stats)  # fmt: skip


RAW_ROWS_PER_STATE = 2.9  # the rows a step through the disk writes for each state it keeps (8x8 closed, step 44)


DECAY_RANGE = (0.5, 0.8)  # how fast a row's growth may fade (see project_layers)


def row_tops(layers: list[int], row: int) -> list[int]:
    """The largest step of each row measured in full."""
    return [max(layers[r * row : (r + 1) * row]) for r in range(len(layers) // row)]


def project_layers(layers: list[int], row: int, steps: int) -> list[int]:
    """The states of every step: those measured, then the rows not measured, each shaped as the
    last row measured in full and scaled. The largest step of a row grows by a factor whose
    logarithm fades row after row, by the ratio of the last two rows' logarithms (held between
    0.5 and 0.8), and stops growing past as many rows as the board is wide, where the frontier's
    states saturate (seen on 5- to 7-wide boards: the peak comes out within 1.5× of the real
    one); the last row stays at the size of the row before it (its states in fact shrink as the
    board ends). Without two rows measured, the last step's states are carried to the end."""
    if len(layers) >= steps:
        return layers
    tops = row_tops(layers, row)
    if len(tops) < 2:
        return layers + [layers[-1] if layers else 1] * (steps - len(layers))
    logs = [math.log(max(after / max(before, 1), 1.0)) for before, after in zip(tops, tops[1:], strict=False)]
    decay = DECAY_RANGE[0]
    if len(logs) >= 2 and logs[-2] > 0:
        decay = min(max(logs[-1] / logs[-2], DECAY_RANGE[0]), DECAY_RANGE[1])
    rows, full = -(-steps // row), len(tops)
    shape = layers[(full - 1) * row : full * row]  # the last row measured, step by step
    log_growth, scale = logs[-1], 1.0
    projected = list(layers[: full * row])
    for r in range(full, rows):
        if r < min(rows - 1, row):  # (past as many rows as the board is wide, the states saturate)
            log_growth *= decay
            scale *= math.exp(log_growth)
        projected += [int(value * scale) for value in shape]
    return projected[:steps]
