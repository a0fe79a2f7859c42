"""A model's domains drawn as a table, for the watched search's page (essais.csp.draw.watch): a row a
variable (its name in the first column), a column a value (from the least value of any domain
to the greatest), each square showing its value while it is in the variable's domain, green
once given (the variable's other values then blank), red once propagation struck it out; and a
constraint said in words.

A square's number on the page (EventLog's value) tells both what it shows and how: the value
in column j is `j + 1` while it is in the domain, `GIVEN + j + 1` once given, `STRUCK + j + 1`
once struck out (GIVEN and STRUCK are multiples of the table's width); `symbols` turns each
number into its text and `palette` into its colour.
"""

from __future__ import annotations

from dataclasses import dataclass

from essais.core.errors import InvalidInput
from essais.csp.kinds import kind_of
from essais.csp.model.constraint import Constraint
from essais.csp.model.problem import Model

GIVEN_COLOR, STRUCK_COLOR = "#9fd8a8", "#e8a19b"
# The page scrolls its table (the square of each event brought into view): a row a variable, up
# to MAX_ROWS; a column a value, up to MAX_VALUES (a square of 14 pixels a value, its number
# still legible; a wider span needs a domain drawn as its bounds, not yet).
MAX_ROWS, MAX_VALUES = 2_000, 200
NAME_LENGTH = 6  # characters of a variable's name shown in its row
CONSTRAINT_LENGTH = 90  # characters of a constraint said in words


@dataclass(frozen=True)
class DomainTable:
    """The table of a model's domains: its size, where each value stands, the numbers of its
    squares and their texts and colours."""

    model: Model
    least: int  # the value of the second column
    cols: int  # a column for the names, then one a value

    @classmethod
    def of(cls, model: Model) -> DomainTable:
        ends = [end for domain in model.domains if domain for end in (domain[0], domain[-1])]
        if not ends:
            raise InvalidInput("animate: the model has no values to show (every domain is empty)")
        least, greatest = min(ends), max(ends)
        if greatest - least + 1 > MAX_VALUES or len(model.names) > MAX_ROWS:
            most = f"at most {MAX_ROWS:,} variables and {MAX_VALUES} values"
            raise InvalidInput(f"animate: a table of {len(model.names):,} variables and values {least}..{greatest} "
                               f"is too large to watch ({most})")  # fmt: skip
        return cls(model, least, greatest - least + 2)

    @property
    def rows(self) -> int:
        return len(self.model.names)

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
        return var, value - self.least + 1

    def shown(self, value: int, kind: int) -> int:
        """The number of the square of `value`: in the domain (kind 0), given (1), struck out (2)."""
        return kind * self.cols + value - self.least + 1

    def initial(self) -> list[list[int]]:
        """Each variable's name, then its first domain."""
        table = [[0] * self.cols for _ in range(self.rows)]
        for var, domain in enumerate(self.model.domains):
            table[var][0] = self.names + var
            for value in domain:
                table[var][value - self.least + 1] = self.shown(value, 0)
        return table

    def symbols(self) -> dict[int, str]:
        texts = {}
        for j in range(1, self.cols):
            for kind in range(3):
                texts[kind * self.cols + j] = str(self.least + j - 1)
        for var, name in enumerate(self.model.names):
            texts[self.names + var] = name if len(name) <= NAME_LENGTH else name[: NAME_LENGTH - 1] + "…"
        return texts

    def palette(self) -> dict[int, str]:
        colors = {}
        for j in range(1, self.cols):
            colors[self.given + j] = GIVEN_COLOR
            colors[self.struck + j] = STRUCK_COLOR
        return colors


def describe(constraint: Constraint, names: list[str]) -> str:
    """A constraint in words, as a model file writes it (long ones cut short)."""
    text = kind_of(constraint).describe(constraint, names)
    return text if len(text) <= CONSTRAINT_LENGTH else text[: CONSTRAINT_LENGTH - 1] + "…"
