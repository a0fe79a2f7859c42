"""What a kind of constraint is to the layers above the model: the base of every kind's entry
(essais.csp.kinds registers one a kind) and what each layer gives a kind to work on — the python
engine's domains (Narrowing), the numba engine's encoder (Encoding), the XCSP3 writer
(XcspWriting) and the flattener (Flattening). None of those is imported here: a kind sees them
through these protocols, so that the kinds stay below the engines and the formats."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from essais.core.errors import InvalidInput
from essais.csp.model.constraint import Constraint
from essais.csp.model.expressions import LinearExpr

C = TypeVar("C", bound=Constraint)
Fields = dict[str, int | list[int]]  # a constraint's own fields by name (Kind.fields), the last may be a list
# The most variables of a sum, an element or a cumulative whose revision is cheap (Kind.costly),
# from the shared MiniZinc instances: with three, tpp's search took 15 % more time and
# depot-placement's 12 %; with ten, smelt's, solbat's, mspsp's and rel2onto's 22 to 40 % less.
COSTLY_ARITY = 10
# The changes of a variable that wake a constraint under mac (Kind.wakes), each one a case of
# the one before: a value gone (ON_DOMAIN), its least or greatest gone (ON_BOUNDS), one value
# left (ON_FIXED). A change wakes the constraints whose event it is a case of.
ON_DOMAIN, ON_BOUNDS, ON_FIXED = 1, 2, 3


class Narrowing(Protocol):
    """The python engine's domains (essais.csp.textbook.domains), as a propagator narrows them."""

    method: str
    least: list[int]
    domain: list[int]  # each bit set (a wide domain's: 0, its bounds kept apart)

    def is_wide(self, var: int) -> bool: ...

    def values(self, var: int) -> list[int]: ...

    def has(self, var: int, value: int) -> bool: ...

    def narrow(self, var: int, mask: int) -> bool: ...

    def keep_range(self, var: int, low: int, high: int) -> bool: ...

    def remove(self, var: int, value: int) -> bool: ...

    def bit(self, var: int, value: int) -> int: ...

    def fixed(self, var: int) -> int | None: ...

    def span(self, coefficient: int, var: int) -> tuple[int, int]: ...

    def at_least(self, var: int, value: int) -> bool: ...

    def at_most(self, var: int, value: int) -> bool: ...

    def entail(self) -> None:
        """The constraint being revised holds whatever values are left (mac skips it below)."""


class Encoding(Protocol):
    """One constraint written into the numba engine's arena (essais.csp.compiled.engine): its
    kernel kind with its own fields, its terms, checked to fit the kernel's integers."""

    least: list[int]  # each variable's least value
    largest: list[int]  # each variable's largest absolute value
    word_offsets: Any  # where each variable's words start in the domains
    words: list[int]  # how many words each variable's domain takes
    star: int  # any value, in a row

    def kind(self, name: str, fields: tuple[str, ...], values: Fields) -> None: ...

    def terms(self, coefficients: Iterable[int], offsets: Iterable[int]) -> None: ...

    def kind_number(self, name: str) -> int: ...

    def fits(self, largest: int) -> None: ...


class XcspWriting(Protocol):
    """The XCSP3 writer (essais.csp.xcsp.writer) as a kind writes its elements."""

    model: Any

    def listed(self, variables: Sequence[int]) -> str: ...

    def expression(self, expression: LinearExpr | int) -> str: ...

    def relation(self, relation: Any) -> str: ...


class Flattening(Protocol):
    """The flattener (essais.csp.kinds.flatten) as a kind's written form asks it for variables."""

    domains: list[Sequence[int]]  # each variable's, the auxiliary ones' too

    def linear(self, terms: dict[Any, int]) -> dict[Any, int]: ...

    def variable(self, argument: LinearExpr) -> int: ...

    def affine(self, expression: LinearExpr) -> tuple[int, int, int]: ...

    def constraint(self, constraint: Constraint) -> Constraint: ...


