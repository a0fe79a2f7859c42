"""Small MiniZinc models made by hypothesis — integer and Boolean variables, relations, arithmetic,
logic, globals — compiled twice, for Gecode (MiniZinc's standard library) and for essais (its own
library), then solved by both: the same status, the same number of solutions (told apart by the
model's variables, as MiniZinc prints them) or the same optimum; essais's in both engines."""

import re
import subprocess

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from csp.test_flatzinc import MINIZINC, gecode, needs_minizinc
from essais.csp import CspStream, count_csp, csp_error, solve_csp
from essais.csp.flatzinc import read_flatzinc_file

from conftest import invoke

# each relation over x (integers) and b (Booleans), by the places it names
RELATIONS = [
    "x[{i}] + 2 * x[{j}] <= {c}", "x[{i}] != x[{j}]", "abs(x[{i}] - x[{j}]) = {n}", "x[{i}] * x[{j}] >= {c}",
    "x[{i}] div {d} = x[{j}]", "x[{i}] mod {d} != {n}", "max(x[{i}], x[{j}]) = x[{k}]", "min(x) <= {c}",
    "b[{p}] <-> x[{i}] < x[{j}]", "b[{p}] -> x[{i}] = {c}", "b[{p}] \\/ b[{q}]", "b[{p}] xor b[{q}]",
    "alldifferent([x[{i}], x[{j}], x[{k}]])", "count(x, {c}) = {n}", "x[{i}] in {{{c}, {n}, 3}}",
    "increasing([x[{i}], x[{j}]])", "lex_lesseq([x[{i}], x[{j}]], [x[{k}], x[{i}]])", "sum(b) >= {n}",
    "x[{i}] = bool2int(b[{p}]) + x[{j}]", "(x[{i}] > {c}) \\/ (b[{p}] /\\ x[{j}] < {n})",
]  # fmt: skip


@st.composite
def minizinc_models(draw):
    n, lo, hi = draw(st.integers(2, 4)), draw(st.integers(-2, 0)), draw(st.integers(1, 3))
    lines = ['include "globals.mzn";', f"array[1..{n}] of var {lo}..{hi}: x;", "array[1..2] of var bool: b;"]
    place = st.integers(1, n)
    for _ in range(draw(st.integers(1, 4))):
        relation = draw(st.sampled_from(RELATIONS))
        places = {"i": draw(place), "j": draw(place), "k": draw(place), "p": draw(st.integers(1, 2)),
                  "q": draw(st.integers(1, 2))}  # fmt: skip
        numbers = {"c": draw(st.integers(-2, 4)), "n": draw(st.integers(0, 2)), "d": draw(st.sampled_from([-2, 2, 3]))}
        lines.append(f"constraint {relation.format(**places, **numbers)};")
    goal = draw(st.sampled_from(["satisfy", "maximize", "minimize"]))
    objective = f" sum(i in 1..{n})(i * x[i]) - bool2int(b[1])" if goal != "satisfy" else ""
    return "\n".join([*lines, f"solve {goal}{objective};"]) + "\n"


@needs_minizinc
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(minizinc_models())
def test_a_small_minizinc_model_beside_gecode(tmp_path, text):
    source = tmp_path / "model.mzn"
    source.write_text(text)
    invoke(["minizinc", "install", "--dir", str(tmp_path)])
    flat = tmp_path / "model.fzn"
    subprocess.run([MINIZINC, "-c", "--solver", str(tmp_path / "essais.msc"), str(source), "--fzn", str(flat)],
                   check=True, capture_output=True, timeout=60)  # fmt: skip
    read = read_flatzinc_file(flat)
    model = read.model
    if "satisfy" in text:
        theirs = gecode(source, "-a")
        for engine in ("python", "numba"):
            found = list(CspStream(model, engine=engine))
            assert len(found) == theirs.count("----------") == count_csp(model, engine=engine).count
            assert all(csp_error(model, values) is None for values in found)
        assert (not found) == ("=====UNSATISFIABLE=====" in theirs)
        return
    theirs = gecode(source, "--output-objective", "--output-mode", "dzn")
    for engine in ("python", "numba"):
        best = solve_csp(model, engine=engine)
        if "=====UNSATISFIABLE=====" in theirs:
            assert best.values is None and best.status.name == "NONE"
        else:
            assert best.optimal and re.findall(r"^_objective = (-?\d+);", theirs, re.MULTILINE)[-1] == str(
                best.objective
            )
            assert csp_error(model, best.values) is None
