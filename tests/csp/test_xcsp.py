"""XCSP3 instances read as models (essais.csp.xcsp): files written by PyCSP3 from the models in
tests/data/xcsp/models (committed: the tests need neither PyCSP3 nor Java), their published
numbers, ACE's answers where Java and PyCSP3's jar are at hand, every tag read, every refusal,
and malformed files (a clear error, never a traceback)."""

import importlib.util
import itertools
import lzma
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import example, given, reject, settings
from hypothesis import strategies as st

from csp.test_terms import term_models
from essais.core.errors import InvalidInput
from essais.csp import (
    CspStream,
    Model,
    XcspError,
    count_csp,
    csp_error,
    element,
    increasing,
    predicate,
    read_model,
    read_xcsp,
    solve_csp,
    to_xcsp,
)
from essais.csp.kinds import AllDifferent

from conftest import ROOT, invoke

DATA = Path(__file__).resolve().parent.parent / "data" / "xcsp"
# (subcircuits of 6 nodes: Σ C(6, k)·(k-1)! for k = 2 … 6; tables-5: ACE's count)
COUNTS = {"queens-8.xml": 92, "queens-10.xml": 724, "costas-7.xml": 200, "all_interval-8.xml": 20,
          "magic_sequence-7.xml": 1, "subcircuit-6.xml": 409, "tables-5.xml": 366}  # fmt: skip
OPTIMA = {"golomb-8.xml": 34, "mixed.xml": 10}


@pytest.mark.parametrize(("name", "count"), COUNTS.items())
def test_the_instances_give_their_published_counts(name, count):
    model = read_xcsp(DATA / name)
    assert count_csp(model).count == count
    for values in CspStream(model, limit=10):
        assert csp_error(model, values) is None


def test_an_all_different_of_terms_is_read_with_hall_intervals():
    ruler, queens = read_xcsp(DATA / "golomb-8.xml"), read_xcsp(DATA / "queens-8.xml")
    assert [c.hall for c in ruler.constraints if isinstance(c, AllDifferent)] == [True]
    assert [c.hall for c in queens.constraints if isinstance(c, AllDifferent)] == [False] * 3


@pytest.mark.parametrize(("name", "optimum"), OPTIMA.items())
def test_the_instances_give_their_optima(name, optimum):
    best = solve_csp(read_xcsp(DATA / name), method="mac/input")
    assert best.optimal and best.objective == optimum


def without_objective(tmp_path, name):
    text = re.sub(r"<objectives>.*</objectives>", "", (DATA / name).read_text(), flags=re.S)
    path = tmp_path / name
    path.write_text(text.replace('type="COP"', 'type="CSP"'))
    return path


def mixed_holds(v):
    """tests/data/xcsp/models/mixed.py's constraints, read from its source, not from the file."""
    x, y, z, s = [v[f"x[{i}]"] for i in range(4)], [[v[f"y[{i}][{j}]"] for j in range(2)] for i in range(2)], v["z"], [
        v[f"s[{i}]"] for i in range(3)]  # fmt: skip
    trunc = int  # (XCSP3's div and mod truncate toward zero)
    return all([
        (x[0], x[1]) in {(0, 0), (0, 1), (0, 2), (0, 3), (1, 2), (2, 3), (3, 0)},
        (x[2], x[3]) not in {(0, 0), (1, 1), (1, 2)},
        x[0] + 2 * x[1] - x[2] <= 4,
        sum(y[0] + y[1]) in {0, 2, 3},
        x[z % 4] == y[1][1] + 1,
        x.count(3) >= 1,
        min(x) <= y[0][0] + 1,
        max(y[0]) == x[3] % 3,
        y[0] <= y[1],
        x[1] < z,
        z > 3 or x[0] != x[3],
        y[0][1] != 2 or z != 5,
        (x[2] == 1) == (y[1][0] == 0),
        s[s[s[0]]] == 0 and len({0, s[0], s[s[0]]}) == 3,
        x[3] + 2 <= z or z + 1 <= x[3],
        z != trunc((x[1] - 5) / 2) + (x[2] - 3) - 2 * trunc((x[2] - 3) / 2),
    ])  # fmt: skip


