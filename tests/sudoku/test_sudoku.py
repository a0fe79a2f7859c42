"""Sudoku: 002's 433 solutions, both textbook engines alike, the fast solver on the shared
puzzle sets (every answer checked), input errors, the command."""

import io
import json
import os
import random
import threading

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from essais.core.errors import InvalidInput
from essais.core.limits import Limits
from essais.core.result import Status
from essais.sudoku import (
    BLOCK_BYTES,
    NOT_READ,
    PuzzleFile,
    Sudoku,
    count_sudoku,
    is_solution,
    open_puzzles,
    parse_sudoku,
    read_file,
    read_puzzles,
    solution_error,
    solutions_written,
    solve_file,
    solve_many,
    solve_sudoku,
)
from essais.sudoku._bitwise_kernels import ALL_DIGITS, GRID9, ON_PERMUTATION, _propagate9

from conftest import DATA, invoke

SUDOKU_DATA = DATA / "sudoku"  # copied from shared/data (see data/README.md)
Q1 = "2......6.....7..3..48.9.1.....3.....3...1.........8.....1.2.57..8.73.....9......4"


def puzzles(name):
    return [line.puzzle for line in read_puzzles((SUDOKU_DATA / name).read_text())]


def test_002_q1_has_433_solutions():
    puzzle = parse_sudoku(Q1)
    fast = count_sudoku(puzzle)
    textbook = count_sudoku(puzzle, method="textbook")
    assert fast.count == textbook.count == 433 and fast.status == Status.COMPLETE
    assert is_solution(puzzle, fast.solution) and is_solution(puzzle, textbook.solution)
    # 002 figure 2: one call at depth 0, calls at every depth, 433 on full grids
    empty = puzzle.cells.count(0)
    assert textbook.stats.depths[0] == 1 and len(textbook.stats.depths) == empty + 1
    assert textbook.stats.depths[empty] == 433
    assert sum(textbook.stats.depths) == textbook.stats.nodes


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 60_000))
def test_textbook_engines_stop_at_the_same_node(nodes):
    puzzle = parse_sudoku(Q1)
    python = count_sudoku(puzzle, method="textbook", engine="python", limits=Limits(nodes=nodes))
    numba = count_sudoku(puzzle, method="textbook", engine="numba", limits=Limits(nodes=nodes))
    assert python.count == numba.count and python.solution == numba.solution
    assert python.stats.counters() == numba.stats.counters() and python.stats.depths == numba.stats.depths


def random_partial_grid(seed, box=2, givens=6):
    """A random solution of a box² grid, a few of its cells kept (so it has solutions), or
    random givens that may contradict nothing yet have none."""
    rng = random.Random(seed)
    n = box * box
    base = [[(box * (r % box) + r // box + c) % n + 1 for c in range(n)] for r in range(n)]
    values = list(range(1, n + 1))
    rng.shuffle(values)
    cells = [values[base[r][c] - 1] for r in range(n) for c in range(n)]
    keep = set(rng.sample(range(n * n), givens))
    return Sudoku(box, tuple(v if i in keep else 0 for i, v in enumerate(cells)))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 10))
def test_every_method_and_engine_count_alike(seed, givens):
    puzzle = random_partial_grid(seed, givens=givens)
    counts = {
        (method, engine): count_sudoku(puzzle, method=method, engine=engine).count
        for method, engine in [("textbook", "python"), ("textbook", "numba"), ("propagate", "numba")]
    }
    assert len(set(counts.values())) == 1
    python = count_sudoku(puzzle, method="textbook", engine="python")
    numba = count_sudoku(puzzle, method="textbook", engine="numba")
    assert python.stats.counters() == numba.stats.counters()


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(150, 230))
def test_large_boxes_count_alike(seed, givens):
    """16×16: the propagating count (locked candidates, alldifferent) against the textbook's."""
    puzzle = random_partial_grid(seed, box=4, givens=givens)
    fast = count_sudoku(puzzle, limits=Limits(time=30))
    textbook = count_sudoku(puzzle, method="textbook", limits=Limits(time=30))
    assert fast.status == textbook.status == Status.COMPLETE and fast.count == textbook.count >= 1
    assert is_solution(puzzle, fast.solution)


