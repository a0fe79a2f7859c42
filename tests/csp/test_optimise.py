"""The best solution of a model by branch and bound: Golomb rulers' published lengths, knapsacks
against dynamic programming, the fewest colours against `color --chromatic`, hypothesis-made
models against a brute force, both engines alike, split over workers, stopped, and bad input."""

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from csp.test_csp import METHODS, brute_force, models
from essais.coloring import chromatic_number, load_graph
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchControl
from essais.core.result import Status
from essais.csp import CspFileError, CspStream, Model, all_different, count_csp, csp_error, read_model, solve_csp
from essais.csp.model import Relaxation, relaxation
from essais.csp.textbook import TextbookCsp

from conftest import ROOT, invoke

GOLOMB = {4: 6, 5: 11, 6: 17, 7: 25, 8: 34}  # the shortest rulers of n marks (OEIS A003022)


def golomb(n):
    """Marks m[0] = 0 < … < m[n-1], their differences all different (each a variable of its
    own), the first below the last (a ruler and its mirror image once); the last mark least."""
    m = Model()
    marks = m.int_vars(n, 0, n * n, "m")
    m.add(marks[0] == 0)
    for a, b in itertools.pairwise(marks):
        m.add(a < b)
    differences = {}
    for i, j in itertools.combinations(range(n), 2):
        differences[i, j] = m.int_var(1, n * n, f"d{i}_{j}")
        m.add(differences[i, j] == marks[j] - marks[i])
    m.add(all_different(list(differences.values()), hall=True))
    m.add(differences[0, 1] < differences[n - 2, n - 1])
    m.minimize(marks[-1])
    return m


def is_golomb_ruler(values, n):
    marks = [values[f"m{k}"] for k in range(n)]
    gaps = [b - a for a, b in itertools.combinations(marks, 2)]
    return marks[0] == 0 and marks == sorted(set(marks)) and len(set(gaps)) == len(gaps)


@pytest.mark.parametrize("n", sorted(GOLOMB))
def test_golomb_rulers_have_their_published_lengths(n):
    found = solve_csp(golomb(n))
    assert found.status == Status.FOUND and found.optimal and found.objective == GOLOMB[n]
    assert csp_error(found.model, found.values) is None and is_golomb_ruler(found.values, n)
    assert found.stats.own["improvements"] >= 1


@pytest.mark.parametrize("method", ["forward", "mac", "mac/input/lcv", "forward/mrv/lcv"])
def test_both_engines_prove_a_ruler_alike(method):
    runs = []
    for engine in ("python", "numba"):
        stream = CspStream(golomb(5), method=method, engine=engine)
        runs.append((list(stream), stream.result.stats.counters(), stream.result.stats.own))
    assert runs[0] == runs[1]
    improving = [values["m4"] for values in runs[0][0]]
    assert improving == sorted(improving, reverse=True) and improving[-1] == 11  # each better than the one before


def objective_models():
    """Small models (tests/csp/test_csp.py's) with an objective on one to three variables."""

    @st.composite
    def build(draw):
        model = draw(models(predicates=False, wide=True))
        chosen = draw(st.lists(st.sampled_from(model.variables), min_size=1, max_size=3, unique_by=lambda x: x.index))
        expression = sum((draw(st.sampled_from([1, -1, 2, -3])) * x for x in chosen), draw(st.integers(-3, 3)))
        if expression.terms:
            (model.minimize if draw(st.booleans()) else model.maximize)(expression)
        return model

    return build()


def optimum_by_brute_force(model):
    solutions = brute_force(model)
    if not solutions:
        return None, 0
    goal = model.objective
    values = [goal.value(list(solution.values())) for solution in solutions]
    best = min(values) if goal.sense == "minimize" else max(values)
    return best, values.count(best)


@settings(max_examples=200, deadline=None)
@given(objective_models(), st.sampled_from(METHODS))
def test_the_optimum_and_its_count_are_those_of_a_brute_force_in_both_engines(model, method):
    if model.objective is None:
        return
    best, how_many = optimum_by_brute_force(model)
    runs = {}
    for engine in ("python", "numba"):
        found = solve_csp(model, method=method, engine=engine)
        counted = count_csp(model, method=method, engine=engine)
        assert found.objective == best and counted.count == how_many and counted.objective == best
        assert found.status == (Status.FOUND if best is not None else Status.NONE)
        if best is not None:
            assert found.optimal and csp_error(model, found.values) is None
            assert model.objective.value([found.values[name] for name in model.names]) == best
        stream = CspStream(model, method=method, engine=engine)
        runs[engine] = (list(stream), stream.result.stats.counters(), stream.result.stats.own, found.values)
    assert runs["python"] == runs["numba"]


