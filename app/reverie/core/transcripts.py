"""OpenClaw session transcripts (JSONL): indexable text, line mapping and a read-only view.

OpenClaw stores each agent conversation as a JSONL file under
``<stateDir>/agents/<agentId>/sessions/``. When session memory is enabled it indexes them
after flattening (spec section 2, ``session-files.ts``):

* the file is split on ``"\\n"``; blank lines and lines that are not valid JSON are skipped
  (without shifting the numbering of the others);
* only records with ``type == "message"`` and ``message.role`` exactly ``"user"`` or
  ``"assistant"`` are kept;
* the text is the string ``content``, or the ``text`` blocks of an array ``content`` joined
  by one space (tool calls, thinking and images are dropped). Each piece has newlines with
  their surrounding whitespace turned into one space, whitespace runs collapsed and ends
  trimmed; messages that end up empty are skipped;
* secrets are masked (:func:`reverie.core.redact.redact_sensitive_text`);
* each message becomes one line ``User: <text>`` or ``Assistant: <text>``, and ``line_map``
  records the 1-based JSONL line of each content line;
* the file hash is the SHA-256 hex digest of ``content + "\\n" + ",".join(line_map)``.

Decode the file bytes with ``errors="replace"`` before calling :func:`flatten_session`:
OpenClaw reads transcripts as UTF-8 and turns invalid bytes into U+FFFD.

OpenClaw skips damaged lines without a word; Reverie skips them too (the indexed text is
the same) but remembers them in :attr:`Transcript.broken` so they can be reported. Only
real damage counts: a line that is not valid JSON, a line that is not a JSON object, or a
``"message"`` record whose ``message`` is not an object. Other records (session headers,
tool results, system messages, messages without text) are normal and are not reported.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from .chunking import Chunk, hash_text
from .jscompat import JS_WS_CLASS, js_trim, replace_lone_surrogates
from .phrase import Phrase, Said, phrase, said, template
from .redact import redact_sensitive_text

Role = Literal["user", "assistant"]

_NEWLINE_RUN = re.compile(JS_WS_CLASS + "*\n+" + JS_WS_CLASS + "*")
_WHITESPACE_RUN = re.compile(JS_WS_CLASS + "+")
_ARCHIVE_TIMESTAMP = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(?:\.\d{3})?Z", re.ASCII)
_LEGACY_STORE_BACKUP = re.compile(r"sessions\.json\.bak\.\d+", re.ASCII)


BROKEN_NOT_JSON = template("not valid JSON")
BROKEN_NOT_OBJECT = template("not a JSON object")
BROKEN_MESSAGE_SHAPE = template("message record without a message object")
LISTED_BROKEN_LINES = 5
"""At most this many line numbers per reason are named in a report."""


@dataclass(frozen=True)
class BrokenLine:
    """A damaged JSONL line that was skipped: its 1-based number and why."""

    line: int
    reason: str


@dataclass(frozen=True)
class Transcript:
    """A flattened transcript: one line per message, mapped back to JSONL line numbers."""

    content: str
    line_map: tuple[int, ...]
    hash: str
    broken: tuple[BrokenLine, ...] = field(default=(), compare=False)
    """Damaged lines that were skipped (not part of the content or the hash)."""


@dataclass(frozen=True)
class Message:
    """One user or assistant message for the read-only conversation view."""

    role: Role
    text: str
    jsonl_line: int
    timestamp: datetime | None


def _reject_constant(name: str) -> Any:
    """``json.loads`` hook: JavaScript's ``JSON.parse`` rejects NaN and Infinity."""
    raise ValueError(f"invalid JSON constant {name}")


def normalize_session_text(value: str) -> str:
    """Collapse whitespace like OpenClaw's ``normalizeSessionText``."""
    collapsed = _NEWLINE_RUN.sub(" ", value)
    collapsed = _WHITESPACE_RUN.sub(" ", collapsed)
    return js_trim(collapsed)


def extract_session_text(content: Any) -> str | None:
    """Text of a message's ``content`` (string or blocks), or ``None`` when empty."""
    if isinstance(content, str):
        normalized = normalize_session_text(content)
        return normalized or None
    if not isinstance(content, list):
        return None
    parts: list[str] = []
    for block in content:
        if not isinstance(block, dict):
            continue
        if block.get("type") != "text" or not isinstance(block.get("text"), str):
            continue
        normalized = normalize_session_text(block["text"])
        if normalized:
            parts.append(normalized)
    if not parts:
        return None
    return " ".join(parts)


_NOT_JSON = object()


def _parse_json_line(line: str) -> Any:
    """Parse one JSONL line as ``JSON.parse`` would; ``_NOT_JSON`` when it is not valid JSON
    (a ``null`` line parses to ``None``)."""
    try:
        return json.loads(line, parse_constant=_reject_constant)
    except (ValueError, RecursionError):
        return _NOT_JSON


