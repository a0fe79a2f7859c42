"""Pictures: every single result as SVG and PNG, heat maps, plots, swap puzzles, pages that replay
a search, in notebooks and from the command line. Each picture is parsed back and checked
against the answer it draws."""

import base64
import itertools
import xml.etree.ElementTree as ElementTree

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import essais
from essais.core.board import Board
from essais.draw.player import Replay
from essais.draw.svg import compact
from essais.knights import TourProblem, find_tour, is_tour, watch_tour
from essais.knights.distances import distances
from essais.queens import find_queens
from essais.swap import knight_swap_004, load_puzzle, study

from conftest import asks_the_network, invoke

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ElementTree.Element:
    return ElementTree.fromstring(svg)


def columns(root: ElementTree.Element) -> int:
    """The board's columns, from its image: one pixel a square."""
    data = root.find(f"{SVG}g[@class='squares']/{SVG}image").get("href").removeprefix("data:image/png;base64,")
    return int.from_bytes(base64.b64decode(data)[16:20], "big")


def centres(root: ElementTree.Element) -> list[tuple[int, int]]:
    """The squares the path's points stand on, from the drawing's own geometry."""
    squares = root.find(f"{SVG}g[@class='squares']")
    first = squares.find(f"{SVG}rect")  # one rect a square, or one image of the board beyond 50×50
    cell = float(first.get("width")) if first is not None else float(root.get("width")) / columns(root)
    points = root.find(f"{SVG}polyline").get("points").split()
    return [(int(float(y) // cell), int(float(x) // cell)) for x, y in (point.split(",") for point in points)]


@pytest.mark.parametrize(("size", "closed"), [(5, False), (8, True), (12, False)])
def test_a_tour_is_drawn_square_by_square_along_its_path(size, closed):
    result = find_tour(TourProblem.make(Board(size, size), closed=closed))
    root = parse(result.to_svg())
    assert len(root.findall(f"{SVG}g/{SVG}rect")) == size * size
    numbers = [text.text for text in root.findall(f"{SVG}g[@class='numbers']/{SVG}text")]
    assert sorted(map(int, numbers)) == list(range(1, size * size + 1))
    expected = [tuple(int(x) for x in square) for square in result.path]
    assert centres(root) == expected + (expected[:1] if closed else [])
    assert root.find(f"{SVG}circle[@class='start']") is not None and root.find(f"{SVG}circle[@class='end']") is not None


def test_large_boards_draw_the_path_alone_and_huge_ones_are_refused():
    root = parse(find_tour(TourProblem.make(Board(60, 60))).to_svg())
    assert root.find(f"{SVG}g[@class='numbers']") is None and len(centres(root)) == 3600
    with pytest.raises(essais.InvalidInput, match="too large"):
        find_tour(TourProblem.make(Board(1001, 1001))).to_svg()


def test_queens_stand_on_their_squares():
    result = find_queens(8)
    root = parse(result.to_svg())
    cell = float(root.find(f".//{SVG}rect").get("width"))
    marks = root.findall(f"{SVG}g[@class='marks']/{SVG}text")
    squares = sorted((int(float(m.get("y")) // cell), int(float(m.get("x")) // cell)) for m in marks)
    assert squares == [(row, col) for row, col in enumerate(result.columns)]


def test_notebooks_show_the_picture():
    html = essais.find_tour(6)._repr_html_()
    assert "<svg" in html and parse(html).tag == "div"
    assert "<svg" in essais.longest_uncrossed(5)._repr_html_()
    assert "<svg" not in essais.count_queens(6)._repr_html_()  # a count has no picture


def test_cli_svg(tmp_path):
    file = tmp_path / "tour.svg"
    assert invoke(["tour", "6", "--closed", "--svg", str(file)]).exit_code == 0
    assert parse(file.read_text()).tag == f"{SVG}svg"
    refused = invoke(["tour", "5", "--count", "--svg", str(tmp_path / "x.svg")])
    assert refused.exit_code == 2 and "--svg" in refused.stderr


def test_a_sudoku_tells_givens_from_filled_values():
    result = essais.solve_sudoku("1.3..4.22..3.3.1")
    root = parse(result.to_svg())
    given = [t.text for t in root.findall(f"{SVG}g[@class='given']/{SVG}text")]
    filled = [t.text for t in root.findall(f"{SVG}g[@class='filled']/{SVG}text")]
    assert len(given) == 8 and len(filled) == 8 and sorted(given + filled) == sorted("1234" * 4)


def test_a_colouring_fills_each_vertex_with_its_colour():
    from essais.draw.svg import PALETTE

    result = essais.color_graph("petersen")
    vertices = parse(result.to_svg()).findall(f"{SVG}g[@class='vertices']/{SVG}circle")
    assert [v.get("fill") for v in vertices] == [PALETTE[c] for c in result.colors]
    queens = essais.chromatic_number("queen:5")  # a queen graph is drawn on its board
    squares = parse(queens.to_svg()).findall(f"{SVG}g[@class='squares']/{SVG}rect")
    assert [square.get("fill") for square in squares] == [PALETTE[c] for c in queens.colors]
    with pytest.raises(essais.InvalidInput, match="too large"):
        essais.color_graph("complete:201", k=201).to_svg()


def test_cli_svg_for_sudoku_and_colouring(tmp_path):
    for args in (["sudoku", "1.3..4.22..3.3.1"], ["color", "petersen"], ["color", "queen:5", "--chromatic"]):
        file = tmp_path / "picture.svg"
        assert invoke([*args, "--svg", str(file)]).exit_code == 0
        assert parse(file.read_text()).tag == f"{SVG}svg"


def png_size(file) -> tuple[int, int]:
    """Width and height from a PNG file's header (its IHDR chunk), after checking its signature."""
    data = file.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


@pytest.mark.parametrize("dpi", [None, 48, 192])
def test_a_png_is_the_svg_at_the_stated_resolution(tmp_path, dpi):
    svg, png = tmp_path / "tour.svg", tmp_path / "tour.png"
    args = ["tour", "6", "--svg", str(svg), "--png", str(png)] + (["--dpi", str(dpi)] if dpi else [])
    assert invoke(args).exit_code == 0
    root = parse(svg.read_text())
    scale = (dpi or 96) / 96
    assert png_size(png) == (round(float(root.get("width")) * scale), round(float(root.get("height")) * scale))


def test_distances_are_a_heat_map_of_their_numbers():
    result = distances(Board(8, 8), (0, 0))
    root = parse(result.to_svg())
    labels = root.findall(f"{SVG}g[@class='labels']/{SVG}text")
    cell = float(root.find(f"{SVG}g[@class='squares']/{SVG}rect").get("width"))
    drawn = {(int(float(t.get("y")) // cell), int(float(t.get("x")) // cell)): int(t.text) for t in labels}
    assert drawn == {(r, c): result.matrix[r][c] for r in range(8) for c in range(8)}
    fills = [rect.get("fill") for rect in root.findall(f"{SVG}g[@class='squares']/{SVG}rect")]
    assert fills[0] == "#fff5eb" and fills[8 * 8 - 1] != fills[0]  # the start is the lightest square
    assert root.find(f"{SVG}g[@class='outlines']/{SVG}rect[@class='start']") is not None


def test_every_start_is_a_heat_map_of_backtracks():
    table = essais.knights.search_every_start(TourProblem.make(Board(5, 5)), method="basic", engine="numba")
    root = parse(table.to_svg())
    assert len(root.findall(f"{SVG}g[@class='squares']/{SVG}rect")) == 25
    labels = [t.text for t in root.findall(f"{SVG}g[@class='labels']/{SVG}text")]
    assert labels[0] == compact(table.rows[0].result.stats.backtracks) == "74.3k"  # 000 §5: 74,276 from 0,0
    none = root.findall(f"{SVG}g[@class='outlines']/{SVG}rect[@class='none']")
    assert len(none) == sum(1 for row in table.rows if not row.found) == 12  # the squares of the other colour


def test_random_walks_plot_their_lengths(tmp_path):
    run = essais.knights.random_tours(TourProblem.make(Board(6, 6)), attempts=500, seed=3)
    assert parse(run.to_svg()).tag == f"{SVG}svg"
    file = tmp_path / "walks.png"
    assert invoke(["tour", "6", "--method", "random", "--attempts", "200", "--png", str(file)]).exit_code == 0
    assert png_size(file) == (720, 420)


def test_sudoku_depths_plot(tmp_path):
    q1 = "2......6.....7..3..48.9.1.....3.....3...1.........8.....1.2.57..8.73.....9......4"
    file = tmp_path / "depths.svg"
    assert invoke(["sudoku", q1, "--method", "textbook", "--depths", str(file)]).exit_code == 0
    assert parse(file.read_text()).tag == f"{SVG}svg"
    refused = invoke(["sudoku", q1, "--depths", str(file)])  # propagate keeps no depths
    assert refused.exit_code == 2 and "--method textbook" in refused.stderr


def test_004s_places_make_exactly_its_moves():
    puzzle = knight_swap_004()
    moves = {frozenset(move) for move in puzzle.moves}  # each move is given both ways
    assert all((b, a) in puzzle.moves for a, b in puzzle.moves)
    for a, b in itertools.combinations(range(10), 2):
        (r1, c1), (r2, c2) = puzzle.places[a], puzzle.places[b]
        assert ({abs(r1 - r2), abs(c1 - c2)} == {1, 2}) == (frozenset((a, b)) in moves), (a, b)


def test_a_swap_is_drawn_frame_by_frame():
    result = study(knight_swap_004())
    root = parse(result.to_svg())
    frames = root.findall(f"{SVG}g[@class='frame']")
    assert len(frames) == result.shortest.length + 1 == 27
    cell = 24
    for frame, state in zip(frames, result.shortest.states, strict=True):
        pieces = frame.findall(f"{SVG}circle[@class='piece']")
        squares = [(int(float(p.get("cy")) // cell), int(float(p.get("cx")) // cell)) for p in pieces]
        assert sorted(squares) == sorted(result.puzzle.places[s] for s in state)
    assert len(frames[0].findall(f"{SVG}rect[@class='barred']")) == 2
    assert all(frame.find(f"{SVG}line[@class='move']") is not None for frame in frames[1:])


def test_a_named_square_puzzle_is_drawn_as_a_graph(tmp_path):
    file = tmp_path / "ring.toml"
    file.write_text(
        'squares = ["a", "b", "c", "d"]\nmoves = [["a","b"],["b","c"],["c","d"],["d","a"],["b","a"],["c","b"],'
        '["d","c"],["a","d"]]\n[[pieces]]\ncolour = "red"\nsquare = "a"\n[[pieces]]\ncolour = "blue"\nsquare = "c"\n'
    )
    root = parse(study(load_puzzle(file)).to_svg())
    assert len(root.findall(f"{SVG}g[@class='frame']/{SVG}circle[@class='square']")) % 4 == 0


def test_a_replay_records_every_square_with_the_search_counters():
    problem = TourProblem.make(Board(5, 5))
    replay = watch_tour(problem, method="basic", max_events=300_000)
    compiled = find_tour(problem, method="basic", engine="numba")
    assert replay.log.complete and replay.stats.counters() == compiled.stats.counters()
    board = [0] * 25
    board[0] = 1
    for square, value in zip(replay.log.squares, replay.log.values, strict=True):
        if square != replay.log.CALL:
            board[square] = value
    assert board == [v for row in compiled.numbered() for v in row]
    calls = list(replay.log.squares).count(replay.log.CALL)
    assert calls == replay.stats.nodes  # each call is an event, and each erased square was numbered once:
    assert len(replay.log) == calls + 2 * replay.stats.backtracks + 25 - 1
    assert replay.log.backtracks[-1] == replay.stats.backtracks


@settings(max_examples=25, deadline=None)
@given(rows=st.integers(3, 4), cols=st.integers(3, 5), method=st.sampled_from(["basic", "band", "warnsdorff", "prune"]),
       data=st.data())  # fmt: skip
def test_a_replay_counts_as_both_engines(rows, cols, method, data):
    board = Board(rows, cols)
    start = data.draw(st.sampled_from(list(board.squares())))
    problem = TourProblem.make(board, start)
    replay = watch_tour(problem, method=method, max_events=100_000)
    assert replay.stats.counters() == find_tour(problem, method=method, engine="numba").stats.counters()
    if replay.found:
        assert is_tour(board, replay.tour.path)


def test_a_replay_stops_recording_at_its_limit():
    replay = watch_tour(TourProblem.make(Board(5, 5)), method="basic", max_events=100)
    assert len(replay.log) == 100 and not replay.log.complete and replay.stats.backtracks == 74276
    page = replay.to_html()
    assert '"complete":false' in page and page.count("<script") == 2 and not asks_the_network(page)


def test_picture_options_are_refused_where_nothing_is_drawn(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a refusal that slipped would write its file here
    cases = [
        (["tour", "5", "--all", "--svg", "x.svg"], "--svg"),
        (["queens", "6", "--count", "--png", "x.png"], "--png"),
        (["tour", "5", "--dpi", "100"], "--dpi"),
        (["tour", "5", "--png", str(tmp_path / "nowhere" / "x.png")], "does not exist"),
        (["tour", "5", "--count", "--animate", "x.html"], "--animate"),
        (["tour", "5", "--method", "accessibility", "--animate", "x.html"], "does not backtrack"),
        (["tour", "5", "--animate", "x.html", "--animate-limit", "0"], "--animate-limit"),
        (["tour", "5", "--png", "x.png", "--dpi", "5"], "--dpi"),
        (["sudoku", "1.3..4.22..3.3.1", "--depths", "x.txt", "--method", "textbook"], ".png or a .svg"),
    ]
    for args, message in cases:
        result = invoke(args)
        assert result.exit_code == 2 and message in result.stderr and len(result.stderr.splitlines()) == 1, args
    assert list(tmp_path.iterdir()) == []


def test_cli_pictures_of_every_kind(tmp_path):
    commands = [
        ["distances", "8"],
        ["tour", "5", "--method", "basic", "--every-start"],
        ["swap"],
        ["color", "petersen"],
        ["uncrossed", "5"],
        ["queens", "8"],
        ["sudoku", "1.3..4.22..3.3.1"],
    ]
    for args in commands:
        svg, png = tmp_path / "p.svg", tmp_path / "p.png"
        assert invoke([*args, "--svg", str(svg), "--png", str(png)]).exit_code == 0, args
        root = parse(svg.read_text())
        width, height = png_size(png)
        assert (width, height) == (round(float(root.get("width"))), round(float(root.get("height")))), args


def test_a_search_with_nothing_to_draw_says_so(tmp_path):
    result = invoke(["tour", "4", "--method", "basic", "--svg", str(tmp_path / "x.svg")])
    assert result.exit_code == 1 and "no picture written" in result.stderr and not (tmp_path / "x.svg").exists()


def test_every_result_shows_well_formed_markup_in_a_notebook():
    problem = TourProblem.make(Board(5, 5))
    results = [
        essais.find_tour(5),
        essais.count_tours(5),
        essais.count_queens(6),
        find_queens(6),
        essais.solve_sudoku("1.3..4.22..3.3.1"),
        essais.color_graph("petersen"),
        essais.chromatic_number("cycle:5"),
        essais.longest_uncrossed(5),
        distances(Board(5, 5), (0, 0)),
        essais.knights.search_every_start(problem, method="warnsdorff"),
        essais.knights.random_tours(problem, attempts=10, seed=1),
        study(knight_swap_004()),
        watch_tour(problem, method="warnsdorff"),
    ]
    for result in results:
        page = result._repr_html_()
        if isinstance(result, Replay):  # a watched search shows its player
            assert parse(page).tag == "iframe" and page.startswith('<iframe srcdoc="&lt;!DOCTYPE html&gt;')
            continue
        assert parse(page).tag == "div", type(result)
        assert ("<svg" in page) == result.drawable, type(result)