def knapsacks():
    items = st.lists(st.tuples(st.integers(1, 30), st.integers(1, 40)), min_size=1, max_size=12)
    return st.tuples(items, st.integers(0, 100))


def knapsack_by_dynamic_programming(items, capacity):
    best = [0] * (capacity + 1)
    for weight, value in items:
        for room in range(capacity, weight - 1, -1):
            best[room] = max(best[room], best[room - weight] + value)
    return best[capacity]


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_a_better_solution_prunes_the_levels_above_it_before_their_next_value(engine):
    """maximize x, x + y + z <= 12: each solution (x, 0, 0) raises the bound above x, which the
    levels of z and y propagate before their next value (none is left) and x's before its own:
    three tries a value of x, not the 21 of each z and y tried against the bound."""
    m = Model()
    x, y, z = (m.int_var(0, 9, name) for name in "xyz")
    m.add(x + y + z <= 12)
    m.maximize(x)
    found = solve_csp(m, method="mac/input/min", engine=engine)
    assert found.values == {"x": 9, "y": 0, "z": 0} and found.stats.tries == 30 and found.optimal


@settings(max_examples=60, deadline=None)
@given(knapsacks(), st.sampled_from(["mac", "forward/input", "mac/input/lcv"]))
def test_a_knapsacks_optimum_is_that_of_dynamic_programming(knapsack, method):
    items, capacity = knapsack
    m = Model()
    take = m.int_vars(len(items), 0, 1, "take")
    m.add(sum(weight * x for (weight, _), x in zip(items, take, strict=True)) <= capacity)
    m.maximize(sum(value * x for (_, value), x in zip(items, take, strict=True)))
    found = solve_csp(m, method=method)
    assert found.optimal and found.objective == knapsack_by_dynamic_programming(items, capacity)
    assert csp_error(m, found.values) is None


def bounded_knapsacks():
    """Items taken 0 to 2 times (worth 0 or more each), under a capacity: with a second relation
    now and then (a least number of items), which the relaxation does not look through."""
    items = st.lists(st.tuples(st.integers(1, 9), st.integers(0, 9), st.integers(1, 2)), min_size=2, max_size=6)
    items = items.filter(lambda chosen: any(worth for _, worth, _ in chosen))
    return st.tuples(items, st.integers(0, 30), st.integers(0, 4) | st.none())


def bounded_knapsack(items, capacity, at_least):
    m = Model()
    take = [m.int_var(0, most, f"t{k}") for k, (_, _, most) in enumerate(items)]
    if at_least is not None:
        m.add(sum(take) >= at_least)
    m.add(sum(weight * x for (weight, _, _), x in zip(items, take, strict=True)) <= capacity)
    m.maximize(sum(worth * x for (_, worth, _), x in zip(items, take, strict=True)))
    return m


@settings(max_examples=100, deadline=None)
@given(bounded_knapsacks(), st.sampled_from(METHODS))
def test_the_bound_through_the_capacity_keeps_the_optimum_and_both_engines_alike(knapsack, method):
    model = bounded_knapsack(*knapsack)
    best, how_many = optimum_by_brute_force(model)
    runs = {}
    for engine in ("python", "numba"):
        found = solve_csp(model, method=method, engine=engine)
        assert found.objective == best and count_csp(model, method=method, engine=engine).count == how_many
        stream = CspStream(model, method=method, engine=engine)
        runs[engine] = (list(stream), stream.result.stats.counters(), stream.result.stats.own, found.values)
    assert runs["python"] == runs["numba"]


def test_the_relaxation_is_the_first_capacity_best_worth_per_weight_first():
    m = Model()
    x = m.int_vars(4, 0, 3, "x")
    m.add(x[0] - x[1] <= 2)  # a coefficient below 0: no capacity
    m.add(2 * x[0] + 4 * x[1] + 1 * x[2] + 2 * x[3] <= 9)
    m.add(x[0] + x[1] <= 5)
    m.maximize(3 * x[0] + 6 * x[1] + x[2] + 4 * x[3])
    assert relaxation(m) == Relaxation(-9, ((3, 2, -4), (0, 2, -3), (1, 4, -6), (2, 1, -1)))
    m2 = Model()
    y = m2.int_vars(3, 0, 3, "y")
    m2.add(y[0] + y[1] + y[2] <= 4)
    m2.maximize(y[0] + y[1])  # y2 worth nothing: the relation is no capacity of this objective
    assert relaxation(m2) is None
    m2.add(y[0] + y[1] <= 3)
    assert relaxation(m2) == Relaxation(-3, ((0, 1, -1), (1, 1, -1)))


