"""Polyomino packing as an exact cover: each piece placed once, each cell of the board covered
once. Items: the pieces, then the cells in reading order (`r0c0`, `r0c1`…); an option is a
piece and the cells of one of its placements (pieces in their order, their orientations, then
positions in reading order).

Counting up to symmetry (`distinct`) breaks the symmetry in the search rather than filtering
solutions: G, the symmetries of the board's rectangle that map its cells onto themselves, act
on the packings. One piece P keeps a single placement per orbit of G (the least, by its sorted
cells), so each class of packings is met once where that placement has no symmetry of its own.
Where a kept placement r is fixed by a subgroup H of G (the X pentomino on a middle line), the
packings with P at r are met once per class of H; a second piece Q then keeps, beside P at r,
only the least placement of each of its orbits under H. That condition is a secondary item
(`symK`, one for each such H) in P's option at r and in Q's placements that are not least: the
two cannot be chosen together. Q is a piece none of whose placements H fixes, so that each
class is met exactly once (a board that needs a third piece is refused).
"""

from __future__ import annotations

import string
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from essais.core.board import Board
from essais.core.cover.problem import CoverProblem
from essais.core.engine import check_memory
from essais.core.errors import InvalidInput, deprecated_alias
from essais.core.limits import Limits, setting_up
from essais.core.result import plural
from essais.core.text import read_text
from essais.cover.draw import packing_svg
from essais.cover.model import ExactCover
from essais.draw.svg import PALETTE

Cell = tuple[int, int]
Shape = tuple[Cell, ...]  # sorted cells, shifted so that the least row and column are 0

PENTOMINOES = {  # the 12 free pentominoes, by Golomb's letters (Conway's names differ)
    "F": ".##\n##.\n.#.", "I": "#####", "L": "####\n#...", "N": "##..\n.###", "P": "##\n##\n#.",
    "T": "###\n.#.\n.#.", "U": "#.#\n###", "V": "#..\n#..\n###", "W": "#..\n##.\n.##", "X": ".#.\n###\n.#.",
    "Y": ".#..\n####", "Z": "##.\n.#.\n.##",
}  # fmt: skip
TETROMINOES = {"I": "####", "O": "##\n##", "T": "###\n.#.", "L": "###\n#..", "S": ".##\n##."}
PIECE_SETS = {"pentominoes": PENTOMINOES, "tetrominoes": TETROMINOES}
UNNAMED_PIECES = string.ascii_uppercase + string.ascii_lowercase + string.digits  # a '#' piece's names
MAX_CELLS = 10_000  # a board's cells (a packing of more is beyond any search)
BYTES_PER_DRAWN_CELL = 100  # a character of a drawing: its cell as a tuple in lists and sets (rounded up)
BYTES_PER_PLACEMENT_CELL = 200  # an option's entry, as Python objects and links (tracemalloc, rounded up)


def shape_of(cells: Iterable[Cell]) -> Shape:
    cells = list(cells)
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


def orientations(shape: Shape, fixed: bool = False) -> list[Shape]:
    """The distinct rotations and reflections of a shape (itself alone when `fixed`), sorted."""
    if fixed:
        return [shape]
    images = set()
    for turn in range(8):
        cells = shape
        for _ in range(turn % 4):
            cells = tuple((c, -r) for r, c in cells)  # a quarter turn
        if turn >= 4:
            cells = tuple((r, -c) for r, c in cells)  # a reflection
        images.add(shape_of(cells))
    return sorted(images)


def read_picture(text: str, where: str, cell_marks: Collection[str] = "#") -> list[Cell]:
    """The cells of a picture: `#` (or any of `cell_marks`) a cell, `.` or a space a hole; lines
    starting with `|` are comments. Anything else is refused, naming its line."""
    cells = []
    row = 0
    for number, line in enumerate(text.splitlines(), start=1):
        if line.lstrip().startswith("|"):
            continue
        for col, mark in enumerate(line.rstrip()):
            if mark in cell_marks:
                cells.append((row, col))
            elif mark not in ". ":
                raise InvalidInput(f"{where} line {number}: {mark!r} is neither '#' (a cell) nor '.' (a hole)")
        row += 1
    return cells