def test_the_mixed_instance_is_its_source_s_model(tmp_path):
    model = read_xcsp(without_objective(tmp_path, "mixed.xml"))
    found = list(CspStream(model))
    assert len(found) == 680  # (ACE's count, `java -jar ACE.jar mixed.xml -s=all` without the objective)
    assert all(mixed_holds(values) for values in found)
    names = [n for n in model.names if not n.startswith("aux")]
    chosen = {tuple(values[n] for n in names) for values in found}
    domains = [model.domains[model.names.index(n)] for n in names]
    brute = {row for row in itertools.product(*domains) if mixed_holds(dict(zip(names, row, strict=True)))}
    assert chosen == brute  # (PyCSP3's auxiliary variables follow from the others)


def ace_jar():
    found = importlib.util.find_spec("pycsp3")  # (found, never imported: it patches built-ins)
    jars = sorted(Path(found.origin).parent.glob("solvers/ace/ACE-*.jar")) if found and found.origin else []
    return jars[-1] if jars and shutil.which("java") else None


@pytest.mark.skipif(ace_jar() is None, reason="ACE needs Java and PyCSP3's jar")
@pytest.mark.parametrize("name", [*COUNTS, *OPTIMA])
def test_ace_gives_the_same_status_count_and_optimum(tmp_path, name):
    if name in COUNTS or name == "mixed.xml":  # (every solution: of the mixed model without its objective)
        path = DATA / name if name in COUNTS else without_objective(tmp_path, name)
        run = subprocess.run(["java", "-jar", str(ace_jar()), str(path), "-s=all"], capture_output=True, text=True,
                             timeout=120)  # fmt: skip
        out = re.sub(r"\x1b\[[0-9;]*m", "", run.stdout)
        counted = int(re.search(r"FOUND SOLUTIONS\s+(\d+)", out).group(1))
        assert counted == count_csp(read_xcsp(path)).count
    if name in OPTIMA:
        run = subprocess.run(["java", "-jar", str(ace_jar()), str(DATA / name)], capture_output=True, text=True,
                             timeout=120)  # fmt: skip
        out = re.sub(r"\x1b\[[0-9;]*m", "", run.stdout)
        assert "s OPTIMUM FOUND" in out
        assert int(re.findall(r"cost='(-?\d+)'", out)[-1]) == solve_csp(read_xcsp(DATA / name)).objective


def write(tmp_path, body, variables='<var id="x"> 0..3 </var> <var id="y"> 0..3 </var>', kind="CSP", name="m.xml"):
    path = tmp_path / name
    path.write_text(f'<instance format="XCSP3" type="{kind}"><variables>{variables}</variables>'
                    f"<constraints>\n{body}\n</constraints></instance>")  # fmt: skip
    return path