def best_and_nodes_with_and_without_the_relaxation(model, method, value_order):
    """{True: (best, nodes) with the bound through the capacity, False: without it} (python engine)."""
    found = {}
    for relaxed in (True, False):
        search = TextbookCsp(model, method, "input", value_order, SearchControl(Limits()))
        search.relaxation = search.relaxation if relaxed else None
        for _ in search.solutions():
            pass
        found[relaxed] = (search.best, search.counters.stats().nodes)
    return found


def test_the_bound_through_the_capacity_cuts_what_the_bound_alone_keeps():
    weights, worths = [5, 4, 6, 3, 7, 2], [10, 7, 11, 4, 12, 3]
    m = Model()
    take = m.int_vars(len(weights), 0, 1, "t")
    m.add(sum(w * x for w, x in zip(weights, take, strict=True)) <= 12)
    m.maximize(sum(v * x for v, x in zip(worths, take, strict=True)))
    nodes = best_and_nodes_with_and_without_the_relaxation(m, "basic", "min")
    best = knapsack_by_dynamic_programming(list(zip(weights, worths, strict=True)), 12)
    assert nodes[True][0] == nodes[False][0] == -best  # (the signed objective)
    assert nodes[True][1] < nodes[False][1]


def knapsack_with_its_total(items, capacity, scale):
    """A knapsack whose worth is a declared variable, `total == Σ v·x` then `maximize total`, as
    FlatZinc writes it: its worths scaled into the millions, its total's domain 0..Σ worths."""
    m = Model()
    take = m.int_vars(len(items), 0, 1, "take")
    total = m.int_var(0, scale * sum(value for _, value in items), "total")
    m.add(sum(weight * x for (weight, _), x in zip(items, take, strict=True)) <= capacity)
    m.add(total == sum(scale * value * x for (_, value), x in zip(items, take, strict=True)))
    m.maximize(total)
    return m


@settings(max_examples=40, deadline=None)
@given(knapsacks(), st.sampled_from(["mac", "forward/input", "mac/wdeg", "mac/input/reverse-split"]))
def test_a_declared_total_in_the_millions_is_seen_through_in_both_engines_alike(knapsack, method):
    items, capacity = knapsack
    m = knapsack_with_its_total(items, capacity, 100_003)
    if len(items) > 1:  # (a capacity of one item is its domain, no relation)
        assert relaxation(m) is not None and relaxation(m).through  # type: ignore[union-attr]
    runs = {}
    for engine in ("python", "numba"):
        found = solve_csp(m, method=method, engine=engine)
        assert found.optimal and found.objective == 100_003 * knapsack_by_dynamic_programming(items, capacity)
        assert csp_error(m, found.values) is None
        runs[engine] = (found.values, found.stats.counters(), found.stats.own)
    assert runs["python"] == runs["numba"]


def test_the_relaxation_sees_a_total_through_the_equality_defining_it():
    m = knapsack_with_its_total([(5, 10), (4, 7), (6, 11)], 9, 1_000_000)
    # total - Σ v·x == 0: the signed objective, -total, is -Σ v·x; its items, best worth per weight first
    assert relaxation(m) == Relaxation(
        -9, ((0, 5, -10_000_000), (2, 6, -11_000_000), (1, 4, -7_000_000)),
        ((0, -10_000_000), (1, -7_000_000), (2, -11_000_000)), 0,
    )  # fmt: skip
    weights, worths = [5, 4, 6, 3, 7, 2, 8, 9, 4, 6], [10, 7, 11, 4, 12, 3, 15, 16, 6, 10]
    m = knapsack_with_its_total(list(zip(weights, worths, strict=True)), 20, 1_000_000)
    nodes = best_and_nodes_with_and_without_the_relaxation(m, "forward", "split")
    best = knapsack_by_dynamic_programming(list(zip(weights, worths, strict=True)), 20)
    assert nodes[True][0] == nodes[False][0] == -1_000_000 * best
    assert nodes[True][1] < nodes[False][1]


def fewest_colours(graph):
    m = Model()
    colour = m.int_vars(graph.n, 0, graph.n - 1, "c")
    top = m.int_var(0, graph.n - 1, "top")
    m.add(colour[0] == 0)
    for v, around in enumerate(graph.neighbours):
        m.add(colour[v] <= top)
        for u in around:
            if u > v:
                m.add(colour[u] != colour[v])
    m.minimize(top + 1)
    return m


