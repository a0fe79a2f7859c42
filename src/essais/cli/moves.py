"""The move-set options shared by the knight commands."""

from __future__ import annotations

from typing import Annotated

import typer

from essais.core.board import Move, make_moves, parse_leaper, parse_moves

Order = Annotated[str, typer.Option(help="Move order: default (000 §3.6) or clockwise (001).", metavar="ORDER")]
Leapers = Annotated[
    list[str] | None,
    typer.Option("--leaper", help="A leaper A,B (repeat for a union); the knight is 1,2.", metavar="A,B"),
]
MoveList = Annotated[
    str | None, typer.Option("--moves", help="An explicit ordered move list: 'dr,dc dr,dc …'.", metavar="LIST")
]


def moves_from_options(leaper: list[str] | None, moves: str | None, order: str = "default") -> tuple[Move, ...]:
    """The move set the options describe: the knight unless --leaper or --moves say otherwise."""
    return make_moves(
        [parse_leaper(text) for text in leaper or []],
        parse_moves(moves) if moves is not None else None,
        order,
    )
