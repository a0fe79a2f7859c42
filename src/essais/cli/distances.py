"""`essais distances`: breadth-first distances from a square (001 §2, SPEC §2.2)."""

from __future__ import annotations

from typing import Annotated

import typer

from essais.cli.common import JsonFlag, command, console, print_json
from essais.cli.moves import Leapers, MoveList, moves_from_options
from essais.core.board import Board, format_square
from essais.knights.distances import distances as compute_distances
from essais.render.text import distance_matrix, square_list, stats_line


@command
def distances(
    size: Annotated[str, typer.Argument(help="Board size: N (N×N) or RxC (R rows, C columns).", metavar="SIZE")],
    start: Annotated[str, typer.Option("--from", help="The square to measure from: r,c or a1.")] = "0,0",
    leaper: Leapers = None,
    moves: MoveList = None,
    as_json: JsonFlag = False,
) -> None:
    """The minimum number of moves from a square to every square of the board."""
    board = Board.parse(size)
    result = compute_distances(board, board.parse_square(start, "from"), moves_from_options(leaper, moves))
    if as_json:
        print_json(result.to_dict())
        return
    console.print(f"moves from {format_square(result.start)} on {board} (. = unreachable)")
    console.print(distance_matrix(result.matrix), end="")
    console.print(
        f"{result.reachable} of {board.n_squares} squares reachable; the farthest, {result.max_distance} "
        f"moves away: {square_list(result.farthest)}"
    )
    console.print(stats_line(result.stats))
