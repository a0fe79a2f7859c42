"""The kinds of constraint, each one module (its class, the public function that makes it, its
python propagator, its encoding for the numba engine, its forms in words and in XCSP3, its
flattening) and its kernels in essais.csp.compiled; registered once (registry.py). Above the
model (whose base Constraint they extend), below the engines, the formats and the pages, which
reach a constraint's behaviour through `kind_of` and never name a kind. The flattener is here
too: it makes the terms' definitions of these kinds."""

from essais.csp.kinds.all_different import AllDifferent
from essais.csp.kinds.arithmetic import Arithmetic
from essais.csp.kinds.base import Encoding, Fields, Kind, Narrowing, XcspWriting
from essais.csp.kinds.cardinality import Cardinality
from essais.csp.kinds.circuit import Circuit
from essais.csp.kinds.count import Count
from essais.csp.kinds.cumulative import Cumulative
from essais.csp.kinds.distance import Distance
from essais.csp.kinds.flatten import flattened
from essais.csp.kinds.increasing import Increasing
from essais.csp.kinds.lex import LexLessEq
from essais.csp.kinds.no_overlap import NoOverlap
from essais.csp.kinds.orders import PhaseOrders, fitted_width, phase_orders, value_order_for, variable_order_for
from essais.csp.kinds.parity import Parity
from essais.csp.kinds.predicate import Predicate
from essais.csp.kinds.product import Product
from essais.csp.kinds.registry import KINDS, kind_of
from essais.csp.kinds.reified import Reified
from essais.csp.kinds.table import Table
from essais.csp.kinds.written import Written

__all__ = [
    "KINDS",
    "AllDifferent",
    "Arithmetic",
    "Cardinality",
    "Circuit",
    "Count",
    "Cumulative",
    "Distance",
    "Encoding",
    "Fields",
    "Increasing",
    "Kind",
    "LexLessEq",
    "Narrowing",
    "NoOverlap",
    "Parity",
    "Predicate",
    "Product",
    "Reified",
    "Table",
    "Written",
    "XcspWriting",
    "fitted_width",
    "flattened",
    "kind_of",
    "value_order_for",
    "variable_order_for",
    "PhaseOrders",
    "phase_orders",
]
