"""The MEMORY.md text an approval would write, and its diff, computed before writing.

The engine writes with ``apply_short_term_promotions`` / ``supersede_line``; this module
assembles the same text from the same core building blocks (``build_promotion_section``,
``promotion_marker``, ``promotion_bullet``, ``supersede_line``) so the person sees the
exact bytes first. Tests check that the written file equals this preview.
"""

from __future__ import annotations

import difflib
import html
from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication

from reverie.core import review
from reverie.core.dreaming.engine import Candidate
from reverie.core.dreaming.promote import (
    NEW_FILE_HEADER,
    build_promotion_section,
    extract_promotion_markers,
    promotion_bullet,
    promotion_marker,
    with_trailing_newline,
)
from reverie.core.jscompat import format_dreaming_day


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


def memory_after(
    memory_text: str,
    candidates: Sequence[Candidate],
    now_ms: int,
    timezone: str | None,
    *,
    edit_text: str | None = None,
    replace_line: int | None = None,
) -> str:
    """MEMORY.md after approving ``candidates`` (append, edit, or replace a line)."""
    texts: Mapping[str, str] = (
        {candidates[0].key: edited(edit_text)} if edit_text is not None and candidates else {}
    )
    if replace_line is not None and candidates:
        cand = relocated(candidates[0])
        lines = [promotion_marker(cand["key"]), promotion_bullet(cand, texts.get(cand["key"]))]
        day = format_dreaming_day(now_ms, timezone)
        return review.supersede_line(memory_text, replace_line, lines, day, cand["key"])
    markers = set(extract_promotion_markers(memory_text))
    to_append = [relocated(c) for c in candidates if c.key not in markers]
    if not to_append:
        return memory_text
    section = build_promotion_section(to_append, now_ms, timezone, texts)
    header = "" if memory_text.strip() else NEW_FILE_HEADER
    return f"{header}{with_trailing_newline(memory_text)}{section}"


def diff_lines(before: str, after: str, context: int = 2) -> list[str]:
    """A unified diff of MEMORY.md."""
    return list(
        difflib.unified_diff(
            before.splitlines(),
            after.splitlines(),
            "MEMORY.md",
            QCoreApplication.translate("ApprovalPreview", "MEMORY.md (after approval)"),
            n=context,
            lineterm="",
        )
    )


def diff_html(before: str, after: str) -> str:
    """The diff as coloured HTML lines."""
    rows = []
    for line in diff_lines(before, after):
        color = ""
        if line.startswith("+") and not line.startswith("+++"):
            color = "background:#e6ffec;color:#116329"
        elif line.startswith("-") and not line.startswith("---"):
            color = "background:#ffebe9;color:#a40e26"
        elif line.startswith("@@"):
            color = "color:#6e7781"
        rows.append(f'<div style="{color}">{html.escape(line) or "&nbsp;"}</div>')
    return (
        '<div style="font-family:monospace;white-space:pre-wrap">' + "".join(rows) + "</div>"
        if rows
        else "<i>{}</i>".format(
            QCoreApplication.translate(
                "ApprovalPreview", "No change: the entry is already in MEMORY.md."
            )
        )
    )
