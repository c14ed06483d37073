"""Identifiers in notes and queries: hashes, ticket keys, IPs, versions, host and file names,
code identifiers. Each is kept whole as one extra keyword term, so a question that names one
matches it exactly instead of through its pieces (``OPS-512`` is ``ops`` + ``512`` to the
word tokenizer, and both pieces are common).

The keyword index is FTS5 with the ``unicode61`` tokenizer, which splits on punctuation but
keeps private-use characters inside tokens; an identifier's punctuation is therefore stored
as private-use characters (``-`` is U+E02D): :func:`identifier_term` encodes,
:func:`display_term` decodes for people.
"""

from __future__ import annotations

import re
import unicodedata

_PRIVATE_BASE = 0xE000
_ASCII_PUNCT = frozenset("-._:/#@+")

_PATTERNS = (
    # IPv4, optionally with a port
    r"\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?",
    # versions: v1.2 / 1.2.3 / 1.2.3-rc1
    r"[vV]\d+(?:\.\d+)+(?:[-+][0-9A-Za-z.]+)?",
    r"\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.]+)?",
    # host names, file names, dotted code paths: parts joined by dots, ends in letters
    r"[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*\.[A-Za-z][A-Za-z0-9]{1,9}",
    # ticket keys and part numbers with a digit: OPS-512, HG-S2, gw-01 (not follow-up)
    r"(?=[A-Za-z0-9-]*[0-9])[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+",
    # snake_case and camelCase / PascalCase with an inner capital
    r"[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+",
    r"[a-z]+[A-Z][A-Za-z0-9]*",
    r"[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*",
    # hex hashes (7-64 hex digits with both a digit and a letter)
    r"(?=[0-9A-Fa-f]*[0-9])(?=[0-9A-Fa-f]*[A-Fa-f])[0-9A-Fa-f]{7,64}",
    # codes mixing letters and digits: E41, 5G, A7
    r"[A-Za-z]+\d+[A-Za-z0-9]*|\d+[A-Za-z]+[A-Za-z0-9]*",
)
_IDENTIFIER_RE = re.compile(
    r"(?<![0-9A-Za-z_.\-])(?:" + "|".join(f"(?:{p})" for p in _PATTERNS) + r")(?![0-9A-Za-z_])"
)


def find_identifiers(text: str) -> list[str]:
    """The identifiers in ``text`` (NFKC-normalised, case kept), in order, with any
    trailing dot of a sentence left out."""
    text = unicodedata.normalize("NFKC", text)
    found = []
    for match in _IDENTIFIER_RE.finditer(text):
        token = match.group(0).rstrip(".")
        if token:
            found.append(token)
    return found


def identifier_term(identifier: str) -> str:
    """The index term of an identifier: case-folded, punctuation as private-use characters."""
    return "".join(
        chr(_PRIVATE_BASE + ord(ch)) if ch in _ASCII_PUNCT else ch for ch in identifier.casefold()
    )


def display_term(term: str) -> str:
    """A term as people write it (identifier punctuation decoded)."""
    if term.isascii() or not any(_PRIVATE_BASE <= ord(ch) < _PRIVATE_BASE + 128 for ch in term):
        return term
    return "".join(
        chr(ord(ch) - _PRIVATE_BASE) if _PRIVATE_BASE <= ord(ch) < _PRIVATE_BASE + 128 else ch
        for ch in term
    )


def has_punctuation(identifier: str) -> bool:
    """Whether the identifier differs from a plain word token (it has punctuation)."""
    return any(ch in _ASCII_PUNCT for ch in identifier)
