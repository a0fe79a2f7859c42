# A magic sequence of n (CSPLib prob019): x[i] counts the i's of x, with both redundant sums.
from pycsp3 import *

n = data or 7
x = VarArray(size=n, dom=range(n))
satisfy(
    [Count(x, value=i) == x[i] for i in range(n)],
    Sum(x) == n,
    Sum(x * range(n)) == n,
)
