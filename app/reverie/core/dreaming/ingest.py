"""Ingestion shared by the light and REM phases: daily notes and session transcripts.

Daily notes (``memory/YYYY-MM-DD.md`` within the lookback) are cut into small chunks and
each chunk is recorded in the ledger as a ``daily`` signal (score 0.62, query
``__dreaming_daily__:<day>``, deduplicated per day). Unchanged files are skipped using the
``memory/.dreams/daily-ingestion.json`` checkpoint (``mtimeMs`` and ``size``).

Session transcripts (JSON Lines, one message per line) are rendered one line per message,
appended to ``memory/.dreams/session-corpus/<day>.txt`` as
``[<agent>/<session>#L<line>] <text>`` and recorded as ``daily`` signals (score 0.58,
query ``__dreaming_sessions__:<day>``). ``memory/.dreams/session-ingestion.json`` keeps
a cursor per file and the hashes of messages already taken.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reverie.core.atomic import atomic_write_text
from reverie.core.dreaming import ledger
from reverie.core.dreaming.markdown import blank_managed_blocks
from reverie.core.dreaming.snippets import normalize_snippet
from reverie.core.jscompat import DAY_MS, format_dreaming_day, js_stringify, parse_js_date
from reverie.core.transcripts import session_messages

log = logging.getLogger(__name__)

DAILY_CHECKPOINT = ledger.DREAMS_DIR / "daily-ingestion.json"
SESSION_CHECKPOINT = ledger.DREAMS_DIR / "session-ingestion.json"
SESSION_CORPUS_DIR = ledger.DREAMS_DIR / "session-corpus"
DAILY_SIGNAL_SCORE = 0.62
SESSION_SIGNAL_SCORE = 0.58
MAX_CHUNK_LINES = 4
MAX_CHUNK_CHARS = 280
MIN_LINE_CHARS = 8
SESSION_SWEEP_CAP = 240
SESSION_MIN_CHARS = 12

_DAILY_NAME_RE = re.compile(r"^(\d{4}-\d{2}-\d{2})\.md$")
_HEADING_RE = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_LIST_RE = re.compile(r"^\s*(?:[-*+]|\d+\.)\s+")
_WEEKDAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun"
_MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec"
_GENERIC_HEADING_RE = re.compile(
    r"^(?:today|yesterday|tomorrow|morning|afternoon|evening|night|notes|"
    rf"(?:{_WEEKDAYS}),?\s+(?:{_MONTHS})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?|"
    r"\d{4}-\d{2}-\d{2}(?:\.md)?|\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?|"
    rf"(?:{_MONTHS})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?)$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Chunk:
    """A piece of a daily note recorded as one short-term signal."""

    start_line: int
    end_line: int
    snippet: str


def _is_generic_heading(text: str) -> bool:
    return bool(_GENERIC_HEADING_RE.match(text.strip()))


def chunk_daily_note(text: str) -> list[Chunk]:
    """Cut a daily note into chunks of at most 4 lines / 280 characters.

    A specific heading prefixes its chunks (``"<heading>: "``); blank lines and comment
    lines end a chunk; list items are joined with ``"; "``, paragraph lines with a space.
    """
    chunks: list[Chunk] = []
    heading: str | None = None
    current: list[tuple[int, str]] = []
    kind: str | None = None

    def flush() -> None:
        nonlocal current, kind
        if current:
            joiner = "; " if kind == "list" else " "
            body = normalize_snippet(joiner.join(line for _, line in current))
            snippet = normalize_snippet(f"{heading}: {body}" if heading else body)[:MAX_CHUNK_CHARS]
            if len(snippet) >= MIN_LINE_CHARS:
                chunks.append(Chunk(current[0][0], current[-1][0], snippet))
        current = []
        kind = None

    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.rstrip("\r")
        stripped = line.strip()
        heading_match = _HEADING_RE.match(stripped)
        if heading_match:
            flush()
            title = heading_match.group(2).strip()
            heading = None if _is_generic_heading(title) else title
            continue
        if not stripped or stripped.startswith("<!--"):
            flush()
            continue
        line_kind = "list" if _LIST_RE.match(stripped) else "paragraph"
        content = _LIST_RE.sub("", stripped, count=1).strip()
        if len(content) < MIN_LINE_CHARS:
            continue
        projected = sum(len(part) for _, part in current) + len(content)
        if current and (
            kind != line_kind or len(current) >= MAX_CHUNK_LINES or projected > MAX_CHUNK_CHARS
        ):
            flush()
        kind = line_kind
        current.append((number, content))
    flush()
    return chunks


@dataclass(frozen=True)
class IngestResult:
    """What one ingestion sweep found (and recorded, unless it was a dry run)."""

    files_scanned: tuple[str, ...] = ()
    files_skipped: tuple[str, ...] = ()
    signals: tuple[tuple[str, int, int, str], ...] = ()
    corpus_lines: tuple[str, ...] = field(default_factory=tuple)
    source: str = "daily"
    """What was swept: ``daily`` notes or session ``transcripts``."""
    phase: str = ""
    """The dreaming phase the sweep ran for (``light``, ``rem``; '' outside a run)."""


Checkpoints = dict[str, dict[str, Any]]
"""Ingestion checkpoints read during one dreaming run, by file: the run's later sweeps see
what its earlier ones took, also on a dry run, which writes none of them."""


def _checkpoint(
    path: Path, fallback: dict[str, Any], checkpoints: Checkpoints | None
) -> dict[str, Any]:
    """The checkpoint at ``path``: the run's copy when ``checkpoints`` holds one."""
    if checkpoints is None:
        return _read_json(path, fallback)
    key = str(path)
    if key not in checkpoints:
        checkpoints[key] = _read_json(path, fallback)
    return checkpoints[key]


