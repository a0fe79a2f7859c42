"""Method sat: the grid as a Boolean formula for a CDCL SAT solver (PySAT, the `sat` extra), what
the hardest large grids need."""

from __future__ import annotations

from collections.abc import Iterator

from essais.core.errors import InvalidInput
from essais.core.limits import SearchControl
from essais.core.result import Stats
from essais.core.sat import SatPortfolio, check_formula_memory, sat_solver_available
from essais.sudoku.compiled import root_candidates
from essais.sudoku.model import Sudoku, check_limits, units


class SatSudoku:
    """The grid as a Boolean formula, solved by CDCL SAT solvers (core.sat: CaDiCaL and Glucose
    racing in processes of their own, through PySAT, the optional extra essais[sat]): one
    variable per remaining candidate after the propagating solver's root propagation, exactly
    one value per cell and exactly one place per value in each unit. Clause learning is what the
    hardest 25×25 grids need. Each solution found is then forbidden by a clause, so that the next
    call finds another (counting). Counters: `nodes` the solvers' decisions, `tries` their
    propagations, `backtracks` their conflicts."""

    def __init__(self, puzzle: Sudoku, control: SearchControl) -> None:
        if not sat_solver_available():
            raise InvalidInput("method: 'sat' needs PySAT (pip install 'essais[sat]')")
        check_limits("sat", control.limits)
        self.puzzle, self.control = puzzle, control
        n = puzzle.n
        check_formula_memory(4 * n**4, f"a {n}×{n} grid", control)  # 4n² groups of n candidates, pairwise
        self.candidates = root_candidates(puzzle)  # None: the root propagation already fails
        self.solver = SatPortfolio(self._clauses(), control)

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

    def stats(self) -> Stats:
        return self.solver.stats()

    def solutions(self) -> Iterator[list[int]]:
        n, open_cells = self.puzzle.n, [cell for cell, value in enumerate(self.puzzle.cells) if value == 0]
        forbidden: list[list[int]] = []
        try:
            while (chosen := self.solver.solve(added=forbidden)) is not None:
                solution = [
                    next(v + 1 for v in range(n) if self.candidates is not None and self.candidates[cell] >> v & 1
                         and self._variable(cell, v) in chosen)
                    for cell in range(n * n)
                ]  # fmt: skip
                yield solution
                if not open_cells:
                    return
                forbidden = [[-self._variable(cell, solution[cell] - 1) for cell in open_cells]]
        finally:
            self.solver.close()
