"""`essais tour`: knight's tours."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from essais.cli.common import command, finish, refuse_unused
from essais.cli.moves import Leapers, MoveList, Order, moves_from_options
from essais.cli.options import (
    AnimateLimit,
    Checkpoint,
    Dpi,
    Engine,
    JsonFlag,
    MemoryLimit,
    PngFile,
    Scheduler,
    Spill,
    SvgFile,
    TreeFile,
    make_limits,
    node_limit_option,
    time_limit_option,
    workers_option,
)
from essais.cli.output import Pictures, check_folder, print_json, show, watched, write_replay, write_tree
from essais.cli.terminal import console, progress_bar
from essais.core.board import Board, format_square
from essais.core.errors import InvalidInput
from essais.core.limits import Limits
from essais.core.recording import DEFAULT_EVENTS
from essais.core.result import plural
from essais.draw.terminal import histogram, numbered_board, stats_line
from essais.knights import (
    StreamFromEveryStart,
    TourProblem,
    TourReplay,
    TourStream,
    count_every_start,
    count_tours,
    estimate_tour_count,
    find_tour,
    random_tours,
    search_every_start,
    watch_tour,
)
from essais.knights.draw import start_table
from essais.knights.model import WALK_METHODS

EXAMPLES = [
    ("essais tour 8", "a tour of the 8×8 board (method linear)"),
    ("essais tour 10000 --output tour.npy", "10⁸ squares in seconds, to a numpy file"),
    ("essais tour 8 --closed --svg tour.svg", "a closed tour, drawn"),
    ("essais tour 5 --method basic", "000 §3.8: the tour after 74,276 backtracks"),
    ("essais tour 5 --method basic --every-start", "000 §5's table over every start square"),
    ("essais tour 5 --method basic --animate search.html", "watch 000's search in a browser"),
    ("essais tour 5 --method basic --order clockwise --count", "001: 304 tours from a corner"),
    ("essais tour 6 --closed --count", "19,724 directed closed tours (method prune, every core)"),
    ("essais tour 6 --count --every-start", "6,637,920 open tours over every start (OEIS A165134)"),
    ("essais tour 6x15 --closed --count --every-start --method frontier", "every closed tour of 6×15 (above 2⁶⁴)"),
    ("essais tour 7 --count --every-start --method frontier --estimate", "what counting 7×7's tours would take"),
]
Flag = bool
JSON_SQUARES = 1000 * 1000  # a larger tour is written to a file (--output), not into JSON


@command
def tour(
    size: Annotated[str, typer.Argument(help="Board size: N (N×N) or RxC (R rows, C columns).", metavar="SIZE")],
    start: Annotated[
        str, typer.Option(help="Start square: r,c (0-based, row 0 at the top) or a1 (bottom left).", metavar="SQ")
    ] = "0,0",
    method: Annotated[
        str | None,
        typer.Option(
            help="linear (a tour on every board with one, in linear time; the default for one knight's tour), "
            "warnsdorff (000 §7.2; the default for other moves), basic (000 §3.8; the default for --count and "
            "--all), band (000 §6.1), prune (basic with dead-end pruning), accessibility (001 §4), lookahead "
            "(001 §4.3), random (001 §5), or frontier (--count only: a sweep over the board that counts "
            "without backtracking; with --every-start, every tour of the board in one sweep).",
            metavar="METHOD",
        ),
    ] = None,
    engine: Engine = "numba",
    order: Order = "default",
    leaper: Leapers = None,
    moves: MoveList = None,
    closed: Annotated[Flag, typer.Option("--closed", help="The last square must attack the first.")] = False,
    all_tours: Annotated[Flag, typer.Option("--all", help="Stream every tour in depth-first order.")] = False,
    limit: Annotated[int | None, typer.Option(help="With --all: stop after K tours.", metavar="K")] = None,
    count: Annotated[Flag, typer.Option("--count", help="Count every tour.")] = False,
    estimate: Annotated[
        Flag,
        typer.Option(
            "--estimate",
            help="With --count --method frontier: do not count; run the first steps (for --time-limit, "
            "10 s by default) and project the peak states, memory and time of the whole count.",
        ),
    ] = False,
    every: Annotated[Flag, typer.Option("--every-start", help="One search (or count) per start square.")] = False,
    attempts: Annotated[
        int | None, typer.Option(help="Method random: K walks, with the lengths they reached.", metavar="K")
    ] = None,
    until_found: Annotated[
        Flag, typer.Option("--until-found", help="Method random: walk until one covers the board.")
    ] = False,
    seed: Annotated[
        int | None, typer.Option(help="Method random: the seed (reproducible per engine).", metavar="SEED")
    ] = None,
    time_limit: time_limit_option(" (with --every-start: for each start)") = None,  # type: ignore[valid-type]
    node_limit: node_limit_option(" (with --every-start: for each start)") = None,  # type: ignore[valid-type]
    memory_limit: MemoryLimit = None,
    output: Annotated[
        Path | None,
        typer.Option(help="Write the tour to FILE.npy: an (R·C, 2) int32 array of (row, col).", metavar="FILE"),
    ] = None,
    svg: SvgFile = None,
    png: PngFile = None,
    dpi: Dpi = None,
    animate: Annotated[
        Path | None,
        typer.Option(
            help="Write FILE.html, a page that replays the search square by square (methods basic, band, "
            "warnsdorff, prune; runs the python engine).",
            metavar="FILE",
        ),
    ] = None,
    tree: TreeFile = None,
    animate_limit: AnimateLimit = None,
    workers: workers_option("Counts and tables") = None,  # type: ignore[valid-type]
    scheduler: Scheduler = None,
    checkpoint: Checkpoint = None,
    spill: Spill = None,
    as_json: JsonFlag = False,
) -> None:
    """Find a knight's tour (or count, or list them all) on an R×C board."""
    board = Board.parse(size)
    problem = TourProblem.make(
        board, board.parse_square(start, "start"), moves_from_options(leaper, moves, order), closed
    )
    limits = make_limits(time_limit, node_limit, memory_limit)
    if every:  # the limits apply to each start
        limits = limits.per_search()
    if all_tours and count:
        raise InvalidInput("--all and --count: choose one (--count only counts, --all lists)")
    if limit is not None and not all_tours:
        raise InvalidInput("--limit: it applies to --all (stop after K tours)")
    if method != "random" and (attempts is not None or until_found or seed is not None):
        raise InvalidInput("--attempts, --until-found and --seed: they go with --method random")
    if method == "random" and every:
        raise InvalidInput("--every-start: method random draws walks from one start; use --attempts")
    refuse_unused(
        output=(output, not (all_tours or count or every or method == "random")),
        workers=(workers, count or every), scheduler=(scheduler, count), checkpoint=(checkpoint, count),
        spill=(spill, count and method in (None, "frontier")),
    )  # fmt: skip
    pictures = Pictures.make(svg, png, dpi, used=not all_tours and (every or not count))
    refuse_unused(
        animate=(animate, not (all_tours or count or every or method == "random")),
        animate_limit=(animate_limit, animate is not None),
    )  # fmt: skip
    check_folder("--animate", animate)
    refuse_unused(tree=(tree, not (all_tours or every or method == "random" or animate is not None)))
    check_folder("--tree", tree)
    if tree is not None:
        engine = "python"  # the engine that records the tree
    split = {"workers": workers, "scheduler": scheduler, "checkpoint": checkpoint}
    sweep = {**split, "spill": spill}  # a count that may be a frontier sweep
    if all_tours:
        _stream(problem, method, engine, limit, limits, every, as_json)
    elif estimate:
        _estimate(problem, count, method, make_limits(time_limit, node_limit, memory_limit), every, as_json)
    elif count and method == "frontier":
        _count(problem, method, engine, make_limits(time_limit, node_limit, memory_limit), sweep, as_json,
               whole_board=every)  # fmt: skip
    elif every:
        _every_start(problem, method, engine, count, limits, split, pictures, as_json)
    elif count:
        _count(problem, method, engine, limits, sweep, as_json, tree)
    elif method == "random":
        _random(problem, engine, attempts, until_found, seed, limits, pictures, as_json)
    elif animate is not None:
        _watch(
            problem,
            method,
            limits,
            animate,
            DEFAULT_EVENTS if animate_limit is None else animate_limit,
            pictures,
            as_json,
        )
    else:
        _one(problem, method, engine, limits, output, pictures, as_json, tree)


