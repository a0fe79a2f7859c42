"""A split run on a Dask cluster (the `dask` extra): the sub-trees as futures, the limits checked
as each comes back."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from essais.core.errors import InvalidInput
from essais.core.limits import SearchControl
from essais.core.parallel.pool import solve_in_worker
from essais.core.parallel.tasks import Solver, TaskResult
from essais.core.result import Status

DASK_CONNECT_SECONDS = 10  # how long to try to reach a Dask scheduler


@contextmanager
def dask_client(scheduler: str, workers: int) -> Iterator[Any]:
    """A client of a Dask cluster: `scheduler` is its address (tcp://host:8786), or `local` for
    a cluster of `workers` processes on this machine (closed with the client). Its workers must
    have essais installed."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise InvalidInput("scheduler: Dask is not installed (pip install 'essais[dask]')") from None
    cluster = None
    try:
        if scheduler == "local":
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, dashboard_address=None)
            client = Client(cluster)
        else:
            client = Client(scheduler, timeout=DASK_CONNECT_SECONDS)
    except (OSError, TimeoutError, ValueError) as error:
        if cluster is not None:
            cluster.close()
        raise InvalidInput(f"scheduler: {scheduler}: cannot connect ({error})") from None
    try:
        yield client
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def on_dask(
    scheduler: str,
    workers: int,
    todo: list[tuple[int, Any]],
    solve: Solver,
    finished: Callable[[int, TaskResult], Status | None],
    control: SearchControl,
) -> Status | None:
    """The sub-trees `todo` solved on a Dask cluster (see dask_client), each told to `finished`
    as it comes back; the Status that stopped them, or None."""
    with dask_client(scheduler, workers) as client:
        from dask.distributed import as_completed  # (installed: dask_client said so)

        # on a cluster the node limit is read as each sub-tree comes back (best effort)
        futures = client.map(solve_in_worker, [(solve, [item], None) for item in todo], pure=False)
        for future in as_completed(futures):
            [(index, result, _)] = future.result()
            assert result is not None  # (no limit in the workers: a stop cancels the sub-trees in flight)
            reason = finished(index, result)
            if reason is not None:
                client.cancel(futures)
                return reason
        return None
