"""no_overlap: tasks on one machine (a start variable and a duration each) that never overlap,
propagated pair by pair on their bounds."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field

from essais.core.errors import InvalidInput
from essais.csp.kinds.base import ON_BOUNDS, Encoding, Kind, Narrowing, XcspWriting, listed
from essais.csp.kinds.written import Written, on, operands
from essais.csp.model.constraint import Constraint, Owner
from essais.csp.model.expressions import Operand


@dataclass(eq=False)
class NoOverlap(Constraint):
    """Tasks on one machine: task k starts at `variables[k]` and lasts `durations[k]`; no two
    tasks of positive durations overlap (one ends before or as the other starts)."""

    variables: list[int]
    durations: list[int]
    model: Owner | None = field(default=None, repr=False)

    def holds(self, values: Sequence[int]) -> bool:  # type: ignore[override]
        tasks = [(values[var], length) for var, length in zip(self.variables, self.durations, strict=True) if length]
        return all(a + da <= b or b + db <= a for (a, da), (b, db) in itertools.combinations(tasks, 2))


def no_overlap(starts: Sequence[Operand], durations: Sequence[int]) -> NoOverlap | Written:
    """Tasks on one machine that never overlap: task k starts at `starts[k]` and lasts
    `durations[k]` (whole numbers, 0 or more; a task of 0 overlaps nothing). The propagation
    looks at each pair by bounds: when only one order of the two fits, the later task starts no
    sooner than the earlier ends, and the earlier ends no later than the later may start."""
    indices, written = operands(starts, "no_overlap")
    lengths = list(durations)
    if len(lengths) != len(indices):
        raise InvalidInput(f"no_overlap: {len(indices)} starts and {len(lengths)} durations")
    for length in lengths:
        if type(length) is not int or length < 0:
            raise InvalidInput(f"no_overlap: the duration {length!r} is not a whole number, 0 or more")
    return on(NoOverlap(indices, lengths), written, "no_overlap")  # type: ignore[no-any-return]


class NoOverlapKind(Kind[NoOverlap]):
    name = "no_overlap"
    kernel = "NO_OVERLAP"

    def revise(self, constraint: NoOverlap, domains: Narrowing) -> bool:
        """Each pair of tasks of positive durations, in order, by their bounds as they are then:
        when only one order fits, the later starts no sooner than the earlier ends and the
        earlier starts no later than the later's latest start less its own duration."""
        tasks = list(zip(constraint.variables, constraint.durations, strict=True))
        for (a, da), (b, db) in itertools.combinations(tasks, 2):
            if not da or not db:
                continue
            (lo_a, hi_a), (lo_b, hi_b) = domains.span(1, a), domains.span(1, b)
            a_first, b_first = lo_a + da <= hi_b, lo_b + db <= hi_a
            if not a_first and not b_first:
                return False
            if a_first != b_first:
                (early, d_early, lo_early), (late, hi_late) = (
                    ((a, da, lo_a), (b, hi_b)) if a_first else ((b, db, lo_b), (a, hi_a))
                )
                if not domains.at_least(late, lo_early + d_early) or not domains.at_most(early, hi_late - d_early):
                    return False
        return True

    def wakes(self, constraint: NoOverlap, wide: bool) -> int:
        """Its tasks' bounds."""
        return ON_BOUNDS

    def encode(self, constraint: NoOverlap, encoding: Encoding) -> None:
        """Its durations as the terms' offsets."""
        encoding.kind(self.kernel, self.fields, {})
        for var, length in zip(constraint.variables, constraint.durations, strict=True):
            encoding.fits(encoding.largest[var] + length)
        encoding.terms([1] * len(constraint.variables), constraint.durations)

    def describe(self, constraint: NoOverlap, names: list[str]) -> str:
        return f"no_overlap([{listed(constraint.variables, names)}], {constraint.durations})"

    def xcsp(self, constraint: NoOverlap, writer: XcspWriting) -> list[str]:
        return [f"<noOverlap><origins> {writer.listed(constraint.variables)} </origins><lengths> "
                f"{' '.join(map(str, constraint.durations))} </lengths></noOverlap>"]  # fmt: skip


KIND = NoOverlapKind()
