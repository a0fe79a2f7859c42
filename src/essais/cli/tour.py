"""`essais tour`: knight's tours (SPEC §2.1)."""

from __future__ import annotations

from typing import Annotated

import typer

from essais.cli.common import (
    JsonFlag,
    NodeLimit,
    TimeLimit,
    command,
    console,
    err_console,
    finish,
    make_limits,
    print_json,
)
from essais.cli.moves import Leapers, MoveList, Order, moves_from_options
from essais.core.board import Board, format_square
from essais.core.errors import InvalidInput
from essais.core.limits import Limits
from essais.core.result import Status
from essais.knights import (
    EveryStart,
    TourCount,
    TourProblem,
    TourResult,
    TourStream,
    count_tours,
    every_start,
    find_tour,
    random_tours,
)
from essais.knights.model import COMPLETE_METHODS, WALK_METHODS
from essais.render.text import histogram, numbered_board, start_table, stats_line


@command
def tour(
    size: Annotated[str, typer.Argument(help="Board size: N (N×N) or RxC (R rows, C columns).", metavar="SIZE")],
    start: Annotated[str, typer.Option(help="Start square: r,c (0-based, row 0 at the top) or a1.")] = "0,0",
    method: Annotated[
        str,
        typer.Option(
            help="warnsdorff (000 §7.2), basic (000 §3.8), band (000 §6.1), prune (basic with dead-end "
            "pruning), accessibility (001 §4), lookahead (001 §4.3) or random (001 §5)."
        ),
    ] = ("warnsdorff"),
    engine: Annotated[str, typer.Option(help="python (the textbook code) or numba (compiled).")] = "numba",
    order: Order = "default",
    leaper: Leapers = None,
    moves: MoveList = None,
    closed: Annotated[bool, typer.Option("--closed", help="The last square must attack the first.")] = False,
    all_tours: Annotated[bool, typer.Option("--all", help="Stream every tour in depth-first order.")] = False,
    limit: Annotated[int | None, typer.Option(help="With --all: stop after K tours.", metavar="K")] = None,
    count: Annotated[bool, typer.Option("--count", help="Count every tour.")] = False,
    every: Annotated[bool, typer.Option("--every-start", help="One search (or count) per start square.")] = False,
    attempts: Annotated[
        int | None, typer.Option(help="Method random: K walks, with the lengths they reached.", metavar="K")
    ] = None,
    until_found: Annotated[
        bool, typer.Option("--until-found", help="Method random: walk until one covers the board.")
    ] = False,
    seed: Annotated[int | None, typer.Option(help="Method random: the seed (reproducible per engine).")] = None,
    time_limit: TimeLimit = None,
    node_limit: NodeLimit = None,
    as_json: JsonFlag = False,
) -> None:
    """Find a knight's tour (or count, or list them all) on an R×C board."""
    board = Board.parse(size)
    chosen_moves = moves_from_options(leaper, moves, order)
    problem = TourProblem.make(board, board.parse_square(start, "start"), chosen_moves, closed)
    limits = make_limits(time_limit, node_limit)
    if all_tours and count:
        raise InvalidInput("--all and --count: choose one (--count only counts, --all lists)")
    if limit is not None and not all_tours:
        raise InvalidInput("--limit: it applies to --all (stop after K tours)")
    if (all_tours or count) and method not in COMPLETE_METHODS:
        raise InvalidInput(
            f"method: {method!r} does not search every branch, so it cannot list or count tours; "
            f"use --method {' or --method '.join(COMPLETE_METHODS)}"
        )
    if method != "random" and (attempts is not None or until_found or seed is not None):
        raise InvalidInput("--attempts, --until-found and --seed: they go with --method random")
    if method == "random" and every:
        raise InvalidInput("--every-start: method random draws walks from one start; use --attempts")
    if method == "random":
        _random(problem, engine, attempts, until_found, seed, limits, as_json)
    elif all_tours:
        _stream(problem, method, engine, limit, limits, every, as_json)
    elif every:
        _every_start(problem, method, engine, count, limits, as_json)
    elif count:
        _count(problem, method, engine, limits, as_json)
    else:
        _one(problem, method, engine, limits, as_json)


def _one(problem: TourProblem, method: str, engine: str, limits: Limits, as_json: bool) -> None:
    result = find_tour(problem, method=method, engine=engine, limits=limits)
    if as_json:
        print_json(result.to_dict())
    else:
        console.print(_headline(result, method))
        if result.path:
            console.print(numbered_board(result.numbered(), result.path), end="")
        console.print(stats_line(result.stats))
    finish(result.status)


def _headline(result: TourResult, method: str) -> str:
    kind = "closed tour" if result.closed else "tour"
    where = f"on {result.board} from {format_square(result.start)}"
    if result.status == Status.FOUND:
        return f"{kind} {where} ({method})"
    if result.status == Status.NONE:
        if method in COMPLETE_METHODS:
            return f"no {kind} {where}: the search is complete, so none exists"
        if method in WALK_METHODS:
            return f"no {kind} {where}: {method} got stuck after {result.reached} squares (it never backtracks)"
        return f"no {kind} {where} among the squares {method} tries (ties only); --method basic searches them all"
    return f"stopped ({result.status}) {where} before a {kind} was found"


def _count_text(result: TourCount) -> str:
    text = f"{result.count:,}"
    if result.undirected is not None:
        text += f" directed, {result.undirected:,} undirected"
    return text


