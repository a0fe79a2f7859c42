"""Bit-set helpers for numba kernels: queens' columns and diagonals, Sudoku candidates,
colouring's vertex sets (signed words), the uncrossed path's squares (unsigned words); and
a small random generator a kernel carries in one slot of its state.

Both are numba intrinsics, one LLVM instruction each, which numba types at once and which
give an int64 whatever the integer they take. (As plain functions inlined into their callers,
numba typed and inlined them again at each call: time that a first run paid.)"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic


def _bit_count(instruction: Callable[[ir.IRBuilder, Any], Any]) -> Callable[..., Any]:
    """The typing of an intrinsic that counts bits of an integer with one LLVM `instruction`
    (in the argument's own width; a literal counts as int64) and gives an int64."""

    def typing(typingctx: Any, bits: Any) -> Any:
        if not isinstance(bits, types.Integer):
            return None
        integer = types.int64 if isinstance(bits, types.IntegerLiteral) else bits

        def codegen(context: Any, builder: ir.IRBuilder, signature: Any, args: Any) -> Any:
            value = context.cast(builder, args[0], signature.args[0], integer)
            return context.cast(builder, instruction(builder, value), integer, types.int64)

        return types.int64(bits), codegen

    return typing


# how many bits are set (LLVM's ctpop, one popcnt instruction)
popcount = intrinsic(_bit_count(lambda builder, value: builder.ctpop(value)))
# the index of the lowest set bit (1 << i gives i; bit_index(0) is the word's width): LLVM's cttz
bit_index = intrinsic(_bit_count(lambda builder, value: builder.cttz(value, ir.Constant(ir.IntType(1), 0))))
# how many zeros stand above the highest set bit (a 64-bit word's highest bit: 63 - this): LLVM's ctlz
leading_zeros = intrinsic(_bit_count(lambda builder, value: builder.ctlz(value, ir.Constant(ir.IntType(1), 0))))


@njit(cache=True, nogil=True)
def next_random(random_state):  # type: ignore[no-untyped-def]
    """xorshift64 on `random_state[0]` (a nonzero int64, kept by the caller): the next number,
    62 bits, as an int64."""
    x = random_state[0]
    x ^= x << 13
    x ^= (x >> 7) & ((1 << 57) - 1)
    x ^= x << 17
    random_state[0] = x
    return x & ((1 << 62) - 1)
