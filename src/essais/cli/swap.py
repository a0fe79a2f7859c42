"""`essais swap`: swap puzzles by breadth-first layers (004, SPEC §2.7)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from essais.cli.common import JsonFlag, NodeLimit, TimeLimit, command, console, finish, make_limits, print_json
from essais.core.result import Stats, Status
from essais.core.search import BreadthFirst, Side, bidirectional
from essais.render.text import stats_line
from essais.swap import SwapPuzzle, knight_swap_004, load_puzzle


@command
def swap(
    puzzle_file: Annotated[
        Path | None, typer.Argument(help="A puzzle file (TOML or JSON); 004's puzzle when omitted.", metavar="FILE")
    ] = None,
    goals: Annotated[
        str | None, typer.Option(help="derangements (004's nine finals) or swap (the colours swapped).")
    ] = None,
    both_ways: Annotated[
        bool, typer.Option("--bidirectional", help="Also search from both ends at once (004's gen2).")
    ] = False,
    time_limit: TimeLimit = None,
    node_limit: NodeLimit = None,
    as_json: JsonFlag = False,
) -> None:
    """Breadth-first layers of a swap puzzle: new states and goals per depth, the shortest move sequence."""
    puzzle = load_puzzle(puzzle_file) if puzzle_file is not None else knight_swap_004()
    if goals is not None:
        puzzle = puzzle.with_goals(goals)
    limits = make_limits(time_limit, node_limit)
    search = BreadthFirst(puzzle, limits)
    layers = list(search)
    first_goal = next((layer.goals[0] for layer in layers if layer.goals), None)
    if search.status != Status.COMPLETE:
        status = search.status
    else:
        status = Status.FOUND if first_goal is not None else Status.NONE
    document: dict[str, Any] = {
        "status": str(status),
        "reachable": len(search.parent),
        "max_depth": layers[-1].depth,
        "farthest": [puzzle.labels(state) for state in sorted(layers[-1].new)],
        "layers": [
            {
                "depth": layer.depth,
                "seen_before": layer.seen_before,
                "new": len(layer.new),
                "goals": [puzzle.labels(goal) for goal in sorted(layer.goals)],
            }
            for layer in layers
        ],
        "shortest": None,
        "stats": search.stats.to_dict(),
    }
    if first_goal is not None:
        solution = search.solution(first_goal)
        document["shortest"] = {
            "goal": puzzle.labels(first_goal),
            "length": solution.length,
            "moves": [puzzle.move_labels(move) for move in solution.actions],
        }
    trace: list[Side] = []
    meeting_stats = None
    if both_ways:
        meeting = bidirectional(puzzle, puzzle.goals, limits=limits, trace=trace)
        document["bidirectional"] = {
            "status": str(meeting.status),
            "length": meeting.solution.length if meeting.solution else None,
            "layers": [{"side": "forward" if s.forward else "backward", "depth": s.depth, "new": s.new} for s in trace],
            "stats": meeting.stats.to_dict(),
        }
        meeting_stats = meeting.stats
    if as_json:
        print_json(document)
        finish(status)
    _print(puzzle, document, search.stats, meeting_stats)
    finish(status)


def _print(puzzle: SwapPuzzle, document: dict[str, Any], stats: Stats, meeting_stats: Stats | None) -> None:
    def state(labels: list[str]) -> str:
        return " ".join(labels)

    console.print(
        f"{puzzle.name}: {len(puzzle.squares)} squares, {len(puzzle.moves)} moves, {len(puzzle.pieces)} pieces "
        f"({'identical by colour' if puzzle.identical else 'told apart'}), start {state(puzzle.labels(puzzle.start))}, "
        f"{len(puzzle.goals)} goal states"
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
    console.print(
        f"{document['reachable']:,} states reachable; every one within {document['max_depth']} moves; the farthest: "
        + ", ".join(state(s) for s in document["farthest"])
    )
    shortest = document["shortest"]
    if shortest is None:
        console.print(f"no goal state can be reached ({document['reachable']:,} states explored)")
    else:
        console.print(f"shortest: {shortest['length']} moves to {state(shortest['goal'])}")
        position = list(puzzle.labels(puzzle.initial()))
        for number, (origin, target) in enumerate(shortest["moves"], start=1):
            position[position.index(origin)] = target
            console.print(f"{number:>4}. {origin} → {target}    {state(position)}")
    if "bidirectional" in document:
        both = document["bidirectional"]
        console.print(f"bidirectional search: {both['length']} moves, meeting in the middle")
        for side in both["layers"]:
            console.print(f"  {side['side']:>8} depth {side['depth']:>2}: {side['new']:,} new states")
        if meeting_stats is not None:
            console.print(Text("bidirectional: ").append_text(stats_line(meeting_stats)))
    console.print(Text("breadth first: ").append_text(stats_line(stats)))
