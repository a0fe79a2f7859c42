"""`essais minizinc install`: essais made a solver MiniZinc knows (its configuration written where
MiniZinc looks), so that `minizinc --solver essais model.mzn` runs `fzn-essais`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from essais.cli.common import command, console
from essais.core.errors import InvalidInput
from essais.csp.api.compiling import install_solver

EXAMPLES = [
    ("essais minizinc install", "then: minizinc --solver essais model.mzn"),
    ("essais minizinc install --dir solvers", "then: MZN_SOLVER_PATH=solvers minizinc --solver essais model.mzn"),
]


@command
def minizinc(
    action: Annotated[str, typer.Argument(help="install: write essais.msc where MiniZinc looks.")],
    folder: Annotated[Path | None, typer.Option("--dir", help="Write it here (default ~/.minizinc/solvers).")] = None,
) -> None:
    """Make essais a solver of MiniZinc (minizinc --solver essais)."""
    if action != "install":
        raise InvalidInput(f"minizinc: {action!r}: the action is install")
    path = install_solver(folder)
    console.print(f"essais's solver configuration written to {path}", markup=False, highlight=False)
