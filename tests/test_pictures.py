"""Pictures (a first part of the pictures issue): tours, uncrossed paths and queens as SVG, in
notebooks and from the command line."""

import xml.etree.ElementTree as ElementTree

import pytest
from typer.testing import CliRunner

import essais
from essais.cli.main import app
from essais.core.board import Board
from essais.knights import TourProblem, find_tour
from essais.queens import find_queens

SVG = "{http://www.w3.org/2000/svg}"
runner = CliRunner()


def parse(svg: str) -> ElementTree.Element:
    return ElementTree.fromstring(svg)


def centres(root: ElementTree.Element) -> list[tuple[int, int]]:
    """The squares the path's points stand on, from the drawing's own geometry."""
    cell = float(root.find(f".//{SVG}rect").get("width"))
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
    assert runner.invoke(app, ["tour", "6", "--closed", "--svg", str(file)]).exit_code == 0
    assert parse(file.read_text()).tag == f"{SVG}svg"
    refused = runner.invoke(app, ["tour", "5", "--count", "--svg", str(tmp_path / "x.svg")])
    assert refused.exit_code == 2 and "--svg" in refused.stderr


def test_a_sudoku_tells_givens_from_filled_values():
    result = essais.solve_sudoku("1.3..4.22..3.3.1")
    root = parse(result.to_svg())
    given = [t.text for t in root.findall(f"{SVG}g[@class='given']/{SVG}text")]
    filled = [t.text for t in root.findall(f"{SVG}g[@class='filled']/{SVG}text")]
    assert len(given) == 8 and len(filled) == 8 and sorted(given + filled) == sorted("1234" * 4)


def test_a_colouring_fills_each_vertex_with_its_colour():
    from essais.core.drawing import PALETTE

    result = essais.color_graph("petersen")
    vertices = parse(result.to_svg()).findall(f"{SVG}g[@class='vertices']/{SVG}circle")
    assert [v.get("fill") for v in vertices] == [PALETTE[c] for c in result.colors]
    assert len(parse(essais.chromatic_number("queen:5").to_svg()).findall(f".//{SVG}line")) == 160
    with pytest.raises(essais.InvalidInput, match="too large"):
        essais.color_graph("complete:201", k=201).to_svg()


def test_cli_svg_for_sudoku_and_colouring(tmp_path):
    for args in (["sudoku", "1.3..4.22..3.3.1"], ["color", "petersen"], ["color", "queen:5", "--chromatic"]):
        file = tmp_path / "picture.svg"
        assert runner.invoke(app, [*args, "--svg", str(file)]).exit_code == 0
        assert parse(file.read_text()).tag == f"{SVG}svg"
