"""Snippets: OpenClaw's chunk head, or Reverie's window around the matching lines."""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Iterable, Sequence

from ..jscompat import truncate_utf16_safe
from ..text.analysis import term_spans

SNIPPET_MAX_CHARS = 700
"""OpenClaw's SNIPPET_MAX_CHARS (UTF-16 units)."""


def head_snippet(text: str, max_chars: int = SNIPPET_MAX_CHARS) -> str:
    """OpenClaw: the first ``max_chars`` UTF-16 units, never splitting a surrogate pair."""
    return truncate_utf16_safe(text, max_chars)


def _hits_per_line(text: str, lines: list[str], terms: list[str]) -> list[int]:
    """How many term matches each line holds (one pass over the whole text; a match that
    would run over a line break counts on the line where it starts)."""
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)
    hits = [0] * len(lines)
    for start, _end in term_spans(text, terms):
        hits[bisect_right(starts, start) - 1] += 1
    return hits


def window_snippet(
    text: str,
    terms: Iterable[str],
    max_chars: int = SNIPPET_MAX_CHARS,
    hit_lines: Sequence[int] | None = None,
) -> str:
    """The run of whole lines that holds the most query-term matches within ``max_chars``.

    ``hit_lines``: the line of each match, when the keyword scorer has counted them in the
    chunk's analysed terms (which keep its lines); else the text is analysed again here.
    Falls back to the chunk head when nothing matches (a vector-only hit). Cut-off sides
    are marked with an ellipsis so a reader knows the chunk goes on.
    """
    term_list = list(terms)
    if len(text) <= max_chars or not term_list:
        return head_snippet(text, max_chars)
    lines = text.split("\n")
    if hit_lines is None:
        hits = _hits_per_line(text, lines, term_list)
    else:
        per_line = Counter(hit_lines)
        hits = [per_line.get(i, 0) for i in range(len(lines))]
    if not any(hits):
        return head_snippet(text, max_chars)
    best = (-1, 0, 0)
    start = 0
    size = 0
    score = 0
    for end, line in enumerate(lines):
        size += len(line) + 1
        score += hits[end]
        while size > max_chars and start < end:
            size -= len(lines[start]) + 1
            score -= hits[start]
            start += 1
        if score > best[0]:
            best = (score, start, end)
    _, first, last = best
    body = "\n".join(lines[first : last + 1])
    body = truncate_utf16_safe(body, max_chars)
    prefix = "…\n" if first > 0 else ""
    suffix = "\n…" if last < len(lines) - 1 else ""
    return prefix + body + suffix
