"""The text Reverie proposes for a promotion: the fact, not the chunk.

OpenClaw writes a candidate's whole snippet (the chunk flattened to one line, headings and
list markers included: ``- # 2026-10-27 ## 21:45 Climbing - Jun sent…``). Reverie's default
proposes the matched lines cleaned up instead: headings, blank lines, comments and
promotion markers are left out, list markers, checkboxes and quote marks are stripped, and
the remaining lines are joined into one entry. The person can edit it before approving;
the OpenClaw-compatible mode writes OpenClaw's text unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

PROMOTION_STYLES = ("reverie", "openclaw")
"""``reverie``: the cleaned fact, one dated section per day. ``openclaw``: OpenClaw's bullet
text and one section per approval, byte for byte."""

_HEADING_RE = re.compile(r"^\s{0,3}#{1,6}(?:\s|$)")
_SETEXT_RE = re.compile(r"^\s{0,3}(?:=+|-+)\s*$")
_COMMENT_RE = re.compile(r"^\s*<!--.*-->\s*$")
_FENCE_RE = re.compile(r"^\s*(?:```|~~~)")
_MARKER_RE = re.compile(r"^\s*(?:>\s*)*(?:[-*+]|\d{1,3}[.)])\s+(?:\[[ xX]\]\s+)?|^\s*(?:>\s*)+")
_SENTENCE_END = ".!?;:…。！？；：)）\"”’'"
_WIDE_END = "。！？；：）”"


def clean_line(line: str) -> str:
    """One line without its list marker, checkbox or quote marks ('' for headings,
    comments, fences, rules and blank lines)."""
    if (
        not line.strip()
        or _HEADING_RE.match(line)
        or _SETEXT_RE.match(line)
        or _COMMENT_RE.match(line)
        or _FENCE_RE.match(line)
    ):
        return ""
    return _MARKER_RE.sub("", line, count=1).strip()


def fact_lines(lines: Iterable[str]) -> list[str]:
    """The content lines of ``lines``, cleaned (see :func:`clean_line`)."""
    return [text for text in (clean_line(line) for line in lines) if text]


def propose_fact(lines: Iterable[str]) -> str:
    """The cleaned lines joined into one entry: a line that ends without punctuation is
    followed by ``;`` so the parts stay readable; a Chinese sentence ending in full-width
    punctuation joins the next without a space."""
    out = ""
    for text in fact_lines(lines):
        if not out:
            out = text
            continue
        if out.endswith(tuple(_WIDE_END)):
            out += text
        elif out.endswith(tuple(_SENTENCE_END)):
            out += " " + text
        else:
            out += "; " + text
    return out
