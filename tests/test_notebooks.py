"""The notebooks of examples/ run from top to bottom in a new kernel, and hold the outputs the
site shows (stored by tools/run_notebooks.py)."""

import re
import sys
from pathlib import Path

import nbformat
import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))
from run_notebooks import run  # noqa: E402

NOTEBOOKS = sorted((ROOT / "examples").glob("*.ipynb"))
# what each notebook must print (its figures, checked against the published counts)
PRINTS = {
    "constraints.ipynb": [
        "S=9  E=5  N=6  D=7  O=0  R=8  Y=2  M=1",
        "basic/input/min",
        "the zebra: japanese - water: norwegian",
        "8 magic squares",
        "[0, 2, 3, 10, 16, 21, 25]",
        "the least m7: 34 (proved optimal)",
    ],  # fmt: skip
    "cover.ipynb": ["9356 3637261", "2339 909153", "8 150 300", "True True", "36 events"],
    "counting.ipynb": ["304", "1728", "6637920", "6x9: 3,374,967,940 closed tours"],
    "minizinc.ipynb": [
        "12 of them MiniZinc's own",
        "numba 4 solutions, 89 nodes",
        "the rows of the queens: [2, 4, 6, 1, 3, 5]",
        "4 solutions, 89 nodes",
    ],  # fmt: skip
    "own-problem.ipynb": ["found ['fill the 3', 'pour 3 into 4', 'fill the 3', 'pour 3 into 4']"],
    "queens.ipynb": ["1095 events", "2 solutions, 17 calls", "12 14200"],
    "tour.ipynb": ["74301 594316 74276", "True", "found 10000 linear"],
}


def printed(notebook: nbformat.NotebookNode) -> str:
    return "".join(out.get("text", "") for cell in notebook.cells if cell.cell_type == "code" for out in cell.outputs)


def shows_something(source: str) -> bool:
    """Does a cell print, or end on an expression (which the notebook displays)?"""
    last = source.rstrip().splitlines()[-1]
    return "print(" in source or not re.match(r"\s|(def|class|return|yield|import|from)\b|\w+ = ", last)


def test_every_notebook_is_checked():
    assert {p.name for p in NOTEBOOKS} == set(PRINTS)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs(path: Path):
    notebook = run(path)
    text = printed(notebook)
    for expected in PRINTS[path.name]:
        assert expected in text


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_shows_its_outputs(path: Path):
    notebook = nbformat.read(path, as_version=4)
    showing = [cell for cell in notebook.cells if cell.cell_type == "code" and shows_something(cell.source)]
    assert showing and all(cell.outputs for cell in showing), "run tools/run_notebooks.py to store them"
    for expected in PRINTS[path.name]:
        assert expected in printed(notebook)
