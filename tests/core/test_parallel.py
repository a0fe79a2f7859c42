"""The split count (essais.core.parallel): the same totals on one process, a pool and Dask;
limits and Ctrl-C keep finished sub-trees; a checkpoint resumes exactly, even after kill -9."""

import multiprocessing
import signal
import time

import pytest

import essais
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchControl, SearchStopped
from essais.core.parallel import TaskResult, cluster, run_split, split
from essais.core.result import Stats, Status
from essais.core.signals import holding
from essais.queens import count_queens

from conftest import kill_when_recorded

A000170 = {10: 724, 11: 2680, 12: 14200, 13: 73712, 14: 365596, 15: 2279184}
A002562 = {10: 92, 11: 341, 12: 1787, 13: 9233, 14: 45752, 15: 285053}


def count_multiples(task, control):
    """A toy split: how many numbers below `limit` the divisor divides (nodes: numbers looked at)."""
    divisor, limit = task
    return TaskResult((len(range(0, limit, divisor)),), Stats(nodes=limit))


@pytest.fixture
def pool_always(monkeypatch):
    """Every split count with workers > 1 goes to the pool at once (however small its count)."""
    monkeypatch.setattr(split, "ALONE_SECONDS", 0.0)
    monkeypatch.setattr(split, "POOL_WORTH_SECONDS", 0.0)


@pytest.mark.parametrize("method", ["mrv", "bitmask"])
@pytest.mark.parametrize("n", [10, 11, 12])
def test_the_pool_gives_the_same_counts(n, method, pool_always):
    here = count_queens(n, method=method)
    pooled = count_queens(n, method=method, workers=2)
    assert here.count == pooled.count == A000170[n]
    assert here.stats.counters() == pooled.stats.counters()  # the same sub-trees, in any order
    assert count_queens(n, method=method, workers=2, distinct=True).count == A002562[n]
    assert pooled.split == {"done": pooled.split["total"], "total": pooled.split["total"], "resumed": 0}


def test_a_pool_starts_only_for_the_work_the_first_subtrees_foretell(monkeypatch):
    """A count whose first sub-trees (ALONE_SECONDS of them) foretell less work than a pool is
    worth ends in this process; one that foretells more goes to the pool."""
    pools = []
    on_pool = split.on_pool
    monkeypatch.setattr(split, "on_pool", lambda *arguments: pools.append(1) or on_pool(*arguments))
    assert count_queens(12, method="mrv", workers=2).count == A000170[12] and not pools  # (some 10 ms)
    monkeypatch.setattr(split, "POOL_WORTH_SECONDS", 0.0)
    assert count_queens(15, method="mrv", workers=2).count == A000170[15] and pools == [1]


def test_a_node_limit_stops_at_that_node_in_this_process():
    stopped = count_queens(13, method="mrv", limits=Limits(nodes=50_000))
    assert stopped.status == Status.LIMIT and stopped.stats.nodes <= 50_000
    assert 0 < stopped.count < A000170[13] and 0 < stopped.split["done"] < stopped.split["total"]


def test_a_node_limit_on_the_pool_keeps_finished_subtrees():
    stopped = count_queens(14, method="mrv", workers=2, limits=Limits(nodes=200_000))
    # the workers share the node count, so they stop inside their sub-trees, which report what they did
    assert stopped.status == Status.LIMIT and 200_000 <= stopped.stats.nodes < 300_000  # a slice a worker past it
    assert 0 < stopped.count < A000170[14]


def test_a_stopped_count_reports_the_subtrees_in_flight():
    """Sub-trees stopped partway add what they counted and their counters: the count so far
    grows with the node limit (one process: exact at the node) up to the total."""
    counts = [count_queens(12, method="mrv", node_limit=limit) for limit in (1, 300, 3_000, 30_000, 10**9)]
    assert [count.stats.nodes for count in counts[:4]] == [1, 300, 3_000, 30_000]
    assert [count.count for count in counts] == sorted(count.count for count in counts)
    assert counts[-1].count == A000170[12] and counts[-1].status == Status.COMPLETE
    # on the pool, a time limit that no sub-tree outlasts: the workers report theirs so far
    stopped = essais.count_tours(7, workers=2, time_limit=1.0)
    assert stopped.status == Status.LIMIT and stopped.split["done"] == 0
    assert stopped.count > 0 and stopped.stats.nodes > stopped.count and stopped.stats.backtracks > 0


