"""The XCSP3 constraints on tasks and loads: noOverlap (one machine, or boxes in k dimensions;
lengths fixed or variables; zeroIgnored), cumulative (origins, lengths, ends, heights and a
capacity), binPacking (a bin each item, their loads under a condition, limits or load
variables) and knapsack (a weight and a profit, each under its condition).

noOverlap with fixed lengths is essais's no_overlap, cumulative with fixed lengths under a fixed
capacity its cumulative (time-tabling; heights fixed or variables); otherwise each is decomposed: boxes pair by
pair (one is before the other in some dimension), a cumulative task by task (the load at each
task's start within the capacity: the greatest load is at some task's start). binPacking is a
sum a bin, knapsack two sums."""

from __future__ import annotations

import itertools
import re
from typing import Any

from essais.csp.kinds.cumulative import cumulative, cumulative_by_tasks
from essais.csp.kinds.no_overlap import no_overlap
from essais.csp.model.expressions import LinearExpr, expression, relate
from essais.csp.model.functions import any_holds
from essais.csp.xcsp.expressions import Element, Value
from essais.csp.xcsp.kinds import INDEXED, Made, Reading, start_index, values_of


def _no_overlap(r: Reading, e: Element, arguments: list[str] | None) -> Made:
    """Tasks (or boxes, origins and lengths written (x,y)…) that never overlap; a task of
    length 0 overlaps nothing (zeroIgnored, true by default), or with zeroIgnored="false" lies
    outside every other task (no task strictly around it)."""
    r.expect(e, {"zeroIgnored"}, {"origins", "lengths"})
    ignored = e.attributes.get("zeroIgnored", "true")
    if ignored not in ("true", "false"):
        raise r.fail(e)(f"zeroIgnored={ignored!r}: true or false")
    origins, lengths = _boxes(r, e, "origins", arguments), _boxes(r, e, "lengths", arguments)
    if len(origins) != len(lengths) or any(len(o) != len(n) for o, n in zip(origins, lengths, strict=False)):
        raise r.fail(e)(f"{len(origins)} origins and {len(lengths)} lengths, each of one dimension")
    if all(len(box) == 1 and isinstance(box[0], int) for box in lengths) and ignored == "true":
        return [no_overlap([o[0] for o in origins], [length[0] for length in lengths if isinstance(length[0], int)])]
    return [made for (a, la), (b, lb) in itertools.combinations(zip(origins, lengths, strict=True), 2)
            for made in _apart(a, la, b, lb, ignored == "true")]  # fmt: skip


def _boxes(r: Reading, e: Element, tag: str, arguments: list[str] | None) -> list[list[Value]]:
    """A task's number (or variable) each, or a box's, written (a,b)(c,d)…"""
    holder = e.child(tag)
    if holder is None:
        raise r.fail(e)(f"no <{tag}>")
    r.expect(holder)
    if "(" not in holder.text:
        return [[item] for item in r.list_of(e, tag, arguments)]
    if re.sub(r"\([^()]*\)", "", holder.text).strip():
        raise r.fail(holder)("boxes are written (a,b)(c,d)…")
    return [[r.one(word.strip(), holder, arguments) for word in box.split(",")]
            for box in re.findall(r"\(([^()]*)\)", holder.text)]  # fmt: skip


def _apart(a: list[Value], la: list[Value], b: list[Value], lb: list[Value], ignored: bool) -> Made:
    """Two boxes apart: one before the other in some dimension (or, zeroIgnored, one of them of
    length 0 somewhere)."""
    ways = []
    for x, lx, y, ly in zip(a, la, b, lb, strict=True):
        ways += [relate(x + lx, "<=", y), relate(y + ly, "<=", x)]
        if ignored:
            ways += [relate(lx, "==", 0), relate(ly, "==", 0)]
    return any_holds(ways)


