"""numba kernels of a file of puzzles' text (essais.sudoku): its lines read into grids, and the
grids' solutions written out a line each, with no Python work per puzzle. Private: checked
inputs only; imports numpy and numba alone."""

import numpy as np
from numba import njit

NEWLINE = ord("\n")


@njit(cache=True, nogil=True)
def decode_lines(raw, starts, lines, byte_values, cell_units, unit_count, cells):
    """For each of `lines`: row `line` of `cells` read from raw's bytes from starts[line] on, a
    cell a byte, through `byte_values` (byte -> value, 0 an empty cell, -1 no symbol); True when
    every byte is a symbol and no value is given twice in a unit (`cell_units`: each cell's)."""
    good = np.ones(len(lines), dtype=np.bool_)
    seen = np.zeros(unit_count, dtype=np.uint64)  # the values given so far in each unit, as bits
    for i in range(len(lines)):
        line = lines[i]
        for u in range(unit_count):
            seen[u] = 0
        for cell in range(cells.shape[1]):
            value = byte_values[raw[starts[line] + cell]]
            if value < 0:
                good[i] = False
                break
            cells[line, cell] = value
            if value:
                bit = np.uint64(1) << np.uint64(value - 1)
                for k in range(3):
                    unit = cell_units[cell, k]
                    if seen[unit] & bit:
                        good[i] = False
                    seen[unit] |= bit
                if not good[i]:
                    break
    return good


@njit(cache=True, nogil=True)
def write_lines(grids, symbol_bytes, out):
    """Each row of `grids` (values 1…n) as a line of `out`: a byte a cell, symbol_bytes[value],
    then a newline."""
    rows, width = grids.shape
    for i in range(rows):
        start = i * (width + 1)
        for cell in range(width):
            out[start + cell] = symbol_bytes[grids[i, cell]]
        out[start + width] = NEWLINE
