"""Method sat: the grid as a Boolean formula for a CDCL SAT solver (PySAT, the `sat` extra), what
the hardest large grids need."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

from essais.core.errors import InvalidInput
from essais.core.limits import SearchControl, SearchStopped
from essais.core.result import Stats, Status
from essais.sudoku.compiled import root_candidates
from essais.sudoku.model import SAT_SOLVER, Sudoku, check_limits, units


class SatSudoku:
    """The grid as a Boolean formula, solved by a CDCL SAT solver (Glucose through PySAT, the
    optional extra essais[sat]): one variable per remaining candidate after the propagating
    solver's root propagation, exactly one value per cell and exactly one place per value in
    each unit. Clause learning is what the hardest 25×25 grids need. Each solution found is
    then forbidden by a clause, so that the next call finds another (counting). Counters:
    `nodes` the solver's decisions, `tries` its propagations, `backtracks` its conflicts."""

    def __init__(self, puzzle: Sudoku, control: SearchControl) -> None:
        try:
            from pysat.solvers import Solver
        except ImportError:
            raise InvalidInput("method: 'sat' needs PySAT (pip install 'essais[sat]')") from None
        check_limits("sat", control.limits)
        self.puzzle, self.control = puzzle, control
        self.candidates = root_candidates(puzzle)  # None: the root propagation already fails
        self.solver: Any = Solver(name=SAT_SOLVER, bootstrap_with=self._clauses())
        self.counters: dict[str, int] = {}

    def _variable(self, cell: int, value: int) -> int:
        return cell * self.puzzle.n + value + 1

    def _clauses(self) -> list[list[int]]:
        if self.candidates is None:
            return [[1], [-1]]
        n, candidates, clauses = self.puzzle.n, self.candidates, []
        groups = [[(cell, v) for v in range(n) if candidates[cell] >> v & 1] for cell in range(n * n)]
        groups += [
            [(cell, v) for cell in unit if candidates[cell] >> v & 1]
            for unit in units(self.puzzle.box)
            for v in range(n)
        ]
        for group in groups:  # exactly one of each group
            literals = [self._variable(cell, v) for cell, v in group]
            clauses.append(literals)
            clauses += [[-a, -b] for i, a in enumerate(literals) for b in literals[i + 1 :]]
        return clauses

    def live_stats(self) -> Stats:
        """The counters as last read (the solver is not asked while it runs in another thread)."""
        counters = self.counters
        return Stats(counters.get("decisions", 0), counters.get("propagations", 0),
                     counters.get("conflicts", 0), self.control.elapsed())  # fmt: skip

    def stats(self) -> Stats:
        if self.solver is not None:
            self.counters = self.solver.accum_stats() or self.counters
        return self.live_stats()

    def solutions(self) -> Iterator[list[int]]:
        n, open_cells = self.puzzle.n, [cell for cell, value in enumerate(self.puzzle.cells) if value == 0]
        try:
            while self._solve():
                model = self.solver.get_model()
                assert model is not None
                chosen = {literal for literal in model if literal > 0}
                solution = [
                    next(v + 1 for v in range(n) if self.candidates is not None and self.candidates[cell] >> v & 1
                         and self._variable(cell, v) in chosen)
                    for cell in range(n * n)
                ]  # fmt: skip
                yield solution
                if not open_cells:
                    return
                self.solver.add_clause([-self._variable(cell, solution[cell] - 1) for cell in open_cells])
        finally:
            self.stats()  # the counters, before the solver goes
            self.solver.delete()
            self.solver = None

    def _solve(self) -> bool:
        """One call of the solver, in a thread of its own: this thread (the main one, where
        Python's signal handlers run) watches the limits and Ctrl-C and interrupts it."""
        outcome: list[bool | None] = []
        solving = threading.Thread(
            target=lambda: outcome.append(self.solver.solve_limited(expect_interrupt=True)), daemon=True
        )
        solving.start()
        interrupted = False
        while solving.is_alive():
            solving.join(0.05)
            if not interrupted and (self.control.interrupted or self.control.out_of_time()):
                self.solver.interrupt()
                interrupted = True
        found = outcome[0] if outcome else None
        if found is None:
            self.solver.clear_interrupt()
            raise SearchStopped(Status.INTERRUPTED if self.control.interrupted else Status.LIMIT)
        return bool(found)
