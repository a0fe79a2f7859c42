"""Constraints of one's own: SEND+MORE=MONEY, N queens as a model equal to count_queens with
every method and order, every method alike on hypothesis-made small models (against a brute
force), the checker, and bad input refused."""

import itertools

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchControl
from essais.core.result import Status
from essais.csp import CspStream, Model, all_different, count_csp, csp_error, maximum, predicate, solve_csp, table
from essais.csp.compiled import model_arrays
from essais.csp.compiled._domain_kernels import KIND, KIND_NAMES
from essais.csp.kinds import flattened
from essais.csp.textbook import TextbookCsp
from essais.warming import _every_kind

METHODS = [f"{m}/{v}/{w}" for m in ("basic", "forward", "mac") for v in ("input", "mrv", "dom", "wdeg")
           for w in ("min", "lcv")]  # fmt: skip
# with the value orders that halve a domain (each half a try) instead of giving values
EVERY_ORDER = METHODS + [f"{m}/{v}/{w}" for m in ("basic", "forward", "mac") for v in ("input", "mrv", "wdeg")
                         for w in ("split", "reverse-split")]  # fmt: skip
# with last-conflict reasoning over the variable order
EVERY_ORDER += [f"{m}/{v}/{w}/lc" for m in ("basic", "forward", "mac") for v in ("input", "dom", "wdeg")
                for w in ("min", "split")]  # fmt: skip


def send_more_money():
    m = Model()
    s, e, n, d, o, r, y = (m.int_var(0, 9, name) for name in "sendory")
    mm = m.int_var(1, 9, "m")
    letters = [s, e, n, d, mm, o, r, y]
    m.add(all_different(letters))
    m.add(s >= 1)
    send = 1000 * s + 100 * e + 10 * n + d
    more = 1000 * mm + 100 * o + 10 * r + e
    money = 10000 * mm + 1000 * o + 100 * n + 10 * e + y
    m.add(send + more == money)
    return m


@pytest.mark.parametrize(
    "method",
    ["forward", "forward/input/lcv", "mac", "mac/input", "mac/mrv/lcv", pytest.param("basic", marks=pytest.mark.slow)],
)
def test_send_more_money(method):
    model = send_more_money()
    found = list(CspStream(model, method=method))
    assert found == [{"s": 9, "e": 5, "n": 6, "d": 7, "o": 0, "r": 8, "y": 2, "m": 1}]  # 9567 + 1085 = 10652
    assert csp_error(model, found[0]) is None


def queens(n):
    m = Model()
    q = m.int_vars(n, 0, n - 1, "q")
    m.add(all_different(q))
    m.add(all_different([q[i] + i for i in range(n)]))
    m.add(all_different([q[i] - i for i in range(n)]))
    return m


@pytest.mark.parametrize("engine", ["python", "numba"])
@pytest.mark.parametrize("method", METHODS)
def test_queens_as_a_model_counts_92(method, engine):
    counted = count_csp(queens(8), method=method, engine=engine)
    assert counted.count == 92 and counted.status == Status.COMPLETE and counted.engine == engine


@pytest.mark.parametrize("engine", ["python", "numba"])
@pytest.mark.parametrize("method", ["forward", "mac", "mac/input"])
def test_ten_queens_724(method, engine):
    assert count_csp(queens(10), method=method, engine=engine).count == 724


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_a_node_limit_stops_a_count_with_what_it_counted(engine):
    counted = count_csp(queens(10), engine=engine, node_limit=1_000)
    assert counted.status == Status.LIMIT and counted.stats.nodes == 1_000 and 0 < counted.count < 724


