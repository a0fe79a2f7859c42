"""The bit-set width that fits a FlatZinc model (essais.csp.kinds.orders.fitted_width): a domain of a
few hundred values or more that only bounds read is kept as its bounds; the answers are those of
bit sets."""

import itertools

import pytest

from essais.csp import Model, all_different, csp_error, implies, solve_csp
from essais.csp.api import minizinc
from essais.csp.flatzinc import read_flatzinc_file
from essais.csp.kinds import fitted_width
from essais.csp.kinds.orders import BOUNDS_SPAN
from essais.csp.model.problem import MAX_SPAN

DURATIONS, RELEASES = (3, 4, 5), (6, 0, 2)  # three tasks on one machine, each from its release date


def one_machine(disjunctive: bool = True) -> tuple[Model, list]:
    """The three tasks, starts in 0..1000, the last end minimised: on one machine in some order
    (`disjunctive`: two orders a pair, each an `implies`, a term) or in the order given."""
    m = Model()
    starts = [m.int_var(0, 1000, f"s{k}") for k in range(3)]
    end = m.int_var(0, 1000, "end")
    for s, d, r in zip(starts, DURATIONS, RELEASES, strict=True):
        m.add(s >= r)
        m.add(s + d <= end)
    pairs = itertools.combinations(zip(range(3), starts, DURATIONS, strict=True), 2)
    for (i, a, da), (j, b, db) in pairs if disjunctive else ():
        first = m.int_var(0, 1, f"first{i}{j}")
        m.add(implies(first == 1, a + da <= b))
        m.add(implies(first == 0, b + db <= a))
    if not disjunctive:
        m.add(starts[0] + DURATIONS[0] <= starts[1])
        m.add(starts[1] + DURATIONS[1] <= starts[2])
    m.minimize(end)
    return m, starts


def shortest() -> int:
    """The least last end, by trying every order."""
    best = None
    for order in itertools.permutations(range(3)):
        time = 0
        for k in order:
            time = max(time, RELEASES[k]) + DURATIONS[k]
        best = time if best is None else min(best, time)
    return best


def test_bounds_where_only_bounds_are_read():
    m, _ = one_machine(disjunctive=False)
    assert fitted_width(m, None) == fitted_width(m, "mac/wdeg") == BOUNDS_SPAN


def test_bit_sets_where_values_are_read_or_a_value_order_is_named():
    m, starts = one_machine(disjunctive=False)
    assert fitted_width(m, "mac/input/min") == fitted_width(m, "forward/mrv/lcv") == MAX_SPAN
    m.add(all_different(starts))
    assert fitted_width(m, None) == MAX_SPAN
    small = Model()
    x = small.int_vars(3, 0, 9, "x")  # (no domain of BOUNDS_SPAN values: nothing changes either way)
    small.add(all_different(x))
    assert fitted_width(small, None) == BOUNDS_SPAN


def test_a_term_on_a_wide_enough_domain_keeps_bit_sets():
    """(flattened, a term may become a table, which reads values)"""
    m = Model()
    x, y = m.int_var(0, 1000, "x"), m.int_var(0, 1000, "y")
    m.add(x * y == 600)
    assert fitted_width(m, None) == fitted_width(one_machine()[0], None) == MAX_SPAN


@pytest.mark.parametrize("engine", ["python", "numba"])
@pytest.mark.parametrize("disjunctive", [False, True])
def test_the_same_optimum_as_bounds_or_as_bit_sets(engine, disjunctive):
    m, _ = one_machine(disjunctive)
    best = shortest() if disjunctive else 6 + sum(DURATIONS)  # (in the order given: task 0 from its release, 6)
    for width in (BOUNDS_SPAN, MAX_SPAN):
        result = solve_csp(m, engine=engine, bitset_width=width)
        assert result.optimal and result.objective == best
        assert csp_error(m, result.values) is None


FLATZINC = """\
var 0..1000: s0 :: output_var;
var 0..1000: s1 :: output_var;
var 0..1000: s2 :: output_var;
var 0..1000: last :: output_var;
var bool: b01;
var bool: b10;
var bool: b02;
var bool: b20;
var bool: b12;
var bool: b21;
constraint int_le(6, s0);
constraint int_le(2, s2);
constraint int_lin_le([1, -1], [s0, last], -3);
constraint int_lin_le([1, -1], [s1, last], -4);
constraint int_lin_le([1, -1], [s2, last], -5);
constraint int_lin_le_reif([1, -1], [s0, s1], -3, b01);
constraint int_lin_le_reif([1, -1], [s1, s0], -4, b10);
constraint int_lin_le_reif([1, -1], [s0, s2], -3, b02);
constraint int_lin_le_reif([1, -1], [s2, s0], -5, b20);
constraint int_lin_le_reif([1, -1], [s1, s2], -4, b12);
constraint int_lin_le_reif([1, -1], [s2, s1], -5, b21);
constraint bool_clause([b01, b10], []);
constraint bool_clause([b02, b20], []);
constraint bool_clause([b12, b21], []);
solve :: int_search([s0, s1, s2], smallest, indomain_min, complete) minimize last;
"""


def test_a_flatzinc_schedule_is_searched_on_bounds_and_proves_the_optimum(tmp_path):
    """fzn-essais's run of a schedule over 0..1000: its starts kept as bounds (the smallest start
    first, each halved where indomain_min would give values one at a time), the optimum proved."""
    path = tmp_path / "machine.fzn"
    path.write_text(FLATZINC)
    model = read_flatzinc_file(path).model
    assert fitted_width(model, None) == BOUNDS_SPAN
    for engine in ("python", "numba"):
        lines = list(minizinc.flatzinc_lines(path, minizinc.FlatZincRun(engine=engine)))
        assert lines[-2:] == [minizinc.SOLUTION_END, minizinc.COMPLETE]
        values = {line.split(" = ")[0]: int(line.split(" = ")[1].rstrip(";")) for line in lines[-6:-2]}
        assert values["last"] == shortest()
        for k in range(3):  # (one task at a time, each from its release date)
            assert values[f"s{k}"] >= RELEASES[k] and values[f"s{k}"] + DURATIONS[k] <= values["last"]
        for a, b in itertools.combinations(range(3), 2):
            assert (
                values[f"s{a}"] + DURATIONS[a] <= values[f"s{b}"] or values[f"s{b}"] + DURATIONS[b] <= values[f"s{a}"]
            )
