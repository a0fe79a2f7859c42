"""FlatZinc files read as models (essais.csp.flatzinc): files copied into the tests (compiled by
MiniZinc 2.6.4 with its standard library, and one written by hand), and, where `minizinc` is
installed, small MiniZinc models covering the built-ins compiled with `-G std`, solved and
counted by essais and by Gecode with the same numbers; and bad files refused in one line."""

import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from unittest.mock import patch

import pytest

from essais.csp import (
    CspStream,
    FlatZincError,
    count_csp,
    csp_error,
    read_flatzinc,
    read_minizinc,
    read_model,
    solve_csp,
)
from essais.csp.api import minizinc, optimise
from essais.csp.draw import watch_csp
from essais.csp.flatzinc import read_flatzinc_file

from conftest import ROOT, invoke

DATA = ROOT / "tests" / "data" / "flatzinc"
MINIZINC = shutil.which("minizinc") or "minizinc"  # (where missing: skipped, or in CI a failure)
# (CI installs it, .ci/run: there a missing minizinc fails the tests instead)
needs_minizinc = pytest.mark.skipif(shutil.which("minizinc") is None and os.environ.get("CI") != "true",
                                    reason="minizinc is not installed (Debian's package minizinc)")  # fmt: skip


def test_a_compiled_model_finds_gecodes_optimum():
    """Six queens weighted (alldifferent decomposed, a reified <, a clause with a mod): Gecode's
    optimum, 77."""
    model = read_flatzinc(DATA / "queens-weighted.fzn")
    for engine in ("python", "numba"):
        found = solve_csp(model, engine=engine)
        assert found.optimal and found.objective == 77 and csp_error(model, found.values) is None
    assert [name for name in model.names[:6]] == [f"q[{i}]" for i in range(1, 7)]  # (named by its output array)


def test_every_solution_of_a_compiled_model_is_gecodes():
    """abs, div, mod, min, max, times, a reified sum, xor: Gecode's 65 solutions."""
    model = read_flatzinc(DATA / "mixed.fzn")
    for engine in ("python", "numba"):
        assert count_csp(model, engine=engine).count == 65
    assert all(csp_error(model, values) is None for values in CspStream(model))


def test_a_file_by_hand_with_aliases_sets_and_annotations():
    model = read_flatzinc(DATA / "by-hand.fzn")
    assert "a01" not in model.names and "z" not in model.names  # (bool2int's two, and z = y: one variable each)
    found = solve_csp(model)
    assert found.optimal and found.objective == 20 and found.values["fixed"] == 7
    result = invoke(["csp", str(DATA / "by-hand.fzn"), "--json"])
    assert result.exit_code == 0 and '"objective": 20' in result.stdout


