"""`essais uncrossed`: the longest uncrossed knight's path, proved optimal."""

from __future__ import annotations

from contextlib import nullcontext
from functools import partial
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
    SvgFile,
    TimeLimit,
    TreeFile,
    make_limits,
    workers_option,
)
from essais.cli.output import Pictures, check_folder, print_json, show, watched, write_replay, write_tree
from essais.cli.terminal import console, progress_bar
from essais.core.board import Board
from essais.core.errors import InvalidInput
from essais.core.limits import Limits
from essais.core.recording import DEFAULT_EVENTS
from essais.draw.player import Replay
from essais.uncrossed import UncrossedResult, estimate_uncrossed, longest_uncrossed, watch_uncrossed

EXAMPLES = [
    ("essais uncrossed 7", "24 jumps, proved in about a fifth of a second"),
    ("essais uncrossed 7 --closed", "a closed path of 24 jumps (OEIS A157416)"),
    ("essais uncrossed 8 --time-limit 10", "the best path found in 10 s (35 jumps when proved)"),
    ("essais uncrossed 8 --method parallel", "35 jumps, proved on every core"),
    ("essais uncrossed 9 --method parallel --checkpoint u9.sqlite", "Ctrl-C, then the same line resumes"),
    ("essais uncrossed 9 --estimate --beat 47", "how long proving 47 jumps optimal takes, before running it"),
    ("essais uncrossed 9 --method parallel --beat 47", "proves that no path has more than 47 jumps (exit 1)"),
    ("essais uncrossed 5 --tree tree.svg", "the branch and bound's tree, each better path in green"),
]


@command
def uncrossed(
    size: Annotated[str, typer.Argument(help="Board size: N (N×N) or RxC (R rows, C columns).", metavar="SIZE")],
    closed: Annotated[
        bool, typer.Option("--closed", help="A closed path: the last move returns to the start.")
    ] = False,
    method: Annotated[
        str | None,
        typer.Option(
            help="bound (one process, the same counters in both engines) or parallel (sub-trees on every"
            " core sharing the best length found; numba; its counters depend on the timing).",
            metavar="METHOD",
        ),
    ] = None,
    engine: Engine = "numba",
    workers: workers_option("Method parallel") = None,  # type: ignore[valid-type]
    checkpoint: Checkpoint = None,
    time_limit: TimeLimit = None,
    node_limit: NodeLimit = None,
    memory_limit: MemoryLimit = None,
    estimate: Annotated[
        bool,
        typer.Option(
            "--estimate",
            help="Do not search: estimate method bound's search (its nodes and time here) by Knuth's"
            " random probes of its tree.",
        ),
    ] = False,
    beat: Annotated[
        int | None,
        typer.Option(
            help="The jumps of a path the search holds from its start: it looks only for longer ones, or"
            " proves there are none (exit 1). With --estimate: the search estimated (default: the"
            " longest path a short first search finds).",
            metavar="J",
        ),
    ] = None,
    probes: Annotated[int, typer.Option(help="With --estimate: random walks down the tree.", metavar="P")] = 20_000,
    svg: SvgFile = None,
    png: PngFile = None,
    dpi: Dpi = None,
    tree: TreeFile = None,
    animate: Annotated[
        Path | None,
        typer.Option(
            help="Write FILE.html, a page that replays method bound jump by jump, the best path so far beside "
            "the path under way (runs the python engine).",
            metavar="FILE",
        ),
    ] = None,
    animate_limit: AnimateLimit = None,
    as_json: JsonFlag = False,
) -> None:
    """The longest knight's path whose moves never cross, found and proved optimal."""
    board = Board.parse(size)
    limits = make_limits(time_limit, node_limit, memory_limit)
    if estimate:
        _refuse_with_estimate(method, engine, workers, checkpoint, svg, png, dpi, tree, animate)
        _estimate(board, closed, beat, probes, limits, as_json)
    pictures = Pictures.make(svg, png, dpi)
    refuse_unused(animate_limit=(animate_limit, animate is not None))
    if animate is not None:
        if method == "parallel" or workers is not None or checkpoint is not None:
            raise InvalidInput("--animate: one search in the python engine records it (method bound); drop --method "
                               "parallel, --workers, --checkpoint")  # fmt: skip
        check_folder("--animate", animate)
        check_folder("--tree", tree)
        events = DEFAULT_EVENTS if animate_limit is None else animate_limit

        def watch() -> Replay:
            return watch_uncrossed(board, closed=closed, beat=beat, max_events=events, limits=limits)

        kind = "closed " if closed else ""
        title = f"the branch and bound's tree of the longest {kind}uncrossed path on {board} (bound)"
        replay = watched(watch, tree, title)
        pictures.write(replay.result)
        write_replay(replay, animate, as_json, lambda _: show(replay.result, None))
    if tree is not None:
        result = _tree(board, closed, method, workers, checkpoint, beat, limits, tree)
    else:
        with progress_bar("sub-trees") if method == "parallel" else nullcontext() as progress:
            result = longest_uncrossed(
                board, closed=closed, method=method, engine=engine, limits=limits, workers=workers,
                checkpoint=checkpoint, progress=progress, beat=beat,
            )  # fmt: skip
    pictures.write(result)
    if as_json:
        print_json(result.to_dict())
        finish(result.status)
    show(result, checkpoint)
    finish(result.status)


def _tree(
    board: Board,
    closed: bool,
    method: str | None,
    workers: int | None,
    checkpoint: Path | None,
    beat: int | None,
    limits: Limits,
    tree: Path,
) -> UncrossedResult:
    """Method bound in the python engine, its search tree drawn into `tree`."""
    if method == "parallel" or workers is not None or checkpoint is not None:
        raise InvalidInput("--tree: one search in the python engine records it (method bound); drop --method "
                           "parallel, --workers, --checkpoint")  # fmt: skip
    check_folder("--tree", tree)
    kind = "closed " if closed else ""
    title = f"the branch and bound's tree of the longest {kind}uncrossed path on {board} (bound)"
    search = partial(longest_uncrossed, board, closed=closed, method="bound", engine="python", limits=limits, beat=beat)
    result: UncrossedResult = write_tree(tree, search, title)
    return result


def _refuse_with_estimate(method: str | None, engine: str, *options: object) -> None:
    """--estimate estimates method bound's search on the numba engine: no path, no picture."""
    if method == "parallel":
        raise InvalidInput("--method: an estimate is of method bound's search (parallel divides its time by the cores)")
    if engine == "python":
        raise InvalidInput("--engine: an estimate probes the search with the numba engine")
    names = ("--workers", "--checkpoint", "--svg", "--png", "--dpi", "--tree", "--animate")
    for name, value in zip(names, options, strict=True):
        if value is not None:
            raise InvalidInput(f"{name}: an estimate runs in one process and draws no path")


def _estimate(board: Board, closed: bool, beat: int | None, probes: int, limits: Limits, as_json: bool) -> NoReturn:
    result = estimate_uncrossed(board, closed=closed, beat=beat, probes=probes, limits=limits)
    if as_json:
        print_json(result.to_dict())
    else:
        console.print(result, markup=False)
    finish(result.status)
