"""Line-based Markdown chunking, in OpenClaw's exact form or in Reverie's corrected form.

Both modes walk the file line by line and pack lines into chunks of at most
``maxChars = max(32, tokens * 4)`` CJK-weighted characters (see :mod:`reverie.core.jscompat`),
carrying a few trailing lines into the next chunk as overlap. The markdown is not parsed.

``mode="openclaw"`` reproduces OpenClaw's ``chunkMarkdown`` (spec section 3) byte for byte,
flaws included:

* lines are split on ``"\\n"`` only, so CRLF files keep ``"\\r"`` in chunk text;
* a line longer than ``maxChars`` UTF-16 units is cut every ``maxChars`` units, and a piece
  that still weighs more (CJK) is re-cut every ``tokens`` units; the coarse cut may split a
  surrogate pair, the fine cut never does;
* the pieces of a long line are joined with an invented ``"\\n"`` inside a chunk;
* the overlap keeps whole trailing entries until their weight reaches ``overlap * 4`` and is
  not bounded, so a chunk can reach about twice the budget.

``mode="reverie"`` (the default) keeps the same packing but fixes those flaws:

* no chunk weighs more than ``maxChars``: the carried overlap is limited to
  ``min(overlap * 4, maxChars // 2)`` and trailing overlap lines are dropped until the next
  line fits;
* a line heavier than the budget is cut into pieces at weight-based boundaries, preferring
  whitespace and then punctuation near the limit, never inside a character (so never on a
  surrogate pair). Each piece is a chunk of its own mapped to that one line; consecutive
  pieces overlap by up to the overlap budget;
* no newline is invented: a chunk's text is either whole lines joined by ``"\\n"`` exactly as
  in the file, or an exact slice of one line;
* a ``"\\r"`` ending a line is not part of the chunk text, so CRLF files chunk like LF files.
  With LF files every chunk text is a substring of the file; with CRLF files it is a
  substring of the file with those line-final ``"\\r"`` removed;
* ``tokens`` is clamped to at least 1 and ``overlap`` to ``[0, tokens - 1]``, as OpenClaw's
  config loader does.

Chunk lines are 1-based and inclusive, and ``hash`` is the SHA-256 hex digest of the UTF-8
text (a lone surrogate hashes as U+FFFD, as in Node.js).
"""

from __future__ import annotations

import hashlib
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Literal

from .jscompat import (
    CHARS_PER_TOKEN_ESTIMATE,
    char_weight,
    estimate_string_chars,
    from_utf16_units,
    js_trim,
    js_utf8_bytes,
    to_utf16_units,
)

ChunkMode = Literal["openclaw", "reverie"]

_BREAK_PUNCTUATION = frozenset(
    ".,;:!?)]}>|/-\u2014\u2013\u3001\u3002\uff0c\uff1b\uff1a\uff01\uff1f\uff09\u300d\u300f\u3011"
)
"""Characters after which a long line may be cut when no whitespace is near the limit."""


@dataclass(frozen=True)
class Chunk:
    """One chunk of a file: lines ``start_line..end_line`` (1-based, inclusive) and text."""

    start_line: int
    end_line: int
    text: str
    hash: str


def hash_text(text: str) -> str:
    """SHA-256 hex digest of ``text`` encoded as Node.js would (UTF-8, lone surrogate → U+FFFD)."""
    return hashlib.sha256(js_utf8_bytes(text)).hexdigest()


def chunk_budget_chars(tokens: int) -> int:
    """Weighted size limit of one chunk: ``max(32, tokens * 4)``."""
    return max(32, int(tokens) * CHARS_PER_TOKEN_ESTIMATE)


def _make_chunk(start_line: int, end_line: int, text: str) -> Chunk:
    """Build a :class:`Chunk` with its hash."""
    return Chunk(start_line=start_line, end_line=end_line, text=text, hash=hash_text(text))