def test_an_array_of_numbers_reads_alike_on_its_own_line_or_not(tmp_path):
    """A parameter array on one line is read as JSON (parser.FAST_NUMBERS), on two by the tokens:
    the same table either way; leading zeros and hexadecimal go to the tokens."""
    rows = "1, 2, -3, 007, 3, 0x2"
    solutions = []
    for between in (" ", "\n"):
        path = tmp_path / "table.fzn"
        path.write_text(f"array [1..6] of int: t ={between}[{rows}];\narray [1..6] of int: u = [1, 2, -3, 7, 3, 2];\n"
                        "var -3..3: x;\nvar -3..3: y;\nconstraint fzn_table_int([x, y], t);\n"
                        "constraint fzn_table_int([x, y], u);\nsolve satisfy;\n")  # fmt: skip
        solutions.append([sorted(v.items()) for v in CspStream(read_flatzinc(path))])
    assert solutions[0] == solutions[1] == [[("x", 1), ("y", 2)], [("x", 3), ("y", 2)]]  # ((-3, 7): y is at most 3)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("var float: f;\nsolve satisfy;\n", "line 1: f: a float variable"),
        ("var set of 1..3: s;\nsolve satisfy;\n", "line 1: s: a set variable"),
        (
            "var 1..3: x;\nconstraint fzn_made_up(x);\nsolve satisfy;\n",
            "line 2: constraint fzn_made_up: not an integer",
        ),
        (
            "var 1..3: x;\nconstraint fzn_cumulative(x);\nsolve satisfy;\n",
            "line 2: constraint fzn_cumulative: not the arguments it takes",
        ),
        ("var 1..3: x;\nconstraint int_le(x, y);\nsolve satisfy;\n", "line 2: y is not declared before it is used"),
        (
            "var 1..3: x;\nconstraint int_lin_le([1], [x], x);\nsolve satisfy;\n",
            "line 2: constraint int_lin_le: its coefficients",
        ),
        ("var 1..3: x\nsolve satisfy;\n", "line 2: ';' expected, not 'solve'"),
        ("var 1..3: x;\n", "no solve item"),
        ("var 1..3: x;\nconstraint int_le(x, 3;\nsolve satisfy;\n", "line 2: ')' expected"),
        ("var 1..3: x; $\nsolve satisfy;\n", "line 1: unexpected character '$'"),
        ("var 1..3: x;\nconstraint int_pow(x, x, x);\nsolve satisfy;\n", "its exponent is a variable"),
        ("var 1.." + "9" * 5000 + ": x;\nsolve satisfy;\n", "line 1: 99999999999999999999…: a number of 5,000 digits"),
        ("array [1..2] of int: a = [1, " + "9" * 200 + "];\nsolve satisfy;\n", "…: a number of 200 digits"),
        ("array [1..1] of int: a = " + "[" * 5000 + "1" + "]" * 5000 + ";\nsolve satisfy;\n", "nested too deep"),
    ],
)
def test_a_bad_file_is_refused_in_one_line(tmp_path, text, message):
    path = tmp_path / "bad.fzn"
    path.write_text(text)
    with pytest.raises(FlatZincError, match=re.escape(message)):
        read_flatzinc(path)
    result = invoke(["csp", str(path)])
    assert result.exit_code == 2 and message in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


# -- beside Gecode, where minizinc is installed --------------------------------------------------------------
BUILTIN_MODELS = {
    "linear and reified": """
        array[1..3] of var -2..3: x; var bool: b; var bool: c;
        constraint (x[1] + 2*x[2] <= 2) <-> b;
        constraint (x[1] - x[3] = 1) -> c;
        constraint (x[2] != x[3]) \\/ b;
        constraint 3*x[1] - x[2] + x[3] != 2;""",
    "arithmetic": """
        var -4..4: x; var -3..3: y; var -5..5: z;
        constraint z = abs(x) - y \\/ z = x div y;
        constraint x mod 3 != y mod 2;
        constraint max(x, y) - min(y, z) <= 4;
        constraint x * y >= z;""",
    "powers and extremes": """
        array[1..3] of var 0..4: x; var 0..20: p;
        constraint p = x[1] * x[1] + x[2];
        constraint max(x) = x[3] + 1;
        constraint min(x) <= 1;""",
    "elements": """
        array[1..4] of var 1..5: x; var 1..4: i; var 1..4: j;
        array[1..4] of int: c = [3, 1, 4, 1];
        constraint x[i] = c[j] + 1;
        constraint x[j] != x[i];
        constraint sum(x) <= 9;""",
    "Booleans": """
        array[1..4] of var bool: b; var bool: r;
        constraint r <-> (b[1] /\\ b[2]);
        constraint b[3] xor b[4];
        constraint b[1] \\/ not b[2] \\/ b[3];
        constraint sum(i in 1..4)(bool2int(b[i])) >= 2;
        constraint not (b[4] /\\ r);""",
    "parities": """
        array[1..5] of var bool: b; array[1..4] of var bool: c;
        constraint xorall(b);
        constraint xorall([b[1], c[2], c[3], not b[4]]);
        constraint c[1] = xorall([b[2], b[3], c[4]]);
        constraint sum(i in 1..4)(bool2int(c[i])) >= 2;""",
    "sets of values": """
        var 1..9: x; var 1..9: y; var bool: b;
        constraint x in {1, 3, 5, 7};
        constraint b <-> (y in 3..6);
        constraint b -> (x in {3, 5});
        constraint x + y <= 8;""",
    "an optimum": """
        array[1..5] of var 0..1: t; var 0..100: total;
        array[1..5] of int: w = [4, 3, 5, 2, 6]; array[1..5] of int: v = [7, 5, 9, 3, 10];
        constraint sum(i in 1..5)(w[i] * t[i]) <= 10;
        constraint total = sum(i in 1..5)(v[i] * t[i]);
        solve maximize total;""",
}


