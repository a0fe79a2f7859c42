from pycsp3 import *

n = data or 8
x = VarArray(size=n, dom=range(n * n))
satisfy(
    x[0] == 0,
    Increasing(x, strict=True),
    AllDifferent(abs(x[i] - x[j]) for i, j in combinations(n, 2)),
    x[1] - x[0] < x[-1] - x[-2],
)
minimize(x[-1])
