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

import hashlib
import json
import math
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from essais.core.board import Board, Move, Square, format_square
from essais.core.engine import check_memory, loading_compiled
from essais.core.errors import InvalidInput
from essais.core.limits import EXHAUSTED, PAUSED, Limits, SearchControl, SearchStopped, run_slices
from essais.core.parallel import Progress, default_workers
from essais.core.result import Status, SweepStats, format_bytes
from essais.knights.model import FrontierEstimate, TourCount, TourProblem

EXTRA = -1  # the extra square of open tours, joined to every square
PRIME_BITS = 62  # the moduli are the primes just below 2**62: two residues add without overflow
MAX_KEY = 1 << 63  # a packed state stays below this (the table's empty mark is 2**64 - 1)
EMPTY_KEY = (1 << 64) - 1  # a free slot of a table (the kernels' EMPTY)
WORD_SLOTS = 15  # frontiers this large (a knight's board 7 or 8 wide) count in 64-bit words first
THREAD_CHUNK = 1 << 16  # rows of the old table a threaded step expands between two looks at the limits
MIN_TABLE = 1024  # a table's fewest slots (its free third holds a batch of the kernel's new states)


@dataclass(frozen=True)
class FrontierPlan:
    """What the kernel needs at each step v (the v-th square placed), as arrays over the steps.

    The working frontier of step v is the frontier before it (the extra square first, for open
    tours; then the squares in the order placed) followed by the square v. For each step:
    `old_slots` the frontier's size before it; `back[v, :n_back[v]]` the working positions of
    v's neighbours placed before it (and of the extra square); `forced[v]` the index in `back`
    of an edge that must be chosen (the extra square's edge to the start), else -1;
    `room[v, i]` how many neighbours of the working square i are still to be placed after v;
    `keep[v, :n_keep[v]]` the working positions that stay in the frontier."""

    board: Board
    order: tuple[Square, ...]  # the squares in the order they are placed
    paths: bool  # open tours: the extra square is in the frontier
    old_slots: np.ndarray
    back: np.ndarray
    n_back: np.ndarray
    forced: np.ndarray
    room: np.ndarray
    keep: np.ndarray
    n_keep: np.ndarray
    slots: int  # the largest frontier a state records
    radix: int  # labels 0 .. radix - 1 a slot
    bits: int  # radix = 2**bits when the state packs in bit fields, else 0
    moduli: tuple[int, ...]  # (0,): counts in 64-bit words, a wrap past 2**64 detected
    bound_bits: float
    fallback: tuple[int, ...] = ()  # the moduli to count again with when a 64-bit count wraps

    @property
    def steps(self) -> int:
        return len(self.order)

    @property
    def bytes_per_state(self) -> int:
        """A table's slot: its key and one residue per modulus."""
        return 8 * (1 + len(self.moduli))


def neighbours_in(order: Sequence[Square], board: Board, moves: Sequence[Move]) -> list[list[int]]:
    """For each square's place in `order`, the places of the squares a move joins it to."""
    place = {square: i for i, square in enumerate(order)}
    joined = []
    for row, col in order:
        targets = {(row + dr, col + dc) for dr, dc in moves}
        joined.append(sorted(place[target] for target in targets if board.contains(target)))
    return joined


def sweep_orders(board: Board) -> list[tuple[Square, ...]]:
    """Reading order by rows and by columns: the sweep runs along the rows (or the columns)."""
    by_rows = tuple((row, col) for row in range(board.rows) for col in range(board.cols))
    by_cols = tuple((row, col) for col in range(board.cols) for row in range(board.rows))
    return [by_rows, by_cols]


def frontier_sizes(joined: list[list[int]]) -> list[int]:
    """After each step v, how many placed squares still have a neighbour to be placed."""
    last = [max(places, default=-1) for places in joined]
    opened = [0] * (len(joined) + 1)
    for u, end in enumerate(last):
        if end > u:  # u is in the frontier from step u to step end - 1
            opened[u] += 1
            opened[end] -= 1
    sizes, running = [], 0
    for v in range(len(joined)):
        running += opened[v]
        sizes.append(running)
    return sizes


