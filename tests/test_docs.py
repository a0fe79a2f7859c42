"""The documentation a new user reads: the modules' doctests, every Python and shell sample of
the README and the guides (run here), the site's strict build, and the Sources page that every
citation of a course document resolves to."""

import doctest
import importlib
import os
import pkgutil
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

import essais
import essais.coloring.api

from conftest import ROOT, invoke

DOCS = ROOT / "docs"
PAGES = sorted([ROOT / "README.md", *DOCS.rglob("*.md")])
SOURCES = DOCS / "sources.md"
# what the samples read (puzzles, example files, data), linked into the folder they run in
SAMPLE_INPUTS = ["examples", "puzzles", "tests"]
SAMPLE_SECONDS = 3  # each shell sample runs at most this long: a long count shows that it starts and stops cleanly

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
    "essais.cover.api",
    "essais.csp.api.solving",
    "essais.csp.draw.watch",
    "essais.sudoku.api",
    "essais.swap",
    "essais.uncrossed.api",
    "essais.warming",
}


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    failures, tried = doctest.testmod(importlib.import_module(name))
    assert failures == 0
    assert tried > 0 or name not in WITH_EXAMPLES


def blocks(page: Path, language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", page.read_text(), re.DOTALL | re.MULTILINE)


def name_of(page: Path) -> str:
    return str(page.relative_to(ROOT))


@pytest.fixture
def sample_folder(tmp_path, monkeypatch):
    """An empty folder to run samples in (they write pictures and pages), where the inputs
    they name (examples/labyrinth.txt, puzzles/guarini.toml, tests/data/…) are found."""
    for name in SAMPLE_INPUTS:
        (tmp_path / name).symlink_to(ROOT / name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("page", [p for p in PAGES if blocks(p, "python")], ids=name_of)
def test_python_samples_run(page, sample_folder, capsys):
    namespace: dict = {}  # a page's samples follow on from one another, as a reader types them
    for block in blocks(page, "python"):
        exec(compile(block, name_of(page), "exec"), namespace)
    assert capsys.readouterr().out or page.name == "studying.md"


def shell_samples(page: Path) -> list[list[str]]:
    """The `essais …` command lines of a page's bash blocks, comments dropped."""
    commands = []
    for block in blocks(page, "bash"):
        for line in block.splitlines():
            words = shlex.split(line, comments=True)
            if ">" in words:  # the output's redirection is the shell's, not the command's
                words = words[: words.index(">")]
            if words[:1] == ["essais"]:
                commands.append(words[1:])
    return commands


def bounded(arguments: list[str]) -> list[str]:
    """The command with a time limit of at most SAMPLE_SECONDS (its own, if shorter)."""
    if "--time-limit" in arguments:
        at = arguments.index("--time-limit") + 1
        seconds = min(float(arguments[at]), SAMPLE_SECONDS)
        return [*arguments[:at], str(seconds), *arguments[at + 1 :]]
    takes_limit = invoke([arguments[0], "--help"]).stdout.count("--time-limit") > 0
    return [*arguments, "--time-limit", str(SAMPLE_SECONDS)] if takes_limit else arguments


SHELL_SAMPLES = [(name_of(page), arguments) for page in PAGES for arguments in shell_samples(page)]


@pytest.mark.parametrize(("page", "arguments"), SHELL_SAMPLES, ids=[f"{p}: {' '.join(a)}" for p, a in SHELL_SAMPLES])
def test_shell_samples_run(page, arguments, sample_folder):
    result = invoke(bounded(arguments))
    # 0 found, 1 none (an answer: 004's unreachable goals, a graph with no 3-colouring), 3 the bound above
    assert result.exit_code in (0, 1, 3), f"{page}: essais {' '.join(arguments)}: {result.output}"


def test_every_page_has_samples_that_ran():
    assert len(SHELL_SAMPLES) > 60
    assert {name_of(p) for p in PAGES if blocks(p, "python")} >= {"README.md", "docs/index.md", "docs/guides/queens.md"}


def test_the_site_builds_strictly(tmp_path):
    environment = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"}
    site = tmp_path / "site"
    run = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr
    assert "WARNING" not in run.stderr, run.stderr
    reference = (site / "reference" / "api" / "index.html").read_text()
    for name in essais.__all__:  # every top-level name has its entry, from its docstring
        assert f'id="essais.{name}"' in reference, name
    assert "essais tour" in (site / "reference" / "cli" / "index.html").read_text()
    assert (site / "images" / "built" / "queens-4-tree.svg").exists()


CITATION = re.compile(  # "000 §3.8", "000 §3.3–3.4", "002 Q3", "002's figure 2", "000's introduction"
    r"\b(00[0-4])(?:'s)? (§[0-9][0-9.]*[0-9]|§[0-9]|Q[0-9]|figure [0-9]|introduction)(?:–([0-9.]+))?"
)


def source_entries() -> dict[str, set[str]]:
    """For each course document, the first cells of its table on the Sources page."""
    entries: dict[str, set[str]] = {}
    for section in re.split(r"^## ", SOURCES.read_text(), flags=re.MULTILINE)[1:]:
        document = section[:3]
        entries[document] = set(re.findall(r"^\| ([^|]+?) \|", section, re.MULTILINE)) - {"section"}
    return entries


def citations() -> set[tuple[str, str, str]]:
    """(file, document, section) for each citation of a course document in the code and the docs."""
    found = set()
    files = [*(ROOT / "src").rglob("*.py"), *PAGES]
    for path in files:
        for match in CITATION.finditer(path.read_text()):
            document, section, range_end = match.groups()
            found.add((name_of(path), document, section))
            if range_end:
                found.add((name_of(path), document, f"§{range_end}"))
    return found


def test_every_citation_names_an_entry_of_the_sources_page():
    entries = source_entries()
    assert set(entries) >= {"000", "001", "002", "003", "004"}
    cited = citations()
    assert len(cited) > 50
    unknown = sorted((f, d, s) for f, d, s in cited if s not in entries.get(d, set()))
    assert not unknown, unknown
