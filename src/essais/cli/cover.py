"""`essais cover`: an exact cover problem in Knuth's text format; and how every exact cover
command (cover, polyomino, langford) searches and prints."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Annotated, Any, NoReturn

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
    asked = CoverOptions(limits, count=count, all_solutions=all_solutions, limit=limit, method=method, engine=engine,
                         tree=tree, workers=workers, scheduler=scheduler, checkpoint=checkpoint,
                         as_json=as_json)  # fmt: skip
    search_cover(read_cover(file, limits=limits), asked)


@dataclass(frozen=True)
class CoverOptions:
    """What the user asked of an exact cover command (cover, polyomino, langford), as its options
    say: one object instead of sixteen parameters handed on one by one."""

    limits: Limits
    count: bool = False
    all_solutions: bool = False
    limit: int | None = None
    method: str | None = None
    engine: str | None = None
    tree: Path | None = None
    workers: int | None = None
    scheduler: str | None = None
    checkpoint: Path | None = None
    as_json: bool = False
    pictures: Pictures = field(default_factory=lambda: Pictures(None, None, 0))
    dlx: bool = False
    animate: Path | None = None
    animate_limit: int | None = None

    def check(self) -> CoverOptions:
        """Refuse the options that contradict each other or go unused, before any work; the
        options with the engine the recording options need."""
        if self.dlx:
            if self.count or self.all_solutions or self.as_json or self.tree or self.pictures.svg or self.pictures.png:
                raise InvalidInput("--dlx: it prints the problem instead of searching it; it goes alone")
            return self
        if self.all_solutions and self.count:
            raise InvalidInput("--all and --count: choose one (--count only counts, --all lists)")
        refuse_unused(limit=(self.limit, self.all_solutions), workers=(self.workers, self.count),
                      scheduler=(self.scheduler, self.count), checkpoint=(self.checkpoint, self.count),
                      tree=(self.tree, not self.all_solutions), animate=(self.animate, not self.all_solutions),
                      animate_limit=(self.animate_limit, self.animate is not None))  # fmt: skip
        check_folder("--tree", self.tree)
        check_folder("--animate", self.animate)
        return replace(self, engine=recording_engine(self.engine, self.tree, self.animate))


def search_cover(puzzle: ExactCover, options: CoverOptions) -> None:
    """What every exact cover command does with its puzzle: the first solution (with its
    pictures), every solution (--all) or the count, printed as text or JSON; or with --dlx the
    problem itself in Knuth's text format."""
    asked = options.check()
    if asked.dlx:
        write_out(puzzle.problem.to_text())
        finish(Status.COMPLETE)
    if asked.animate is not None:
        _watch(puzzle, asked, asked.animate)
    if asked.count:
        _count(puzzle, asked)
    if asked.all_solutions:
        _stream(puzzle, asked)

    def solve() -> Any:
        return solve_cover(puzzle, method=asked.method, engine=asked.engine, limits=asked.limits)

    title = f"the search tree of {puzzle.name}, to the first solution"
    result = write_tree(asked.tree, solve, title) if asked.tree is not None else solve()
    asked.pictures.write(result)
    report(result, asked.as_json)


def _watch(puzzle: ExactCover, asked: CoverOptions, page: Path) -> NoReturn:
    """The search recorded option by option (the python engine), its page written to `page`."""
    events = DEFAULT_EVENTS if asked.animate_limit is None else asked.animate_limit

    def watch() -> Replay:
        return watch_cover(puzzle, method=asked.method, count=asked.count, max_events=events, limits=asked.limits)

    which = "every solution" if asked.count else "to the first"
    replay = watched(watch, asked.tree, f"the search tree of {puzzle.name} ({which})")
    asked.pictures.write(replay)
    write_replay(replay, page, asked.as_json, show)


def _count(puzzle: ExactCover, asked: CoverOptions) -> None:
    def count_them() -> CoverCount:
        with progress_bar("sub-trees") as progress:
            return count_covers(puzzle, method=asked.method, engine=asked.engine, limits=asked.limits,
                                workers=asked.workers, scheduler=asked.scheduler, checkpoint=asked.checkpoint,
                                progress=progress)  # fmt: skip

    title = f"the search tree of {puzzle.name}, every solution"
    counted = write_tree(asked.tree, count_them, title) if asked.tree is not None else count_them()
    report(counted, asked.as_json, asked.checkpoint)


def _stream(puzzle: ExactCover, asked: CoverOptions) -> None:
    stream = CoverStream(puzzle, method=asked.method, engine=asked.engine, limit=asked.limit, limits=asked.limits)
    print_stream(stream, asked.as_json, puzzle.describe, puzzle.text)