@pytest.mark.parametrize(
    ("body", "count"),
    [
        ("<channel><list> x y </list></channel>", 2),  # (x[i] = j iff x[j] = i: the involutions of 0, 1)
        ("<channel><list> x </list><list> y </list></channel>", 1),
        ("<instantiation><list> x y </list><values> 1 2 </values></instantiation>", 1),
        ("<extension><list> x </list><supports> 0 2..3 </supports></extension>", 12),
        ("<extension><list> x y </list><supports> (0,*)(*,3)(2,2) </supports></extension>", 8),
        ("<extension><list> x y </list><conflicts> (0,*)(*,3)(2,2) </conflicts></extension>", 8),
        ("<extension><list> x y </list><conflicts> (*,*) </conflicts></extension>", 0),
        ("<nValues><list> x y </list><condition> (eq,1) </condition></nValues>", 4),
        ("<nValues><list> x y 0 </list><except> 0 </except><condition> (eq,1) </condition></nValues>", 9),
        ("<element><list> x 2 </list><value> y </value></element>", 7),  # (no index: y is one of them)
        ("<block class='symmetry-breaking'><intension> lt(x,y) </intension></block>", 6),
        ("<ordered><list> x y </list><operator> ge </operator><lengths> 2 </lengths></ordered>", 15),
        ("<sum><list> x y </list><coeffs> 2 -1 </coeffs><condition> (in,1..2) </condition></sum>", 4),
        (
            "<element><list startIndex='1'> 3 2 1 0 </list><index> x </index><condition> (gt,y) </condition></element>",
            6,
        ),
        ("<count><list> x y </list><values> 0 1 </values><condition> (eq,1) </condition></count>", 8),
        ("<lex><list> x y </list><list> y x </list><operator> lt </operator></lex>", 6),
        ("<intension><function> eq(mod(sub(x,5),2),div(neg(y),2)) </function></intension>", 8),
        ("<intension> in(add(x,y),set(1,6)) </intension>", 3),
        ("<intension> xor(eq(x,1),eq(y,1),eq(x,y)) </intension>", 10),
    ],
)
def test_each_tag_means_what_xcsp3_says(tmp_path, body, count):
    model = read_xcsp(write(tmp_path, body))
    brute = [row for row in itertools.product(*model.domains) if model.holds(row)]
    assert count_csp(model).count == len(brute) == count


def test_a_table_is_read_as_written_never_written_out(tmp_path):
    """A conflicts table over 10^8 combinations of values, and stars standing for as many rows:
    read as they are (essais once complemented and wrote them out, and refused this file)."""
    conflicts = "".join(f"({k},{k},{k},{k})" for k in range(100))
    body = (f"<extension><list> x[] </list><conflicts> {conflicts} </conflicts></extension>"
            "<extension><list> x[] </list><supports> (*,*,*,7)(5,*,*,*) </supports></extension>")  # fmt: skip
    model = read_xcsp(write(tmp_path, body, variables='<array id="x" size="[4]"> 0..99 </array>'))
    assert [len(c.allowed) for c in model.constraints] == [100, 2]
    found = solve_csp(model)
    assert found.values == {"x[0]": 0, "x[1]": 0, "x[2]": 0, "x[3]": 7} and csp_error(model, found.values) is None
    assert solve_csp(model, method="forward", engine="python").values == found.values


