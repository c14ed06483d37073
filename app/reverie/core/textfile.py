"""A text file's line endings and byte-order mark, kept across an edit.

Editors work on text with ``\\n`` line breaks and no BOM; :func:`decode_for_editor` notes
what the file used and :func:`encode_from_editor` puts it back on save, so a CRLF file stays
CRLF and a BOM stays. A file that mixes endings is saved with the one most of its lines use.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

BOM = "\ufeff"


@dataclass(frozen=True)
class TextFormat:
    newline: Literal["\n", "\r\n"] = "\n"
    bom: bool = False


def detect_format(text: str) -> TextFormat:
    """The line ending most line breaks of ``text`` use, and whether it starts with a BOM."""
    crlf = text.count("\r\n")
    lf = text.count("\n") - crlf
    return TextFormat(newline="\r\n" if crlf > lf else "\n", bom=text.startswith(BOM))


def decode_for_editor(text: str) -> tuple[str, TextFormat]:
    """``text`` as an editor holds it (``\\n`` breaks, no BOM) and the file's format."""
    fmt = detect_format(text)
    body = text[1:] if fmt.bom else text
    return body.replace("\r\n", "\n").replace("\r", "\n"), fmt


def encode_from_editor(text: str, fmt: TextFormat) -> str:
    """Editor text back in the file's format (the inverse of :func:`decode_for_editor`)."""
    body = text.replace("\r\n", "\n")
    if fmt.newline != "\n":
        body = body.replace("\n", fmt.newline)
    if fmt.bom and not body.startswith(BOM):
        body = BOM + body
    return body
