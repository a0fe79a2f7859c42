"""Compiled functions called by their address from numba kernels: a search that calls each of
its parts through a table of addresses compiles once, whatever parts a problem uses, and each
part is compiled (and cached) on its own, only when a problem needs it — where numba would
compile every part into the search, or the search again for each set of parts.

A part is a C function (`numba.cfunc(ARRAYS_CALL)` of a function that rebuilds its arrays from
their pointers and lengths, `numba.carray`); `call_on_arrays(address, a, b, c, request, x, y)`
calls it with the data and length of three one-dimensional arrays and three int64s (what is
asked of it and two numbers), one indirect call: no Python object is passed or typed at each
call, as a tuple of first-class functions would be."""

from __future__ import annotations

from typing import Any

from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

# a part's C signature: (a, b, c as pointer and length each, request, x, y) -> int64
ARRAYS_CALL = types.int64(
    types.CPointer(types.int64), types.int64, types.CPointer(types.uint64), types.int64,
    types.CPointer(types.int64), types.int64, types.int64, types.int64, types.int64,
)  # fmt: skip


@intrinsic
def call_on_arrays(typingctx: Any, address: Any, a: Any, b: Any, c: Any, request: Any, x: Any, y: Any) -> Any:
    """The int64 that the C function at `address` (an ARRAYS_CALL) returns for these arguments."""
    if not all(isinstance(t, types.Array) and t.ndim == 1 for t in (a, b, c)):
        return None

    def codegen(context: Any, builder: ir.IRBuilder, signature: Any, args: Any) -> Any:
        target, *arrays = args[:4]
        i64 = ir.IntType(64)
        passed = []
        for array_type, array in zip(signature.args[1:4], arrays, strict=True):
            proxy = cgutils.create_struct_proxy(array_type)(context, builder, value=array)
            passed += [builder.bitcast(proxy.data, i64.as_pointer()), proxy.nitems]
        scalars = [context.cast(builder, value, kind, types.int64)
                   for value, kind in zip(args[4:], signature.args[4:], strict=True)]  # fmt: skip
        function_type = ir.FunctionType(i64, [i64.as_pointer(), i64] * 3 + [i64] * 3)
        address = context.cast(builder, target, signature.args[0], types.int64)
        return builder.call(builder.inttoptr(address, function_type.as_pointer()), [*passed, *scalars])

    return types.int64(address, a, b, c, request, x, y), codegen
