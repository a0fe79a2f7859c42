"""`essais fzn` (also `fzn-essais`, the executable MiniZinc runs): a FlatZinc file solved and printed
in the FlatZinc protocol (essais.csp.api.minizinc). Its exit status is MiniZinc's convention,
not essais's other commands': 0 whenever the output tells the outcome (solutions,
unsatisfiable, unknown after a limit or a signal), non-zero only for an error (bad input: 2,
`=====ERROR=====` on stdout and the reason on stderr)."""

from __future__ import annotations

import functools
import sys
from pathlib import Path
from typing import Annotated

import typer

from essais.cli.common import err_console
from essais.cli.options import make_limits
from essais.core import signals
from essais.core.errors import InvalidInput
from essais.core.limits import SearchStopped
from essais.csp.api.minizinc import UNKNOWN, FlatZincRun, flatzinc_lines

EXAMPLES = [
    ("essais fzn tests/data/flatzinc/queens-weighted.fzn", "the optimum in FlatZinc's output: 77"),
    ("essais fzn tests/data/flatzinc/mixed.fzn -a -s", "every solution, then the statistics"),
]
ERROR, BAD_INPUT = "=====ERROR=====", 2


Every = Annotated[bool, typer.Option("-a", "--all-solutions", help="Every solution (optimisation: each better one).")]
Intermediate = Annotated[bool, typer.Option("-i", "--intermediate", help="Each better solution of an optimisation.")]
Most = Annotated[int | None, typer.Option("-n", "--num-solutions", help="At most N solutions.", min=1)]
Statistics = Annotated[bool, typer.Option("-s", "--statistics", help="Statistics after the solutions.")]
Milliseconds = Annotated[int | None, typer.Option("-t", "--time-limit", help="Stop after MS milliseconds.", min=0)]
Processes = Annotated[int | None, typer.Option("-p", "--parallel", min=1,
                      help="The best solution of an optimisation sought over N processes.")]  # fmt: skip
Free = Annotated[bool, typer.Option("-f", "--free-search", help="essais's own order, not the annotations'.")]
Seed = Annotated[int | None, typer.Option("-r", "--random-seed", help="Accepted: essais's search draws nothing.")]
Method = Annotated[str | None, typer.Option("--method", help="essais's method (mac/wdeg…), the annotations first.")]


def fzn(
    file: Annotated[Path, typer.Argument(help="The FlatZinc file (MiniZinc's -c writes one).")],
    every: Every = False,
    intermediate: Intermediate = False,
    most: Most = None,
    statistics: Statistics = False,
    milliseconds: Milliseconds = None,
    processes: Processes = None,
    free: Free = False,
    seed: Seed = None,
    method: Method = None,
    engine: Annotated[str | None, typer.Option("--engine", help="numba or python.")] = None,
) -> None:
    """Solve a FlatZinc file and print its solutions as MiniZinc reads them."""
    run = FlatZincRun(every, intermediate, most, statistics, method, engine, free, processes or 1)
    try:
        limits = make_limits(None if milliseconds is None else milliseconds / 1000, None)
        say = functools.partial(err_console.print, markup=False, highlight=False)
        for line in flatzinc_lines(file, run, limits, say):
            print(line, flush=True)
    except InvalidInput as wrong:
        print(ERROR, flush=True)
        err_console.print(f"essais: error: {wrong}", markup=False, highlight=False)
        raise typer.Exit(BAD_INPUT) from None
    except (SearchStopped, KeyboardInterrupt):  # (a limit or a signal while the file was read)
        print(UNKNOWN, flush=True)
    sys.stdout.flush()
    signals.forget()  # (a signal that stopped the search: the output says so, and the exit is 0)
