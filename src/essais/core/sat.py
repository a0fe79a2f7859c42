"""SAT solvers (PySAT, the optional extra essais[sat]) in processes of their own: a time limit
or Ctrl-C ends them whatever solver runs (CaDiCaL, the fastest here, cannot be interrupted from
another thread, but its process can be ended), and different solvers race on the same formula,
one a core: a CDCL solver's time on a hard formula varies by several times with incidental
choices (queen:11's 11 colours took CaDiCaL 25 s to over 120 s, Glucose 49 s, as the clauses
came in one order or another), and the first answer is the one kept. The formula is handed over
as each process is forked (nothing copied through a pipe); each call may add clauses and assume
literals, and a solver keeps what it learnt from one call to the next (incremental solving)."""

from __future__ import annotations

import signal
from collections.abc import Sequence
from multiprocessing.connection import wait
from typing import Any

from essais.core.errors import InvalidInput
from essais.core.limits import SearchControl, SearchStopped
from essais.core.parallel.pool import fork_context, start_worker
from essais.core.parallel.tasks import default_workers
from essais.core.result import Stats, Status
from essais.core.signals import STOP_SIGNALS

SOLVERS = ("cadical195", "glucose42")  # the portfolio, first the one for a single core (BENCHMARKS.md)
POLL_SECONDS = 0.05  # how often the main process looks at the clock and Ctrl-C while the solvers run
BYTES_PER_LITERAL = 40  # a clause as Python lists of ints, and in a solver (measured: 30-40 bytes a literal)

Clauses = Sequence[Sequence[int]]


def sat_solver_available() -> bool:
    """Is PySAT installed (the extra essais[sat])?"""
    try:
        import pysat.solvers  # noqa: F401
    except ImportError:
        return False
    return True


def check_formula_memory(literals: int, what: str, control: SearchControl, workers: int | None = None) -> None:
    """Refuse a formula of `literals` literals in all that would not fit in the memory limit,
    before it is built: held here, and in each solver of the portfolio."""
    copies = 1 + portfolio_size(workers)
    needed, limit = literals * BYTES_PER_LITERAL * copies, control.limits.memory
    if limit is not None and needed > limit:
        raise InvalidInput(f"{what}: its formula would take about {needed / 2**20:,.0f} MB, over the memory limit")


def portfolio_size(workers: int | None) -> int:
    """How many solvers race: one a core (`workers`, every core by default), at most one of each."""
    return max(1, min(len(SOLVERS), workers or default_workers()))


class SatPortfolio:
    """SAT solvers on `clauses`, each in a forked process, `workers` of them (one per core by
    default). `solve(assumptions, added)` returns the true variables of a model (a set), or None
    when there is none, from the first solver to answer; the others are ended and started again
    on the formula as it now is. A limit or Ctrl-C ends them all and raises SearchStopped.
    Counters, of the solvers that answered: `nodes` their decisions, `tries` their
    propagations, `backtracks` their conflicts."""

    def __init__(self, clauses: Clauses, control: SearchControl, workers: int | None = None) -> None:
        if not sat_solver_available():
            raise InvalidInput("method: 'sat' needs PySAT (pip install 'essais[sat]')")
        self.names = SOLVERS[: portfolio_size(workers)]
        self.control, self.clauses = control, [list(clause) for clause in clauses]
        self.totals: dict[str, int] = {}
        self.solvers: list[_Solver | None] = [None] * len(self.names)

    def solve(self, assumptions: Sequence[int] = (), added: Clauses = ()) -> set[int] | None:
        self.clauses += [list(clause) for clause in added]
        for at, solver in enumerate(self.solvers):
            if solver is None:  # new, or ended when another answered first: started on the whole formula
                self.solvers[at] = solver = _Solver(self.names[at], self.clauses)
                solver.connection.send(([], list(assumptions)))
            else:
                solver.connection.send((list(added), list(assumptions)))
        winner = self._first_answer()
        found, true_variables, counters = winner.connection.recv()
        for name, value in counters.items():
            self.totals[name] = self.totals.get(name, 0) + value - winner.counters.get(name, 0)
        winner.counters = counters
        for at, solver in enumerate(self.solvers):
            if solver is not winner and solver is not None:
                solver.close()
                self.solvers[at] = None
        return set(true_variables) if found else None

    def _first_answer(self) -> _Solver:
        connections = {solver.connection: solver for solver in self.solvers if solver is not None}
        while not (ready := wait(list(connections), POLL_SECONDS)):
            if self.control.interrupted or self.control.out_of_time():
                self.close()
                raise SearchStopped(Status.INTERRUPTED if self.control.interrupted else Status.LIMIT)
            if not any(solver.process.is_alive() for solver in connections.values()):
                raise RuntimeError("the SAT solvers' processes ended unexpectedly")
        return connections[ready[0]]  # type: ignore[index]

    def stats(self) -> Stats:
        totals = self.totals
        return Stats(totals.get("decisions", 0), totals.get("propagations", 0),
                     totals.get("conflicts", 0), self.control.elapsed())  # fmt: skip

    def close(self) -> None:
        for at, solver in enumerate(self.solvers):
            if solver is not None:
                solver.close()
                self.solvers[at] = None


class _Solver:
    """One solver's process and its end of the pipe."""

    def __init__(self, name: str, clauses: Clauses) -> None:
        context = fork_context()
        self.connection, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child, name, clauses), daemon=True)
        self.counters: dict[str, int] = {}
        blocking = hasattr(signal, "pthread_sigmask")  # a signal while forking waits for the child's handlers
        previous = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS) if blocking else None
        try:
            self.process.start()
        finally:
            if previous is not None:
                signal.pthread_sigmask(signal.SIG_SETMASK, previous)
        child.close()

    def close(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        self.connection.close()


def _serve(connection: Any, name: str, clauses: Clauses) -> None:
    """A solver's process: one call of the solver for each request, until the pipe closes.
    Ctrl-C stays blocked here (PySAT's solvers install a handler of their own while they solve,
    which would print a traceback): the main process handles it and ends this one."""
    start_worker()
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    from pysat.solvers import Solver

    with Solver(name=name, bootstrap_with=clauses) as solver:
        while True:
            try:
                added, assumptions = connection.recv()
            except EOFError:
                return
            for clause in added:
                solver.add_clause(clause)
            found = bool(solver.solve(assumptions=assumptions))
            model = solver.get_model() if found else None
            connection.send((found, [literal for literal in model or () if literal > 0], _counters(solver)))


def _counters(solver: Any) -> dict[str, int]:
    try:
        return dict(solver.accum_stats() or {})
    except NotImplementedError:  # Kissat keeps its counters to itself
        return {}
