"""Secret masking for session transcripts, as OpenClaw's ``redactSensitiveText`` does it.

OpenClaw passes every user/assistant message of a session transcript through its default
redaction patterns before indexing (``src/logging/redact.ts``, spec section 2). The patterns
are applied one after another, case-insensitively, each to the output of the previous one.
For each match the secret is the last non-empty capture group (or the whole match):

* a secret shorter than 18 UTF-16 units becomes ``***``;
* a longer one keeps its first 6 and last 4 units with ``…`` between them;
* a PEM private-key block keeps its first and last lines around ``…redacted…`` (or becomes
  ``***`` when it has fewer than two non-empty lines).

The JavaScript patterns are translated with the same semantics: ``\\b`` and ``\\d`` are ASCII
only, ``\\s`` is JavaScript's (Unicode) whitespace, and case-insensitive matching only folds
ASCII letters.
"""

from __future__ import annotations

import re

from .jscompat import JS_WS_CLASS, from_utf16_units, replace_lone_surrogates, to_utf16_units

REDACT_MIN_LENGTH = 18
"""Secrets shorter than this (in UTF-16 units) are replaced by ``***`` entirely."""
REDACT_KEEP_START = 6
REDACT_KEEP_END = 4

_JS_WS_INNER = JS_WS_CLASS[1:-1]


def _translate_js(source: str) -> str:
    """Rewrite JavaScript's Unicode ``\\s`` as an explicit class; the rest is compatible."""
    out: list[str] = []
    in_class = False
    i = 0
    while i < len(source):
        ch = source[i]
        if ch == "\\" and i + 1 < len(source):
            pair = source[i : i + 2]
            if pair == "\\s":
                out.append(_JS_WS_INNER if in_class else JS_WS_CLASS)
            else:
                out.append(pair)
            i += 2
            continue
        if ch == "[" and not in_class:
            in_class = True
        elif ch == "]" and in_class:
            in_class = False
        out.append(ch)
        i += 1
    return "".join(out)


_JS_PATTERN_SOURCES: tuple[str, ...] = (
    # NAME_KEY=value, TOKEN: "value", ...
    r"\b[A-Z0-9_]*(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD)\b\s*[=:]\s*([\"']?)([^\s\"'\\]+)\1",
    # JSON fields.
    r"\"(?:apiKey|token|secret|password|passwd|accessToken|refreshToken)\"\s*:\s*\"([^\"]+)\"",
    # CLI flags.
    r"--(?:api[-_]?key|token|secret|password|passwd)\s+([\"']?)([^\s\"']+)\1",
    # Authorization headers.
    r"Authorization\s*[:=]\s*Bearer\s+([A-Za-z0-9._\-+=]+)",
    r"\bBearer\s+([A-Za-z0-9._\-+=]{18,})\b",
    # PEM private key blocks.
    r"-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]+?-----END [A-Z ]*PRIVATE KEY-----",
    # Well-known token prefixes.
    r"\b(sk-[A-Za-z0-9_-]{8,})\b",
    r"\b(ghp_[A-Za-z0-9]{20,})\b",
    r"\b(github_pat_[A-Za-z0-9_]{20,})\b",
    r"\b(xox[baprs]-[A-Za-z0-9-]{10,})\b",
    r"\b(xapp-[A-Za-z0-9-]{10,})\b",
    r"\b(gsk_[A-Za-z0-9_-]{10,})\b",
    r"\b(AIza[0-9A-Za-z\-_]{20,})\b",
    r"\b(pplx-[A-Za-z0-9_-]{10,})\b",
    r"\b(npm_[A-Za-z0-9]{10,})\b",
    # Telegram bot tokens, inside a bot API URL and bare.
    r"\bbot(\d{6,}:[A-Za-z0-9_-]{20,})\b",
    r"\b(\d{6,}:[A-Za-z0-9_-]{20,})\b",
)
"""OpenClaw's default patterns, in JavaScript syntax and in the order they are applied."""

_PATTERNS: tuple[re.Pattern[str], ...] = tuple(
    re.compile(_translate_js(source), re.IGNORECASE | re.ASCII) for source in _JS_PATTERN_SOURCES
)
_PEM_LINE_SPLIT = re.compile(r"\r?\n")


def default_redact_patterns() -> list[str]:
    """OpenClaw's default pattern sources (JavaScript syntax), in the order they are applied."""
    return list(_JS_PATTERN_SOURCES)


def mask_token(token: str) -> str:
    """Mask one secret: ``***`` when short, else first 6 + ``…`` + last 4 UTF-16 units."""
    units = to_utf16_units(token)
    if len(units) < REDACT_MIN_LENGTH:
        return "***"
    masked = units[:REDACT_KEEP_START] + "\u2026" + units[-REDACT_KEEP_END:]
    # A cut surrogate pair cannot be stored as UTF-8; it ends up as U+FFFD, as in Node.js.
    return replace_lone_surrogates(from_utf16_units(masked))


def _redact_pem_block(block: str) -> str:
    """Keep the first and last non-empty lines of a PEM block."""
    lines = [line for line in _PEM_LINE_SPLIT.split(block) if line]
    if len(lines) < 2:
        return "***"
    return f"{lines[0]}\n\u2026redacted\u2026\n{lines[-1]}"


def _js_replacement(replacement: str, matched: str, before: str, after: str) -> str:
    """Expand ``$$``, ``$&``, ``$``` and ``$'`` as JavaScript's ``String.replace`` does."""
    if "$" not in replacement:
        return replacement
    out: list[str] = []
    i = 0
    size = len(replacement)
    while i < size:
        ch = replacement[i]
        if ch == "$" and i + 1 < size:
            nxt = replacement[i + 1]
            if nxt == "$":
                out.append("$")
                i += 2
                continue
            if nxt == "&":
                out.append(matched)
                i += 2
                continue
            if nxt == "`":
                out.append(before)
                i += 2
                continue
            if nxt == "'":
                out.append(after)
                i += 2
                continue
        out.append(ch)
        i += 1
    return "".join(out)


def _redact_match(match: re.Match[str]) -> str:
    """Replacement for one pattern match (OpenClaw's ``redactMatch``)."""
    whole = match.group(0)
    if "PRIVATE KEY-----" in whole:
        return _redact_pem_block(whole)
    groups = [value for value in match.groups() if value]
    token = groups[-1] if groups else whole
    masked = mask_token(token)
    if token == whole:
        return masked
    # JavaScript: match.replace(token, masked) replaces the first occurrence and expands
    # "$" patterns in the replacement string.
    index = whole.find(token)
    before = whole[:index]
    after = whole[index + len(token) :]
    return before + _js_replacement(masked, token, before, after) + after


def redact_sensitive_text(text: str) -> str:
    """Mask API keys, tokens, passwords and private keys in ``text`` (OpenClaw defaults)."""
    if not text:
        return text
    result = text
    for pattern in _PATTERNS:
        result = pattern.sub(_redact_match, result)
    return result
