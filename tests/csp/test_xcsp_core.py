"""XCSP3-core's constraints beyond the first ones read: one small file each as PyCSP3 writes it
(tests/data/xcsp/core/, from models/core.py by write.py), and the forms PyCSP3 does not write
(stretch, slides with offsets, boxes with zeroIgnored, capacities that are variables…) written
here. Each is counted in both engines against a brute force of its meaning written in Python,
every solution checked against that meaning, and written back as XCSP3 and read again with the
same solutions.

ACE 2.6 (PyCSP3's) agrees with these counts on every PyCSP3 file, counting only the variables a
constraint names, except no_overlap_boxes (ACE 2,402 where the boxes' 944 schedules times the 4
values of the free x[3]: 3,776) and cumulative_variables (ACE 4,855, one short of the brute force's
4,856)."""

import itertools
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from essais.core.errors import InvalidInput
from essais.csp import CspStream, count_csp, read_xcsp, to_xcsp

from conftest import invoke

CORE = Path(__file__).resolve().parent.parent / "data" / "xcsp" / "core"
Values = dict[str, int]


def row(v: Values, name: str, n: int) -> list[int]:
    return [v[f"{name}[{k}]"] for k in range(n)]


def preceded(values: list[int], covered: bool) -> Callable[[Values], bool]:
    def meaning(v: Values) -> bool:
        x = row(v, "x", 4)
        firsts = [x.index(value) if value in x else None for value in values]
        taken = [first is not None for first in firsts]
        if covered and not all(taken):
            return False
        return all(b is None or (a is not None and a < b) for a, b in itertools.pairwise(firsts))

    return meaning


def accepted(v: Values) -> bool:
    moves = {("a", 0): "a", ("a", 1): "b", ("b", 1): "b", ("b", 2): "a", ("b", 0): "b"}
    state: str | None = "a"
    for value in row(v, "x", 4):
        state = moves.get((state, value)) if state else None
    return state == "b"


def load(bins: list[int], sizes: list[int], b: int) -> int:
    return sum(size for place, size in zip(bins, sizes, strict=True) if place == b)


def peak(starts: list[int], lengths: list[int], heights: list[int]) -> int:
    return max(sum(h for s, n, h in zip(starts, lengths, heights, strict=True) if s <= t < s + n) for t in range(12))


def boxes_apart(v: Values) -> bool:
    boxes = [(v[f"x[{k}]"], v[f"w[{k}]"], n, m) for k, (n, m) in enumerate([(2, 1), (1, 2), (1, 1)])]
    return all(a + n <= b or b + p <= a or c + m <= d or d + q <= c
               for (a, c, n, m), (b, d, p, q) in itertools.combinations(boxes, 2))  # fmt: skip


def one_circuit_of_three(v: Values) -> bool:
    x = row(v, "x", 4)
    on = [k for k in range(4) if x[k] != k]
    if len(on) != 3:
        return False
    node, seen = on[0], set()
    for _ in on:
        seen.add(node)
        node = x[node]
    return node == on[0] and seen == set(on)


SIZES = [2, 1, 3, 2]
MEANINGS: dict[str, Callable[[Values], bool]] = {
    "channel": lambda v: all(v[f"x[{v[f'z[{i}]']}]"] == i for i in range(3)),
    "channel_value": lambda v: all((v[f"b[{i}]"] == 1) == (v["y"] == i) for i in range(4)),
    "precedence": preceded([1, 2], covered=False),
    "precedence_covered": preceded([1, 2], covered=True),
    "precedence_domain": preceded([0, 1, 2, 3], covered=False),
    "regular": accepted,
    "mdd": lambda v: tuple(row(v, "x", 3)) in {(0, 2, 0), (0, 2, 1), (1, 2, 0), (1, 2, 1), (1, 3, 3)},
    "bin_packing": lambda v: all(load(row(v, "x", 4), SIZES, b) <= 4 for b in range(4)),
    "bin_packing_limits": lambda v: all(load(row(v, "x", 4), SIZES, b) <= [4, 3, 5, 2][b] for b in range(4)),
    "bin_packing_loads": lambda v: all(load(row(v, "x", 4), SIZES, b) == v[f"l[{b}]"] for b in range(4)),
    "knapsack": lambda v: (sum(w * s for w, s in zip([2, 3, 1, 4], row(v, "s", 4), strict=True)) <= 7
                           and sum(p * s for p, s in zip([3, 4, 1, 5], row(v, "s", 4), strict=True)) >= 9),
    "cumulative": lambda v: peak(row(v, "x", 4), [2, 1, 2, 1], [2, 1, 1, 2]) <= 3,
    "cumulative_variables": lambda v: peak(row(v, "x", 4), row(v, "l", 4), [2, 1, v["y"], 2]) <= 3,
    "no_overlap_boxes": boxes_apart,
    "no_overlap_variables": lambda v: all(
        a + n <= b or b + m <= a or n == 0 or m == 0
        for (a, n), (b, m) in itertools.combinations(zip(row(v, "x", 3), [v["y"], 1, 2], strict=True), 2)),
    "circuit_size": one_circuit_of_three,
    "maximum_arg": lambda v: v[f"x[{v['y']}]"] == max(row(v, "x", 4)),
    "minimum_arg_last": lambda v: v["y"] == max(k for k, value in enumerate(row(v, "x", 4))
                                                if value == min(row(v, "x", 4))),
    "element_matrix": lambda v: v[f"m[{v['i']}][{v['j']}]"] == v["y"],
    "slide": lambda v: all(v[f"x[{k}]"] + v[f"x[{k + 1}]"] <= 4 for k in range(3)),
    "sum_variables": lambda v: v["x[0]"] * v["x[2]"] + v["x[1]"] * v["y"] == 3,
}  # fmt: skip


