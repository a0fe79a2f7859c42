"""A domain of many values kept as its ranges: `Intervals`, the sorted, disjoint runs of values
of a variable whose values span more than a bit set holds (essais.csp.model.MAX_SPAN). It is a
sequence of its values, as a narrow domain's tuple is, with no memory per value: its length,
`value in it`, `it[k]` and its least and greatest in a step or a binary search."""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterable, Iterator, Sequence
from typing import overload


class Intervals(Sequence[int]):
    """The values of `ranges`, pairs (lo, hi) of lo..hi, sorted and merged where they touch."""

    __slots__ = ("_counts", "_starts", "ranges")

    def __init__(self, ranges: Iterable[tuple[int, int]]) -> None:
        merged: list[tuple[int, int]] = []
        for lo, hi in sorted(ranges):
            if lo > hi:
                continue
            if merged and lo <= merged[-1][1] + 1:
                merged[-1] = (merged[-1][0], max(merged[-1][1], hi))
            else:
                merged.append((lo, hi))
        self.ranges = tuple(merged)
        self._starts = [lo for lo, _ in merged]
        # the values before each range, then all of them
        self._counts = [0, *itertools.accumulate(hi - lo + 1 for lo, hi in merged)]

    @classmethod
    def of_values(cls, values: Iterable[int]) -> Intervals:
        """The ranges of a set of values."""
        ranges: list[tuple[int, int]] = []
        for value in sorted(set(values)):
            if ranges and value == ranges[-1][1] + 1:
                ranges[-1] = (ranges[-1][0], value)
            else:
                ranges.append((value, value))
        return cls(ranges)

    def __len__(self) -> int:
        return self._counts[-1]

    @overload
    def __getitem__(self, index: int) -> int: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[int]: ...
    def __getitem__(self, index: int | slice) -> int | Sequence[int]:
        if isinstance(index, slice):
            return [self[k] for k in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("Intervals index out of range")
        r = bisect.bisect_right(self._counts, index) - 1
        return self.ranges[r][0] + index - self._counts[r]

    def __contains__(self, value: object) -> bool:
        if not isinstance(value, int):
            return False
        r = bisect.bisect_right(self._starts, value) - 1
        return r >= 0 and value <= self.ranges[r][1]

    def __iter__(self) -> Iterator[int]:
        for lo, hi in self.ranges:
            yield from range(lo, hi + 1)

    def __reversed__(self) -> Iterator[int]:
        for lo, hi in reversed(self.ranges):
            yield from range(hi, lo - 1, -1)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Intervals):
            return self.ranges == other.ranges
        return isinstance(other, Sequence) and len(other) == len(self) and all(map(int.__eq__, self, other))

    def __hash__(self) -> int:
        return hash(self.ranges)

    def __repr__(self) -> str:
        return f"Intervals({', '.join(f'{lo}..{hi}' for lo, hi in self.ranges)})"

    def count_between(self, lo: int, hi: int) -> int:
        """How many of the values lie in lo..hi."""
        return self._rank(hi + 1) - self._rank(lo)

    def _rank(self, value: int) -> int:
        """How many of the values are below `value`."""
        r = bisect.bisect_right(self._starts, value) - 1
        if r < 0:
            return 0
        lo, hi = self.ranges[r]
        return self._counts[r] + min(value, hi + 1) - lo

    def at_least(self, value: int) -> int | None:
        """The least value from `value` up (None: none)."""
        r = bisect.bisect_right(self._starts, value) - 1
        if r >= 0 and value <= self.ranges[r][1]:
            return value
        return self.ranges[r + 1][0] if r + 1 < len(self.ranges) else None

    def at_most(self, value: int) -> int | None:
        """The greatest value up to `value` (None: none)."""
        r = bisect.bisect_right(self._starts, value) - 1
        return None if r < 0 else min(value, self.ranges[r][1])


def ranges_of(values: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """A domain's runs of consecutive values (an Intervals' own ranges, with no value listed)."""
    if isinstance(values, Intervals):
        return values.ranges
    return Intervals.of_values(values).ranges
