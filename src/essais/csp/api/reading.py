"""A model from a path, by its suffix: an XCSP3 instance (`.xml`, `.xml.lzma`), a FlatZinc file
(`.fzn`), a MiniZinc model (`.mzn`, compiled by minizinc) or an essais model file (any other name;
`-` for standard input). The readers know
nothing of each other: the choice is made here, above them."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from essais.core.errors import InvalidInput
from essais.core.limits import Limits
from essais.csp.api.compiling import read_minizinc
from essais.csp.files import read_model_file
from essais.csp.flatzinc import read_flatzinc
from essais.csp.model import Model
from essais.csp.xcsp import read_xcsp

XCSP_SUFFIXES = (".xml", ".xml.lzma")


def read_model(source: str | Path, text: str | None = None, *, limits: Limits | None = None,
               data: Sequence[str | Path] = (), assignments: Sequence[str] = ()) -> Model:  # fmt: skip
    """The model of a file, `-` for standard input (or of `text`, named `source`, in the model
    file format); a file named `….xml` or `….xml.lzma` is an XCSP3 instance (read_xcsp), `….fzn`
    a FlatZinc file (read_flatzinc), any other an essais model file (read_model_file). Its
    reading counts in the time limit (a limit or a signal raises SearchStopped) and its size is
    weighed against the memory limit as it is built."""
    if text is None and str(source).endswith(XCSP_SUFFIXES):
        return read_xcsp(source, limits=limits)
    if text is None and str(source).endswith(".fzn"):
        return read_flatzinc(source, limits=limits)
    if text is None and str(source).endswith(".mzn"):
        return read_minizinc(source, data, assignments, limits=limits)
    if data or assignments:
        raise InvalidInput(f"{source}: data files and assignments go with a MiniZinc model (….mzn)")
    return read_model_file(source, text, limits=limits)