def brute_force(model, meaning):
    """The assignments of the file's own variables (not the hidden ones essais adds) that mean it."""
    shown = [k for k in range(len(model.names)) if k not in model.hidden]
    names = [model.names[k] for k in shown]
    found = []
    for values in itertools.product(*(model.domains[k] for k in shown)):
        named = dict(zip(names, values, strict=True))
        if meaning(named):
            found.append(named)
    return found


def solutions(model, engine="python"):
    """The solutions found, on the file's own variables."""
    hidden = {model.names[k] for k in model.hidden}
    return sorted(tuple(sorted((name, value) for name, value in values.items() if name not in hidden))
                  for values in CspStream(model, engine=engine))  # fmt: skip


def holds_its_meaning(model, meaning, tmp_path):
    expected = sorted(tuple(sorted(v.items())) for v in brute_force(model, meaning))
    assert expected, "a meaning that nothing holds tests nothing"
    assert solutions(model) == solutions(model, "numba") == expected
    for method in ("forward", "mac/wdeg"):
        assert count_csp(model, method=method, engine="numba").count == len(expected)
    again = tmp_path / "again.xml"
    again.write_text(to_xcsp(model))
    reread = read_xcsp(again)
    shown = {model.names[k] for k in range(len(model.names)) if k not in model.hidden}
    assert sorted({tuple((n, v) for n, v in s if n in shown) for s in solutions(reread, "numba")}) == expected
    assert count_csp(reread).count == len(expected)  # (the states written back follow from the file's variables)


@pytest.mark.parametrize("name", sorted(MEANINGS))
def test_each_constraint_as_pycsp3_writes_it_means_what_xcsp3_says(name, tmp_path):
    holds_its_meaning(read_xcsp(CORE / f"{name}.xml"), MEANINGS[name], tmp_path)


def test_every_file_pycsp3_wrote_is_tested():
    assert {path.stem for path in CORE.glob("*.xml")} == {*MEANINGS, "symbolic"}


def test_symbolic_variables_take_their_symbols():
    """Colours, each a number inside: read in a domain, an intension and a table's tuples, and
    shown by name in a solution, the JSON and the competition's v line."""
    path = CORE / "symbolic.xml"
    model = read_xcsp(path)
    shown = sorted(tuple(model.shown(values).values()) for values in CspStream(model))
    expected = sorted(c for c in itertools.permutations(["red", "green", "blue"]) if c[0] != "red" and c[2] == "red")
    assert shown == expected == [("blue", "green", "red"), ("green", "blue", "red")]
    assert json.loads(invoke(["csp", str(path), "--json"]).stdout)["values"] == {"c[0]": "blue", "c[1]": "green",
                                                                                "c[2]": "red"}  # fmt: skip
    line = invoke(["csp", str(path), "--competition-output"]).stdout.splitlines()[1]
    assert "<values> blue green red </values>" in line
    assert "c[0]=blue  c[1]=green  c[2]=red" in invoke(["csp", str(path)]).stdout


