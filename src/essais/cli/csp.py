"""`essais csp`: a model of one's own, from a model file (essais.csp.files)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from essais.cli.common import command, finish, recording_engine, refuse_unused
from essais.cli.options import (
    AnimateLimit,
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
from essais.cli.output import check_folder, print_stream, report, watched, write_out, write_replay, write_tree
from essais.cli.terminal import progress_bar
from essais.core.errors import InvalidInput
from essais.core.recording import DEFAULT_EVENTS
from essais.core.result import Status
from essais.csp import CspCount, CspResult, CspStream, count_csp, read_model, solve_csp
from essais.csp.api import competition_output
from essais.csp.draw import watch_csp
from essais.csp.xcsp import write_xcsp as write_model_as_xcsp
from essais.draw.player import Replay

EXAMPLES = [
    ("essais csp puzzles/send-more-money.csp", "9567 + 1085 = 10652, arc consistency maintained"),
    ("essais csp puzzles/queens8.csp --count", "92"),
    ("essais csp puzzles/queens8.csp --count --method forward/input", "forward checking, variables in order"),
    ("essais csp puzzles/australia.csp --all", "the map's colourings"),
    ("essais csp puzzles/magic4.csp --count", "the 7,040 magic squares of 4x4, on every core"),
    ("essais csp puzzles/magic4.csp --count --checkpoint m.sqlite", "Ctrl-C, then the same line resumes"),
    ("essais csp puzzles/send-more-money.csp --engine python", "the textbook code, step by step in Python"),
    ("essais csp puzzles/queens8.csp --method forward/input --tree q.svg", "forward checking's tree, drawn"),
    ("essais csp puzzles/send-more-money.csp --animate smm.html", "watch arc consistency strike values out"),
    ("essais csp puzzles/golomb8.csp", "the shortest ruler of 8 marks, 34, proved by branch and bound"),
    ("essais csp puzzles/knapsack.csp --all", "each better packing as it is found"),
]


@command
def csp(
    file: Annotated[
        str,
        typer.Argument(
            help="A model file (see the guide: var x in 0..9, then constraints), or - for standard input; an "
            "XCSP3 instance (.xml), a FlatZinc file (.fzn) or a MiniZinc model (.mzn, compiled by minizinc).",
            metavar="FILE",
        ),
    ],  # fmt: skip
    data: Annotated[
        list[Path] | None,
        typer.Argument(help="A MiniZinc model's data files (.dzn, .json).", metavar="[DATA]...", show_default=False),
    ] = None,  # fmt: skip
    assignments: Annotated[
        list[str] | None,
        typer.Option(
            "-D",
            "--cmdline-data",
            help="A MiniZinc model's data, as minizinc's -D ('n=8').",
            metavar="DATA",
            show_default=False,
        ),
    ] = None,  # fmt: skip
    count: Annotated[bool, typer.Option("--count", help="Count every solution.")] = False,
    all_solutions: Annotated[bool, typer.Option("--all", help="Stream every solution, in the search's order.")] = False,
    limit: Annotated[int | None, typer.Option(help="With --all: stop after K solutions.", metavar="K")] = None,
    method: Annotated[
        str | None,
        typer.Option(
            help="basic, forward or mac (the default), with orders: mac/mrv (fewest values first, the "
            "default; ties by the most constraints), mac/dom (the same, ties by input order), mac/input, "
            "mac/wdeg (fewest values per weight: the constraints that fail weigh more), "
            "mac/smallest or mac/largest (the least, the greatest value left first), forward/input/lcv (least "
            "constraining value first), mac/mrv/max (greatest value first), mac/mrv/split (halve a domain: x <= m, "
            "then x > m; reverse-split: the upper half first); /lc after them: the variable whose value failed "
            "last is chosen first until one of its values holds (mac/wdeg/lc). A model's search phases "
            "(MiniZinc's annotations) come before these orders.",
            metavar="METHOD",
        ),
    ] = None,  # fmt: skip
    engine: Annotated[
        str | None,
        typer.Option(
            help="numba (compiled; the default) or python (the textbook code; the default for a model "
            "with a predicate).",
            metavar="ENGINE",
        ),
    ] = None,  # fmt: skip
    workers: workers_option("--count, or the search of a model's best solution,") = None,  # type: ignore[valid-type]
    scheduler: Scheduler = None,
    checkpoint: Checkpoint = None,
    tree: TreeFile = None,
    animate: Annotated[
        Path | None,
        typer.Option(
            help="Write a page into FILE.html that replays the search on the table of the domains: each "
            "value given, struck out by propagation, put back (python engine).",
            metavar="FILE",
        ),
    ] = None,  # fmt: skip
    animate_limit: AnimateLimit = None,
    write_xcsp: Annotated[
        Path | None,
        typer.Option(
            "--write-xcsp",
            help="Write the model as an XCSP3 instance into FILE (for ACE, Choco, CPMpy) and stop.",
            metavar="FILE",
        ),
    ] = None,  # fmt: skip
    competition: Annotated[
        bool,
        typer.Option(
            "--competition-output",
            help="Print the XCSP competition's lines as the search goes: o (each "
            "better objective), s (the status), v (the solution's instantiation).",
        ),
    ] = False,  # fmt: skip
    restarts: Annotated[
        str | None,
        typer.Option(
            help="luby: with the order wdeg, run n of the search for a solution (or the best one) goes back "
            "to the root after luby(n) x 100 backtracks, keeping the weights and the best so far.",
            metavar="POLICY",
        ),
    ] = None,  # fmt: skip
    time_limit: TimeLimit = None,
    node_limit: NodeLimit = None,
    memory_limit: MemoryLimit = None,
    as_json: JsonFlag = False,
) -> None:
    """Solve a model of one's own: integer variables with finite domains and constraints (linear
    relations, all_different, tables), by backtracking with the course's propagation; with a
    minimize or maximize line, its best solution by branch and bound."""
    if all_solutions and count:
        raise InvalidInput("--all and --count: choose one (--count only counts, --all lists)")
    limits = make_limits(time_limit, node_limit, memory_limit)
    model = read_model(file, limits=limits, data=data or (), assignments=assignments or ())
    if competition:
        if count or all_solutions or tree is not None or animate is not None or as_json:
            raise InvalidInput("--competition-output prints the competition's lines: no --count, --all, --tree, "
                               "--animate or --json")  # fmt: skip
        said = ""
        for line in competition_output(model, method=method, engine=engine, time_limit=time_limit,
                                       node_limit=node_limit, memory_limit=memory_limit):  # fmt: skip
            write_out(line + "\n")
            said = line[2:] if line.startswith("s ") else said
        proved = said == "OPTIMUM FOUND" or (said == "SATISFIABLE" and model.objective is None)
        finish(Status.FOUND if proved else Status.NONE if said == "UNSATISFIABLE" else Status.LIMIT)
    if write_xcsp is not None:
        if count or all_solutions or tree is not None or animate is not None:
            raise InvalidInput("--write-xcsp writes the model and stops: no --count, --all, --tree or --animate")
        print(write_model_as_xcsp(model, write_xcsp))
        return
    # a count, or the search of a model's best solution, splits over workers
    split = (count or (model.objective is not None and not all_solutions)) and tree is None and animate is None
    one_search = not count and not all_solutions and tree is None and animate is None
    refuse_unused(limit=(limit, all_solutions), workers=(workers, split), scheduler=(scheduler, split),
                  checkpoint=(checkpoint, split),
                  tree=(tree, not all_solutions), animate=(animate, not all_solutions),
                  animate_limit=(animate_limit, animate is not None),
                  restarts=(restarts, one_search))  # fmt: skip
    check_folder("--tree", tree)
    check_folder("--animate", animate)
    engine = recording_engine(engine, tree, animate)
    if animate is not None:

        def watch() -> Replay:
            events = DEFAULT_EVENTS if animate_limit is None else animate_limit
            return watch_csp(model, method=method, count=count, max_events=events, limits=limits)

        replay = watched(watch, tree, f"the search tree of {file} ({'every solution' if count else 'to the first'})")
        write_replay(replay, animate, as_json)
    if count:

        def count_them() -> CspCount:
            with progress_bar("sub-trees") as progress:
                return count_csp(model, method=method, engine=engine, limits=limits, workers=workers,
                                 scheduler=scheduler, checkpoint=checkpoint, progress=progress)  # fmt: skip

        title = f"the search tree of {file}, every solution"
        report(write_tree(tree, count_them, title) if tree else count_them(), as_json, checkpoint)
    if all_solutions:
        print_stream(CspStream(model, method=method, engine=engine, limit=limit, limits=limits), as_json,
                     model.solution_keys, model.solution_text)  # fmt: skip

    def solve() -> CspResult:
        with progress_bar("sub-trees") as progress:
            return solve_csp(model, method=method, engine=engine, limits=limits, workers=workers, scheduler=scheduler,
                             checkpoint=checkpoint, progress=progress, restarts=restarts)  # fmt: skip

    sought = "to the first solution" if model.objective is None else "to the best solution"
    report(write_tree(tree, solve, f"the search tree of {file}, {sought}") if tree else solve(), as_json, checkpoint)
