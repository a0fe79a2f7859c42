"""Counting in parallel: a count split into independent sub-trees, run here, on a
process pool or on a Dask cluster, with an optional checkpoint file to resume from.

A problem describes its split as a list of picklable tasks and a module-level function
`solve(task, control) -> TaskResult` (pickled by reference, so worker processes import it).
`run_split` runs the tasks not yet finished and gives back every finished task's result; the
problem adds them up. Results come back in any order, so a problem's total must not depend on
it (a sum of counts does not).

In this process (`workers=1`, no scheduler) the limits bite inside a sub-tree, at the exact
node. On a pool the workers add their nodes to one shared counter as they go, so the node limit
stops them all within a slice each, and the main process checks the time and Ctrl-C ten times a
second; on a Dask cluster the limits are checked as each sub-tree comes back. When the search
stops, the sub-trees in flight in this process or on the pool report what they did so far
(`SplitRun.partial`: their counts so far and their counters, exact), the pool's workers told to
stop by a shared flag and given STOP_GRACE_SECONDS to answer; on a Dask cluster they are
dropped. With a checkpoint every finished sub-tree is committed at once (partial ones are not):
an interrupted count (Ctrl-C, a limit, even kill -9) resumes where it stopped and ends with
exactly the same total.

The package: tasks.py (a sub-tree's result, solve_subtree, how a run ended), split.py
(run_split and the sub-trees run in this process), pool.py (the process pool, its shared
counters and stop flag), cluster.py (Dask), checkpoint.py (the SQLite file), and stream.py
(map_in_order: a stream of jobs for compiled code on threads, a file of Sudokus' blocks).
"""

from essais.core.parallel.pool import process_pool
from essais.core.parallel.split import run_split
from essais.core.parallel.stream import map_in_order
from essais.core.parallel.tasks import (
    Progress,
    Solver,
    SplitRun,
    TaskResult,
    count_subtree,
    default_workers,
    solve_subtree,
    workers_for,
)

__all__ = [
    "Progress",
    "Solver",
    "SplitRun",
    "TaskResult",
    "count_subtree",
    "default_workers",
    "workers_for",
    "map_in_order",
    "process_pool",
    "run_split",
    "solve_subtree",
]