@pytest.mark.parametrize("name", ["petersen", str(ROOT / "tests/data/graphs/myciel3.col"), "queen:5", "cycle:7"])
def test_the_fewest_colours_are_the_chromatic_number(name):
    graph = load_graph(name)
    found = solve_csp(fewest_colours(graph))
    assert found.optimal and found.objective == chromatic_number(graph).chromatic
    colours = [found.values[f"c{v}"] for v in range(graph.n)]
    assert all(colours[u] != colours[v] for v in range(graph.n) for u in graph.neighbours[v])


def test_the_shipped_models_have_their_known_optima():
    expected = {"golomb8": 34, "knapsack": 309, "fewest-colours": 4, "assignment": 13}
    for name, optimum in expected.items():
        model = read_model(ROOT / "puzzles" / f"{name}.csp")
        found = solve_csp(model)
        assert found.optimal and found.objective == optimum, name
        assert csp_error(model, found.values) is None
    assert chromatic_number(load_graph(str(ROOT / "tests/data/graphs/myciel3.col"))).chromatic == 4
    cost = [[9, 2, 7, 8], [6, 4, 3, 7], [5, 8, 1, 8], [7, 6, 9, 4]]  # (puzzles/assignment.csp's)
    assert min(sum(cost[w][p[w]] for w in range(4)) for p in itertools.permutations(range(4))) == 13


@pytest.mark.parametrize("workers", [1, 2])
def test_a_split_search_gives_the_same_optimum(monkeypatch, workers):
    import essais.csp.api.optimise

    monkeypatch.setattr(essais.csp.api.optimise, "PROBE_NODES", 50)  # (split a small ruler, not solve it in the probe)
    monkeypatch.setattr(essais.csp.api.optimise, "PROBE_SECONDS", 0)
    found = solve_csp(golomb(7), workers=workers, scheduler=None if workers > 1 else "local")
    assert found.optimal and found.objective == 25 and is_golomb_ruler(found.values, 7)
    assert found.split["done"] == found.split["total"] > 1
    counted = count_csp(golomb(6), workers=2)
    one = count_csp(golomb(6), workers=1)
    assert counted.count == one.count >= 1 and counted.objective == one.objective == 17


def test_a_search_split_over_processes_first_runs_alone_for_half_a_second(monkeypatch):
    """Past PROBE_NODES the one search goes on while under PROBE_SECONDS: a ruler it proves in
    milliseconds is not split (each sub-tree costs milliseconds to set up); split, a machine's
    processes get PER_WORKER sub-trees each, not a cluster's thousand."""
    import essais.csp.api.optimise

    monkeypatch.setattr(essais.csp.api.optimise, "PROBE_NODES", 50)
    alone = solve_csp(golomb(7), workers=2)
    assert alone.optimal and alone.objective == 25 and alone.split is None
    monkeypatch.setattr(essais.csp.api.optimise, "PROBE_SECONDS", 0)
    split = solve_csp(golomb(8), workers=2)
    assert split.optimal and split.objective == 34 and 64 <= split.split["total"] < 1_000  # (192 here; 1,611 before)


def test_a_checkpoint_keeps_the_best_and_resumes_from_it(monkeypatch, tmp_path):
    import essais.csp.api.optimise

    monkeypatch.setattr(essais.csp.api.optimise, "PROBE_NODES", 50)
    monkeypatch.setattr(essais.csp.api.optimise, "PROBE_SECONDS", 0)
    checkpoint = tmp_path / "g.sqlite"
    stopped = solve_csp(golomb(8), checkpoint=checkpoint, node_limit=1_000)  # (3,162 nodes in all, split 1,611 ways)
    assert stopped.status == Status.LIMIT and not stopped.optimal and stopped.objective >= 34
    assert csp_error(stopped.model, stopped.values) is None and 0 < stopped.split["done"] < stopped.split["total"]
    resumed = solve_csp(golomb(8), checkpoint=checkpoint, workers=2)
    assert resumed.optimal and resumed.objective == 34 and resumed.split["resumed"] == stopped.split["done"]


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_a_limit_keeps_the_best_so_far(engine):
    stopped = solve_csp(golomb(7), engine=engine, node_limit=60)
    assert stopped.status == Status.LIMIT and not stopped.optimal and stopped.found
    assert csp_error(stopped.model, stopped.values) is None and stopped.objective == stopped.values["m6"] > 25
    assert stopped.headline().startswith("stopped (limit): the best so far, m6 = ")
    document = stopped.to_dict()
    assert document["optimal"] is False and document["objective"] == stopped.objective
    counted = count_csp(golomb(7), engine=engine, node_limit=60)
    assert counted.status == Status.LIMIT and counted.count == 0 and counted.objective is None