def compiled(tmp_path: Path, name: str, text: str) -> tuple[Path, Path]:
    source = tmp_path / f"{name.replace(' ', '-')}.mzn"
    source.write_text(text if "solve" in text else text + "\nsolve satisfy;\n")
    flat = source.with_suffix(".fzn")
    subprocess.run([MINIZINC, "-c", "-G", "std", "--solver", "gecode", str(source), "--fzn", str(flat)],
                   check=True, capture_output=True, timeout=60)  # fmt: skip
    return source, flat


def gecode(source: Path, *flags: str) -> str:
    done = subprocess.run([MINIZINC, "--solver", "gecode", "-G", "std", *flags, str(source)],
                          check=True, capture_output=True, text=True, timeout=60)  # fmt: skip
    return done.stdout


@needs_minizinc
@pytest.mark.parametrize("name", list(BUILTIN_MODELS))
def test_each_built_in_beside_gecode(tmp_path, name):
    """The same number of solutions as Gecode's (distinct on the outputs: MiniZinc's own
    variables), or the same optimum; each solution checked by the model's checker."""
    source, flat = compiled(tmp_path, name, BUILTIN_MODELS[name])
    model = read_flatzinc(flat)
    outputs = [name for name in model.names if not name.startswith("X_INTRODUCED")]
    if "solve maximize" in BUILTIN_MODELS[name]:
        best = int(
            re.findall(r"_objective = (-?\d+);", gecode(source, "--output-objective", "--output-mode", "dzn"))[-1]
        )
        for engine in ("python", "numba"):
            found = solve_csp(model, engine=engine)
            assert found.optimal and found.objective == best and csp_error(model, found.values) is None
        return
    theirs = gecode(source, "-a").count("----------")
    for engine in ("python", "numba"):
        found = list(CspStream(model, engine=engine))
        assert len({tuple(values[n] for n in outputs) for values in found}) == len(found) == theirs > 0
        assert all(csp_error(model, values) is None for values in found)


def test_a_weighted_count_of_booleans_may_equal_a_variable(tmp_path):
    """bool_lin_eq declares its right side a variable (int_lin_eq a number)."""
    path = tmp_path / "count.fzn"
    path.write_text("var bool: a;\nvar bool: b;\nvar 0..1: c;\nconstraint bool_lin_eq([1, 2], [a, b], c);\n"
                    "solve satisfy;\n")  # fmt: skip
    model = read_flatzinc(path)
    assert sorted(tuple(d.values()) for d in CspStream(model)) == [(0, 0, 0), (1, 0, 1)]


