"""The XCSP3 constraints on a sequence of variables that an automaton reads: regular (a finite
automaton, deterministic or not), mdd (a multi-valued decision diagram), stretch (runs of values
of bounded lengths, with the values that may follow each other) and precedence (each value's first
place before the next's).

Each is an automaton over the list, decomposed into one table a place, (state before, value, state
after), with a hidden variable for the state between two places: a chain of tables that share one
variable each keeps every value that some accepted word uses (arc consistency on the tables is
arc consistency on the automaton), so nothing is lost to the decomposition. The automaton is made
deterministic place by place (its states at a place: the sets of states it may be in) and its
states that lead to no accepted word are left out, so that each solution has one sequence of
states: the hidden variables never multiply the solutions."""

from __future__ import annotations

import re
from typing import Any

from essais.csp.kinds.table import table
from essais.csp.model.expressions import LinearExpr
from essais.csp.xcsp.expressions import Element, Value
from essais.csp.xcsp.kinds import Made, Reading, values_of

MAX_STATES = 1_000_000  # states of an automaton over its places, once made deterministic
Transitions = dict[tuple[str, int], set[str]]  # (state, value): the states it may go to


def _regular(r: Reading, e: Element, arguments: list[str] | None) -> Made:
    r.expect(e, children={"list", "transitions", "start", "final"})
    items = r.list_of(e, "list", arguments)
    start, final = (_words_of(r, e, tag) for tag in ("start", "final"))
    if len(start) != 1:
        raise r.fail(e)(f"<start> names one state, not {len(start)}")
    return _accepted(r, e, items, _transitions(r, e), start[0], set(final))


def _mdd(r: Reading, e: Element, arguments: list[str] | None) -> Made:
    """Its root: the node no arc reaches; its end: the node no arc leaves."""
    r.expect(e, children={"list", "transitions"})
    items, arcs = r.list_of(e, "list", arguments), _transitions(r, e)
    sources = {state for state, _ in arcs}
    targets = {target for reached in arcs.values() for target in reached}
    roots, ends = sources - targets, targets - sources
    if len(roots) != 1 or len(ends) != 1:
        raise r.fail(e)(f"an mdd has one root and one end (here {len(roots)} and {len(ends)})")
    return _accepted(r, e, items, arcs, roots.pop(), ends)


def _stretch(r: Reading, e: Element, arguments: list[str] | None) -> Made:
    """Each maximal run of one value (a stretch) takes that value's widths `lo..hi`; the list
    takes the values given alone; with <patterns>, a stretch of v is followed by one of w only
    where (v,w) is a pattern."""
    r.expect(e, children={"list", "values", "widths", "patterns"})
    items, values = r.list_of(e, "list", arguments), r.list_of(e, "values", arguments)
    widths = _widths(r, e)
    if len(widths) != len(values) or not all(isinstance(v, int) for v in values) or len(set(values)) < len(values):
        raise r.fail(e)(f"{len(values)} distinct whole values and {len(widths)} widths lo..hi")
    holder = e.child("patterns")
    patterns = None if holder is None else {tuple(r.items(pair.replace(",", " "), r.fail(holder)))
                                            for pair in _pairs(r, holder)}  # fmt: skip
    if patterns is not None and any(len(pattern) != 2 for pattern in patterns):
        raise r.fail(e)("a pattern is a pair of values (v,w): a stretch of v followed by one of w")
    # (a stretch is no longer than the list: wider bounds say no more, and would make states for nothing)
    capped = [(low, min(high, len(items))) for low, high in widths]
    widest = dict(zip(map(int, values), capped, strict=True))  # type: ignore[arg-type]
    arcs: Transitions = {}  # (a state: the value of the stretch, and its length so far)
    for v, (low, high) in widest.items():
        arcs.setdefault(("start", v), set()).add(f"{v}:1")
        for k in range(1, high + 1):
            if k < high:
                arcs.setdefault((f"{v}:{k}", v), set()).add(f"{v}:{k + 1}")
            for w in widest if k >= low else ():
                if w != v and (patterns is None or (v, w) in patterns):
                    arcs.setdefault((f"{v}:{k}", w), set()).add(f"{w}:1")
    finals = {f"{v}:{k}" for v, (low, high) in widest.items() for k in range(max(low, 1), high + 1)}
    return _accepted(r, e, items, arcs, "start", finals)


def _widths(r: Reading, e: Element) -> list[tuple[int, int]]:
    holder = e.child("widths")
    if holder is None:
        raise r.fail(e)("no <widths>")
    r.expect(holder)
    found = []
    for word in holder.text.split():
        width = re.fullmatch(r"(\d{1,18})(?:\.\.(\d{1,18}))?", word)
        if width is None or int(width[2] or width[1]) < int(width[1]):
            raise r.fail(holder)(f"{word!r} is not a width lo..hi of whole numbers (lo at most hi)")
        found.append((int(width[1]), int(width[2] or width[1])))
    return found


