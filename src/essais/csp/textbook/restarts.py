"""Restarts (TextbookCsp.solutions with restarts="luby"): the length of each run, by Luby, Sinclair
and Zuckerman's sequence (the numba engine's _kernels._luby is its twin)."""

RESTART_BACKTRACKS = 100  # a run of restarts stops after luby(n) times this many backtracks


def luby(n: int) -> int:
    """The n-th term (from 1) of Luby, Sinclair and Zuckerman's sequence, 1 1 2 1 1 2 4 1 1 2 …:
    2^(k-1) where n = 2^k - 1, else the term n - (2^(k-1) - 1) for the k with 2^(k-1) <= n < 2^k - 1."""
    while True:
        k = n.bit_length()
        if n == (1 << k) - 1:
            return 1 << (k - 1)
        n -= (1 << (k - 1)) - 1
