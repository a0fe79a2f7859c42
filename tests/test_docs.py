"""The examples a new user reads: the modules' doctests and the README's Python example."""

import doctest
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import essais
import essais.coloring.api

README = Path(__file__).resolve().parent.parent / "README.md"


MODULES = sorted(
    name
    for _, name, _ in pkgutil.walk_packages(essais.__path__, "essais.")
    if not name.startswith(("essais.cli", "essais.__main__"))  # the commands are tested through their runner
)
# the modules whose docstrings show a worked example (every other module is run too: none may fail)
WITH_EXAMPLES = {
    "essais",
    "essais.api",
    "essais.coloring.api",
    "essais.core.search",
    "essais.knights.api",
    "essais.maze",
    "essais.queens.api",
    "essais.sudoku.api",
    "essais.swap",
    "essais.uncrossed.api",
}


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    failures, tried = doctest.testmod(importlib.import_module(name))
    assert failures == 0
    assert tried > 0 or name not in WITH_EXAMPLES


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
