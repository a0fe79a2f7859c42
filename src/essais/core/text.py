"""A user's text file, read the one way every file format of essais reads it: UTF-8, `-` for
standard input, its size weighed against the memory limit before it is read, and every failure
one line naming the file."""

from __future__ import annotations

import sys
from pathlib import Path

from essais.core.engine import check_memory
from essais.core.errors import InvalidInput
from essais.core.limits import Limits


def source_name(source: str | Path) -> str:
    """How messages name a file: its path, `stdin` for `-`."""
    return "stdin" if str(source) == "-" else str(source)


def read_text(
    source: str | Path,
    *,
    limits: Limits | None = None,
    bytes_per_character: int = 1,
    error: type[InvalidInput] = InvalidInput,
) -> str:
    """The text of `source` (a path, or `-` for standard input), decoded as UTF-8. A file whose
    reading would take more than the memory limit (`bytes_per_character` of its size: what the
    caller builds from each character) is refused before it is read; a file that cannot be read
    or is not UTF-8 raises `error` naming it."""
    name = source_name(source)
    if str(source) == "-":
        return _decoded(sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read(), name, error)
    path = Path(source)
    try:
        if path.is_dir():
            raise error(f"{name}: is a folder, not a file")
        check_memory(path.stat().st_size * bytes_per_character, f"reading {name}", limits)
        return _decoded(path.read_bytes(), name, error)
    except InvalidInput:
        raise
    except OSError as failure:
        raise error(f"{name}: cannot be read ({failure.strerror or failure})") from None
    except ValueError as failure:  # a name the system cannot take (an embedded null byte)
        raise error(f"{name!r}: not a file's name ({failure})") from None


def _decoded(data: bytes | str, name: str, error: type[InvalidInput]) -> str:
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as failure:
        raise error(f"{name}: not UTF-8 text ({failure.reason} at byte {failure.start})") from None
