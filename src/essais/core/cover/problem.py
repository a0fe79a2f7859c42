"""An exact cover problem with colours (Knuth's XCC, TAOCP 7.2.2.1): items, primary ones to be
covered exactly once and secondary ones at most once (or by options that agree on their
colour), and options, each a set of items; read from Knuth's text format or built in code.

Knuth's format: the first line names the items, primary first, then `|` and the secondary
ones; then one option a line, its items separated by spaces, a secondary item optionally as
`item:colour`; lines starting with `|` are comments, blank lines are skipped. An item's or a
colour's name is not empty and holds no space, no control character, no `:` and no `|`, so that
a problem has one text and one digest.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from essais.core.engine import check_memory
from essais.core.errors import InvalidInput, deprecated_alias
from essais.core.limits import Limits

# What one character of a cover file costs while it is read and laid out (tokens, item indices,
# the engines' arrays; measured with tracemalloc on the pentominoes' file, rounded up).
BYTES_PER_CHARACTER = 120
NO_COLOR = 0  # an entry's colour code when it has none (colours are numbered from 1)


class CoverError(InvalidInput):
    """A cover problem that cannot be read: the message names the line (or the option) and what
    is wrong."""


@dataclass(frozen=True, eq=False)
class CoverProblem:
    """Items (`primary`, then `secondary`) and options, each option a tuple of (item index,
    colour code) entries in its own order: item indices count the primary items first, colour
    codes index `colors` (0: no colour). Build one with `CoverProblem.make` or `parse_cover`."""

    primary: tuple[str, ...]
    secondary: tuple[str, ...]
    options: tuple[tuple[tuple[int, int], ...], ...]
    colors: tuple[str, ...] = ("",)  # colour code → name; code 0 is "no colour"
    name: str = "cover"

    @classmethod
    def make(
        cls,
        primary: Sequence[str],
        options: Iterable[str | Sequence[str]],
        secondary: Sequence[str] = (),
        name: str = "cover",
    ) -> CoverProblem:
        """A problem from item names and options, each option a string of items separated by
        spaces (`"a b x:red"`) or a sequence of them (`["a", "b", "x:red"]`); a secondary item may
        carry a colour (`item:colour`). Bad input raises CoverError naming `options[k]`."""
        builder = _Builder(name)
        builder.declare([str(item) for item in primary], [str(item) for item in secondary], "primary")
        for index, option in enumerate(options):
            tokens = option.split() if isinstance(option, str) else [str(token) for token in option]
            builder.add(tokens, f"options[{index}]")
        return builder.problem()

    @property
    def colours(self) -> tuple[str, ...]:
        """Deprecated: `colors` (the identifiers say "color")."""
        return deprecated_alias(self.colors, "CoverProblem.colours", "CoverProblem.colors")

    @property
    def items(self) -> tuple[str, ...]:
        """Every item, the primary ones first."""
        return self.primary + self.secondary

    def option_text(self, index: int) -> str:
        """Option `index` as a line of Knuth's format (`a b x:red`)."""
        items, colors = self.items, self.colors
        return " ".join(items[item] + (f":{colors[color]}" if color else "") for item, color in self.options[index])

    def to_text(self) -> str:
        """The problem in Knuth's format (parse_cover reads it back)."""
        head = " ".join(self.primary) + (" | " + " ".join(self.secondary) if self.secondary else "")
        return "\n".join([head, *(self.option_text(index) for index in range(len(self.options)))]) + "\n"

    @cached_property
    def digest(self) -> str:
        """A hash of the problem's text (what a checkpoint names)."""
        return hashlib.sha256(self.to_text().encode()).hexdigest()[:16]

    @cached_property
    def arrays(self) -> CoverArrays:
        """The options as flat arrays, what the engines build their links from."""
        return CoverArrays.of(self)

    def __post_init__(self) -> None:
        for what, names in (("item", self.items), ("colour", self.colors[1:])):
            for name in names:
                _check_name(name, what, self.name)

    def __repr__(self) -> str:
        return (f"<CoverProblem {self.name}: {len(self.primary):,} primary and {len(self.secondary):,} secondary "
                f"items, {len(self.options):,} options>")  # fmt: skip