@pytest.mark.parametrize(("workers", "method"), [(1, "mrv"), (2, "mrv"), (2, "bitmask")])
def test_a_checkpoint_resumes_exactly(tmp_path, workers, method):
    path = tmp_path / "count.sqlite"
    first = count_queens(13, method=method, workers=workers, checkpoint=path, limits=Limits(nodes=100_000))
    assert first.status == Status.LIMIT
    resumed = count_queens(13, method=method, workers=workers, checkpoint=path)
    assert resumed.status == Status.COMPLETE and resumed.count == A000170[13]
    assert resumed.split["resumed"] == first.split["done"] > 0
    assert resumed.stats.counters() == count_queens(13, method=method).stats.counters()
    other = "bitmask" if method == "mrv" else "mrv"  # another method's counters would not add up
    with pytest.raises(InvalidInput, match="another split search"):
        count_queens(13, method=other, checkpoint=path)
    # the finished file serves the distinct count too, with no search at all
    assert count_queens(13, method=method, checkpoint=path, distinct=True, limits=Limits(nodes=1)).count == A002562[13]


def test_a_checkpoint_refuses_another_count(tmp_path):
    path = tmp_path / "count.sqlite"
    count_queens(9, checkpoint=path)
    with pytest.raises(InvalidInput, match="another split search"):
        count_queens(10, checkpoint=path)
    junk = tmp_path / "junk.txt"
    junk.write_text("not a database, just text " * 100)
    with pytest.raises(InvalidInput, match="junk.txt"):
        count_queens(9, checkpoint=junk)
    with pytest.raises(InvalidInput, match="checkpoint"):
        count_queens(9, checkpoint=tmp_path)  # a directory


def test_a_killed_count_resumes_exactly(tmp_path):
    """kill -9 loses only the sub-trees in flight: every committed one is read back."""
    path = tmp_path / "count.sqlite"
    script = f"from essais.queens import count_queens; count_queens(15, method='mrv', checkpoint={str(path)!r})"
    kill_when_recorded(script, path)
    resumed = count_queens(15, method="mrv", checkpoint=path, workers=2)
    assert resumed.count == A000170[15] and resumed.split["resumed"] >= 20


def test_run_split_on_any_problem(tmp_path):
    tasks = [(divisor, 1000) for divisor in range(1, 50)]
    expected = sum(len(range(0, 1000, d)) for d in range(1, 50))
    for workers in (1, 3):
        with SearchControl() as control:
            run = run_split({"problem": "multiples"}, tasks, count_multiples, control=control, workers=workers)
        assert run.status == Status.COMPLETE and sum(r.values[0] for r in run.results.values()) == expected
    with SearchControl(Limits(nodes=10_000)) as control:
        run = run_split({"problem": "multiples"}, tasks, count_multiples, control=control)
    assert run.status == Status.LIMIT and len(run.results) == 10
    with SearchControl() as control, pytest.raises(InvalidInput, match="workers"):
        run_split({"problem": "multiples"}, tasks, count_multiples, control=control, workers=0)


def test_dask_gives_the_same_count():
    pytest.importorskip("dask.distributed")
    result = count_queens(11, scheduler="local", workers=2, distinct=True)
    assert result.status == Status.COMPLETE and result.count == A002562[11]


def test_an_unreachable_scheduler_is_bad_input(monkeypatch):
    pytest.importorskip("dask.distributed")
    monkeypatch.setattr(cluster, "DASK_CONNECT_SECONDS", 1)
    with pytest.raises(InvalidInput, match="^scheduler: tcp"):
        count_queens(8, scheduler="tcp://127.0.0.1:1")


