"""The XCSP3 constraints whose items are told by their index: element (a list with its
startIndex, a matrix with startRowIndex and startColIndex; an index's rank; a value or a
condition; without an index, a value some item takes), channel (one list; two, the first no
longer than the second; a list and a value), minimum and maximum (with an `<index>` and its
rank), minimumArg and maximumArg, and circuit (startIndex, a size). Each is made the model's own
element, minimum, maximum, circuit or subcircuit, and relations."""

from __future__ import annotations

from essais.csp.kinds.circuit import circuit, subcircuit
from essais.csp.model.expressions import IntVar, LinearExpr, Term, expression, relate
from essais.csp.model.functions import count, element, implies, maximum, minimum
from essais.csp.xcsp.expressions import Element, Value
from essais.csp.xcsp.kinds import INDEXED, Made, Reading, start_index


def _element(r: Reading, e: Element, arguments: list[str] | None) -> Made:
    """The item at the index (from the list's startIndex; a matrix's row and column, from its
    startRowIndex and startColIndex) is the value, or holds the condition; rank first (last): the
    first (last) item that is the value. Without an index, some item is the value."""
    r.expect(e, children={"list", "matrix", "index", "value", "condition"})
    items, index, made = _indexed(r, e, arguments)
    value = e.child("value")
    if index is None:  # (the value is one of the items')
        if value is None:
            raise r.fail(e)("<element> without <index> holds a <value> (one that some item takes)")
        r.expect(value)
        return [relate(count(items, r.one(value.text.strip(), value, arguments)), ">=", 1)]
    rank = _rank(r, e.child("index"))  # type: ignore[arg-type]
    if value is None:
        if rank != "any":
            raise r.fail(e)(f"rank={rank!r} goes with a <value> (the first or last item that takes it)")
        return [*made, r.holding(element(items, index), r.condition(e, arguments))]
    r.expect(value)
    return [*made, *_at_rank(items, index, r.one(value.text.strip(), value, arguments), rank)]


def _indexed(r: Reading, e: Element, arguments: list[str] | None) -> tuple[list[Value], Value | None, Made]:
    """The items (a matrix's row after row), the index into them counted from 0 (None: no
    <index>), and what keeps a matrix's row and column within it."""
    index_holder = e.child("index")
    if index_holder is not None:
        r.expect(index_holder, {"rank"})
    if e.child("matrix") is None:
        items = r.list_of(e, "list", arguments, INDEXED)
        if index_holder is None:
            return items, None, []
        start = start_index(r, e.child("list"))
        index = r.one(index_holder.text.strip(), index_holder, arguments)
        return items, index - start if start else index, []
    rows, holder = r.matrix_of(e, arguments), e.child("matrix")
    if index_holder is None or len({len(row) for row in rows}) != 1:
        raise r.fail(e)("an element of a matrix has rows of one length and an <index> (its row and column)")
    words = index_holder.text.split()
    if len(words) != 2:
        raise r.fail(index_holder)("a matrix's index is its row and its column")
    row, column = (r.one(word, index_holder, arguments) - start_index(r, holder, f"start{which}Index")
                   for word, which in zip(words, ("Row", "Col"), strict=True))  # fmt: skip
    width = len(rows[0])
    within = [relate(row, ">=", 0), relate(row, "<", len(rows)), relate(column, ">=", 0), relate(column, "<", width)]
    return [item for line in rows for item in line], row * width + column, within


def _channel(r: Reading, e: Element, arguments: list[str] | None) -> Made:
    """x[i] = j exactly when y[j] = i (one list: x[i] = j exactly when x[j] = i; x shorter than y:
    x[i] = j makes y[j] = i), i and j counted from each list's startIndex; a list and a <value>:
    x[i] = 1 exactly when the value is i."""
    r.expect(e, children={"list", "value"})
    holders = [holder for holder in e.children if holder.tag == "list"] or [e]
    for holder in holders if holders != [e] else ():
        r.expect(holder, INDEXED)
    lists = [r.list_of(holder, "list", arguments) for holder in holders]
    starts = [start_index(r, holder) if holder is not e else 0 for holder in holders]
    told = e.child("value")
    if told is not None:
        if len(lists) != 1:
            raise r.fail(e)("a channel with a <value> has one list")
        value = r.one(told.text.strip(), told, arguments)
        return [relate(value, ">=", starts[0]), relate(value, "<", starts[0] + len(lists[0]))] + [
            expression(relate(x, "==", 1)) - expression(relate(value, "==", k + starts[0])) == 0
            for k, x in enumerate(lists[0])]  # fmt: skip
    if len(lists) > 2 or len(lists[0]) > len(lists[-1]):
        raise r.fail(e)("channel takes one list, or two, the first no longer than the second")
    (x, y), (sx, sy) = (lists[0], lists[-1]), (starts[0], starts[-1])
    within = [relate(v, ">=", sy) for v in x] + [relate(v, "<", sy + len(y)) for v in x]
    if len(x) < len(y):
        return within + [implies(relate(x[i], "==", j + sy), relate(y[j], "==", i + sx)) == 1
                         for i in range(len(x)) for j in range(len(y))]  # fmt: skip
    within += [relate(v, ">=", sx) for v in y] + [relate(v, "<", sx + len(x)) for v in y]
    return within + [expression(relate(x[i], "==", j + sy)) - expression(relate(y[j], "==", i + sx)) == 0
                     for i in range(len(x)) for j in range(len(y))]  # fmt: skip


