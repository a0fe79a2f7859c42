"""000's labyrinth as the worked example of a user's own problem."""

import pytest

from essais.core.errors import InvalidInput
from essais.core.result import Status
from essais.maze import Maze, breadth_first, depth_first

from conftest import ROOT

LABYRINTH = (ROOT / "examples" / "labyrinth.txt").read_text()


def legal(maze, solution):
    steps = zip(solution.states, solution.states[1:], strict=False)
    return all(maze.open(b) and abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in steps)


def test_depth_first_and_shortest():
    maze = Maze.parse(LABYRINTH)
    way_out, shortest = depth_first(maze), breadth_first(maze)
    assert way_out.status == shortest.status == Status.FOUND
    assert shortest.solution.length == 28 <= way_out.solution.length
    for solution in (way_out.solution, shortest.solution):
        assert solution.states[0] == maze.start and solution.states[-1] == maze.exit
        assert legal(maze, solution)
    assert maze.draw(shortest.solution).count("·") == 27
    assert depth_first(maze, recursive=False).solution.states == way_out.solution.states


def test_no_way_out_is_an_answer():
    maze = Maze.parse("S.#\n###\n#.E")
    assert depth_first(maze).status == breadth_first(maze).status == Status.NONE


@pytest.mark.parametrize(("text", "message"), [("..E", "exactly one S"), ("S.E\nE..", "exactly one E")])
def test_bad_mazes(text, message):
    with pytest.raises(InvalidInput, match=message):
        Maze.parse(text)
