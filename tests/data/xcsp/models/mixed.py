# A small model that uses most of the constraints essais reads from XCSP3 (tests, with a brute force).
from pycsp3 import *

x = VarArray(size=4, dom=range(4))
y = VarArray(size=[2, 2], dom=range(-1, 3))
z = Var(dom=range(6))
s = VarArray(size=3, dom=lambda i: {j for j in range(3) if j != i})
satisfy(
    Table(scope=[x[0], x[1]], supports=[(0, ANY), (1, 2), (2, 3), (3, 0)]),
    Table(scope=[x[2], x[3]], conflicts=[(0, 0), (1, 1), (1, 2)]),
    Sum([x[0], x[1], x[2]] * [1, 2, -1]) <= 4,
    Sum(y) in {0, 2, 3},
    x[z % 4] == y[1][1] + 1,
    Count(x, value=3) >= 1,
    Minimum(x) <= y[0][0] + 1,
    Maximum(y[0]) == x[3] % 3,
    LexIncreasing(y[0], y[1]),
    Increasing([x[1], z], strict=True),
    either(z > 3, x[0] != x[3]),
    imply(y[0][1] == 2, z != 5),
    iff(x[2] == 1, y[1][0] == 0),
    Circuit(s),
    NoOverlap(origins=[x[3], z], lengths=[2, 1]),
    z != (x[1] - 5) // 2 + (x[2] - 3) % 2,
)
maximize(z + x[0] * 2 - abs(y[1][0]))
