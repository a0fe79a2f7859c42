"""The replay page in a real browser (Debian's chromium, driven by playwright): the page is
played to its end through its own controls, and what it shows is read back from the page.

With CI=true a missing browser fails the test; elsewhere it is skipped with the reason.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="module")
def browser():
    reason = None
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        reason = "playwright is not installed (pip install -e '.[dev]')"
    if reason is None and not Path(CHROMIUM).exists():
        reason = "no chromium here (.ci/run installs Debian's chromium with apt-get)"
    if reason is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


def essais(*args: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "essais", *args, "--json"], capture_output=True, text=True, check=False, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def open_page(browser, file: Path):
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "request",
        lambda request: errors.append(f"a request: {request.url}") if request.url.startswith("http") else None,
    )
    page.goto(file.as_uri())
    return page, errors


def test_000s_5x5_search_replays_to_the_tour_and_its_counters(browser, tmp_path):
    file = tmp_path / "search.html"
    answer = essais("tour", "5", "--method", "basic", "--animate", str(file), "--animate-limit", "300000")
    assert answer["events_complete"] and answer["stats"]["backtracks"] == 74276  # 000 §3.8
    page, errors = open_page(browser, file)
    page.click("#step")
    page.click("#step")
    assert page.evaluate("window.essais.position()") == 2
    page.click("#to-end")
    assert page.evaluate("window.essais.board()") == answer["board"]
    counters = page.evaluate("window.essais.counters()")
    assert counters == {key: answer["stats"][key] for key in ("nodes", "tries", "backtracks")}
    assert page.inner_text("#backtracks") == "74,276" and page.inner_text("#status") == "found"
    page.click("#to-start")
    assert sum(map(sum, page.evaluate("window.essais.board()"))) == 1  # the start alone
    assert errors == []


def test_a_page_that_stopped_recording_says_so(browser, tmp_path):
    file = tmp_path / "search.html"
    answer = essais("tour", "5", "--method", "basic", "--animate", str(file), "--animate-limit", "1000")
    assert not answer["events_complete"]
    page, errors = open_page(browser, file)
    page.click("#play")
    page.wait_for_function("window.essais.position() > 0")
    page.click("#to-end")
    assert page.evaluate("window.essais.position()") == 1000
    assert page.inner_text("#status") == "recording stopped" and "--animate-limit" in page.inner_text("#note")
    assert errors == []


def test_the_eight_queens_replay_to_their_first_solution(browser, tmp_path):
    file = tmp_path / "queens.html"
    answer = essais("queens", "8", "--animate", str(file))
    assert answer["events_complete"] and answer["columns"] == [0, 4, 7, 5, 2, 6, 1, 3]
    page, errors = open_page(browser, file)
    page.click("#to-end")
    board = page.evaluate("window.essais.board()")
    assert [row.index(1) for row in board] == answer["columns"] and sum(map(sum, board)) == 8
    assert page.inner_text("#board").count("\u265b") == 8  # the queens drawn as queens
    counters = page.evaluate("window.essais.counters()")
    assert counters == {key: answer["stats"][key] for key in ("nodes", "tries", "backtracks")}
    assert page.inner_text("#status") == "found"
    assert page.inner_text("#caption") == "enters a call at depth 8"  # the call that finds them
    page.click("#back")
    assert sum(map(sum, page.evaluate("window.essais.board()"))) == 8 and page.inner_text("#caption") == ""
    page.click("#back")
    assert sum(map(sum, page.evaluate("window.essais.board()"))) == 7  # the last queen taken back off
    page.click("#to-start")
    assert sum(map(sum, page.evaluate("window.essais.board()"))) == 0
    assert errors == []


def test_002s_sudoku_replays_to_its_solution(browser, tmp_path):
    file = tmp_path / "sudoku.html"
    grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    answer = essais("sudoku", grid, "--animate", str(file))
    assert answer["events_complete"]
    page, errors = open_page(browser, file)
    page.click("#to-end")
    board = page.evaluate("window.essais.board()")
    assert "".join(str(value) for row in board for value in row) == answer["solution"]
    counters = page.evaluate("window.essais.counters()")
    assert counters == {key: answer["stats"][key] for key in ("nodes", "tries", "backtracks")}
    page.click("#to-start")
    start = "".join(str(value) for row in page.evaluate("window.essais.board()") for value in row)
    assert start == grid.replace(".", "0")  # the givens alone
    shades = page.eval_on_selector_all("#board div", "cells => cells.map(cell => cell.className.split(' ')[0])")
    assert shades[:9] == ["light"] * 3 + ["dark"] * 3 + ["light"] * 3  # shaded by box, not square by square
    assert shades[27] == "dark" and shades[30] == "light"
    assert errors == []


def test_002s_colouring_replays_to_its_colours(browser, tmp_path):
    file = tmp_path / "colour.html"
    answer = essais("color", "queen:5", "-k", "5", "--animate", str(file))
    assert answer["events_complete"]
    page, errors = open_page(browser, file)
    page.click("#to-end")
    board = page.evaluate("window.essais.board()")
    assert [value - 1 for row in board for value in row] == answer["colors"]
    counters = page.evaluate("window.essais.counters()")
    assert counters == {key: answer["stats"][key] for key in ("nodes", "tries", "backtracks")}
    assert page.eval_on_selector("#board div", "cell => getComputedStyle(cell).backgroundColor") != "rgb(240, 217, 181)"
    page.click("#to-start")
    assert sum(map(sum, page.evaluate("window.essais.board()"))) == 0
    assert errors == []


def test_a_search_of_one_s_own_replays_its_path_and_its_layers(browser, tmp_path):
    sys.path.insert(0, str(Path(__file__).parents[1] / "search"))
    from test_watch_search import Jugs

    from essais import watch

    deep, wide = watch(Jugs()), watch(Jugs(), "breadth-first")
    deep.save(tmp_path / "deep.html")
    wide.save(tmp_path / "wide.html")
    page, errors = open_page(browser, tmp_path / "deep.html")
    page.click("#to-end")
    assert page.evaluate("window.essais.path()") == [str(state) for state in deep.result.solution.states]
    counters = page.evaluate("window.essais.counters()")
    assert counters == {key: getattr(deep.stats, key) for key in ("nodes", "tries", "backtracks")}
    page.click("#to-start")
    page.click("#step")
    assert page.evaluate("window.essais.path()") == ["(0, 0)"] and page.locator("#first .state").count() == 1
    page, more_errors = open_page(browser, tmp_path / "wide.html")
    page.click("#to-end")
    assert page.evaluate("window.essais.discovered()") == len(wide.events.states)
    assert page.locator("#second .goal").count() >= 1 and page.inner_text("#status") == "found"
    assert errors == more_errors == []


def test_the_branch_and_bound_replays_with_the_best_path_beside(browser, tmp_path):
    file = tmp_path / "uncrossed.html"
    answer = essais("uncrossed", "5", "--animate", str(file))
    page, errors = open_page(browser, file)
    assert page.evaluate("window.essais.best()") == [] and page.inner_text("#best-title").endswith("none yet")
    page.click("#to-end")
    assert page.evaluate("window.essais.best()") == answer["path"]
    assert page.inner_text("#best-title") == f"the best so far: {len(answer['path']) - 1} jumps"
    counters = page.evaluate("window.essais.counters()")
    assert counters == {key: answer["stats"][key] for key in ("nodes", "tries", "backtracks")}
    assert errors == []


def test_a_swap_puzzle_replays_its_layers(browser, tmp_path):
    file = tmp_path / "layers.html"
    answer = essais("swap", str(Path(__file__).parents[2] / "puzzles" / "guarini.toml"), "--animate", str(file))
    assert answer["events_complete"]
    page, errors = open_page(browser, file)
    page.click("#to-end")
    assert page.evaluate("window.essais.discovered()") == answer["reachable"]
    counters = page.evaluate("window.essais.counters()")
    assert counters == {key: answer["stats"][key] for key in ("nodes", "tries", "backtracks")}
    assert page.locator("#second-title").inner_text().startswith(f"{answer['reachable']:,} states discovered")
    page.click("#to-start")
    page.click("#step")
    assert page.evaluate("window.essais.discovered()") == 1 and page.locator("#first svg").count() == 1
    assert page.locator("#first svg circle.piece").count() == 4  # the board drawn once, a state's pieces put on it
    assert errors == []


def test_004s_page_draws_its_board_once_and_each_state_as_its_pieces(browser, tmp_path):
    """004's 5,040 states on a page under 3 MB (11.7 MB when each state was a whole picture): the
    state expanded shows its four knights on the squares the log names."""
    from essais.swap import knight_swap_004
    from essais.swap.draw import PuzzleDrawing

    file = tmp_path / "004.html"
    answer = essais("swap", "--animate", str(file))
    assert answer["reachable"] == 5_040 and file.stat().st_size < 3_000_000
    puzzle = knight_swap_004()
    centres = PuzzleDrawing(puzzle).centres()
    page, errors = open_page(browser, file)
    for _ in range(40):
        page.click("#step")
    state = [int(square) for square in page.evaluate("window.essais.state()").strip("()").split(", ")]  # its text
    pieces = page.locator("#first svg circle.piece")
    shown = sorted((float(pieces.nth(k).get_attribute("cx")), float(pieces.nth(k).get_attribute("cy")))
                   for k in range(pieces.count()))  # fmt: skip
    assert shown == sorted(centres[square] for square in state)
    assert errors == []


def test_a_count_replayed_counts_its_solutions_as_they_come(browser, tmp_path):
    file = tmp_path / "queens.html"
    answer = essais("queens", "6", "--count", "--animate", str(file))
    page, errors = open_page(browser, file)
    page.click("#to-end")
    assert page.evaluate("window.essais.solutions()") == answer["count"] == 4
    assert page.inner_text("#solutions") == "4"
    page.click("#to-start")
    assert page.evaluate("window.essais.solutions()") == 0
    while page.evaluate("window.essais.solutions()") == 0:
        page.click("#step")
    assert page.inner_text("#status") == "solution 1" and sum(map(sum, page.evaluate("window.essais.board()"))) == 6
    assert errors == []


def test_dancing_links_replay_option_by_option_with_their_updates(browser, tmp_path):
    """Langford pairs of 1..4 counted on a page: each pair placed and taken back, the updates
    shown beside the house's counters, as the log recorded them at each event."""
    from essais.cover import langford
    from essais.cover.watch import watch_cover

    file = tmp_path / "langford.html"
    answer = essais("langford", "4", "--count", "--animate", str(file))
    assert answer["count"] == 1 and answer["events_complete"]
    replay = watch_cover(langford(4), count=True)
    page, errors = open_page(browser, file)
    for event in range(len(replay.log)):
        page.click("#step")
        if event == len(replay.log) - 1:
            break
        assert page.evaluate("window.essais.counters()")["updates"] == replay.log.own["updates"][event]
        if replay.log.squares[event] == replay.log.CALL:  # (an option of a pair is two events)
            assert page.evaluate("window.essais.board()")[0].count(0) % 2 == 0  # whole pairs on the board
    assert page.evaluate("window.essais.counters()") == {
        key: answer["stats"][key] for key in ("nodes", "tries", "backtracks", "updates")
    }
    assert page.inner_text("#own-updates") == f"{answer['stats']['updates']:,}"
    assert page.evaluate("window.essais.solutions()") == 1
    assert errors == []