def _one(
    problem: TourProblem,
    method: str | None,
    engine: str,
    limits: Limits,
    output: Path | None,
    pictures: Pictures,
    as_json: bool,
    tree: Path | None = None,
) -> None:
    if as_json and output is None and problem.board.n_squares > JSON_SQUARES:
        raise InvalidInput(
            f"--json: a tour of more than {JSON_SQUARES:,} squares goes to a file: add --output FILE.npy"
        )
    if tree is not None:
        title = f"the search tree of a {'closed ' if problem.closed else ''}tour {_where(problem)}"
        result = write_tree(tree, lambda: find_tour(problem, method=method, engine=engine, limits=limits), title)
    else:
        result = find_tour(problem, method=method, engine=engine, limits=limits)
    if output is not None and result.found:
        result.save(output)
    pictures.write(result)
    if as_json:
        document = result.to_dict(with_path=output is None)
        if output is not None:
            document["output"] = str(output)
        print_json(document)
        finish(result.status)
    if output is not None:  # the tour went to a file: its ends, not its board
        console.print(result.headline())
        if result.found:
            console.print(f"{result.ends()}; written to {output}")
        console.print(stats_line(result.stats))
    else:
        show(result)
    finish(result.status)


def _where(problem: TourProblem) -> str:
    """`on 5x5 from 0,0`."""
    return f"on {problem.board} from {format_square(problem.start)}"


