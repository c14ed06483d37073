"""Snippet, path and hash rules shared by the recall ledger and the promotion pipeline.

These follow OpenClaw's ``short-term-promotion.ts``: how snippets are normalised, which
paths count as short-term memory, how entry keys, claim hashes and query hashes are built,
and which snippets are dreaming output that must never be promoted.
"""

from __future__ import annotations

import hashlib
import math
import re
import unicodedata

from reverie.core.jscompat import js_number, js_trim

_WS_RE = re.compile(r"\s+")
# JavaScript's \s: the Unicode White_Space set plus BOM.
_JS_WS = "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
_JS_WS_RUN_RE = re.compile(f"[{re.escape(_JS_WS)}]+")


def normalize_snippet(raw: str) -> str:
    """Trim, then collapse every whitespace run to one space."""
    trimmed = js_trim(raw or "")
    if not trimmed:
        return ""
    return _JS_WS_RUN_RE.sub(" ", trimmed)


def normalize_memory_path(raw: str) -> str:
    """Forward slashes, no leading ``./``."""
    path = raw.replace("\\", "/")
    return path[2:] if path.startswith("./") else path


_SHORT_TERM_PATH_RE = re.compile(r"(?:^|/)memory/(?:[^/]+/)*(\d{4})-(\d{2})-(\d{2})\.md$")
_DREAMING_PATH_RE = re.compile(r"(?:^|/)memory/dreaming/")
_SESSION_CORPUS_RE = re.compile(
    r"(?:^|/)memory/\.dreams/session-corpus/(\d{4})-(\d{2})-(\d{2})\.(?:md|txt)$"
)
_BASENAME_RE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})\.md$")


def is_short_term_memory_path(path: str) -> bool:
    """Whether ``path`` is a daily note, a session-corpus day file or a bare dated note."""
    normalized = normalize_memory_path(path)
    if _DREAMING_PATH_RE.search(normalized):
        return False
    if _SHORT_TERM_PATH_RE.search(normalized):
        return True
    if _SESSION_CORPUS_RE.search(normalized):
        return True
    return bool(_BASENAME_RE.match(normalized))


def _sha1_12(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]


def hash_query(query: str) -> str:
    """First 12 hex digits of SHA-1 of the trimmed, lowercased query."""
    return _sha1_12(js_trim(query).lower())


def build_claim_hash(snippet: str) -> str:
    """First 12 hex digits of SHA-1 of the normalised snippet."""
    return _sha1_12(normalize_snippet(snippet))


def _line_token(value: float | int) -> str:
    return js_number(value) if isinstance(value, (int, float)) else str(value)


def build_entry_key(
    path: str,
    start_line: float | int,
    end_line: float | int,
    source: str = "memory",
    claim_hash: str | None = None,
) -> str:
    """``<source>:<path>:<start>:<end>[:<claimHash>]`` with the raw line numbers."""
    base = (
        f"{source}:{normalize_memory_path(path)}:{_line_token(start_line)}:{_line_token(end_line)}"
    )
    return f"{base}:{claim_hash}" if claim_hash else base


def clamp_score(value: float) -> float:
    """Clamp to [0, 1]; non-finite values become 0."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        return 0.0
    if not math.isfinite(number):
        return 0.0
    return max(0.0, min(1.0, number))


# --- dreaming output detection -------------------------------------------------------

_TRANSCRIPT_PROMPT_RE = re.compile(
    r"\[[^\]]*dreaming-narrative[^\]]*]\s*(?:User|Assistant):\s*Write a dream diary entry from these memory fragments:?",
    re.IGNORECASE,
)
_DIFF_PREFIX_RE = re.compile(r"@@\s*-\d+(?:,\d+)?\s+[-*+]\s+", re.IGNORECASE)
_PROMOTION_MARKER_RE = re.compile(r"<!--\s*openclaw-memory-promotion:", re.IGNORECASE)


def _consume_lead_prefix(snippet: str) -> str:
    index = 0
    while index < len(snippet):
        diff = _DIFF_PREFIX_RE.match(snippet, index)
        if diff:
            index = diff.end()
            continue
        char = snippet[index]
        if char in "[(":
            index += 1
            while index < len(snippet) and snippet[index] == " ":
                index += 1
            continue
        if char in "-*+>" and snippet[index + 1 : index + 2] == " ":
            index += 2
            continue
        break
    return snippet[index:]


def _has_narrative_lead(snippet: str) -> bool:
    rest = _consume_lead_prefix(snippet)
    if re.match(r"(?:Candidate|Reflections?):", rest, re.IGNORECASE):
        return True
    return bool(re.search(r"\b(?:Candidate|Reflections?):", rest[:200], re.IGNORECASE))


def is_contaminated_dreaming_snippet(raw: str) -> bool:
    """Whether a snippet is dreaming output (staged candidates, markers, diary prompts)."""
    snippet = normalize_snippet(raw)
    if not snippet:
        return False
    if _PROMOTION_MARKER_RE.search(snippet) or _TRANSCRIPT_PROMPT_RE.search(snippet):
        return True
    return (
        _has_narrative_lead(snippet)
        and re.search(r"\bconfidence:\s*\d", snippet, re.IGNORECASE) is not None
        and re.search(
            r"\bevidence:\s*(?:memory/\.dreams/session-corpus/|memory/)", snippet, re.IGNORECASE
        )
        is not None
        and re.search(r"\bstatus:\s*staged\b", snippet, re.IGNORECASE) is not None
        and re.search(r"\brecalls:\s*\d+\b", snippet, re.IGNORECASE) is not None
    )


def _has_letter_or_digit(text: str) -> bool:
    return any(unicodedata.category(ch)[0] in ("L", "N") for ch in text)


def _strip_leading_markers(line: str) -> str:
    return re.sub(r"^(?:[-*+>]\s*)+", "", line).strip()


def _is_marker_only_line(raw: str) -> bool:
    line = raw.strip()
    if not line:
        return True
    rest = _strip_leading_markers(line)
    return not rest or not _has_letter_or_digit(rest)


def _is_skeleton(raw: str) -> bool:
    lines = [line.strip() for line in re.split(r"\r?\n", raw) if line.strip()]
    if not lines:
        return True
    placeholder = False
    for line in lines:
        if _is_marker_only_line(line):
            placeholder = True
            continue
        rest = _strip_leading_markers(line)
        if re.match(r"^#{1,6}\s+\S", rest):
            if rest != line:
                placeholder = True
            if re.search(r"(?:^|\s)[-*+>]\s*$", line):
                placeholder = True
            continue
        return False
    return placeholder


def unpromotable_reason(raw: str) -> str | None:
    """Why a snippet can never be promoted, or None when it can."""
    snippet = normalize_snippet(raw)
    if not snippet:
        return "empty snippet"
    if is_contaminated_dreaming_snippet(snippet):
        return "contaminated dreaming output"
    if _is_marker_only_line(snippet):
        return "no letters or digits"
    if _is_skeleton(raw):
        return "markdown skeleton (headings and empty bullets only)"
    return None


def is_unpromotable_snippet(raw: str) -> bool:
    """Empty, contaminated, marker-only or skeleton snippets."""
    return unpromotable_reason(raw) is not None