def test_the_methods_prune_as_the_course_says():
    """basic prunes nothing; forward checking fewer nodes; mac fewer again, with more revisions."""
    basic, forward, mac = (count_csp(queens(8), method=f"{name}/input") for name in ("basic", "forward", "mac"))
    assert basic.stats.own == {"pruned": 0, "revisions": 0}
    assert basic.stats.nodes > forward.stats.nodes >= mac.stats.nodes
    assert mac.stats.own["revisions"] > 0 and forward.stats.own["pruned"] > 0


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_mac_gives_a_variable_left_one_value_without_revising_again(engine):
    """x[i + 1] == x[i] + 1 from x[0] == 0: the root's propagation leaves each x one value, so
    the search's ten nodes give them those values and revise nothing more (a FlatZinc model's
    auxiliary variables, fixed so; forward checking, which keeps no fixed point, revises)."""
    m = Model()
    x = m.int_vars(10, 0, 9, "x")
    m.add(x[0] == 0)
    for i in range(9):
        m.add(x[i + 1] == x[i] + 1)
    root = solve_csp(m, method="mac/input", engine=engine, node_limit=1)
    solved = solve_csp(m, method="mac/input", engine=engine)
    assert root.status == Status.LIMIT and solved.solution == {f"x{i}": i for i in range(10)}
    assert solved.stats.nodes == 11 and solved.stats.own["revisions"] == root.stats.own["revisions"] > 0
    forward = solve_csp(m, method="forward/input", engine=engine)
    assert forward.stats.nodes == 11 and forward.stats.own["revisions"] > 0


def test_mac_revises_a_costly_constraint_once_the_cheap_ones_rest():
    """A sum of eleven variables (costly: Kind.costly) first in the model, then a chain of ten
    `<`: the root's propagation revises the chain to its fixed point (each link, then those its
    narrowings wake), and the sum after it, once, where a single first-in first-out queue
    revised the sum first and again after the chain; both engines count the same revisions."""
    m = Model()
    x = m.int_vars(11, 0, 20, "x")
    m.add(sum(x) <= 150)
    for i in range(10):
        m.add(x[i] < x[i + 1])
    revised = []
    search = TextbookCsp(m, "mac", "input", "min", SearchControl(Limits(nodes=1)))
    search.revise = lambda index: revised.append(index) or TextbookCsp.revise(search, index)
    search._root()
    assert revised.count(0) == 1 and revised[-1] == 0 and sorted(set(revised[:-1])) == list(range(1, 11))
    counted = {engine: solve_csp(m, method="mac/input", engine=engine, node_limit=1).stats.own["revisions"]
               for engine in ("python", "numba")}  # fmt: skip
    assert counted["python"] == counted["numba"] > len(revised)  # (the root's, then the first try's)


@st.composite
def models(draw, predicates=True, wide=False):
    """Small models; `wide`: some domains span several 64-bit words, a variable may stand twice
    in an all_different or a table, and all_different takes coefficients."""
    m = Model()
    n = draw(st.integers(1, 4))
    xs = [m.int_var(draw(st.integers(-2, 1)), draw(st.integers(1, 3)), f"x{k}") for k in range(n)]
    if wide and draw(st.booleans()):
        xs.append(m.int_var(draw(st.sets(st.integers(-140, 140), min_size=1, max_size=4)), name="wide"))
    kinds = ["linear", "different", "table"] + (["predicate"] if predicates else [])
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(kinds))
        unique = {} if wide and kind != "linear" else {"unique_by": lambda x: x.index}
        chosen = draw(st.lists(st.sampled_from(xs), min_size=1, max_size=3, **unique))
        if kind == "linear":
            expression = sum((draw(st.integers(-3, 3)) * x for x in chosen), draw(st.integers(-3, 3)))
            relation = draw(st.sampled_from(["==", "!=", "<=", "<", ">=", ">"]))
            m.add({"==": expression == 0, "!=": expression != 0, "<=": expression <= 0, "<": expression < 0,
                   ">=": expression >= 0, ">": expression > 0}[relation])  # fmt: skip
        elif kind == "different":
            factor = st.sampled_from([1, -1, 2, -3]) if wide else st.just(1)
            expressions = [x * draw(factor) + draw(st.integers(-1, 1)) for x in chosen]
            m.add(all_different(expressions, hall=draw(st.booleans())))
        elif kind == "table":
            values = st.integers(-2, 3) | (st.sampled_from(m.domains[-1]) if wide else st.integers(-2, 3))
            rows = draw(st.lists(st.tuples(*(values | st.none() for _ in chosen)), max_size=6))  # (None: any)
            m.add(table(chosen, rows, conflicts=draw(st.booleans())))
        else:
            m.add(predicate(lambda *values: sum(values) % 2 == 0, chosen))
    return m