def chunk_markdown(
    content: str,
    tokens: int = 400,
    overlap: int = 80,
    mode: ChunkMode = "reverie",
) -> list[Chunk]:
    """Split ``content`` into overlapping line-based chunks.

    ``tokens`` and ``overlap`` are OpenClaw's ``chunking.tokens`` / ``chunking.overlap``
    settings (defaults 400 and 80). See the module docstring for what each ``mode`` does.
    Empty content yields one chunk with empty text (lines 1-1); :func:`filter_nonempty`
    drops it, as the indexer does.
    """
    if mode == "openclaw":
        return _chunk_openclaw(content, int(tokens), int(overlap))
    if mode == "reverie":
        return _chunk_reverie(content, int(tokens), int(overlap))
    raise ValueError(f"unknown chunking mode: {mode!r}")


def filter_nonempty(chunks: Iterable[Chunk]) -> list[Chunk]:
    """Drop chunks whose text is only whitespace (OpenClaw's ``filterNonEmptyMemoryChunks``)."""
    return [chunk for chunk in chunks if js_trim(chunk.text)]


# --------------------------------------------------------------------------------------
# OpenClaw mode
# --------------------------------------------------------------------------------------


def _unit_weight(units: str) -> int:
    """Weight of a UTF-16 unit string (see :func:`reverie.core.jscompat.to_utf16_units`)."""
    if units.isascii():
        return len(units)
    return estimate_string_chars(from_utf16_units(units))


def _openclaw_segments(line: str, max_chars: int, tokens: int) -> list[str]:
    """Cut one line into OpenClaw's segments, as UTF-16 unit strings."""
    if not line:
        return [""]
    units = to_utf16_units(line)
    if len(units) <= max_chars and _unit_weight(units) <= max_chars:
        # A single coarse piece; OpenClaw re-cuts it only when it is too heavy.
        return [units]
    segments: list[str] = []
    fine_step = max(1, tokens)
    for start in range(0, len(units), max_chars):
        coarse = units[start : start + max_chars]
        if _unit_weight(coarse) <= max_chars:
            segments.append(coarse)
            continue
        pos = 0
        size = len(coarse)
        while pos < size:
            end = min(pos + fine_step, size)
            if end < size and 0xD800 <= ord(coarse[end - 1]) <= 0xDBFF:
                end += 1
            segments.append(coarse[pos:end])
            pos = end
    return segments


def _chunk_openclaw(content: str, tokens: int, overlap: int) -> list[Chunk]:
    """Faithful port of OpenClaw's ``chunkMarkdown`` (baseline 2026-04-13)."""
    max_chars = max(32, tokens * CHARS_PER_TOKEN_ESTIMATE)
    overlap_chars = max(0, overlap * CHARS_PER_TOKEN_ESTIMATE)
    chunks: list[Chunk] = []
    # Each entry: (segment as UTF-16 unit string, line number, weight + 1).
    current: list[tuple[str, int, int]] = []
    current_chars = 0

    def flush() -> None:
        if not current:
            return
        text = from_utf16_units("\n".join(entry[0] for entry in current))
        chunks.append(_make_chunk(current[0][1], current[-1][1], text))

    def carry_overlap() -> None:
        nonlocal current, current_chars
        if overlap_chars <= 0 or not current:
            current = []
            current_chars = 0
            return
        acc = 0
        kept: list[tuple[str, int, int]] = []
        for entry in reversed(current):
            acc += entry[2]
            kept.append(entry)
            if acc >= overlap_chars:
                break
        kept.reverse()
        current = kept
        current_chars = sum(entry[2] for entry in kept)

    for index, line in enumerate(content.split("\n")):
        line_no = index + 1
        for segment in _openclaw_segments(line, max_chars, tokens):
            size = _unit_weight(segment) + 1
            if current_chars + size > max_chars and current:
                flush()
                carry_overlap()
            current.append((segment, line_no, size))
            current_chars += size
    flush()
    return chunks


# --------------------------------------------------------------------------------------
# Reverie mode
# --------------------------------------------------------------------------------------