def count_bound_bits(joined: list[list[int]], paths: bool) -> float:
    """log2 of a bound on the cycles counted: a directed Hamiltonian cycle is a permutation that
    maps each square to a neighbour, so there are at most perm(A) of them, A the adjacency
    matrix, and by Brégman's theorem (1973) perm(A) <= prod over squares of (d!)**(1/d), d the
    square's degree (with the extra square: one more for each square, n for it)."""
    degrees = [len(places) + (1 if paths else 0) for places in joined]
    if paths:
        degrees.append(len(joined))
    return sum(math.lgamma(d + 1) / d / math.log(2) for d in degrees if d > 0)


def is_prime(number: int) -> bool:
    """Miller-Rabin with the first twelve primes as bases: exact below 3.3 * 10**24."""
    if number < 2:
        return False
    bases = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)
    for p in bases:
        if number % p == 0:
            return number == p
    d, r = number - 1, 0
    while d % 2 == 0:
        d, r = d // 2, r + 1
    for a in bases:
        x = pow(a, d, number)
        if x in (1, number - 1):
            continue
        for _ in range(r - 1):
            x = x * x % number
            if x == number - 1:
                break
        else:
            return False
    return True


def moduli_for(bound_bits: float) -> tuple[int, ...]:
    """The primes just below 2**62, as many as make their product exceed 2**bound_bits (each is
    above 2**61, so k of them exceed 2**(61 k))."""
    wanted = max(1, math.ceil((bound_bits + 1) / (PRIME_BITS - 1)))
    primes: list[int] = []
    candidate = (1 << PRIME_BITS) - 1
    while len(primes) < wanted:
        if is_prime(candidate):
            primes.append(candidate)
        candidate -= 2
    return tuple(primes)


def join_residues(residues: Sequence[int], moduli: Sequence[int]) -> int:
    """The number below the product of the moduli with these residues (Chinese remainder theorem);
    for the modulus 0 (64-bit words), the count itself."""
    if tuple(moduli) == (0,):
        return residues[0]
    product = math.prod(moduli)
    total = 0
    for residue, modulus in zip(residues, moduli, strict=True):
        rest = product // modulus
        total += residue * rest * pow(rest, -1, modulus)
    return total % product


def packing(slots: int) -> tuple[int, int]:
    """(radix, bits) of a state of `slots` slots: labels 0 (untouched), 1 (done) and one per
    path piece, at most slots // 2 pieces (both ends of a piece are in the frontier). Bit fields
    when they fit in 63 bits, else the smallest radix."""
    radix = 2 + slots // 2
    bits = max(1, (radix - 1).bit_length())
    if bits * slots <= 63:
        return 1 << bits, bits
    return radix, 0


