"""Search the base tours of the `linear` construction (essais.knights.construction) with essais's
own engine (method prune, numba), and write them to src/essais/knights/_base_tours.py.

For every block of h×w squares, 5 ≤ h, w ≤ 10 and not both odd: a closed tour that holds the
move (1,1)-(3,0), the port where a block joins the block on its left. The search starts on
(1,1) with the move to (3,0) tried first, so the first closed tour it finds holds that move.
For every odd×odd block: an open tour from the corner (0,0) that ends on neither of the corners
(0,w-1) and (h-1,0), whose two moves are the ports where it joins the blocks on its right and
below: the first such tour in depth-first order.

For boards of 3 rows: 3×w open tours from (0,0), chained segment after segment: the 3×4 one
ends on (2,3), a knight's move from the next segment's (0,0); the last segment (7 to 11 columns)
may end anywhere.

Run: .venv/bin/python tools/search_base_tours.py
"""

from __future__ import annotations

from pathlib import Path

from essais.core.board import Board, Square, make_moves
from essais.knights import TourProblem, TourStream, find_tour, is_tour

CLOCKWISE = make_moves(order="clockwise")
# the knight's moves with (2,-1), from (1,1) to (3,0), first
PORT_FIRST = ((2, -1), (1, 2), (2, 1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
OUT = Path(__file__).resolve().parent.parent / "src" / "essais" / "knights" / "_base_tours.py"


def base_tour(h: int, w: int) -> list[Square]:
    board = Board(h, w)
    if h % 2 and w % 2:
        ports = [{(0, w - 1), (2, w - 2)}, {(h - 1, 0), (h - 2, 2)}]
        for shift in range(8):  # the clockwise order from each of its moves in turn
            order = CLOCKWISE[shift:] + CLOCKWISE[:shift]
            path = find_tour(TourProblem.make(board, (0, 0), order), method="warnsdorff").path
            if path is not None and all(port in moves_of(path) for port in ports):
                break
        else:
            raise AssertionError(f"no open base tour for {h}x{w}")
    else:
        path = next(iter(TourStream(TourProblem.make(board, (1, 1), PORT_FIRST, closed=True), method="prune")))
        assert path[1] == (3, 0)
    assert is_tour(board, path, closed=not (h % 2 and w % 2))
    return path


def thin_segment(w: int, exit_ready: bool) -> list[Square]:
    """A 3×w open tour from (0,0): with `exit_ready` one that ends on (2, w-1) or (1, w-2), a
    knight's move from the next segment's (0,0); else the first one."""
    stream = TourStream(TourProblem.make(Board(3, w), (0, 0)), method="prune")
    return next(path for path in stream if not exit_ready or path[-1] in ((2, w - 1), (1, w - 2)))


def moves_of(path: list[Square]) -> list[set[Square]]:
    return [{a, b} for a, b in zip(path, path[1:], strict=False)]


def main() -> None:
    lines = [
        '"""The base tours of the `linear` construction, found by tools/search_base_tours.py with essais\'s',
        "own engine: for each block size (h, w), the squares r * w + c in tour order. Closed tours",
        "(h, w not both odd) start with the move (1,1)-(3,0); open tours (both odd) start at (0,0) and",
        'hold the moves (0,w-1)-(2,w-2) and (h-1,0)-(h-2,2). Do not edit by hand: run the tool again."""',
        "",
        "# fmt: off",
        "BASE_TOURS: dict[tuple[int, int], tuple[int, ...]] = {",
    ]
    for h in range(5, 11):
        for w in range(5, 11):
            path = base_tour(h, w)
            numbers = [str(r * w + c) for r, c in path]
            lines.append(f"    ({h}, {w}): (")
            lines += ["        " + ", ".join(numbers[i : i + 20]) + "," for i in range(0, len(numbers), 20)]
            lines.append("    ),")
    lines += [
        "}",
        "",
        "# 3-row segments: THIN_SEGMENTS[w] ends where the next segment's (0,0) is a knight's move away",
        "THIN_SEGMENTS: dict[int, tuple[int, ...]] = {",
    ]
    for w in (4, 7, 8, 9, 10, 11):
        numbers = [str(r * w + c) for r, c in thin_segment(w, exit_ready=w == 4)]
        lines.append(f"    {w}: (")
        lines += ["        " + ", ".join(numbers[i : i + 20]) + "," for i in range(0, len(numbers), 20)]
        lines.append("    ),")
    lines += ["}", "# fmt: on"]
    OUT.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
