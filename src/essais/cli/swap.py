"""`essais swap`: swap puzzles by breadth-first layers (004)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from essais.cli.common import command, finish, refuse_unused
from essais.cli.options import (
    AnimateLimit,
    Dpi,
    JsonFlag,
    MemoryLimit,
    NodeLimit,
    PngFile,
    SvgFile,
    TimeLimit,
    TreeFile,
    make_limits,
)
from essais.cli.output import Pictures, check_folder, print_json, write_replay
from essais.cli.terminal import console
from essais.core.recording import DEFAULT_EVENTS
from essais.core.result import Status, plural
from essais.draw.terminal import stats_line
from essais.swap import SwapResult, knight_swap_004, load_puzzle, study, watch_study

EXAMPLES = [
    ("essais swap", "004's table: first goals at 26 moves, every state within 49"),
    ("essais swap --goals swap --bidirectional", "the colours swapped: 40 moves, from both ends too"),
    ("essais swap puzzles/guarini.toml", "Guarini's 3×3 puzzle (1512): 16 moves"),
    ("essais swap --png moves.png", "004's 26 moves, drawn as a strip of frames"),
]


@command
def swap(
    puzzle_file: Annotated[
        Path | None, typer.Argument(help="A puzzle file (TOML or JSON); 004's puzzle when omitted.", metavar="FILE")
    ] = None,
    goals: Annotated[
        str | None,
        typer.Option(
            help="derangements (004's nine finals; the default for 004's puzzle) or swap (the colours swapped; "
            "the default of a file that names none).",
            metavar="KIND",
        ),
    ] = None,
    both_ways: Annotated[
        bool, typer.Option("--bidirectional", help="Also search from both ends at once (004's gen2).")
    ] = False,
    time_limit: TimeLimit = None,
    node_limit: NodeLimit = None,
    memory_limit: MemoryLimit = None,
    svg: SvgFile = None,
    png: PngFile = None,
    dpi: Dpi = None,
    animate: Annotated[
        Path | None,
        typer.Option(
            help="Write FILE.html, a page that replays the layers: each state discovered and expanded, drawn.",
            metavar="FILE",
        ),
    ] = None,
    animate_limit: AnimateLimit = None,
    tree: TreeFile = None,
    as_json: JsonFlag = False,
) -> None:
    """Breadth-first layers of a swap puzzle: new states and goals per depth, the shortest move sequence."""
    pictures = Pictures.make(svg, png, dpi)
    refuse_unused(animate_limit=(animate_limit, animate is not None),
                  animate=(animate, not both_ways), tree=(tree, not both_ways))  # fmt: skip
    check_folder("--animate", animate)
    check_folder("--tree", tree)
    limits = make_limits(time_limit, node_limit, memory_limit)
    puzzle = load_puzzle(puzzle_file, limits) if puzzle_file is not None else knight_swap_004()
    if goals is not None:
        puzzle = puzzle.with_goals(goals)
    replay = None
    if animate is not None or tree is not None:
        events = DEFAULT_EVENTS if animate_limit is None else animate_limit
        replay = watch_study(puzzle, max_events=events, limits=limits)
        if tree is not None:
            tree.write_text(replay.tree_svg(), encoding="utf-8")
    found = replay.result if replay is not None else study(puzzle, bidirectional_too=both_ways, limits=limits)
    assert isinstance(found, SwapResult)
    result: SwapResult = found
    pictures.write(result)
    if replay is not None and animate is not None:
        write_replay(replay, animate, as_json, lambda _: _print(result))
    if as_json:
        print_json(result.to_dict())
    else:
        _print(result)
    finish(result.status)


def _print(result: SwapResult) -> None:
    puzzle, document = result.puzzle, result.to_dict()

    def state(labels: list[str]) -> str:
        return " ".join(labels)

    console.print(
        f"{puzzle.name}: {plural(len(puzzle.squares), 'square')}, {plural(len(puzzle.moves), 'move')}, "
        f"{plural(len(puzzle.pieces), 'piece')} ({'identical by colour' if puzzle.identical else 'told apart'}), "
        f"start {state(puzzle.labels(puzzle.start))}, {plural(len(puzzle.goals), 'goal state')}"
    )
    table = Table(header_style="dim", box=None, padding=(0, 2))
    for title in ("depth", "seen before", "new", "goals reached"):
        table.add_column(title, justify="right" if title != "goals reached" else "left")
    for layer in document["layers"]:
        table.add_row(
            str(layer["depth"]), f"{layer['seen_before']:,}", f"{layer['new']:,}",
            ", ".join(state(goal) for goal in layer["goals"]),
        )  # fmt: skip
    console.print(table)
    reachable = plural(document["reachable"], "state")
    if not result.status.finished:
        console.print(f"stopped ({result.status}) after reaching {reachable}, depth {document['max_depth']}")
    else:
        console.print(
            f"{reachable} reachable; every one within {plural(document['max_depth'], 'move')}; the farthest: "
            + ", ".join(state(s) for s in document["farthest"])
        )
    shortest = document["shortest"]
    if shortest is not None:
        console.print(f"shortest: {plural(shortest['length'], 'move')} to {state(shortest['goal'])}")
        position = list(puzzle.labels(puzzle.initial()))
        for number, (origin, target) in enumerate(shortest["moves"], start=1):
            position[position.index(origin)] = target
            console.print(f"{number:>4}. {origin} → {target}    {state(position)}")
    elif result.status == Status.NONE:
        console.print(f"no goal state can be reached ({reachable} explored)")
    if result.meeting is not None:
        both = document["bidirectional"]
        length = "no meeting" if both["length"] is None else plural(both["length"], "move")
        console.print(f"bidirectional search ({both['status']}): {length}, meeting in the middle")
        for side in both["layers"]:
            console.print(f"  {side['side']:>8} depth {side['depth']:>2}: {side['new']:,} new states")
        console.print(Text("bidirectional: ").append_text(stats_line(result.meeting.stats)))
    console.print(Text("breadth first: ").append_text(stats_line(result.stats)))
