"""N queens by joined quarter boards (method join): the OEIS counts, each row set's count equal
to the textbook solutions with that split, the pair count against brute force, its counters,
limits, checkpoints and bad input."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from essais.core.errors import InvalidInput, MemoryRefused
from essais.core.limits import SearchControl
from essais.core.result import Status
from essais.queens import QueensStream, count_queens, is_solution

from conftest import invoke

A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512]


@pytest.mark.parametrize("n", range(1, 17))
def test_counts_oeis_a000170(n):
    result = count_queens(n, method="join")
    assert (result.count, result.method, result.status) == (A000170[n - 1], "join", Status.COMPLETE)


@pytest.mark.parametrize("n", range(4, 12))
def test_each_row_set_counts_the_solutions_that_split_so(n):
    """A row set is the rows whose queen stands in the east half (columns n // 2 on). Every
    solution of the textbook search, checked, is tallied by its row set and by how many of the
    two long diagonals hold a queen in its east half and in its west half (the centre square's
    queen, odd n, aside); each task of method join counts, for each row set it holds, that
    row set's solutions each with the weight join_slice gives (the symmetries that carry it to
    the solutions it stands for). Their sum is the whole count."""
    from essais.queens._join_kernels import _pair_weights
    from essais.queens.compiled import count_joined_rows, join_tasks, row_sets

    tally: dict[tuple[int, int, int], int] = {}
    for columns in QueensStream(n, engine="numba"):
        assert is_solution(n, columns)
        east = sum(1 << row for row, col in enumerate(columns) if col >= n // 2)
        on_long = [(row, col) for row, col in enumerate(columns) if row in (col, n - 1 - col) and 2 * row != n - 1]
        held_east = sum(1 for _, col in on_long if col >= n // 2)
        key = (east, held_east, len(on_long) - held_east)
        tally[key] = tally.get(key, 0) + 1
    total = 0
    with SearchControl() as control:
        for task in join_tasks(n):
            expected = 0
            for rows, weights in zip(*row_sets(n, task[1]), strict=True):
                pair_weights = _pair_weights(*(int(weight) for weight in weights))
                expected += sum(
                    count * pair_weights[east, west] for (r, east, west), count in tally.items() if r == rows
                )
            assert count_joined_rows(task, control).values == (expected,)
            total += expected
    assert total == sum(tally.values()) == A000170[n - 1]


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.integers(0, (1 << 64) - 1), min_size=1, max_size=1200),
    st.lists(st.one_of(st.just(0), st.integers(0, (1 << 64) - 1)), min_size=1, max_size=80),  # (0: meets every key)
    st.integers(0, 11),
    st.lists(st.integers(0, 5), min_size=9, max_size=9),
    st.sampled_from([23, 35, 41, 61]),
    st.lists(st.integers(0, 22), min_size=0, max_size=3),
)
def test_pairs_with_no_bit_in_common_are_counted_as_one_by_one(sliced, walked, sparsity, weights, bits, cuts):
    """count_disjoint against every pair looked at in turn, weighted by the long diagonals' bits
    each key holds (the top bit, the centre's, in sliced keys alone: such a key holds none); a
    weight 0: the pair is neither counted nor tested. Keys of 23 to 61 bits (11 to 31 queens:
    chunks of 4 to 11 bits), lists over several groups of 512 keys, any 0 to 3 bits as the cuts (a
    pair of cells passed over is tested all the same)."""
    from essais.queens._join_kernels import count_disjoint, table_words

    every = (1 << bits) - 1
    sliced = [key & every & (key >> (sparsity % 4)) for key in sliced]  # sparser keys: more pairs agree
    walked = [key & (every >> 1) & (key >> (sparsity // 4)) for key in walked]
    long_diagonals, center = (1 << 8) | (1 << (bits // 2 + 4)), 1 << (bits - 1)
    table = np.array(weights, dtype=np.int64).reshape(3, 3)

    def held(key: int) -> int:
        return 0 if key & center else (key & long_diagonals).bit_count()

    expected = sum(int(table[held(b), held(a)]) for a in sliced for b in walked if a & b == 0)
    tested = sum(1 for a in sliced for b in walked if table[held(b), held(a)])
    tables = np.empty(table_words(len(sliced), bits), dtype=np.uint64)
    as_keys = [np.array(keys, dtype=np.uint64) for keys in (sliced, walked)]
    counted = count_disjoint(as_keys[0], len(sliced), as_keys[1], len(walked), bits, tables,
                             np.uint64(long_diagonals), np.uint64(center), np.array(cuts), table)  # fmt: skip
    assert counted == (expected, tested)


@pytest.mark.parametrize("bits", [23, 35, 61])
def test_a_key_of_no_bit_meets_every_key_and_no_place_past_them(bits):
    """The key 0 shares no bit with any: it meets every sliced key of each block, however many
    (the places past a block's last key, up to its next 512, hold none)."""
    from essais.queens._join_kernels import count_disjoint, table_words

    long_diagonals, center = (1 << 8) | (1 << (bits // 2 + 4)), 1 << (bits - 1)
    weights = np.array([[1, 10, 100], [0, 0, 0], [0, 0, 0]], dtype=np.int64)
    for free, one, two in [(1, 0, 0), (63, 64, 65), (511, 513, 0), (0, 130, 1)]:
        sliced = np.array([2] * free + [1 << 8] * one + [long_diagonals] * two, dtype=np.uint64)
        tables = np.empty(table_words(len(sliced), bits), dtype=np.uint64)
        counted = count_disjoint(sliced, len(sliced), np.zeros(1, dtype=np.uint64), 1, bits, tables,
                                 np.uint64(long_diagonals), np.uint64(center), np.array([1, 9]), weights)  # fmt: skip
        assert counted == (free + 10 * one + 100 * two, free + one + two)


def test_counters_and_the_default():
    """nodes: the row sets joined; half_boards and pairs its own counters. join is the default
    count from 16 queens on, mrv below and for counts up to symmetry."""
    result = count_queens(12, method="join")
    assert (result.method, result.count) == ("join", 14200)
    assert result.stats.nodes == 252 and result.stats.tries == result.stats.backtracks == 0
    assert result.stats.own["half_boards"] > result.stats.nodes and result.stats.own["pairs"] > result.count
    assert count_queens(16).method == "join"
    assert count_queens(15).method == count_queens(16, distinct=True).method == "mrv"
    assert count_queens(12, method="join", workers=2).stats.counters() == result.stats.counters()


def test_a_node_limit_stops_at_that_row_set_and_a_checkpoint_resumes(tmp_path):
    stopped = count_queens(14, method="join", node_limit=300)
    assert stopped.status == Status.LIMIT and stopped.stats.nodes == 300 and 0 < stopped.count < A000170[13]
    path = tmp_path / "join.sqlite"
    first = count_queens(14, method="join", workers=2, checkpoint=path, node_limit=300)
    assert first.status == Status.LIMIT and first.split["done"] > 0
    resumed = count_queens(14, method="join", checkpoint=path)
    assert resumed.status == Status.COMPLETE and resumed.count == A000170[13]
    assert resumed.stats.counters() == count_queens(14, method="join").stats.counters()


def test_bad_input():
    with pytest.raises(InvalidInput, match="distinct: method join counts every solution"):
        count_queens(10, method="join", distinct=True)
    refused = invoke(["queens", "8", "--method", "join"])
    assert refused.exit_code == 2 and "counts only" in refused.stderr
    with pytest.raises(MemoryRefused, match="the quarter boards of 24 queens"):
        count_queens(24, method="join", memory_limit="100M")
    result = invoke(["queens", "22", "--count", "--method", "join", "--memory-limit", "50M"])
    assert result.exit_code == 2 and "memory: the quarter boards of 22 queens" in result.stderr


@pytest.mark.slow
def test_counts_of_17_to_19_are_oeis_a000170_as_mrv_counts_them():
    """A000170's 17 to 19 (mrv counts the same: 17 here, 18 in BENCHMARKS.md)."""
    for n, count in [(17, 95_815_104), (18, 666_090_624), (19, 4_968_057_848)]:
        assert count_queens(n, method="join", workers=2).count == count
    assert count_queens(17, method="mrv", workers=2).count == 95_815_104
