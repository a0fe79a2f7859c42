from pycsp3 import *

n = data or 6
x = VarArray(size=n, dom=range(n))  # (x[i] == i: node i left out of the circuit)
satisfy(Circuit(x))
