"""The constructions behind method `linear`: a knight's tour of any R×C board whose
sides are both at least 5, and an open tour from a corner of any 3×n board that has one, in
time linear in the squares, that cannot fail.

The board is cut into blocks of 5 to 10 rows and columns: each side into parts of 6, 8 or 10,
with one part of 5, 7 or 9 first when the side is odd. Every block gets a stored base tour
(knights/_base_tours.py, searched by tools/search_base_tours.py with essais's own engine): a
closed tour, except the top-left block of a board whose sides are both odd, which gets an open
tour from its corner. Blocks are then joined one by one into one tour, each to the block on its
left (or, in the first column, to the block above), by exchanging two moves for two others:

    block A on the left, B on the right (B's columns start at x):
      remove A's move (0, x-1)-(2, x-2) and B's move (1, x+1)-(3, x),
      add (0, x-1)-(1, x+1) and (2, x-2)-(3, x): both knight's moves.

Removing one move from each of two tours leaves two paths; the two new moves join their ends
into one tour (a closed one if both were closed). A's move is the corner move every tour of A
holds (its corner (0, x-1) has only two moves); B's move is the one its base tour was searched
to hold. The join with the block above is the same, transposed: A's corner move
(h-1, 0)-(h-2, 2) and B's move (1,1)-(0,3) (the base tour of a block in the first column is the
transposed tour of the transposed block). Each block gives its two corner moves and its one
searched move to different joins, so every join finds its moves still in place.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from essais.knights._base_tours import BASE_TOURS, THIN_SEGMENTS

MIN_SIDE = 5  # both sides at least this long: the construction applies
LEFT, ABOVE = 0, 1  # the kinds of base tour: joined to the block on the left, or to the block above


def side_parts(length: int) -> list[int]:
    """A side of at least MIN_SIDE squares as the sides of blocks: 6, 8 or 10, after one part of
    5, 7 or 9 when it is odd (the first block of an odd side)."""
    parts = []
    if length % 2:
        first = 5 if length != 7 and length != 9 else length
        parts.append(first)
        length -= first
    while length > 10:
        parts.append(6)
        length -= 6
    if length:
        parts.append(length)
    return parts


@cache
def base_tour_table() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The base tours as the kernel reads them: `flat` (every tour's squares r * w + c, in order),
    `position` (each square's place in its tour), `start[t]` (where tour t begins in both) and
    `tour_of[kind, h, w]` (the tour of an h×w block joined on its left or above)."""
    tours: list[tuple[int, ...]] = []
    tour_of = np.full((2, 11, 11), -1, dtype=np.int64)
    for (h, w), squares in BASE_TOURS.items():
        tour_of[LEFT, h, w] = len(tours)
        tours.append(squares)
    for (h, w), squares in BASE_TOURS.items():  # the transposed tour of the transposed block
        if (h % 2 and w % 2) or tour_of[ABOVE, w, h] >= 0:
            continue
        tour_of[ABOVE, w, h] = len(tours)
        tours.append(tuple((square % w) * h + square // w for square in squares))
    start = np.zeros(len(tours) + 1, dtype=np.int64)
    start[1:] = np.cumsum([len(tour) for tour in tours])
    flat = np.concatenate([np.array(tour, dtype=np.int64) for tour in tours])
    position = np.zeros_like(flat)
    for index, tour in enumerate(tours):
        position[start[index] + np.array(tour)] = np.arange(len(tour))
    return flat, position, start, tour_of


def thin_parts(length: int) -> list[int]:
    """The columns of a 3-row board (4 or at least 7 of them) as segments: 3×4 ones, each ending
    a knight's move from the next one's (0,0), then a last one of 7 to 11 columns (or a lone 3×4)."""
    parts = []
    while length > 11:
        parts.append(4)
        length -= 4
    return [*parts, length]


def thin_tour(cols: int) -> np.ndarray:
    """An open tour of the 3×cols board from (0,0), as an (3·cols, 2) int32 array of (row, col):
    the stored segments one after the other."""
    pieces, left = [], 0
    for width in thin_parts(cols):
        squares = np.array(THIN_SEGMENTS[width], dtype=np.int32)
        pieces.append(np.stack([squares // width, squares % width + left], axis=1))
        left += width
    return np.concatenate(pieces).astype(np.int32)