def _cumulative(r: Reading, e: Element, arguments: list[str] | None) -> Made:
    """The heights of the tasks running at any moment hold the condition (le or lt a capacity)."""
    r.expect(e, children={"origins", "lengths", "ends", "heights", "condition"})
    origins, lengths, heights = (r.list_of(e, tag, arguments) for tag in ("origins", "lengths", "heights"))
    if not len(origins) == len(lengths) == len(heights):
        raise r.fail(e)(f"{len(origins)} origins, {len(lengths)} lengths and {len(heights)} heights")
    if any(isinstance(n, int) and n < 0 for n in (*lengths, *heights)):
        raise r.fail(e)("a task's length and height are 0 or more")
    made: Made = []
    if e.child("ends") is not None:
        ends = r.list_of(e, "ends", arguments)
        if len(ends) != len(origins):
            raise r.fail(e)(f"{len(origins)} origins and {len(ends)} ends")
        made += [relate(o + length, "==", end) for o, length, end in zip(origins, lengths, ends, strict=True)]
    operator, capacity = r.condition(e, arguments)
    if operator not in ("<=", "<"):
        raise r.fail(e)("a cumulative's condition is (le,capacity) or (lt,capacity)")
    if operator == "<":
        capacity = capacity - 1
    if all(isinstance(v, int) and v >= 0 for v in (*lengths, *(h for h in heights if isinstance(h, int)), capacity)):
        return [*made, cumulative(origins, lengths, heights, capacity)]  # type: ignore[arg-type]
    return [*made, *cumulative_by_tasks(origins, lengths, heights, capacity)]


def _bin_packing(r: Reading, e: Element, arguments: list[str] | None) -> Made:
    """Item k goes into bin list[k]; each bin's load (the sizes of its items) holds the condition
    (each value an item may take a bin), or is at most its limit, or is its load variable (bins
    numbered from the limits' or loads' startIndex)."""
    r.expect(e, children={"list", "sizes", "condition", "limits", "loads"})
    items, sizes = r.list_of(e, "list", arguments), r.list_of(e, "sizes", arguments)
    if len(items) != len(sizes):
        raise r.fail(e)(f"{len(items)} items and {len(sizes)} sizes")

    def load(bin_: int) -> Any:
        return sum((expression(relate(x, "==", bin_)) * s for x, s in zip(items, sizes, strict=True)),
                   LinearExpr({}, 0, None))  # fmt: skip

    given = [tag for tag in ("condition", "limits", "loads") if e.child(tag) is not None]
    if len(given) != 1:
        raise r.fail(e)("a binPacking holds one of <condition>, <limits> and <loads>")
    if given == ["condition"]:
        condition = r.condition(e, arguments)
        bins = sorted({v for x in items for v in values_of(r.model, x)})
        return [r.holding(load(b), condition) for b in bins]
    bounds = r.list_of(e, given[0], arguments, INDEXED)
    start = start_index(r, e.child(given[0]))
    return [relate(load(b + start), "<=" if given == ["limits"] else "==", bound) for b, bound in enumerate(bounds)]


def _knapsack(r: Reading, e: Element, arguments: list[str] | None) -> Made:
    """How many of each item are taken (list): their weights hold the first condition, their
    profits the second."""
    r.expect(e, children={"list", "weights", "profits", "condition"})
    items = r.list_of(e, "list", arguments)
    conditions = [child for child in e.children if child.tag == "condition"]
    if len(conditions) != 2:
        raise r.fail(e)("a knapsack holds two <condition>: the weights' then the profits'")
    made: Made = []
    for tag, holder in zip(("weights", "profits"), conditions, strict=True):
        numbers = r.list_of(e, tag, arguments)
        if len(numbers) != len(items):
            raise r.fail(e)(f"{len(items)} items and {len(numbers)} {tag}")
        total = sum((n * x for n, x in zip(numbers, items, strict=True)), LinearExpr({}, 0, None))
        made.append(r.holding(total, r.condition_of(holder, arguments)))
    return made


TAGS = {"noOverlap": _no_overlap, "cumulative": _cumulative, "binPacking": _bin_packing, "knapsack": _knapsack}
