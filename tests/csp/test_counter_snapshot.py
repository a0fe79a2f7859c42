"""Every puzzle file and test model keeps its counters (csp_snapshot.py, counters.json): the
numba engine in every method and order, the python engine in a few of them (all of them in the
slow suite)."""

import json

import pytest
from csp_snapshot import QUICK_PYTHON, SNAPSHOT, key, record, runs

EXPECTED = json.loads(SNAPSHOT.read_text())


def _cases():
    for name in dict.fromkeys(run[0] for run in runs()):
        yield pytest.param(name, "numba", False, id=f"{name}-numba")
        yield pytest.param(name, "python", False, id=f"{name}-python")
        yield pytest.param(name, "python", True, id=f"{name}-python-every-order", marks=pytest.mark.slow)


@pytest.mark.parametrize(("name", "engine", "every_order"), list(_cases()))
def test_the_counters_are_those_of_the_snapshot(name, engine, every_order):
    mine = [run for run in runs() if run[0] == name and run[1] == engine]
    if engine == "python":
        mine = [run for run in mine if (run[2] in QUICK_PYTHON) != every_order]
    differ = {key(run): (EXPECTED[key(run)], found) for run in mine if (found := record(*run)) != EXPECTED[key(run)]}
    assert not differ
