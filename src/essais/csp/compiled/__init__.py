"""The numba engine: a model encoded as one arena of arrays and the search over it in slices
(engine.py), with its kernels (_kernels.py the search; _propagation_kernels.py,
_global_kernels.py and _element_kernels.py each kind's propagator, check and defined value,
with its entry by address; _domain_kernels.py the arena's layout and the domains' words).
Imported only when the numba engine runs: `import essais.csp` does not load numba."""

from essais.csp.compiled.arrays import VALUE_ORDER_CODES, CspArrays, in_slot_order, model_arrays
from essais.csp.compiled.engine import CompiledCsp, best_in_subtree, count_subtree

__all__ = [
    "VALUE_ORDER_CODES",
    "CompiledCsp",
    "CspArrays",
    "best_in_subtree",
    "count_subtree",
    "in_slot_order",
    "model_arrays",
]
