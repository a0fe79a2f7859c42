"""Fuzzing the command line: generated arguments and files for every command, run
in-process with one worker and small limits. Whatever the input, essais answers (exit 0, 1 or
3) or refuses it in one line on stderr (exit 2): never a traceback, never exit 70.

The quick suite runs a few examples a command; `pytest -m fuzz -n 2 --maxschedchunk 1` runs
FUZZ_EXAMPLES a command in PARTS runs (ESSAIS_FUZZ_EXAMPLES, 14,300 by default: 100,100 inputs
in all) on two processes; RELIABILITY.md has its figures."""

from __future__ import annotations

import faulthandler
import json
import os
import re
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from grammars import board_pictures, cover_texts, flatzinc_files, model_files, one_of_valid_or_edited, piece_files

from conftest import invoke

FUZZ_EXAMPLES = int(os.environ.get("ESSAIS_FUZZ_EXAMPLES", "14300"))
HANG_SECONDS = 120  # an input that runs this long broke its limits: the run stops there
LAST_INPUT = Path(tempfile.gettempdir()) / f"essais-fuzz-{os.getpid()}.last"  # the input under way
PARTS = 2  # each command's inputs in two runs with seeds of their own, for two worker processes
TALLY: dict[str, Counter[int]] = {}  # exit statuses seen, per command (printed by the fuzz run)
ANSWERS = {0, 1, 3}  # found or complete, none, limit
BATCH_SUMMARY = re.compile(r"[\d,]+ lines: .* [1-9][\d,]* malformed; .*")
BAD_INPUT = 2

# -- pieces of arguments -------------------------------------------------------------------------
# Text that has broken parsers before: Unicode digits, newlines, rich markup, huge numbers.
NASTY = st.sampled_from(
    ["²", "³", "٣", "İ", "\n", "5\n6", "[/x]", "[bold]c", "[/oops]", "99999999999999999999", "-1", "0", "",
     " ", "nan", "inf", "-inf", "1e400", "0x10", "1_000", "½", "∞", "🐴", "a1", "z99", "(1,2)", "1,", ",1"]
)  # fmt: skip


