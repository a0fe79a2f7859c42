from pycsp3 import *

n = data or 7
x = VarArray(size=n, dom=range(1, n + 1))
satisfy(AllDifferent(x), [AllDifferent(x[i] - x[i + d] for i in range(n - d)) for d in range(1, n - 1)])
