"""Bit-set helpers for numba kernels: queens' columns and diagonals, Sudoku candidates,
colouring's vertex sets (signed words), the uncrossed path's squares (unsigned words); and
a small random generator a kernel carries in one slot of its state.

Both are numba intrinsics, one LLVM instruction each, which numba types at once and which
give an int64 whatever the integer they take. (As plain functions inlined into their callers,
numba typed and inlined them again at each call: time that a first run paid.)"""

from __future__ import annotations

from typing import Any

from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic


def _integer_type(bits: Any) -> types.Integer:
    """The type the intrinsics work in: the argument's (a literal integer counts as int64)."""
    return types.int64 if isinstance(bits, types.IntegerLiteral) else bits


@intrinsic
def popcount(typingctx: Any, bits: Any) -> Any:
    """How many bits are set (LLVM's ctpop, one popcnt instruction)."""
    if not isinstance(bits, types.Integer):
        return None
    integer = _integer_type(bits)

    def codegen(context: Any, builder: ir.IRBuilder, signature: Any, args: Any) -> Any:
        value = context.cast(builder, args[0], signature.args[0], integer)
        return context.cast(builder, builder.ctpop(value), integer, types.int64)

    return types.int64(bits), codegen


@intrinsic
def bit_index(typingctx: Any, bit: Any) -> Any:
    """The index of the lowest set bit (1 << i gives i): LLVM's count of trailing zeros."""
    if not isinstance(bit, types.Integer):
        return None
    integer = _integer_type(bit)

    def codegen(context: Any, builder: ir.IRBuilder, signature: Any, args: Any) -> Any:
        value = context.cast(builder, args[0], signature.args[0], integer)
        zero_is_defined = ir.Constant(ir.IntType(1), 0)  # bit_index(0) is the word's width
        return context.cast(builder, builder.cttz(value, zero_is_defined), integer, types.int64)

    return types.int64(bit), codegen


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
