"""Ctrl-C (SIGINT) and SIGTERM, from the first instant of a run.

Standard library only, so that the command line can install its handlers before it imports
anything heavy (numpy, numba, typer). Which signal arrived is recorded once for the whole
process: a search that starts after a signal that got lost (numba's compiler swallows
exceptions raised inside it) still sees it and stops at once, and the exit status says which
signal it was (128 + its number: 130 for Ctrl-C, 143 for SIGTERM).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)

_received: list[int] = []  # the stop signals this process has received, in order
_end_process: list[Callable[[int], object]] = []  # how a program ends itself on a signal (see end_process_on_signal)


def received() -> int | None:
    """The first stop signal this process received, or None."""
    return _received[0] if _received else None


GRACE_SECONDS = 4.0  # how long a program that ends on a signal waits for its search to stop


def record(signum: int) -> None:
    """Note a stop signal; at the first, a program that said how it ends (end_process_on_signal)
    gets GRACE_SECONDS to stop with its counters before it is ended anyway: a native call that
    looks at no flag (a first compilation of a kernel) may last longer."""
    _received.append(signum)
    _start_grace(signum)


_grace: list[threading.Timer] = []  # the timer that ends the process, once started
_grace_lock = threading.RLock()  # (re-entrant: a second signal's handler may come while it is held)


def _start_grace(signum: int) -> None:
    """Once, for a program that said how it ends: end it GRACE_SECONDS from now."""
    with _grace_lock:
        if _grace or not _end_process:
            return
        timer = threading.Timer(GRACE_SECONDS, _end_process[0], (signum,))
        timer.daemon = True
        _grace.append(timer)
        timer.start()


def forget() -> None:
    """Forget the signals received (for a program that goes on after an interrupted search)."""
    _received.clear()


def exit_code() -> int:
    """The exit status of a run stopped by a signal: 128 + the signal (130 when none is known)."""
    return 128 + (received() or signal.SIGINT)


_deferring = [0]  # compiled code loading now (nested): KeyboardInterrupt waits until it is loaded
_missed = [False]  # a KeyboardInterrupt waits


@contextmanager
def deferred() -> Iterator[None]:
    """Around work that an exception raised from a signal handler would leave broken: the
    loading of compiled code (raised inside LLVM's compiler, it can be swallowed or leave it
    broken, a crash at exit) and Python's parser (`ast.parse` stopped by a time limit's alarm
    raised "SystemError: AST constructor recursion depth mismatch", found by the fuzzing). A
    signal then only raises KeyboardInterrupt once the work is over, and a time limit's alarm
    looks again 0.1 s later (a first compilation can take 10 s: a program that has nothing to
    report yet ends at once instead, see end_process_on_signal)."""
    _deferring[0] += 1
    try:
        yield
    finally:
        _deferring[0] -= 1
    if not _deferring[0] and _missed[0]:
        _missed[0] = False
        raise KeyboardInterrupt


def loading() -> bool:
    """True while compiled code loads (see deferred)."""
    return bool(_deferring[0])


def end_process_on_signal(end: Callable[[int], object]) -> None:
    """For a program (the command line) that ends after a search stopped by a signal:
    `end(signum)` ends the process (os._exit) at once when the signal comes while compiled code
    loads (nothing has been searched yet), and GRACE_SECONDS after it in any case. Numba writes
    each cache file whole (a temporary file renamed), so its cache stays sound."""
    _end_process[:] = [end]
    _watch_signals()


_watching: list[int] = []  # the pipe end that the C library's signal handler writes to


def _watch_signals() -> None:
    """Python runs a signal's handler only once the main thread is back in Python: a native call
    there that looks at no flag would hold back the handler, and with it the grace period, for
    as long as it lasts (a Sudoku batch once did: more than 10 minutes). So the interpreter's own
    C handler also writes each signal's number to a pipe at once (signal.set_wakeup_fd), and a
    thread of its own reads it and starts the grace period. Processes forked from this one
    stop writing to it (a worker's signal is not this process's)."""
    if _watching or threading.current_thread() is not threading.main_thread():
        return
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    signal.set_wakeup_fd(write_end, warn_on_full_buffer=False)
    os.register_at_fork(after_in_child=_stop_watching)
    _watching.append(read_end)
    threading.Thread(target=_read_signals, args=(read_end,), name="essais-signals", daemon=True).start()


def _read_signals(read_end: int) -> None:
    while True:
        for signum in os.read(read_end, 64):
            if signum in STOP_SIGNALS:
                for halt in list(_halts):
                    halt()
                _start_grace(signum)


_halts: list[Callable[[], object]] = []  # what halts the native code running now (calling_on_stop)


@contextmanager
def calling_on_stop(halt: Callable[[], object]) -> Iterator[None]:
    """Around native code that looks at a flag of its own (a kernel's STOP) but not at Python's
    signal handlers, which wait for it to return: `halt()` (which sets that flag) is called from
    the thread that reads the signals (end_process_on_signal's) the moment a stop signal arrives,
    so that the code stops within its next look and the search reports what it has."""
    _halts.append(halt)
    try:
        yield
    finally:
        _halts.remove(halt)


def _stop_watching() -> None:
    signal.set_wakeup_fd(-1)  # (the thread that forked is the child's main thread)


def while_loading(signum: int) -> None:
    """A signal arrived while compiled code loads: end the process if the program said how
    (end_process_on_signal), else return and let the loading finish."""
    if _end_process:
        _end_process[0](signum)


def _raise_interrupt(signum: int, frame: FrameType | None) -> None:
    first = received() is None
    record(signum)
    if not first:  # a second signal (or the first, seen late) must not break the way out
        return
    if _deferring[0]:
        while_loading(signum)
        _missed[0] = True
    else:
        raise KeyboardInterrupt


def ignore_stop_signals() -> None:
    """On the way out: a signal now changes nothing (the run has its answer and its status)."""
    if threading.current_thread() is threading.main_thread():
        for each in STOP_SIGNALS:
            signal.signal(each, signal.SIG_IGN)


def raise_on_stop_signals() -> None:
    """From now on SIGINT and SIGTERM are recorded and raise KeyboardInterrupt wherever the
    program is (searches install handlers of their own that stop them between slices)."""
    if threading.current_thread() is threading.main_thread():
        for each in STOP_SIGNALS:
            signal.signal(each, _raise_interrupt)
        swallowed_quietly(KeyboardInterrupt)


_quiet: list[type[BaseException]] = []  # what our handlers raise (see swallowed_quietly)


def swallowed_quietly(kind: type[BaseException]) -> None:
    """A signal's handler runs wherever the main thread is, a weakref's or the garbage
    collector's callback included, where Python cannot raise: it prints "Exception ignored in"
    with a traceback and goes on. The signal is recorded and what it stops looks again later
    (a search starting, a time limit's next alarm), so an exception of this kind that Python
    swallows is swallowed without a word."""
    if kind not in _quiet:
        _quiet.append(kind)
    if sys.unraisablehook is not _unraisable:
        _previous_hook[:] = [sys.unraisablehook]
        sys.unraisablehook = _unraisable


_previous_hook: list[Callable[[Any], object]] = []


def _unraisable(unraisable: Any) -> None:
    if not (unraisable.exc_type and issubclass(unraisable.exc_type, tuple(_quiet))):
        _previous_hook[0](unraisable)


@contextmanager
def holding(shared: Any) -> Iterator[None]:
    """The lock of a value shared between processes (multiprocessing), with the stop signals
    held back meanwhile: a pool stopped by a limit terminates its workers (SIGTERM), and one
    ended while it held the lock would leave the lock taken for good (whoever reads the value
    next waits forever) and its write half done. A signal that comes meanwhile is handled at
    the lock's release."""
    blocking = hasattr(signal, "pthread_sigmask")
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS) if blocking else None
    try:
        with shared.get_lock():
            yield
    finally:
        if previous is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)
