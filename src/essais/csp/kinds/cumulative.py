"""cumulative: tasks sharing a resource (a start variable, a duration and a height each) whose
heights at any moment add up to no more than its capacity, propagated by time-tabling: the
profile of the tasks' compulsory parts, and each task's bounds pushed past where it does not fit."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from essais.core.errors import InvalidInput
from essais.csp.kinds.base import Encoding, Fields, Kind, Narrowing, XcspWriting, listed
from essais.csp.kinds.written import Written, on, operands
from essais.csp.model.constraint import Constraint, Owner
from essais.csp.model.expressions import Linear, LinearExpr, Operand, Term, relate, truth
from essais.csp.model.functions import any_holds

Segment = tuple[int, int, int]  # [begin, end) of the profile and the height there


@dataclass(eq=False)
class Cumulative(Constraint):
    """Task k starts at `variables[k]`, lasts `durations[k]` and takes `heights[k]` of the
    resource meanwhile; at no moment do the tasks running take more than `capacity`."""

    variables: list[int]
    durations: list[int]
    heights: list[int]
    capacity: int
    model: Owner | None = field(default=None, repr=False)

    def holds(self, values: Sequence[int]) -> bool:  # type: ignore[override]
        """The load is greatest at some task's start: it is checked there."""
        tasks = [(values[var], d, h) for var, d, h in zip(self.variables, self.durations, self.heights, strict=True)
                 if d and h]  # fmt: skip
        return all(sum(h for b, d, h in tasks if b <= start < b + d) <= self.capacity for start, _, _ in tasks)


def cumulative(
    starts: Sequence[Operand], durations: Sequence[int], heights: Sequence[int], capacity: int
) -> Cumulative | Written:
    """Tasks sharing a resource of `capacity`: task k starts at `starts[k]`, lasts `durations[k]`
    and takes `heights[k]` meanwhile (whole numbers, 0 or more); the heights of the tasks running
    at any moment add up to at most `capacity`. Propagation by time-tabling: a task's compulsory
    part (from its latest start to its earliest end, where that is not empty) is taken whatever
    its start; where those parts leave too little for a task, it starts after, or ends before."""
    indices, written = operands(starts, "cumulative")
    lengths, sizes = list(durations), list(heights)
    if not len(lengths) == len(sizes) == len(indices):
        raise InvalidInput(f"cumulative: {len(indices)} starts, {len(lengths)} durations and {len(sizes)} heights")
    for number in [*lengths, *sizes, capacity]:
        if type(number) is not int or number < 0:
            raise InvalidInput(
                f"cumulative: {number!r} is not a whole number, 0 or more (durations, heights, capacity)"
            )
    return on(Cumulative(indices, lengths, sizes, capacity), written, "cumulative")  # type: ignore[no-any-return]


def cumulative_by_tasks(
    starts: Sequence[Operand], durations: Sequence[Operand], heights: Sequence[Operand], capacity: Operand
) -> list[Linear]:
    """Tasks sharing a resource where durations, heights or the capacity may be variables: at each
    task's start (of positive duration and height), the heights of the tasks running then add up
    to at most the capacity — the load is greatest at some task's start, so this is the whole
    constraint, propagated term by term (no profile)."""
    if not len(starts) == len(durations) == len(heights):
        raise InvalidInput(f"cumulative: {len(starts)} starts, {len(durations)} durations and {len(heights)} heights")
    tasks = list(zip(starts, durations, heights, strict=True))
    made = []
    for start, duration, height in tasks:
        running = [Term("&", [truth(relate(s, "<=", start)), truth(relate(start - s, "<", d))]) * h  # type: ignore[operator, arg-type]
                   for s, d, h in tasks]  # fmt: skip
        load = sum(running, LinearExpr({}, 0, None))
        made += any_holds([relate(duration, "<=", 0), relate(height, "<=", 0), relate(load, "<=", capacity)])  # type: ignore[arg-type]
    return made


