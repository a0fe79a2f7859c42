"""Ctrl-C (SIGINT) and SIGTERM, from the first instant of a run (SPEC §1.3, §3).

Standard library only, so that the command line can install its handlers before it imports
anything heavy (numpy, numba, typer). Which signal arrived is recorded once for the whole
process: a search that starts after a signal that got lost (numba's compiler swallows
exceptions raised inside it) still sees it and stops at once, and the exit status says which
signal it was (128 + its number: 130 for Ctrl-C, 143 for SIGTERM).
"""

from __future__ import annotations

import signal
import threading
from types import FrameType

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)

_received: list[int] = []  # the stop signals this process has received, in order


def received() -> int | None:
    """The first stop signal this process received, or None."""
    return _received[0] if _received else None


def record(signum: int) -> None:
    _received.append(signum)


def forget() -> None:
    """Forget the signals received (for a program that goes on after an interrupted search)."""
    _received.clear()


def exit_code() -> int:
    """The exit status of a run stopped by a signal: 128 + the signal (130 when none is known)."""
    return 128 + (received() or signal.SIGINT)


def _raise_interrupt(signum: int, frame: FrameType | None) -> None:
    record(signum)
    raise KeyboardInterrupt


def raise_on_stop_signals() -> None:
    """From now on SIGINT and SIGTERM are recorded and raise KeyboardInterrupt wherever the
    program is (searches install handlers of their own that stop them between slices)."""
    if threading.current_thread() is threading.main_thread():
        for each in STOP_SIGNALS:
            signal.signal(each, _raise_interrupt)
