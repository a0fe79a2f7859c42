"""The csp kernels' memory: the arena's header declared once, each kind's fields named alike by
its kind and its kernels, and the csp and cover kernels run with numba's bounds checks on over
generated models (an index outside a section raises there instead of reading another section)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from essais.csp.compiled import _domain_kernels as k
from essais.csp.compiled import in_slot_order
from essais.csp.compiled.arrays import model_arrays
from essais.csp.compiled.engine import ENTRY_MODULES
from essais.csp.kinds import KINDS, Table
from essais.csp.model.problem import Model

from conftest import TESTS

CHECKED_RUN = textwrap.dedent(
    """
    import numba
    from hypothesis import HealthCheck, given, settings
    from test_csp import brute_force, models, queens

    from essais.cover import count_covers, langford, polyomino
    from essais.csp import Model, count_csp, if_then_else, implies, solve_csp, xor
    from essais.csp.kinds import flatten


    def logic_queens(n):
        # n queens of 0/1 cells: a queen a row (and xor of a row's first two and the rest's
        # sum), a column, no two on a diagonal (implies), an if_then_else on the corner
        m = Model()
        q = [m.int_vars(n, 0, 1, f"r{r}c") for r in range(n)]
        for k in range(n):
            m.add(sum(q[k]) == 1)
            m.add(sum(q[r][k] for r in range(n)) == 1)
            m.add(xor(q[k][0] == 1, q[k][1] == 1, sum(q[k][2:]) == 1) == 1)
        for r in range(n):
            for c in range(n):
                for s in range(r + 1, n):
                    for d in (c - (s - r), c + (s - r)):
                        if 0 <= d < n:
                            m.add(implies(q[r][c] == 1, q[s][d] == 0))
        m.add(if_then_else(q[0][0] == 1, q[1][1], q[0][1]) <= 1)
        return m

    assert numba.config.BOUNDSCHECK == 1


    @settings(max_examples=60, deadline=None, database=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(models(predicates=False, wide=True))
    def every_method(model):
        expected = len(brute_force(model))
        for method in ("basic/input", "forward", "mac", "mac/mrv/lcv"):
            assert count_csp(model, method=method, engine="numba").count == expected, method
            solve_csp(model, method=method, engine="numba")


    every_method()
    assert count_csp(queens(8), workers=2).count == 92  # (sub-trees replayed from their paths)
    flatten.LOGIC_AS_TABLES = False  # (logic as reified relations, element for if_then_else)
    for method in ("forward", "mac"):
        assert count_csp(logic_queens(6), method=method, engine="numba").count == 4
    assert count_covers(langford(7)).count == 26
    assert count_covers(polyomino("3x20", distinct=True), workers=2).count == 2
    print("checked")
    """
)


def test_the_arenas_slots_are_its_headers_order():
    """The header's slots run 0 … HEADER - 1: the model's sections, the search's, the words',
    then the sizes; the k-th section is the one slot k names."""
    slots = (*k.MODEL, *k.WORK, *k.WORDS, k.N_VARIABLES, k.N_CONSTRAINTS, k.N_DECISIONS)
    assert slots == tuple(range(k.HEADER))
    assert in_slot_order({k.LEAST: "a", k.WOFF: "b"}, (k.WOFF, k.LEAST)) == ["b", "a"]
    with pytest.raises(AssertionError, match="not its header's slots"):
        in_slot_order({k.LEAST: "a"}, (k.LEAST, k.WOFF))


def test_each_kinds_fields_are_where_its_kernels_read_them():
    """Field f of a kind (Kind.fields, in order) is the constant <KERNEL>_<F> of its kernel files,
    at its place; no kernel file names a field its kind does not declare."""
    declared = {f"{kind.kernel}_{field.upper()}": place for kind in KINDS.values() if kind.compiled
                for place, field in enumerate(kind.fields)}  # fmt: skip
    prefixes = tuple(f"{kind.kernel}_" for kind in KINDS.values() if kind.compiled)
    named = {name: getattr(module, name) for module in ENTRY_MODULES for name in dir(module)
             if name.startswith(prefixes) and name.isupper() and isinstance(getattr(module, name), int)}  # fmt: skip
    assert named == declared


def test_a_kind_gives_its_fields_by_name_in_their_order():
    """The encoder takes a kind's fields as it declares them, or says which it gave."""
    model = Model()
    x = model.int_vars(2, 0, 3)
    model.add(Table([x[0].index, x[1].index], [(0, 1), (1, 0)]))
    table = model_arrays(model).model
    fields = table[k.FIELDS][table[k.FSTART][0] :]
    assert fields.tolist() == [0, 2, 0, 1, 1, 0]  # (allowed rows, two of them, then the rows)
    wrong = KINDS[Table]
    original = wrong.fields
    try:
        wrong.fields = ("count", "conflicts", "rows")  # type: ignore[misc]
        with pytest.raises(AssertionError, match="not those it declares"):
            model_arrays(model)
    finally:
        wrong.fields = original  # type: ignore[misc]


def test_the_kernels_stay_inside_their_arrays(tmp_path):
    """In a process of its own with its own numba cache: numba's cache key ignores the bounds
    checks, so a shared cache would load unchecked code here, or leave checked code where the
    benchmarks load theirs."""
    environment = {**os.environ, "NUMBA_BOUNDSCHECK": "1", "NUMBA_CACHE_DIR": str(tmp_path / "numba-cache"),
                   "PYTHONPATH": os.pathsep.join([str(TESTS / "csp"), str(TESTS)])}  # fmt: skip
    run = subprocess.run([sys.executable, "-c", CHECKED_RUN], env=environment, capture_output=True, text=True,
                         timeout=600)  # fmt: skip
    assert run.returncode == 0 and run.stdout.strip() == "checked", run.stderr[-3000:]
