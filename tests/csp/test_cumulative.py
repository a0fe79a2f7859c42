"""cumulative(starts, durations, heights, capacity): tasks sharing a resource, propagated by
time-tabling, a height fixed or a variable. Hypothesis-made task sets against a brute force in
both engines alike (bit sets and, the width lowered, intervals); a resource that holds one task
at a time counts the schedules no_overlap counts; bad input refused."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from csp.test_csp import METHODS, brute_force, engines_agree_with_brute_force
from csp.test_wide import WIDE_METHODS, WIDTHS, wide_engines_agree_with_brute_force
from essais.core.errors import InvalidInput
from essais.csp import CspStream, Model, count_csp, csp_error, cumulative, no_overlap, solve_csp, to_xcsp
from essais.csp.draw import describe
from essais.csp.xcsp import read_xcsp


@st.composite
def resources(draw):
    """1 to 4 tasks (starts in small ranges or sets, durations and heights 0 to 3) on a
    resource of 0 to 5, sometimes a relation between two starts."""
    m = Model()
    n = draw(st.integers(1, 4))
    starts = [m.int_var(draw(st.sets(st.integers(-1, 6), min_size=1, max_size=5)), name=f"s{k}") for k in range(n)]
    numbers = st.lists(st.integers(0, 3), min_size=n, max_size=n)
    heights = draw(numbers)
    for k in draw(st.sets(st.integers(0, n - 1))):  # (a height a variable, its values maybe negative)
        heights[k] = m.int_var(draw(st.sets(st.integers(-1, 3), min_size=1, max_size=3)), name=f"h{k}")
    m.add(cumulative(starts, draw(numbers), heights, draw(st.integers(0, 5))))
    if n > 1 and draw(st.booleans()):
        m.add(starts[0] + draw(st.integers(-2, 2)) <= starts[-1])
    return m


@settings(max_examples=200, deadline=None)
@given(resources(), st.sampled_from(METHODS))
def test_the_schedules_of_a_resource_are_a_brute_force_s_in_both_engines_alike(model, method):
    engines_agree_with_brute_force(model, method)


@settings(max_examples=150, deadline=None)
@given(resources(), st.sampled_from(WIDE_METHODS), WIDTHS)
def test_the_schedules_of_a_resource_on_wide_domains(model, method, width):
    wide_engines_agree_with_brute_force(model, method, width)


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_a_resource_for_one_task_at_a_time_is_a_machine(engine):
    """Heights each more than half the capacity: no two tasks together, as on one machine."""
    durations = [2, 3, 1, 2, 2]
    for method in ("forward", "mac"):
        counts = []
        for make in (lambda s: cumulative(s, durations, [3, 4, 3, 5, 3], 5), lambda s: no_overlap(s, durations)):
            m = Model()
            m.add(make(m.int_vars(5, 0, 9, "s")))
            counts.append(count_csp(m, method=method, engine=engine).count)
        assert counts[0] == counts[1] > 0


def test_time_tabling_pushes_a_task_past_the_compulsory_parts():
    """a is fixed on [2, 5) at height 2 of 3: b, of height 2, ends by 2 or starts at 5; c, whose
    compulsory part is [4, 6) at height 1, leaves b that room."""
    m = Model()
    a, b, c = m.int_var(2, 2, "a"), m.int_var(0, 9, "b"), m.int_var(3, 4, "c")
    m.add(cumulative([a, b, c], [3, 2, 3], [2, 2, 1], 3))
    found = solve_csp(m, method="mac/input")
    assert found.values["b"] == 0 or found.values["b"] >= 5
    m.add(b >= 1)
    for engine in ("python", "numba"):
        assert solve_csp(m, method="mac/input", engine=engine).values["b"] == 5


def test_the_optimum_of_a_small_schedule():
    """Four tasks of heights 2, 2, 1, 1 and durations 3, 2, 2, 4 on a resource of 3: the least
    makespan is 6 (a brute force says so; the total work, 16, needs at least 6 on 3)."""
    m = Model()
    starts = m.int_vars(4, 0, 10, "s")
    durations, heights = [3, 2, 2, 4], [2, 2, 1, 1]
    m.add(cumulative(starts, durations, heights, 3))
    end = m.int_var(0, 14, "end")
    for s, d in zip(starts, durations, strict=True):
        m.add(s + d <= end)
    m.minimize(end)
    brute = min(max(s + d for s, d in zip(row, durations, strict=True))
                for row in itertools.product(range(11), repeat=4)
                if all(sum(h for s, d, h in zip(row, durations, heights, strict=True) if s <= t < s + d) <= 3
                       for t in range(15)))  # fmt: skip
    for engine in ("python", "numba"):
        assert solve_csp(m, engine=engine).objective == brute == 6


def test_written_as_xcsp3_and_read_back(tmp_path):
    m = Model()
    starts = m.int_vars(3, 0, 4, "s")
    m.add(cumulative(starts, [2, 1, 2], [2, 1, 1], 2))
    path = tmp_path / "c.xml"
    path.write_text(to_xcsp(m))
    assert "<cumulative>" in path.read_text()
    assert count_csp(read_xcsp(path)).count == count_csp(m).count
    assert describe(m.constraints[0], m.names) == "cumulative([s0, s1, s2], [2, 1, 2], [2, 1, 1], 2)"


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_a_variable_height_is_lowered_where_its_task_must_run(engine):
    """a runs on [2, 5) at height 2 of 3; b is fixed on [3, 4): its height can be 1 at most, and
    c, whose compulsory part [4, 5) meets a's, takes no more than 1 either; nothing is searched."""
    m = Model()
    a, b, c = m.int_var(2, 2, "a"), m.int_var(3, 3, "b"), m.int_var(3, 4, "c")
    hb, hc = m.int_var(0, 3, "hb"), m.int_var(-2, 3, "hc")
    m.add(cumulative([a, b, c], [3, 1, 2], [2, hb, hc], 3))
    found = [values for values in CspStream(m, method="mac", engine=engine)]
    assert sorted((v["hb"], v["hc"]) for v in found if v["c"] == 3) == [(0, 0), (0, 1), (1, 0)]
    assert all(v["hb"] >= 0 <= v["hc"] and csp_error(m, v) is None for v in found)
    m.add(hb + hc >= 2)
    assert solve_csp(m, method="mac", engine=engine).values == {"a": 2, "b": 3, "c": 4, "hb": 1, "hc": 1}


def test_variable_heights_written_as_xcsp3_and_read_back(tmp_path):
    m = Model()
    starts, heights = m.int_vars(3, 0, 4, "s"), m.int_vars(2, 0, 2, "h")
    m.add(cumulative(starts, [2, 1, 2], [heights[0], 1, heights[1]], 2))
    path = tmp_path / "c.xml"
    path.write_text(to_xcsp(m))
    assert count_csp(read_xcsp(path)).count == count_csp(m).count == len(brute_force(m))
    assert describe(m.constraints[0], m.names) == "cumulative([s0, s1, s2], [2, 1, 2], [h0, 1, h1], 2)"


@pytest.mark.parametrize(
    ("durations", "heights", "capacity", "message"),
    [([1, 2], [1], 2, "2 starts, 2 durations and 1 heights"), ([1, -2], [1, 1], 2, "-2 is not a whole number"),
     ([1, 2], [1, 1], 2.5, "2.5 is not a whole number")],
)  # fmt: skip
def test_bad_tasks_are_refused(durations, heights, capacity, message):
    m = Model()
    with pytest.raises(InvalidInput, match=message):
        cumulative(m.int_vars(2, 0, 3), durations, heights, capacity)
