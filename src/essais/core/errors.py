"""The package's exceptions, and the warning a deprecated name gives.

"No solution" is a result, never an exception: these are for bad input and misuse.
"""

import warnings
from typing import TypeVar

T = TypeVar("T")


def deprecated_alias(value: T, old: str, new: str) -> T:
    """`value`, read under the name `old` that gives way to `new`: a DeprecationWarning
    pointing at the caller (the old name goes in a later release)."""
    warnings.warn(f"{old} is deprecated; use {new}", DeprecationWarning, stacklevel=3)
    return value


class EssaisError(Exception):
    """Base class of every error raised by essais."""


class InvalidInput(EssaisError, ValueError):
    """A value given by the user is malformed or out of range.

    The message names the input and says what is wrong, e.g. ``start: '9,9' is off the 5x5 board``.
    """


class MemoryRefused(InvalidInput):
    """Work refused before it is allocated: it would take more memory than allowed
    (core.engine.check_memory). A search that can work through the disk catches it."""
