"""Langford pairs as an exact cover: the numbers 1..n, each twice in a row of 2n places, with k
places between the two k's (OEIS A014552 counts them up to reversal: 26 for n = 7, 150 for 8).

Items: the numbers `1`…`n`, then the places `s0`…`s(2n-1)`; an option is a number and its two
places. Counting up to reversal restricts one pair, not the count: the largest odd k ≤ n keeps
the placements whose first place lies left of its mirror image's (an odd k has no placement
that the reversal maps onto itself, so each class of sequences is met once)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from essais.core.cover.problem import CoverProblem
from essais.core.errors import InvalidInput
from essais.core.result import plural
from essais.cover.model import ExactCover

# Its cover has about 2n² options, built as Python objects before any search (n = 200: 80,000
# options, some 20 MB); counting stops being feasible near n = 20 (L(2, 20) is 2.6·10¹²)
MAX_N = 200


@dataclass(frozen=True, eq=False)
class Langford(ExactCover):
    """Langford pairs of 1..n; `reversal`: each sequence and its reverse met once."""

    n: int = 0
    reversal: bool = False
    pairs: tuple[tuple[int, int, int], ...] = ()  # option k: (number, first place, second place)

    def sequence(self, options: Sequence[int]) -> list[int]:
        places = [0] * (2 * self.n)
        for index in options:
            number, first, second = self.pairs[index]
            places[first] = places[second] = number
        return places

    def text(self, options: Sequence[int]) -> str:
        return " ".join(map(str, self.sequence(options)))

    def describe(self, options: Sequence[int]) -> dict[str, Any]:
        return {"options": list(options), "sequence": self.sequence(options)}

    def counted(self, count: int) -> str:
        if self.reversal:
            return (f"{plural(count, 'Langford pairing')} of 1..{self.n} up to reversal "
                    f"({plural(2 * count, 'sequence')})")  # fmt: skip
        return f"{plural(count, 'Langford sequence')} of 1..{self.n}"

    def count_keys(self, count: int) -> dict[str, Any]:
        return {"n": self.n, "reversal": self.reversal, "sequences": 2 * count if self.reversal else count}

    def solution_brief(self, options: Sequence[int]) -> str:
        return f"Langford pairs of 1..{self.n}"

    def none_text(self) -> str:
        return f"no Langford sequence of 1..{self.n}"


def langford(n: int, *, reversal: bool = True) -> Langford:
    """Langford pairs of 1..n as an exact cover; with `reversal` (the default) each sequence and
    its reverse are one solution, as OEIS A014552 counts them."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise InvalidInput(f"n: {n!r} must be a positive whole number")
    if n > MAX_N:
        raise InvalidInput(f"n: {n:,} is more than {MAX_N:,}")
    length = 2 * n
    restricted = max(k for k in range(1, n + 1) if k % 2 == 1)
    pairs = [(k, first, first + k + 1) for k in range(1, n + 1) for first in range(length - k - 1)
             if not (reversal and k == restricted and 2 * first >= length - 2 - k)]  # fmt: skip
    options = [[str(k), f"s{first}", f"s{second}"] for k, first, second in pairs]
    items = [*map(str, range(1, n + 1)), *(f"s{place}" for place in range(length))]
    problem = CoverProblem.make(items, options, name=f"Langford pairs of 1..{n}")
    return Langford(problem, n, reversal, tuple(pairs))