def plan_frontier(board: Board, moves: Sequence[Move], closed: bool, start: Square | None) -> FrontierPlan:
    """The plan of a count: closed tours, open tours on the whole board (start None), or open
    tours from `start`. The sweep runs along whichever side gives the narrower frontier."""
    if any((-dr, -dc) not in moves for dr, dc in moves):
        raise InvalidInput(
            "method: frontier counts the tours as cycles of a graph whose edges go both ways, so it needs the "
            "reverse of each move in the move set (every leaper has them)"
        )
    orders = sweep_orders(board)
    joined_of = [neighbours_in(order, board, moves) for order in orders]
    widths = [max(frontier_sizes(joined), default=0) for joined in joined_of]
    best = widths.index(min(widths))
    order, joined = orders[best], joined_of[best]
    paths = not closed
    n = len(order)
    last = [max(places, default=-1) for places in joined]
    frontier: list[int] = [EXTRA] if paths else []  # the squares of the state before step v
    start_place = order.index(start) if start is not None and paths else -1
    width = max(widths) + 3
    back = np.full((n, width), -1, dtype=np.int64)
    room = np.zeros((n, width), dtype=np.int64)
    keep = np.zeros((n, width), dtype=np.int64)
    old_slots, n_back, n_keep, forced = (np.zeros(n, dtype=np.int64) for _ in range(4))
    slots = len(frontier)
    for v in range(n):
        working = [*frontier, v]
        place = {square: i for i, square in enumerate(working)}
        earlier = [place[u] for u in joined[v] if u < v] + ([place[EXTRA]] if paths else [])
        old_slots[v], n_back[v] = len(frontier), len(earlier)
        back[v, : len(earlier)] = earlier
        forced[v] = len(earlier) - 1 if v == start_place else -1  # the extra square's edge, listed last
        for i, u in enumerate(working):
            room[v, i] = n - 1 - v if u == EXTRA else sum(1 for w in joined[u] if w > v)
        kept = [i for i, u in enumerate(working) if (u == EXTRA and v < n - 1) or (u != EXTRA and last[u] > v)]
        n_keep[v] = len(kept)
        keep[v, : len(kept)] = kept
        frontier = [working[i] for i in kept]
        slots = max(slots, len(frontier))
    radix, bits = packing(slots)
    bound = count_bound_bits(joined, paths)
    moduli: tuple[int, ...] = moduli_for(bound)
    fallback: tuple[int, ...] = ()
    if len(moduli) > 1 and slots >= WORD_SLOTS:  # a third less memory, where the tables take GB
        moduli, fallback = (0,), moduli
    plan = FrontierPlan(board, order, paths, old_slots, back, n_back, forced, room, keep, n_keep, slots, radix, bits,
                        moduli, bound, fallback)  # fmt: skip
    if radix**slots >= MAX_KEY:
        raise InvalidInput(
            f"method: frontier's states on the {board} board with these moves record {slots} squares, too many "
            f"to pack in 64 bits (a knight's board at most 8 squares wide); use method prune"
        )
    return plan


StepHook = Callable[[int, list[int], SweepStats], None]  # (step finished, states per step, counters)


CHECKPOINT_SECONDS = 120.0  # a checkpoint is written at the end of a step at most this often


class SweepCheckpoint:
    """A folder that keeps a sweep's last saved step, so that a stopped count (Ctrl-C, a limit,
    kill -9) resumes there: `frontier.json` (what is counted, the step, the states per step,
    the counters, the table file and its SHA-256) and `step-K.npy`, the table's states as rows
    of (key, residues). Each file is written whole under a temporary name, then renamed, the
    table first, so that the folder always holds a complete step; the table's checksum is
    checked when it is read back. A finished count keeps its residues, so it is read at once."""

    META = "frontier.json"

    def __init__(self, folder: str | Path, plan: FrontierPlan, what: str, every: float = CHECKPOINT_SECONDS) -> None:
        self.folder, self.what, self.every = Path(folder), what, every
        self.fingerprint = plan_fingerprint(plan)
        self.saved_at = time.monotonic()
        if self.folder.exists() and not self.folder.is_dir():
            raise InvalidInput(f"checkpoint: {self.folder} is a file; method frontier keeps its checkpoint in a folder")
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise InvalidInput(f"checkpoint: cannot make the folder {self.folder} ({error.strerror})") from None

    def load(self) -> dict[str, Any] | None:
        """The last step saved (its record, with the table as `rows`), or None."""
        meta = self.folder / self.META
        if not meta.exists():
            return None
        record = json.loads(meta.read_text())
        if record.get("fingerprint") != self.fingerprint:
            raise InvalidInput(
                f"checkpoint: {self.folder} holds another count ({record.get('what')}); name another folder"
            )
        if record["table"] is not None:
            rows = np.load(self.folder / record["table"])
            if hashlib.sha256(rows.tobytes()).hexdigest() != record["sha256"]:
                raise InvalidInput(f"checkpoint: {self.folder / record['table']} is damaged (its checksum differs)")
            record["rows"] = rows
        return record

    def discard(self) -> None:
        """Forget what the folder holds (a count that must start again)."""
        for kept in [self.folder / self.META, *self.folder.glob("step-*.npy")]:
            kept.unlink(missing_ok=True)

    def due(self) -> bool:
        return time.monotonic() - self.saved_at >= self.every

    def save(self, table: np.ndarray | None, layers: list[int], stats: SweepStats, residues: list[int]) -> None:
        """Keep the step just finished (`table` None: the count is finished, `residues` its count)."""
        name = None
        record: dict[str, Any] = {"what": self.what, "fingerprint": self.fingerprint, "steps": len(layers),
                                  "layers": layers, "stats": stats.to_dict(), "residues": residues}  # fmt: skip
        if table is not None:
            rows = np.ascontiguousarray(table[table[:, 0] != EMPTY_KEY])
            name = f"step-{len(layers)}.npy"
            self._write(name, lambda file: np.save(file, rows))
            record["sha256"] = hashlib.sha256(rows.tobytes()).hexdigest()
        record["table"] = name
        self._write(self.META, lambda file: file.write(json.dumps(record).encode()))
        for old in self.folder.glob("step-*.npy"):
            if old.name != name:
                old.unlink()
        self.saved_at = time.monotonic()

    def _write(self, name: str, write: Callable[[Any], object]) -> None:
        temporary = self.folder / (name + ".tmp")
        with open(temporary, "wb") as file:
            write(file)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, self.folder / name)