@pytest.mark.parametrize("name", ["easy50.txt", "top95.txt", "hardest.txt", "gecode_9x9.txt"])
def test_every_shared_puzzle_is_solved_and_checked(name):
    grids = puzzles(name)
    batch = solve_many(grids, unique=True)
    assert all(found >= 1 for found in batch.found)
    assert all(is_solution(p, list(s)) for p, s in zip(grids, batch.solutions, strict=True))
    one = solve_sudoku(grids[0])
    assert one.status == Status.FOUND and is_solution(grids[0], one.solution)


def test_a_sample_of_17_clue_and_16x16():
    lines = (SUDOKU_DATA / "17_clue.txt").read_text().splitlines()
    sample = [parse_sudoku(line) for line in lines[::500]]
    batch = solve_many(sample, workers=2)
    assert all(is_solution(p, list(s)) for p, s in zip(sample, batch.solutions, strict=True))
    for grid in puzzles("gecode_16x16.txt")[:5]:
        result = solve_sudoku(grid, limits=Limits(time=20))
        assert result.found and is_solution(grid, result.solution)


def test_read_puzzles_skips_blank_and_comment_lines_and_says_what_is_wrong():
    lines = read_puzzles("\n# two grids\n" + "." * 81 + "\n\n" + "1" + "." * 80 + "  # the second\n")
    assert [line.number for line in lines] == [3, 5] and lines[1].puzzle.cells[0] == 1
    [bad] = read_puzzles("# one line, no grid\n123\n")
    assert bad.number == 2 and bad.puzzle is None and "3 cells" in bad.error
    with pytest.raises(InvalidInput, match="no puzzle in it"):
        read_puzzles("# only a comment\n\n  \n")


def test_grid_form_and_alphabets():
    rows = [Q1[i : i + 9] for i in range(0, 81, 9)]
    drawn = "\n".join(
        ("------+-------+------\n" if r in (3, 6) else "") + " | ".join(" ".join(row[c : c + 3]) for c in (0, 3, 6))
        for r, row in enumerate(rows)
    )
    assert parse_sudoku(drawn).cells == parse_sudoku(Q1.replace(".", "0")).cells
    [line] = read_puzzles(drawn)
    assert line.puzzle.line() == Q1
    letters = parse_sudoku(Q1.translate(str.maketrans("123456789", "ABCDEFGHI")), alphabet="ABCDEFGHI")
    assert letters.cells == parse_sudoku(Q1).cells and letters.line().startswith("B")


def test_sat_counts_and_solves_large_grids():
    pytest.importorskip("pysat")
    puzzle = parse_sudoku(Q1)
    counted = count_sudoku(puzzle, method="sat")
    assert counted.count == 433 and counted.status == Status.COMPLETE and is_solution(puzzle, counted.solution)
    large = puzzles("gecode_25x25.txt")
    for grid in (large[2], large[16]):
        result = count_sudoku(grid, method="sat", limit=2)
        assert result.count == 1 and result.status == Status.COMPLETE and is_solution(grid, result.solution)
    stopped = solve_sudoku(large[8], method="sat", limits=Limits(time=0.5))
    assert stopped.status == Status.LIMIT and not stopped.found
    with pytest.raises(InvalidInput, match="time limit only"):
        solve_sudoku(large[8], method="sat", limits=Limits(nodes=10))
    assert count_sudoku(parse_sudoku("1" + "." * 80), method="sat", limit=3).count == 3


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (Q1[:-1], "80 cells"),
        (Q1[:-1] + "x", "'x' at row 9, column 9"),
        ("22" + Q1[2:], "2 twice in row 1"),
        ("2" + "." * 8 + "2" + Q1[10:], "2 twice in column 1"),
        ("2" + "." * 9 + "2" + Q1[11:], "2 twice in box 1"),
        ("", "empty"),
    ],
)
def test_bad_puzzles(text, message):
    with pytest.raises(InvalidInput, match=message):
        parse_sudoku(text)


def test_checker():
    puzzle = parse_sudoku(Q1)
    solution = solve_sudoku(puzzle).solution
    assert is_solution(puzzle, solution) and is_solution(puzzle, puzzle.line(solution))
    broken = list(solution)
    broken[0], broken[1] = broken[1], broken[0]
    assert solution_error(puzzle, broken) is not None
    assert "changes a given" in solution_error(puzzle, [v % 9 + 1 for v in solution])
    assert not is_solution(puzzle, solution[:-1])