class Kind(Generic[C]):
    """A kind of constraint as the engines, the formats and the pages see it. Each method has
    the constraint first; the defaults are those of most kinds."""

    name = ""
    # its kind in the numba kernels (a constant of essais.csp.compiled._domain_kernels; a linear
    # relation's is its relation's), and the prefix of its fields' names there
    kernel = ""
    compiled = True  # the numba engine runs it
    wide = True  # it runs over wide domains (beyond the bit-set width: by their bounds where it must)
    by_values = False  # its propagator reads values one by one (supports): bit sets serve it best
    # its revision reads every variable and most often narrows nothing (a sum's terms, an
    # element's items, a cumulative's tasks): costly over COSTLY_ARITY of them (Kind.costly)
    reads_every_variable = False
    # Its own numbers in the arena, in this order, after its kind; its kernels read field f at
    # `fields_at(A, c) + <KERNEL>_<F>` (a test holds those constants to these places). Only the
    # last may be a list of numbers (its rows, its pairs), so that each field's place is fixed.
    fields: tuple[str, ...] = ()

    def revise(self, constraint: C, domains: Narrowing) -> bool:
        """Its propagator in the python engine: narrow its variables' domains; False when one
        is left empty (the constraint cannot hold)."""
        raise NotImplementedError

    def idempotent(self, constraint: C, wide: bool) -> bool:
        """Its propagation reaches its own fixed point: its narrowings need not queue it again
        (`wide`: one of its variables is wide, whose values inside its bounds stay)."""
        return False

    def wakes(self, constraint: C, wide: bool) -> int:
        """The least change of one of its variables that can let its propagator narrow more
        (an event: ON_DOMAIN, ON_BOUNDS or ON_FIXED); mac's queue leaves it out on a lesser
        one (Schulte and Stuckey, TOPLAS 2008). By default any value gone: a propagator that
        reads values one by one."""
        return ON_DOMAIN

    def woken_by(self, constraint: C, wide: bool) -> int:
        """The event mac's queue waits for: its `wakes`, but a cheap constraint that waits for a
        bound to move is woken by any value gone — telling the two apart (the trail looked at)
        costs more than revising a small sum again: the 4×4 magic squares took 13 % longer."""
        wakes = self.wakes(constraint, wide)
        return ON_DOMAIN if wakes == ON_BOUNDS and not self.costly(constraint) else wakes

    def costly(self, constraint: C) -> bool:
        """Its revision costs more than most and narrows little: mac's queue revises it once
        every cheap constraint queued has reached its fixed point (a cost class, as Gecode's:
        Schulte and Stuckey, TOPLAS 2008). Not by default: a global that prunes values (an
        all_different over eleven variables put behind the steps of the all-interval series
        took 15 % more time; every table, all_different, circuit, cumulative, no_overlap and
        global cardinality behind the rest, `is` 3 times and rcpsp-max 1.6 times the time);
        one that reads every variable (reads_every_variable) over more than COSTLY_ARITY."""
        return self.reads_every_variable and len(constraint.variables) > COSTLY_ARITY

    def checks(self, constraint: C, given: Sequence[int | None], var: int) -> bool:
        """basic's check once `var` is given: the constraint holds once all its variables are."""
        return any(given[other] is None for other in constraint.variables) or constraint.holds(given)  # type: ignore[arg-type]

    def defined_value(self, constraint: C, given: Sequence[int | None]) -> int | None:
        """The value of the auxiliary variable it defines (its last) from its inputs' values."""
        raise AssertionError(f"a {self.name} defines no auxiliary variable")

    def encode(self, constraint: C, encoding: Encoding) -> None:
        """Written into the numba engine's arena: by default its kind with its fields' values,
        and its variables (each with coefficient 1 and offset 0)."""
        encoding.kind(self.kernel, self.fields, self.field_values(constraint, encoding))
        encoding.terms([1] * len(constraint.variables), [0] * len(constraint.variables))

    def field_values(self, constraint: C, encoding: Encoding) -> Fields:
        """Its fields' values by name, as `fields` lists them (checked to fit the kernel's integers)."""
        return {}

    def places(self, constraint: C) -> int:
        """The most places its propagator works on at once (the search's work sections are
        sized by the widest): its variables by default."""
        return len(constraint.variables)

    def has_terms(self, constraint: C) -> bool:
        """It holds terms (or expressions) that flattening makes variables of."""
        return False

    def flattened(self, constraint: C, flattening: Flattening) -> Constraint:
        """The constraint on the flattened model's variables."""
        return constraint

    def describe(self, constraint: C, names: list[str]) -> str:
        """The constraint in words, as a model file writes it."""
        raise NotImplementedError

    def xcsp(self, constraint: C, writer: XcspWriting) -> list[str]:
        """Its XCSP3 elements."""
        raise InvalidInput(f"xcsp: a {self.name} has no XCSP3 form essais writes")


def listed(variables: Sequence[int], names: Sequence[str]) -> str:
    """Variables by name, with commas."""
    return ", ".join(names[v] for v in variables)
