"""`essais queens`: N queens (002 Q3)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, NoReturn

import typer

from essais.cli.common import command, finish, refuse_unused
from essais.cli.options import (
    AnimateLimit,
    Checkpoint,
    Dpi,
    Engine,
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
from essais.cli.output import Pictures, check_folder, print_json, show, watched, write_replay, write_tree
from essais.cli.terminal import console, progress_bar
from essais.core.errors import InvalidInput
from essais.core.limits import Limits
from essais.core.recording import DEFAULT_EVENTS
from essais.core.result import plural
from essais.draw.player import Replay
from essais.draw.terminal import stats_line
from essais.queens import QueensCount, QueensStream, count_queens, find_queens, watch_queens
from essais.queens.model import SPLIT_METHODS, as_n, count_method

EXAMPLES = [
    ("essais queens 8", "the first solution of 002's search, and the board"),
    ("essais queens 12 --count", "14,200 (start constellations, every core)"),
    ("essais queens 8 --count --method textbook", "92, with 002's counters"),
    ("essais queens 8 --count --method dlx", "92 as an exact cover, with Knuth's updates"),
    ("essais queens 10 --distinct", "92 up to the 8 symmetries of the square"),
    ("essais queens 17 --count --checkpoint q17.sqlite", "Ctrl-C, then the same line resumes"),
    ("essais queens 4 --count --tree tree.svg", "the search tree of every solution (python engine)"),
    ("essais queens 8 --animate queens.html", "watch 002's search in a browser"),
]


@command
def queens(
    n: Annotated[str, typer.Argument(help="The number of queens (and of rows and columns).", metavar="N")],
    method: Annotated[
        str | None,
        typer.Option(
            help="textbook (002 Q3; the default for one solution, --all, and counts with --engine python), "
            "join (the default count from 16 to 21 queens: quarter boards joined), mrv (the default for other "
            "counts and --distinct: the row with the fewest free squares first), bitmask (rows in order) "
            "or dlx (the queens as an exact cover, by dancing links).",
            metavar="METHOD",
        ),
    ] = None,
    engine: Engine = "numba",
    all_solutions: Annotated[bool, typer.Option("--all", help="Stream every solution (textbook order).")] = False,
    limit: Annotated[int | None, typer.Option(help="With --all: stop after K solutions.", metavar="K")] = None,
    count: Annotated[bool, typer.Option("--count", help="Count every solution (OEIS A000170).")] = False,
    distinct: Annotated[
        bool, typer.Option("--distinct", help="Count solutions up to the 8 symmetries of the square (A002562).")
    ] = False,
    svg: SvgFile = None,
    png: PngFile = None,
    dpi: Dpi = None,
    tree: TreeFile = None,
    animate: Annotated[
        Path | None,
        typer.Option(
            help="Write FILE.html, a page that replays 002's search queen by queen (to the first solution, or "
            "every one with --count; runs the python engine).",
            metavar="FILE",
        ),
    ] = None,
    animate_limit: AnimateLimit = None,
    workers: workers_option("Counts") = None,  # type: ignore[valid-type]
    scheduler: Scheduler = None,
    checkpoint: Checkpoint = None,
    time_limit: TimeLimit = None,
    node_limit: NodeLimit = None,
    memory_limit: MemoryLimit = None,
    as_json: JsonFlag = False,
) -> None:
    """Place N queens on an N×N board, none attacking another: one solution, all, or how many."""
    size = as_n(n)
    limits = make_limits(time_limit, node_limit, memory_limit)
    if distinct:
        count = True
    if all_solutions and count:
        raise InvalidInput("--all and --count: choose one (--count only counts, --all lists)")
    if limit is not None and not all_solutions:
        raise InvalidInput("--limit: it applies to --all (stop after K solutions)")
    refuse_unused(
        workers=(workers, count), scheduler=(scheduler, count), checkpoint=(checkpoint, count),
    )  # fmt: skip
    pictures = Pictures.make(svg, png, dpi, used=not (count or all_solutions))
    refuse_unused(tree=(tree, not all_solutions), animate=(animate, not all_solutions),
                  animate_limit=(animate_limit, animate is not None))  # fmt: skip
    check_folder("--tree", tree)
    check_folder("--animate", animate)
    if animate is not None:
        _watch(size, count, method, animate, animate_limit, limits, pictures, as_json, tree)
    if tree is not None:
        engine = "python"  # the engine that records the tree
    if count:
        chosen, _ = count_method(size, method, engine, distinct)

        def count_them() -> QueensCount:
            with progress_bar("sub-trees") as progress:
                return count_queens(
                    size, method=chosen, engine=engine, distinct=distinct, limits=limits,
                    workers=workers if workers is not None or chosen not in SPLIT_METHODS else None,
                    scheduler=scheduler, checkpoint=checkpoint, progress=progress,
                )  # fmt: skip

        title = f"the search tree of {size} queens, every solution ({chosen})"
        counted = write_tree(tree, count_them, title) if tree is not None else count_them()
        if as_json:
            print_json(counted.to_dict())
        else:
            show(counted, checkpoint)
        finish(counted.status)
    if method in SPLIT_METHODS or (all_solutions and method not in (None, "textbook")):
        raise InvalidInput(f"method: {method!r} counts only; one solution uses method textbook or dlx, --all textbook")
    if all_solutions:
        stream = QueensStream(size, engine=engine, limit=limit, limits=limits)
        for index, columns in enumerate(stream, start=1):
            if as_json:
                print_json({"index": index, "columns": columns})
            else:
                console.print(f"#{index}  {' '.join(map(str, columns))}")
        if as_json:
            print_json(stream.result.to_dict())
        else:
            console.print(f"{plural(stream.result.count, 'solution')} ({stream.result.status})")
            console.print(stats_line(stream.result.stats))
        finish(stream.result.status)
    title = f"the search tree of {size} queens, to the first solution ({method or 'textbook'})"
    result = (write_tree(tree, lambda: find_queens(size, method=method, engine=engine, limits=limits), title)
              if tree is not None else find_queens(size, method=method, engine=engine, limits=limits))  # fmt: skip
    pictures.write(result)
    if as_json:
        print_json(result.to_dict())
    else:
        show(result)
    finish(result.status)


def _watch(
    size: int,
    count: bool,
    method: str | None,
    page: Path,
    max_events: int | None,
    limits: Limits,
    pictures: Pictures,
    as_json: bool,
    tree: Path | None,
) -> NoReturn:
    """002's search recorded queen by queen (the python engine), its page written to `page`."""
    events = DEFAULT_EVENTS if max_events is None else max_events
    title = f"the search tree of {size} queens ({'every solution' if count else 'to the first solution'})"

    def watch() -> Replay:
        return watch_queens(size, method=method, count=count, max_events=events, limits=limits)

    replay = watched(watch, tree, title)
    pictures.write(replay)
    write_replay(replay, page, as_json, show)