def _watch(
    problem: TourProblem,
    method: str | None,
    limits: Limits,
    page: Path,
    max_events: int,
    pictures: Pictures,
    as_json: bool,
) -> None:
    """A search recorded square by square (the python engine), its page written to `page`."""
    replay = watched(lambda: watch_tour(problem, method=method, limits=limits, max_events=max_events), None, "")
    assert isinstance(replay, TourReplay)
    pictures.write(replay.tour)
    write_replay(replay, page, as_json)


def _count(
    problem: TourProblem,
    method: str | None,
    engine: str,
    limits: Limits,
    split: dict[str, Any],
    as_json: bool,
    tree: Path | None = None,
    whole_board: bool = False,
) -> None:
    """One count: with no method named (the library picks prune or frontier), method frontier
    (a sweep, on every core's threads; also the whole board's count, --every-start), or --workers,
    --scheduler or --checkpoint, on every core with a progress bar; another named method alone
    runs as one search (and with --tree, in the python engine, its tree drawn)."""
    if tree is not None:
        title = f"the search tree of every {'closed ' if problem.closed else ''}tour {_where(problem)}"
        if any(value is not None for value in split.values()):
            raise InvalidInput("--tree: one search in the python engine records it; drop --workers, --scheduler, "
                               "--checkpoint")  # fmt: skip
        result = write_tree(tree, lambda: count_tours(problem, method=method, engine=engine, limits=limits), title)
    elif method in (None, "frontier") or any(value is not None for value in split.values()):
        with progress_bar("counting") as progress:  # sub-trees of prune, or the steps of frontier
            result = count_tours(problem, method=method, engine=engine, limits=limits, progress=progress,
                                 whole_board=whole_board, **split)  # fmt: skip
    else:
        result = count_tours(problem, method=method, engine=engine, limits=limits)
    if as_json:
        print_json(result.to_dict())
        finish(result.status)
    show(result, split["checkpoint"])
    finish(result.status)