def read_board(source: str, where: str = "board", picture: bool = False) -> tuple[int, int, frozenset[Cell]]:
    """A board from a size (`6x10`, `8`) or a picture's text (always with `picture`): (rows,
    cols, its cells)."""
    if not picture and Board.is_size(source.strip()):
        board = Board.parse(source.strip())
        if board.n_squares > MAX_CELLS:
            raise InvalidInput(f"{where}: {board} has more than the {MAX_CELLS:,} cells a packing may have")
        cells = frozenset((r, c) for r in range(board.rows) for c in range(board.cols))
    else:
        cells = frozenset(read_picture(source, where))
    if not cells:
        raise InvalidInput(f"{where}: the board has no cell ('#')")
    if len(cells) > MAX_CELLS:
        raise InvalidInput(f"{where}: {len(cells):,} cells, more than the {MAX_CELLS:,} a packing may have")
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    cells = frozenset((r - top, c - left) for r, c in cells)
    return max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1, cells


def read_pieces(text: str, where: str = "pieces", fixed: bool = False) -> dict[str, Shape]:
    """Pieces drawn like a board, separated by blank lines: a piece drawn with one character
    (`FF`…) is named by it, one drawn with `#` by the first name left of A–Z, a–z, 0–9 (in the
    file's order). A piece drawn twice (the same shape, up to rotation and reflection unless
    `fixed`) is refused."""
    blocks = list(_blocks(text))
    if not blocks:
        raise InvalidInput(f"{where}: no pieces (draw each with '#', blank lines between them)")
    drawn: list[tuple[int, list[str], str]] = []  # (first line, lines, the mark they are drawn with)
    for first_line, lines in blocks:
        marks = {mark for line in lines for mark in line if mark not in ". "}
        if len(marks) != 1 or (marks != {"#"} and not is_piece_name(next(iter(marks)))):
            raise InvalidInput(f"{where} line {first_line}: draw a piece with '#' or with one letter, "
                                   "'.' for gaps")  # fmt: skip
        drawn.append((first_line, lines, marks.pop()))
    lettered = [mark for _, _, mark in drawn if mark != "#"]
    unused = iter(name for name in UNNAMED_PIECES if name not in lettered)
    pieces: dict[str, Shape] = {}
    seen: dict[Shape, str] = {}
    for first_line, lines, mark in drawn:
        name = mark if mark != "#" else next(unused, None)
        if name is None:
            raise InvalidInput(f"{where} line {first_line}: more pieces drawn with '#' than the {len(UNNAMED_PIECES)} "
                               "names A-Z, a-z, 0-9 (draw them with letters of their own)")  # fmt: skip
        if name in pieces:
            raise InvalidInput(f"{where} line {first_line}: two pieces are drawn with {name!r}")
        shape = shape_of(read_picture("\n".join(lines), where, cell_marks=mark))
        key = orientations(shape, fixed)[0]
        if key in seen:
            raise InvalidInput(f"{where} line {first_line}: piece {name} is piece {seen[key]} again (each piece once)")
        seen[key] = name
        pieces[name] = shape
    return pieces


def is_piece_name(name: object) -> bool:
    """A piece's name is one printable character, not a space and none of `.` (a hole), `#` (a
    cell), `:` and `|` (the cover format's): so its item never meets a cell's (`r0c0`)."""
    return isinstance(name, str) and len(name) == 1 and name.isprintable() and not name.isspace() and name not in ".#:|"


def _blocks(text: str) -> Iterable[tuple[int, list[str]]]:
    """The groups of lines between blank lines (comments left out), with their first line's number."""
    lines: list[str] = []
    first = 0
    for number, line in enumerate([*text.splitlines(), ""], start=1):
        if line.lstrip().startswith("|"):
            continue
        if line.strip():
            first = first or number
            lines.append(line.rstrip())
        elif lines:
            yield first, lines
            lines, first = [], 0


@dataclass(frozen=True, eq=False)
class Placement:
    piece: str
    cells: Shape  # on the board, sorted