def _iter_messages(
    jsonl_text: str, broken: list[BrokenLine] | None = None
) -> Iterable[tuple[int, dict[str, Any], dict[str, Any]]]:
    """Yield ``(jsonl_line, record, message)`` for every user/assistant message record.

    Damaged lines are appended to ``broken`` when it is given (see the module doc).
    """
    for index, line in enumerate(jsonl_text.split("\n")):
        if not js_trim(line):
            continue
        record = _parse_json_line(line)
        if record is _NOT_JSON or not isinstance(record, dict):
            if broken is not None:
                reason = BROKEN_NOT_JSON if record is _NOT_JSON else BROKEN_NOT_OBJECT
                broken.append(BrokenLine(index + 1, reason))
            continue
        if record.get("type") != "message":
            continue
        message = record.get("message")
        if not isinstance(message, dict):
            if broken is not None:
                broken.append(BrokenLine(index + 1, BROKEN_MESSAGE_SHAPE))
            continue
        role = message.get("role")
        if role not in ("user", "assistant"):
            continue
        yield index + 1, record, message


def flatten_session(jsonl_text: str) -> Transcript:
    """Flatten a session JSONL text into OpenClaw's indexable transcript (see module doc)."""
    collected: list[str] = []
    line_map: list[int] = []
    broken: list[BrokenLine] = []
    for jsonl_line, role, text, _stamp in session_messages(jsonl_text, broken):
        safe = redact_sensitive_text(text)
        label = "User" if role == "user" else "Assistant"
        collected.append(f"{label}: {safe}")
        line_map.append(jsonl_line)
    # JSON escapes can carry lone surrogates; they are stored as U+FFFD, as Node.js does.
    content = replace_lone_surrogates("\n".join(collected))
    digest = hash_text(content + "\n" + ",".join(str(n) for n in line_map))
    return Transcript(content=content, line_map=tuple(line_map), hash=digest, broken=tuple(broken))


def session_messages(
    jsonl_text: str, broken: list[BrokenLine] | None = None
) -> Iterator[tuple[int, str, str, Any]]:
    """``(jsonl_line, role, text, timestamp)`` of every user/assistant message with text.

    The one reading of a transcript's messages: the index (:func:`flatten_session`) and
    dreaming's session ingestion accept the same records and extract the same text.
    """
    for jsonl_line, record, message in _iter_messages(jsonl_text, broken):
        text = extract_session_text(message.get("content"))
        if text:
            stamp = record.get("timestamp") or message.get("timestamp")
            yield jsonl_line, str(message["role"]), text, stamp


def find_broken_lines(jsonl_text: str) -> list[BrokenLine]:
    """The damaged lines of a session JSONL text, in file order (see the module doc)."""
    broken: list[BrokenLine] = []
    for _ in _iter_messages(jsonl_text, broken):
        pass
    return broken


ONE_LINE = template("line {shown}")
LINES = template("lines {shown}")
LINES_AND_MORE = template("lines {shown} and {rest} more")
BROKEN_PART = template("{lines}: {reason}")
BROKEN_PARTS = template("{first}; {rest}")
ONE_BROKEN_LINE = template("{count} broken line skipped ({parts})")
BROKEN_LINES = template("{count} broken lines skipped ({parts})")


def _line_list(numbers: Sequence[int], limit: int) -> Phrase:
    shown = ", ".join(str(n) for n in numbers[:limit])
    rest = len(numbers) - limit
    if rest > 0:
        return phrase(LINES_AND_MORE, shown=shown, rest=rest)
    return phrase(ONE_LINE if len(numbers) == 1 else LINES, shown=shown)


def describe_broken_lines(
    broken: Sequence[BrokenLine], limit: int = LISTED_BROKEN_LINES
) -> Said | None:
    """One sentence for a report, or ``None`` when nothing is broken.

    ``3 broken lines skipped (lines 3, 4, 5: not valid JSON; line 6: not a JSON object)``;
    each reason names at most ``limit`` line numbers and counts the rest.
    """
    if not broken:
        return None
    by_reason: dict[str, list[int]] = {}
    for item in broken:
        by_reason.setdefault(item.reason, []).append(item.line)
    parts = [
        phrase(BROKEN_PART, lines=_line_list(numbers, limit), reason=phrase(reason))
        for reason, numbers in by_reason.items()
    ]
    joined = parts[-1]
    for part in reversed(parts[:-1]):
        joined = phrase(BROKEN_PARTS, first=part, rest=joined)
    count = ONE_BROKEN_LINE if len(broken) == 1 else BROKEN_LINES
    return said(count, count=len(broken), parts=joined)


