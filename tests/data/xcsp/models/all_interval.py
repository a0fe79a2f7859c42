# The all-interval series of n (CSPLib prob007), its first step going up.
from pycsp3 import *

n = data or 8
x = VarArray(size=n, dom=range(n))
satisfy(
    AllDifferent(x),
    AllDifferent(abs(x[i] - x[i + 1]) for i in range(n - 1)),
    x[0] < x[1],
)