def raise_the_shared_best(task, control):
    """A toy branch and bound for run_split's best_of: its value is the task; it says what it
    saw shared when it started, and raises the shared best."""
    shared = control.shared_best
    seen = -1 if shared is None else int(shared[0])
    if shared is not None:
        with shared.get_lock():
            if task > shared[0]:
                shared[:2] = [task, 100 + task]  # (its value, then what has it)
    return TaskResult((task, seen), Stats(nodes=1))


@pytest.mark.parametrize("workers", [1, 2])
def test_split_searches_share_their_best_value(tmp_path, workers):
    tasks = [3, 1, 7, 2, 5, 4]
    problem = {"problem": "toy"}
    with SearchControl(Limits()) as control:
        run = run_split(problem, tasks, raise_the_shared_best, control=control, workers=workers,
                        best_of=lambda result: (result.values[0],), best_size=2)  # fmt: skip
    seen = [run.results[index].values[1] for index in range(len(tasks))]
    assert run.best == (7, 107)
    if workers == 1:  # one after the other: each sees the best of those before it
        assert seen == [0, 3, 3, 7, 7, 7]
    else:  # every worker is given the shared value (what it holds then depends on the timing)
        assert all(0 <= value <= 7 for value in seen)
    with SearchControl(Limits(nodes=2)) as control:  # stopped after two tasks, then resumed
        saved = tmp_path / "toy.sqlite"
        run_split(problem, tasks, raise_the_shared_best, control=control, checkpoint=saved,
                  best_of=lambda result: (result.values[0],), best_size=2)  # fmt: skip
    with SearchControl(Limits()) as control:
        run = run_split(problem, tasks, raise_the_shared_best, control=control, checkpoint=saved,
                        best_of=lambda result: (result.values[0],), best_size=2)  # fmt: skip
    assert run.resumed == 2 and run.results[2].values[1] == 3  # the resumed results' best to begin with


def _hold_the_value(value, entered):
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    with holding(value):
        entered.set()
        time.sleep(0.5)
        value.value = 1


def test_a_worker_stopped_while_it_holds_a_shared_value_releases_it_first():
    """A pool stopped by a limit terminates its workers (SIGTERM): one that held a shared value's
    lock then left it taken for good, and the main process waited forever reading the value
    (method parallel of uncrossed paths hung so once in about a thousand runs)."""
    context = multiprocessing.get_context("fork")
    value, entered = context.Value("q", 0), context.Event()
    worker = context.Process(target=_hold_the_value, args=(value, entered))
    worker.start()
    assert entered.wait(5)
    worker.terminate()  # inside the lock
    worker.join(5)
    assert value.get_lock().acquire(timeout=2) and value.value == 1  # released, and its write done
    value.get_lock().release()


def first_node_tasks():
    """Each solver the library gives run_split, with a task of it that takes many nodes."""
    from essais.core.board import Board
    from essais.knights import TourProblem
    from essais.knights.compiled import count_below
    from essais.knights.tables import search_from
    from essais.queens.compiled import constellation_table, count_start_constellation
    from essais.uncrossed.parallel import search_first_move

    problem = TourProblem.make(Board(6, 6))
    images = constellation_table(14)[0][5]
    return [
        (search_from, (problem.at((0, 1)), "basic", "numba", None)),
        (count_below, (6, 6, problem.moves, False, "basic", ((0, 0),))),
        (count_start_constellation, (14, images, False, "bitmask")),
        (count_start_constellation, (14, images, False, "mrv")),
        (search_first_move, (8, 8, False, 4, 19, 0)),  # from (1, 1), first to (2, 3), holding no path
    ]


@pytest.mark.parametrize("solve, task", first_node_tasks())
def test_every_solver_stops_at_the_node_limit_of_its_control(solve, task):
    """run_split loads a pool's kernels by running its first task in the main process under a
    node limit of 1 (essais.core.parallel.split._load_kernels): a solver that ignored it would run the whole task
    twice."""
    try:
        result = solve(task, SearchControl(Limits(nodes=1)))
    except SearchStopped:
        return
    assert result.stats.nodes <= 1
