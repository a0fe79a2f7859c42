"""000's labyrinth (§3.4): a maze in text, walked depth-first the textbook way (first way out
found) or breadth-first (a shortest one). The worked example of writing a problem of one's own
for essais.core.search: see docs/guides/own-problem.md.

A maze is lines of text: `#` is a wall, `S` the start, `E` the exit, anything else a corridor.

Examples
--------
>>> maze = Maze.parse("S.#\\n..#\\n#.E")
>>> breadth_first(maze).solution.length
4
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from essais.core.errors import InvalidInput
from essais.core.search import SearchProblem, Solution, breadth_first, depth_first

Cell = tuple[int, int]
# 000 §3.4 lets the walker try eight directions; a maze of corridors uses the four straight ones
DIRECTIONS = {"north": (-1, 0), "east": (0, 1), "south": (1, 0), "west": (0, -1)}

__all__ = ["Maze", "breadth_first", "depth_first"]


@dataclass(frozen=True, eq=False)
class Maze(SearchProblem[Cell, str]):
    rows: tuple[str, ...]
    start: Cell
    exit: Cell

    @classmethod
    def parse(cls, text: str, name: str = "maze") -> Maze:
        rows = tuple(line.rstrip("\n") for line in text.strip("\n").splitlines())
        found = {
            mark: [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == mark] for mark in "SE"
        }
        for mark, what in (("S", "start"), ("E", "exit")):
            if len(found[mark]) != 1:
                raise InvalidInput(f"{name}: needs exactly one {mark} (the {what}), found {len(found[mark])}")
        return cls(rows, found["S"][0], found["E"][0])

    def open(self, cell: Cell) -> bool:
        r, c = cell
        return 0 <= r < len(self.rows) and 0 <= c < len(self.rows[r]) and self.rows[r][c] != "#"

    # the three things a problem says (000 §3.4: the state, its successors, the final test)
    def initial(self) -> Cell:
        return self.start

    def successors(self, cell: Cell) -> Iterator[tuple[str, Cell]]:
        for name, (dr, dc) in DIRECTIONS.items():
            following = (cell[0] + dr, cell[1] + dc)
            if self.open(following):
                yield name, following

    def is_goal(self, cell: Cell) -> bool:
        return cell == self.exit

    def draw(self, solution: Solution[Cell, str]) -> str:
        """The maze with the path marked by dots (`S` and `E` kept)."""
        grid = [list(row) for row in self.rows]
        for r, c in solution.states[1:-1]:
            grid[r][c] = "·"
        return "\n".join("".join(row) for row in grid)
