"""Limits and Ctrl-C: both engines stop at the same node and report the counters so far."""

import json
import os
import signal
import subprocess
import sys

import pytest

from essais.core.errors import InvalidInput
from essais.core.limits import ANNOUNCE, ANNOUNCEMENT, Limits
from essais.core.result import Status
from essais.knights import count_tours, find_tour

from conftest import knight_problem


@pytest.mark.parametrize("nodes", [1, 2, 25, 4_096, 4_097, 100_000])
@pytest.mark.parametrize("method", ["basic", "warnsdorff"])
def test_node_limit_stops_both_engines_at_the_same_node(method, nodes):
    problem = knight_problem(6, (0, 1))  # warnsdorff backtracks a lot from here too
    results = [find_tour(problem, method=method, engine=e, limits=Limits(nodes=nodes)) for e in ("python", "numba")]
    if results[0].status == Status.LIMIT:
        assert results[0].stats.nodes == nodes
    assert [(r.status, r.stats.counters()) for r in results][0] == (results[1].status, results[1].stats.counters())


def test_time_limit_reports_the_counters_so_far(engine):
    result = find_tour(knight_problem(7, (0, 1)), method="basic", engine=engine, limits=Limits(time=0.3))
    assert result.status == Status.LIMIT and not result.path
    assert result.stats.nodes > 1000 and result.stats.backtracks > 0
    assert 0.1 < result.stats.seconds < 5  # the search alone: the limit also counts its set-up


def test_count_under_a_limit_keeps_what_it_counted(engine):
    result = count_tours(knight_problem(5), method="basic", engine=engine, limits=Limits(nodes=500_000))
    assert result.status == Status.LIMIT
    assert 0 < result.count < 304


@pytest.mark.parametrize("limits", [{"time": 0}, {"time": -1}, {"nodes": 0}])
def test_bad_limits(limits):
    with pytest.raises(InvalidInput, match="limit"):
        Limits(**limits)


@pytest.mark.parametrize("engine_name", ["python", "numba"])
def test_ctrl_c_prints_the_counters_so_far(engine_name):
    command = [
        sys.executable,
        "-m",
        "essais",
        "tour",
        "7",
        "--start",
        "0,1",
        "--method",
        "basic",
        "--engine",
        engine_name,
        "--json",
    ]
    environment = {**os.environ, ANNOUNCE: "1"}  # the child says when its search has begun
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment)
    assert process.stderr is not None
    first_line = process.stderr.readline()  # 7x7 from (0,1) runs for hours: it is searching now
    assert first_line.strip() == ANNOUNCEMENT
    os.kill(process.pid, signal.SIGINT)
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, stderr
    document = json.loads(stdout)
    assert document["status"] == "interrupted"
    assert document["stats"]["nodes"] > 0
    assert "Traceback" not in stderr


def test_a_kernel_compiled_inside_a_search_is_loading_compiled_code():
    """numba compiles a kernel at its first call, which may come deep inside a search: that time is
    loading compiled code (essais.core.sliced watches numba's compiler lock), so a signal then
    waits for its end, and neither `seconds` nor a time limit counts it."""
    import numba
    from numba.core import event

    import essais.core.sliced  # noqa: F401  (it sets the watch up)
    from essais.core import limits
    from essais.core.engine import compiled_code_loading

    @numba.njit
    def kernel(x):  # type: ignore[no-untyped-def]  (no cache: it compiles at each test run)
        return x + 1

    class Probe(event.Listener):
        def on_start(self, event: event.Event) -> None:
            seen.append(compiled_code_loading())

        def on_end(self, event: event.Event) -> None:
            pass

    seen: list[bool] = []
    probe, before = Probe(), limits._compile_seconds[0]
    event.register("numba:compile", probe)
    try:
        with limits.SearchControl() as control:
            assert kernel(1) == 2
            seconds = control.elapsed()
    finally:
        event.unregister("numba:compile", probe)
    compiling = limits._compile_seconds[0] - before
    assert seen == [True] and not compiled_code_loading()
    assert 0 <= seconds < compiling  # the compilation (tens of ms) is the call's only cost