def _extremum(r: Reading, e: Element, arguments: list[str] | None) -> Made:
    """The least (or greatest) item holds the condition; with an <index>, the index is where an
    item takes it (rank first or last: the first or the last such item)."""
    r.expect(e, children={"list", "index", "condition"})
    items = r.list_of(e, "list", arguments, INDEXED if e.child("index") is not None else set())
    made = minimum(items) if e.tag == "minimum" else maximum(items)
    index_holder = e.child("index")
    if index_holder is None:
        return [r.holding(made, r.condition(e, arguments))]
    r.expect(index_holder, {"rank"})
    index = r.one(index_holder.text.strip(), index_holder, arguments)
    rank = _rank(r, index_holder)
    return [*_at_rank(items, index - start_index(r, e.child("list")), made, rank),
            r.holding(made, r.condition(e, arguments))]  # fmt: skip


def _extremum_argument(r: Reading, e: Element, arguments: list[str] | None) -> Made:
    """minimumArg, maximumArg: the index of the least (greatest) item holds the condition (rank
    any: some such index; first or last: the first or the last)."""
    r.expect(e, {"rank"}, {"list", "condition"})
    items = r.list_of(e, "list", arguments, INDEXED)
    start, rank = start_index(r, e.child("list")), _rank(r, e)
    made = minimum(items) if e.tag == "minimumArg" else maximum(items)
    operator, right = r.condition(e, arguments)
    if operator == "==" and rank == "any":
        return [*_at_rank(items, right - start, made, rank)]
    if rank == "any":  # (some index where an item takes it holds the condition)
        ways = [Term("&", [expression(relate(item, "==", made)), expression(r.holding(k + start, (operator, right)))])
                for k, item in enumerate(items)]  # fmt: skip
        return [Term("|", ways) == 1]
    index = r.model.int_var(start, start + len(items) - 1, name=f"%index{len(r.model.names)}")
    r.model.hidden.add(index.index)
    return [*_at_rank(items, index - start, made, rank), r.holding(index, (operator, right))]


def _rank(r: Reading, holder: Element) -> str:
    rank = holder.attributes.get("rank", "any")
    if rank not in ("any", "first", "last"):
        raise r.fail(holder)(f"rank={rank!r}: any, first or last")
    return rank


def _at_rank(items: list[Value], index: Value, value: Value, rank: str) -> Made:
    """items[index] is the value; rank first (last): no item before (after) it is."""
    made: Made = [relate(element(items, index), "==", value)]
    for k, item in enumerate(items) if rank != "any" else ():
        beyond = relate(index, ">" if rank == "first" else "<", k)
        made.append(implies(beyond, relate(item, "!=", value)) == 1)
    return made


def _circuit(r: Reading, e: Element, arguments: list[str] | None) -> Made:
    """A circuit (a subcircuit where a node may point to itself: XCSP3's circuit allows loops);
    with a <size>, that many nodes on it."""
    r.expect(e, children={"list", "size"})
    items = r.list_of(e, "list", arguments, INDEXED)
    start = start_index(r, e.child("list"))
    shifted = [x - start if start else x for x in items]
    loops = any(not isinstance(x, IntVar) or k + start in r.model.domains[x.index] for k, x in enumerate(items))
    made: Made = [subcircuit(shifted) if loops else circuit(shifted)]
    size = e.child("size")
    if size is not None:
        r.expect(size)
        on_it = sum((expression(relate(x, "!=", k)) for k, x in enumerate(shifted)), LinearExpr({}, 0, None))
        made.append(relate(on_it, "==", r.one(size.text.strip(), size, arguments)))
    return made


TAGS = {"element": _element, "channel": _channel, "minimum": _extremum, "maximum": _extremum,
        "minimumArg": _extremum_argument, "maximumArg": _extremum_argument, "circuit": _circuit}  # fmt: skip