@dataclass(frozen=True, eq=False)
class Polyomino(ExactCover):
    """A packing puzzle: the board (rows, cols, its cells), the pieces, and the placement of
    each option (`placements[k]`)."""

    rows: int = 0
    cols: int = 0
    cells: frozenset[Cell] = frozenset()
    pieces: tuple[tuple[str, Shape], ...] = ()
    placements: tuple[Placement, ...] = ()
    fixed: bool = False
    distinct: bool = False
    symmetries: int = 1  # of the board, counted in `distinct`

    def grid(self, options: Sequence[int]) -> list[list[str]]:
        """The board with each cell's piece letter ('.': a hole, ' ': a cell not covered)."""
        grid = [["." if (r, c) not in self.cells else " " for c in range(self.cols)] for r in range(self.rows)]
        for index in options:
            placement = self.placements[index]
            for r, c in placement.cells:
                grid[r][c] = placement.piece
        return grid

    def text(self, options: Sequence[int]) -> str:
        return "\n".join("".join(row) for row in self.grid(options))

    def describe(self, options: Sequence[int]) -> dict[str, Any]:
        return {"options": list(options), "grid": ["".join(row) for row in self.grid(options)],
                "pieces": {self.placements[k].piece: [list(cell) for cell in self.placements[k].cells]
                           for k in options}}  # fmt: skip

    has_picture = True

    def to_svg(self, options: Sequence[int]) -> str | None:
        names = [name for name, _ in self.pieces]
        return packing_svg(self.grid(options), names, title=self.solution_brief(options))

    def rich_text(self, options: Sequence[int]) -> Any:
        from essais.draw.terminal import lettered_board  # rich loads only when a result is shown

        return lettered_board(self.grid(options), self.colors())

    def colors(self) -> dict[str, str]:
        """Each piece's colour, as the picture and the page show it."""
        return {name: PALETTE[index % len(PALETTE)] for index, (name, _) in enumerate(self.pieces)}

    def colours(self) -> dict[str, str]:
        """Deprecated: `colors` (the identifiers say "color")."""
        return deprecated_alias(self.colors(), "Polyomino.colours()", "Polyomino.colors()")

    def counted(self, count: int) -> str:
        if self.distinct:
            symmetries = f"up to the board's {self.symmetries} symmetries"
            return f"{plural(count, 'distinct packing')} of {self.name} ({symmetries})"
        return f"{plural(count, 'packing')} of {self.name}"

    def count_keys(self, count: int) -> dict[str, Any]:
        return {"name": self.name, "distinct": self.distinct, "symmetries": self.symmetries}

    def solution_brief(self, options: Sequence[int]) -> str:
        return f"{self.name}: a packing of {plural(len(options), 'piece')}"

    def none_text(self) -> str:
        return f"{self.name}: no packing"


def polyomino(
    board: str | Path = "6x10",
    pieces: str | Path | dict[str, Shape] = "pentominoes",
    *,
    fixed: bool = False,
    distinct: bool = False,
    limits: Limits | None = None,
    name: str | None = None,
) -> Polyomino:
    """The packing of `pieces` (a set's name, `pentominoes` or `tetrominoes`, pieces drawn as
    read_pieces reads them, as a file's Path or its text, or {name: shape}) into `board` (a size
    such as `6x10`, or a picture, as a file's Path or its text), each piece once; rotations and
    reflections allowed unless `fixed`; with `distinct`, broken symmetry so that a count counts
    packings up to the board's symmetries. A file is read under the limits."""
    if fixed and distinct:
        raise InvalidInput("distinct: pieces that may not turn (fixed) have no symmetry to count up to")
    drawn = isinstance(board, Path)
    with setting_up(limits):
        if isinstance(board, Path):
            board = read_text(board, limits=limits, bytes_per_character=BYTES_PER_DRAWN_CELL)
        if isinstance(pieces, Path):
            pieces = read_text(pieces, limits=limits, bytes_per_character=BYTES_PER_DRAWN_CELL)
    rows, cols, cells = read_board(board, picture=drawn)
    shapes = _piece_shapes(pieces, fixed)
    area = sum(len(shape) for shape in shapes.values())
    if area != len(cells):
        raise InvalidInput(f"pieces: they cover {area:,} cells and the board has {len(cells):,}: no packing can fit")
    estimate = sum(len(orientations(shape, fixed)) * (len(shape) + 1) for shape in shapes.values()) * len(cells)
    check_memory(estimate * BYTES_PER_PLACEMENT_CELL, f"the placements of the pieces on a {rows}x{cols} board", limits)
    placements = {piece: _placements(shape, cells, fixed) for piece, shape in shapes.items()}
    group = [g for g in Board(rows, cols).symmetries() if all(g(*cell) in cells for cell in cells)]
    secondary: dict[int, list[str]] = {}  # option index → its secondary items (the broken symmetry)
    options: list[Placement] = []
    symmetric: list[str] = []
    if distinct and len(group) > 1:
        options, secondary, symmetric = _broken_symmetry(placements, group)
    else:
        options = [Placement(piece, cells) for piece in placements for cells in placements[piece]]
    cell_names = {cell: f"r{cell[0]}c{cell[1]}" for cell in sorted(cells)}
    option_lines = [
        [placement.piece, *(cell_names[cell] for cell in placement.cells), *secondary.get(index, [])]
        for index, placement in enumerate(options)
    ]
    named = isinstance(pieces, str) and pieces in PIECE_SETS
    label = name or f"{'the ' + str(pieces) if named else 'the pieces'} in {rows}x{cols}"
    problem = CoverProblem.make([*shapes, *cell_names.values()], option_lines, symmetric, name=label)
    return Polyomino(problem, rows, cols, cells, tuple(shapes.items()), tuple(options), fixed, distinct,
                     len(group) if distinct else 1)  # fmt: skip