def test_arrays_domains_and_objectives(tmp_path):
    variables = ('<array id="a" size="[2][3]"><domain for="a[0][]"> 1 2 </domain><domain for="others"> 0..4 '
                 '</domain></array><var id="b" as="c"/>')  # fmt: skip
    with pytest.raises(XcspError, match="line 1: <var>: as='c' names no variable declared before"):
        read_xcsp(write(tmp_path, "", variables))
    variables = variables.replace('<var id="b" as="c"/>', '<var id="c"> 5 7 </var><var id="b" as="c"/>')
    objective = "<objectives><maximize type='sum'><list> a[1][] b </list><coeffs> 1 1 1 -1 </coeffs></maximize>"
    path = tmp_path / "o.xml"
    path.write_text(
        f'<instance format="XCSP3" type="COP"><variables>{variables}</variables><constraints>'
        f"<allDifferent> a[1][] </allDifferent></constraints>{objective}</objectives></instance>"
    )
    model = read_xcsp(path)
    assert model.names[:6] == [f"a[{i}][{j}]" for i in range(2) for j in range(3)]
    assert model.domains[0] == (1, 2) and model.domains[5] == tuple(range(5)) and model.domains[7] == (5, 7)
    assert solve_csp(model).objective == 4 + 3 + 2 - 5
    fewest = objective.replace("maximize type='sum'", "minimize type='nValues'").replace("maximize", "minimize")
    path.write_text(path.read_text().replace(objective, fewest.replace(" <coeffs> 1 1 1 -1 </coeffs>", "")))
    assert solve_csp(read_xcsp(path)).objective == 4  # (a[1][] all different: 3 values, and b's 5 or 7)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><instance/>',
            "line 1: a DOCTYPE",
        ),
        ("<instance><variables>", "not well-formed XML"),
        ('<instance type="WCSP"><variables/></instance>', "type 'WCSP': essais reads CSP and COP"),
        (
            '<instance><variables><var id="x"> 0..3 </var></variables><constraints><smart/></constraints></instance>',
            "<smart> inside <constraints> is not an element essais reads",
        ),
        (
            '<instance><variables><var id="x" size="3"> 0..3 </var></variables></instance>',
            "<var>'s attribute 'size' is not one essais reads",
        ),
        (
            '<instance><variables><var id="x"> 0..3 </var></variables><constraints><intension> eq(x,z)'
            "</intension></constraints></instance>",
            "'z' is not a declared variable",
        ),
        (
            '<instance><variables><var id="x"> 0..3 </var></variables><constraints><intension> foo(x,1)'
            "</intension></constraints></instance>",
            "'foo' is not a function",
        ),
        (
            '<instance><variables><var id="x"> 0..3 </var></variables><constraints><extension><list> x </list>'
            "<supports> (1,2) </supports></extension></constraints></instance>",
            "is not a tuple of 1 values or",
        ),
        ('<instance><variables><var id="x"> 5..4 </var></variables></instance>', "the domain 5..4: 5 is more than 4"),
        ("<notes/>", "<notes>: an XCSP3 file holds <instance>"),
        (
            '<instance><variables><var id="x"> 0..3 </var><var id="y"> 0..3 </var></variables><constraints>'
            "<element><list> x y </list><index rank='middle'> x </index><value> 1 </value></element>"
            "</constraints></instance>",
            "rank='middle': any, first or last",
        ),
        (
            '<instance><variables><var id="x"> 0..3 </var><var id="y"> 0..3 </var></variables><constraints>'
            "<channel><list startIndex='one'> x y </list></channel></constraints></instance>",
            "startIndex='one' is not a whole number",
        ),
        (
            '<instance><variables><var id="x"> 0..3 </var><var id="y"> 0..3 </var></variables><constraints>'
            "<noOverlap zeroIgnored='no'><origins> x y </origins><lengths> 1 1 </lengths></noOverlap>"
            "</constraints></instance>",
            "zeroIgnored='no': true or false",
        ),
    ],
)
def test_bad_files_are_refused_with_their_line(tmp_path, text, message):
    path = tmp_path / "bad.xml"
    path.write_text(text)
    with pytest.raises(XcspError, match=message):
        read_xcsp(path)
    refused = invoke(["csp", str(path)])
    assert refused.exit_code == 2 and refused.stderr.count("\n") == 1 and "bad.xml" in refused.stderr


def test_lzma_files_and_the_command(tmp_path):
    packed = tmp_path / "queens-8.xml.lzma"
    packed.write_bytes(lzma.compress((DATA / "queens-8.xml").read_bytes()))
    assert count_csp(read_xcsp(packed)).count == 92
    counted = invoke(["csp", str(packed), "--count"])
    assert counted.exit_code == 0 and counted.stdout.startswith("92 solutions")
    (tmp_path / "junk.xml.lzma").write_bytes(b"not lzma")
    with pytest.raises(XcspError, match="not an lzma file"):
        read_xcsp(tmp_path / "junk.xml.lzma")
    with pytest.raises(XcspError, match="missing.xml"):
        read_xcsp(tmp_path / "missing.xml")


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 4000), st.binary(min_size=0, max_size=6), st.integers(0, 3))
@example(2442, b"\n", 2)  # (a line break inside a reference the message quotes: shown as \n, one line)
def test_a_damaged_file_is_an_error_never_a_traceback(tmp_path_factory, at, junk, cut):
    original = (DATA / "mixed.xml").read_bytes()
    at %= len(original)
    damaged = original[:at] + junk + original[at + cut :]
    path = tmp_path_factory.mktemp("fuzz") / "d.xml"
    path.write_bytes(damaged)
    try:
        read_xcsp(path)
    except InvalidInput as error:
        assert str(error).startswith(str(path)) and "\n" not in str(error)