def test_cli_one_puzzle():
    result = invoke(["sudoku", Q1, "--count", "--json"])
    document = json.loads(result.stdout)
    assert result.exit_code == 0 and document["count"] == 433 and document["status"] == "complete"
    assert set(document["stats"]) == {"nodes", "tries", "backtracks", "seconds"}
    textbook = json.loads(invoke(["sudoku", Q1, "--method", "textbook", "--json"]).stdout)
    assert textbook["found"] and textbook["stats"]["depths"][0] == 1
    unique = invoke(["sudoku", Q1, "--unique"])
    assert unique.exit_code == 0 and "not unique" in unique.stdout
    assert invoke(["sudoku", Q1, "--method", "textbook", "--node-limit", "10"]).exit_code == 3


def test_cli_batch(tmp_path):
    lines = (SUDOKU_DATA / "top95.txt").read_text().splitlines()[:5]
    path = tmp_path / "mixed.txt"
    path.write_text("# a comment\n" + "\n".join([*lines[:2], "123", "11" + "." * 79, *lines[2:]]) + "\n")
    result = invoke(["sudoku", str(path), "--json"])
    assert result.exit_code == 2 and "mixed.txt:4" in result.stderr and "mixed.txt:5" in result.stderr
    documents = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(documents) == 7 and documents[2]["status"] == "invalid" and "3 cells" in documents[2]["reason"]
    for line, document in zip(lines, [documents[i] for i in (0, 1, 4, 5, 6)], strict=True):
        assert is_solution(parse_sudoku(line), document["solution"])
    good = tmp_path / "good.txt"
    good.write_text("\n".join(lines))
    solved = invoke(["sudoku", str(good)])
    assert solved.exit_code == 0 and len(solved.stdout.split()) == 5 and "puzzles/s" in solved.stderr
    big = (SUDOKU_DATA / "gecode_25x25.txt").read_text().splitlines()[17].split("#")[0]
    assert invoke(["sudoku", big, "--method", "sat", "--json"]).exit_code == 0  # too long for a file name
    stdin = invoke(["sudoku", "-"], input=Q1 + "\n")
    assert stdin.exit_code == 0
    counting = invoke(["sudoku", str(good), "--count", "--limit", "1"])
    assert counting.exit_code == 2 and "--count, --limit: for one puzzle" in counting.stderr
    limited = invoke(["sudoku", str(good), "--method", "propagate", "--node-limit", "1", "--json"])
    statuses = [json.loads(line)["status"] for line in limited.stdout.splitlines()]
    assert limited.exit_code == 3 and set(statuses) == {"limit"} and "5 stopped" in limited.stderr
    per_puzzle = invoke(["sudoku", str(good), "--time-limit", "10", "--unique"])
    assert per_puzzle.exit_code == 0 and len(per_puzzle.stdout.split()) == 5


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX's")
def test_a_file_may_be_a_pipe_but_not_a_folder(tmp_path):
    """`essais sudoku <(...)` and a named pipe are read as files are (their size unknown)."""
    lines = (SUDOKU_DATA / "top95.txt").read_text().splitlines()[:3]
    pipe = tmp_path / "grids"
    os.mkfifo(pipe)
    writer = threading.Thread(target=lambda: pipe.write_text("\n".join(lines) + "\n"))
    writer.start()
    result = invoke(["sudoku", str(pipe)])
    writer.join()
    assert result.exit_code == 0
    assert all(is_solution(line, solution) for line, solution in zip(lines, result.stdout.split(), strict=True))
    folder = invoke(["sudoku", str(tmp_path)])
    assert folder.exit_code == 2 and "a folder, not a file of puzzles" in folder.stderr


@pytest.mark.parametrize("alphabet", ["123456789", "ABCDEFGHI", "QWERTYUIO"])
def test_a_file_is_solved_in_its_own_symbols(tmp_path, alphabet):
    """A file's solutions are written in the file's alphabet, whether its symbols follow one
    another or not."""
    top95 = (SUDOKU_DATA / "top95.txt").read_text().splitlines()[:40]
    lines = [line.translate(str.maketrans("123456789", alphabet)) for line in top95]
    path = tmp_path / "letters.txt"
    path.write_text("\n".join(lines) + "\n")
    result = invoke(["sudoku", str(path), "--alphabet", alphabet])
    assert result.exit_code == 0
    solutions = result.stdout.splitlines()
    assert len(solutions) == 40
    for line, solution in zip(lines, solutions, strict=True):
        puzzle = parse_sudoku(line, alphabet=alphabet)
        assert is_solution(puzzle, solution)