# the globals essais's MiniZinc library sends whole, each with the predicate it arrives as
GLOBAL_MODELS = {
    "all_different": ("array[1..4] of var 1..5: x; constraint all_different(x);", "fzn_all_different_int"),
    "circuit from 0": ("array[0..4] of var 0..4: s; constraint circuit(s);", "essais_circuit"),
    "circuit from 1": ("array[1..5] of var 1..5: s; constraint circuit(s);", "essais_circuit"),
    "subcircuit (empty too)": ("array[1..4] of var 1..4: s; constraint subcircuit(s);", "essais_subcircuit"),
    "table with a constant": (
        "array[1..3] of var 0..4: y; constraint table([y[1], 2, y[2], y[3]], [|0,2,1,2|1,2,3,3|2,3,4,1|0,2,0,0|]);",
        "fzn_table_int",
    ),
    "table of Booleans": (
        "array[1..3] of var bool: y; constraint table(y, [|true,false,true|false,false,true|]);",
        "fzn_table_bool",
    ),
    "count of a variable": ("array[1..4] of var 0..3: x; var 0..3: v; constraint count(x, v) = 2;", "fzn_count_eq"),
    "count of a value": ("array[1..4] of var 0..3: x; var 1..3: c; constraint count(x, 1) = c;", "fzn_count_eq"),
    "global_cardinality": (
        "array[1..4] of var 0..3: x; constraint global_cardinality(x, [1,2], [1, 2]);",
        "fzn_global_cardinality",
    ),
    "global_cardinality counted": (
        "array[1..4] of var 0..3: x; array[1..2] of var 0..4: c; constraint global_cardinality(x, [1,2], c);",
        "fzn_global_cardinality",
    ),
    "increasing": ("array[1..4] of var 0..3: x; constraint increasing(x);", "fzn_increasing_int"),
    "strictly_increasing": (
        "array[1..4] of var 0..5: x; constraint strictly_increasing(x);",
        "fzn_strictly_increasing_int",
    ),
    "lex_lesseq": (
        "array[1..3] of var 0..2: x; array[1..3] of var 0..2: y; constraint lex_lesseq(x, y);",
        "fzn_lex_lesseq_int",
    ),
    "lex_less, longer left": (
        "array[1..3] of var 0..2: x; array[1..2] of var 0..2: y; constraint lex_less(x, y);",
        "fzn_lex_less_int",
    ),
    "lex_less, shorter left": (
        "array[1..2] of var 0..2: x; array[1..3] of var 0..2: y; constraint lex_less(x, y);",
        "fzn_lex_less_int",
    ),
    "lex_lesseq, longer left": (
        "array[1..3] of var 0..1: x; array[1..2] of var 0..1: y; constraint lex_lesseq(x, y);",
        "fzn_lex_lesseq_int",
    ),
    "lex_less of Booleans": (
        "array[1..3] of var bool: x; array[1..3] of var bool: y; constraint lex_less(x, y);",
        "fzn_lex_less_bool",
    ),
    "disjunctive, fixed": ("array[1..3] of var 0..4: s; constraint disjunctive(s, [2, 0, 1]);", "fzn_disjunctive"),
    "disjunctive, durations vary": (
        "array[1..3] of var 0..4: s; array[1..3] of var 0..2: d; constraint disjunctive(s, d);",
        "fzn_disjunctive",
    ),
    "disjunctive_strict, durations vary": (
        "array[1..3] of var 0..4: s; array[1..3] of var 0..2: d; constraint disjunctive_strict(s, d);",
        "fzn_disjunctive_strict",
    ),
    "cumulative, fixed": (
        "array[1..4] of var 0..4: s; constraint cumulative(s, [2, 1, 2, 1], [2, 1, 1, 2], 3);",
        "fzn_cumulative",
    ),
    "cumulative, heights and capacity vary": (
        "array[1..3] of var 0..3: s; array[1..3] of var 1..2: h; var 2..3: b;"
        " constraint cumulative(s, [2, 1, 2], h, b);",
        "fzn_cumulative",
    ),
    "nvalue": ("array[1..4] of var 0..3: x; var 0..4: n; constraint nvalue(n, x) /\\ n = 2;", "fzn_nvalue"),
    "max and min": (
        "array[1..3] of var 0..3: x; var 0..3: a; var 0..3: b; constraint a = max(x) /\\ b = min(x) /\\ a - b = 1;",
        "array_int_maximum",
    ),
    "element from 0": (
        "array[0..3] of var 0..3: x; var 0..3: i; constraint x[i] = 2 /\\ all_different(x);",
        "essais_element",
    ),
    "half-reified": (
        "var 0..5: x; var 0..5: y; var bool: b; constraint b -> x + y <= 4; constraint (not b) -> x = y;",
        "int_lin_le_imp",
    ),
    "a fixed power": ("var -3..3: x; var -30..30: y; constraint y = pow(x, 3);", "int_pow_fixed"),
    "a clause reified": (
        "array[1..3] of var bool: a; var bool: r; constraint r <-> (a[1] \\/ not a[2] \\/ a[3]);",
        "bool_clause_reif",
    ),
    "a set variable": ("var set of 1..4: s; var 1..4: x; constraint x in s /\\ card(s) = 2;", "bool_lin_eq"),
}