@settings(max_examples=150, deadline=None)
@given(term_models())
def test_a_model_written_as_xcsp3_and_read_back_has_the_same_solutions(tmp_path_factory, model):
    try:
        text = to_xcsp(model)
    except InvalidInput as refused:  # (what XCSP3 cannot say exactly: said, and refused)
        assert re.search(r"truncate|beyond its list|on expressions", str(refused))
        reject()
    path = tmp_path_factory.mktemp("written") / "m.xml"
    path.write_text(text)
    back = read_xcsp(path)
    # (in the input order, the order of the solutions is the variables' order whatever the
    # propagation: XCSP3 writes some terms as others, a count as a sum of equalities)
    solutions = [[list(d.values()) for d in CspStream(m, method="mac/input")] for m in (back, model)]
    assert solutions[0] == solutions[1] and back.domains == model.domains


ROUND_TRIPS = ["send-more-money.csp", "zebra.csp", "all-interval.csp", "costas.csp", "magic-sequence.csp",
               "golomb8.csp", "ft06.csp", "knapsack.csp", "magic3.csp", "sudoku.csp"]  # fmt: skip


@pytest.mark.parametrize("name", ROUND_TRIPS)
def test_the_puzzles_written_as_xcsp3_give_the_same_answers(tmp_path, name):
    model = read_model(ROOT / "puzzles" / name)
    written = invoke(["csp", str(ROOT / "puzzles" / name), "--write-xcsp", str(tmp_path / "w.xml")])
    assert written.exit_code == 0 and written.stdout.startswith(f"wrote {tmp_path / 'w.xml'}: an XCSP3 instance")
    back = read_xcsp(tmp_path / "w.xml")
    if model.objective is None:
        assert count_csp(back).count == count_csp(model).count
    else:
        assert solve_csp(back, method="mac/wdeg").objective == solve_csp(model, method="mac/wdeg").objective
    if ace_jar() is not None:
        run = subprocess.run(["java", "-jar", str(ace_jar()), str(tmp_path / "w.xml"),
                              *(["-s=all"] if model.objective is None else [])], capture_output=True, text=True,
                             timeout=120)  # fmt: skip
        out = re.sub(r"\x1b\[[0-9;]*m", "", run.stdout)
        if model.objective is None:
            assert int(re.search(r"FOUND SOLUTIONS\s+([\d,]+)", out).group(1).replace(",", "")) == count_csp(
                model).count  # fmt: skip
        else:
            assert int(re.findall(r"cost='(-?\d+)'", out)[-1]) == solve_csp(model, method="mac/wdeg").objective


def test_the_model_remembers_its_arrays_and_writes_them_back_as_arrays(tmp_path):
    """A model file's array of two dimensions and an XCSP3 array with holes and domains of its
    cells are written as <array>s of their sizes (they were v0, v1… with notes), read back with the
    same names, arrays and solutions."""
    grid = read_model(ROOT / "puzzles" / "sudoku.csp")
    assert grid.arrays == {"c": (9, 9)}
    assert '<array id="c" size="[9][9]"> 1..9 </array>' in to_xcsp(grid) and "note=" not in to_xcsp(grid)
    (tmp_path / "grid.xml").write_text(to_xcsp(grid))
    back = read_xcsp(tmp_path / "grid.xml")
    assert back.arrays == grid.arrays and back.names == grid.names
    assert [list(s.values()) for s in CspStream(back)] == [list(s.values()) for s in CspStream(grid)]  # (433)
    holes = (
        '<array id="a" size="[2][3]"><domain for="a[0][0] a[1][2]"> 1 2 </domain>'
        '<domain for="a[1][0]"> 0..4 </domain></array>'
    )
    model = read_xcsp(write(tmp_path, "<allDifferent> a[][] </allDifferent>", variables=holes))
    assert model.names == ["a[0][0]", "a[1][0]", "a[1][2]"] and model.arrays == {"a": (2, 3)}
    written = to_xcsp(model)
    assert (
        '<domain for="a[0][0] a[1][2]"> 1 2 </domain>' in written and '<domain for="a[1][0]"> 0..4 </domain>' in written
    )
    (tmp_path / "holes.xml").write_text(written)
    again = read_xcsp(tmp_path / "holes.xml")
    assert (again.names, again.domains, again.arrays) == (model.names, model.domains, model.arrays)
    assert count_csp(again).count == count_csp(model).count == 2 * 3  # (1 2 or 2 1, then a[1][0] another)