def _read_json(path: Path, fallback: dict[str, Any]) -> dict[str, Any]:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        return fallback
    return raw if isinstance(raw, dict) else fallback


def daily_note_files(
    workspace: Path, now_ms: float, lookback_days: float
) -> list[tuple[str, Path]]:
    """``(day, path)`` of ``memory/YYYY-MM-DD.md`` files within the lookback, newest first."""
    memory_dir = workspace / "memory"
    if not memory_dir.is_dir():
        return []
    cutoff = now_ms - max(0.0, lookback_days) * DAY_MS
    found: list[tuple[str, Path]] = []
    for path in memory_dir.iterdir():
        match = _DAILY_NAME_RE.match(path.name)
        if not match or not path.is_file():
            continue
        end_of_day = parse_js_date(f"{match.group(1)}T23:59:59.999Z")
        if end_of_day is not None and end_of_day >= cutoff:
            found.append((match.group(1), path))
    return sorted(found, reverse=True)


def ingest_daily_notes(
    workspace_root: Path,
    now_ms: float,
    timezone: str | None,
    *,
    lookback_days: float,
    limit: int,
    dry_run: bool = False,
    checkpoints: Checkpoints | None = None,
) -> IngestResult:
    """Record chunks of recent daily notes as ``daily`` signals."""
    workspace = Path(workspace_root)
    files = daily_note_files(workspace, now_ms, lookback_days)
    if not files:
        return IngestResult()
    checkpoint_path = workspace / DAILY_CHECKPOINT
    checkpoint = _checkpoint(checkpoint_path, {"version": 1, "files": {}}, checkpoints)
    seen = checkpoint.setdefault("files", {})
    total_cap = max(20, limit * 4)
    per_file = max(6, math.ceil(total_cap / len(files)))
    scanned: list[str] = []
    skipped: list[str] = []
    signals: list[tuple[str, int, int, str]] = []
    remaining = total_cap
    for day, path in files:
        rel = f"memory/{path.name}"
        stat = path.stat()
        state = {"mtimeMs": math.floor(stat.st_mtime * 1000), "size": stat.st_size}
        previous = seen.get(rel)
        if (
            isinstance(previous, dict)
            and previous.get("mtimeMs") == state["mtimeMs"]
            and previous.get("size") == state["size"]
        ):
            skipped.append(rel)
            continue
        if remaining <= 0:
            break
        try:
            raw = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:  # left for the person to fix; read again then
            log.warning("%s is not valid UTF-8 (byte offset %d); not ingested", rel, exc.start)
            continue
        scanned.append(rel)
        text = blank_managed_blocks(raw)
        chunks = chunk_daily_note(text)[: min(per_file, remaining)]
        remaining -= len(chunks)
        hits = [
            {
                "path": rel,
                "startLine": c.start_line,
                "endLine": c.end_line,
                "score": DAILY_SIGNAL_SCORE,
                "snippet": c.snippet,
                "source": "memory",
            }
            for c in chunks
        ]
        signals.extend((rel, c.start_line, c.end_line, c.snippet) for c in chunks)
        if not dry_run and hits:
            ledger.record_recalls(
                workspace,
                f"__dreaming_daily__:{day}",
                hits,
                now=now_ms,
                timezone=timezone,
                signal_type="daily",
                dedupe_by_query_per_day=True,
                day_bucket=day,
            )
        seen[rel] = state
    if not dry_run and scanned:
        checkpoint["version"] = 1
        atomic_write_text(checkpoint_path, js_stringify(checkpoint, 2) + "\n")
    return IngestResult(tuple(scanned), tuple(skipped), tuple(signals))