@needs_minizinc
@pytest.mark.parametrize("name", list(GLOBAL_MODELS))
def test_the_globals_essais_propagates_beside_gecode(tmp_path, name):
    """Compiled with essais's MiniZinc library (its globals arrive whole): as many solutions as
    Gecode's, distinct on the model's variables, in both engines, each checked."""
    text, predicate = GLOBAL_MODELS[name]
    source = tmp_path / "global.mzn"
    source.write_text(f'include "globals.mzn";\n{text}\nsolve satisfy;\n')
    invoke(["minizinc", "install", "--dir", str(tmp_path)])
    flat = tmp_path / "global.fzn"
    subprocess.run([MINIZINC, "-c", "--solver", str(tmp_path / "essais.msc"), str(source), "--fzn", str(flat)],
                   check=True, capture_output=True, timeout=60)  # fmt: skip
    assert f"constraint {predicate}(" in flat.read_text()
    read = read_flatzinc_file(flat)
    model = read.model
    theirs = gecode(source, "-a").count("----------")
    for engine in ("python", "numba"):
        found = list(CspStream(model, engine=engine))
        shown = {tuple(output.text(list(values.values())) for output in read.outputs) for values in found}
        assert len(shown) == len(found) == theirs > 0  # (told apart by the outputs: MiniZinc's own existential)
        assert all(csp_error(model, values) is None for values in found)


# -- essais as a FlatZinc solver -----------------------------------------------------------------------------
def fzn(*arguments):
    result = invoke(["fzn", *map(str, arguments)])
    return result, result.stdout.splitlines()


@pytest.mark.parametrize(
    ("name", "flags"),
    [("mixed.fzn", {"every": True}), ("mixed.fzn", {"most": 7}), ("queens-weighted.fzn", {"intermediate": True}),
     ("by-hand.fzn", {})],
)  # fmt: skip
@pytest.mark.parametrize("budget", [1e-6, 0.002, 0.02])
def test_the_python_engine_first_then_numba_give_the_numba_engine_s_lines(name, flags, budget):
    """No engine named, a small model: the python engine searches first, for at most QUICK_SECONDS
    (lowered here so that the numba engine takes over at different moments), then the numba engine
    from the start, the solutions already given skipped: the lines are those of the numba engine
    alone, statistics included."""
    run = minizinc.FlatZincRun(statistics=True, **flags)
    assert minizinc._small(read_flatzinc_file(DATA / name).model)  # (the python engine tries it first)

    def lines(engine):
        found = minizinc.flatzinc_lines(DATA / name, replace(run, engine=engine))
        return [
            line for line in found if not line.startswith(("%%%mzn-stat: solveTime", "%%%mzn-stat: essais_seconds"))
        ]

    with patch.object(minizinc, "QUICK_SECONDS", budget):
        assert lines(None) == lines("numba")


def test_a_small_flatzinc_model_never_loads_numba():
    """The start-up of a small model (essais fzn's): numba is not even imported."""
    code = "import sys; from essais.cli import fzn_main; sys.argv[1:] = [sys.argv[1]]; fzn_main()"
    probe = f"import atexit, sys; atexit.register(lambda: print('numba' in sys.modules)); {code}"
    ran = subprocess.run([sys.executable, "-c", probe, str(DATA / "by-hand.fzn")], capture_output=True, text=True,
                         timeout=120)  # fmt: skip
    assert ran.stdout.splitlines()[-1] == "False", ran.stdout + ran.stderr


