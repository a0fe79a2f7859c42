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
    every byte is a symbol and no value is given twice in a unit (`cell_units`: each cell's).
    (The row of a line that is not read holds whatever its bytes gave.)"""
    good = np.ones(len(lines), dtype=np.bool_)
    seen = np.zeros(unit_count, dtype=np.uint64)  # the values given so far in each unit, as bits
    given = np.zeros(cells.shape[1], dtype=np.int64)  # the line's given cells, in order
    for i in range(len(lines)):
        line = lines[i]
        text = raw[starts[line] : starts[line] + cells.shape[1]]
        row = cells[line]
        lowest = 0
        count = 0
        for cell in range(len(text)):  # (no branch on the value: whether a cell is given is not foreseeable)
            value = byte_values[text[cell]]
            lowest = min(lowest, value)
            row[cell] = value
            given[np.uint64(count)] = cell  # (unsigned: no test for a negative index)
            count += value > 0
        if lowest < 0:
            good[i] = False
            continue
        for unit in range(unit_count):
            seen[unit] = 0
        twice = 0
        for k in range(count):  # (the given cells alone: a fifth of a line's, in a file of hard puzzles)
            cell = given[k]
            bit = np.uint64(1) << np.uint64(row[cell] - 1)
            for j in range(3):
                unit = cell_units[cell, j]
                twice |= seen[unit] & bit
                seen[unit] |= bit
        good[i] = twice == 0
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