def _weight_prefix(text: str) -> Sequence[int]:
    """Prefix sums of per-character weights: ``prefix[i]`` = weight of ``text[:i]``."""
    if text.isascii():
        return range(len(text) + 1)
    return list(accumulate((char_weight(ch) for ch in text), initial=0))


def _preferred_break(text: str, start: int, hard_end: int, lowest: int) -> int:
    """Best cut in ``text[lowest:hard_end]``: after whitespace, else after punctuation.

    Returns ``hard_end`` when neither is found. ``lowest`` is the smallest acceptable end.
    """
    punct_at = -1
    for end in range(hard_end, lowest - 1, -1):
        if end <= start:
            break
        ch = text[end - 1]
        if ch.isspace():
            return end
        if punct_at < 0 and ch in _BREAK_PUNCTUATION:
            punct_at = end
    return punct_at if punct_at > 0 else hard_end


def _split_long_line(text: str, budget: int, overlap_chars: int) -> list[tuple[int, int]]:
    """Cut one line into ``(start, end)`` slices of at most ``budget`` weight each.

    Cuts fall after whitespace (or punctuation) in the last half of a piece when possible;
    consecutive pieces share up to ``overlap_chars`` of weight, starting at a word when one
    begins inside that window.
    """
    prefix = _weight_prefix(text)
    size = len(text)
    pieces: list[tuple[int, int]] = []
    start = 0
    previous_end = 0
    while start < size:
        hard_end = bisect_right(prefix, prefix[start] + budget) - 1
        if hard_end >= size:
            pieces.append((start, size))
            break
        # Do not cut before the previous piece's end (no progress) or in the first half.
        half = bisect_left(prefix, prefix[start] + budget // 2)
        lowest = max(half, previous_end + 1, start + 1)
        end = _preferred_break(text, start, hard_end, lowest) if lowest <= hard_end else hard_end
        pieces.append((start, end))
        previous_end = end
        next_start = end
        if overlap_chars > 0:
            first = bisect_left(prefix, prefix[end] - overlap_chars, start + 1, end)
            if first < end:
                next_start = first
                for pos in range(first, end):
                    if text[pos - 1].isspace() and not text[pos].isspace():
                        next_start = pos
                        break
        start = next_start
    return pieces


def _chunk_reverie(content: str, tokens: int, overlap: int) -> list[Chunk]:
    """Budget-respecting variant of the OpenClaw algorithm (see the module docstring)."""
    tokens = max(1, tokens)
    overlap = min(max(0, overlap), tokens - 1)
    max_chars = chunk_budget_chars(tokens)
    overlap_chars = min(overlap * CHARS_PER_TOKEN_ESTIMATE, max_chars // 2)
    chunks: list[Chunk] = []
    # Each entry: (line text without a final "\r", line number, weight + 1).
    current: list[tuple[str, int, int]] = []
    current_chars = 0

    def flush() -> None:
        if current:
            text = "\n".join(entry[0] for entry in current)
            chunks.append(_make_chunk(current[0][1], current[-1][1], text))

    def carry_overlap(next_size: int) -> None:
        nonlocal current, current_chars
        kept: list[tuple[str, int, int]] = []
        acc = 0
        if overlap_chars > 0:
            for entry in reversed(current):
                if acc + entry[2] > overlap_chars:
                    break
                acc += entry[2]
                kept.append(entry)
            kept.reverse()
            while kept and acc + next_size > max_chars:
                acc -= kept.pop(0)[2]
        current = kept
        current_chars = acc

    for index, raw_line in enumerate(content.split("\n")):
        line_no = index + 1
        line = raw_line[:-1] if raw_line.endswith("\r") else raw_line
        size = estimate_string_chars(line) + 1
        if size > max_chars:
            flush()
            current = []
            current_chars = 0
            for start, end in _split_long_line(line, max_chars - 1, overlap_chars):
                chunks.append(_make_chunk(line_no, line_no, line[start:end]))
            continue
        if current_chars + size > max_chars and current:
            flush()
            carry_overlap(size)
        current.append((line, line_no, size))
        current_chars += size
    flush()
    return chunks