def test_failures_are_the_values_tried_that_failed(tmp_path):
    """x, y, z in 1..2, pairwise different by int_ne alone (no all_different): the root prunes
    nothing; x = 1 leaves y and z 2 each, which fails, and so does x = 2: two failures, as Gecode
    counts them (its failed nodes), where the search backed up from no level."""
    model = tmp_path / "pigeons.fzn"
    model.write_text("var 1..2: x :: output_var;\nvar 1..2: y :: output_var;\nvar 1..2: z :: output_var;\n"
                     "constraint int_ne(x, y);\nconstraint int_ne(x, z);\nconstraint int_ne(y, z);\n"
                     "solve satisfy;\n")  # fmt: skip
    for engine in ("python", "numba"):
        result, lines = fzn(model, "-s", "--method", "mac/input", "--engine", engine)
        assert result.exit_code == 0 and lines[0] == "=====UNSATISFIABLE====="
        assert "%%%mzn-stat: failures=2" in lines and "%%%mzn-stat: nodes=1" in lines


def test_the_flatzinc_protocol_line_by_line():
    result, lines = fzn(DATA / "queens-weighted.fzn")
    assert result.exit_code == 0
    assert lines == ["b = false;", "q = array1d(1..6, [4, 1, 5, 2, 6, 3]);", "----------", "=========="]
    result, lines = fzn(DATA / "mixed.fzn", "-a", "-s")
    assert lines.count("----------") == 65 and lines[lines.index("%%%mzn-stat: solutions=65") - 1] == "=========="
    assert lines[-1] == "%%%mzn-stat-end" and any(line.startswith("%%%mzn-stat: nodes=") for line in lines)
    result, lines = fzn(DATA / "mixed.fzn", "-n", "2")
    assert lines.count("----------") == 2 and "==========" not in lines
    result, lines = fzn(DATA / "queens-weighted.fzn", "-i")
    assert lines.count("----------") == 2 and lines[-1] == "=========="  # (each better solution, the last proved)


def test_no_solution_unknown_and_an_error_in_the_protocol(tmp_path):
    none = tmp_path / "none.fzn"
    none.write_text("var 1..2: x;\nconstraint int_lt(x, 1);\nsolve satisfy;\n")
    result, lines = fzn(none)
    assert result.exit_code == 0 and lines == ["=====UNSATISFIABLE====="]
    hard = tmp_path / "hard.fzn"
    hard.write_text("var 0..1000000000000000: x;\nvar 0..1000000000000000: y;\n"
                    "constraint int_lt(x, y);\nconstraint int_lt(y, x);\nsolve satisfy;\n")  # fmt: skip
    result, lines = fzn(hard, "-t", "300")
    assert result.exit_code == 0 and lines == ["=====UNKNOWN====="]  # (the limit inside the root's propagation)
    bad = tmp_path / "bad.fzn"
    bad.write_text("var float: f;\nsolve satisfy;\n")
    result, lines = fzn(bad)
    assert result.exit_code == 2 and lines == ["=====ERROR====="] and "line 1: f: a float variable" in result.stderr


def test_the_solver_configuration_is_written_where_asked(tmp_path):
    result = invoke(["minizinc", "install", "--dir", str(tmp_path)])
    assert result.exit_code == 0 and str(tmp_path / "essais.msc") in result.stdout
    configuration = json.loads((tmp_path / "essais.msc").read_text())
    assert configuration["id"] == "org.essais.essais" and Path(configuration["executable"]).is_absolute()
    assert (Path(configuration["mznlib"]) / "fzn_all_different_int.mzn").is_file()
    assert configuration["stdFlags"] == ["-a", "-f", "-i", "-n", "-p", "-r", "-s", "-t"]
    result = invoke(["minizinc", "uninstall"])
    assert result.exit_code == 2 and "the action is install" in result.stderr


