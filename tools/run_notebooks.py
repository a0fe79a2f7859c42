"""Run the notebooks of examples/ and store their outputs in them (the site shows them as
stored): `.venv/bin/python tools/run_notebooks.py [NOTEBOOK…]`. The tests run them afresh."""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
SECONDS_PER_CELL = 300


def run(path: Path) -> nbformat.NotebookNode:
    """The notebook at `path`, every cell run in a new kernel from the repository's root."""
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook, timeout=SECONDS_PER_CELL, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}
    )
    client.execute()
    return notebook


if __name__ == "__main__":
    for name in sys.argv[1:] or sorted(str(p) for p in (ROOT / "examples").glob("*.ipynb")):
        nbformat.write(run(Path(name)), name)
        print("ran", name)