def plan_fingerprint(plan: FrontierPlan) -> str:
    """A digest of what a plan counts: its steps' arrays, packing and moduli."""
    digest = hashlib.sha256(repr((plan.order, plan.paths, plan.radix, plan.bits, plan.moduli)).encode())
    for array in (plan.old_slots, plan.back, plan.n_back, plan.forced, plan.room, plan.keep, plan.n_keep):
        digest.update(np.ascontiguousarray(array).tobytes())
    return digest.hexdigest()


class CountWrapped(Exception):
    """A count kept in 64-bit words passed 2**64 (at the step given): count again modulo primes."""


class FrontierSweep:
    """One sweep of a plan under a SearchControl: the tables of the step under way (the states
    before it, the states it makes), grown as they fill. `run()` returns the number of cycles,
    or raises SearchStopped (a limit or Ctrl-C); `stats` and `layers` (the states of each step
    finished) tell how far it got either way."""

    def __init__(
        self,
        plan: FrontierPlan,
        control: SearchControl,
        on_step: StepHook | None = None,
        checkpoint: SweepCheckpoint | None = None,
        threads: int = 1,
    ) -> None:
        self.plan, self.control, self.on_step, self.checkpoint = plan, control, on_step, checkpoint
        self.threads = 1 << (max(threads, 1).bit_length() - 1)  # a power of two: one part of the tables each
        self.kernels = frontier_kernels()
        self.state = np.zeros(self.kernels.STATE_SIZE, dtype=np.int64)
        self.total = np.zeros(len(plan.moduli), dtype=np.uint64)
        self.moduli = np.array(plan.moduli, dtype=np.uint64)
        self.stats = SweepStats(of_steps=plan.steps)
        self.layers: list[int] = []
        self.finished = (0, 0)  # the node and try counters at the end of the last step finished
        self.states = self.table(1)
        self.states[0, :] = 1
        self.states[0, 0] = 0  # before the first step: one state (every square untouched), one way
        self.grown = self.states

    def nodes(self) -> int:
        return int(self.state[self.kernels.NODES])

    def table(self, capacity: int) -> np.ndarray:
        """An empty table of `capacity` slots (a power of two), refused beyond the memory limit:
        with --memory-limit, the tables held (the step's states, and the table being grown, if
        any) count too; else the new table alone must fit in the memory still available (which
        the tables held have already taken)."""
        held = 0
        if self.control.limits.memory is not None:
            held = self.states.nbytes if hasattr(self, "states") else 0
            if hasattr(self, "grown") and self.grown is not self.states:
                held += self.grown.nbytes
        what = f"step {len(self.layers) + 1} of {self.plan.steps} of the frontier count"
        check_memory(held + capacity * self.plan.bytes_per_state, what, self.control.limits)
        table = np.zeros((capacity, 1 + len(self.plan.moduli)), dtype=np.uint64)
        table[:, 0] = self.kernels.EMPTY
        return table

    def first_capacity(self) -> int:
        """The next table's slots: the fewest (a power of two) that hold the states the last
        step's growth predicts at most two thirds full. A table that fills doubles, so a low
        guess costs a rehash; a high one, memory for nothing."""
        layers = self.layers
        old = layers[-1] if layers else 1
        growth = layers[-1] / max(layers[-2], 1) if len(layers) >= 2 else 4.0
        expected = max(MIN_TABLE, old * min(max(growth, 0.5), 4.0))
        return 1 << math.ceil(math.log2(expected * 3 / 2))

    def run(self) -> int:
        plan, stats = self.plan, self.stats
        first = self.resume()
        if first == plan.steps:
            return join_residues([int(r) for r in self.total], plan.moduli)
        for v in range(first, plan.steps):
            self.state[self.kernels.CURSOR] = self.state[self.kernels.FILL] = 0
            self.grown = self.states  # (no table being grown yet)
            self.grown = self.table(self.first_capacity())
            if self.threads > 1:
                outcome = self.threaded_step(v)
            else:
                outcome = run_slices(self.step_function(v), self.nodes, self.control)
            stats.nodes, stats.tries = self.nodes(), int(self.state[self.kernels.TRIES])
            stats.seconds = self.control.elapsed()
            if isinstance(outcome, Status):
                if self.checkpoint is not None and v > first:  # keep the last step finished, its counters
                    finished = replace(stats, nodes=self.finished[0], tries=self.finished[1])
                    self.checkpoint.save(self.states, self.layers, finished, [int(r) for r in self.total])
                raise SearchStopped(outcome)
            if self.state[self.kernels.WRAPPED]:
                raise CountWrapped(v)
            self.states = self.grown
            self.finished = (stats.nodes, stats.tries)
            self.layers.append(int(self.state[self.kernels.FILL]))
            stats.steps = v + 1
            stats.peak_states = max(stats.peak_states, self.layers[-1])
            stats.peak_bytes = max(stats.peak_bytes, self.states.nbytes)
            if self.on_step is not None:
                self.on_step(v, self.layers, stats)
            if self.checkpoint is not None and v < plan.steps - 1 and self.checkpoint.due():
                self.checkpoint.save(self.states, self.layers, stats, [int(r) for r in self.total])
        if self.checkpoint is not None:
            self.checkpoint.save(None, self.layers, stats, [int(r) for r in self.total])
        return join_residues([int(r) for r in self.total], plan.moduli)

    def threaded_step(self, v: int) -> int | Status:
        """Step v on `threads` threads (the kernels run without the GIL), chunk by chunk: each
        thread expands its share of a chunk of the old table into buffers by part of the new
        table, then each thread adds one part's states; the limits and Ctrl-C are looked at
        between chunks. EXHAUSTED, or the Status that stopped it."""
        plan, kernels, threads = self.plan, self.kernels, self.threads
        part_bits = threads.bit_length() - 1
        part_shift = np.uint64(64 - part_bits)
        most = 1 + int(plan.n_back[v]) * (int(plan.n_back[v]) + 1) // 2  # successors of a state at most
        share = -(-THREAD_CHUNK // threads)
        keys = np.empty((threads, threads, share * most), dtype=np.uint64)
        sources = np.empty((threads, threads, share * most), dtype=np.int64)
        counts = np.zeros((threads, threads), dtype=np.int64)
        totals = np.zeros((threads, len(plan.moduli)), dtype=np.uint64)
        states = np.zeros((threads, kernels.STATE_SIZE), dtype=np.int64)
        made, wrapped = np.zeros(threads, dtype=np.int64), np.zeros(threads, dtype=np.int64)
        arguments = (int(plan.old_slots[v]), np.uint64(plan.radix), plan.bits, plan.back[v], int(plan.n_back[v]),
                     int(plan.forced[v]), plan.room[v], plan.keep[v], int(plan.n_keep[v]), v == plan.steps - 1,
                     self.moduli)  # fmt: skip
        old, base_nodes = self.states, self.nodes()
        with ThreadPoolExecutor(threads) as pool:
            for first in range(0, old.shape[0], THREAD_CHUNK):
                reason = self.control.stop_reason(self.nodes())
                if reason is not None:
                    return reason
                last = min(first + THREAD_CHUNK, old.shape[0])
                counts[:] = 0

                def expand(t: int, first: int = first, last: int = last) -> None:
                    low, high = min(first + t * share, last), min(first + (t + 1) * share, last)
                    kernels.expand_rows(old, low, high, *arguments, totals[t], states[t], part_shift, keys[t],
                                        sources[t], counts[t])  # fmt: skip

                list(pool.map(expand, range(threads)))
                self.make_room(counts.sum(axis=0), made, part_bits)

                def insert(part: int, table: np.ndarray = self.grown) -> None:
                    shift = np.uint64(hash_shift(table.shape[0]))
                    kernels.insert_part(table, shift, part, part_bits, keys, sources, counts, old, self.moduli, made,
                                        wrapped)  # fmt: skip

                list(pool.map(insert, range(threads)))
                self.state[kernels.NODES] = base_nodes + int(made.sum())
        self.state[kernels.FILL] = int(made.sum())
        self.state[kernels.TRIES] += int(states[:, kernels.TRIES].sum())
        if wrapped.any() or states[:, kernels.WRAPPED].any() or not self.add_totals(totals):
            self.state[kernels.WRAPPED] = 1
        return EXHAUSTED

    def make_room(self, incoming: np.ndarray, filled: np.ndarray, part_bits: int) -> None:
        """Grow the table being made (doubling it) until each part can take its incoming states
        and stay at most two thirds full."""
        while True:
            part_size = self.grown.shape[0] >> part_bits
            if all(filled[p] + incoming[p] <= part_size * 2 // 3 for p in range(len(incoming))):
                return
            larger = self.table(2 * self.grown.shape[0])
            self.kernels.rehash(self.grown, larger, np.uint64(hash_shift(larger.shape[0])), part_bits)
            self.grown = larger

    def add_totals(self, totals: np.ndarray) -> bool:
        """Add the threads' counts of closed cycles to the total; False if a 64-bit count wraps."""
        for k, modulus in enumerate(self.plan.moduli):
            value = int(self.total[k]) + sum(int(t) for t in totals[:, k])
            if modulus == 0 and value >= 1 << 64:
                return False
            self.total[k] = value % modulus if modulus else value
        return True

    def resume(self) -> int:
        """The first step to run: after the checkpoint's last step, whose table, counters and
        residues it restores; 0 without one."""
        record = self.checkpoint.load() if self.checkpoint is not None else None
        if record is None:
            return 0
        saved = record["stats"]
        stats = self.stats
        stats.nodes, stats.tries, stats.steps = saved["nodes"], saved["tries"], record["steps"]
        stats.peak_states, stats.peak_bytes, stats.resumed_steps = (
            saved["peak_states"],
            saved["peak_bytes"],
            record["steps"],
        )
        self.state[self.kernels.NODES], self.state[self.kernels.TRIES] = stats.nodes, stats.tries
        self.finished = (stats.nodes, stats.tries)
        self.layers = list(record["layers"])
        self.total[:] = record["residues"]
        if record["table"] is not None:
            rows = record["rows"]
            self.states = self.table(1 << math.ceil(math.log2(max(len(rows), MIN_TABLE) * 3 / 2)))
            self.kernels.rehash(rows, self.states, np.uint64(hash_shift(self.states.shape[0])), 0)
        return int(record["steps"])

    def step_function(self, v: int) -> Callable[[int], int]:
        """Step v's slice function for run_slices; the new table, grown as needed, is `grown`."""
        plan, kernels = self.plan, self.kernels
        last = v == plan.steps - 1

        def step(node_stop: int) -> int:
            while True:
                table = self.grown
                outcome = kernels.expand_slice(
                    self.states, table, np.uint64(hash_shift(table.shape[0])), int(plan.old_slots[v]),
                    np.uint64(plan.radix), plan.bits, plan.back[v], int(plan.n_back[v]), int(plan.forced[v]),
                    plan.room[v], plan.keep[v], int(plan.n_keep[v]), last, self.moduli, self.total, self.state,
                    node_stop,
                )  # fmt: skip
                if outcome != kernels.FULL:
                    return EXHAUSTED if outcome == kernels.STEP_DONE else PAUSED
                larger = self.table(2 * table.shape[0])
                kernels.rehash(table, larger, np.uint64(hash_shift(larger.shape[0])), 0)
                self.grown = larger

        return step


def hash_shift(capacity: int) -> int:
    """The shift that takes a hash's top bits as a slot of a table of `capacity` (a power of two)."""
    return 64 - (capacity.bit_length() - 1)


def frontier_kernels():  # type: ignore[no-untyped-def]
    """The compiled kernels, loaded at the first count (numba loads with them)."""
    with loading_compiled("knights"):
        from essais.knights import _frontier_kernels

    return _frontier_kernels


def frontier_count(
    problem: TourProblem,
    whole_board: bool,
    limits: Limits | None,
    progress: Progress | None = None,
    checkpoint: str | Path | None = None,
    checkpoint_every: float = CHECKPOINT_SECONDS,
    workers: int | None = 1,
) -> TourCount:
    """Count the problem's tours by a frontier sweep: from its start, or over every start
    (`whole_board`), `progress` told each step finished (with the states and the memory). A
    sweep stopped by a limit or Ctrl-C has no count (`known` false): it knows its states, not
    yet which of them end as tours. With a `checkpoint` folder the last step finished is kept
    (every `checkpoint_every` seconds at most) and the same call resumes from it. `workers`
    threads share each step (None: one per core; rounded down to a power of two)."""
    start = None if whole_board else problem.start
    board = problem.board
    result = TourCount(Status.COMPLETE, 0, SweepStats(), "frontier", "numba", board=board, start=start,
                       closed=problem.closed)  # fmt: skip
    if board.n_squares <= 2:  # no cycle to count: the tours of one or two squares, by their definition
        result.count = tiny_board_tours(problem, whole_board)
        return result
    with SearchControl(limits) as control:

        def sweep_of(plan: FrontierPlan) -> FrontierSweep:
            kept = None
            if checkpoint is not None:
                kept = SweepCheckpoint(checkpoint, plan, describe(problem, whole_board), checkpoint_every)
            threads = default_workers() if workers is None else workers
            return FrontierSweep(plan, control, reporting(progress), kept, threads)

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


ESTIMATE_SECONDS = 10.0  # the sweep an estimate runs, when no time limit is given


def estimate_frontier(problem: TourProblem, whole_board: bool, limits: Limits | None) -> FrontierEstimate:
    """Run the first steps of a frontier count (for `limits.time`, else ESTIMATE_SECONDS, or to
    a node or memory limit) and project the rest (see FrontierEstimate)."""
    start = None if whole_board else problem.start
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
    return FrontierEstimate(status, problem.board, problem.closed, start, layers, row, peak, peak_bytes,
                            sum(projected), sum(projected) * seconds_per_state, stats)  # fmt: skip


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
