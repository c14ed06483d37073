"""The short-term recall ledger shared with OpenClaw (``memory/.dreams/short-term-recall.json``).

Reverie reads and writes the same files as a running OpenClaw, so everything here follows
OpenClaw's format and protocol byte for byte:

* the store is ``{"version": 1, "updatedAt": ISO, "entries": {key: entry}}`` written as
  ``JSON.stringify(store, null, 2) + "\\n"``, entry fields in OpenClaw's order; fields
  Reverie does not know are kept (after the known ones) instead of being dropped;
* every read-modify-write holds ``memory/.dreams/short-term-promotion.lock``: created
  exclusively, content ``<pid>:<epochMs>\\n``, retried every 40 ms for up to 10 s, and taken
  over when older than 60 s and its owner is gone;
* writes are atomic (temp file, fsync, rename);
* a ledger that does not parse is reported with its path and the parser's message, copied
  to a backup beside it, and never overwritten.

``record_recalls`` is OpenClaw's ``recordShortTermRecalls``; ``record_grounded`` and
``record_phase_signals`` are its grounded and light/REM signal writers; ``audit`` and
``repair`` are ``auditShortTermPromotionArtifacts`` and
``repairShortTermPromotionArtifacts`` (``reverie dream status [--fix]``).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import re
import shutil
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, TypedDict

from reverie.core.atomic import atomic_write_text
from reverie.core.dreaming.concept_tags import (
    MAX_CONCEPT_TAGS,
    derive_concept_tags,
    summarize_concept_tag_script_coverage,
)
from reverie.core.dreaming.snippets import (
    build_claim_hash,
    build_entry_key,
    clamp_score,
    hash_query,
    is_contaminated_dreaming_snippet,
    is_short_term_memory_path,
    normalize_memory_path,
    normalize_snippet,
)
from reverie.core.errors import UserError
from reverie.core.jscompat import (
    format_dreaming_day,
    iso_from_ms,
    js_stringify,
    js_to_number,
    js_trim,
    to_ms,
)

DREAMS_DIR = Path("memory") / ".dreams"
LEDGER_RELATIVE_PATH = DREAMS_DIR / "short-term-recall.json"
PHASE_SIGNALS_RELATIVE_PATH = DREAMS_DIR / "phase-signals.json"
LOCK_RELATIVE_PATH = DREAMS_DIR / "short-term-promotion.lock"
EVENTS_RELATIVE_PATH = DREAMS_DIR / "events.jsonl"

MAX_QUERY_HASHES = 32
MAX_RECALL_DAYS = 16
MAX_PHASE_HITS = 9999
LOCK_WAIT_TIMEOUT_S = 10.0
LOCK_STALE_S = 60.0
LOCK_RETRY_DELAY_S = 0.040

ENTRY_FIELDS: tuple[str, ...] = (
    "key",
    "path",
    "startLine",
    "endLine",
    "source",
    "snippet",
    "recallCount",
    "dailyCount",
    "groundedCount",
    "totalScore",
    "maxScore",
    "firstRecalledAt",
    "lastRecalledAt",
    "queryHashes",
    "recallDays",
    "conceptTags",
    "claimHash",
    "promotedAt",
)
PHASE_FIELDS: tuple[str, ...] = ("key", "lightHits", "remHits", "lastLightAt", "lastRemAt")

Store = dict[str, Any]
Entry = dict[str, Any]


def _str_or_empty(value: object) -> str:
    """``value`` when it is a string, else ``""`` (malformed JSON fields read as empty)."""
    return value if isinstance(value, str) else ""


class LedgerError(UserError):
    """A problem with the recall ledger files."""


class LedgerCorrupt(LedgerError):
    """The ledger file does not parse; it was backed up and left untouched."""

    def __init__(self, path: Path, detail: str, backup: Path | None) -> None:
        self.path = path
        self.detail = detail
        self.backup = backup
        where = f"; a copy was saved to {backup}" if backup else ""
        super().__init__(f"{path} does not parse ({detail}){where}; it was left unchanged")


class LockTimeout(LedgerError):
    """Another process held the short-term promotion lock for too long."""


# --- time ------------------------------------------------------------------------------


def now_ms(now: datetime | float | int | None = None) -> int:
    """Epoch milliseconds for ``now`` (a datetime, epoch ms, or None for the clock)."""
    if now is None:
        return int(time.time() * 1000)
    if isinstance(now, datetime):
        return to_ms(now)
    return int(math.floor(now))


# --- JS-style coercion ---------------------------------------------------------------


def _int_or_float(value: float) -> int | float:
    return int(value) if math.isfinite(value) and value.is_integer() else value


def _count(value: Any) -> int:
    """``Math.max(0, Math.floor(Number(value) || 0))``."""
    number = js_to_number(value)
    if not math.isfinite(number) or number == 0:
        return 0
    return max(0, math.floor(number))


def _is_js_integer(value: float) -> bool:
    return math.isfinite(value) and float(value).is_integer()


_ISO_DAY_PREFIX_RE = re.compile(r"^([0-9]{4}-[0-9]{2}-[0-9]{2})")


def normalize_iso_day(value: Any) -> str | None:
    """The leading ``YYYY-MM-DD`` of a string, or None."""
    if not isinstance(value, str):
        return None
    match = _ISO_DAY_PREFIX_RE.match(js_trim(value))
    return match.group(1) if match else None


def _distinct_strings(values: Sequence[Any], limit: int) -> list[str]:
    seen: set[str] = set()
    out: list[str] = []
    for value in values:
        if not isinstance(value, str):
            continue
        trimmed = js_trim(value)
        if not trimmed or trimmed in seen:
            continue
        seen.add(trimmed)
        out.append(trimmed)
        if len(out) >= limit:
            break
    return out


def _merge_recent_distinct(existing: Sequence[Any], value: str, limit: int) -> list[str]:
    seen: set[str] = set()
    out: list[str] = []
    for item in existing:
        if not isinstance(item, str) or not item or item in seen:
            continue
        seen.add(item)
        out.append(item)
    if value and value not in out:
        out.append(value)
    return out[-limit:] if len(out) > limit else out


def _merge_query_hashes(existing: Sequence[Any], query_hash: str) -> list[str]:
    return _merge_recent_distinct(existing, query_hash, MAX_QUERY_HASHES)


# --- normalisation --------------------------------------------------------------------


def empty_store(now_iso: str) -> Store:
    """A new, empty ledger."""
    return {"version": 1, "updatedAt": now_iso, "entries": {}}


def _ordered(
    known: Mapping[str, Any], raw: Mapping[str, Any], fields: Sequence[str]
) -> dict[str, Any]:
    """Known fields in OpenClaw's order, then the raw entry's unknown fields."""
    out = {name: known[name] for name in fields if name in known}
    for name, value in raw.items():
        if name not in fields and name not in out:
            out[name] = value
    return out


def normalize_entry(map_key: str, value: Any, now_iso: str) -> Entry | None:
    """One ledger entry as OpenClaw normalises it on read, or None when it is invalid."""
    if not isinstance(value, dict):
        return None
    raw_path = value.get("path")
    entry_path = normalize_memory_path(raw_path) if isinstance(raw_path, str) else ""
    start = js_to_number(value.get("startLine"))
    end = js_to_number(value.get("endLine"))
    if not entry_path or not _is_js_integer(start) or not _is_js_integer(end):
        return None
    if value.get("source") != "memory":
        return None
    claim_raw = value.get("claimHash")
    claim_hash = js_trim(claim_raw) if isinstance(claim_raw, str) and js_trim(claim_raw) else None
    snippet_raw = _str_or_empty(value.get("snippet"))
    snippet = normalize_snippet(snippet_raw)
    if is_contaminated_dreaming_snippet(snippet_raw):
        return None
    query_hashes = (
        _distinct_strings(value["queryHashes"], MAX_QUERY_HASHES)
        if isinstance(value.get("queryHashes"), list)
        else []
    )
    recall_days: list[str] = []
    if isinstance(value.get("recallDays"), list):
        for day in value["recallDays"]:
            text = day if isinstance(day, str) else json.dumps(day)
            normalized = normalize_iso_day(text)
            if normalized:
                recall_days.append(normalized)
    if isinstance(value.get("conceptTags"), list):
        tags = _distinct_strings(
            [js_trim(t).lower() if isinstance(t, str) else t for t in value["conceptTags"]],
            MAX_CONCEPT_TAGS,
        )
    else:
        tags = derive_concept_tags(entry_path, snippet)
    start_i, end_i = int(start), int(end)
    key = map_key or build_entry_key(entry_path, start_i, end_i, "memory", claim_hash)
    total = js_to_number(value.get("totalScore"))
    known: dict[str, Any] = {
        "key": key,
        "path": entry_path,
        "startLine": start_i,
        "endLine": end_i,
        "source": "memory",
        "snippet": snippet,
        "recallCount": _count(value.get("recallCount")),
        "dailyCount": _count(value.get("dailyCount")),
        "groundedCount": _count(value.get("groundedCount")),
        "totalScore": _int_or_float(max(0.0, total) if math.isfinite(total) else 0.0),
        "maxScore": _int_or_float(clamp_score(js_to_number(value.get("maxScore")))),
        "firstRecalledAt": value["firstRecalledAt"]
        if isinstance(value.get("firstRecalledAt"), str)
        else now_iso,
        "lastRecalledAt": value["lastRecalledAt"]
        if isinstance(value.get("lastRecalledAt"), str)
        else now_iso,
        "queryHashes": query_hashes,
        "recallDays": recall_days[-MAX_RECALL_DAYS:],
        "conceptTags": tags,
    }
    if claim_hash:
        known["claimHash"] = claim_hash
    if isinstance(value.get("promotedAt"), str) and value["promotedAt"]:
        known["promotedAt"] = value["promotedAt"]
    return _ordered(known, value, ENTRY_FIELDS)


def normalize_store(raw: Any, now_iso: str) -> Store:
    """The ledger as OpenClaw normalises it on read; unknown fields are kept."""
    if not isinstance(raw, dict):
        return empty_store(now_iso)
    entries: dict[str, Entry] = {}
    raw_entries = raw.get("entries")
    if isinstance(raw_entries, dict):
        for map_key, value in raw_entries.items():
            entry = normalize_entry(map_key, value, now_iso)
            if entry is not None:
                entries[entry["key"]] = entry
    known = {
        "version": 1,
        "updatedAt": raw["updatedAt"] if isinstance(raw.get("updatedAt"), str) else now_iso,
        "entries": entries,
    }
    return _ordered(known, raw, ("version", "updatedAt", "entries"))


def serialize_store(store: Mapping[str, Any]) -> str:
    """``JSON.stringify(store, null, 2) + "\\n"``."""
    return js_stringify(store, 2) + "\n"


def _clamp_lines(value: Any) -> int:
    number = js_to_number(value)
    if not math.isfinite(number):
        return 1
    return max(1, math.floor(number))


# --- locking -------------------------------------------------------------------------

_PROCESS_LOCKS: dict[str, threading.Lock] = {}
_PROCESS_LOCKS_GUARD = threading.Lock()


def _process_lock(lock_path: Path) -> threading.Lock:
    with _PROCESS_LOCKS_GUARD:
        return _PROCESS_LOCKS.setdefault(str(lock_path.resolve()), threading.Lock())


def parse_lock_owner_pid(text: str) -> int | None:
    """The pid in a ``<pid>:<ms>`` lock file, or None when it is not there."""
    head = text.strip().split(":", 1)
    if len(head) != 2 or not head[0].isascii() or not head[0].isdigit():
        return None
    pid = int(head[0])
    return pid if pid > 0 else None


def is_process_alive(pid: int) -> bool:
    """Signal-0 probe; permission errors count as alive."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def can_steal_stale_lock(lock_path: Path) -> bool:
    """A lock may be taken over when its owner pid is unreadable or the process is gone."""
    try:
        pid = parse_lock_owner_pid(lock_path.read_text(encoding="utf-8"))
    except OSError:
        return True
    except UnicodeDecodeError:
        return True
    if pid is None:
        return True
    return not is_process_alive(pid)


