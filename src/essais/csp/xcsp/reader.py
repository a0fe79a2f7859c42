"""XCSP3 instances (the XML format of the XCSP solver competitions, written by PyCSP3, read by
ACE, Choco and CPMpy) read as an essais model: `read_xcsp(path)`, and `essais csp FILE.xml`.

The file is read by essais's own reader on the standard library's expat (which gives each
element its line), fed in chunks within the time and memory limits: any DOCTYPE is refused at
once (no entity is ever expanded, no external one fetched), and so is every element or attribute
essais does not handle — named with its line, never dropped — except `<annotations>` and the
attributes that mean nothing to a solver (`id` where nothing refers to it, `note`, `class`,
`type` on a constraint, `format`). `.xml.lzma` files are read too. What the elements mean is
essais.csp.xcsp.constraints's (the constraints) and essais.csp.xcsp.expressions's (references,
values and the functional expressions of `intension`).
"""

from __future__ import annotations

import lzma
from collections.abc import Iterator
from pathlib import Path
from xml.parsers import expat

from essais.core.engine import check_memory
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, setting_up
from essais.csp.model.problem import Model
from essais.csp.xcsp.constraints import Instance
from essais.csp.xcsp.expressions import Element

CHUNK = 1 << 16  # bytes fed to the parser at a time (the limits are checked between chunks)
BYTES_PER_BYTE = 40  # the tree and the model a byte of XML becomes, at most (measured: ~25)
MAX_DEPTH = 200  # elements nested in elements


class XcspError(InvalidInput):
    """An XCSP3 file that cannot be read: where, and what is wrong."""


def read_xcsp(source: str | Path, *, limits: Limits | None = None) -> Model:
    """The model of an XCSP3 instance (type CSP or COP; `.xml` or `.xml.lzma`): its variables named
    as the file names them (`q[0]`), its constraints and objective. A file that is not one essais
    can read raises XcspError (its name, the line, what is wrong)."""
    name = str(source)
    with setting_up(limits):
        root = _parse(name, _chunks(Path(source), name, limits), limits)
        # (what is wrong quotes the file's text, which may hold a line break: one line, the break shown)
        return Instance(name, lambda line, what: XcspError(f"{name} line {line}: {_one_line(what)}")).read(root)


def _one_line(text: str) -> str:
    return text.replace("\r", "\\r").replace("\n", "\\n")


def _chunks(path: Path, name: str, limits: Limits | None) -> Iterator[bytes]:
    """The file's bytes, a chunk at a time (decompressed for .lzma), weighed against the memory
    limit as they come."""
    read = 0
    try:
        with lzma.open(path) if path.name.endswith(".lzma") else path.open("rb") as stream:
            while chunk := stream.read(CHUNK):
                read += len(chunk)
                check_memory(read * BYTES_PER_BYTE, f"reading {name}", limits)
                yield chunk
    except (lzma.LZMAError, EOFError) as error:
        raise XcspError(f"{name}: not an lzma file ({error})") from None
    except OSError as error:
        raise XcspError(f"{name}: {error.strerror or error}") from None


def _parse(name: str, chunks: Iterator[bytes], limits: Limits | None) -> Element:
    """The document's root element, built by expat as the chunks come."""
    parser = expat.ParserCreate()
    stack: list[Element] = []
    found: list[Element] = []

    def refuse(what: str) -> XcspError:
        return XcspError(f"{name} line {parser.CurrentLineNumber}: {what}")

    def start(tag: str, attributes: dict[str, str]) -> None:
        if len(stack) >= MAX_DEPTH:
            raise refuse(f"elements nested more than {MAX_DEPTH} deep")
        element = Element(tag, attributes, parser.CurrentLineNumber)
        (stack[-1].children if stack else found).append(element)
        stack.append(element)

    def end(tag: str) -> None:
        stack.pop()

    def text(data: str) -> None:
        if stack:
            stack[-1].text += data

    def doctype(*_: object) -> None:
        raise refuse("a DOCTYPE (essais reads no document type, so no entity is ever expanded)")

    def entity(*_: object) -> None:
        raise refuse("an entity declaration (essais expands no entity)")

    parser.StartElementHandler, parser.EndElementHandler, parser.CharacterDataHandler = start, end, text
    parser.StartDoctypeDeclHandler, parser.EntityDeclHandler = doctype, entity
    parser.ExternalEntityRefHandler = lambda *_: 0  # (never fetched: the parse fails there)
    try:
        for chunk in chunks:
            parser.Parse(chunk, False)
        parser.Parse(b"", True)
    except expat.ExpatError as error:
        raise XcspError(f"{name} line {error.lineno}, column {error.offset + 1}: not well-formed XML "
                        f"({expat.errors.messages[error.code]})") from None  # fmt: skip
    if not found:
        raise XcspError(f"{name}: no XML element (an XCSP3 file holds <instance>)")
    return found[0]