def profile(parts: list[tuple[int, int] | None], heights: list[int]) -> list[Segment]:
    """The compulsory parts' profile: [begin, end) and its height, ascending, where it is not 0."""
    times = sorted({t for part in parts if part is not None for t in part})
    found = []
    for begin, end in zip(times, times[1:], strict=False):
        height = sum(
            h for part, h in zip(parts, heights, strict=True) if part is not None and part[0] <= begin < part[1]
        )
        if height:
            found.append((begin, end, height))
    return found


class CumulativeKind(Kind[Cumulative]):
    name = "cumulative"
    kernel = "CUMULATIVE"
    fields = ("capacity", "heights")

    def revise(self, constraint: Cumulative, domains: Narrowing) -> bool:
        """The compulsory parts' profile from the bounds as they are (beyond the capacity:
        False); then task after task, its earliest start pushed past each segment of the profile
        where it would not fit (its own part aside), ascending, and its latest end before each,
        descending."""
        tasks = [(var, d, h) for var, d, h in zip(constraint.variables, constraint.durations, constraint.heights,
                                                  strict=True) if d and h]  # fmt: skip
        capacity, parts = constraint.capacity, list[tuple[int, int] | None]()
        for var, d, h in tasks:
            if h > capacity:
                return False
            low, high = domains.span(1, var)
            parts.append((high, low + d) if high < low + d else None)
        segments = profile(parts, [h for _, _, h in tasks])
        if any(height > capacity for _, _, height in segments):
            return False
        for (var, d, h), own in zip(tasks, parts, strict=True):
            low, _ = domains.span(1, var)
            start = _earliest(segments, low, d, h, capacity, own)
            if start > low and not domains.at_least(var, start):
                return False
            _, high = domains.span(1, var)
            end = _latest(segments, high + d, d, h, capacity, own)
            if end - d < high and not domains.at_most(var, end - d):
                return False
        return True

    def places(self, constraint: Cumulative) -> int:
        """Its kernel's work (CWORK, four times this): a task's part and two times, three numbers
        a segment of the profile."""
        return 3 * len(constraint.variables)

    def field_values(self, constraint: Cumulative, encoding: Encoding) -> Fields:
        encoding.fits(sum(constraint.heights) + constraint.capacity)
        return {"capacity": constraint.capacity, "heights": list(constraint.heights)}

    def encode(self, constraint: Cumulative, encoding: Encoding) -> None:
        """Its durations as the terms' offsets, as no_overlap's."""
        encoding.kind(self.kernel, self.fields, self.field_values(constraint, encoding))
        for var, length in zip(constraint.variables, constraint.durations, strict=True):
            encoding.fits(encoding.largest[var] + length)
        encoding.terms([1] * len(constraint.variables), constraint.durations)

    def describe(self, constraint: Cumulative, names: list[str]) -> str:
        return (f"cumulative([{listed(constraint.variables, names)}], {constraint.durations}, {constraint.heights}, "
                f"{constraint.capacity})")  # fmt: skip

    def xcsp(self, constraint: Cumulative, writer: XcspWriting) -> list[str]:
        numbers = (" ".join(map(str, constraint.durations)), " ".join(map(str, constraint.heights)))
        return [f"<cumulative><origins> {writer.listed(constraint.variables)} </origins><lengths> {numbers[0]} "
                f"</lengths><heights> {numbers[1]} </heights><condition> (le,{constraint.capacity}) </condition>"
                "</cumulative>"]  # fmt: skip


def _inside(own: tuple[int, int] | None, begin: int, end: int) -> bool:
    return own is not None and own[0] <= begin and end <= own[1]


def _earliest(segments: list[Segment], start: int, d: int, h: int, capacity: int, own: tuple[int, int] | None) -> int:
    for begin, end, height in segments:
        if begin >= start + d:
            break
        load = height - h * _inside(own, begin, end)
        if end > start and load + h > capacity:
            start = end
    return start


def _latest(segments: list[Segment], end: int, d: int, h: int, capacity: int, own: tuple[int, int] | None) -> int:
    for begin, stop, height in reversed(segments):
        if stop <= end - d:
            break
        load = height - h * _inside(own, begin, stop)
        if begin < end and load + h > capacity:
            end = begin
    return end


KIND = CumulativeKind()