def _lock_age_s(lock_path: Path) -> float:
    try:
        return time.time() - lock_path.stat().st_mtime
    except OSError:
        return 0.0


def _lock_holder_hint(lock_path: Path, stale_after: float) -> str:
    """Who holds the lock, for the timeout message ('' when it cannot be read)."""
    try:
        pid = parse_lock_owner_pid(lock_path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return ""
    if pid is None:
        return ""
    if is_process_alive(pid):
        return f" (held by running process {pid}; try again when it has finished)"
    return (
        f" (left by process {pid}, which is no longer running; it is taken over once it "
        f"is {stale_after:.0f} s old, so try again in a minute)"
    )


@contextlib.contextmanager
def ledger_lock(
    workspace_root: Path,
    *,
    timeout: float = LOCK_WAIT_TIMEOUT_S,
    retry_delay: float = LOCK_RETRY_DELAY_S,
    stale_after: float = LOCK_STALE_S,
) -> Iterator[Path]:
    """Hold OpenClaw's short-term promotion lock for the duration of the block.

    Threads of this process queue on an in-process lock first; then the lock file is
    created exclusively with ``<pid>:<epochMs>\\n``. While another process holds it the
    call retries every ``retry_delay`` seconds; a lock older than ``stale_after`` seconds
    whose owner is gone is removed and retried. After ``timeout`` seconds
    :class:`LockTimeout` is raised.
    """
    workspace_root = Path(workspace_root)
    lock_path = workspace_root / LOCK_RELATIVE_PATH
    started = time.monotonic()
    local = _process_lock(lock_path)
    if not local.acquire(timeout=max(0.0, timeout)):
        raise LockTimeout(f"Timed out waiting for short-term promotion lock at {lock_path}")
    try:
        lock_path.parent.mkdir(parents=True, exist_ok=True)
        while True:
            try:
                fd = os.open(lock_path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
            except FileExistsError:
                if _lock_age_s(lock_path) > stale_after and can_steal_stale_lock(lock_path):
                    with contextlib.suppress(FileNotFoundError):
                        lock_path.unlink()
                    continue
                if time.monotonic() - started >= timeout:
                    raise LockTimeout(
                        f"Timed out waiting for short-term promotion lock at {lock_path}"
                        f"{_lock_holder_hint(lock_path, stale_after)}"
                    ) from None
                time.sleep(retry_delay)
                continue
            try:
                with contextlib.suppress(OSError):
                    os.write(fd, f"{os.getpid()}:{int(time.time() * 1000)}\n".encode())
                yield lock_path
            finally:
                os.close(fd)
                with contextlib.suppress(FileNotFoundError):
                    lock_path.unlink()
            return
    finally:
        local.release()


# --- reading and writing -----------------------------------------------------------


def _backup_unreadable(path: Path, data: bytes) -> Path | None:
    digest = hashlib.sha1(data).hexdigest()[:10]
    backup = path.with_name(f"{path.name}.unreadable-{digest}.bak")
    if backup.exists():
        return backup
    try:
        shutil.copy2(path, backup)
    except OSError:
        return None
    return backup


def _load_json_file(path: Path) -> tuple[Any, bool]:
    """``(parsed, existed)``; raises :class:`LedgerCorrupt` (after a backup) on bad JSON."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None, False
    except OSError as exc:
        raise LedgerError(f"cannot read {path}: {exc.strerror or exc}") from exc
    try:
        text = data.decode("utf-8")
        if text.startswith("\ufeff"):
            text = text[1:]
        if not text.strip():
            return None, True
        return json.loads(text), True
    except (UnicodeDecodeError, ValueError) as exc:
        backup = _backup_unreadable(path, data)
        raise LedgerCorrupt(path, str(exc), backup) from exc


def ledger_path(workspace_root: Path) -> Path:
    """Absolute path of the recall ledger."""
    return Path(workspace_root) / LEDGER_RELATIVE_PATH


def read_store(workspace_root: Path, now: datetime | float | int | None = None) -> Store:
    """Read and normalise the ledger (an empty store when the file is missing)."""
    now_iso = iso_from_ms(now_ms(now))
    raw, _ = _load_json_file(ledger_path(workspace_root))
    return normalize_store(raw, now_iso)


def write_store(workspace_root: Path, store: Mapping[str, Any]) -> None:
    """Write the ledger atomically; call it while holding :func:`ledger_lock`.

    A ledger that no longer parses on disk is never replaced (it is backed up and
    :class:`LedgerCorrupt` is raised).
    """
    path = ledger_path(workspace_root)
    _load_json_file(path)
    atomic_write_text(path, serialize_store(store))


def _phase_entry(map_key: str, value: Any) -> dict[str, Any] | None:
    if not isinstance(value, dict):
        return None
    key_raw = value.get("key")
    key = key_raw if isinstance(key_raw, str) and js_trim(key_raw) else map_key
    light = _nonneg_int(value.get("lightHits"))
    rem = _nonneg_int(value.get("remHits"))
    if light == 0 and rem == 0:
        return None
    known: dict[str, Any] = {"key": key, "lightHits": light, "remHits": rem}
    for name in ("lastLightAt", "lastRemAt"):
        stamp = value.get(name)
        if isinstance(stamp, str) and js_trim(stamp):
            known[name] = stamp
    return _ordered(known, value, PHASE_FIELDS)


def _nonneg_int(value: Any) -> int:
    number = js_to_number(value)
    if not math.isfinite(number):
        return 0
    floored = math.floor(number)
    return floored if floored >= 0 else 0


def normalize_phase_signals(raw: Any, now_iso: str) -> Store:
    """``phase-signals.json`` as OpenClaw normalises it; unknown fields are kept."""
    if not isinstance(raw, dict) or not isinstance(raw.get("entries"), dict):
        return {"version": 1, "updatedAt": now_iso, "entries": {}}
    entries: dict[str, Any] = {}
    for map_key, value in raw["entries"].items():
        entry = _phase_entry(map_key, value)
        if entry is not None:
            entries[entry["key"]] = entry
    updated = raw.get("updatedAt")
    known = {
        "version": 1,
        "updatedAt": updated if isinstance(updated, str) and js_trim(updated) else now_iso,
        "entries": entries,
    }
    return _ordered(known, raw, ("version", "updatedAt", "entries"))


def read_phase_signals(workspace_root: Path, now: datetime | float | int | None = None) -> Store:
    """Read ``phase-signals.json``; an unreadable file counts as empty (and is backed up)."""
    now_iso = iso_from_ms(now_ms(now))
    try:
        raw, _ = _load_json_file(Path(workspace_root) / PHASE_SIGNALS_RELATIVE_PATH)
    except LedgerError:
        raw = None
    return normalize_phase_signals(raw, now_iso)


def write_phase_signals(workspace_root: Path, store: Mapping[str, Any]) -> None:
    """Write ``phase-signals.json`` atomically (hold :func:`ledger_lock`)."""
    atomic_write_text(Path(workspace_root) / PHASE_SIGNALS_RELATIVE_PATH, serialize_store(store))


def append_event(workspace_root: Path, event: Mapping[str, Any]) -> None:
    """Append one event to ``memory/.dreams/events.jsonl`` (compact JSON, one per line)."""
    path = Path(workspace_root) / EVENTS_RELATIVE_PATH
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8", newline="") as handle:
        handle.write(js_stringify(event) + "\n")
        handle.flush()
        os.fsync(handle.fileno())


def read_events(workspace_root: Path, limit: int | None = None) -> list[dict[str, Any]]:
    """Events from the journal, oldest first; malformed lines are skipped."""
    path = Path(workspace_root) / EVENTS_RELATIVE_PATH
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    events: list[dict[str, Any]] = []
    for line in raw.split("\n"):
        line = line.strip()
        if not line:
            continue
        try:
            parsed = json.loads(line)
        except ValueError:
            continue
        if isinstance(parsed, dict):
            events.append(parsed)
    if limit is not None:
        events = events[-max(0, limit) :] if limit > 0 else []
    return events


# --- recording -------------------------------------------------------------------------


def _workspace_or_none(workspace_root: Path | str | None) -> Path | None:
    if workspace_root is None:
        return None
    text = str(workspace_root)
    if not text.strip():
        return None
    return Path(text)


def record_recalls(
    workspace_root: Path | str | None,
    query: str,
    hits: Sequence[Mapping[str, Any]],
    now: datetime | float | int | None = None,
    timezone: str | None = None,
    *,
    signal_type: str = "recall",
    dedupe_by_query_per_day: bool = False,
    day_bucket: str | None = None,
    lock_timeout: float = LOCK_WAIT_TIMEOUT_S,
) -> int:
    """Record search hits in the ledger as OpenClaw's ``recordShortTermRecalls`` does.

    ``hits`` are the surfaced results, each with ``path``, ``startLine``, ``endLine``,
    ``score``, ``snippet`` and ``source``; only ``source == "memory"`` hits on short-term
    paths are kept. ``signal_type`` is ``"recall"`` (searches) or ``"daily"`` (dreaming
    ingestion). The day bucket is ``day_bucket`` when it starts with a date, else today in
    ``timezone``. Returns the number of hits recorded (0 means nothing was written).
    Dreaming output (staged candidates, promotion markers) is never recorded.
    """
    workspace = _workspace_or_none(workspace_root)
    if workspace is None:
        return 0
    query_text = js_trim(query or "")
    if not query_text:
        return 0
    relevant = [
        hit
        for hit in hits
        if hit.get("source") == "memory"
        and isinstance(hit.get("path"), str)
        and is_short_term_memory_path(hit["path"])
    ]
    if not relevant:
        return 0
    ms = now_ms(now)
    now_iso = iso_from_ms(ms)
    query_hash = hash_query(query_text)
    today = normalize_iso_day(day_bucket or "") or format_dreaming_day(ms, timezone)
    recorded = 0
    with ledger_lock(workspace, timeout=lock_timeout):
        store = read_store(workspace, ms)
        entries = store["entries"]
        for hit in relevant:
            raw_snippet = _str_or_empty(hit.get("snippet"))
            if is_contaminated_dreaming_snippet(raw_snippet):
                continue
            path = normalize_memory_path(hit["path"])
            snippet = normalize_snippet(raw_snippet)
            start = _clamp_lines(hit.get("startLine"))
            end = _clamp_lines(hit.get("endLine"))
            claim = build_claim_hash(snippet) if snippet else None
            grounded_key = build_entry_key(path, start, end, "memory", claim) if claim else None
            base_key = build_entry_key(
                hit["path"],
                _raw_line(hit.get("startLine")),
                _raw_line(hit.get("endLine")),
                "memory",
            )
            key = grounded_key if grounded_key and grounded_key in entries else base_key
            existing = entries.get(key)
            score = clamp_score(js_to_number(hit.get("score")))
            days_base = list(existing["recallDays"]) if existing else []
            hashes_base = list(existing["queryHashes"]) if existing else []
            dedupe = (
                bool(dedupe_by_query_per_day) and query_hash in hashes_base and today in days_base
            )
            recall_count = existing["recallCount"] if existing else 0
            daily_count = existing["dailyCount"] if existing else 0
            if signal_type == "recall" and not dedupe:
                recall_count += 1
            if signal_type == "daily" and not dedupe:
                daily_count += 1
            total = (existing["totalScore"] if existing else 0) + (0 if dedupe else score)
            max_score = max(existing["maxScore"] if existing else 0, 0 if dedupe else score)
            tags = derive_concept_tags(path, snippet)
            known: dict[str, Any] = {
                "key": key,
                "path": path,
                "startLine": start,
                "endLine": end,
                "source": "memory",
                "snippet": snippet or (existing["snippet"] if existing else ""),
                "recallCount": max(0, recall_count),
                "dailyCount": max(0, daily_count),
                "groundedCount": existing["groundedCount"] if existing else 0,
                "totalScore": _int_or_float(max(0.0, float(total))),
                "maxScore": _int_or_float(float(max_score)),
                "firstRecalledAt": existing["firstRecalledAt"] if existing else now_iso,
                "lastRecalledAt": now_iso,
                "queryHashes": _merge_query_hashes(hashes_base, query_hash),
                "recallDays": _merge_recent_distinct(days_base, today, MAX_RECALL_DAYS),
                "conceptTags": tags
                if tags
                else (list(existing["conceptTags"]) if existing else []),
            }
            if existing and existing.get("claimHash"):
                known["claimHash"] = existing["claimHash"]
            if existing and existing.get("promotedAt"):
                known["promotedAt"] = existing["promotedAt"]
            entries[key] = _ordered(known, existing or {}, ENTRY_FIELDS)
            recorded += 1
        store["updatedAt"] = now_iso
        write_store(workspace, store)
        append_event(
            workspace,
            {
                "type": "memory.recall.recorded",
                "timestamp": now_iso,
                "query": query_text,
                "resultCount": len(relevant),
                "results": [
                    {
                        "path": normalize_memory_path(hit["path"]),
                        "startLine": _clamp_lines(hit.get("startLine")),
                        "endLine": _clamp_lines(hit.get("endLine")),
                        "score": _int_or_float(clamp_score(js_to_number(hit.get("score")))),
                    }
                    for hit in relevant
                ],
            },
        )
    return recorded


class _GroundedItem(TypedDict):
    """One grounded signal after validation, before it is merged into the ledger."""

    path: str
    startLine: int
    endLine: int
    snippet: str
    score: float
    query: str
    signalCount: int
    dayBucket: str | None


def _raw_line(value: Any) -> Any:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    number = js_to_number(value)
    return _int_or_float(number) if math.isfinite(number) else number


def record_grounded(
    workspace_root: Path | str | None,
    query: str,
    items: Sequence[Mapping[str, Any]],
    now: datetime | float | int | None = None,
    timezone: str | None = None,
    *,
    dedupe_by_query_per_day: bool = False,
    day_bucket: str | None = None,
) -> int:
    """OpenClaw's ``recordGroundedShortTermCandidates``: grounded signals keyed by claim hash.

    Each item has ``path``, ``startLine``, ``endLine``, ``snippet``, ``score`` and
    optionally ``query``, ``signalCount`` and ``dayBucket``.
    """
    workspace = _workspace_or_none(workspace_root)
    if workspace is None:
        return 0
    query_text = js_trim(query or "")
    if not query_text:
        return 0
    prepared: list[_GroundedItem] = []
    for item in items:
        raw_snippet = _str_or_empty(item.get("snippet"))
        raw_path = _str_or_empty(item.get("path"))
        path = normalize_memory_path(raw_path)
        start = js_to_number(item.get("startLine"))
        end = js_to_number(item.get("endLine"))
        snippet = normalize_snippet(raw_snippet)
        if (
            not snippet
            or is_contaminated_dreaming_snippet(raw_snippet)
            or not path
            or not is_short_term_memory_path(path)
            or not math.isfinite(start)
            or not math.isfinite(end)
        ):
            continue
        signal_raw = item.get("signalCount")
        signal_count = max(1, math.floor(js_to_number(signal_raw))) if signal_raw is not None else 1
        prepared.append(
            {
                "path": path,
                "startLine": max(1, math.floor(start)),
                "endLine": max(1, math.floor(end)),
                "snippet": snippet,
                "score": clamp_score(js_to_number(item.get("score"))),
                "query": normalize_snippet(item.get("query") or query_text),
                "signalCount": signal_count,
                "dayBucket": normalize_iso_day(item.get("dayBucket") or day_bucket or ""),
            }
        )
    if not prepared:
        return 0
    ms = now_ms(now)
    now_iso = iso_from_ms(ms)
    fallback_day = format_dreaming_day(ms, timezone)
    with ledger_lock(workspace):
        store = read_store(workspace, ms)
        entries = store["entries"]
        for item in prepared:
            day = item["dayBucket"] or fallback_day
            query_hash = hash_query(item["query"] or query_text)
            claim = build_claim_hash(item["snippet"])
            key = build_entry_key(item["path"], item["startLine"], item["endLine"], "memory", claim)
            existing = entries.get(key)
            days_base = list(existing["recallDays"]) if existing else []
            hashes_base = list(existing["queryHashes"]) if existing else []
            dedupe = (
                bool(dedupe_by_query_per_day) and query_hash in hashes_base and day in days_base
            )
            grounded = (existing["groundedCount"] if existing else 0) + (
                0 if dedupe else item["signalCount"]
            )
            total = (existing["totalScore"] if existing else 0) + (
                0 if dedupe else item["score"] * item["signalCount"]
            )
            tags = derive_concept_tags(item["path"], item["snippet"])
            known: dict[str, Any] = {
                "key": key,
                "path": item["path"],
                "startLine": item["startLine"],
                "endLine": item["endLine"],
                "source": "memory",
                "snippet": item["snippet"],
                "recallCount": existing["recallCount"] if existing else 0,
                "dailyCount": existing["dailyCount"] if existing else 0,
                "groundedCount": max(0, grounded),
                "totalScore": _int_or_float(max(0.0, float(total))),
                "maxScore": _int_or_float(
                    float(
                        max(existing["maxScore"] if existing else 0, 0 if dedupe else item["score"])
                    )
                ),
                "firstRecalledAt": existing["firstRecalledAt"] if existing else now_iso,
                "lastRecalledAt": now_iso,
                "queryHashes": _merge_query_hashes(hashes_base, query_hash),
                "recallDays": _merge_recent_distinct(days_base, day, MAX_RECALL_DAYS),
                "conceptTags": tags
                if tags
                else (list(existing["conceptTags"]) if existing else []),
                "claimHash": claim,
            }
            if existing and existing.get("promotedAt"):
                known["promotedAt"] = existing["promotedAt"]
            entries[key] = _ordered(known, existing or {}, ENTRY_FIELDS)
        store["updatedAt"] = now_iso
        write_store(workspace, store)
    return len(prepared)


def record_phase_signals(
    workspace_root: Path | str | None,
    phase: str,
    keys: Sequence[str],
    now: datetime | float | int | None = None,
) -> int:
    """Count a light or REM hit for each known ledger key (``recordDreamingPhaseSignals``).

    Unknown keys are ignored, entries for keys no longer in the ledger or with no hits
    are dropped, and hits are capped at 9999. Returns the number of keys counted.
    """
    if phase not in ("light", "rem"):
        raise ValueError(f"phase must be 'light' or 'rem', not {phase!r}")
    workspace = _workspace_or_none(workspace_root)
    if workspace is None:
        return 0
    unique: list[str] = []
    for key in keys:
        trimmed = js_trim(key)
        if trimmed and trimmed not in unique:
            unique.append(trimmed)
    if not unique:
        return 0
    ms = now_ms(now)
    now_iso = iso_from_ms(ms)
    counted = 0
    with ledger_lock(workspace):
        store = read_store(workspace, ms)
        signals = read_phase_signals(workspace, ms)
        known_keys = set(store["entries"])
        for key in unique:
            if key not in known_keys:
                continue
            entry = signals["entries"].get(key) or {"key": key, "lightHits": 0, "remHits": 0}
            if phase == "light":
                entry["lightHits"] = min(MAX_PHASE_HITS, entry["lightHits"] + 1)
                entry["lastLightAt"] = now_iso
            else:
                entry["remHits"] = min(MAX_PHASE_HITS, entry["remHits"] + 1)
                entry["lastRemAt"] = now_iso
            signals["entries"][key] = _ordered(entry, entry, PHASE_FIELDS)
            counted += 1
        for key in list(signals["entries"]):
            entry = signals["entries"][key]
            if key not in known_keys or (entry["lightHits"] <= 0 and entry["remHits"] <= 0):
                del signals["entries"][key]
        signals["updatedAt"] = now_iso
        write_phase_signals(workspace, signals)
    return counted


# --- audit and repair -----------------------------------------------------------------


@dataclass(frozen=True)
class AuditIssue:
    """One problem found by :func:`audit`."""

    severity: str
    code: str
    message: str
    fixable: bool


@dataclass(frozen=True)
class LedgerAudit:
    """``auditShortTermPromotionArtifacts``: counts and issues for the recall store."""

    store_path: Path
    lock_path: Path
    exists: bool
    updated_at: str | None
    entry_count: int
    promoted_count: int
    spaced_entry_count: int
    concept_tagged_entry_count: int
    invalid_entry_count: int
    concept_tag_scripts: dict[str, int] | None
    issues: tuple[AuditIssue, ...] = field(default_factory=tuple)

    @property
    def issue_codes(self) -> list[str]:
        """The issue codes in the order found."""
        return [issue.code for issue in self.issues]


def audit(workspace_root: Path, now: datetime | float | int | None = None) -> LedgerAudit:
    """Report the ledger's health without changing anything."""
    workspace = Path(workspace_root)
    store_path = ledger_path(workspace)
    lock_path = workspace / LOCK_RELATIVE_PATH
    issues: list[AuditIssue] = []
    exists = False
    updated_at = None
    entry_count = promoted = spaced = tagged = invalid = 0
    scripts: dict[str, int] | None = None
    try:
        raw_text = store_path.read_text(encoding="utf-8")
        exists = True
        if not raw_text.strip():
            issues.append(
                AuditIssue("warn", "recall-store-empty", "Short-term recall store is empty.", True)
            )
        else:
            parsed = json.loads(raw_text)
            store = normalize_store(parsed, iso_from_ms(now_ms(now)))
            updated_at = store["updatedAt"]
            values = list(store["entries"].values())
            entry_count = len(values)
            promoted = sum(1 for e in values if e.get("promotedAt"))
            spaced = sum(1 for e in values if len(e.get("recallDays") or []) > 1)
            tagged_lists = [e["conceptTags"] for e in values if e.get("conceptTags")]
            tagged = len(tagged_lists)
            scripts = summarize_concept_tag_script_coverage(tagged_lists)
            raw_entries = parsed.get("entries") if isinstance(parsed, dict) else None
            invalid = (len(raw_entries) if isinstance(raw_entries, dict) else 0) - entry_count
            if invalid > 0:
                noun = "entry" if invalid == 1 else "entries"
                issues.append(
                    AuditIssue(
                        "warn",
                        "recall-store-invalid",
                        f"Short-term recall store contains {invalid} invalid {noun}.",
                        True,
                    )
                )
    except FileNotFoundError:
        pass
    except (OSError, ValueError) as exc:
        exists = store_path.exists()
        issues.append(
            AuditIssue(
                "error",
                "recall-store-unreadable",
                f"Short-term recall store is unreadable: {exc}.",
                False,
            )
        )
    try:
        age = time.time() - lock_path.stat().st_mtime
        if age > LOCK_STALE_S and can_steal_stale_lock(lock_path):
            issues.append(
                AuditIssue(
                    "warn", "recall-lock-stale", "Short-term promotion lock appears stale.", True
                )
            )
    except FileNotFoundError:
        pass
    except OSError as exc:
        issues.append(
            AuditIssue(
                "warn",
                "recall-lock-unreadable",
                f"Short-term promotion lock could not be inspected: {exc.strerror or exc}.",
                False,
            )
        )
    return LedgerAudit(
        store_path=store_path,
        lock_path=lock_path,
        exists=exists,
        updated_at=updated_at,
        entry_count=entry_count,
        promoted_count=promoted,
        spaced_entry_count=spaced,
        concept_tagged_entry_count=tagged,
        invalid_entry_count=max(0, invalid),
        concept_tag_scripts=scripts,
        issues=tuple(issues),
    )


@dataclass(frozen=True)
class RepairResult:
    """What :func:`repair` changed."""

    changed: bool
    removed_invalid_entries: int
    rewrote_store: bool
    removed_stale_lock: bool


def repair(workspace_root: Path, now: datetime | float | int | None = None) -> RepairResult:
    """``repairShortTermPromotionArtifacts``: remove a stale lock, drop invalid entries,
    re-derive concept tags, trim hashes, make ``recallDays`` contain the day of
    ``lastRecalledAt``; rewrite only when the serialisation changes.

    An unparsable ledger is not repaired: :class:`LedgerCorrupt` is raised (after a backup).
    """
    workspace = Path(workspace_root)
    ms = now_ms(now)
    now_iso = iso_from_ms(ms)
    removed_lock = False
    lock_path = workspace / LOCK_RELATIVE_PATH
    try:
        age = time.time() - lock_path.stat().st_mtime
        if age > LOCK_STALE_S and can_steal_stale_lock(lock_path):
            with contextlib.suppress(FileNotFoundError):
                lock_path.unlink()
            removed_lock = True
    except FileNotFoundError:
        pass
    rewrote = False
    removed = 0
    store_path = ledger_path(workspace)
    if store_path.exists():
        with ledger_lock(workspace):
            raw_text = store_path.read_text(encoding="utf-8") if store_path.exists() else ""
            parsed, _ = _load_json_file(store_path)
            if parsed is None:
                parsed = empty_store(now_iso)
            raw_entries = parsed.get("entries") if isinstance(parsed, dict) else None
            raw_count = len(raw_entries) if isinstance(raw_entries, dict) else 0
            normalized = normalize_store(parsed, now_iso)
            removed = max(0, raw_count - len(normalized["entries"]))
            next_entries: dict[str, Entry] = {}
            for key, entry in normalized["entries"].items():
                tags = derive_concept_tags(entry["path"], entry["snippet"])
                fallback_day = normalize_iso_day(entry["lastRecalledAt"]) or now_iso[:10]
                updated = dict(entry)
                updated["queryHashes"] = list(entry["queryHashes"])[-MAX_QUERY_HASHES:]
                updated["recallDays"] = _merge_recent_distinct(
                    entry["recallDays"], fallback_day, MAX_RECALL_DAYS
                )
                updated["conceptTags"] = tags if tags else list(entry["conceptTags"])
                next_entries[key] = updated
            comparable = dict(normalized)
            comparable["entries"] = next_entries
            if serialize_store(comparable) != raw_text.rstrip() + "\n":
                comparable["updatedAt"] = now_iso
                write_store(workspace, comparable)
                rewrote = True
    return RepairResult(
        changed=rewrote or removed_lock,
        removed_invalid_entries=removed,
        rewrote_store=rewrote,
        removed_stale_lock=removed_lock,
    )
