"""One small instance a constraint of XCSP3-core, as PyCSP3 writes it (`-data=NAME`); the tests
count each against a brute force of its meaning (tests/csp/test_xcsp_core.py)."""

from pycsp3 import *

name = data
x = (
    VarArray(size=4, dom=range(4), id="x")
    if name not in ("channel_value", "knapsack", "element_matrix", "symbolic")
    else None
)
if name == "channel":  # (the first list shorter than the second)
    z = VarArray(size=3, dom=range(4), id="z")
    satisfy(Channel(z, x))
elif name == "channel_value":
    b = VarArray(size=4, dom={0, 1}, id="b")
    y = Var(dom=range(4), id="y")
    satisfy(Channel(b, y))
elif name == "precedence":
    satisfy(Precedence(x, values=[1, 2]))
elif name == "precedence_covered":
    satisfy(Precedence(x, values=[1, 2], covered=True))
elif name == "precedence_domain":
    satisfy(Precedence(x))
elif name == "regular":
    a = Automaton(start="a", final={"b"}, transitions=[("a", 0, "a"), ("a", 1, "b"), ("b", 1, "b"), ("b", 2, "a"),
                                                       ("b", 0, "b")])  # fmt: skip
    satisfy(x in a)
elif name == "mdd":
    satisfy(x[0:3] in MDD([("r", 0, "n1"), ("r", 1, "n2"), ("n1", 2, "n3"), ("n2", 2, "n3"), ("n2", 3, "n4"),
                           ("n3", 0, "t"), ("n3", 1, "t"), ("n4", 3, "t")]))  # fmt: skip
elif name == "bin_packing":
    satisfy(BinPacking(x, sizes=[2, 1, 3, 2]) <= 4)
elif name == "bin_packing_limits":
    satisfy(BinPacking(x, sizes=[2, 1, 3, 2], limits=[4, 3, 5, 2]))
elif name == "bin_packing_loads":
    loads = VarArray(size=4, dom=range(6), id="l")
    satisfy(BinPacking(x, sizes=[2, 1, 3, 2], loads=loads))
elif name == "knapsack":
    s = VarArray(size=4, dom=range(3), id="s")
    satisfy(Knapsack(s, weights=[2, 3, 1, 4], wlimit=7, profits=[3, 4, 1, 5]) >= 9)
elif name == "cumulative":
    satisfy(Cumulative(origins=x, lengths=[2, 1, 2, 1], heights=[2, 1, 1, 2]) <= 3)
elif name == "cumulative_variables":
    lengths = VarArray(size=4, dom={1, 2}, id="l")
    y = Var(dom=range(4), id="y")
    satisfy(Cumulative(origins=x, lengths=lengths, heights=[2, 1, y, 2]) <= 3)
elif name == "no_overlap_boxes":
    w = VarArray(size=3, dom=range(3), id="w")
    satisfy(NoOverlap(origins=[(x[i], w[i]) for i in range(3)], lengths=[(2, 1), (1, 2), (1, 1)]))
elif name == "no_overlap_variables":
    y = Var(dom=range(3), id="y")
    satisfy(NoOverlap(origins=x[:3], lengths=[y, 1, 2]))
elif name == "circuit_size":
    satisfy(Circuit(x, size=3))
elif name == "maximum_arg":
    y = Var(dom=range(4), id="y")
    satisfy(MaximumArg(x) == y)
elif name == "minimum_arg_last":
    y = Var(dom=range(4), id="y")
    satisfy(MinimumArg(x, rank=TypeRank.LAST) == y)
elif name == "element_matrix":
    m = VarArray(size=[2, 3], dom=range(3), id="m")
    i = Var(dom=range(2), id="i")
    j = Var(dom=range(3), id="j")
    y = Var(dom=range(3), id="y")
    satisfy(m[i][j] == y)
elif name == "slide":
    satisfy(Slide(x[k] + x[k + 1] <= 4 for k in range(3)))
elif name == "sum_variables":
    y = Var(dom=range(4), id="y")
    satisfy(Sum(x[:2] * [x[2], y]) == 3)
elif name == "symbolic":
    c = VarArray(size=3, dom={"red", "green", "blue"}, id="c")
    satisfy(
        AllDifferent(c), c[0] != "red", Table(scope=c[1:], supports={("green", "red"), ("blue", "red"), ("red", "red")})
    )