def test_a_regular_over_symbols_and_symbols_written_back_as_their_numbers(tmp_path):
    variables = '<array id="c" size="[3]" type="symbolic"> a b </array> <var id="d" type="symbolic" as="c[0]"/>'
    body = ("<regular><list> c[] </list><transitions> (p,a,q)(q,b,p)(p,b,p) </transitions><start> p </start>"
            "<final> p </final></regular><intension> eq(d,c[2]) </intension>")  # fmt: skip
    model = written(tmp_path, body, variables.replace(' as="c[0]"/>', "> a b </var>"))
    words = sorted("".join(model.shown(values)[f"c[{k}]"] for k in range(3)) for values in CspStream(model))
    assert words == ["abb", "bab", "bbb"]  # (each a followed by b)
    assert count_csp(model).count == 3
    again = tmp_path / "again.xml"
    again.write_text(to_xcsp(model))
    assert 'note="symbols a=0, b=1"' in again.read_text() and count_csp(read_xcsp(again)).count == 3


def test_symbols_that_are_not_declared_are_refused(tmp_path):
    with pytest.raises(InvalidInput, match="'c' is not a declared variable"):
        written(tmp_path, "<intension> eq(s,c) </intension>", '<var id="s" type="symbolic"> a b </var>')
    with pytest.raises(InvalidInput, match="type='set': essais reads integer and symbolic variables"):
        written(tmp_path, "", '<var id="s" type="set"> a b </var>')
    with pytest.raises(InvalidInput, match="'1a' is not a symbol"):
        written(tmp_path, "", '<var id="s" type="symbolic"> 1a b </var>')


def written(tmp_path, body, variables):
    path = tmp_path / "m.xml"
    path.write_text(f'<instance format="XCSP3" type="CSP"><variables>{variables}</variables>'
                    f"<constraints>\n{body}\n</constraints></instance>")  # fmt: skip
    return read_xcsp(path)


def runs(x: list[int]) -> list[tuple[int, int]]:
    """Each maximal run of one value: (the value, its length)."""
    return [(value, len(list(group))) for value, group in itertools.groupby(x)]


