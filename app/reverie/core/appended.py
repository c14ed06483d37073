"""A file that only grew: the part of it a reader saw before, with whole lines appended.

An agent keeps writing MEMORY.md while a person reviews it; an action planned on what the
person saw goes ahead across such appends (the health review's actions, the dreaming
promotions and their undo) and is refused on any other change.
"""

from __future__ import annotations

import hashlib


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


GROWN_LINES = 2000
GROWN_BYTES = 256 * 1024
"""How much appended since a review (lines, bytes) an action still works across."""


def grown_from(data: bytes, sha: str, lines: int = GROWN_LINES) -> int | None:
    """The length of the start of ``data`` whose SHA-256 is ``sha`` when the rest was only
    appended after it, in whole lines (an agent writing while the person reviews); None
    when the file changed in any other way."""
    end = len(data)
    for _ in range(lines):
        at = data.rfind(b"\n", 0, end)
        if at < 0 or len(data) - at > GROWN_BYTES:
            return None
        # the old end: right after a line break, or right before the one the append began
        for cut in (at + 1, at):
            if cut < len(data) and _sha(data[:cut]) == sha:
                return cut
        end = at
    return None