@needs_minizinc
@pytest.mark.parametrize("name", list(BUILTIN_MODELS))
def test_minizinc_runs_essais_as_a_solver(tmp_path, name):
    """`minizinc --solver essais.msc` (essais's MiniZinc library): the same number of solutions
    as Gecode's, or the same optimum."""
    source, _ = compiled(tmp_path, name, BUILTIN_MODELS[name])
    invoke(["minizinc", "install", "--dir", str(tmp_path)])
    solver = str(tmp_path / "essais.msc")
    if "solve maximize" in BUILTIN_MODELS[name]:
        flags = ("--output-objective", "--output-mode", "dzn")
        theirs = gecode(source, *flags)
        ours = subprocess.run([MINIZINC, "--solver", solver, *flags, str(source)], check=True, capture_output=True,
                              text=True, timeout=120).stdout  # fmt: skip
        assert re.findall(r"_objective = (-?\d+);", ours)[-1] == re.findall(r"_objective = (-?\d+);", theirs)[-1]
        assert ours.rstrip().endswith("==========")
        return
    ours = subprocess.run([MINIZINC, "--solver", solver, "-a", str(source)], check=True, capture_output=True,
                          text=True, timeout=120).stdout  # fmt: skip
    assert ours.count("----------") == gecode(source, "-a").count("----------") and "==========" in ours


def test_each_search_annotation_is_a_phase_of_the_search(tmp_path):
    path = tmp_path / "annotated.fzn"
    path.write_text(
        "var 0..9: a :: output_var;\nvar 0..9: b :: output_var;\nvar bool: c :: output_var;\n"
        "array [1..2] of var int: xs = [b, a];\nconstraint int_lt(a, b);\n"
        "solve :: seq_search([int_search(xs, first_fail, indomain_split, complete),"
        " bool_search([c], input_order, indomain_max, complete)]) satisfy;\n"
    )
    flat = read_flatzinc_file(path)
    assert flat.model.names == ["b", "a", "c"]  # (the annotations' variables first, in their order)
    assert [(p.variables, p.variable_order, p.value_order) for p in flat.model.phases] == [
        ((0, 1), "dom", "split"), ((2,), "input", "max")] and flat.search.notes == []  # fmt: skip
    result, lines = fzn(path)
    assert result.exit_code == 0 and lines == ["a = 0;", "b = 1;", "c = true;", "----------"] and result.stderr == ""
    path.write_text(path.read_text().replace("first_fail, indomain_split", "anti_first_fail, indomain_median"))
    flat = read_flatzinc_file(path)
    assert flat.model.phases[0].variable_order == "input" and flat.model.phases[0].value_order == "split"
    assert flat.search.notes == ["anti_first_fail: essais selects its variables by input instead",
                                 "indomain_median: essais tries its values by split instead"]  # fmt: skip
    result, _ = fzn(path)
    assert "essais: indomain_median: essais tries its values by split instead" in result.stderr
    result, lines = fzn(path, "-f")  # (essais's own search: nothing to say)
    assert result.exit_code == 0 and result.stderr == "" and "c = false;" in lines
    result, lines = fzn(path, "--method", "mac/input")  # (a method orders the variables the annotations leave)
    assert "c = true;" in lines and "essais: indomain_median" in result.stderr
    result, lines = fzn(path, "-f", "--method", "mac/input")
    assert "c = false;" in lines and result.stderr == ""


# -- essais csp model.mzn --------------------------------------------------------------------------------------------
QUEENS_MZN = ROOT / "tests" / "data" / "minizinc" / "queens.mzn"


def queens_placed(values, n):
    """Why the values are no placement of n queens, or None."""
    rows = [values[f"q[{i}]"] for i in range(1, n + 1)]
    ok = len(set(rows)) == n and len({r + i for i, r in enumerate(rows)}) == n == len(
        {r - i for i, r in enumerate(rows)}
    )
    return None if ok else f"{rows} attack each other"