def _estimate(
    problem: TourProblem, count: bool, method: str | None, limits: Limits, every: bool, as_json: bool
) -> None:
    """What a frontier count would take, projected from its first steps."""
    if not count or method != "frontier":
        raise InvalidInput("--estimate: it goes with --count --method frontier")
    result = estimate_tour_count(problem, whole_board=every, limits=limits)
    if as_json:
        print_json(result.to_dict())
        return
    show(result)


def _stream(
    problem: TourProblem, method: str | None, engine: str, limit: int | None, limits: Limits, every: bool, as_json: bool
) -> None:
    """Every tour, from one start or from each start in turn, then a summary."""
    stream: TourStream | StreamFromEveryStart
    if every:
        stream = StreamFromEveryStart(problem, method=method, engine=engine, limit=limit, limits=limits)
        pairs = iter(stream)
    else:
        stream = TourStream(problem, method=method, engine=engine, limit=limit, limits=limits)
        pairs = ((problem.start, path) for path in stream)
    for index, (_, path) in enumerate(pairs, start=1):
        if as_json:
            print_json({"index": index, "path": [list(square) for square in path]})
        else:
            console.print(f"#{index}")
            console.print(numbered_board(problem.board.numbered(path), path))
    summary = stream.result
    if as_json:
        print_json(summary.to_dict())
    else:
        console.print(f"{plural(summary.count, 'tour')} ({summary.status})")
        console.print(stats_line(summary.stats))
    finish(summary.status)


def _every_start(
    problem: TourProblem,
    method: str | None,
    engine: str,
    count: bool,
    limits: Limits,
    split: dict[str, Any],
    pictures: Pictures,
    as_json: bool,
) -> None:
    """000 §5's table: per start square, the status and counters (or the count), the starts run
    on every core (--workers). Counts with no method named count one start per symmetry class."""
    with progress_bar("sub-trees" if count else "starts") as progress:
        if count:
            table = count_every_start(problem, method=method, limits=limits, progress=progress, **split)
        else:
            table = search_every_start(
                problem, method=method, engine=engine, limits=limits, workers=split["workers"], progress=progress
            )
    pictures.write(table)
    if as_json:
        print_json(table.to_dict())
        finish(table.status)
    what = ("status and tours counted" if count else "status and squares reached" if table.method in WALK_METHODS
            else "status, backtracks, tries and time")  # fmt: skip
    title = f"{table.method}: {what} per start square"
    console.print(start_table(problem.board.rows, problem.board.cols, table.rows, title))
    console.print(table.conclusion())
    finish(table.status)


def _random(
    problem: TourProblem,
    engine: str,
    attempts: int | None,
    until_found: bool,
    seed: int | None,
    limits: Limits,
    pictures: Pictures,
    as_json: bool,
) -> None:
    """001 §5: one random walk, K of them (--attempts) or as many as it takes (--until-found)."""
    if attempts is None and not until_found:  # a single walk, shown like any tour
        single = random_tours(problem, engine=engine, attempts=1, seed=seed, limits=limits)
        result = single.as_tour()
        pictures.write(result)
        if as_json:
            print_json({**result.to_dict(), "seed": single.seed})
            finish(result.status)
        console.print(f"{result.headline()} (seed {single.seed})")
        console.print(result.rich_text())
        console.print(stats_line(result.stats))
        finish(result.status)
    run = random_tours(problem, engine=engine, attempts=attempts, until_found=until_found, seed=seed, limits=limits)
    pictures.write(run)
    if as_json:
        print_json(run.to_dict())
        finish(run.status)
    tally = run.tally
    console.print(run.headline())
    console.print(histogram({length: n for length, n in enumerate(tally.lengths) if n}, "squares reached", "walks"))
    if until_found and tally.found_path:
        console.print(f"a full tour at walk {tally.attempts:,}:")
        console.print(numbered_board(problem.board.numbered(tally.found_path), tally.found_path), end="")
    else:
        if until_found:
            console.print(f"no full tour ({run.status})")
        console.print(f"the longest walk, {plural(len(tally.best_path), 'square')}:")
        console.print(numbered_board(problem.board.numbered(tally.best_path), tally.best_path), end="")
    console.print(stats_line(run.stats))
    finish(run.status)
