"""The command line as a user meets it: output never wrapped on a pipe, statuses in words, help
with examples and exit codes, usage errors in one line, options that would do nothing refused."""

import re
import subprocess
import sys

import pytest

import essais
from essais import __version__
from essais.core.result import format_seconds
from essais.queens import find_queens

from conftest import invoke

COMMANDS = ["tour", "distances", "uncrossed", "swap", "queens", "color", "sudoku", "compare"]


def run(*args: str):
    return invoke(list(args))


def test_data_is_never_wrapped_on_a_pipe():
    result = run("tour", "40")  # 40 columns of 4-digit step numbers: 199 characters a row
    rows = [line for line in result.stdout.splitlines() if re.fullmatch(r"[\d .]+", line.strip())]
    assert result.exit_code == 0 and len(rows) == 40
    assert all(len(row.split()) == 40 for row in rows) and max(len(row) for row in rows) == 199
    headline = run("tour", "5", "--method", "basic", "--start", "0,1").stdout.splitlines()[0]
    assert "none exists" in headline  # one line, whatever its length


@pytest.mark.parametrize("command", COMMANDS)
def test_every_help_has_examples_and_exit_codes(command):
    for flag in ("--help", "-h"):
        result = run(command, flag)
        assert result.exit_code == 0
        assert "Examples:" in result.stdout and f"essais {command}" in result.stdout
        assert "70 internal error" in result.stdout and "130 interrupted" in result.stdout
        assert "<bool>" not in result.stdout and "<str>" not in result.stdout


def test_help_shows_text_in_brackets_as_written():
    assert "essais[sat]" in run("sudoku", "-h").stdout
    assert "[default: numba]" in run("tour", "-h").stdout


ENTRY = """
import atexit, sys
sys.argv = ["essais", *sys.argv[1:]]
atexit.register(lambda: print("loaded:", *sorted(name for name in sys.modules if name.startswith("essais.cli."))))
from essais.cli import main
main()
"""


def test_a_command_line_loads_the_command_it_names_alone():
    """The entry point imports the module of the sub-command it runs, not the others' (a quicker
    start); help sees every sub-command, and a misspelt name is refused as it was."""
    named = subprocess.run([sys.executable, "-c", ENTRY, "queens", "6"], capture_output=True, text=True)
    assert named.returncode == 0 and "6 queens" in named.stdout
    loaded = named.stdout.split("loaded:")[1].split()
    assert "essais.cli.queens" in loaded and not {"essais.cli.tour", "essais.cli.sudoku"} & set(loaded)
    for words in (["-h"], ["-h", "queens"]):
        listed = subprocess.run([sys.executable, "-c", ENTRY, *words], capture_output=True, text=True).stdout
        assert all(re.search(rf"^\s+{command}\s", listed, re.MULTILINE) for command in COMMANDS), words
    misspelt = subprocess.run([sys.executable, "-c", ENTRY, "queen", "6"], capture_output=True, text=True)
    assert misspelt.returncode == 2 and "No such command 'queen'" in misspelt.stderr


def test_version():
    result = run("--version")
    assert result.exit_code == 0 and result.stdout.strip() == f"essais {__version__}"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["tour", "5", "--bogus"], "No such option: --bogus"),
        (["tour", "5", "--limit", "x"], "'--limit'"),
        (["queens", "8", "--workers", "two"], "'--workers'"),
        (["tour"], "Missing argument 'SIZE'"),
        (["sudoku"], "Missing argument 'PUZZLE'"),
    ],
)
def test_usage_errors_are_one_line_naming_the_option(args, message):
    result = run(*args)
    assert result.exit_code == 2 and message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["queens", "8", "--checkpoint", "q.sqlite"], "--checkpoint: it records the sub-trees of a split count"),
        (["queens", "8", "--workers", "2"], "--workers"),
        (["queens", "8", "--limit", "3"], "--limit: it applies to --all"),
        (["sudoku", "1.3..4.22..3.3.1", "--workers", "2"], "--workers"),
    ],
)
def test_options_that_would_do_nothing_are_refused(args, message):
    result = run(*args)
    assert result.exit_code == 2 and message in result.stderr


def test_an_unknown_key_in_a_puzzle_file_is_refused(tmp_path):
    path = tmp_path / "typo.toml"
    path.write_text('board = "3x3"\ngoal = "swap"\n[[pieces]]\ncolour = "white"\nsquare = "a1"\n')
    result = run("swap", str(path))
    assert result.exit_code == 2 and "goal: unknown key" in result.stderr


def test_statuses_in_words_and_squares_as_typed():
    table = run("tour", "5", "--method", "basic", "--every-start", "--node-limit", "100000").stdout
    first_row = table.splitlines()[4]
    assert first_row.split("│")[2:7] == ["   found ", "   limit ", "   found ", "   limit ", "   found "]
    assert run("tour", "4", "--method", "basic", "--every-start").stdout.count("none") == 16
    assert "from 4,0" in run("tour", "5", "--start", "a1").stdout  # squares as r,c, whatever was typed
    assert "needs an even number of squares" in run("tour", "7", "--closed").stdout


def test_singular_and_plural():
    assert "1 queen:" in run("queens", "1").stdout
    assert "1 solution for 1 queen" in run("queens", "1", "--count").stdout
    assert "1 edge)" in run("color", "complete:2", "-k", "2").stdout


def test_times_read_at_a_glance():
    line = run("tour", "8").stdout.strip().splitlines()[-1]
    assert re.search(r"\d (µs|ms|s)$", line) and "e-" not in line
    assert [format_seconds(s) for s in (5e-5, 0.012, 3.4, 125, 7200, 3 * 86400, 4e8)] == [
        "50 µs", "12 ms", "3.4 s", "2 min 5 s", "2 h", "3 days", "12.7 years",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("arguments", "solve"),
    [
        (["tour", "5", "--method", "basic"], lambda: essais.find_tour(5, method="basic")),
        (["tour", "3"], lambda: essais.find_tour(3)),
        (["tour", "5", "--count", "--method", "prune"], lambda: essais.count_tours(5, method="prune")),
        (
            ["tour", "6", "--closed", "--count", "--method", "prune"],
            lambda: essais.count_tours(6, closed=True, method="prune"),
        ),
        (["color", "petersen"], lambda: essais.color_graph("petersen")),
        (["color", "petersen", "-k", "2"], lambda: essais.color_graph("petersen", k=2)),
        (["color", "queen:5", "--chromatic"], lambda: essais.chromatic_number("queen:5")),
        (["uncrossed", "6"], lambda: essais.longest_uncrossed(6)),
        (["queens", "8"], lambda: find_queens(8)),
        (["queens", "10", "--count"], lambda: essais.count_queens(10, workers=None)),
        (["queens", "3"], lambda: find_queens(3)),
    ],
)
def test_a_command_prints_str_of_the_library_result(arguments, solve):
    """The command's text is `str()` of the result the library returns for the same question
    (the time on the last line aside)."""
    printed = run(*arguments).stdout.rstrip("\n").split("\n")
    expected = str(solve()).split("\n")
    assert printed[:-1] == expected[:-1]
    assert printed[-1].rsplit("  ", 1)[0] == expected[-1].rsplit("  ", 1)[0]