@dataclass(frozen=True)
class CoverArrays:
    """A problem as numbers: `starts[k]:starts[k + 1]` are option k's entries in `items` (item
    indices, primary first) and `colors` (colour codes, 0 for none); `primary` items of
    `n_items`; the problem's `digest`. What a split count's sub-trees carry to the workers (a
    few flat arrays pickle in microseconds, the problem's tuples in milliseconds)."""

    digest: str
    primary: int
    n_items: int
    starts: np.ndarray
    items: np.ndarray
    colors: np.ndarray

    @classmethod
    def of(cls, problem: CoverProblem) -> CoverArrays:
        entries = [entry for option in problem.options for entry in option]
        starts = np.zeros(len(problem.options) + 1, dtype=np.int32)
        np.cumsum([len(option) for option in problem.options], out=starts[1:])
        items = np.array([item for item, _ in entries], dtype=np.int32)
        colors = np.array([color for _, color in entries], dtype=np.int32)
        return cls(problem.digest, len(problem.primary), len(problem.items), starts, items, colors)

    @property
    def colours(self) -> np.ndarray:
        """Deprecated: `colors` (the identifiers say "color")."""
        return deprecated_alias(self.colors, "CoverArrays.colours", "CoverArrays.colors")

    def node_count(self) -> int:
        """Knuth's nodes: a header per item, one node per entry, a spacer around each option."""
        return self.n_items + 1 + len(self.items) + len(self.starts)


def parse_cover(text: str, name: str = "cover", limits: Limits | None = None) -> CoverProblem:
    """A problem from Knuth's text format (see the module's docstring); a line that is wrong
    raises CoverError naming `name`, the line's number and what is wrong. Its memory is
    estimated before it is read (check_memory)."""
    check_memory(len(text) * BYTES_PER_CHARACTER, f"the cover problem {name}", limits)
    builder = _Builder(name)
    declared = False
    for number, line in enumerate(text.splitlines(), start=1):
        tokens = line.split()
        if not tokens or tokens[0].startswith("|"):
            continue  # a blank line or a comment
        where = f"{name} line {number}"
        if not declared:
            if "|" in tokens:
                bar = tokens.index("|")
                primary, secondary = tokens[:bar], tokens[bar + 1 :]
            else:
                primary, secondary = tokens, []
            builder.declare(primary, secondary, where)
            declared = True
        else:
            builder.add(tokens, where)
    if not declared:
        raise CoverError(f"{name}: no items (the first line that is not a comment names them)")
    return builder.problem()


def _check_name(name: object, what: str, where: str) -> None:
    """An item's or a colour's name: text, not empty, without spaces, control characters, ':' or '|'."""
    if not isinstance(name, str) or not name:
        raise CoverError(f"{where}: {what} {name!r} is not a name (an item or a colour is named by text)")
    if ":" in name or "|" in name:
        raise CoverError(f"{where}: {what} {name!r} holds ':' or '|', which the format reserves")
    if any(character.isspace() or not character.isprintable() for character in name):
        raise CoverError(f"{where}: {what} {name!r} holds a space or a control character")


class _Builder:
    """Items declared, then options added one at a time, each checked."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.index: dict[str, int] = {}
        self.primary: list[str] = []
        self.secondary: list[str] = []
        self.color_codes: dict[str, int] = {"": NO_COLOR}
        self.options: list[tuple[tuple[int, int], ...]] = []

    def declare(self, primary: list[str], secondary: list[str], where: str) -> None:
        if not primary:
            raise CoverError(f"{where}: no primary items (name them before any '|')")
        for item in primary + secondary:
            _check_name(item, "item", where)
            if item in self.index:
                raise CoverError(f"{where}: item {item!r} is declared twice")
            self.index[item] = len(self.index)
        self.primary, self.secondary = primary, secondary

    def add(self, tokens: list[str], where: str) -> None:
        entries: list[tuple[int, int]] = []
        seen: set[int] = set()
        for token in tokens:
            item_name, colon, color = token.partition(":")
            item = self.index.get(item_name)
            if item is None:
                raise CoverError(f"{where}: item {item_name!r} is not declared on the first line")
            if item in seen:
                raise CoverError(f"{where}: item {item_name!r} appears twice in the option")
            if colon and item < len(self.primary):
                raise CoverError(f"{where}: {token!r} gives a colour to the primary item {item_name!r}")
            if colon and not color:
                raise CoverError(f"{where}: {token!r} has no colour after ':'")
            if colon and color not in self.color_codes:
                _check_name(color, "colour", where)
            seen.add(item)
            entries.append((item, self.color_codes.setdefault(color, len(self.color_codes)) if colon else NO_COLOR))
        if not any(item < len(self.primary) for item, _ in entries):
            raise CoverError(f"{where}: the option has no primary item")
        self.options.append(tuple(entries))

    def problem(self) -> CoverProblem:
        return CoverProblem(tuple(self.primary), tuple(self.secondary), tuple(self.options),
                            tuple(self.color_codes), self.name)  # fmt: skip


def __getattr__(name: str) -> int:
    if name == "NO_COLOUR":
        return deprecated_alias(NO_COLOR, "essais.core.cover.problem.NO_COLOUR", "NO_COLOR")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
