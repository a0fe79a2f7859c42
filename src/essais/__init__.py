"""essais: backtracking and state-space search, with the counters to study it."""

from essais.core.errors import EssaisError, InvalidInput
from essais.core.limits import Limits
from essais.core.result import Stats, Status

__all__ = ["EssaisError", "InvalidInput", "Limits", "Stats", "Status"]
__version__ = "0.1.0"