@needs_minizinc
def test_a_minizinc_model_is_compiled_with_its_data_and_counted():
    """8 queens: 92 (the published count); its data given as -D or as a file; each solution checked."""
    model = read_minizinc(QUEENS_MZN, assignments=["n=8"])
    assert count_csp(model).count == 92
    six = read_model(QUEENS_MZN, data=[QUEENS_MZN.with_name("six.dzn")])
    found = list(CspStream(six, engine="python"))
    assert len(found) == 4 and all(
        queens_placed(values, 6) is None and csp_error(six, values) is None for values in found
    )
    result = invoke(["csp", str(QUEENS_MZN), str(QUEENS_MZN.with_name("six.dzn")), "--json"])
    values = json.loads(result.stdout)["values"]
    assert result.exit_code == 0 and sorted(values) == [f"q[{i}]" for i in range(1, 7)]  # (MiniZinc's own hidden)
    assert queens_placed(values, 6) is None
    result = invoke(["csp", str(QUEENS_MZN), "-D", "n=6", "--all"])
    assert result.exit_code == 0 and "4 solutions (complete)" in result.stdout
    shown = re.findall(r"#\d+  q = \[(.*)\]", result.stdout)  # (the model's output item writes each one)
    placed = [dict(zip([f"q[{i}]" for i in range(1, 7)], map(int, row.split(", ")), strict=True)) for row in shown]
    assert len(placed) == 4 and all(queens_placed(values, 6) is None for values in placed)


@needs_minizinc
def test_a_solution_the_output_item_cannot_write_is_written_as_flatzinc_outputs():
    model = read_minizinc(QUEENS_MZN, assignments=["n=4"])
    assert model.output is not None
    values = solve_csp(model).values
    assert model.output(values).startswith("q = [")
    broken = replace(model.output, minizinc="/nonexistent/minizinc")
    assert re.fullmatch(r"q = array1d\(1\.\.4, \[\d, \d, \d, \d\]\);", broken(values))  # (FlatZinc's words)


@needs_minizinc
def test_a_minizinc_model_that_does_not_compile_is_refused_in_one_line(tmp_path):
    result = invoke(["csp", str(QUEENS_MZN)])
    assert (
        result.exit_code == 2
        and "queens.mzn: Error: type error" in result.stderr
        and "`n' must be defined" in result.stderr
    )
    floats = tmp_path / "floats.mzn"
    floats.write_text("var 0.0..1.0: f;\nvar 1..3: x;\nconstraint f * 2.0 > int2float(x);\n")
    result = invoke(["csp", str(floats)])
    assert result.exit_code == 2 and "floats.mzn (as FlatZinc) line 1: f: a float variable" in result.stderr
    result = invoke(["csp", str(ROOT / "puzzles" / "queens8.csp"), "-D", "n=8"])
    assert result.exit_code == 2 and "go with a MiniZinc model" in result.stderr
    with patch("shutil.which", return_value=None):
        result = invoke(["csp", str(QUEENS_MZN), "-D", "n=8"])
    assert result.exit_code == 2 and "apt-get install minizinc" in result.stderr


def test_a_minizinc_models_search_is_watched_on_its_own_variables():
    """Six queens compiled from MiniZinc (its diagonals are MiniZinc's own variables): the page's
    rows are q[1]..q[6], and its count is the published 4."""
    model = read_flatzinc(ROOT / "tests" / "data" / "minizinc" / "queens-6.fzn")
    replay = watch_csp(model, method="forward/input", count=True)
    names = [replay.symbols[row[0]] for row in replay.initial]
    assert replay.rows == 6 and names == [f"q[{i}]" for i in range(1, 7)] and replay.result.count == 4
    assert len(model.names) > 6 and model.hidden == set(range(6, len(model.names)))


def test_the_best_solution_over_processes_is_the_best_of_one():
    """-p 2: the search for the best split over two processes (after 10 nodes of one search,
    not 50,000, so that it splits), the same optimum proved."""
    _, alone = fzn(DATA / "queens-weighted.fzn")
    with patch.object(optimise, "PROBE_NODES", 10), patch.object(optimise, "PROBE_SECONDS", 0):
        result, split = fzn(DATA / "queens-weighted.fzn", "-p", "2")
    assert result.exit_code == 0 and split[-1] == alone[-1] == "==========" and split[-2] == "----------"
    q = [int(v) for v in re.findall(r"\[(.*)\]", split[-3])[0].split(", ")]
    assert sum(i * row for i, row in enumerate(q, 1)) == 77 and sorted(q) == list(range(1, 7))  # (Gecode's optimum)