@pytest.mark.parametrize(
    ("args", "message"),
    [([Q1[:-1]], "80 cells"), ([Q1, "--method", "magic"], "method"), ([Q1, "--limit", "2"], "--limit"),
     ([Q1, "--engine", "python", "--method", "propagate"], "numba engine only"), ([Q1, "--workers", "0"], "--workers"),
     (["missing/puzzles.txt"], "missing/puzzles.txt: no such file"), ([Q1, "--alphabet", "12345678"], "alphabet")],
)  # fmt: skip
def test_cli_bad_input(args, message):
    result = invoke(["sudoku", *args])
    assert result.exit_code == 2 and message in result.stderr


@pytest.mark.slow
def test_python_textbook_counts_433():
    assert count_sudoku(parse_sudoku(Q1), method="textbook", engine="python").count == 433


# -- bitwise: the 9×9 throughput method, and files streamed --------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(22, 45))
def test_bitwise_counts_like_propagate_and_the_textbook(seed, givens):
    puzzle = random_partial_grid(seed, box=3, givens=givens)
    counts = [count_sudoku(puzzle, method=method, limit=300) for method in ("bitwise", "propagate")]
    assert counts[0].count == counts[1].count >= 1 and counts[0].status == counts[1].status
    assert is_solution(puzzle, counts[0].solution)
    textbook = count_sudoku(puzzle, method="textbook", limit=300, limits=Limits(time=5))
    if textbook.status != Status.LIMIT:
        assert textbook.count == counts[0].count


