import pytest

from essais.core.board import Board, make_moves
from essais.knights import TourProblem

ENGINES = ["python", "numba"]


@pytest.fixture(params=ENGINES)
def engine(request: pytest.FixtureRequest) -> str:
    return request.param


def knight_problem(size: int | tuple[int, int], start=(0, 0), order="default", closed=False) -> TourProblem:
    rows, cols = (size, size) if isinstance(size, int) else size
    return TourProblem.make(Board(rows, cols), start, make_moves(order=order), closed)
