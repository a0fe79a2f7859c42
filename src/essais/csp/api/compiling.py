"""essais and MiniZinc: its solver configuration (`essais.msc`, with essais's own MiniZinc library,
essais.csp.flatzinc.MZNLIB), written where MiniZinc looks (install_solver) or for one compilation
alone; and a MiniZinc model read — compiled by the installed `minizinc`, then read as FlatZinc,
its solutions written by its output item (OutputItem)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchStopped
from essais.core.result import Status
from essais.core.signals import received
from essais.csp.flatzinc import MZNLIB, FlatZinc, FlatZincError, Output, read_flatzinc_file
from essais.csp.model import Model

STANDARD_FLAGS = ["-a", "-f", "-i", "-n", "-p", "-r", "-s", "-t"]  # (an undeclared one MiniZinc drops silently)
SOLUTION_END = "----------"  # FlatZinc's end of a solution
SOLVERS = Path.home() / ".minizinc" / "solvers"  # where MiniZinc looks for a user's solvers
OUTPUT_SECONDS = 10.0  # the most a solution's writing by MiniZinc may take


def read_minizinc(source: str | Path, data: Sequence[str | Path] = (), assignments: Sequence[str] = (), *,
                  limits: Limits | None = None) -> Model:  # fmt: skip
    """The model of a MiniZinc model with its data files (`.dzn`, `.json`) and assignments
    (`n=8`): its variables named as the model names them (`q[1]`), MiniZinc's own hidden from
    its solutions (compile_minizinc)."""
    return compile_minizinc(source, data, assignments, limits=limits).model


def compile_minizinc(source: str | Path, data: Sequence[str | Path] = (), assignments: Sequence[str] = (), *,
                     limits: Limits | None = None) -> FlatZinc:  # fmt: skip
    """A MiniZinc model compiled by the installed `minizinc` with essais's library, then read
    (read_flatzinc_file). The compilation counts in the time limit, and a stop signal ends it
    (SearchStopped); MiniZinc's errors are refused in one line (InvalidInput)."""
    executable = shutil.which("minizinc")
    if executable is None:
        raise InvalidInput(f"{source}: a MiniZinc model is compiled by minizinc, which is not on the PATH "
                           "(Debian's package: apt-get install minizinc)")  # fmt: skip
    for path in (source, *data):
        if not Path(path).is_file():
            raise InvalidInput(f"{path}: no such file")
    with TemporaryDirectory(prefix="essais-minizinc-") as folder:
        solver, flat = Path(folder) / "essais.msc", Path(folder) / "model.fzn"
        solver.write_text(json.dumps(configuration(sys.executable)))
        written = Path(folder) / "model.ozn"
        command = [executable, "-c", "--solver", str(solver), str(source), *map(str, data),
                   *(part for assignment in assignments for part in ("-D", assignment)), "--fzn", str(flat),
                   "--ozn", str(written)]  # fmt: skip
        try:
            done = subprocess.run(
                command, capture_output=True, text=True, timeout=None if limits is None else limits.time
            )
        except subprocess.TimeoutExpired:
            raise SearchStopped(Status.LIMIT) from None
        if received() is not None:
            raise SearchStopped(Status.INTERRUPTED)
        if done.returncode != 0:
            raise InvalidInput(f"{source}: {_first_error(done.stderr)}")
        try:
            read = read_flatzinc_file(flat, limits=limits)
        except FlatZincError as error:  # (named by the user's model, not by the file that is gone)
            raise InvalidInput(str(error).replace(str(flat), f"{source} (as FlatZinc)")) from None
        if written.exists() and "output" in (text := written.read_text()):
            read.model.output = OutputItem(executable, text, read.outputs)
        return read


@dataclass(frozen=True)
class OutputItem:
    """A MiniZinc model's output item, which writes a solution as the model says: the solution's
    outputs in FlatZinc's words given to `minizinc --ozn-file` (MiniZinc's own solns2out; Debian
    has no solns2out of its own). A solution it cannot write is written as FlatZinc's outputs."""

    minizinc: str
    ozn: str  # the output item as MiniZinc compiled it (model.ozn)
    outputs: tuple[Output, ...]

    def __call__(self, values: dict[str, int]) -> str:
        solution = [output.text(list(values.values())) for output in self.outputs]
        with TemporaryDirectory(prefix="essais-output-") as folder:
            ozn = Path(folder) / "model.ozn"
            ozn.write_text(self.ozn)
            given = "\n".join([*solution, SOLUTION_END]) + "\n"
            try:
                done = subprocess.run([self.minizinc, "--ozn-file", str(ozn)], input=given, capture_output=True,
                                      text=True, timeout=OUTPUT_SECONDS)  # fmt: skip
            except (OSError, subprocess.TimeoutExpired):
                done = None
        lines = done.stdout.splitlines() if done is not None and done.returncode == 0 else []
        if SOLUTION_END not in lines:  # (MiniZinc failed: its outputs as FlatZinc writes them)
            return "  ".join(solution)
        return "\n".join(lines[: lines.index(SOLUTION_END)]).rstrip()


def _first_error(said: str) -> str:
    """MiniZinc's reason, in one line: its first error, where it is in the model."""
    lines = [line.strip() for line in said.splitlines() if line.strip()]
    error = next((line for line in lines if line.startswith("Error:")), lines[-1] if lines else "minizinc failed")
    place = next((line for line in lines if line.startswith(("/", ".")) and ".mzn:" in line), None)
    return f"{error} ({place})" if place else error


def configuration(executable: str) -> dict[str, Any]:
    """The solver configuration running `executable`, with essais's MiniZinc library."""
    return {
        "id": "org.essais.essais", "name": "essais", "version": metadata.version("essais"),
        "executable": executable, "mznlib": str(MZNLIB.resolve()),
        "description": "essais: backtracking search, its counters and pictures", "stdFlags": STANDARD_FLAGS,
        "extraFlags": [["--method", "essais's method, such as mac/wdeg", "string", ""],
                       ["--engine", "numba or python", "string", ""]],
        "supportsFzn": True, "needsSolns2Out": True, "tags": ["cp", "int"],
    }  # fmt: skip


def solver_configuration() -> dict[str, Any]:
    """essais's MiniZinc solver configuration (`.msc`): the absolute path of `fzn-essais` (a bare
    name breaks the IDE and environments not activated), the standard flags it takes, and its
    own (--method, --engine)."""
    beside = Path(sys.executable).with_name("fzn-essais")
    found = str(beside) if beside.exists() else shutil.which("fzn-essais")
    if found is None:
        raise InvalidInput("minizinc: no fzn-essais beside this Python nor on the PATH (install essais with pip)")
    return configuration(str(Path(found).resolve()))


def install_solver(folder: Path | None = None) -> Path:
    """Write essais.msc where MiniZinc looks (`~/.minizinc/solvers/`, or `folder`): its path."""
    folder = SOLVERS if folder is None else folder
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "essais.msc"
        path.write_text(json.dumps(solver_configuration(), indent=2) + "\n")
    except OSError as error:
        raise InvalidInput(f"minizinc: {folder}: {error.strerror or error}") from None
    return path