def test_bitwise_is_the_9x9_default_and_stops_at_its_node_limit():
    assert solve_sudoku(Q1).stats.nodes == solve_sudoku(Q1, method="bitwise").stats.nodes
    full = count_sudoku(Q1, method="bitwise")
    assert full.count == 433 and full.stats.tries == full.stats.nodes - 1
    for nodes in (1, 17, full.stats.nodes // 2):
        stopped = count_sudoku(Q1, method="bitwise", limits=Limits(nodes=nodes))
        assert stopped.status == Status.LIMIT and stopped.stats.nodes == nodes
    with pytest.raises(InvalidInput, match="'bitwise' solves 9×9 grids"):
        solve_sudoku(puzzles("gecode_16x16.txt")[0], method="bitwise")


def test_bitwise_and_propagate_batches_agree_on_every_hard_puzzle():
    grids = puzzles("top1465.txt")
    fast, other = (solve_many(grids, method=method, unique=True) for method in ("bitwise", "propagate"))
    assert list(fast.found) == list(other.found) and all(found == 1 for found in fast.found)
    assert all(is_solution(p, list(s)) for p, s in zip(grids, fast.solutions, strict=True))


def test_bitwise_propagation_sees_a_cell_that_must_take_two_values():
    # row 0: digits 1 and 2 have no cell but cell 0, whose only candidates they are; a hidden
    # single rule that took "nothing new in this cell" for "no news" let such grids through
    # (line 3422 of 17_clue.txt searched 175 nodes for it where 131 do)
    grid = np.zeros(GRID9, dtype=np.int32)
    grid[:] = (1 << 27) - 1
    for digit in (0, 1):  # digits 1 and 2: in row 0 only at cell 0
        grid[digit] &= ~((1 << 9) - 2)  # (slot 9 × band + digit)
    assert not _propagate9(grid, ALL_DIGITS)


def _locked_candidates(matrix):
    """What pointing and claiming leave of a digit's 3 × 3 matrix (rows and boxes of a band, or
    bands and columns of a stack): a row with one entry takes the rest of its column, a column
    with one entry the rest of its row, until nothing changes; 0 when a row or column is empty."""
    while True:
        rows = [matrix >> (3 * r) & 7 for r in range(3)]
        columns = [sum((matrix >> (3 * r + c) & 1) << r for r in range(3)) for c in range(3)]
        if 0 in rows or 0 in columns:
            return 0
        kept = matrix
        for r, row in enumerate(rows):
            if row & (row - 1) == 0:
                kept &= ~sum(1 << (3 * other + row.bit_length() - 1) for other in range(3) if other != r)
        for c, column in enumerate(columns):
            if column & (column - 1) == 0:
                kept &= ~sum(1 << (3 * (column.bit_length() - 1) + other) for other in range(3) if other != c)
        if kept == matrix:
            return matrix
        matrix = kept


def test_bitwise_matrices_keep_what_locked_candidates_keep():
    """The bitwise solver keeps a matrix's entries that lie on a permutation inside it: for 3 × 3
    matrices, exactly what locked candidates leave (so its rules are the cell-major kernel's)."""
    assert [int(kept) for kept in ON_PERMUTATION] == [_locked_candidates(m) for m in range(512)]


def test_bitwise_counters_on_top95():
    """The grid held digit by digit applies the rules of the grid held cell by cell that it
    replaced: the same fixpoints, the same guesses, the same 3,923 nodes on top95 (counted to
    two solutions, as --unique does)."""
    result = solve_many(puzzles("top95.txt"), method="bitwise", unique=True)
    assert (result.found == 1).all() and result.counters[:, 0].sum() == 3923


def test_bitwise_root_fails_on_givens_that_clash():
    """The batch kernel takes decoded cells as they are: two 1s in a box leave the second cell
    open with no digit, and the root's propagation fails (one node, one backtrack)."""
    from essais.sudoku.compiled import _solve_rows

    cells = np.zeros((1, 81), dtype=np.uint8)
    cells[0, 0] = cells[0, 10] = 1  # row 0 and row 1 of the first box
    found, _, counters = _solve_rows(cells, 3, "bitwise", 1)
    assert found[0] == 0 and counters[0].tolist() == [1, 0, 1]


def file_of(text: str) -> io.BytesIO:
    return io.BytesIO(text.encode())


def solved_lines(stream, **options) -> list[tuple[int, int, str]]:
    """(line number, solutions found, first solution) of every puzzle line of a stream."""
    puzzles = open_puzzles(stream, name="grids")
    assert isinstance(puzzles, PuzzleFile)
    rows = []
    for block in solve_file(puzzles, **options):
        texts = block.solution_text(puzzles.symbols)
        rows += zip(block.numbers.tolist(), block.found.tolist(), texts, strict=True)
    return rows


def test_a_file_is_read_line_by_line_whatever_its_lines_hold():
    other = "2......6.....7..3..48.9.1.....3.....3...1.........8.....1.2.57..8.73.....9......4"  # (Q1)
    lines = [
        "# a comment", Q1, "", other.replace(".", "0") + "\r", "  # indented comment", "1" * 81, "12", Q1 + "  # kept",
        "1.3..4.22..3.3.1", "\xff" * 81, "." * 81,
    ]  # fmt: skip
    rows = solved_lines(file_of("\n".join(lines)), unique=True)
    numbers = [number for number, _, _ in rows]
    assert numbers == [2, 4, 6, 7, 8, 9, 10, 11]  # blank and comment lines are no puzzles
    found = {number: count for number, count, _ in rows}
    assert found[2] == found[4] == found[8] == 2  # 433 solutions: "more than one"
    assert found[6] == found[7] == found[9] == found[10] == NOT_READ and found[11] == 2
    assert all(is_solution(Q1, text) for number, _, text in rows if number in (2, 8))
    puzzles = open_puzzles(file_of("\n".join(lines)), name="grids")
    assert isinstance(puzzles, PuzzleFile) and puzzles.small  # read whole: one process is enough
    errors = [message for block in read_file(puzzles) for message in block.errors.values()]
    assert ["twice" in errors[0], "2 cells" in errors[1], "a 4×4 grid among 9×9" in errors[2]] == [True] * 3
    assert "row 1, column 1" in errors[3]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.dictionaries(st.integers(0, 80), st.sampled_from("123456789123456789x"), max_size=14),
                min_size=1, max_size=8))  # fmt: skip
def test_a_file_reads_each_grid_as_parse_sudoku_does(givens):
    """The compiled decoding of whole lines agrees with the parser line by line: the same
    values, and an error exactly where the parser finds one (a stray symbol, a value twice)."""
    texts = ["".join(line.get(cell, ".") for cell in range(81)) for line in givens]
    lines = read_puzzles("\n".join(texts))
    assert [line.number for line in lines] == list(range(1, len(texts) + 1))
    for text, line in zip(texts, lines, strict=True):
        try:
            expected = parse_sudoku(text).cells
        except InvalidInput:
            assert line.puzzle is None and line.error
        else:
            assert line.puzzle is not None and line.puzzle.cells == expected


