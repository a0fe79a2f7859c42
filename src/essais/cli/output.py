"""What a command prints: a result as the library says it, JSON, and the pictures asked for."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from essais.cli.common import finish, refuse_unused
from essais.cli.terminal import WATCHER, console, err_console
from essais.core.errors import InvalidInput
from essais.core.result import SweepStats, plural
from essais.core.tree import with_tree
from essais.draw.player import Watch
from essais.draw.plots import CSS_DPI, check_dpi
from essais.draw.terminal import stats_line
from essais.draw.tree import tree_svg


@dataclass(frozen=True)
class Pictures:
    """The picture files a command was asked for (--svg, --png, --dpi), checked before any work."""

    svg: Path | None
    png: Path | None
    dpi: int

    @classmethod
    def make(
        cls, svg: Path | None, png: Path | None, dpi: int | None, *, used: bool = True, other_png: bool = False
    ) -> Pictures:
        """Refuse --svg/--png where nothing is drawn (`used` false), --dpi without a PNG to
        size (--png, or `other_png`), and a file in a folder that does not exist (found now,
        not after a long search)."""
        refuse_unused(svg=(svg, used), png=(png, used), dpi=(dpi, png is not None or other_png))
        check_folder("--svg", svg)
        check_folder("--png", png)
        return cls(svg, png, check_dpi(dpi) if dpi is not None else CSS_DPI)

    def write(self, result: Any) -> None:
        """The result's picture into the files asked for; a note on stderr when it has none."""
        if self.svg is None and self.png is None:
            return
        if not result.drawable:
            err_console.print(f"essais: no picture written: there is nothing to draw ({result.status})")
            return
        if self.svg is not None:
            self.svg.write_text(result.to_svg(), encoding="utf-8")
        if self.png is not None:
            result.to_png(self.png, self.dpi)


def check_folder(option: str, file: Path | None) -> None:
    if file is not None and not file.parent.is_dir():
        raise InvalidInput(f"{option}: {file}: the folder {file.parent} does not exist")


def plot_format(option: str, file: Path) -> str:
    """A plot's format from its file's suffix: png or svg."""
    check_folder(option, file)
    kind = file.suffix.lower().lstrip(".")
    if kind not in ("png", "svg"):
        raise InvalidInput(f"{option}: {file}: name a .png or a .svg file")
    return kind


def show(result: Any, checkpoint: Path | None = None) -> None:
    """A result as the library's `str()` says it, coloured; for a split search stopped with a
    checkpoint, where its finished sub-trees are kept."""
    console.print(result)
    if checkpoint is None or result.status.finished:
        return
    if getattr(result, "split", None) is not None:
        console.print(f"the finished sub-trees are saved in {checkpoint}", markup=False)
    elif isinstance(result.stats, SweepStats) and result.stats.steps:
        console.print(f"step {result.stats.steps:,} is saved in {checkpoint}: the same command resumes there",
                      markup=False)  # fmt: skip


def report(result: Any, as_json: bool, checkpoint: Path | None = None) -> NoReturn:
    """Print a result (its JSON document, or its text as `show` does) and leave with its status."""
    if as_json:
        print_json(result.to_dict())
    else:
        show(result, checkpoint)
    finish(result.status)


def print_json(document: dict[str, Any]) -> None:
    """One JSON document (or one JSON Lines record) on stdout, flushed at once."""
    write_out(json.dumps(document) + "\n")


def print_stream(
    stream: Iterable[Any], as_json: bool, document: Callable[[Any], dict[str, Any]], text: Callable[[Any], str]
) -> NoReturn:
    """Every solution of a stream (essais.core.engine.SolutionStream) as it comes, numbered: a
    JSON line `{"index", **document(solution)}` or `#k  text(solution)` (a text of several lines
    under its number), then how the stream ended; exit with its status."""
    for index, solution in enumerate(stream, start=1):
        if as_json:
            print_json({"index": index, **document(solution)})
        else:
            shown = text(solution)
            console.print(f"#{index}  {shown}" if "\n" not in shown else f"#{index}\n{shown}", markup=False)
    result = stream.result  # type: ignore[attr-defined]
    if as_json:
        print_json(result.to_dict())
    else:
        console.print(f"{plural(result.count, 'solution')} ({result.status})", markup=False)
        console.print(stats_line(result.stats))
    finish(result.status)


def write_out(text: str) -> None:
    """Data on stdout as it is (no console formatting), flushed at once."""
    WATCHER.silence()
    sys.stdout.write(text)
    sys.stdout.flush()


def write_bytes_out(data: bytes) -> None:
    """ASCII data on stdout as it is, flushed at once: straight to its bytes where it has them
    (a Sudoku file's solutions: 80 MB not decoded and encoded again)."""
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        write_out(data.decode("ascii"))
        return
    WATCHER.silence()
    sys.stdout.flush()  # (what was written as text before goes first)
    buffer.write(data)
    buffer.flush()


def write_tree(file: Path, search: Callable[[], Any], title: str) -> Any:
    """Run `search` (a python-engine search) recording its tree, write the tree into `file`
    (SVG), and give back the search's result."""
    result, tree = with_tree(search)
    file.write_text(tree_svg(tree, title), encoding="utf-8")
    return result


def watched(watch: Callable[[], Watch], tree_file: Path | None, title: str) -> Watch:
    """`watch()` (a watched search) with its tree recorded for its page (which grows it as it
    replays, up to essais.draw.player.PAGE_TREE nodes), and drawn into `tree_file` if one is
    named (then a tree past 5,000 nodes is refused, as --tree does)."""
    replay, tree = with_tree(watch, strict=tree_file is not None)
    if tree_file is not None:
        tree_file.write_text(tree_svg(tree, title), encoding="utf-8")
    replay.tree = tree
    return replay


def write_replay(replay: Watch, page: Path, as_json: bool, show: Callable[[Any], object] | None = None) -> NoReturn:
    """Write a watched search's page into `page`, print its result (`show`, else the console's
    way; the JSON names the page) and say how much it recorded; exit with its status."""
    page.write_text(replay.to_html(), encoding="utf-8")
    if as_json:
        print_json({**replay.to_dict(), "animate": str(page)})
        finish(replay.status)
    (show or console.print)(replay)
    more = "" if replay.log.complete else "; raise --animate-limit for more"
    console.print(f"the search replayed in {page}: {replay.recorded()}{more}", markup=False)
    finish(replay.status)
