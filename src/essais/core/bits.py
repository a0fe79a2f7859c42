"""Bit-set helpers for numba kernels whose sets are signed 64-bit integers (queens' columns and
diagonals, Sudoku candidates). The uncrossed-path kernel keeps its own for unsigned words."""

from __future__ import annotations

from numba import njit


@njit(cache=True, nogil=True, inline="always")
def popcount(bits):
    """How many bits are set (LLVM makes this loop one popcnt instruction)."""
    count = 0
    while bits:
        bits &= bits - 1
        count += 1
    return count


@njit(cache=True, nogil=True, inline="always")
def bit_index(bit):
    """The index of a set bit given alone (1 << i gives i)."""
    return popcount(bit - 1)