def _piece_shapes(pieces: str | dict[str, Shape], fixed: bool) -> dict[str, Shape]:
    if isinstance(pieces, dict):
        for name in pieces:
            if not is_piece_name(name):
                raise InvalidInput(f"pieces: {name!r} is not a piece's name (one printable character, not a space, "
                                   "'.', '#', ':' or '|')")  # fmt: skip
        return {name: shape_of(shape) for name, shape in pieces.items()}
    if pieces in PIECE_SETS:
        return {name: shape_of(read_picture(drawing, name)) for name, drawing in PIECE_SETS[pieces].items()}
    return read_pieces(pieces, fixed=fixed)


def _placements(shape: Shape, cells: frozenset[Cell], fixed: bool) -> list[Shape]:
    """Every placement of the shape's orientations on the board's cells: orientation by
    orientation, positions in reading order."""
    placed = []
    rows, cols = max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1
    for oriented in orientations(shape, fixed):
        for top in range(rows):
            for left in range(cols):
                moved = tuple((r + top, c + left) for r, c in oriented)
                if all(cell in cells for cell in moved):
                    placed.append(moved)
    return placed


Symmetry = Callable[[int, int], Cell]


def _image(g: Symmetry, cells: Shape) -> Shape:
    return tuple(sorted(g(r, c) for r, c in cells))


def _least(cells: Shape, group: Sequence[Symmetry]) -> bool:
    """The placement is the least of its orbit under `group`."""
    return all(cells <= _image(g, cells) for g in group)


def _fixing(cells: Shape, group: Sequence[Symmetry]) -> tuple[int, ...]:
    """The indices (in `group`) of the symmetries that map the placement onto itself."""
    return tuple(k for k, g in enumerate(group) if _image(g, cells) == cells)


def _broken_symmetry(
    placements: dict[str, list[Shape]], group: list[Symmetry]
) -> tuple[list[Placement], dict[int, list[str]], list[str]]:
    """The options of a count up to the board's symmetries (see the module's docstring): the
    placements kept, the secondary items of each option, those items."""

    def kept(piece: str) -> list[Shape]:
        return [cells for cells in placements[piece] if _least(cells, group)]

    # P: the piece whose kept placements have the fewest symmetries, then are fewest
    first = min(placements, key=lambda piece: (sum(len(_fixing(c, group)) > 1 for c in kept(piece)), len(kept(piece))))
    stabilisers = sorted({_fixing(cells, group) for cells in kept(first)} - {(0,)})
    item_of = {stabiliser: f"sym{k}" for k, stabiliser in enumerate(stabilisers, start=1)}
    second = next((piece for piece in placements if piece != first and not any(
        len(_fixing(cells, [group[k] for k in stabiliser])) > 1 for stabiliser in stabilisers
        for cells in placements[piece])), None)  # fmt: skip
    if stabilisers and second is None:
        raise InvalidInput("distinct: on this board every piece can lie symmetrically where the first does; "
                           "essais breaks symmetry over two pieces only (count without distinct)")  # fmt: skip
    options: list[Placement] = []
    secondary: dict[int, list[str]] = {}
    for piece in placements:
        for cells in kept(piece) if piece == first else placements[piece]:
            items = []
            if piece == first and _fixing(cells, group) in item_of:
                items = [item_of[_fixing(cells, group)]]
            elif piece == second:
                items = [item for stabiliser, item in item_of.items()
                         if not _least(cells, [group[k] for k in stabiliser])]  # fmt: skip
            if items:
                secondary[len(options)] = items
            options.append(Placement(piece, cells))
    return options, secondary, list(item_of.values())