def _precedence(r: Reading, e: Element, arguments: list[str] | None) -> Made:
    """Each value given (by default the first variable's values, ascending) takes its first
    place in the list after the value before it; covered="true": each value is taken."""
    r.expect(e, children={"list", "values"})
    items = r.list_of(e, "list", arguments)
    holder = e.child("values")
    if holder is None:
        values: list[Value] = list(values_of(r.model, items[0])) if items else []
        covered = "false"
    else:
        values, covered = r.list_of(e, "values", arguments, {"covered"}), holder.attributes.get("covered", "false")
    distinct = all(isinstance(v, int) for v in values) and len(set(values)) == len(values)
    if covered not in ("true", "false") or not distinct:
        raise r.fail(e)("precedence's values are distinct whole numbers; covered is true or false")
    places = {v: k for k, v in enumerate(values) if isinstance(v, int)}
    arcs: Transitions = {}
    alphabet = {v for item in items for v in values_of(r.model, item)}
    for seen in range(len(values) + 1):  # (the state: how many of the values have been taken, in order)
        for v in alphabet:
            place = places.get(v, -1)
            if place < seen:
                arcs[(str(seen), v)] = {str(seen)}
            elif place == seen:
                arcs[(str(seen), v)] = {str(seen + 1)}
    finals = {str(len(values))} if covered == "true" else {str(k) for k in range(len(values) + 1)}
    return _accepted(r, e, items, arcs, "0", finals)


def _transitions(r: Reading, e: Element) -> Transitions:
    """(q0,0,q1)(q1,1,q1)…: each state's arcs by value."""
    holder = e.child("transitions")
    if holder is None:
        raise r.fail(e)("no <transitions>")
    r.expect(holder)
    arcs: Transitions = {}
    for triple in _pairs(r, holder):
        parts = [part.strip() for part in triple.split(",")]
        number = re.fullmatch(r"[+-]?\d{1,18}", parts[1]) if len(parts) == 3 else None
        if len(parts) != 3 or (number is None and parts[1] not in r.symbol_numbers):
            raise r.fail(holder)(f"({triple}) is not a transition (state,value,state)")
        value = int(parts[1]) if number else r.symbol_numbers[parts[1]]
        arcs.setdefault((parts[0], value), set()).add(parts[2])
    return arcs


def _pairs(r: Reading, holder: Element) -> list[str]:
    found = re.findall(r"\(([^()]*)\)", holder.text)
    if re.sub(r"\([^()]*\)", "", holder.text).strip():
        raise r.fail(holder)("its items are written (a,b)(c,d)…")
    return found


def _words_of(r: Reading, e: Element, tag: str) -> list[str]:
    holder = e.child(tag)
    if holder is None:
        raise r.fail(e)(f"no <{tag}>")
    r.expect(holder)
    return holder.text.split()


def _accepted(r: Reading, e: Element, items: list[Value], arcs: Transitions, start: str, finals: set[str]) -> Made:
    """The list spells a word the automaton accepts: one table a place on hidden state variables."""
    layers = _deterministic(r, e, items, arcs, start)
    _keep_accepting(layers, {state for state in layers[-1] if state & finals})
    if not layers[0]:
        return [LinearExpr({}, 0, None) == 1]  # (no word is accepted: a relation that never holds)
    states = [_state_variable(r, layer) if 0 < k < len(items) else None for k, layer in enumerate(layers)]
    made: Made = []
    for k, item in enumerate(items):
        numbered = [{state: n for n, state in enumerate(layer)} for layer in (layers[k], layers[k + 1])]
        rows = {(numbered[0][state], v, numbered[1][nxt]) for state, moves in layers[k].items()
                for v, nxt in moves.items() if nxt in numbered[1]}  # fmt: skip
        places = (states[k], item, states[k + 1])
        keep = [places[0] is not None, not isinstance(item, int), places[2] is not None]  # (a number: no column)
        scope: list[Value] = [var for var, kept in zip(places, keep, strict=True) if kept]  # type: ignore[misc]
        columns = sorted({tuple(v for v, kept in zip(row, keep, strict=True) if kept) for row in rows})
        if scope:
            made.append(table(scope, columns))
    return made


Layer = dict[frozenset[str], dict[int, frozenset[str]]]  # each state's moves by value, a place


def _deterministic(r: Reading, e: Element, items: list[Value], arcs: Transitions, start: str) -> list[Layer]:
    """The automaton's states place by place, made deterministic: each a set of its states."""
    by_state: dict[str, list[tuple[int, set[str]]]] = {}
    for (state, v), reached in arcs.items():
        by_state.setdefault(state, []).append((v, reached))
    layers: list[Layer] = [{frozenset({start}): {}}]
    total = 1
    for item in items:
        domain, layer, following = set(values_of(r.model, item)), layers[-1], Layer()
        for states in layer:
            moves: dict[int, set[str]] = {}
            for state in states:
                for v, reached in by_state.get(state, ()):
                    if v in domain:
                        moves.setdefault(v, set()).update(reached)
            layer[states] = {v: frozenset(moved) for v, moved in moves.items()}
            for going in layer[states].values():
                following.setdefault(going, {})
        total += len(following)
        if total > MAX_STATES:
            raise r.fail(e)(f"the automaton takes more than {MAX_STATES:,} states over the list, made deterministic")
        layers.append(following)
    return layers


def _keep_accepting(layers: list[Layer], accepting: set[frozenset[str]]) -> None:
    """Leave out, from the last place back, each state from which no accepted word goes on."""
    layers[-1] = {state: {} for state in layers[-1] if state in accepting}
    for k in range(len(layers) - 2, -1, -1):
        alive = layers[k + 1]
        layer = {state: {v: nxt for v, nxt in moves.items() if nxt in alive} for state, moves in layers[k].items()}
        layers[k] = {state: moves for state, moves in layer.items() if moves}


def _state_variable(r: Reading, layer: Layer) -> Any:
    """A hidden variable for the automaton's state at a place (its states numbered 0, 1…)."""
    model = r.model
    var = model.int_var(0, max(len(layer) - 1, 0), name=f"%state{len(model.names)}")
    model.hidden.add(var.index)
    return var


TAGS = {"regular": _regular, "mdd": _mdd, "stretch": _stretch, "precedence": _precedence}