def test_a_model_replays_on_its_domains_with_the_constraint_that_fails(browser, tmp_path):
    """SEND+MORE=MONEY watched on its table of domains: at each event the board is the log's
    (values given, struck out, set aside, put back), the caption names the constraint that
    refused a value, and the page ends on the solution and the search's counters."""
    from essais.csp import read_model
    from essais.csp.draw.watch import watch_csp

    from conftest import ROOT

    model_file = ROOT / "puzzles" / "send-more-money.csp"
    file = tmp_path / "smm.html"
    answer = essais("csp", str(model_file), "--animate", str(file))
    replay = watch_csp(read_model(model_file))
    board = [row[:] for row in replay.initial]
    page, errors = open_page(browser, file)
    for event in range(len(replay.log)):
        page.click("#step")
        square = replay.log.squares[event]
        if square != replay.log.CALL:
            board[square // replay.cols][square % replay.cols] = replay.log.values[event]
        assert page.evaluate("window.essais.board()") == board
        call = f"enters a call at depth {replay.log.values[event]}" if square == replay.log.CALL else ""
        assert page.inner_text("#caption") == replay.log.captions.get(event, call)
    assert "fails: all_different(S, E, N, D, M, O, R, Y)" in replay.log.captions.values()
    solved = [row.index(next(v for v in row[1:] if replay.cols <= v < 2 * replay.cols)) for row in board]
    assert [replay.symbols[board[var][col]] for var, col in enumerate(solved)] == [
        str(answer["values"][name]) for name in replay.result.model.names
    ]
    assert page.evaluate("window.essais.counters()") == {
        key: answer["stats"][key] for key in ("nodes", "tries", "backtracks", "pruned", "revisions")
    }
    assert errors == []


def test_a_model_larger_than_its_frame_scrolls_to_each_event(browser, tmp_path):
    """300 variables of 121 values: the table scrolls in its frame to the square of the last
    event (its names column staying in view), and the page steps as quickly as a small one."""
    from essais.csp import Model
    from essais.csp.draw.watch import watch_csp

    m = Model()
    x = m.int_vars(300, 0, 120, "x")
    for i in range(299):
        m.add(x[i] != x[i + 1])
    m.add(x[299] >= 110)
    replay = watch_csp(m, method="forward/input", max_events=5_000)
    file = tmp_path / "wide.html"
    replay.save(file)
    page, errors = open_page(browser, file)
    for position in (1_000, 4_000, 2_500):
        page.evaluate(
            f"() => {{ window.essais.toStart(); for (let i = 0; i < {position}; i++) window.essais.step(); }}"
        )
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        square = int(replay.log.squares[position - 1])
        row, col = divmod(square, replay.cols)
        frame = page.evaluate("(() => { const f = document.getElementById('board-frame'); "
                              "return [f.scrollTop, f.clientHeight, f.scrollHeight]; })()")  # fmt: skip
        top, height, whole = frame
        assert whole > height  # (the table is taller than its frame)
        cell = page.evaluate("document.querySelectorAll('#board div')[1].offsetHeight")
        assert top <= 2 + row * cell and 2 + (row + 1) * cell <= top + height, (position, row, frame)
        box = page.evaluate(f"(() => {{ const r = document.querySelectorAll('#board div')[{square}]"
                            ".getBoundingClientRect(); return [r.left, r.right]; })()")  # fmt: skip
        name = page.evaluate(
            f"document.querySelectorAll('#board div')[{row * replay.cols}].getBoundingClientRect().right"
        )
        assert name <= box[0] or col == 0  # (the names column stays at the left, the square beside it in view)
    assert errors == []


def shown(page) -> tuple:
    """What a board page shows: its board, its tree's state and the tree's caption."""
    caption = page.evaluate("document.querySelector('#tree text.caption').textContent")
    return page.evaluate("window.essais.board()"), page.evaluate("window.essais.tree()"), caption


STEPPED = [  # (the command, the same search watched from Python)
    (("queens", "5"), ("queens", 5), {}),
    (("queens", "4", "--count"), ("queens", 4), {"count": True}),
    (("uncrossed", "4"), ("uncrossed", 4), {}),
]


@pytest.mark.parametrize(("command", "arguments", "options"), STEPPED, ids=["queens", "a count", "branch and bound"])
def test_a_page_shows_the_search_as_it_is_at_each_event(browser, tmp_path, command, arguments, options):
    """A page stepped event by event, then back, against the events the search recorded: the
    board, the calls shown (each from the event entering it), the ring on the call the search is
    in, each call's refused tries marked from the event refusing them (every one at the end), the
    way to the first solution bold from that solution's event on."""
    from essais import watch

    from conftest import tree_shown

    file = tmp_path / "page.html"
    answer = essais(*command, "--animate", str(file))
    replay = watch(*arguments, **options)
    log, tree = replay.log, replay.tree
    assert answer["events"] == len(log) and log.complete
    board, expected = [row[:] for row in replay.initial], []
    for event, (made, ring, marks) in enumerate(tree_shown(log)):
        square = log.squares[event]
        if square != log.CALL and log.values[event] >= 0:  # (a refused try leaves the board as it was)
            board[square // replay.cols][square % replay.cols] = log.values[event]
        position = event + 1
        refused = tree.refused() if position == len(log) else [marks.get(call, 0) for call in range(len(tree))]
        way = bool(log.solutions) and log.solutions[0] <= position
        tree_now = {"nodes": list(range(made)), "ring": ring, "marks": refused, "way": way}
        found = sum(before <= position for before in log.solutions)
        caption = f"{made:,} nodes, {sum(refused):,} tries refused (red marks), {found:,} solution"
        expected.append(([row[:] for row in board], tree_now, caption + ("" if found == 1 else "s") + " (green)"))
    page, errors = open_page(browser, file)
    assert page.evaluate("window.essais.tree()") == {"nodes": [], "ring": -1, "marks": [0] * len(tree), "way": False}
    for event in range(len(log)):
        page.click("#step")
        assert shown(page) == expected[event]
    for event in reversed(range(max(0, len(log) - 40), len(log) - 1)):  # back, one event at a time
        page.click("#back")
        assert shown(page) == expected[event]
    assert errors == []
