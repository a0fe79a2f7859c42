"""A real Dask cluster on this machine: `dask scheduler` and two `dask worker` processes on
127.0.0.1, reached through the scheduler's address as a user's cluster is (the branch of
essais.core.parallel that connects to an address; LocalCluster takes another)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from essais.core.result import Status
from essais.cover import count_covers, langford
from essais.csp import count_csp
from essais.queens import count_queens

from conftest import ROOT, invoke

distributed = pytest.importorskip("distributed")
DASK = Path(sys.executable).parent / "dask"  # the command installed beside this Python
START_SECONDS = 60


def _wait_for_file(path: Path, processes: list[subprocess.Popen[bytes]]) -> dict[str, str]:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if any(process.poll() is not None for process in processes):
            raise RuntimeError("the Dask scheduler ended before it wrote its address")
        try:
            info: dict[str, str] = json.loads(path.read_text())
            return info
        except (OSError, ValueError):  # not written yet, or half written
            time.sleep(0.1)
    raise TimeoutError(f"no scheduler file after {START_SECONDS} s")


def _end(processes: list[subprocess.Popen[bytes]]) -> None:
    """Each process ended by its own id: asked to stop, then killed if it does not."""
    for process in processes:
        if process.poll() is None:
            process.terminate()
    for process in processes:
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The address of a scheduler with two workers of one thread each, both connected."""
    folder = tmp_path_factory.mktemp("dask")
    file = folder / "scheduler.json"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "cwd": folder}
    processes = [subprocess.Popen([str(DASK), "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                                   "--scheduler-file", str(file)], **quiet)]  # type: ignore[call-overload]  # fmt: skip
    try:
        address = _wait_for_file(file, processes)["address"]
        for _ in range(2):
            processes.append(subprocess.Popen([str(DASK), "worker", address, "--nthreads", "1", "--host", "127.0.0.1",
                                               "--no-dashboard", "--no-nanny", "--local-directory", str(folder)],
                                              **quiet))  # type: ignore[call-overload]  # fmt: skip
        with distributed.Client(address, timeout=START_SECONDS) as client:
            client.wait_for_workers(2, timeout=START_SECONDS)
        yield address
    finally:
        _end(processes)


def test_queens_10_on_a_cluster_is_one_process_count(scheduler):
    one = count_queens(10)
    on_cluster = count_queens(10, scheduler=scheduler)
    assert on_cluster.status == Status.COMPLETE and on_cluster.count == one.count == 724
    assert on_cluster.stats.counters() == one.stats.counters()


def test_langford_8_on_a_cluster_is_one_process_count(scheduler):
    one = count_covers(langford(8))
    on_cluster = count_covers(langford(8), scheduler=scheduler)
    assert on_cluster.count == one.count == 150 and on_cluster.split is not None
    assert on_cluster.stats.counters() == one.stats.counters()


def test_a_model_file_on_a_cluster_from_the_command_line(scheduler):
    queens8 = ROOT / "puzzles" / "queens8.csp"
    one = count_csp(queens8)
    counted = invoke(["csp", str(queens8), "--count", "--scheduler", scheduler, "--json"])
    document = json.loads(counted.stdout)
    assert counted.exit_code == 0 and document["count"] == one.count == 92
    assert document["stats"]["nodes"] == one.stats.nodes and document["subtrees"]["total"] > 1
