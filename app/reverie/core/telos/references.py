"""Item ids named in text: which words are ids, and which are written as references.

* An **id token** is 1-4 capital letters and a number (``G1``, ``PRJ-3``, ``SG12``): any
  such word in an item links it to the item of that id when there is one (chain links).
* A **reference** is an id written to point at an item: ``(G1)``, ``[G1]``, ``#G1``,
  ``→ G1``, ``for G1``, ``serves G1``, ``推进 G1``, ``blocks G1)``, the next ids of a list
  (``(for G0, G1 and G2)``), and a table cell of ids alone (``SERVES`` = ``G1, G2``). In a
  memory line ``G1:`` and an id at the end of the line are too (``Done for today, see
  G1``). ``the P1 page``, ``P1/P2`` and ``P1–P4`` (alert priorities, ranges) are not.

:func:`written_references` is what an item claims to serve: an id there that no Telos file
defines is a dangling reference. Only ids of a known Telos prefix count (``S9``, not
``V6`` of a climbing grade), and not an id that merely ends the text (``Move logs to S3``).
"""

from __future__ import annotations

import re

from .model import TelosItem
from .sections import section_for_prefix

ID_TOKEN_RE = re.compile(r"(?<![A-Za-z0-9])([A-Z]{1,4}-?\d{1,3})(?![A-Za-z0-9])")
_RANGE_CHARS = "-–—/~"
_POINTER = (
    r"[#→>]|\b(?:on|for|towards?|re|about|serves?|under|advances?|per|see)\s+|推进|关于|为了?"
)
_REF_BEFORE_RE = re.compile(rf"(?:[(（\[]|{_POINTER})\s*$", re.IGNORECASE)
_REF_AFTER_RE = re.compile(r"^\s*(?:[:：)）\],;，；]|$)")
_POINTER_BEFORE_RE = re.compile(rf"(?:{_POINTER})\s*$", re.IGNORECASE)
_BRACKET_BEFORE_RE = re.compile(r"[(（\[]\s*$")
_CLOSED_AFTER_RE = re.compile(r"^\s*[)）\]]")
_LISTED_AFTER_RE = re.compile(r"^\s*(?:[:：)）\],;，；、&+]|(?:and|or)\b|和|及|与)", re.IGNORECASE)
_LIST_SEPARATOR_RE = re.compile(r"^\s*(?:[,，、;；&+]|and|or|和|及|与)\s*$", re.IGNORECASE)
_ID_LIST_CELL_RE = re.compile(
    r"^\s*[A-Z]{1,4}-?\d{1,3}(?:\s*(?:[,，、;；&+/]|\band\b|和|及)\s*[A-Z]{1,4}-?\d{1,3})*\s*$"
)


def normal_id(token: str) -> str:
    """``PRJ-3`` -> ``PRJ3``."""
    return token.replace("-", "")


def _is_range(text: str, start: int, end: int) -> bool:
    before, after = text[:start], text[end:]
    return before[-1:] in _RANGE_CHARS or bool(re.match(rf"^\s*[{_RANGE_CHARS}]\s*[A-Z]", after))


def is_reference(text: str, start: int, end: int) -> bool:
    """Is the id at ``text[start:end]`` of a memory line written as a reference to a Telos
    item? ``G2:``, ``(G2)``, ``[G2]``, ``#G2``, ``on G2``, ``for G2``, ``about G2`` and an
    id at the end of the line are; ``the P1 page``, ``P1/P2`` and ``P1–P4`` (alert
    priorities, ranges) are not.
    """
    if _is_range(text, start, end):
        return False
    return bool(_REF_AFTER_RE.match(text[end:]) or _REF_BEFORE_RE.search(text[:start]))


def named_ids(item: TelosItem) -> set[str]:
    """Every id token in the item's text, details and cells (its own id left out)."""
    texts = [item.text, *item.details, *(value for _name, value in item.columns)]
    found = {normal_id(m.group(1)) for text in texts for m in ID_TOKEN_RE.finditer(text)}
    found.discard(item.id or "")
    return found


def _points_at(text: str, start: int, end: int) -> bool:
    """Is the id at ``text[start:end]`` of an item written to point at another item?"""
    before, after = text[:start], text[end:]
    if _is_range(text, start, end):
        return False
    if _POINTER_BEFORE_RE.search(before) or _CLOSED_AFTER_RE.match(after):
        return True  # "for G1", "→ G1", "blocks G1)"
    return bool(_BRACKET_BEFORE_RE.search(before) and _LISTED_AFTER_RE.match(after))


def _references_in_text(text: str) -> list[str]:
    """Ids of a known prefix that ``text`` writes as references: ``(S9)``, ``for G0, G1 and
    G2``; not ``(M2 chip)`` nor an id that only ends the text (``Move logs to S3``)."""
    found: list[str] = []
    previous_end: int | None = None
    for match in ID_TOKEN_RE.finditer(text):
        start, end = match.start(1), match.end(1)
        token = normal_id(match.group(1))
        listed = previous_end is not None and bool(
            _LIST_SEPARATOR_RE.match(text[previous_end:start])
        )
        if (listed or _points_at(text, start, end)) and _known(token):
            found.append(token)
            previous_end = end
        else:
            previous_end = None
    return found


def _known(token: str) -> bool:
    """Is ``token`` (``S9``) an id of a Telos prefix?"""
    return section_for_prefix(re.sub(r"\d", "", token)) is not None


def written_references(item: TelosItem) -> list[str]:
    """The ids the item points at (see the module's description), in the order written,
    each once, its own id left out. A table row's priority column (``P1``) is no
    reference."""
    found: list[str] = []
    texts = [*item.details] if item.columns else [item.text, *item.details]
    for name, value in item.columns:
        if "PRIORITY" in name.upper() or value.strip() == (item.priority or ""):
            continue
        if _ID_LIST_CELL_RE.match(value):
            found.extend(t for t in map(normal_id, ID_TOKEN_RE.findall(value)) if _known(t))
        else:
            texts.append(value)
    for text in texts:
        found.extend(_references_in_text(text))
    return [ref for ref in dict.fromkeys(found) if ref != item.id]
