"""A model's domains drawn as a table, for the watched search's page (essais.csp.draw.watch): a row a
variable of the model's own (those it hides left out), its name in the first column; a column a
value (from the least value of any domain to the greatest), each square showing its value while
it is in the variable's domain, green once given (the variable's other values then blank), red
once propagation struck it out; and a constraint said in words. Values too many for a column
each (more than MAX_VALUES from the least to the greatest) share columns, `step` values a column:
a domain is then drawn as a bar on the value axis, a square blue while some value of its run is
in the domain, its bounds and holes where the bar stops (a wide domain's bound that moved: the
squares it passed turn red).

A square's number on the page (EventLog's value) tells both what it shows and how: the square
in column j is `j` while it is in the domain, `GIVEN + j` once given, `STRUCK + j` once struck out
(GIVEN and STRUCK are multiples of the table's width); `symbols` turns each number into its
text (a value, or none on a bar) and `palette` into its colour.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from essais.core.errors import InvalidInput
from essais.csp.kinds import kind_of
from essais.csp.model.constraint import Constraint
from essais.csp.model.intervals import ranges_of
from essais.csp.model.problem import Model

GIVEN_COLOR, STRUCK_COLOR, BAR_COLOR = "#9fd8a8", "#e8a19b", "#a9c4ea"
# The page scrolls its table (the square of each event brought into view): a row a variable, up
# to MAX_ROWS; a column a value, up to MAX_VALUES (a square of 14 pixels a value, its number
# still legible); beyond, at most BARS columns (the page's width), each a run of `step` values, a
# round number (1, 2 or 5 times a power of ten).
MAX_ROWS, MAX_VALUES, BARS = 2_000, 200, 64
NAME_LENGTH = 6  # characters of a variable's name shown in its row
CONSTRAINT_LENGTH = 90  # characters of a constraint said in words


@dataclass(frozen=True)
class DomainTable:
    """The table of a model's domains: its size, where each value stands, the numbers of its
    squares and their texts and colours."""

    model: Model
    least: int  # the first value of the second column
    cols: int  # a column for the names, then one a value (or a run of `step` values)
    step: int = 1

    @classmethod
    def of(cls, model: Model) -> DomainTable:
        drawn = _drawn(model)
        ends = [end for var in drawn if (domain := model.domains[var]) for end in (domain[0], domain[-1])]
        if not ends:
            raise InvalidInput("animate: the model has no values to show (every domain is empty)")
        if len(drawn) > MAX_ROWS:
            raise InvalidInput(f"animate: a table of {len(drawn):,} variables is too large to watch "
                               f"(at most {MAX_ROWS:,})")  # fmt: skip
        least, span = min(ends), max(ends) - min(ends) + 1
        step = 1 if span <= MAX_VALUES else _round_step(-(-span // BARS))
        return cls(model, least, -(-span // step) + 1, step)

    @cached_property
    def drawn(self) -> tuple[int, ...]:
        """The variables drawn, a row each."""
        return _drawn(self.model)

    @cached_property
    def row_of(self) -> dict[int, int]:
        """Each variable drawn: its row (an auxiliary or hidden variable has none)."""
        return {var: row for row, var in enumerate(self.drawn)}

    @property
    def barred(self) -> bool:
        """Its columns are runs of values: its domains drawn as bars."""
        return self.step > 1

    def column(self, value: int) -> int:
        return (value - self.least) // self.step + 1

    def run(self, col: int) -> tuple[int, int]:
        """The values of column `col` (one, or a run of `step`)."""
        first = self.least + (col - 1) * self.step
        return first, first + self.step - 1

    @property
    def rows(self) -> int:
        return len(self.drawn)

    @property
    def given(self) -> int:
        return self.cols

    @property
    def struck(self) -> int:
        return 2 * self.cols

    @property
    def names(self) -> int:
        return 3 * self.cols

    def square(self, var: int, value: int) -> tuple[int, int]:
        return self.row_of[var], self.column(value)

    def shown(self, value: int, kind: int) -> int:
        """The number of the square of `value`: in the domain (kind 0), given (1), struck out (2)."""
        return kind * self.cols + self.column(value)

    def initial(self) -> list[list[int]]:
        """Each variable's name, then its first domain (each run of values: its columns)."""
        table = [[0] * self.cols for _ in range(self.rows)]
        for row, var in enumerate(self.drawn):
            table[row][0] = self.names + row
            for low, high in ranges_of(self.model.domains[var]):
                for col in range(self.column(low), self.column(high) + 1):
                    table[row][col] = col
        return table

    def symbols(self) -> dict[int, str]:
        texts = {}
        for j in range(1, self.cols):
            for kind in range(3):
                texts[kind * self.cols + j] = "" if self.barred else str(self.least + j - 1)
        for row, var in enumerate(self.drawn):
            name = self.model.names[var]
            texts[self.names + row] = name if len(name) <= NAME_LENGTH else name[: NAME_LENGTH - 1] + "…"
        return texts

    def palette(self) -> dict[int, str]:
        colors = {}
        for j in range(1, self.cols):
            colors[self.given + j] = GIVEN_COLOR
            colors[self.struck + j] = STRUCK_COLOR
            if self.barred:
                colors[j] = BAR_COLOR
        return colors

    def axis(self) -> str:
        """What a column holds, for the page's note."""
        if not self.barred:
            return ""
        last = self.least + (self.cols - 1) * self.step - 1
        return (f"; each column is a run of {self.step:,} values, from {self.least:,} (the first) to {last:,} (the "
                f"last): a domain is a bar, blue where some value of a run is left")  # fmt: skip


def _drawn(model: Model) -> tuple[int, ...]:
    """The model's variables but those it hides (all of them, where it hides every one)."""
    return tuple(var for var in range(len(model.names)) if var not in model.hidden) or tuple(range(len(model.names)))


def _round_step(least: int) -> int:
    """The least of 1, 2, 5, 10, 20, 50… that is at least `least`."""
    power = 1
    while True:
        for step in (power, 2 * power, 5 * power):
            if step >= least:
                return step
        power *= 10


def describe(constraint: Constraint, names: list[str]) -> str:
    """A constraint in words, as a model file writes it (long ones cut short)."""
    text = kind_of(constraint).describe(constraint, names)
    return text if len(text) <= CONSTRAINT_LENGTH else text[: CONSTRAINT_LENGTH - 1] + "…"