def ingest_session_transcripts(
    workspace_root: Path,
    transcripts: Sequence[Path],
    now_ms: float,
    timezone: str | None,
    *,
    lookback_days: float,
    agent_id: str = "main",
    dry_run: bool = False,
    checkpoints: Checkpoints | None = None,
) -> IngestResult:
    """Append new user/assistant messages to the session corpus and record them."""
    workspace = Path(workspace_root)
    files = [Path(p) for p in transcripts if Path(p).is_file()]
    if not files:
        return IngestResult(source="transcripts")
    state_path = workspace / SESSION_CHECKPOINT
    state = _checkpoint(state_path, {"version": 3, "files": {}, "seenMessages": {}}, checkpoints)
    file_state = state.setdefault("files", {})
    seen_messages = state.setdefault("seenMessages", {})
    per_file = min(80, max(12, math.ceil(SESSION_SWEEP_CAP / len(files))))
    cutoff_day = format_dreaming_day(now_ms - max(0.0, lookback_days) * DAY_MS, timezone)
    corpus_lines: list[str] = []
    signals: list[tuple[str, int, int, str]] = []
    by_day: dict[str, list[dict[str, Any]]] = {}
    scanned: list[str] = []
    skipped: list[str] = []
    taken_total = 0
    for path in files:
        scope = f"{agent_id}:{path.name}"
        raw = path.read_bytes()
        digest = hashlib.sha1(raw).hexdigest()
        stat = path.stat()
        previous = file_state.get(scope) if isinstance(file_state.get(scope), dict) else {}
        if previous.get("contentHash") == digest and previous.get("size") == stat.st_size:
            skipped.append(scope)
            continue
        scanned.append(scope)
        jsonl_text = raw.decode("utf-8", errors="replace")
        line_count = jsonl_text.count("\n") + 1
        start = (
            int(previous.get("lastContentLine") or 0)
            if previous.get("size", 0) <= stat.st_size
            else 0
        )
        hashes = list(seen_messages.get(scope) or [])
        taken = 0
        last_line = line_count
        for number, role, text, stamp in session_messages(jsonl_text):
            if number <= start:
                continue
            if taken >= per_file or taken_total >= SESSION_SWEEP_CAP:
                last_line = number - 1  # resume at this message next time
                break
            snippet = normalize_snippet(f"{role.capitalize()}: {text}")[:MAX_CHUNK_CHARS]
            if len(snippet) < SESSION_MIN_CHARS:
                continue
            stamp_ms = parse_js_date(stamp) if isinstance(stamp, str) else None
            if stamp_ms is None and isinstance(stamp, (int, float)):
                stamp_ms = float(stamp)
            if stamp_ms is None:
                stamp_ms = stat.st_mtime * 1000
            day = format_dreaming_day(stamp_ms, timezone)
            if day < cutoff_day:
                continue
            key = hashlib.sha1(f"{scope}\nline:{number}\n{snippet}".encode()).hexdigest()
            if key in hashes:
                continue
            hashes.append(key)
            taken += 1
            taken_total += 1
            by_day.setdefault(day, []).append(
                {"line": f"[{agent_id}/{path.name}#L{number}] {snippet}", "snippet": snippet}
            )
        seen_messages[scope] = hashes[-4096:]
        file_state[scope] = {
            "mtimeMs": math.floor(stat.st_mtime * 1000),
            "size": stat.st_size,
            "contentHash": digest,
            "lineCount": line_count,
            "lastContentLine": last_line,
        }
    for day, items in sorted(by_day.items()):
        corpus = workspace / SESSION_CORPUS_DIR / f"{day}.txt"
        existing = corpus.read_text(encoding="utf-8") if corpus.exists() else ""
        base = existing if not existing or existing.endswith("\n") else existing + "\n"
        first_line = base.count("\n") + 1
        rel = f"memory/.dreams/session-corpus/{day}.txt"
        hits = []
        for offset, item in enumerate(items):
            line_no = first_line + offset
            corpus_lines.append(item["line"])
            signals.append((rel, line_no, line_no, item["line"]))
            hits.append(
                {
                    "path": rel,
                    "startLine": line_no,
                    "endLine": line_no,
                    "score": SESSION_SIGNAL_SCORE,
                    "snippet": item["line"],
                    "source": "memory",
                }
            )
        if not dry_run:
            atomic_write_text(corpus, base + "".join(item["line"] + "\n" for item in items))
            ledger.record_recalls(
                workspace,
                f"__dreaming_sessions__:{day}",
                hits,
                now=now_ms,
                timezone=timezone,
                signal_type="daily",
                dedupe_by_query_per_day=True,
                day_bucket=day,
            )
    if not dry_run and scanned:
        state["version"] = 3
        atomic_write_text(state_path, js_stringify(state, 2) + "\n")
    return IngestResult(
        tuple(scanned), tuple(skipped), tuple(signals), tuple(corpus_lines), source="transcripts"
    )
