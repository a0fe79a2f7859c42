"""`essais warmup`: every compiled engine compiled once, for the runs to come."""

from __future__ import annotations

from essais.cli.common import command
from essais.cli.options import JsonFlag
from essais.cli.output import print_json
from essais.cli.terminal import console
from essais.core.result import format_seconds
from essais.warming import warm_up

EXAMPLES = [("essais warmup", "compile every engine now (about 30 s, once per installation)")]


@command
def warmup(as_json: JsonFlag = False) -> None:
    """Compile every numba engine now, once: later commands start without waiting for it."""
    took = warm_up()
    if as_json:
        print_json({"warmed": [{"problem": name, "seconds": round(seconds, 3)} for name, seconds in took]})
        return
    for name, seconds in took:
        console.print(f"{name}: {format_seconds(seconds)}")
    console.print(f"every engine compiled and cached ({format_seconds(sum(seconds for _, seconds in took))})")
