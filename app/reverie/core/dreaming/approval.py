"""The MEMORY.md text an approval would write, and its diff, computed before writing.

The engine writes with ``apply_short_term_promotions`` / ``supersede_line``; this module
assembles the same text from the same building blocks (``build_promotion_section``,
``promotion_marker``, ``promotion_bullet``, ``supersede_line``) so the person sees the
exact bytes first. Tests check that the written file equals this preview.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from reverie.core.dreaming import review
from reverie.core.dreaming.promote import (
    NEW_FILE_HEADER,
    extract_promotion_markers,
    promotion_addition,
    promotion_bullet,
    promotion_marker,
    with_trailing_newline,
)
from reverie.core.jscompat import format_dreaming_day

if TYPE_CHECKING:
    from reverie.core.dreaming.engine import Candidate


def relocated(cand: Candidate) -> dict[str, Any]:
    """The candidate as the writer sees it after rehydration (current lines and text)."""
    data = dict(cand.openclaw)
    if cand.located and cand.located_start is not None:
        data.update(
            startLine=cand.located_start,
            endLine=cand.located_end,
            snippet=cand.located_snippet,
        )
    return data


def edited(text: str) -> str:
    """Edited text as the engine writes it (whitespace collapsed to single spaces)."""
    return " ".join(text.split())


def replaced_memory(
    memory_text: str, candidate: Mapping[str, Any], text: str | None, line_number: int, day: str
) -> str:
    """MEMORY.md with line ``line_number`` superseded by the candidate's marker and bullet.

    The engine writes exactly this text, so the preview and the file cannot disagree.
    """
    lines = [promotion_marker(candidate["key"]), promotion_bullet(candidate, text)]
    return review.supersede_line(memory_text, line_number, lines)


def memory_after(
    memory_text: str,
    candidates: Sequence[Candidate],
    now_ms: int,
    timezone: str | None,
    *,
    edit_text: str | None = None,
    replace_line: int | None = None,
    style: str = "openclaw",
) -> str:
    """MEMORY.md after approving ``candidates`` (append, edit, or replace a line).

    ``style`` ``reverie`` writes each candidate's proposed fact (unless ``edit_text``) and
    adds to today's section; ``openclaw`` writes OpenClaw's text and sections."""
    texts: dict[str, str] = {}
    if style == "reverie":
        texts = {c.key: c.proposed_text for c in candidates if c.proposed_text}
    if edit_text is not None and candidates:
        texts[candidates[0].key] = edited(edit_text)
    if replace_line is not None and candidates:
        cand = relocated(candidates[0])
        day = format_dreaming_day(now_ms, timezone)
        return replaced_memory(memory_text, cand, texts.get(cand["key"]), replace_line, day)
    markers = set(extract_promotion_markers(memory_text))
    to_append = [relocated(c) for c in candidates if c.key not in markers]
    if not to_append:
        return memory_text
    section = promotion_addition(memory_text, to_append, now_ms, timezone, texts, style=style)
    header = "" if memory_text.strip() else NEW_FILE_HEADER
    return f"{header}{with_trailing_newline(memory_text)}{section}"


def diff_lines(
    before: str, after: str, context: int = 2, after_label: str = "MEMORY.md (after approval)"
) -> list[str]:
    """A unified diff of MEMORY.md."""
    return list(
        difflib.unified_diff(
            before.splitlines(),
            after.splitlines(),
            "MEMORY.md",
            after_label,
            n=context,
            lineterm="",
        )
    )