def test_a_large_file_streams_in_order_on_two_processes():
    text = (SUDOKU_DATA / "17_clue.txt").read_text()
    lines = text.splitlines()[:20_000]
    data = "\n".join(lines)  # (no newline at the end)
    assert len(data) > 4 * BLOCK_BYTES
    one, two = solved_lines(file_of(data)), solved_lines(file_of(data), workers=2)
    assert one == two and [number for number, _, _ in one] == list(range(1, len(lines) + 1))
    sample = random.Random(5).sample(range(len(lines)), 300)
    assert all(one[i][1] == 1 and is_solution(lines[i], one[i][2]) for i in sample)


def test_a_block_is_written_at_once_only_when_every_line_has_one_solution():
    lines = (SUDOKU_DATA / "top95.txt").read_text().splitlines()[:30]
    [block] = solve_file(open_puzzles(file_of("\n".join(lines) + "\n"), name="grids"))
    written = solutions_written(block, "123456789")
    assert written is not None and written.decode().splitlines() == block.solution_text("123456789")
    assert all(is_solution(line, solution) for line, solution in zip(lines, written.decode().split(), strict=True))
    letters = solutions_written(block, "ABCDEFGHI")
    assert letters == written.translate(bytes.maketrans(b"123456789", b"ABCDEFGHI"))
    assert solutions_written(block, "αβγδεζηθι") is None  # (not ASCII: written line by line)
    no_solution = "12345678." + "........9" + "." * 63  # (cell 8 can take no digit)
    [mixed] = solve_file(open_puzzles(file_of("\n".join([*lines[:3], no_solution]) + "\n"), name="grids"))
    assert mixed.found.tolist() == [1, 1, 1, 0] and solutions_written(mixed, "123456789") is None


class CountingReader(io.BytesIO):
    """A stream that remembers how much was read of it."""

    most = 0

    def read(self, size=-1):
        data = super().read(size)
        CountingReader.most = self.tell()
        return data


def test_a_file_is_read_as_it_is_solved():
    stream = CountingReader(("\n".join([Q1.replace(".", "0")] * 40_000) + "\n").encode())  # 3.3 MB
    puzzles = open_puzzles(stream, name="grids")
    assert isinstance(puzzles, PuzzleFile) and not puzzles.small  # (worth a second thread)
    blocks = solve_file(puzzles, method="propagate", limits=Limits(time=60))
    first = next(blocks)
    # the first block and the two handed out ahead to the worker have been read, not the rest
    assert first.found[0] == 1 and CountingReader.most < 4 * BLOCK_BYTES
    assert sum(len(block) for block in blocks) + len(first) == 40_000


def test_one_grid_in_a_file_and_files_that_hold_no_grid():
    assert open_puzzles(file_of("# the 002 puzzle\n" + Q1 + "\n"), name="f").cells == parse_sudoku(Q1).cells
    drawn = "\n".join(Q1[i : i + 9] for i in range(0, 81, 9))
    assert open_puzzles(file_of(drawn), name="f").cells == parse_sudoku(Q1).cells  # the grid form
    for text, message in [("", "no puzzle"), ("# only a comment\n", "no puzzle"), ("12\n34\n", "4 cells"),
                          ("12\n" + "." * 81 + "\n" + "." * 81, "164 cells; a grid has"),  # one grid in the grid form?
                          ("12\n" + ("." * 81 + "\n") * 20_000, "its first grid line holds 2 cells")]:  # fmt: skip
        with pytest.raises(InvalidInput, match=message):
            open_puzzles(file_of(text), name="f")
    with pytest.raises(InvalidInput, match="f: not UTF-8"):
        open_puzzles(io.BytesIO(b"\xff" * 81), name="f")


def test_a_watched_search_has_the_counters_of_both_engines():
    """Recording only observes: the watched search (python engine) ends as the numba one does."""
    from essais.sudoku import watch_sudoku

    for grid in (
        "1.3..4.22..3.3.1",
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    ):
        first, every = watch_sudoku(grid), watch_sudoku(grid, count=True)
        assert first.result == solve_sudoku(grid, method="textbook", engine="numba") and first.log.complete
        assert every.result == count_sudoku(grid, method="textbook", engine="numba")
        assert first.result.found and is_solution(grid, first.result.solution)
