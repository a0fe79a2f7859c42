"""The command line: thin typer commands that call the library and print.

`main` is the entry point: it takes charge of Ctrl-C and SIGTERM before it imports anything
heavy, so that a signal during start-up (numpy, numba and typer loading) ends the run with the
one-line message and exit status 130 or 143, like a signal at any later moment."""

from __future__ import annotations

import gc
import sys

INTERNAL_ERROR = 70  # (essais.cli.exits.EXIT_INTERNAL_ERROR, not imported here: it loads numpy)


def fzn_main() -> None:
    """`fzn-essais ARGS`, the executable MiniZinc runs: `essais fzn ARGS`."""
    sys.argv[1:1] = ["fzn"]
    main()


def main() -> None:
    import os
    import signal

    # numpy's BLAS starts a thread per core at its import, which nothing here uses: 0.15 s of
    # processor time a command (measured), taken from the workers of a Sudoku file
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    gc.disable()  # the modules' objects (numpy's, typer's…) are no garbage: not scanned while they load

    early: list[int] = []  # a stop signal that came while the handlers below were loading
    for each in (signal.SIGINT, signal.SIGTERM):
        signal.signal(each, lambda signum, frame: early.append(signum))
    from essais.core import signals  # standard library only: ready in a millisecond

    signals.raise_on_stop_signals()
    try:
        for signum in early[:1]:  # delivered now, to the handlers that end the run as they should
            signal.raise_signal(signum)
        from essais.cli.main import add_commands, run
        from essais.core.engine import freeze_loaded_code

        add_commands(sys.argv[1:])  # (the command this line names, alone: see add_commands)
        freeze_loaded_code()
        gc.freeze()  # (what loaded stays: the collector passes it over from now on)
        gc.enable()
        code = run()
    except BaseException as error:  # while the command line loads (run() answers for itself)
        # (a KeyboardInterrupt raised inside a class statement comes out as a RuntimeError)
        if signals.received() is not None or isinstance(error, KeyboardInterrupt):
            sys.stderr.write("essais: interrupted\n")
            code = signals.exit_code()
        else:
            sys.stderr.write(f"essais: internal error: {type(error).__name__}: {error} (a bug: please report it)\n")
            code = INTERNAL_ERROR
    signals.ignore_stop_signals()
    # Python's shutdown runs the garbage collector over every object left, a million with numba
    # loaded: a quarter of a second at the end of every command (measured). Frozen objects are
    # passed over; what the run must do at its end is done by then, or by atexit, which runs.
    gc.freeze()
    sys.exit(code)
