"""The entry as it would read with the newer line's value: what "Update" starts from.

A possible update that names the entry's old value and the line's new one ("quantity 5mg →
10mg") suggests the entry with the one replaced by the other, in the entry's own words:
"降压：络活喜 5mg，每朝早一粒" becomes "降压：络活喜 10mg，每朝早一粒". For an amount only the
number is replaced ("地下车位每月 350" with "现在 400 一个月" reads "地下车位每月 400"), so the
entry keeps its unit and wording. No suggestion when the old value is not written once, as
the entry has it (the person writes the new text then, as before).
"""

from __future__ import annotations

import re

from .text import surface
from .values import Value

_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?(?:k\b|万)?", re.IGNORECASE)
_NUMBERED = frozenset({"money", "number", "quantity", "percent", "duration", "age", "port", "room"})
"""Kinds whose value is a number among words ("端口 6379", "每月 350"): only the number is
replaced, so the entry keeps its words (not a code: "house2024" becomes "garden2026")."""


def suggested_text(entry_text: str, line_text: str, old: Value, new: Value) -> str | None:
    """``entry_text`` with ``old`` (as the entry writes it) replaced by ``new`` (as the line
    writes it); None when that cannot be done exactly once."""
    old_piece = _as_written(entry_text, old.text.strip(" ,;"))
    new_piece = _as_written(line_text, new.text.strip(" ,;"))
    if not old_piece or not new_piece or entry_text.count(old_piece) != 1:
        return None
    if old_piece[:1].isupper() and new_piece.islower():  # "Tue" -> "sunday" reads "Sunday"
        new_piece = new_piece.capitalize()
    if old.kind in _NUMBERED:
        old_numbers = _NUMBER.findall(old_piece)
        new_numbers = _NUMBER.findall(new_piece)
        if len(old_numbers) == 1 and len(new_numbers) == 1:
            new_piece = old_piece.replace(old_numbers[0], new_numbers[0])
    if new_piece == old_piece:
        return None
    return entry_text.replace(old_piece, new_piece)


def _as_written(text: str, piece: str) -> str:
    """``piece`` (read from the normalised text) as ``text`` writes it: its characters and
    capitals; the piece itself when ``text`` does not hold it in any case."""
    found = surface(text, piece)
    if found in text:
        return found
    at = text.casefold().find(piece.casefold())
    if at >= 0 and len(text.casefold()) == len(text):
        return text[at : at + len(piece)]
    return found
