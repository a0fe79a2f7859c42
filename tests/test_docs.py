"""The examples a new user reads: the modules' doctests and the README's Python example."""

import doctest
import re
from pathlib import Path

import pytest

import essais.core.search
import essais.coloring.api
import essais.knights.api
import essais.queens.api
import essais.sudoku.api
import essais.uncrossed.api
import essais.maze
import essais.swap

README = Path(__file__).resolve().parent.parent / "README.md"


@pytest.mark.parametrize(
    "module",
    [
        essais.knights.api,
        essais.uncrossed.api,
        essais.core.search,
        essais.swap,
        essais.maze,
        essais.queens.api,
        essais.sudoku.api,
        essais.coloring.api,
    ],
)
def test_doctests(module):
    failures, tried = doctest.testmod(module)
    assert tried > 0 and failures == 0


def test_readme_python_example_runs(capsys):
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.DOTALL)
    assert blocks, "the README has a Python example"
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})
    printed = capsys.readouterr().out
    assert "found" in printed and "304" in printed


def test_tutorial_runs(capsys, monkeypatch):
    monkeypatch.chdir(README.parent)  # the tutorial reads examples/labyrinth.txt
    text = (README.parent / "docs" / "tutorial.md").read_text()
    namespace: dict = {}
    for block in re.findall(r"```python\n(.*?)```", text, re.DOTALL):
        exec(compile(block, "docs/tutorial.md", "exec"), namespace)
    printed = capsys.readouterr().out
    assert "found 4" in printed  # the jugs: 2 litres in 4 moves
    assert "28 breadth first" in printed
