"""`essais distances`: breadth-first distances from a square (001 §2)."""

from __future__ import annotations

from typing import Annotated

import typer

from essais.cli.common import command, finish
from essais.cli.moves import Leapers, MoveList, moves_from_options
from essais.cli.options import Dpi, JsonFlag, MemoryLimit, PngFile, SvgFile, TimeLimit, make_limits
from essais.cli.output import Pictures, print_json
from essais.cli.terminal import console
from essais.core.board import Board
from essais.core.result import plural
from essais.draw.terminal import distance_matrix, square_list, stats_line
from essais.knights.distances import distances as compute_distances

EXAMPLES = [
    ("essais distances 10", "001 §2's table, as numbers of moves"),
    ("essais distances 8 --leaper 0,3 --leaper 2,2", "001's other moves"),
    ("essais distances 6 --leaper 1,1 --from a1", "a leaper that reaches half the board"),
    ("essais distances 10 --png distances.png", "the table as a heat map"),
]


@command
def distances(
    size: Annotated[str, typer.Argument(help="Board size: N (N×N) or RxC (R rows, C columns).", metavar="SIZE")],
    start: Annotated[str, typer.Option("--from", help="The square to measure from: r,c or a1.", metavar="SQ")] = "0,0",
    leaper: Leapers = None,
    moves: MoveList = None,
    time_limit: TimeLimit = None,
    memory_limit: MemoryLimit = None,
    svg: SvgFile = None,
    png: PngFile = None,
    dpi: Dpi = None,
    as_json: JsonFlag = False,
) -> None:
    """The minimum number of moves from a square to every square of the board."""
    board = Board.parse(size)
    pictures = Pictures.make(svg, png, dpi)
    limits = make_limits(time_limit, None, memory_limit)
    origin = board.parse_square(start, "from")
    result = compute_distances(board, origin, moves_from_options(leaper, moves), limits=limits)
    pictures.write(result)
    if as_json:
        print_json(result.to_dict())
        finish(result.status)
    if not result.status.finished:
        console.print(f"stopped ({result.status}): the squares reached so far")
    console.print(f"moves from {start.strip()} on {board} (. = unreachable)")
    console.print(distance_matrix(result.matrix), end="")
    console.print(
        f"{result.reachable:,} of {plural(board.n_squares, 'square')} reachable; the farthest, "
        f"{plural(result.max_distance, 'move')} away: {square_list(result.farthest)}"
    )
    console.print(stats_line(result.stats))
    finish(result.status)