def test_int_array_names_its_cells_as_xcsp3_does():
    m = Model()
    grid = m.int_array((2, 3), 0, 5, name="g")
    row = m.int_array(4, {1, 3}, name="r")
    assert [[v.name for v in line] for line in grid] == [[f"g[{i}][{j}]" for j in range(3)] for i in range(2)]
    assert [v.name for v in row] == [f"r[{k}]" for k in range(4)] and m.domains[-1] == (1, 3)
    assert m.arrays == {"g": (2, 3), "r": (4,)}
    assert '<array id="g" size="[2][3]"> 0..5 </array>' in to_xcsp(m)
    for shape, message in [((2, 0), "each of 1 or more"), ((), "is not a size"), ((1000, 1001), "more than 1,000,000"),
                           ("3", "is not a size")]:  # fmt: skip
        with pytest.raises(InvalidInput, match=message):
            m.int_array(shape, 0, 1, name="h")
    with pytest.raises(InvalidInput, match="'g' is the name of another array"):
        m.int_array(2, 0, 1, name="g")


def test_what_xcsp3_cannot_say_is_refused(tmp_path):
    m = Model()
    x, y = m.int_var(-3, 3, "x"), m.int_var(0, 3, "y")
    for constraint, message in [(predicate(lambda a: a > 0, [x]), "a predicate"),
                                (x // 2 == y, "truncate where essais's // rounds down"),
                                (increasing([x + 1, y]), "Increasing on expressions")]:  # fmt: skip
        bad = Model()
        bad.names, bad.domains, bad.variables = m.names, m.domains, m.variables
        bad.constraints = [constraint]
        with pytest.raises(InvalidInput, match=message):
            to_xcsp(bad)
    refused = invoke(["csp", str(ROOT / "puzzles" / "zebra.csp"), "--write-xcsp", str(tmp_path / "z.xml"), "--count"])
    assert refused.exit_code == 2 and "--write-xcsp writes the model and stops" in refused.stderr


def test_an_element_whose_index_may_fall_beyond_its_list_is_written_with_its_index_kept_within(tmp_path):
    """y in 0..3 indexes a list of 2: where y is 2 or 3, the term has no value and no solution has it."""
    m = Model()
    x, y = m.int_var(-3, 3, "x"), m.int_var(0, 3, "y")
    m.add(element([1, 2], y) == x)
    path = tmp_path / "e.xml"
    path.write_text(to_xcsp(m))
    assert "<intension> and(ge(y,0),le(y,1)) </intension>" in path.read_text()
    assert sorted(map(tuple, map(dict.items, CspStream(read_xcsp(path))))) == [
        (("x", 1), ("y", 0)),
        (("x", 2), ("y", 1)),
    ]


def test_the_competition_s_output_lines(tmp_path):
    ruler = invoke(["csp", str(DATA / "golomb-8.xml"), "--method", "mac/input", "--competition-output"])
    lines = ruler.stdout.splitlines()
    costs = [int(line[2:]) for line in lines if line.startswith("o ")]
    assert ruler.exit_code == 0 and costs == sorted(costs, reverse=True) and costs[-1] == 34
    assert lines[-2] == "s OPTIMUM FOUND" and lines[-1].startswith('v <instantiation type="solution" cost="34">')
    names, values = re.search(r"<list> (.*) </list> <values> (.*) </values>", lines[-1]).groups()
    model = read_xcsp(DATA / "golomb-8.xml")
    assert csp_error(model, dict(zip(names.split(), map(int, values.split()), strict=True))) is None
    queens = invoke(["csp", str(DATA / "queens-8.xml"), "--competition-output"])
    assert queens.exit_code == 0 and queens.stdout.splitlines()[0] == "s SATISFIABLE"
    (tmp_path / "u.csp").write_text("var x in 0..3\nx > 5\n")
    none = invoke(["csp", str(tmp_path / "u.csp"), "--competition-output"])
    assert none.exit_code == 1 and none.stdout == "s UNSATISFIABLE\n"
    stopped = invoke(["csp", str(DATA / "golomb-8.xml"), "--competition-output", "--node-limit", "5"])
    assert stopped.exit_code == 3 and stopped.stdout.splitlines()[-1] == "s UNKNOWN"


def test_json_says_the_competition_s_status_beside_the_house_s():
    assert solve_csp(read_xcsp(DATA / "golomb-8.xml"), method="mac/input").to_dict()["xcsp_status"] == "OPTIMUM FOUND"
    assert solve_csp(read_xcsp(DATA / "queens-8.xml")).to_dict()["xcsp_status"] == "SATISFIABLE"
    assert solve_csp(read_xcsp(DATA / "golomb-8.xml"), node_limit=5).to_dict()["xcsp_status"] == "UNKNOWN"
    counted = count_csp(read_xcsp(DATA / "queens-8.xml")).to_dict()
    assert counted["status"] == "complete" and counted["xcsp_status"] == "SATISFIABLE"
    m = Model()
    x = m.int_var(0, 3, "x")
    m.add(x > 5)
    assert solve_csp(m).to_dict()["xcsp_status"] == count_csp(m).to_dict()["xcsp_status"] == "UNSATISFIABLE"


ARRAY = '<array id="x" size="[4]"> 0..3 </array> <var id="y"> 0..3 </var>'


@pytest.mark.parametrize(
    ("body", "count"),
    [
        # a compact reference in <args> fills as many places as it names: x0 < x1 and x2 < x3
        ("<group><intension> lt(%0,%1) </intension><args> x[0..1] </args><args> x[2..3] </args></group>", 6 * 6 * 4),
        # %... stands for the arguments after the last %i: x1 + x2 = x0 (not x0 + x1 + x2 = x0)
        ("<group><sum><list> %... </list><condition> (eq,%0) </condition></sum><args> x[0..2] </args></group>",
         10 * 4 * 4),
        # the in condition reads the template's arguments: x0 + x1 in {3}
        ("<group><sum><list> %0 %1 </list><condition> (in,{%2}) </condition></sum><args> x[0] x[1] 3 </args>"
         "</group>", 4 * 4 * 4 * 4),
        # a task of length 0 may not lie strictly inside another: y < x[0] < y + 2 refused
        ("<noOverlap zeroIgnored='false'><origins> x[0] y </origins><lengths> 0 2 </lengths></noOverlap>",
         13 * 4 * 4 * 4),
        ("<noOverlap><origins> x[0] y </origins><lengths> 0 2 </lengths></noOverlap>", 16 * 4 * 4 * 4),
        # a value repeated (vxk): x0 + x1 + x2 + 2·x3 = 3
        ("<sum><list> x[] </list><coeffs> 1x3 2 </coeffs><condition> (eq,3) </condition></sum>", (10 + 3) * 4),
    ],
)  # fmt: skip
def test_groups_and_attributes_mean_what_xcsp3_says(tmp_path, body, count):
    """Counts worked out by hand (a brute force of the model would read the file as essais does)."""
    model = read_xcsp(write(tmp_path, body, variables=ARRAY))
    assert count_csp(model).count == count


@pytest.mark.parametrize(
    ("body", "solutions"),
    [
        # x[i] = j exactly when x[j] = i, indices from 1: the involutions of {1, 2}
        ("<channel><list startIndex='1'> x y </list></channel>", {(1, 2), (2, 1)}),
        # x (index 1) = 0 exactly when y (index 0) = 1
        ("<channel><list startIndex='1'> x </list><list> y </list></channel>", {(0, 1)}),
        # the last item of [1, x, 1] that is 1 is at y: y = 2 whatever x
        ("<element><list> 1 x 1 </list><index rank='last'> y </index><value> 1 </value></element>",
         {(x, 2) for x in range(4)}),
        # the first: y = 0
        ("<element><list> 1 x 1 </list><index rank='first'> y </index><value> 1 </value></element>",
         {(x, 0) for x in range(4)}),
        ("<element><list> 1 x 1 </list><index> y </index><value> 1 </value></element>",
         {(x, 0) for x in range(4)} | {(1, 1)} | {(x, 2) for x in range(4)}),
    ],
)  # fmt: skip
def test_start_indices_and_ranks_are_honoured(tmp_path, body, solutions):
    model = read_xcsp(write(tmp_path, body))
    assert {(values["x"], values["y"]) for values in CspStream(model)} == solutions


def latin(x, y):
    return len({x[0], x[1]}) == len({x[2], x[3]}) == len({x[0], x[2]}) == len({x[1], x[3]}) == 2


@pytest.mark.parametrize(
    ("body", "meaning"),
    [
        ("<allEqual> x[] </allEqual>", lambda x, y: len(set(x)) == 1),
        ("<allDifferent><list> x[] </list><except> 0 </except></allDifferent>",
         lambda x, y: len([v for v in x if v]) == len({v for v in x if v})),
        ("<allDifferent><list> x[0] x[1] </list><list> x[2] x[3] </list></allDifferent>",
         lambda x, y: (x[0], x[1]) != (x[2], x[3])),
        # a matrix given as a 2-D reference (z[][]), or its rows written out
        ("<allDifferent><matrix> z[][] </matrix></allDifferent>", latin),
        ("<allDifferent><matrix> (z[0][0],z[0][1])(z[1][0],z[1][1]) </matrix></allDifferent>", latin),
        ("<lex><matrix> z[][] </matrix><operator> le </operator></lex>",
         lambda x, y: (x[0], x[1]) <= (x[2], x[3]) and (x[0], x[2]) <= (x[1], x[3])),
        ("<lex><matrix> z[][] </matrix><operator> gt </operator></lex>",
         lambda x, y: (x[0], x[1]) > (x[2], x[3]) and (x[0], x[2]) > (x[1], x[3])),
        # an occurrence is a number, a variable or an interval lo..hi (not two values)
        ("<cardinality><list> x[] </list><values> 0 1 </values><occurs> 1..2 y </occurs></cardinality>",
         lambda x, y: 1 <= x.count(0) <= 2 and x.count(1) == y),
        ("<cardinality><list> x[] </list><values closed='true'> 0 1 </values><occurs> 2 2 </occurs></cardinality>",
         lambda x, y: x.count(0) == x.count(1) == 2),
        ("<cardinality><list> x[] </list><values> 3 y </values><occurs> 1 2 </occurs></cardinality>",
         lambda x, y: x.count(3) == 1 and x.count(y) == 2),
    ],
)  # fmt: skip
def test_the_constraints_read_since_mean_what_xcsp3_says(tmp_path, body, meaning):
    """Each against its meaning written in Python: x[0..3] (or a 2x2 grid z, row by row) and y in
    0..3, every assignment of the five tried."""
    cells = '<array id="z" size="[2][2]"> 0..3 </array>' if "z[" in body else '<array id="x" size="[4]"> 0..3 </array>'
    model = read_xcsp(write(tmp_path, body, variables=f'{cells} <var id="y"> 0..3 </var>'))
    expected = sum(meaning(list(row[:4]), row[4]) for row in itertools.product(range(4), repeat=5))
    assert count_csp(model).count == expected
