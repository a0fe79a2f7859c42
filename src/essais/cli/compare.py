"""`essais compare`: one input, several methods, one table."""

from __future__ import annotations

from typing import Annotated

import typer

from essais import comparison
from essais.cli.common import command, finish
from essais.cli.options import Dpi, JsonFlag, MemoryLimit, NodeLimit, PngFile, SvgFile, TimeLimit
from essais.cli.output import Pictures, print_json, show
from essais.cli.terminal import console
from essais.core.errors import InvalidInput
from essais.core.result import Status

EXAMPLES = [
    ("essais compare tour 5 --methods basic,band,prune,warnsdorff", "000's searches side by side"),
    ("essais compare tour 5 --methods basic:python,basic:numba", "one method, both engines"),
    ("essais compare queens 10 --methods textbook,bitmask,mrv --count", "the three counts (724)"),
    ("essais compare sudoku GRID --methods textbook,propagate,bitwise", "002's solver and the fast ones"),
    ("essais compare color queen:6 -k 7 --methods textbook,dsatur", "two colourings"),
    ("essais compare tour 5 --methods basic:python,warnsdorff:python --png depths.png", "nodes per depth"),
    ("essais compare polyomino 5x6 --methods dlx,first --count", "what choosing the fewest options buys"),
    ("essais compare langford 7 --methods dlx:python,dlx:numba --count", "Knuth's steps, python beside numba"),
    (
        "essais compare csp puzzles/zebra.csp --methods basic/input,forward/input,mac/input,mac --count",
        "the textbook table on a model of one's own",
    ),
]


@command
def compare(
    problem: Annotated[str, typer.Argument(help=f"The problem: {', '.join(comparison.PROBLEMS)}.", metavar="PROBLEM")],
    problem_input: Annotated[
        str,
        typer.Argument(help="Its input, as its own command takes it: a size, a grid, a graph.", metavar="INPUT"),
    ],
    methods: Annotated[
        str,
        typer.Option(
            help="The methods, separated by commas, each as METHOD or METHOD:ENGINE (the first is the "
            "reference of the ratios).",
            metavar="LIST",
        ),
    ],
    count: Annotated[
        bool,
        typer.Option("--count", help="Compare counts (tour, queens, sudoku, cover, polyomino, langford, csp)."),
    ] = False,
    distinct: Annotated[bool, typer.Option("--distinct", help="polyomino: up to the board's symmetries.")] = False,
    start: Annotated[str | None, typer.Option(help="tour: the start square (r,c or a1).", metavar="SQ")] = None,
    closed: Annotated[bool, typer.Option("--closed", help="tour: closed tours.")] = False,
    k: Annotated[int | None, typer.Option("-k", help="color: the number of colours (3).", metavar="K")] = None,
    svg: SvgFile = None,
    png: PngFile = None,
    dpi: Dpi = None,
    time_limit: TimeLimit = None,
    node_limit: NodeLimit = None,
    memory_limit: MemoryLimit = None,
    as_json: JsonFlag = False,
) -> None:
    """Run several methods on one input, each in one process, and compare their counters and time.

    The limits apply to each run. Exit 0 once every run ended (whatever its own status), 130 if
    Ctrl-C stopped one."""
    if problem != "tour" and (start is not None or closed):
        raise InvalidInput("--start, --closed: they go with compare tour")
    if problem != "color" and k is not None:
        raise InvalidInput("-k: it goes with compare color")
    if problem != "polyomino" and distinct:
        raise InvalidInput("--distinct: it goes with compare polyomino")
    options: dict[str, object] = {}
    if problem == "tour":
        options.update(start=start, closed=closed)
    if k is not None:
        options["k"] = k
    if distinct:
        options["distinct"] = True
    names = [name.strip() for name in methods.split(",") if name.strip()]
    if not names:
        raise InvalidInput(f"--methods: {methods!r} names no method")
    charted = any(comparison.records_depths(problem, name) for name in names)
    if (svg or png) and not charted:
        raise InvalidInput("--svg, --png: the chart shows nodes per depth, which only the python engines record"
                           " (name one as METHOD:python)")  # fmt: skip
    pictures = Pictures.make(svg, png, dpi)
    table = comparison.compare(
        problem, problem_input, methods=names, count=count, time_limit=time_limit, node_limit=node_limit,
        memory_limit=memory_limit, **options,
    )  # fmt: skip
    pictures.write(table)
    if as_json:
        print_json(table.to_dict())
    else:
        show(table)
        if (svg or png) and table.left_out():
            console.print(f"the chart leaves out {', '.join(table.left_out())}: no nodes per depth recorded")
    finish(Status.INTERRUPTED if table.status == Status.INTERRUPTED else Status.COMPLETE)
