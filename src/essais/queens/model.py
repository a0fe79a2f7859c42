"""N queens (002 Q3): the methods and the results.

A solution is `columns`: the column of the queen of each row.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from essais.core.board import Board
from essais.core.cover.problem import CoverProblem
from essais.core.engine import Methods
from essais.core.errors import InvalidInput
from essais.core.result import CountResult, Result, Stats, Status, plural
from essais.draw.picture import Pictured
from essais.queens.draw import placement_svg

# textbook: 002's search, both engines; bitmask and mrv: the split count of start
# constellations (numba), rows top to bottom or the row with the fewest free squares first;
# join: quarter boards joined into half boards, and the half boards paired (numba);
# dlx: the queens as an exact cover, searched by dancing links (essais.core.cover), both engines
METHODS = Methods(
    {"textbook": ("python", "numba"), "bitmask": ("numba",), "mrv": ("numba",), "join": ("numba",),
     "dlx": ("python", "numba")},
    default={"python": "textbook", "numba": "textbook"},
    count_default={"python": "textbook", "numba": "mrv"},
)  # fmt: skip
CONSTELLATION_METHODS = ("bitmask", "mrv")
SPLIT_METHODS = (*CONSTELLATION_METHODS, "join")  # counts only, split over workers
# the count's default method is join from JOIN_FROM to JOIN_TO queens (mrv elsewhere, and for
# --distinct). It is faster from 12 on, but by 13 to 64 ms a count up to 15 (warm, measured),
# while its kernels take some 4.7 s to compile on a first run (numba's cache empty: 6.4 s for 12
# queens against mrv's 1.7 s); from 16 on it saves 0.3 s and more a count, six times more each
# size. Its quarter boards need some 1 GB at 21 and 2.3 GB at 22.
JOIN_FROM, JOIN_TO = 16, 21
MAX_N = 32  # the bitmask kernels keep a row in a 64-bit word; 32 is far beyond any count anyway


def as_n(value: int | str) -> int:
    """The number of queens from what a user types: a whole number, or its digits."""
    if isinstance(value, str):
        if not (value.strip().isascii() and value.strip().isdigit()) or int(value) < 1:
            raise InvalidInput(f"n: {value!r} must be a positive number of queens")  # (as typed)
        value = int(value)
    check_n(value)
    return value


def count_method(n: int, method: str | None, engine: str | None, distinct: bool) -> tuple[str, str]:
    """The method and engine of a count: those named, or the default, which for the numba engine
    is join from JOIN_FROM to JOIN_TO queens (it counts every solution, not those up to
    symmetry) and mrv otherwise."""
    named = method
    method, engine = METHODS.resolve(method, engine, count=True)
    if named is None and engine == "numba" and JOIN_FROM <= n <= JOIN_TO and not distinct:
        method = "join"
    return method, engine


def check_n(n: int) -> None:
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise InvalidInput(f"n: {n!r} must be a positive number of queens")
    if n > MAX_N:
        raise InvalidInput(f"n: {n} is more than {MAX_N} queens")


def symmetries(columns: Sequence[int]) -> list[tuple[int, ...]]:
    """The images of a solution under the 8 symmetries of the square."""
    n = len(columns)
    images = []
    for g in Board(n, n).symmetries():
        image = [0] * n
        for row, col in enumerate(columns):
            r, c = g(row, col)
            image[r] = c
        images.append(tuple(image))
    return images


def queens_cover(n: int) -> CoverProblem:
    """N queens as an exact cover (Knuth's formulation): each row and each column once (primary
    items r0…, c0…), each diagonal at most once (secondary items a0… for row + col, b0… for
    row - col + n - 1); option k = row · n + col is the queen on that square."""
    rows, cols = [f"r{i}" for i in range(n)], [f"c{i}" for i in range(n)]
    diagonals = [f"a{i}" for i in range(2 * n - 1)] + [f"b{i}" for i in range(2 * n - 1)]
    options = [f"r{r} c{c} a{r + c} b{r - c + n - 1}" for r in range(n) for c in range(n)]
    return CoverProblem.make(rows + cols, options, diagonals, name=f"{n} queens")


def cover_columns(n: int, options: Sequence[int]) -> list[int]:
    """The columns of a solution of queens_cover(n), from its options."""
    columns = [0] * n
    for option in options:
        row, col = divmod(option, n)
        columns[row] = col
    return columns


def board_text(columns: Sequence[int]) -> str:
    """The board, a Q for each queen and a dot for each empty square."""
    n = len(columns)
    return "\n".join(" ".join("Q" if col == columns[row] else "." for col in range(n)) for row in range(n))


@dataclass(eq=False, repr=False)
class QueensResult(Pictured, Result):
    """One search: its status, the columns of the first solution found (a list of ints, the
    column of each row's queen; None when there is none), the counters."""

    status: Status
    n: int
    columns: list[int] | None
    stats: Stats = field(default_factory=Stats)
    method: str | None = None
    engine: str | None = None

    @property
    def solution(self) -> list[int] | None:
        return self.columns

    def headline(self) -> str:
        queens, columns = plural(self.n, "queen"), " ".join(map(str, self.columns or []))
        return self.ended(f"{queens}: columns {columns}", f"no way to place {queens}")

    def brief(self) -> str:
        columns = f": columns {' '.join(map(str, self.columns))}" if self.columns and self.n <= 12 else ""
        return f"{plural(self.n, 'queen')}{columns}"

    def text(self) -> str:
        return board_text(self.columns) if self.columns else ""

    def to_svg(self) -> str:
        """The board with a queen on each row's square."""
        if self.columns is None:
            raise InvalidInput("svg: there is no placement to draw")
        return placement_svg(self.columns)

    def to_dict(self) -> dict[str, Any]:
        return {"status": str(self.status), "found": self.found, "columns": self.columns, **self.ran_keys(),
                "stats": self.stats.to_dict()}  # fmt: skip


@dataclass(eq=False, repr=False)
class QueensCount(CountResult):
    """A count of solutions (OEIS A000170), or with `distinct` of solutions up to the 8
    symmetries of the square (A002562); `split` when it ran as sub-trees."""

    n: int = 0
    distinct: bool = False

    def counted(self) -> str:
        what = plural(self.count, "distinct solution" if self.distinct else "solution")
        kind = " (up to symmetry)" if self.distinct else ""
        return f"{what}{kind} for {plural(self.n, 'queen')}"

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "distinct": self.distinct}