def test_bad_objectives_are_refused():
    m = Model()
    x, y = m.int_var(0, 3, "x"), m.int_var(0, 3, "y")
    with pytest.raises(InvalidInput, match="names no variable"):
        m.minimize(x - x)
    with pytest.raises(InvalidInput, match="not a linear expression"):
        m.maximize(3)
    other = Model()
    with pytest.raises(InvalidInput, match="another model"):
        m.minimize(other.int_var(0, 1, "z"))
    m.minimize(x + y)
    with pytest.raises(InvalidInput, match="has an objective already"):
        m.maximize(x)
    plain = Model()
    plain.int_var(0, 1, "a")
    with pytest.raises(InvalidInput, match="without an objective is one search"):
        solve_csp(plain, workers=2)
    with pytest.raises(InvalidInput, match="two searches"):
        count_csp(m, checkpoint="c.sqlite")
    for text, message in [
        ("var x in 0..3\nminimize x <= 2\n", "line 2, column 12: minimize takes an expression"),
        ("var x in 0..3\nminimize x\nmaximize x\n", "line 3, column 10: maximize: the model has an objective"),
        ("var x in 0..3\nminimize 3\n", "names no variable"),
        ("var x in 0..3\nmaximize x * x <= 2\n", "line 2, column 16: maximize takes an expression"),
        ("var minimize in 0..3\n", "a word of the format"),
    ]:
        with pytest.raises(CspFileError, match=message):
            read_model("model.csp", text)


def test_the_command_optimises(tmp_path):
    knapsack = str(ROOT / "puzzles" / "knapsack.csp")
    found = invoke(["csp", knapsack])
    assert found.exit_code == 0 and ": 309 (proved optimal)" in found.stdout and "improvements" in found.stdout
    document = json.loads(invoke(["csp", knapsack, "--json", "--workers", "2"]).stdout)
    assert document["objective"] == 309 and document["optimal"] is True and document["status"] == "found"
    lines = [json.loads(line) for line in invoke(["csp", knapsack, "--all", "--json"]).stdout.splitlines()]
    objectives = [line["objective"] for line in lines[:-1]]
    assert objectives == sorted(objectives) and objectives[-1] == 309 and lines[-1]["status"] == "complete"
    stopped = invoke(["csp", str(ROOT / "puzzles" / "golomb8.csp"), "--node-limit", "300", "--engine", "python"])
    assert stopped.exit_code == 3 and "stopped (limit)" in stopped.stdout
    counted = invoke(["csp", knapsack, "--count", "--json"])
    assert json.loads(counted.stdout)["count"] == 1 and json.loads(counted.stdout)["objective"] == 309
    queens8 = str(ROOT / "puzzles" / "queens8.csp")
    refused = invoke(["csp", queens8, "--workers", "2"])
    assert refused.exit_code == 2 and "--workers" in refused.stderr


def test_the_watched_search_says_each_better_solution_and_each_cut():
    from essais.csp import watch_csp

    model = read_model(ROOT / "puzzles" / "knapsack.csp")
    replay = watch_csp(model)
    unwatched = solve_csp(model, engine="python")
    assert replay.result.optimal and replay.result.objective == 309 and replay.result.values == unwatched.values
    assert replay.result.stats.counters() == unwatched.stats.counters()
    captions = [caption for caption in replay.log.captions.values()]
    betters = [int(caption.split(": ")[1]) for caption in captions if caption.startswith("better: ")]
    assert len(betters) == unwatched.stats.own["improvements"] and betters == sorted(betters) and betters[-1] == 309
    assert any(caption.startswith("the bound cuts: ") for caption in captions)
    with pytest.raises(InvalidInput, match="two searches"):
        watch_csp(model, count=True)


def test_compare_shows_each_methods_optimum():
    from essais.comparison import compare

    compared = compare("csp", str(ROOT / "puzzles" / "knapsack.csp"), methods=["forward", "mac", "mac:python"])
    assert [row.result.objective for row in compared.rows] == [309, 309, 309]
    header = compared.text().splitlines()[0].split()
    assert "objective" in header and "improvements" in header
