"""Tables: the variables take one of the tuples allowed (None in a tuple: any value there,
XCSP3's `*`), or, a table of conflicts, none of them. A table of supports keeps each variable's
values that some tuple still possible uses; a table of conflicts takes a value from the one
variable a tuple has left."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from essais.core.errors import InvalidInput
from essais.core.result import plural
from essais.csp.kinds.base import Encoding, Fields, Kind, Narrowing, XcspWriting, listed
from essais.csp.kinds.written import Written, on, operands
from essais.csp.model.constraint import Constraint, Owner
from essais.csp.model.expressions import Operand


@dataclass(eq=False)
class Table(Constraint):
    """The variables take one of the tuples (`allowed`; None in a tuple: any value there, XCSP3's
    `*`), or with `conflicts` none of them."""

    variables: list[int]
    allowed: Sequence[tuple[int | None, ...]]
    model: Owner | None = field(default=None, repr=False)
    conflicts: bool = False

    def holds(self, values: Sequence[int]) -> bool:  # type: ignore[override]
        given = [values[v] for v in self.variables]
        found = any(all(a is None or a == b for a, b in zip(row, given, strict=True)) for row in self.allowed)
        return found != self.conflicts


def table(
    variables: Sequence[Operand], allowed: Iterable[Sequence[int | None]], conflicts: bool = False
) -> Table | Written:
    """The variables take together one of the `allowed` tuples (None in a tuple: any value
    there), or with `conflicts=True` none of them (its propagation: a tuple whose other places
    are all taken takes its value from the variable left)."""
    indices, written = operands(variables, "table")
    tuples = [tuple(row) for row in allowed]
    # (each distinct value looked at once: a table of 100,000 rows has few)
    wrong = {v for v in set(itertools.chain.from_iterable(tuples)) if v is not None and type(v) is not int}
    for row in tuples:
        if len(row) != len(indices) or (wrong and not wrong.isdisjoint(row)):
            raise InvalidInput(f"table: {row!r} is not a tuple of {len(indices)} integers or None (any value)")
    return on(Table(indices, tuples, conflicts=bool(conflicts)), written, "table")  # type: ignore[no-any-return]


class TableKind(Kind[Table]):
    name = "table"
    by_values = True
    kernel = "TABLE"
    fields = ("conflicts", "count", "rows")

    def revise(self, constraint: Table, domains: Narrowing) -> bool:
        """The tuples still possible; each variable keeps the values some of them use (all its
        own where one has None, any value). A conflicts table: _conflicts."""
        if constraint.conflicts:
            return _conflicts(constraint, domains)
        possible = [row for row in constraint.allowed
                    if all(value is None or domains.has(var, value)
                           for var, value in zip(constraint.variables, row, strict=True))]  # fmt: skip
        for k, var in enumerate(constraint.variables):
            if domains.is_wide(var):  # (the least and greatest of its values in the rows, any value kept: all)
                column = [row[k] for row in possible]
                values = [value for value in column if value is not None]
                if len(values) == len(column) and not domains.keep_range(var, min(values, default=1),
                                                                         max(values, default=0)):  # fmt: skip
                    return False
                continue
            keep = 0
            for row in possible:
                if (value := row[k]) is None:
                    keep = -1
                    break
                keep |= domains.bit(var, value)
            if not domains.narrow(var, keep):
                return False
        return True

    def idempotent(self, constraint: Table, wide: bool) -> bool:
        """A table of supports on distinct variables of bit sets."""
        return not (constraint.conflicts or wide) and len(set(constraint.variables)) == len(constraint.variables)

    def costly(self, constraint: Table) -> bool:
        """A pass over its rows, however few its variables (groupsplitter: its 25 tables of 2 to 5
        columns before its objective's 21-term sum, which fails first, took 4 times the time)."""
        return True

    def defined_value(self, constraint: Table, given: Sequence[int | None]) -> int | None:
        """The last column of the row its inputs' values start (None: no such row)."""
        row = tuple(given[var] for var in constraint.variables[:-1])
        return next((allowed[-1] for allowed in constraint.allowed if allowed[:-1] == row), None)

    def field_values(self, constraint: Table, encoding: Encoding) -> Fields:
        """1 for a table of conflicts; its rows' count, then its rows (STAR: any value)."""
        listed = list(itertools.chain.from_iterable(constraint.allowed))
        anys = None in listed
        values: list[int] = [v for v in listed if v is not None] if anys else listed  # type: ignore[assignment]
        encoding.fits(max(abs(min(values, default=0)), abs(max(values, default=0))))
        numbers = [encoding.star if v is None else v for v in listed] if anys else values
        return {"conflicts": int(constraint.conflicts), "count": len(constraint.allowed), "rows": numbers}

    def places(self, constraint: Table) -> int:
        """Its variables, or its rows (the rows still possible are listed)."""
        return max(len(constraint.variables), len(constraint.allowed))

    def describe(self, constraint: Table, names: list[str]) -> str:
        relation = "not in" if constraint.conflicts else "in"
        return f"table({listed(constraint.variables, names)}) {relation} {plural(len(constraint.allowed), 'row')}"

    def xcsp(self, constraint: Table, writer: XcspWriting) -> list[str]:
        rows = "".join(f"({','.join('*' if v is None else str(v) for v in row)})" for row in constraint.allowed)
        if len(constraint.variables) == 1:  # (a value a row; any value: the domain's)
            domain = writer.model.domains[constraint.variables[0]]
            rows = " ".join(" ".join(map(str, domain if row[0] is None else row)) for row in constraint.allowed)
        kind = "conflicts" if constraint.conflicts else "supports"
        return [f"<extension><list> {writer.listed(constraint.variables)} </list><{kind}> {rows} </{kind}>"
                "</extension>"]  # fmt: skip


def _conflicts(constraint: Table, domains: Narrowing) -> bool:
    """Tuple after tuple: one whose places are all taken (each variable fixed to its value, or
    None there) fails; one with a single place left, a variable that can still take its value,
    takes that value from it; others wait."""
    for row in constraint.allowed:
        place: tuple[int, int] | None = None  # (the one variable left and its value in the tuple)
        for var, value in zip(constraint.variables, row, strict=True):
            fixed = domains.fixed(var)
            if value is None or fixed == value:
                continue
            if fixed is not None or not domains.has(var, value) or place is not None:
                break  # (the tuple cannot be made, or two places are left)
            place = (var, value)
        else:
            if place is None:
                return False
            var, value = place
            domains.remove(var, value)  # (var keeps another value: it was not fixed)
    return True


KIND = TableKind()
