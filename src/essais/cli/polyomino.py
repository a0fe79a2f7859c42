"""`essais polyomino`: packing polyominoes into a board, as an exact cover."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from essais.cli.common import command
from essais.cli.cover import (
    AllFlag,
    Animate,
    CountFlag,
    CoverEngine,
    CoverOptions,
    DlxFlag,
    Limit,
    Method,
    search_cover,
)
from essais.cli.options import (
    AnimateLimit,
    Checkpoint,
    Dpi,
    JsonFlag,
    MemoryLimit,
    NodeLimit,
    PngFile,
    Scheduler,
    SvgFile,
    TimeLimit,
    TreeFile,
    make_limits,
    workers_option,
)
from essais.cli.output import Pictures
from essais.core.board import Board
from essais.cover import PIECE_SETS
from essais.cover import polyomino as make_polyomino

EXAMPLES = [
    ("essais polyomino 6x10", "a packing of the 12 pentominoes, in letters"),
    ("essais polyomino 6x10 --count", "9,356 packings"),
    ("essais polyomino 6x10 --count --distinct", "2,339 up to the board's symmetries"),
    ("essais polyomino puzzles/scott.txt --count --distinct", "8x8 without its centre: 65"),
    ("essais polyomino 5x4 --pieces tetrominoes", "none: the five tetrominoes do not fit"),
    ("essais polyomino 6x10 --svg packing.svg", "the packing drawn in colours"),
    ("essais polyomino 3x20 --animate pack.html", "watch the dancing links place and take back pieces"),
]


def _board(board: str) -> str | Path:
    """`N` or `RxC` is a size, anything else a file's path."""
    return board if Board.is_size(board) else Path(board)


def _pieces(pieces: str) -> str | Path:
    """A set's name, or a file's path."""
    return pieces if pieces in PIECE_SETS else Path(pieces)


@command
def polyomino(
    board: Annotated[
        str,
        typer.Argument(
            help="A size (6x10, 8) or a file with the board's picture ('#' a cell, '.' a hole).", metavar="BOARD"
        ),
    ],  # fmt: skip
    pieces: Annotated[
        str,
        typer.Option(
            help=f"{' or '.join(PIECE_SETS)} (each piece once), or a file of pieces drawn like a board "
            "(blank lines between them; a piece drawn with one letter is named by it).",
            metavar="SET|FILE",
        ),
    ] = "pentominoes",  # fmt: skip
    fixed: Annotated[bool, typer.Option("--fixed", help="Pieces may not turn over or round.")] = False,
    distinct: Annotated[
        bool,
        typer.Option("--distinct", help="Count packings up to the board's symmetries (broken in the search)."),
    ] = False,
    count: CountFlag = False,
    all_solutions: AllFlag = False,
    limit: Limit = None,
    method: Method = None,
    engine: CoverEngine = None,
    svg: SvgFile = None,
    png: PngFile = None,
    dpi: Dpi = None,
    tree: TreeFile = None,
    dlx: DlxFlag = False,
    animate: Animate = None,
    animate_limit: AnimateLimit = None,
    workers: workers_option("Counts") = None,  # type: ignore[valid-type]
    scheduler: Scheduler = None,
    checkpoint: Checkpoint = None,
    time_limit: TimeLimit = None,
    node_limit: NodeLimit = None,
    memory_limit: MemoryLimit = None,
    as_json: JsonFlag = False,
) -> None:
    """Pack polyominoes into a board, each piece once, turned and reflected at will: one packing
    (letters, or a picture), every one, or how many."""
    limits = make_limits(time_limit, node_limit, memory_limit)
    pictures = Pictures.make(svg, png, dpi, used=not (count or all_solutions))
    puzzle = make_polyomino(_board(board), _pieces(pieces), fixed=fixed, distinct=distinct, limits=limits)
    asked = CoverOptions(limits, count=count, all_solutions=all_solutions, limit=limit, method=method, engine=engine,
                         tree=tree, workers=workers, scheduler=scheduler, checkpoint=checkpoint, as_json=as_json,
                         pictures=pictures, dlx=dlx, animate=animate, animate_limit=animate_limit)  # fmt: skip
    search_cover(puzzle, asked)
