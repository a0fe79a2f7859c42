"""The base of a model's constraints, and what a constraint knows of its model and its values."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

Values = Sequence[int] | Mapping[int, int]  # each variable's value, by its index


class Owner(Protocol):
    """The model that variables belong to (essais.csp.model.Model; named here by what is read
    of it, as the model imports this module)."""

    names: list[str]
    domains: list[Sequence[int]]


class Constraint:
    """The base of every constraint of a model: its variables (in order), the model they belong
    to, and whether it holds for their values (the checker). A linear relation is one
    (essais.csp.model.expressions); the other kinds are essais.csp.kinds's, each with its
    propagators and forms there."""

    variables: list[int]
    model: Owner | None

    def holds(self, values: Values) -> bool:
        raise NotImplementedError
