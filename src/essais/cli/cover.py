"""`essais cover`: an exact cover problem in Knuth's text format; and how every exact cover
command (cover, polyomino, langford) searches and prints."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, NoReturn

import typer

from essais.cli.common import command, finish, recording_engine, refuse_unused
from essais.cli.options import (
    Checkpoint,
    JsonFlag,
    MemoryLimit,
    NodeLimit,
    Scheduler,
    TimeLimit,
    TreeFile,
    make_limits,
    workers_option,
)
from essais.cli.output import (
    Pictures,
    check_folder,
    print_stream,
    report,
    show,
    watched,
    write_out,
    write_replay,
    write_tree,
)
from essais.cli.terminal import progress_bar
from essais.core.errors import InvalidInput
from essais.core.limits import Limits
from essais.core.recording import DEFAULT_EVENTS
from essais.core.result import Status
from essais.cover import CoverCount, CoverStream, ExactCover, count_covers, read_cover, solve_cover
from essais.cover.watch import watch_cover
from essais.draw.player import Replay

EXAMPLES = [
    ("essais cover puzzles/knuth-colours.dlx", "the first exact cover, as its options' lines"),
    ("essais cover puzzles/knuth-colours.dlx --all", "every one"),
    ("essais polyomino 6x10 --distinct --dlx | essais cover - --count", "a generator's problem, counted"),
    ("essais cover FILE --count --checkpoint c.sqlite", "Ctrl-C, then the same line resumes"),
    ("essais cover FILE --method first --engine python", "Knuth's steps in plain Python"),
]

Method = Annotated[
    str | None,
    typer.Option(help="dlx (the item with the fewest options left first; the default) or first (the first item "
                 "left).", metavar="METHOD"),
]  # fmt: skip
CoverEngine = Annotated[
    str | None,
    typer.Option(help="numba (compiled; the default) or python (Knuth's steps in plain Python; what --tree and "
                 "--animate run).", metavar="ENGINE"),
]  # fmt: skip
CountFlag = Annotated[bool, typer.Option("--count", help="Count every exact cover.")]
AllFlag = Annotated[bool, typer.Option("--all", help="Stream every exact cover, in the search's order.")]
Limit = Annotated[int | None, typer.Option(help="With --all: stop after K solutions.", metavar="K")]
Animate = Annotated[
    Path | None,
    typer.Option(help="Write FILE.html, a page that replays the search option by option on the board (to the first "
                 "solution, or every one with --count; runs the python engine).", metavar="FILE"),
]  # fmt: skip
DlxFlag = Annotated[
    bool, typer.Option("--dlx", help="Print the exact cover problem in Knuth's text format instead of searching it.")
]


@command
def cover(
    file: Annotated[
        str, typer.Argument(help="A file in Knuth's text format, or - for standard input.", metavar="FILE")
    ],
    count: CountFlag = False,
    all_solutions: AllFlag = False,
    limit: Limit = None,
    method: Method = None,
    engine: CoverEngine = None,
    tree: TreeFile = None,
    workers: workers_option("Counts") = None,  # type: ignore[valid-type]
    scheduler: Scheduler = None,
    checkpoint: Checkpoint = None,
    time_limit: TimeLimit = None,
    node_limit: NodeLimit = None,
    memory_limit: MemoryLimit = None,
    as_json: JsonFlag = False,
) -> None:
    """Find an exact cover: options that hold every primary item once and each secondary item at
    most once (or in one colour), from Knuth's text format: the items on the first line (primary,
    then | and the secondary ones), then one option a line (item:colour on a secondary item),
    | at a line's start for a comment."""
    limits = make_limits(time_limit, node_limit, memory_limit)
    search_cover(read_cover(file, limits=limits), count=count, all_solutions=all_solutions, limit=limit,
                 method=method, engine=engine, tree=tree, workers=workers, scheduler=scheduler, checkpoint=checkpoint,
                 limits=limits, as_json=as_json, pictures=Pictures(None, None, 0))  # fmt: skip


