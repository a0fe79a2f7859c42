"""cumulative: tasks sharing a resource (a start variable, a duration and a height each) whose
heights at any moment add up to no more than its capacity, propagated by time-tabling: the
profile of the tasks' compulsory parts, and each task's bounds pushed past where it does not fit."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from essais.core.errors import InvalidInput
from essais.csp.kinds.base import ON_BOUNDS, Encoding, Fields, Kind, Narrowing, XcspWriting, listed
from essais.csp.kinds.written import Written, on, operands
from essais.csp.model.constraint import Constraint, Owner
from essais.csp.model.expressions import Linear, LinearExpr, Operand, Term, relate, truth
from essais.csp.model.functions import any_holds

Segment = tuple[int, int, int]  # [begin, end) of the profile and the height there


@dataclass(eq=False)
class Cumulative(Constraint):
    """Task k starts at `variables[k]`, lasts `durations[k]` and takes `heights[k]` of the
    resource meanwhile (None: its height is a variable, the next of `variables` after the starts,
    in the tasks' order); at no moment do the tasks running take more than `capacity`."""

    variables: list[int]
    durations: list[int]
    heights: list[int | None]
    capacity: int
    model: Owner | None = field(default=None, repr=False)

    def height_variables(self) -> list[int | None]:
        """Each task's height variable (None: its height is fixed)."""
        varying = iter(self.variables[len(self.durations) :])
        return [next(varying) if h is None else None for h in self.heights]

    def task_heights(self, values: Sequence[int]) -> list[int]:
        """Each task's height, given the variables' values (one a variable, in the model's order)."""
        return [values[var] if var is not None else h  # type: ignore[misc]
                for var, h in zip(self.height_variables(), self.heights, strict=True)]  # fmt: skip

    def holds(self, values: Sequence[int]) -> bool:  # type: ignore[override]
        """The load is greatest at some task's start: it is checked there (a height is never negative)."""
        heights = self.task_heights(values)
        if any(h < 0 for h in heights):
            return False
        tasks = [(values[var], d, h) for var, d, h in zip(self.variables, self.durations, heights, strict=False)
                 if d and h]  # fmt: skip
        return all(sum(h for b, d, h in tasks if b <= start < b + d) <= self.capacity for start, _, _ in tasks)


def cumulative(
    starts: Sequence[Operand], durations: Sequence[int], heights: Sequence[Operand], capacity: int
) -> Cumulative | Written:
    """Tasks sharing a resource of `capacity`: task k starts at `starts[k]`, lasts `durations[k]`
    and takes `heights[k]` meanwhile (durations and capacity whole numbers, 0 or more; a height a
    whole number or a variable, which then takes no negative value); the heights of the tasks
    running at any moment add up to at most `capacity`. Propagation by time-tabling: a task's
    compulsory part (from its latest start to its earliest end, where that is not empty) is taken
    whatever its start, at its least height; where those parts leave too little for a task, it
    starts after, or ends before; a variable height is lowered to what is left where its task's
    compulsory part lies."""
    lengths, sizes = list(durations), list(heights)
    if not len(lengths) == len(sizes) == len(starts):
        raise InvalidInput(f"cumulative: {len(starts)} starts, {len(lengths)} durations and {len(sizes)} heights")
    for number in [*lengths, *(h for h in sizes if type(h) is int), capacity]:
        if type(number) is not int or number < 0:
            raise InvalidInput(
                f"cumulative: {number!r} is not a whole number, 0 or more (durations, heights, capacity)"
            )
    varying = [h for h in sizes if type(h) is not int]
    indices, written = operands([*starts, *varying], "cumulative")
    fixed = [h if type(h) is int else None for h in sizes]
    return on(Cumulative(indices, lengths, fixed, capacity), written, "cumulative")  # type: ignore[no-any-return]


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
    fields = ("capacity", "tasks", "heights")

    reads_every_variable = True  # (a profile of every task's compulsory part each revision)

    def revise(self, constraint: Cumulative, domains: Narrowing) -> bool:
        """The compulsory parts' profile from the bounds as they are, each at its task's least
        height (beyond the capacity: False); then task after task, its earliest start pushed past
        each segment of the profile where it would not fit (its own part aside), ascending, its
        latest end before each, descending, and a variable height lowered to what the segments
        within its task's compulsory part leave."""
        capacity, tasks = constraint.capacity, list[tuple[int, int, int, int | None]]()
        for var, d, fixed, height in zip(constraint.variables, constraint.durations, constraint.heights,
                                         constraint.height_variables(), strict=False):  # fmt: skip
            if height is not None and not domains.at_least(height, 0):
                return False
            h = fixed if height is None else domains.span(1, height)[0]
            if d and (height is not None or h):
                tasks.append((var, d, h, height))  # type: ignore[arg-type]
        parts = list[tuple[int, int] | None]()
        for var, d, h, _ in tasks:
            if h > capacity:
                return False
            low, high = domains.span(1, var)
            parts.append((high, low + d) if high < low + d else None)
        segments = profile(parts, [h for _, _, h, _ in tasks])
        if any(height > capacity for _, _, height in segments):
            return False
        for (var, d, h, height), own in zip(tasks, parts, strict=True):
            if h and not _pushed(domains, segments, (var, d, h), capacity, own):
                return False
            if height is not None and not domains.at_most(height, _room(segments, h, capacity, own)):
                return False
        return True

    def places(self, constraint: Cumulative) -> int:
        """Its kernel's work (CWORK, four times this): a task's part, two times, its start's
        bounds, three numbers a segment of the profile."""
        return 4 * len(constraint.durations)

    def wakes(self, constraint: Cumulative, wide: bool) -> int:
        """Its tasks' bounds and least heights."""
        return ON_BOUNDS

    def field_values(self, constraint: Cumulative, encoding: Encoding) -> Fields:
        heights = constraint.heights
        tasks = len(heights)
        varying = iter(range(tasks, len(constraint.variables)))
        # a fixed height as it is; a variable one -1 - t, t its term (after the starts')
        coded = [h if h is not None else -1 - next(varying) for h in heights]
        most = constraint.capacity
        for h, var in zip(heights, constraint.height_variables(), strict=True):
            most += encoding.largest[var] if var is not None else h or 0
        encoding.fits(most)
        return {"capacity": constraint.capacity, "tasks": tasks, "heights": coded}

    def encode(self, constraint: Cumulative, encoding: Encoding) -> None:
        """Its durations as the start terms' offsets, as no_overlap's; its variable heights the
        terms after."""
        encoding.kind(self.kernel, self.fields, self.field_values(constraint, encoding))
        for var, length in zip(constraint.variables, constraint.durations, strict=False):
            encoding.fits(encoding.largest[var] + length)
        varying = len(constraint.variables) - len(constraint.durations)
        encoding.terms([1] * len(constraint.variables), [*constraint.durations, *[0] * varying])

    def describe(self, constraint: Cumulative, names: list[str]) -> str:
        tasks = len(constraint.durations)
        heights = [names[var] if var is not None else str(h)
                   for var, h in zip(constraint.height_variables(), constraint.heights, strict=True)]  # fmt: skip
        return (f"cumulative([{listed(constraint.variables[:tasks], names)}], {constraint.durations}, "
                f"[{', '.join(heights)}], {constraint.capacity})")  # fmt: skip

    def xcsp(self, constraint: Cumulative, writer: XcspWriting) -> list[str]:
        tasks = len(constraint.durations)
        pairs = zip(constraint.height_variables(), constraint.heights, strict=True)
        heights = " ".join(writer.listed([var]) if var is not None else str(h) for var, h in pairs)
        return [f"<cumulative><origins> {writer.listed(constraint.variables[:tasks])} </origins><lengths> "
                f"{' '.join(map(str, constraint.durations))} </lengths><heights> {heights} </heights><condition> "
                f"(le,{constraint.capacity}) </condition></cumulative>"]  # fmt: skip


def _pushed(domains: Narrowing, segments: list[Segment], task: tuple[int, int, int], capacity: int,
            own: tuple[int, int] | None) -> bool:  # fmt: skip
    """The task's start pushed past the segments where it does not fit, then its end before them."""
    var, d, h = task
    low, _ = domains.span(1, var)
    start = _earliest(segments, low, d, h, capacity, own)
    if start > low and not domains.at_least(var, start):
        return False
    _, high = domains.span(1, var)
    end = _latest(segments, high + d, d, h, capacity, own)
    return end - d >= high or domains.at_most(var, end - d)


def _room(segments: list[Segment], h: int, capacity: int, own: tuple[int, int] | None) -> int:
    """The most a task's height can be: the capacity, less the others' load within its compulsory part."""
    if own is None:
        return capacity
    return capacity - max((height - h for begin, end, height in segments if _inside(own, begin, end)), default=0)


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