@st.composite
def crowded_differences(draw):
    """all_different with Hall intervals over 3 to 7 expressions of few values each (as many
    values as expressions, or a few more), and a relation now and then."""
    m = Model()
    n = draw(st.integers(3, 7))
    spread = n + draw(st.integers(0, 2))
    xs = []
    for k in range(n):
        lo = draw(st.integers(0, spread - 1))
        xs.append(m.int_var(lo, min(spread - 1, lo + draw(st.integers(0, 3))), f"x{k}"))
    factor = draw(st.sampled_from([1, 1, -1, 2]))
    m.add(all_different([x * factor + draw(st.integers(-1, 1)) for x in xs], hall=True))
    if draw(st.booleans()):
        m.add(xs[0] + xs[-1] <= draw(st.integers(0, 2 * spread)))
    return m


def brute_force(model):
    return [dict(zip(model.names, row, strict=True)) for row in itertools.product(*model.domains) if model.holds(row)]


@settings(max_examples=80, deadline=None)
@given(models(), st.sampled_from(EVERY_ORDER))
def test_every_method_finds_every_solution(model, method):
    found = list(CspStream(model, method=method))
    expected = brute_force(model)
    assert sorted(map(lambda d: tuple(d.values()), found)) == sorted(map(lambda d: tuple(d.values()), expected))
    for values in found:
        assert csp_error(model, values) is None
    counted = count_csp(model, method=method)
    assert counted.count == len(expected)


def two_in_two_and_one_above():
    """x and y hold 1 and 2 between them: z, in 2..3, loses 2 (a position above the interval)."""
    m = Model()
    x, y, z = m.int_var(1, 2, "x"), m.int_var(1, 2, "y"), m.int_var(2, 3, "z")
    m.add(all_different([x, y, z], hall=True))
    return m


@settings(max_examples=150, deadline=None)
@given(crowded_differences(), st.sampled_from(METHODS))
@example(two_in_two_and_one_above(), "mac/input/min")
def test_hall_intervals_keep_every_solution_in_both_engines_alike(model, method):
    engines_agree_with_brute_force(model, method)


def test_a_hall_interval_takes_its_values_from_the_others():
    for hall in (False, True):
        m = Model()
        x, y, z, w = m.int_var(1, 2, "x"), m.int_var(1, 2, "y"), m.int_var(1, 3, "z"), m.int_var(1, 3, "w")
        m.add(all_different([x, y, z, w], hall=hall))
        for engine in ("python", "numba"):
            found = solve_csp(m, method="mac/input", engine=engine)
            # x and y hold 1 and 2 between them, z and w then both want 3: with Hall intervals
            # the root's propagation sees it, without them the search tries x's two values
            assert found.status == Status.NONE
            assert (found.stats.nodes, found.stats.tries) == (1, 0 if hall else 2), (hall, engine)


def chain_and_pigeons(links):
    """A chain of `links` alternating variables (each bound to two others: mrv's first choice),
    then three pigeons in two holes: no solution, which the pigeons alone prove."""
    m = Model()
    chain = m.int_vars(links, 0, 1, "a")
    pigeons = m.int_vars(3, 0, 1, "p")
    for a, b in itertools.pairwise(chain):
        m.add(a != b)
    m.add(all_different(pigeons))
    return m


@pytest.mark.parametrize("method", ["forward", "mac"])
def test_wdeg_learns_which_constraint_fails_and_both_engines_learn_alike(method):
    model = chain_and_pigeons(8)
    nodes = {}
    for order in ("mrv", "wdeg"):
        runs = [run_of(model, f"{method}/{order}", engine) for engine in ("python", "numba")]
        assert runs[0] == runs[1] and runs[0][0] == []
        nodes[order] = runs[0][1][0]
    # mrv walks the chain's two colourings before each failure of the pigeons; wdeg's weight on
    # all_different grows with its first failures, and the pigeons come first from then on
    assert nodes["wdeg"] < nodes["mrv"]
    with pytest.raises(InvalidInput, match="wdeg learns its weights along one search"):
        count_csp(model, method=f"{method}/wdeg", workers=2)