def search_cover(
    puzzle: ExactCover,
    *,
    count: bool,
    all_solutions: bool,
    limit: int | None,
    method: str | None,
    engine: str | None,
    tree: Path | None,
    workers: int | None,
    scheduler: str | None,
    checkpoint: Path | None,
    limits: Limits,
    as_json: bool,
    pictures: Pictures,
    dlx: bool = False,
    animate: Path | None = None,
    animate_limit: int | None = None,
) -> None:
    """What every exact cover command does with its puzzle: the first solution (with its
    pictures), every solution (--all) or the count, printed as text or JSON; or with `dlx` the
    problem itself in Knuth's text format."""
    if dlx:
        if count or all_solutions or as_json or tree or pictures.svg or pictures.png:
            raise InvalidInput("--dlx: it prints the problem instead of searching it; it goes alone")
        write_out(puzzle.problem.to_text())
        finish(Status.COMPLETE)
    if all_solutions and count:
        raise InvalidInput("--all and --count: choose one (--count only counts, --all lists)")
    refuse_unused(limit=(limit, all_solutions), workers=(workers, count), scheduler=(scheduler, count),
                  checkpoint=(checkpoint, count), tree=(tree, not all_solutions), animate=(animate, not all_solutions),
                  animate_limit=(animate_limit, animate is not None))  # fmt: skip
    check_folder("--tree", tree)
    check_folder("--animate", animate)
    engine = recording_engine(engine, tree, animate)
    if animate is not None:
        _watch(puzzle, count, method, animate, animate_limit, limits, pictures, as_json, tree)
    if count:
        _count(puzzle, method, engine, tree, workers, scheduler, checkpoint, limits, as_json)
    if all_solutions:
        _stream(puzzle, method, engine, limit, limits, as_json)
    title = f"the search tree of {puzzle.name}, to the first solution"
    result = (write_tree(tree, lambda: solve_cover(puzzle, method=method, engine=engine, limits=limits), title)
              if tree is not None else solve_cover(puzzle, method=method, engine=engine, limits=limits))  # fmt: skip
    pictures.write(result)
    report(result, as_json)


def _watch(
    puzzle: ExactCover,
    count: bool,
    method: str | None,
    page: Path,
    max_events: int | None,
    limits: Limits,
    pictures: Pictures,
    as_json: bool,
    tree: Path | None,
) -> NoReturn:
    """The search recorded option by option (the python engine), its page written to `page`."""
    events = DEFAULT_EVENTS if max_events is None else max_events

    def watch() -> Replay:
        return watch_cover(puzzle, method=method, count=count, max_events=events, limits=limits)

    replay = watched(watch, tree, f"the search tree of {puzzle.name} ({'every solution' if count else 'to the first'})")
    pictures.write(replay)
    write_replay(replay, page, as_json, show)


def _count(
    puzzle: ExactCover,
    method: str | None,
    engine: str | None,
    tree: Path | None,
    workers: int | None,
    scheduler: str | None,
    checkpoint: Path | None,
    limits: Limits,
    as_json: bool,
) -> None:
    def count_them() -> CoverCount:
        with progress_bar("sub-trees") as progress:
            return count_covers(puzzle, method=method, engine=engine, limits=limits, workers=workers,
                                scheduler=scheduler, checkpoint=checkpoint, progress=progress)  # fmt: skip

    title = f"the search tree of {puzzle.name}, every solution"
    counted = write_tree(tree, count_them, title) if tree is not None else count_them()
    report(counted, as_json, checkpoint)


def _stream(
    puzzle: ExactCover, method: str | None, engine: str | None, limit: int | None, limits: Limits, as_json: bool
) -> None:
    print_stream(
        CoverStream(puzzle, method=method, engine=engine, limit=limit, limits=limits),
        as_json,
        puzzle.describe,
        puzzle.text,
    )
