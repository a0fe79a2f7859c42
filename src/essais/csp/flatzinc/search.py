"""A FlatZinc solve item's search annotations (`int_search`, `bool_search`, `seq_search`) as essais's
search: the variables they name branched on first, in their order, and the method of their first
search — its variable selection and value choice mapped on essais's orders, the nearest where
essais has no such order (said in `notes`, once each)."""

from __future__ import annotations

from dataclasses import dataclass, field

from essais.csp.flatzinc.parser import Access, Annotation, Items

# MiniZinc's variable selections and value choices, and essais's nearest orders (None: the
# method's default, min or, on a wide domain, split)
VARIABLE_ORDERS = {"input_order": "input", "first_fail": "mrv", "dom_w_deg": "wdeg", "anti_first_fail": "input",
                   "smallest": "input", "largest": "input", "occurrence": "mrv", "most_constrained": "mrv",
                   "max_regret": "mrv", "impact": "wdeg"}  # fmt: skip
EXACT_VARIABLE_ORDERS = ("input_order", "first_fail", "dom_w_deg")
VALUE_ORDERS = {"indomain_min": None, "indomain": None, "indomain_split": "split",
                "indomain_reverse_split": "reverse-split", "indomain_max": "reverse-split",
                "indomain_median": "split", "indomain_middle": "split", "indomain_random": None,
                "indomain_split_random": "split", "indomain_interval": "split"}  # fmt: skip
EXACT_VALUE_ORDERS = ("indomain_min", "indomain", "indomain_split", "indomain_reverse_split")


@dataclass
class Search:
    """What the annotations ask: the variables first (their names, in order), the method
    (None: no annotation), and what essais does otherwise than asked."""

    first: list[str] = field(default_factory=list)
    method: str | None = None
    notes: list[str] = field(default_factory=list)


def search_of(items: Items) -> Search:
    """The search the solve item's annotations ask for."""
    search = Search()
    arrays = {d.name: d.value for d in items.declarations if d.sizes is not None and isinstance(d.value, list)}
    searches = [s for a in (items.solve.annotations if items.solve else []) for s in _flattened(a)]
    for annotation in searches:
        chosen = annotation.arguments[0] if annotation.arguments else []
        listed = arrays.get(chosen, []) if isinstance(chosen, str) else chosen
        for item in listed if isinstance(listed, list) else []:
            name = arrays[item.array][item.index - 1] if isinstance(item, Access) and item.array in arrays else item
            if isinstance(name, str) and name not in search.first:
                search.first.append(name)
    if searches:
        search.method = _method(searches[0], search.notes)
    return search


def _flattened(annotation: Annotation) -> list[Annotation]:
    """The int_search and bool_search of an annotation, in order (a seq_search's, flattened)."""
    if annotation.name == "seq_search" and annotation.arguments and isinstance(annotation.arguments[0], list):
        return [s for a in annotation.arguments[0] if isinstance(a, Annotation) for s in _flattened(a)]
    return [annotation] if annotation.name in ("int_search", "bool_search") and len(annotation.arguments) >= 3 else []


def _method(annotation: Annotation, notes: list[str]) -> str:
    """mac with the nearest variable and value orders of the annotation's."""
    selection, choice = (str(a) for a in annotation.arguments[1:3])
    variable_order = VARIABLE_ORDERS.get(selection, "mrv")
    value_order = VALUE_ORDERS.get(choice)
    if selection not in EXACT_VARIABLE_ORDERS:
        notes.append(f"{selection}: essais selects its variables by {variable_order} instead")
    if choice not in EXACT_VALUE_ORDERS:
        notes.append(f"{choice}: essais chooses {value_order or 'the least value (split on a wide domain)'} instead")
    return "/".join(["mac", variable_order, *([value_order] if value_order else [])])