def culprit(free):
    """`free` variables of three values each, then three of 1..2 all different: no solution, found
    out only once the three are reached (mac's all_different takes a fixed value from the others)."""
    m = Model()
    m.int_vars(free, 0, 2, "x")
    m.add(all_different(m.int_vars(3, 1, 2, "z")))
    return m


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_last_conflict_goes_back_to_the_variable_that_failed(engine):
    """In input order the first z fails below each of the 3^4 choices of the x (121 nodes). With
    lc it is chosen first after each dead end: once the four x are given and z0 fails (5 nodes),
    each other value of x3, x2, x1 and x0 leads straight to z0 (8 nodes); with dom or wdeg, z0 is
    chosen at the root (one node)."""
    counted = {method: count_csp(culprit(4), method=method, engine=engine)
               for method in ("mac/input", "mac/input/lc", "mac/dom/lc", "mac/wdeg/lc")}  # fmt: skip
    assert {method: (run.count, run.stats.nodes) for method, run in counted.items()} == {
        "mac/input": (0, 121), "mac/input/lc": (0, 13), "mac/dom/lc": (0, 1), "mac/wdeg/lc": (0, 1)}  # fmt: skip
    assert count_csp(queens(6), method="mac/input/lc", engine=engine).count == 4
    with pytest.raises(InvalidInput, match="lc follows the last conflict along one search"):
        count_csp(queens(6), method="mac/input/lc", workers=2)
    with pytest.raises(InvalidInput, match="lc \\(last conflict\\) nor portfolio"):
        count_csp(queens(6), method="mac/input/last")


def engines_agree_with_brute_force(model, method):
    """Both engines give the same solutions in the same order and the same counters, and the
    solutions are a brute force's, each one checked."""
    python, numba = run_of(model, method, "python"), run_of(model, method, "numba")
    assert python == numba
    assert sorted(tuple(d.values()) for d in python[0]) == sorted(tuple(d.values()) for d in brute_force(model))
    for values in python[0]:
        assert csp_error(model, values) is None


def run_of(model, method, engine):
    stream = CspStream(model, method=method, engine=engine)
    found = list(stream)
    stats = stream.result.stats
    return found, (stats.nodes, stats.tries, stats.backtracks, stats.own)


@settings(max_examples=300, deadline=None)
@given(models(predicates=False, wide=True), st.sampled_from(EVERY_ORDER))
def test_both_engines_give_the_same_solutions_in_the_same_order_and_the_same_counters(model, method):
    python, numba = run_of(model, method, "python"), run_of(model, method, "numba")
    assert python == numba
    found = sorted(tuple(d.values()) for d in python[0])
    assert found == sorted(tuple(d.values()) for d in brute_force(model))


SPLIT_METHODS = [
    "mac",
    "forward/input/lcv",
    "basic/mrv",
    "mac/mrv/split",
    "forward/input/reverse-split",
    "basic/mrv/split",
]


@pytest.mark.parametrize("method", SPLIT_METHODS)
def test_a_count_split_over_workers_is_the_count_of_one_search(method):
    one, split = count_csp(queens(9), method=method), count_csp(queens(9), method=method, workers=2)
    assert split.split["total"] >= 1 and split.split["done"] == split.split["total"]
    assert (one.count, one.stats.nodes, one.stats.tries, one.stats.backtracks, one.stats.own) == (
        split.count, split.stats.nodes, split.stats.tries, split.stats.backtracks, split.stats.own)  # fmt: skip


def test_a_predicate_runs_in_the_python_engine():
    m = queens(6)
    q = m.variables
    m.add(predicate(lambda a, b: a < b, [q[0], q[1]]))
    counted = count_csp(m)
    assert counted.engine == "python" and counted.count == 2
    with pytest.raises(InvalidInput, match="predicate runs in the python engine"):
        count_csp(m, engine="numba")


def test_sums_beyond_the_compiled_integers_run_in_python():
    m = Model()
    x = m.int_var(0, 3, "x")
    m.add(x * 10**20 <= 10**20)
    with pytest.raises(InvalidInput, match="beyond the numba engine"):
        count_csp(m, engine="numba")
    assert count_csp(m, engine="python").count == 2


