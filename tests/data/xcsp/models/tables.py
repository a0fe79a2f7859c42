from pycsp3 import *

n = data or 5
x = VarArray(size=n, dom=range(4))
satisfy(
    (x[0], x[1], x[2]) in {(0, ANY, 1), (1, 2, ANY), (ANY, 3, 3), (2, 2, 2), (3, ANY, ANY)},
    (x[2], x[3], x[4]) not in {(0, 1, 1), (2, 1, 1), (3, 3, 0), (0, 0, 0)},  # (ACE 2.6 refuses * in conflicts)
    (x[1], x[3]) not in {(1, 1), (2, 2)},
)