X = '<array id="x" size="[5]"> 0..2 </array>'
XY = '<array id="x" size="[4]"> 0..3 </array> <var id="y"> 0..3 </var>'
# (the body, the variables, the meaning): forms PyCSP3 does not write
WRITTEN_HERE = [
    # stretches of 0 of 1 or 2, of 1 of 2 or 3, no 2 at all
    ("<stretch><list> x[] </list><values> 0 1 </values><widths> 1..2 2..3 </widths></stretch>", X,
     lambda v: all((value, n) in {(0, 1), (0, 2), (1, 2), (1, 3)} for value, n in runs(row(v, "x", 5)))),
    # and a stretch of 1 is never followed by one of 0
    ("<stretch><list> x[] </list><values> 0 1 </values><widths> 1..2 2..3 </widths><patterns> (0,1) </patterns>"
     "</stretch>", X,
     lambda v: all((value, n) in {(0, 1), (0, 2), (1, 2), (1, 3)} for value, n in runs(row(v, "x", 5)))
     and all(a == 0 for (a, _), _ in itertools.pairwise(runs(row(v, "x", 5))))),
    # widths beyond the list's length say no more than its length (no state made for them)
    ("<stretch><list> x[] </list><values> 0 1 2 </values><widths> 1..1000000000 2..3 1 </widths></stretch>", X,
     lambda v: all((value, n) in {(1, 2), (1, 3), (2, 1)} or value == 0 for value, n in runs(row(v, "x", 5)))),
    # a non-deterministic automaton: words of 0..2 with a 1 two places before the end
    ("<regular><list> x[] </list><transitions> (a,0,a)(a,1,a)(a,2,a)(a,1,b)(b,0,c)(b,1,c)(b,2,c)(c,0,d)(c,1,d)(c,2,d)"
     "</transitions><start> a </start><final> d </final></regular>", X, lambda v: v["x[2]"] == 1),
    # an automaton that accepts nothing of these lengths
    ("<regular><list> x[] </list><transitions> (a,0,b) </transitions><start> a </start><final> b </final></regular>",
     XY, lambda v: False),
    # windows of 2, moving 2, going round: x0 < x1, x2 < x3
    ("<slide><list offset='2'> x[] </list><intension> lt(%0,%1) </intension></slide>", XY,
     lambda v: v["x[0]"] < v["x[1]"] and v["x[2]"] < v["x[3]"]),
    ("<slide circular='true'><list> x[] </list><intension> ne(%0,%1) </intension></slide>", XY,
     lambda v: all(v[f"x[{k}]"] != v[f"x[{(k + 1) % 4}]"] for k in range(4))),
    # two lists, one item of each a window: x[k] + y differs from... (x[k], z[k]) pairs
    ("<slide><list> x[] </list><list> z[] </list><intension> le(%0,%1) </intension></slide>",
     '<array id="x" size="[3]"> 0..3 </array> <array id="z" size="[3]"> 0..3 </array>',
     lambda v: all(v[f"x[{k}]"] <= v[f"z[{k}]"] for k in range(3))),
    # collect 3 of x at each step, offset 1: each window of 3 sums to at most 4
    ("<slide><list collect='3'> x[] </list><sum><list> %0 %1 %2 </list><condition> (le,4) </condition></sum></slide>",
     XY, lambda v: all(sum(row(v, "x", 4)[k:k + 3]) <= 4 for k in range(2))),
    # ends, lt and a capacity that is a variable
    ("<cumulative><origins> x[0] x[1] </origins><lengths> 2 1 </lengths><ends> x[2] x[3] </ends>"
     "<heights> 2 2 </heights><condition> (lt,y) </condition></cumulative>", XY,
     lambda v: v["x[2]"] == v["x[0]"] + 2 and v["x[3]"] == v["x[1]"] + 1
     and peak([v["x[0]"], v["x[1]"]], [2, 1], [2, 2]) < v["y"]),
    # boxes, zeroIgnored false: a box of width 0 still may not lie inside another
    ("<noOverlap zeroIgnored='false'><origins> (x[0],x[1])(x[2],x[3]) </origins><lengths> (0,1)(2,2) </lengths>"
     "</noOverlap>", XY,
     lambda v: v["x[0]"] <= v["x[2]"] or v["x[2]"] + 2 <= v["x[0]"] or v["x[1]"] + 1 <= v["x[3]"]
     or v["x[3]"] + 2 <= v["x[1]"]),
    ("<noOverlap><origins> (x[0],x[1])(x[2],x[3]) </origins><lengths> (0,1)(2,2) </lengths></noOverlap>", XY,
     lambda v: True),
    # a matrix's rows and columns counted from 1; an index beyond it is no solution
    ("<element><matrix startRowIndex='1' startColIndex='1'> (x[0],x[1])(x[2],x[3]) </matrix><index> y y </index>"
     "<value> 2 </value></element>", XY, lambda v: v["y"] in (1, 2) and v[f"x[{3 * (v['y'] - 1)}]"] == 2),
    # the index of the last greatest item
    ("<maximum><list> x[] </list><index rank='last'> y </index><condition> (ge,2) </condition></maximum>", XY,
     lambda v: max(row(v, "x", 4)) >= 2 and v["y"] == max(k for k in range(4) if v[f"x[{k}]"] == max(row(v, "x", 4)))),
    # maximumArg under another condition: some greatest item's index is 2 or more
    ("<maximumArg><list> x[] </list><condition> (ge,2) </condition></maximumArg>", XY,
     lambda v: any(v[f"x[{k}]"] == max(row(v, "x", 4)) for k in (2, 3))),
    # bins numbered from 1: items in bin 0 or 3 carry no limit
    ("<binPacking><list> x[] </list><sizes> 2 2 1 1 </sizes><limits startIndex='1'> 2 3 </limits></binPacking>", XY,
     lambda v: load(row(v, "x", 4), [2, 2, 1, 1], 1) <= 2 and load(row(v, "x", 4), [2, 2, 1, 1], 2) <= 3),
    # precedence of 2 then 0, in a list with a constant
    ("<precedence><list> x[0] 1 x[1] x[2] </list><values covered='false'> 2 0 </values></precedence>", XY,
     lambda v: 0 not in row(v, "x", 3) or (2 in row(v, "x", 3) and row(v, "x", 3).index(2) < row(v, "x", 3).index(0))),
]  # fmt: skip