def test_bad_input_is_refused():
    m = Model()
    with pytest.raises(InvalidInput, match="lo: 5 is more than hi"):
        m.int_var(5, 1)
    x = m.int_var(0, 3, "x")
    with pytest.raises(InvalidInput, match="another variable"):
        m.int_var(0, 3, "x")
    with pytest.raises(InvalidInput, match="not an integer"):
        m.add(x * 1.5 <= 2)
    wide = Model()
    y = wide.int_var(0, 4000, "y")
    wide.add(y * y <= 2)
    assert count_csp(wide).count == 2  # (y * y's values span 0..16,000,000: a wide domain)
    wide = Model()
    y, z = wide.int_var(0, 4000, "y"), wide.int_var(0, 4000, "z")
    wide.add(y * z <= 2)
    assert count_csp(wide).count == 4001 + 4001 - 1 + 3  # (a product by bounds: y or z 0, or 1·1, 1·2, 2·1)
    wide.add(maximum(y, z) <= 1)  # (16,008,001 combinations: an arithmetic constraint by bounds)
    assert count_csp(wide).count == 4  # (y and z within 0..1, their product at most 2)
    with pytest.raises(InvalidInput, match="tuple of 1 integers"):
        m.add(table([x], [(1, 2)]))
    with pytest.raises(InvalidInput, match="method"):
        solve_csp(m, method="magic")
    with pytest.raises(InvalidInput, match="order"):
        solve_csp(m, method="mac/sideways")


def test_an_empty_domain_or_an_unsatisfiable_model_is_a_result():
    m = Model()
    m.int_var([], name="empty")
    assert solve_csp(m).status == Status.NONE
    m = Model()
    x = m.int_var(0, 3, "x")
    m.add(x >= 4)
    for method in ("basic", "forward", "mac"):
        assert solve_csp(m, method=method).status == Status.NONE and count_csp(m, method=method).count == 0


def test_model_files_and_the_command(tmp_path):
    from essais.csp import CspFileError, read_model
    from essais.csp.draw import describe

    from conftest import ROOT, invoke

    model = read_model(ROOT / "puzzles" / "send-more-money.csp")
    assert solve_csp(model).values == {"S": 9, "E": 5, "N": 6, "D": 7, "O": 0, "R": 8, "Y": 2, "M": 1}
    assert count_csp(read_model(ROOT / "puzzles" / "queens8.csp")).count == 92
    assert count_csp(read_model(ROOT / "puzzles" / "australia.csp")).count == 6
    crowded = read_model("hall.csp", "var x, y in 1..2\nvar z in 1..3\nall_different(x, y, z, hall=True)\n")
    assert crowded.constraints[0].hall and describe(crowded.constraints[0], crowded.names).endswith("hall=True)")
    assert solve_csp(crowded).values["z"] == 3
    found = invoke(["csp", str(ROOT / "puzzles" / "send-more-money.csp"), "--json"])
    assert found.exit_code == 0 and '"S": 9' in found.stdout and '"engine": "numba"' in found.stdout
    queens8 = str(ROOT / "puzzles" / "queens8.csp")
    for options in (["--workers", "2"], ["--engine", "python", "--method", "forward/input"]):
        counted = invoke(["csp", queens8, "--count", "--json", *options])
        assert counted.exit_code == 0 and '"count": 92' in counted.stdout
    piped = invoke(["csp", "-", "--count"], input=(ROOT / "puzzles" / "queens8.csp").read_text())
    assert piped.exit_code == 0 and piped.stdout.startswith("92 solutions")
    drawn = invoke(["csp", queens8, "--method", "forward/input", "--tree", str(tmp_path / "q.svg")])
    assert drawn.exit_code == 0 and "(forward/input/min, python)" in drawn.stdout
    assert (tmp_path / "q.svg").read_text().count("<circle") >= 40  # a dot a node: 40 nodes
    for options, message in [(["--workers", "2"], "--workers"), (["--engine", "rust"], "engine"),
                              (["--tree", str(tmp_path / "t.svg"), "--engine", "numba"], "python engine"),
                             (["--count", "--workers", "2", "--engine", "python"], "numba engine")]:  # fmt: skip
        refused = invoke(["csp", queens8, *options])
        assert refused.exit_code == 2 and message in refused.stderr
    for text, message in [
        ("var x in 0..3\nx ** 2 == 4\n", "line 2, column 1: 'x \\*\\* 2'"),
        (
            "var x, y in 0..3\nx * y * 2 // y == 4\n",
            "line 2, column 1: 'x \\* y \\* 2 // y': // and % divide by a whole number",
        ),
        ("var x in 3..0\n", "line 1, column 10: 3..0: lo is more than hi"),
        ("var x in 0..3\n  z == 1\n", "line 2, column 3: 'z' is not a declared variable"),
        ("var q[3] in 0..3\nq[3] == 1\n", "q\\[3\\] is outside"),
        ("var x in {1.5}\n", "not a set of whole numbers"),
        ("# nothing\n", "no variables"),
        ("var x in 0..3\nvar x in 0..3\n", "declared twice"),
        ("var x in 0..3\nx == (1\n", "line 2, column 6"),
        ("var q[3] in 0..3\nall_different(q, hal=True)\n", "line 2, column 22: all_different takes one keyword"),
        ("var q[3] in 0..3\nall_different(q, hall=1)\n", "line 2, column 23: all_different takes one keyword"),
    ]:
        with pytest.raises(CspFileError, match=message):
            read_model("model.csp", text)
        (tmp_path / "m.csp").write_text(text)
        bad = invoke(["csp", str(tmp_path / "m.csp")])
        assert bad.exit_code == 2 and bad.stderr.count("\n") == 1