def mostly(good: st.SearchStrategy[str], bad: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """A good value nine times in ten: inputs must mostly pass the parsers to reach the searches."""
    return st.integers(0, 9).flatmap(lambda roll: bad if roll == 0 else good)


ANY = st.one_of(NASTY, st.text(max_size=6))
SMALL = st.integers(min_value=1, max_value=12).map(str)
SIZE = mostly(st.one_of(SMALL, st.builds(lambda r, c: f"{r}x{c}", st.integers(1, 9), st.integers(1, 9))),
              st.one_of(ANY, st.sampled_from(["0", "-1", "0x5", "4x0"])))  # fmt: skip
SQUARE = mostly(st.one_of(st.builds(lambda r, c: f"{r},{c}", st.integers(-1, 10), st.integers(-1, 10)),
                          st.sampled_from(["a1", "b3", "h8", "e4"])), ANY)  # fmt: skip
NUMBER = mostly(st.integers(-2, 10**5).map(str), ANY)
SECONDS = mostly(
    st.sampled_from(["0.05", "0.01", "1e-9", "0.1"]), st.one_of(st.sampled_from(["0", "-1", "nan", "inf"]), ANY)
)
MEMORY = mostly(st.sampled_from(["500M", "2G", "10k", "1.5G", "8T", "100M"]),
                st.one_of(st.sampled_from(["0", "-5M", "12X", "1e3"]), ANY))  # fmt: skip


def option(name: str, values: st.SearchStrategy[str], one_in: int = 4) -> st.SearchStrategy[list[str]]:
    """The option given one time in `one_in`."""
    return st.integers(1, one_in).flatmap(
        lambda roll: values.map(lambda value: [name, value]) if roll == 1 else st.just([])
    )


def flag(name: str, one_in: int = 4) -> st.SearchStrategy[list[str]]:
    return st.integers(1, one_in).map(lambda roll: [name] if roll == 1 else [])


def choice(name: str, words: list[str]) -> st.SearchStrategy[list[str]]:
    return option(name, mostly(st.sampled_from(words), NASTY))


COMMON = [option("--time-limit", SECONDS), option("--node-limit", NUMBER), option("--memory-limit", MEMORY),
          flag("--json")]  # fmt: skip


@st.composite
def command_line(
    draw: st.DrawFn, head: list[str], positional: st.SearchStrategy[list[str]], options: list
) -> list[str]:
    """`head` + the positional arguments + a random subset of the options, in random order,
    always under a small time limit (a generated one may replace it) and one worker."""
    chosen = [draw(each) for each in options + COMMON]
    draw(st.randoms()).shuffle(chosen)
    arguments = head + draw(positional) + [word for words in chosen for word in words]
    if "--time-limit" not in arguments:
        arguments += ["--time-limit", "0.2"]
    spreads = {"--count", "--every-start"} & set(arguments) and head[0] in ("tour", "queens", "cover", "polyomino",
                                                                            "langford")  # fmt: skip
    if spreads and "--workers" not in arguments:  # one worker: no process forked from the test
        arguments += ["--workers", "1"]
    return arguments


def words(*strategies: st.SearchStrategy[str]) -> st.SearchStrategy[list[str]]:
    return st.tuples(*strategies).map(list)


TOUR = command_line(["tour"], words(SIZE), [
    option("--start", SQUARE), choice("--method", ["linear", "warnsdorff", "basic", "band", "prune", "lookahead",
                                                   "random", "roth"]),
    choice("--engine", ["numba", "python"]), choice("--order", ["default", "clockwise"]),
    option("--leaper", mostly(st.sampled_from(["1,2", "0,3", "2,2", "1,1", "0,0", "3,4"]), ANY)),
    option("--moves", mostly(st.sampled_from(["1,2 2,1 -1,2", "0,1 1,0", "1,2 1,2"]), ANY)),
    flag("--closed"), flag("--count", 8), flag("--all", 8), option("--limit", NUMBER, 10), flag("--every-start", 10),
    option("--attempts", NUMBER, 10), option("--seed", NUMBER, 10),
    option("--workers", st.sampled_from(["1", "0", "-1"]), 10),
])  # fmt: skip
DISTANCES = command_line(["distances"], words(SIZE), [
    option("--from", SQUARE), option("--leaper", mostly(st.sampled_from(["1,2", "0,3", "1,1"]), ANY)),
])  # fmt: skip
UNCROSSED = command_line(
    ["uncrossed"], words(mostly(st.integers(-1, 7).map(str), ANY)),
    [flag("--closed"), choice("--engine", ["numba", "python"]), choice("--method", ["bound", "parallel"]),
     option("--workers", st.sampled_from(["1", "0", "-1"]), 10), flag("--estimate"),
     option("--beat", st.sampled_from(["0", "5", "-1", "40"])), option("--probes", st.sampled_from(["1", "50", "0"]))],
)  # fmt: skip
QUEENS = command_line(["queens"], words(mostly(st.integers(-1, 14).map(str), ANY)), [
    flag("--count"), flag("--all"), option("--limit", NUMBER), flag("--distinct"),
    choice("--method", ["textbook", "bitmask", "symmetry"]), choice("--engine", ["numba", "python"]),
    option("--workers", st.sampled_from(["1", "0"])),
])  # fmt: skip

GRID = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


@st.composite
def grids(draw: st.DrawFn) -> str:
    """A valid puzzle with a few cells changed, cut or lengthened, or any text."""
    cells = list(GRID)
    for _ in range(draw(st.integers(0, 6))):
        cells[draw(st.integers(0, 80))] = draw(
            mostly(st.sampled_from(list("0123456789.")), st.sampled_from(list("xA²\n ")))
        )
    text = "".join(cells)
    other = [text[: draw(st.integers(0, 81))], text + draw(st.text(max_size=3)), draw(st.text(max_size=20)), "." * 16,
             "1234" + "." * 12, "." * 81]  # fmt: skip
    return text if draw(st.integers(0, 5)) else draw(st.sampled_from(other))


@st.composite
def sudoku_arguments(draw: st.DrawFn, folder: Path) -> list[str]:
    """A grid, or a file of a few grids a line (with blank, comment and broken lines, CRLF, or
    bytes that are not UTF-8) that the command streams."""
    if draw(st.integers(0, 2)):
        return [draw(grids())]
    lines = draw(st.lists(st.one_of(grids(), st.sampled_from(["", "# comment", GRID + "  # note", GRID + "\r"])),
                          min_size=1, max_size=8))  # fmt: skip
    path = folder / "grids.txt"
    path.write_bytes("\n".join(lines).encode("utf-8", "surrogatepass") + draw(st.sampled_from([b"", b"\n", b"\xff"])))
    return [str(path)]


SUDOKU_OPTIONS = [
    flag("--count"), flag("--unique"), option("--limit", NUMBER),
    choice("--method", ["bitwise", "propagate", "textbook", "sat"]), choice("--engine", ["numba", "python"]),
    option("--alphabet", mostly(st.sampled_from(["123456789", "abcdefghi", "İ23456789"]), ANY)),
    option("--workers", st.sampled_from(["1", "0"]), 10),
]  # fmt: skip

GRAPH_FILES = st.one_of(
    st.builds(lambda v, e: f"p edge {v} {len(e)}\n" + "".join(f"e {a} {b}\n" for a, b in e),
              st.integers(0, 12), st.lists(st.tuples(st.integers(0, 13), st.integers(0, 13)), max_size=20)),
    st.builds(lambda lines: "\n".join(lines), st.lists(st.builds(lambda a, b: f"{a} {b}", NASTY, NASTY), max_size=5)),
    st.text(max_size=40),
)  # fmt: skip


@st.composite
def graph_arguments(draw: st.DrawFn, folder: Path) -> list[str]:
    spec = draw(st.one_of(st.sampled_from(["petersen", "complete:5", "cycle:7", "queen:5", "mycielski:4",
                                           "complete:100000", "mycielski:40", "queen:0", "cycle:²"]),
                          st.builds(lambda n, k: f"{n}:{k}", st.sampled_from(["complete", "cycle", "queen",
                                                                               "mycielski", "wheel"]), NUMBER),
                          NASTY))  # fmt: skip
    if draw(st.booleans()):
        path = folder / draw(st.sampled_from(["g.col", "g.txt"]))
        path.write_bytes(draw(GRAPH_FILES).encode("utf-8", "surrogatepass") + draw(st.sampled_from([b"", b"\xff\xfe"])))
        spec = str(path)
    return [spec]


PUZZLE = {
    "name": "ring", "board": "3x3", "notation": "rc", "identical": True, "goals": "swap",
    "pieces": [{"name": "w", "colour": "white", "square": "0,0"}, {"name": "b", "colour": "black", "square": "2,2"}],
}  # fmt: skip


@st.composite
def puzzle_files(draw: st.DrawFn, folder: Path) -> list[str]:
    """A small valid swap puzzle with one key replaced by something generated, as JSON or
    TOML, or any bytes."""
    data: object = dict(PUZZLE)
    if draw(st.booleans()):
        key = draw(st.sampled_from(["name", "board", "notation", "identical", "goals", "pieces", "leaper", "moves"]))
        assert isinstance(data, dict)
        values = st.one_of(NASTY, st.integers(-3, 10**20), st.none(), st.lists(NASTY, max_size=3),
                           st.sampled_from(["40x40", "1000x1000", "derangements", [1, 2], [0, 0]]))  # fmt: skip
        data[key] = draw(values)
    if draw(st.booleans()):
        data = draw(st.one_of(st.integers(), st.none(), st.lists(st.integers(), max_size=2), st.text(max_size=5)))
    path = folder / draw(st.sampled_from(["p.json", "p.toml"]))
    if path.suffix == ".json":
        text = json.dumps(data)
    else:
        text = (
            "\n".join(f"{key} = {json.dumps(value)}" for key, value in data.items()) if isinstance(data, dict) else ""
        )
        text = text.replace('"pieces" = ', "pieces = ")  # (TOML reads JSON-like inline values)
    path.write_bytes(text.encode() + draw(st.sampled_from([b"", b"\xff", b"\n[[x"])))
    return [str(path)]


COVER_LINES = ["p q r | x y", "p q x y:A", "p r x:A y", "p x:B", "q x:A", "r y:B", "| a comment", "", "a b",
               "p p", "p z", "x", "p:A", "q x:", "| x", "p q r", "r"]  # fmt: skip


@st.composite
def cover_files(draw: st.DrawFn, folder: Path) -> list[str]:
    """A file in Knuth's format from its grammar (valid, or one edit away), or made of valid and
    broken lines, or any text, or a missing file."""
    lines = st.lists(mostly(st.sampled_from(COVER_LINES), st.text(max_size=12)), max_size=8).map("\n".join)
    text = draw(st.one_of(one_of_valid_or_edited(cover_texts()), lines))
    path = folder / "problem.dlx"
    path.write_bytes(text.encode() + draw(st.sampled_from([b"", b"\n", b"\xff"])))
    return [draw(mostly(st.just(str(path)), st.sampled_from(["-", "missing.dlx", str(folder)])))]


BOARD_PICTURES = ["#####\n#####\n#####", "##.\n###", "..\n..", "#x#", "###\n\n###", "", "|c\n##"]


@st.composite
def polyomino_arguments(draw: st.DrawFn, folder: Path) -> list[str]:
    """A board (a size, or a picture file) and sometimes a file of pieces."""
    board = draw(mostly(st.sampled_from(["6x10", "3x20", "5x4", "4x5", "8", "2x2", "0x5", "1000x1000"]), ANY))
    if draw(st.booleans()):
        path = folder / "board.txt"
        pictures = st.one_of(one_of_valid_or_edited(board_pictures()), st.sampled_from(BOARD_PICTURES))
        path.write_text(draw(mostly(pictures, st.text(max_size=20))))
        board = str(path)
    arguments = [board]
    if draw(st.integers(1, 3)) == 1:
        pieces = folder / "pieces.txt"
        drawn = st.one_of(one_of_valid_or_edited(piece_files()),
                          st.sampled_from(["AA\n\nB\nB", "###\n\n##", "AB", "##\n\n##", ""]))  # fmt: skip
        pieces.write_text(draw(mostly(drawn, st.text(max_size=15))))
        arguments += ["--pieces", draw(mostly(st.sampled_from([str(pieces), "tetrominoes", "pentominoes"]), ANY))]
    return arguments


CSP_LINES = ["var x, y in 0..3", "var q[3] in 0..2", "var z in {1, 5}", "x + y == 3", "x != y", "all_different(q)",
             "all_different(q[i] + i for i in range(3))", "table(x, y) in [(1, 2)]", "# note", "x ** 2 == 1",
             "q[5] == 1", "var x in 3..0", "x * y == 2", "table(x) in 7", "z <= ", "var a in {1.5}"]  # fmt: skip


@st.composite
def csp_files(draw: st.DrawFn, folder: Path) -> list[str]:
    """A model file from its grammar (valid, or one edit away), or of valid and broken lines, or
    any text."""
    lines = st.lists(mostly(st.sampled_from(CSP_LINES), st.text(max_size=15)), max_size=7).map("\n".join)
    flat = draw(st.booleans())  # (a FlatZinc file, or a model file)
    text = draw(st.one_of(one_of_valid_or_edited(flatzinc_files() if flat else model_files()), lines))
    path = folder / ("model.fzn" if flat else "model.csp")
    path.write_bytes(text.encode() + draw(st.sampled_from([b"", b"\xff"])))
    return [draw(mostly(st.just(str(path)), st.sampled_from(["missing.csp", str(folder)])))]


def check(arguments: list[str]) -> None:
    result = invoke_watched(arguments)
    TALLY.setdefault(arguments[0], Counter())[result.exit_code] += 1
    stderr = result.stderr
    where = f"essais {' '.join(arguments)!r}"
    assert "Traceback" not in stderr + result.stdout, where
    assert result.exit_code in ANSWERS | {BAD_INPUT}, f"{where}: exit {result.exit_code}: {stderr}"
    if result.exit_code == BAD_INPUT:
        lines = stderr.strip().splitlines()
        if lines and BATCH_SUMMARY.fullmatch(lines[-1]):  # a file of puzzles: a line for each bad one, a summary
            assert lines[:-1] and all(line.startswith("essais: ") for line in lines[:-1]), f"{where}: {stderr!r}"
            return
        assert len(lines) == 1 and lines[0].startswith("essais: error: "), f"{where}: {stderr!r}"


def invoke_watched(arguments: list[str]) -> Any:
    """Run the command line in-process; should it hang (past every limit), the process ends
    after HANG_SECONDS with every thread's traceback, and LAST_INPUT names the input."""
    LAST_INPUT.write_text(" ".join(arguments))
    faulthandler.dump_traceback_later(HANG_SECONDS, exit=True)
    try:
        return invoke(arguments)
    finally:
        faulthandler.cancel_dump_traceback_later()


def fuzz(strategy: st.SearchStrategy[list[str]], examples: int, part: int | None = None) -> None:
    """Run `examples` generated inputs (derandomized, or drawn from seed `part`)."""

    @settings(max_examples=examples, deadline=None, database=None, derandomize=part is None,
              suppress_health_check=list(HealthCheck))  # fmt: skip
    @given(strategy)
    def run(arguments: list[str]) -> None:
        check(arguments)

    if part is not None:
        run = seed(part)(run)
    try:
        run()
    finally:  # (a hang ends the process before this: the file then names the input)
        LAST_INPUT.unlink(missing_ok=True)


COMPARE = command_line(
    ["compare"],
    words(mostly(st.sampled_from(["tour", "queens", "sudoku", "color", "uncrossed", "polyomino", "langford", "csp"]),
                 NASTY),
          mostly(st.sampled_from(["5", "6", "8", "4x5", "3x20", "petersen", "queen:5", GRID]), ANY)),
    [
        option("--methods", mostly(st.sampled_from(["basic,prune", "textbook", "textbook:python,bitmask",
                                                     "basic:python,warnsdorff", "bound,parallel", "dsatur,textbook",
                                                     "propagate,bitwise", "magic", "basic:rust", ",",
                                                     "dlx,first", "dlx:python"]), ANY), 1),
        flag("--count"), option("--start", SQUARE), flag("--closed"), option("-k", NUMBER),
    ],
)  # fmt: skip


COVER_OPTIONS = [
    flag("--count"), flag("--all"), option("--limit", NUMBER), choice("--method", ["dlx", "first", "x"]),
    choice("--engine", ["numba", "python"]), option("--workers", st.sampled_from(["1", "0", "-1"]), 6),
]  # fmt: skip


def strategies(folder: Path) -> dict[str, st.SearchStrategy[list[str]]]:
    return {
        "cover": command_line(["cover"], cover_files(folder), COVER_OPTIONS),
        "polyomino": command_line(
            ["polyomino"], polyomino_arguments(folder), [*COVER_OPTIONS, flag("--fixed"), flag("--distinct")]
        ),
        "langford": command_line(["langford"], words(mostly(st.integers(-1, 40).map(str), ANY)), COVER_OPTIONS),
        "csp": command_line(
            ["csp"],
            csp_files(folder),
            [
                flag("--count"),
                flag("--all"),
                option("--limit", NUMBER),
                choice("--method", ["basic", "forward", "mac", "mac/input/lcv", "forward/mrv", "mac/x"]),
            ],
        ),  # fmt: skip
        "tour": TOUR,
        "distances": DISTANCES,
        "uncrossed": UNCROSSED,
        "queens": QUEENS,
        "compare": COMPARE,
        "sudoku": command_line(["sudoku"], sudoku_arguments(folder), SUDOKU_OPTIONS),
        "color": command_line(
            ["color"],
            graph_arguments(folder),
            [
                option("-k", NUMBER),
                choice("--method", ["textbook", "dsatur"]),
                flag("--chromatic"),
                choice("--engine", ["numba", "python"]),
            ],
        ),  # fmt: skip
        "swap": command_line(
            ["swap"], puzzle_files(folder), [choice("--goals", ["derangements", "swap"]), flag("--bidirectional")]
        ),  # fmt: skip
    }


COMMANDS = ["tour", "distances", "uncrossed", "queens", "sudoku", "color", "swap", "compare", "cover", "polyomino",
            "langford", "csp"]  # fmt: skip


@pytest.mark.parametrize("name", COMMANDS)
def test_a_few_generated_inputs(name):
    with tempfile.TemporaryDirectory() as folder:
        fuzz(strategies(Path(folder))[name], 25)


@pytest.mark.parametrize(
    ("command", "files", "name"),
    [("csp", model_files(), "model.csp"), ("csp", flatzinc_files(), "model.fzn"),
     ("cover", cover_texts(), "problem.dlx"), ("polyomino", board_pictures(), "board.txt")],
)  # fmt: skip
def test_files_of_the_grammar_are_read(command, files, name):
    """A file the grammar writes is never refused: it is solved, or has no solution, or stops at
    the node limit (a board that the pentominoes cannot fill, or with no cell, is refused as such)."""
    with tempfile.TemporaryDirectory() as folder:

        @settings(max_examples=60, deadline=None, database=None, derandomize=True,
                  suppress_health_check=list(HealthCheck))  # fmt: skip
        @given(files)
        def run(text: str) -> None:
            path = Path(folder) / name
            path.write_text(text)
            result = invoke_watched([command, str(path), "--node-limit", "20000"])
            refused_for_its_area = command == "polyomino" and ("no packing can fit" in result.stderr
                                                               or "has no cell" in result.stderr)  # fmt: skip
            assert result.exit_code in ANSWERS or refused_for_its_area, f"{text!r}: {result.stderr}"

        run()


@pytest.mark.fuzz
@pytest.mark.parametrize("part", range(PARTS))
@pytest.mark.parametrize("name", COMMANDS)
def test_many_generated_inputs(name, part):
    started, TALLY[name] = time.perf_counter(), Counter()
    with tempfile.TemporaryDirectory() as folder:
        fuzz(strategies(Path(folder))[name], FUZZ_EXAMPLES // PARTS, part)
    statuses = ", ".join(f"exit {code}: {count:,}" for code, count in sorted(TALLY[name].items()))
    seconds = time.perf_counter() - started
    print(f"\nfuzz {name} part {part}: {TALLY[name].total():,} inputs in {seconds:.0f} s ({statuses})")
