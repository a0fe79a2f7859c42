"""The csp kernels' memory: the arena's header declared once, and the csp and cover kernels run
with numba's bounds checks on over generated models (an index outside a section raises there
instead of reading another section)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from essais.csp.compiled import _domain_kernels as k
from essais.csp.compiled import in_slot_order

from conftest import TESTS

CHECKED_RUN = textwrap.dedent(
    """
    import numba
    from hypothesis import HealthCheck, given, settings
    from test_csp import brute_force, models, queens

    from essais.cover import count_covers, langford, polyomino
    from essais.csp import count_csp, solve_csp

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


def test_the_kernels_stay_inside_their_arrays(tmp_path):
    """In a process of its own with its own numba cache: numba's cache key ignores the bounds
    checks, so a shared cache would load unchecked code here, or leave checked code where the
    benchmarks load theirs."""
    environment = {**os.environ, "NUMBA_BOUNDSCHECK": "1", "NUMBA_CACHE_DIR": str(tmp_path / "numba-cache"),
                   "PYTHONPATH": os.pathsep.join([str(TESTS / "csp"), str(TESTS)])}  # fmt: skip
    run = subprocess.run([sys.executable, "-c", CHECKED_RUN], env=environment, capture_output=True, text=True,
                         timeout=600)  # fmt: skip
    assert run.returncode == 0 and run.stdout.strip() == "checked", run.stderr[-3000:]
