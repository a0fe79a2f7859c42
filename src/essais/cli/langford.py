"""`essais langford`: Langford pairs, as an exact cover."""

from __future__ import annotations

from typing import Annotated

import typer

from essais.cli.common import command
from essais.cli.cover import (
    AllFlag,
    Animate,
    CountFlag,
    CoverEngine,
    CoverOptions,
    DlxFlag,
    Limit,
    Method,
    search_cover,
)
from essais.cli.options import (
    AnimateLimit,
    Checkpoint,
    JsonFlag,
    MemoryLimit,
    NodeLimit,
    Scheduler,
    TimeLimit,
    TreeFile,
    make_limits,
    workers_option,
)
from essais.core.errors import InvalidInput
from essais.cover import langford as make_langford

EXAMPLES = [
    ("essais langford 7", "a sequence: 7 3 6 2 5 3 2 4 7 6 5 1 4 1"),
    ("essais langford 8 --count", "150 up to reversal (OEIS A014552), 300 sequences"),
    ("essais langford 7 --all", "the 26, one of each pair of reverses"),
    ("essais langford 7 --count --animate langford.html", "every pair placed and taken back, on a page"),
    ("essais langford 15 --count", "39,809,640 (every core)"),
    ("essais langford 15 --dlx > langford15.dlx", "its cover in Knuth's text format"),
]


@command
def langford(
    n: Annotated[str, typer.Argument(help="The numbers 1..N, each twice.", metavar="N")],
    count: CountFlag = False,
    all_solutions: AllFlag = False,
    limit: Limit = None,
    method: Method = None,
    engine: CoverEngine = None,
    tree: TreeFile = None,
    dlx: DlxFlag = False,
    animate: Animate = None,
    animate_limit: AnimateLimit = None,
    workers: workers_option("Counts") = None,  # type: ignore[valid-type]
    scheduler: Scheduler = None,
    checkpoint: Checkpoint = None,
    time_limit: TimeLimit = None,
    node_limit: NodeLimit = None,
    memory_limit: MemoryLimit = None,
    as_json: JsonFlag = False,
) -> None:
    """Langford pairs: 1..N each twice in a row, k numbers between the two k's. A sequence and its
    reverse count once (OEIS A014552); the sequences are twice as many."""
    if not (n.strip().isascii() and n.strip().isdigit()):
        raise InvalidInput(f"n: {n!r} must be a positive whole number")
    limits = make_limits(time_limit, node_limit, memory_limit)
    asked = CoverOptions(limits, count=count, all_solutions=all_solutions, limit=limit, method=method, engine=engine,
                         tree=tree, workers=workers, scheduler=scheduler, checkpoint=checkpoint, as_json=as_json,
                         dlx=dlx, animate=animate, animate_limit=animate_limit)  # fmt: skip
    search_cover(make_langford(int(n)), asked)
