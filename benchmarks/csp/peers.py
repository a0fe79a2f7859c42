"""The benchmark's models in the peers' own APIs (python-constraint2, OR-Tools CP-SAT), each
the same model as essais's beside it (benchmarks/bench_csp.py): every solution counted."""

from __future__ import annotations

from typing import Any


def queens_constraint2(n: int) -> int:
    """python-constraint2: one column a row, AllDifferent on them, each pair of rows off each
    other's diagonals (its documented way for N queens)."""
    import constraint

    problem = constraint.Problem()
    problem.addVariables(range(n), range(n))
    problem.addConstraint(constraint.AllDifferentConstraint())
    for i in range(n):
        for j in range(i + 1, n):
            problem.addConstraint(lambda a, b, gap=j - i: abs(a - b) != gap, (i, j))
    return len(problem.getSolutions())


def magic_constraint2(n: int) -> int:
    """python-constraint2: the n² cells all different, each line summing to the magic sum."""
    import constraint

    total = n * (n * n + 1) // 2
    problem = constraint.Problem()
    problem.addVariables(range(n * n), range(1, n * n + 1))
    problem.addConstraint(constraint.AllDifferentConstraint())
    for line in _lines(n):
        problem.addConstraint(constraint.ExactSumConstraint(total), line)
    return len(problem.getSolutions())


def queens_cp_sat(n: int) -> int:
    """CP-SAT on one worker: all_different on q[i], q[i] + i, q[i] - i, every solution enumerated."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    q = [model.new_int_var(0, n - 1, f"q{i}") for i in range(n)]
    model.add_all_different(q)
    model.add_all_different([q[i] + i for i in range(n)])
    model.add_all_different([q[i] - i for i in range(n)])
    return _enumerate(model)


def magic_cp_sat(n: int) -> int:
    from ortools.sat.python import cp_model

    total = n * (n * n + 1) // 2
    model = cp_model.CpModel()
    cells = [model.new_int_var(1, n * n, f"m{k}") for k in range(n * n)]
    model.add_all_different(cells)
    for line in _lines(n):
        model.add(sum(cells[k] for k in line) == total)
    return _enumerate(model)


def _enumerate(model: Any) -> int:
    from ortools.sat.python import cp_model

    class Counter(cp_model.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.count = 0

        def on_solution_callback(self) -> None:
            self.count += 1

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.enumerate_all_solutions = True
    counter = Counter()
    solver.solve(model, counter)
    return counter.count


def _lines(n: int) -> list[list[int]]:
    """The cells of each row, column and the two diagonals of an n×n square (cell k: row k // n)."""
    rows = [[n * i + j for j in range(n)] for i in range(n)]
    columns = [[n * i + j for i in range(n)] for j in range(n)]
    return [*rows, *columns, [n * i + i for i in range(n)], [n * i + n - 1 - i for i in range(n)]]
