"""Which MEMORY.md line an approval should replace, in the order a person would pick.

The nearest entries to a candidate often include earlier promotions of the same notes
(they say nearly the same thing); the line a new fact supersedes is usually a hand-written
entry that now disagrees with it. So the choices are ordered: hand-written entries flagged
"may conflict" first, then other hand-written entries, then earlier promotions.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.core.dreaming.review import NearbyEntry

_MARKER_LINE_RE = re.compile(r"^\s*<!--\s*openclaw-memory-promotion:.*-->\s*$", re.IGNORECASE)


def promotion_bullet_lines(memory_text: str) -> set[int]:
    """1-based numbers of the lines written by promotions (the line under each marker)."""
    lines = memory_text.split("\n")
    return {i + 2 for i, line in enumerate(lines[:-1]) if _MARKER_LINE_RE.match(line)}


def replace_targets(entries: Sequence[NearbyEntry], memory_text: str) -> list[NearbyEntry]:
    """``entries`` ordered for the "replace which line?" choice (the first is preselected)."""
    promoted = promotion_bullet_lines(memory_text)

    def rank(item: tuple[int, NearbyEntry]) -> tuple[int, int]:
        index, entry = item
        if entry.line in promoted:
            return 2, index
        return (0 if entry.flag == "may conflict" else 1), index

    return [entry for _, entry in sorted(enumerate(entries), key=rank)]
