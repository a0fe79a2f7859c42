"""Method frontier's plan (see knights.frontier): the order the squares are placed in, the
frontier before and after each step as arrays for the kernels, how a state packs into 64 bits,
and the moduli its counts are kept in (with the bound that sets how many, and their join)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from essais.core.board import Board, Move, Square
from essais.core.errors import InvalidInput

EXTRA = -1  # the extra square of open tours, joined to every square
PRIME_BITS = 62  # the moduli are the primes just below 2**62: two residues add without overflow
MAX_KEY = 1 << 63  # a packed state stays below this (the table's empty mark is 2**64 - 1)
WORD_SLOTS = 15  # frontiers this large (a knight's board 7 or 8 wide) count in 64-bit words first


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

    def kernel_arguments(self, v: int) -> tuple[Any, ...]:
        """The arguments of the kernels' expand_rows that describe step v."""
        return (int(self.old_slots[v]), np.uint64(self.radix), self.bits, self.back[v], int(self.n_back[v]),
                int(self.forced[v]), self.room[v], self.keep[v], int(self.n_keep[v]), v == self.steps - 1,
                np.array(self.moduli, dtype=np.uint64))  # fmt: skip

    def successors_at_most(self, v: int) -> int:
        """The states one state makes at step v at most: no edge, one, or two of n_back[v]."""
        n = int(self.n_back[v])
        return 1 + n * (n + 1) // 2

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