def test_the_zebra_and_the_magic_squares():
    from essais.csp import read_model

    from conftest import ROOT

    zebra = read_model(ROOT / "puzzles" / "zebra.csp")
    for method in ("basic/input", "forward", "mac", "mac/mrv/lcv"):
        [values] = list(CspStream(zebra, method=method))
        assert values["zebra"] == values["japanese"] and values["water"] == values["norwegian"] == 1
        assert csp_error(zebra, values) is None
    magic = read_model(ROOT / "puzzles" / "magic3.csp")
    assert {count_csp(magic, method=method).count for method in ("forward", "mac", "mac/input/lcv")} == {8}


def test_the_4x4_magic_squares_are_7040():
    """Frénicle's count (1693): 880 up to the square's symmetries, 7,040 in all; each one checked."""
    from essais.csp import read_model

    from conftest import ROOT

    magic = read_model(ROOT / "puzzles" / "magic4.csp")
    assert count_csp(magic, workers=2).count == 7_040
    for values in CspStream(magic, limit=50):
        assert csp_error(magic, values) is None
        assert sorted(values.values()) == list(range(1, 17))


def test_002s_sudoku_as_a_model_has_its_433_solutions():
    """002's first grid (question 1: 433 solutions) as a model of 81 variables; each solution
    listed is a Sudoku solution of the grid, and the count is the seed's."""
    from essais.csp import read_model
    from essais.sudoku import count_sudoku
    from essais.sudoku.check import solution_error

    from conftest import ROOT

    model = read_model(ROOT / "puzzles" / "sudoku.csp")
    puzzle = next(line.split()[-1] for line in (ROOT / "puzzles" / "sudoku.csp").read_text().splitlines()
                  if "puzzle:" in line)  # fmt: skip
    for engine in ("numba", "python"):
        for values in CspStream(model, engine=engine, limit=20):
            assert solution_error(puzzle, "".join(str(values[f"c[{k // 9}][{k % 9}]"]) for k in range(81))) is None
    assert count_csp(model).count == count_sudoku(puzzle).count == 433


@pytest.mark.slow
def test_twelve_queens_14200_with_every_method_in_the_numba_engine():
    for method in ("basic", "forward/input", "mac", "mac/mrv/lcv"):
        assert count_csp(queens(12), method=method).count == 14_200


