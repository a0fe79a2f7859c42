"""A FlatZinc solve item's search annotations (`int_search`, `bool_search`, `seq_search`) as essais's
search phases (Model.branch): the variables each names, searched before the next's, by its
variable selection and value choice mapped on essais's orders — the nearest where essais has no
such order (said in `notes`, once each)."""

from __future__ import annotations

from dataclasses import dataclass, field

from essais.csp.flatzinc.parser import Access, Annotation, Items

# MiniZinc's variable selections and value choices, and essais's nearest orders
VARIABLE_ORDERS = {"input_order": "input", "first_fail": "dom", "dom_w_deg": "wdeg", "smallest": "smallest",
                   "largest": "largest", "most_constrained": "mrv", "anti_first_fail": "input", "occurrence": "mrv",
                   "max_regret": "mrv", "impact": "wdeg"}  # fmt: skip
EXACT_VARIABLE_ORDERS = ("input_order", "first_fail", "dom_w_deg", "smallest", "largest", "most_constrained")
VALUE_ORDERS = {"indomain_min": "min", "indomain": "min", "indomain_max": "max", "indomain_split": "split",
                "indomain_reverse_split": "reverse-split", "indomain_median": "split", "indomain_middle": "split",
                "indomain_random": "min", "indomain_split_random": "split", "indomain_interval": "split"}  # fmt: skip
EXACT_VALUE_ORDERS = ("indomain_min", "indomain", "indomain_max", "indomain_split", "indomain_reverse_split")


@dataclass(frozen=True)
class NamedPhase:
    """One int_search or bool_search: the variables it names (in order) and essais's orders for it."""

    names: tuple[str, ...]
    variable_order: str
    value_order: str


@dataclass
class Search:
    """What the annotations ask: the variables they name (in order), their phases, and what
    essais does otherwise than asked."""

    first: list[str] = field(default_factory=list)
    phases: list[NamedPhase] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def search_of(items: Items) -> Search:
    """The search the solve item's annotations ask for."""
    search = Search()
    arrays = {d.name: d.value for d in items.declarations if d.sizes is not None and isinstance(d.value, list)}
    for annotation in [s for a in (items.solve.annotations if items.solve else []) for s in _flattened(a)]:
        chosen = annotation.arguments[0] if annotation.arguments else []
        listed = arrays.get(chosen, []) if isinstance(chosen, str) else chosen
        names = []
        for item in listed if isinstance(listed, list) else []:
            name = arrays[item.array][item.index - 1] if isinstance(item, Access) and item.array in arrays else item
            if isinstance(name, str):
                names.append(name)
        search.first.extend(name for name in names if name not in search.first)
        search.phases.append(NamedPhase(tuple(names), *_orders(annotation, search.notes)))
    return search


def _flattened(annotation: Annotation) -> list[Annotation]:
    """The int_search and bool_search of an annotation, in order (a seq_search's, flattened)."""
    if annotation.name == "seq_search" and annotation.arguments and isinstance(annotation.arguments[0], list):
        return [s for a in annotation.arguments[0] if isinstance(a, Annotation) for s in _flattened(a)]
    return [annotation] if annotation.name in ("int_search", "bool_search") and len(annotation.arguments) >= 3 else []


def _orders(annotation: Annotation, notes: list[str]) -> tuple[str, str]:
    """The nearest variable and value orders of the annotation's (each one not exact noted once)."""
    selection, choice = (str(a) for a in annotation.arguments[1:3])
    variable_order, value_order = VARIABLE_ORDERS.get(selection, "mrv"), VALUE_ORDERS.get(choice, "min")
    said = []
    if selection not in EXACT_VARIABLE_ORDERS:
        said.append(f"{selection}: essais selects its variables by {variable_order} instead")
    if choice not in EXACT_VALUE_ORDERS:
        said.append(f"{choice}: essais tries its values by {value_order} instead")
    notes.extend(note for note in said if note not in notes)
    return variable_order, value_order
