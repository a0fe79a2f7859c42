"""The benchmark's models in the peers' own APIs (python-constraint2, OR-Tools CP-SAT), each
the same model as essais's beside it (benchmarks/bench_csp.py): every solution counted.
python-constraint2 has no model of the all-interval series nor of Costas arrays here: their
steps and differences would be Python tests on the whole permutation."""

from __future__ import annotations

import itertools
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


def all_interval_cp_sat(n: int) -> int:
    """CP-SAT on one worker: x all different, each step |x[i+1] - x[i]| a variable (its
    abs_equality), the steps all different."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    x = [model.new_int_var(0, n - 1, f"x{i}") for i in range(n)]
    steps = [model.new_int_var(1, n - 1, f"s{i}") for i in range(n - 1)]
    for i in range(n - 1):
        model.add_abs_equality(steps[i], x[i + 1] - x[i])
    model.add_all_different(x)
    model.add_all_different(steps)
    return _enumerate(model)


def costas_cp_sat(n: int) -> int:
    """CP-SAT on one worker: a permutation p of 1..n whose differences p[i + d] - p[i] at each
    distance d are all different."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    p = [model.new_int_var(1, n, f"p{i}") for i in range(n)]
    model.add_all_different(p)
    for d in range(1, n - 1):
        model.add_all_different([p[i + d] - p[i] for i in range(n - d)])
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


def golomb_cp_sat(n: int) -> int:
    """CP-SAT on one worker, the plain model: marks increasing from 0, their differences all
    different (as expressions), the first difference below the last; the last mark least."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    marks = [model.new_int_var(0, n * n, f"m{k}") for k in range(n)]
    model.add(marks[0] == 0)
    for a, b in itertools.pairwise(marks):
        model.add(a < b)
    gaps = {(i, j): marks[j] - marks[i] for i in range(n) for j in range(i + 1, n)}
    model.add_all_different(list(gaps.values()))
    model.add(gaps[0, 1] < gaps[n - 2, n - 1])
    model.minimize(marks[-1])
    return _optimum(model)


def knapsack_cp_sat(n: int) -> int:
    """CP-SAT on one worker: `knapsack_items(n)`'s 0/1 knapsack, the value greatest."""
    from ortools.sat.python import cp_model

    weights, values, capacity = knapsack_items(n)
    model = cp_model.CpModel()
    take = [model.new_bool_var(f"t{k}") for k in range(n)]
    model.add(sum(w * t for w, t in zip(weights, take, strict=True)) <= capacity)
    model.maximize(sum(v * t for v, t in zip(values, take, strict=True)))
    return _optimum(model)


def _optimum(model: Any) -> int:
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    status = solver.solve(model)
    assert status == cp_model.OPTIMAL, solver.status_name(status)
    return int(solver.objective_value)


def knapsack_items(n: int) -> tuple[list[int], list[int], int]:
    """n items whose weights and values are drawn apart (uncorrelated) from a fixed seed,
    10..100 each; the capacity half their weight."""
    import random

    draw = random.Random(2026)
    weights = [draw.randint(10, 100) for _ in range(n)]
    values = [draw.randint(10, 100) for _ in range(n)]
    return weights, values, sum(weights) // 2


def knapsack_by_dynamic_programming(n: int) -> int:
    """The optimum of `knapsack_items(n)`, by dynamic programming over the capacity."""
    weights, values, capacity = knapsack_items(n)
    best = [0] * (capacity + 1)
    for weight, value in zip(weights, values, strict=True):
        for room in range(capacity, weight - 1, -1):
            best[room] = max(best[room], best[room - weight] + value)
    return best[capacity]


def nucs_golomb(n: int) -> int:
    """NuCS's own Golomb model and filter (nucs.examples.golomb, with its symmetry breaking),
    minimising the length as its example does."""
    from nucs.examples.golomb.golomb_problem import GolombProblem, golomb_consistency_algorithm
    from nucs.solvers.backtrack_solver import BacktrackSolver
    from nucs.solvers.consistency_algorithms import register_consistency_algorithm

    problem = GolombProblem(n, True)
    algorithm = register_consistency_algorithm(golomb_consistency_algorithm)
    solver = BacktrackSolver(problem, consistency_algorithm=algorithm)
    solution = solver.minimize(problem.length_idx)
    return int(solution[problem.length_idx])


def nucs_count(example: str, *arguments: int) -> int:
    """Every solution of one of NuCS's example models (nucs.examples: queens, magic_square,
    all_interval_series, magic_sequence, langford), with the search its example runs (its
    heuristics where the example names them, else NuCS's defaults; symmetry breaking on)."""
    from nucs.heuristics.heuristics import DOM_HEURISTIC_MAX_VALUE, VAR_HEURISTIC_SMALLEST_DOMAIN
    from nucs.solvers.backtrack_solver import BacktrackSolver

    options: dict[str, Any] = {}
    if example == "queens":
        from nucs.examples.queens.queens_problem import QueensProblem

        problem = QueensProblem(*arguments)
    elif example == "magic_square":
        from nucs.examples.magic_square.magic_square_problem import MagicSquareProblem

        problem = MagicSquareProblem(*arguments, True)
    elif example == "all_interval_series":
        from nucs.examples.all_interval_series.all_interval_series_problem import AllIntervalSeriesProblem

        problem = AllIntervalSeriesProblem(*arguments, True)
        options["decision_variables"] = range(arguments[0])
    elif example == "magic_sequence":
        from nucs.examples.magic_sequence.magic_sequence_problem import MagicSequenceProblem

        problem = MagicSequenceProblem(*arguments, True, True)
    else:
        from nucs.examples.langford.langford_problem import LangfordProblem

        problem = LangfordProblem(*arguments)
        options = {"var_heuristic": VAR_HEURISTIC_SMALLEST_DOMAIN, "dom_heuristic": DOM_HEURISTIC_MAX_VALUE}
    return sum(1 for _ in BacktrackSolver(problem, **options).solve())