def test_compare_prints_the_textbook_table():
    from conftest import ROOT, invoke

    table = invoke(["compare", "csp", str(ROOT / "puzzles" / "zebra.csp"), "--methods",
                    "basic/input,forward/input,mac/input", "--count"])  # fmt: skip
    assert table.exit_code == 0
    lines = table.stdout.splitlines()
    assert "pruned" in lines[1] and "revisions" in lines[1]
    assert [line.split()[0] for line in lines[2:5]] == ["basic/input/min", "forward/input/min", "mac/input/min"]


@pytest.mark.parametrize("method", ["basic/input", "forward", "mac/mrv/lcv"])
def test_a_watched_count_ends_with_every_domain_as_it_began(method):
    """Every value given, struck out or set aside is put back by the end of a count: the events
    replayed leave the table as it started; the counters are those of the search unwatched."""
    from essais.csp.draw.watch import watch_csp

    model = queens(5)
    replay = watch_csp(model, method=method, count=True)
    assert replay.result.count == 10 and replay.log.complete
    board = [row[:] for row in replay.initial]
    for square, value in zip(replay.log.squares, replay.log.values, strict=True):
        board[square // replay.cols][square % replay.cols] = value
    assert board == replay.initial
    unwatched = count_csp(model, method=method, engine="python").stats
    assert (replay.result.stats.nodes, replay.result.stats.own) == (unwatched.nodes, unwatched.own)
    assert len(replay.log.solutions) == 10


def test_a_table_too_large_to_watch_is_refused():
    from essais.csp.draw.watch import watch_csp

    m = Model()
    m.int_vars(2001, 0, 3, "x")
    with pytest.raises(InvalidInput, match="a table of 2,001 variables is too large to watch"):
        watch_csp(m)


def test_the_guides_ruler_can_be_watched(tmp_path):
    """golomb8.csp: 36 variables of values 0..64, beyond the 50 a side of a board (the page
    scrolls a larger table)."""
    from essais.csp import read_model
    from essais.csp.draw.watch import watch_csp

    from conftest import ROOT

    replay = watch_csp(read_model(ROOT / "puzzles" / "golomb8.csp"), node_limit=50)
    assert (replay.rows, replay.cols) == (36, 66) and len(replay.log) > 0
    replay.save(tmp_path / "ruler.html")
    assert "board-frame" in (tmp_path / "ruler.html").read_text()


def test_odd_model_files_are_refused_in_one_line(tmp_path):
    """Inputs that once ended in a traceback: each refused with its line and column."""
    from essais.csp import CspFileError, read_model

    from conftest import invoke

    for text, message in [
        ("var x in {[1]}\n", "line 1, column 10: '{\\[1\\]}' is not a domain"),
        ("var x in 0..3\ntable(x) in {[1]}\n", "line 2, column 13: .* is not a list of the allowed tuples"),
        ("var x in 0.." + "9" * 5000 + "\n", "more than 30 digits"),
        ("var x in 0..3\nx == " + "9" * 40 + "\n", "line 2, column 6: a number of more than 30 digits"),
        ("var x in 0..3\nx + == 3\n", "line 2, column 3: '\\+' has nothing after it"),
        ("var x in 0..3\nx == (" + "+".join(["x"] * 20_000) + ")\n", "nested too deeply"),
        ("var q[1000000] in 0..3\n", "more than 100,000 variables"),
    ]:
        with pytest.raises(CspFileError, match=message):
            read_model("model.csp", text)
        (tmp_path / "m.csp").write_text(text)
        bad = invoke(["csp", str(tmp_path / "m.csp")])
        assert bad.exit_code == 2 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr


def test_a_sum_of_ten_thousand_terms_reads_and_solves():
    from essais.csp import read_model

    terms = " + ".join(f"{k % 3 + 1}*x[{k % 5000}]" for k in range(10_000))  # (each variable twice)
    model = read_model("long.csp", f"var x[5000] in 0..1\nvar y in 0..9\n{terms} - (y - x[0]) == 2 - y + y\n")
    assert len(model.constraints[0].terms) == 5001
    result = solve_csp(model, method="forward")  # (python's forward checking: 5,000 revisions of 5,001 terms)
    assert result.status == Status.FOUND and csp_error(model, result.values) is None


def test_a_model_is_weighed_before_it_is_built():
    from essais.core.errors import MemoryRefused
    from essais.csp import read_model

    with pytest.raises(MemoryRefused, match="the variables of big.csp up to line 2 needs about"):
        read_model("big.csp", "var x in 0..1\nvar q[100000] in 0..4095\n", limits=Limits(memory=50_000_000))
    model = read_model("big.csp", "var q[100000] in 0..4095\n")  # (each variable's domain is shared)
    assert len(model.names) == 100_000 and model.domains[0] is model.domains[-1]
    with pytest.raises(MemoryRefused, match="reading big.csp"):
        read_model("big.csp", "var x in 0..1\n" + "x == 1\n" * 10_000, limits=Limits(memory=100_000))


def test_constraints_on_another_models_variables_are_refused_for_every_kind():
    mine, theirs = Model(), Model()
    x, y = mine.int_var(0, 3, "x"), theirs.int_var(0, 3, "y")
    z = theirs.int_var(0, 3, "z")
    for constraint in (y <= z, all_different([y, z]), table([y], [(1,)]), predicate(lambda v: v > 0, [y])):
        with pytest.raises(InvalidInput, match="another model"):
            mine.add(constraint)
    for build in (lambda: all_different([x, y]), lambda: table([x, y], [(1, 2)]), lambda: x + y):
        with pytest.raises(InvalidInput, match="two models"):
            build()
    assert mine != theirs and mine == mine and Model() != Model()  # (compared by identity)
    assert "Model of 1 variable" in repr(mine) and "model" not in repr(x <= 2)


def test_paths_scheduler_and_checkpoints_in_count_csp(tmp_path):
    from conftest import ROOT, invoke

    queens8 = ROOT / "puzzles" / "queens8.csp"
    assert count_csp(queens8).count == 92 and count_csp(str(queens8), engine="python").count == 92
    assert solve_csp(queens8).status == Status.FOUND
    assert len(list(CspStream(queens8, limit=3))) == 3
    one = count_csp(ROOT / "puzzles" / "magic4.csp", method="forward", node_limit=None)
    checkpoint = tmp_path / "m.sqlite"
    stopped = count_csp(ROOT / "puzzles" / "magic4.csp", method="forward", checkpoint=checkpoint, node_limit=200_000)
    assert stopped.status == Status.LIMIT and 0 < stopped.split["done"] < stopped.split["total"]
    resumed = count_csp(ROOT / "puzzles" / "magic4.csp", method="forward", checkpoint=checkpoint, workers=2)
    assert resumed.count == one.count == 7040 and resumed.split["resumed"] == stopped.split["done"]
    assert resumed.stats.counters() == one.stats.counters()
    with pytest.raises(InvalidInput, match="another split search"):
        count_csp(queens8, checkpoint=checkpoint)
    m = Model()
    a, b = m.int_var(0, 3, "a"), m.int_var(0, 3, "b")
    m.add(predicate(lambda u, v: u < v, [a, b]))
    with pytest.raises(InvalidInput, match="a model with a predicate counts in the python engine"):
        count_csp(m, checkpoint=tmp_path / "p.sqlite")
    counted = invoke(["csp", str(queens8), "--count", "--checkpoint", str(tmp_path / "q.sqlite"), "--json"])
    assert counted.exit_code == 0 and '"count": 92' in counted.stdout
    local = invoke(["csp", str(queens8), "--count", "--scheduler", "local", "--workers", "2", "--json"])
    assert local.exit_code == 0 and '"count": 92' in local.stdout
    refused = invoke(["csp", str(queens8), "--checkpoint", str(tmp_path / "x.sqlite")])
    assert refused.exit_code == 2 and "--checkpoint" in refused.stderr


def test_the_warm_up_compiles_every_kind_the_numba_engine_runs():
    """essais warmup's model has a constraint of each kind the kernels number, so that no model's
    first run compiles one inside its time limit (rcpsp-max's cumulative did: 4.5 s, then 1.0 s)."""
    model = _every_kind()
    arrays = model_arrays(flattened(model))
    assert {KIND_NAMES[number] for number in arrays.model[KIND].tolist()} == set(KIND_NAMES)
    found = solve_csp(model)
    assert found.status == Status.FOUND and csp_error(model, found.values) is None