@pytest.mark.parametrize(("body", "variables", "meaning"), WRITTEN_HERE)
def test_the_forms_pycsp3_does_not_write_mean_what_xcsp3_says(tmp_path, body, variables, meaning):
    model = written(tmp_path, body, variables)
    if not brute_force(model, meaning):  # (an automaton that accepts nothing)
        assert count_csp(model).count == count_csp(model, engine="numba").count == 0
        return
    holds_its_meaning(model, meaning, tmp_path)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("<stretch><list> x[] </list><values> 0 1 </values><widths> 2..1 1 </widths></stretch>",
         "'2..1' is not a width lo..hi"),
        ("<regular><list> x[] </list><transitions> (a,b) </transitions><start> a </start><final> a </final></regular>",
         "(a,b) is not a transition (state,value,state)"),
        ("<regular><list> x[] </list><transitions> (a,0,a) </transitions><start> a b </start><final> a </final>"
         "</regular>", "<start> names one state, not 2"),
        ("<mdd><list> x[] </list><transitions> (a,0,b)(b,0,a) </transitions></mdd>", "an mdd has one root and one end"),
        ("<slide circular='yes'><list> x[] </list><intension> lt(%0,%1) </intension></slide>", "circular='yes'"),
        ("<slide><list offset='0'> x[] </list><intension> lt(%0,%1) </intension></slide>", "offset='0' is not"),
        ("<slide><intension> lt(%0,%1) </intension></slide>", "a slide holds its lists, then one constraint"),
        ("<cumulative><origins> x[] </origins><lengths> 1 1 1 1 </lengths><heights> 1 1 1 </heights>"
         "<condition> (le,2) </condition></cumulative>", "4 origins, 4 lengths and 3 heights"),
        ("<cumulative><origins> x[] </origins><lengths> 1x4 </lengths><heights> 1x4 </heights>"
         "<condition> (ge,2) </condition></cumulative>", "(le,capacity) or (lt,capacity)"),
        ("<binPacking><list> x[] </list><sizes> 1x4 </sizes></binPacking>", "one of <condition>, <limits> and <loads>"),
        ("<stretch><list> x[] </list><values> 0 1 </values><widths> 1 1 </widths><patterns> (0,1,2) </patterns>"
         "</stretch>", "a pattern is a pair of values"),
        ("<cumulative><origins> x[] </origins><lengths> -1 1 1 1 </lengths><heights> 1x4 </heights>"
         "<condition> (le,2) </condition></cumulative>", "a task's length and height are 0 or more"),
        ("<knapsack><list> x[] </list><weights> 1x4 </weights><profits> 1x4 </profits><condition> (le,2) </condition>"
         "</knapsack>", "two <condition>"),
        ("<channel><list> x[] </list><list> x[0] </list></channel>", "the first no longer than the second"),
        ("<element><matrix> (x[0],x[1])(x[2],x[3]) </matrix><index> y </index><value> 1 </value></element>",
         "a matrix's index is its row and its column"),
        ("<maximumArg rank='middle'><list> x[] </list><condition> (eq,y) </condition></maximumArg>", "rank='middle'"),
        ("<precedence><list> x[] </list><values> 1 1 </values></precedence>", "distinct whole numbers"),
        ("<regular><list> y w </list><transitions> (a,0,a) </transitions><start> a </start><final> a </final>"
         "</regular>", "w takes 1,000,000 values or more, too many to list for this constraint"),
        ("<binPacking><list> y w </list><sizes> 1 1 </sizes><condition> (le,1) </condition></binPacking>",
         "w takes 1,000,000 values or more"),
        ("<sum><list startIndex='1'> x[] </list><condition> (le,2) </condition></sum>",
         "'startIndex' is not one essais reads"),
        ("<cardinality><list> x[] </list><values covered='true'> 0 </values><occurs> 1 </occurs></cardinality>",
         "'covered' is not one essais reads"),
    ],
)  # fmt: skip
def test_bad_forms_are_refused_naming_what_is_wrong(tmp_path, body, message):
    with pytest.raises(InvalidInput, match=re.escape(message)):
        written(tmp_path, body, XY + ' <var id="w"> 0..1000000000 </var>')


def test_the_hidden_states_are_never_shown():
    """The automaton's states are essais's own: the competition's `v` line, the JSON and the
    headline name the file's variables alone."""
    path = str(CORE / "regular.xml")
    lines = invoke(["csp", path, "--competition-output"]).stdout.splitlines()
    assert lines[0] == "s SATISFIABLE" and "<list> x[0] x[1] x[2] x[3] </list>" in lines[1] and "%" not in lines[1]
    found = json.loads(invoke(["csp", path, "--json"]).stdout)
    assert list(found["values"]) == ["x[0]", "x[1]", "x[2]", "x[3]"]
    assert "21 solutions of a model of 4 variables" in invoke(["csp", path, "--count"]).stdout