def _count(problem: TourProblem, method: str, engine: str, limits: Limits, as_json: bool) -> None:
    result = count_tours(problem, method=method, engine=engine, limits=limits)
    if as_json:
        print_json(result.to_dict())
    else:
        kind = "closed tours" if problem.closed else "tours"
        prefix = "" if result.status == Status.COMPLETE else f"stopped ({result.status}) after counting "
        console.print(f"{prefix}{_count_text(result)} {kind} on {problem.board} from {format_square(problem.start)}")
        console.print(stats_line(result.stats))
    finish(result.status)


def _stream(
    problem: TourProblem,
    method: str,
    engine: str,
    limit: int | None,
    limits: Limits,
    every: bool,
    as_json: bool,
) -> None:
    """Every tour, from one start or from each start in turn, then a summary."""
    starts = list(problem.board.squares()) if every else [problem.start]
    total, status = 0, Status.COMPLETE
    summary = TourCount(Status.COMPLETE, 0)
    for start in starts:
        left = None if limit is None else limit - total
        stream = TourStream(problem.at(start), method, engine, left, limits)
        for path in stream:
            total += 1
            if as_json:
                print_json({"index": total, "path": [list(square) for square in path]})
            else:
                console.print(f"#{total}")
                grid = problem.board.numbered(path)
                console.print(numbered_board(grid, path))
        summary.stats += stream.result.stats
        status = stream.result.status
        if status != Status.COMPLETE:
            break
    summary.status, summary.count = status, total
    if as_json:
        print_json(summary.to_dict())
    else:
        console.print(f"{total:,} tours ({status})")
        console.print(stats_line(summary.stats))
    finish(status)


def _every_start(problem: TourProblem, method: str, engine: str, count: bool, limits: Limits, as_json: bool) -> None:
    """000 §5's table: per start square, the status and counters (or the count)."""
    table = EveryStart([], counting=count)
    with err_console.status("searching from every start…") as progress:
        for row in every_start(problem, method=method, engine=engine, count=count, limits=limits):
            table.rows.append(row)
            progress.update(f"searching from every start… {len(table.rows)}/{problem.board.n_squares}")
    if as_json:
        print_json(table.to_dict())
        finish(table.status)
    cells = {}
    for row in table.rows:
        stats = row.result.stats
        if isinstance(row.result, TourCount):
            text = f"{row.result.count:,}"
        elif row.result.reached is not None:
            text = f"{row.result.reached:,}"
        else:
            text = f"{stats.backtracks:,}\n{stats.tries:,}\n{stats.seconds:.3g} s"
        cells[row.start] = (Status.FOUND if row.found else row.result.status, text)
    if count:
        what = "tours counted"
    elif method in WALK_METHODS:
        what = "squares reached"
    else:
        what = "backtracks, tries and seconds"
    console.print(start_table(problem.board.rows, problem.board.cols, cells, f"{method}: {what} per start square"))
    total = table.total
    if total is None:
        found = sum(1 for row in table.rows if row.found)
        console.print(f"{found} of {len(table.rows)} starts give a tour (green: found, red: none, yellow: limit)")
    elif problem.closed:  # each closed tour is found from each of its squares, in both directions
        distinct = total // (2 * problem.board.n_squares)
        console.print(f"total: {total:,} directed closed tours over all starts = {distinct:,} closed tours")
    else:
        console.print(f"total: {total:,} tours")
    finish(table.status)


def _random(
    problem: TourProblem,
    engine: str,
    attempts: int | None,
    until_found: bool,
    seed: int | None,
    limits: Limits,
    as_json: bool,
) -> None:
    """001 §5: one random walk, K of them (--attempts) or as many as it takes (--until-found)."""
    if attempts is None and not until_found:  # a single walk, shown like any tour
        single = random_tours(problem, engine=engine, attempts=1, seed=seed, limits=limits)
        result = single.as_tour()
        if as_json:
            print_json({**result.to_dict(), "seed": single.seed})
        else:
            console.print(f"{_headline(result, 'random')} (seed {single.seed})")
            console.print(numbered_board(result.numbered(), result.path), end="")
            console.print(stats_line(result.stats))
        finish(result.status)
    run = random_tours(problem, engine=engine, attempts=attempts, until_found=until_found, seed=seed, limits=limits)
    if as_json:
        print_json(run.to_dict())
        finish(run.status)
    tally = run.tally
    where = f"on {problem.board} from {format_square(problem.start)} (seed {run.seed}, {engine})"
    tours = "full tour" if tally.full_tours == 1 else "full tours"
    console.print(f"random walks {where}: {tally.attempts:,} walks, {tally.full_tours:,} {tours}")
    lengths = {length: count for length, count in enumerate(tally.lengths) if count}
    console.print(histogram(lengths, "squares reached", "walks"))
    if until_found and tally.found_path:
        console.print(f"a full tour at walk {tally.attempts:,}:")
        console.print(numbered_board(problem.board.numbered(tally.found_path), tally.found_path), end="")
    else:
        if until_found:
            console.print(f"no full tour ({run.status})")
        console.print(f"the longest walk, {len(tally.best_path)} squares:")
        console.print(numbered_board(problem.board.numbered(tally.best_path), tally.best_path), end="")
    console.print(stats_line(run.stats))
    finish(run.status)
