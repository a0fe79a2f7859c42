"""The command line's exit statuses: 0 found or complete, 1 none, 2 bad input, 3 limit, 70 an
internal error (a bug), 130 interrupted (143 when SIGTERM stopped it)."""

from __future__ import annotations

from essais.core import signals
from essais.core.result import Status

EXIT_CODES = {
    Status.FOUND: 0,
    Status.COMPLETE: 0,
    Status.NONE: 1,
    Status.LIMIT: 3,
    Status.INTERRUPTED: 130,
}
EXIT_BAD_INPUT = 2
EXIT_INTERNAL_ERROR = 70  # a bug (sysexits' EX_SOFTWARE), never 1, which means "no solution"


def exit_code(status: Status) -> int:
    """The exit status of a run that ended with `status`; a run stopped by SIGTERM exits 143
    (128 + the signal)."""
    return signals.exit_code() if status is Status.INTERRUPTED else EXIT_CODES[status]