def remap_chunk_lines(chunks: Iterable[Chunk], line_map: Iterable[int]) -> list[Chunk]:
    """Map chunk lines of a flattened transcript back to JSONL line numbers.

    Like OpenClaw's ``remapChunkLines``: a line outside the map keeps its number, and an
    empty map leaves the chunks unchanged.
    """
    mapping = tuple(line_map)
    result = list(chunks)
    if not mapping:
        return result

    def remap(line: int) -> int:
        index = line - 1
        return mapping[index] if 0 <= index < len(mapping) else line

    return [
        replace(chunk, start_line=remap(chunk.start_line), end_line=remap(chunk.end_line))
        for chunk in result
    ]


def session_rel_path(file: Path) -> str:
    """OpenClaw's synthetic index path of a transcript: ``sessions/<basename>``."""
    return f"sessions/{Path(file).name}"


def _has_archive_suffix(name: str, reason: str) -> bool:
    """True when ``name`` ends with ``.<reason>.<archive timestamp>``."""
    marker = f".{reason}."
    index = name.rfind(marker)
    if index < 0:
        return False
    return _ARCHIVE_TIMESTAMP.fullmatch(name[index + len(marker) :]) is not None


def is_session_transcript_name(name: str) -> bool:
    """True for file names OpenClaw indexes as transcripts (spec section 2).

    Included: ``*.jsonl`` and the archived ``*.jsonl.reset.<ts>`` / ``*.jsonl.deleted.<ts>``
    (``<ts>`` like ``2026-04-13T10-30-00.000Z``). Excluded: ``sessions.json``, its legacy
    ``sessions.json.bak.<n>`` backups and ``.bak.<ts>`` archives.
    """
    if name == "sessions.json":
        return False
    is_archive = (
        _LEGACY_STORE_BACKUP.fullmatch(name) is not None
        or _has_archive_suffix(name, "deleted")
        or _has_archive_suffix(name, "reset")
        or _has_archive_suffix(name, "bak")
    )
    if name.endswith(".jsonl") and not is_archive:
        return True
    return _has_archive_suffix(name, "reset") or _has_archive_suffix(name, "deleted")


def list_session_files(sessions_dir: Path) -> list[Path]:
    """Transcript files directly inside ``sessions_dir``, sorted by name.

    Only regular files count (symbolic links and folders are ignored); a missing or
    unreadable folder gives an empty list, as in OpenClaw.
    """
    try:
        entries = list(os.scandir(sessions_dir))
    except OSError:
        return []
    found: list[Path] = []
    for entry in entries:
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
        except OSError:
            continue
        if is_session_transcript_name(entry.name):
            found.append(Path(entry.path))
    found.sort(key=lambda path: path.name)
    return found


def _parse_timestamp(value: Any) -> datetime | None:
    """A message time from epoch seconds/milliseconds or an ISO 8601 string."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        if value != value or value in (float("inf"), float("-inf")) or value <= 0:
            return None
        millis = value * 1000 if value < 1e11 else value
        try:
            return datetime.fromtimestamp(millis / 1000, tz=UTC)
        except (OverflowError, OSError, ValueError):
            return None
    if isinstance(value, str) and value.strip():
        try:
            parsed = datetime.fromisoformat(value.strip())
        except ValueError:
            return None
        if parsed.tzinfo is None:
            parsed = parsed.replace(tzinfo=UTC)
        return parsed
    return None


def _display_text(content: Any) -> str:
    """Message text for display: the string, or text blocks separated by a blank line."""
    if isinstance(content, str):
        return content.strip()
    if not isinstance(content, list):
        return ""
    parts = [
        block["text"].strip()
        for block in content
        if isinstance(block, dict)
        and block.get("type") == "text"
        and isinstance(block.get("text"), str)
        and block["text"].strip()
    ]
    return "\n\n".join(parts)


def render_conversation(jsonl_text: str, redact: bool = False) -> list[Message]:
    """User and assistant messages of a transcript, for a read-only conversation view.

    Text keeps its line breaks; tool calls, tool results, thinking blocks, images and system
    records are left out, as are messages without text. ``redact=True`` masks secrets as
    the index does. The timestamp comes from the message, else from its record.
    """
    messages: list[Message] = []
    for jsonl_line, record, message in _iter_messages(jsonl_text):
        text = _display_text(message.get("content"))
        if not text:
            continue
        text = replace_lone_surrogates(text)
        if redact:
            text = redact_sensitive_text(text)
        timestamp = _parse_timestamp(message.get("timestamp"))
        if timestamp is None:
            timestamp = _parse_timestamp(record.get("timestamp"))
        messages.append(
            Message(
                role=message["role"],
                text=text,
                jsonl_line=jsonl_line,
                timestamp=timestamp,
            )
        )
    return messages
