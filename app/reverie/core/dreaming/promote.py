"""Writing promotions into ``MEMORY.md`` as OpenClaw's ``applyShortTermPromotions`` does.

Each applied candidate becomes a marker comment and one bullet under a dated section::

    ## Promoted From Short-Term Memory (YYYY-MM-DD)

    <!-- openclaw-memory-promotion:<key> -->
    - <snippet> [score=0.812 recalls=5 avg=0.800 source=memory/2026-04-10.md:4-4]

The ledger entry gets ``promotedAt`` and the relocated lines; a candidate whose marker is
already in the file is reconciled, not appended again, so re-applying is idempotent. A
blank file gets the ``# Long-Term Memory`` header first. Optional budget compaction drops
the oldest fully generated promotion sections, which Reverie keeps in
``memory/.dreams/memory-compacted.md`` so nothing is lost. Every write is atomic and never
leaves ``MEMORY.md`` with a line missing that it had before (compacted lines go to the
archive first).
"""

from __future__ import annotations

import contextlib
import copy
import re
import unicodedata
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from reverie.core.atomic import atomic_write_bytes, atomic_write_text, write_refusal
from reverie.core.dreaming import ledger
from reverie.core.dreaming.rehydrate import rehydrate
from reverie.core.dreaming.scoring import (
    DEFAULT_MIN_RECALL_COUNT,
    DEFAULT_MIN_SCORE,
    DEFAULT_MIN_UNIQUE_QUERIES,
    apply_limit,
    finite_nonneg_int,
    finite_score,
)
from reverie.core.dreaming.snippets import is_unpromotable_snippet
from reverie.core.errors import UserError
from reverie.core.jscompat import (
    format_dreaming_day,
    iso_from_ms,
    js_number,
    js_to_fixed,
)

MEMORY_FILE = "MEMORY.md"
MARKER_PREFIX = "openclaw-memory-promotion:"
NEW_FILE_HEADER = "# Long-Term Memory\n\n"
SECTION_TITLE = "Promoted From Short-Term Memory"
COMPACTION_ARCHIVE = ledger.DREAMS_DIR / "memory-compacted.md"
WRITE_OVERHEAD_RESERVE = 21
DEFAULT_MEMORY_FILE_MAX_CHARS = 10_000

_MARKER_RE = re.compile(r"<!--\s*openclaw-memory-promotion:([^\n]+?)\s*-->", re.IGNORECASE)
_MARKER_OPEN_RE = re.compile(r"<!--\s*openclaw-memory-promotion:", re.IGNORECASE)
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


class MemoryWriteRefused(UserError):
    """A MEMORY.md write would have lost content, so it was not made."""


class MemoryUnreadable(UserError, ValueError):
    """MEMORY.md is not UTF-8 text (a ``ValueError`` too, as the decode error was)."""


def promotion_marker(key: str) -> str:
    """The marker comment written above a promoted bullet."""
    return f"<!-- {MARKER_PREFIX}{key} -->"


def promotion_bullet(candidate: Mapping[str, Any], text: str | None = None) -> str:
    """``- <snippet> [score=… recalls=… avg=… source=path:start-end]``."""
    source = f"{candidate['path']}:{candidate['startLine']}-{candidate['endLine']}"
    shown = text if text is not None else candidate.get("snippet")
    shown = shown or "(no snippet captured)"
    return (
        f"- {shown} [score={js_to_fixed(candidate['score'], 3)} "
        f"recalls={js_number(candidate['recallCount'])} "
        f"avg={js_to_fixed(candidate['avgScore'], 3)} source={source}]"
    )


def section_heading(now_ms: float, timezone: str | None) -> str:
    """``## Promoted From Short-Term Memory (<day in the dreaming timezone>)``."""
    return f"## {SECTION_TITLE} ({format_dreaming_day(now_ms, timezone)})"


def build_promotion_section(
    candidates: Sequence[Mapping[str, Any]],
    now_ms: float,
    timezone: str | None = None,
    texts: Mapping[str, str] | None = None,
) -> str:
    """The exact text appended to ``MEMORY.md`` (starts and ends with a newline).

    ``texts`` may give the bullet text to write per candidate key (an edited version);
    the marker always carries the candidate's key.
    """
    lines = ["", section_heading(now_ms, timezone), ""]
    for candidate in candidates:
        lines.append(promotion_marker(candidate["key"]))
        lines.append(promotion_bullet(candidate, (texts or {}).get(candidate["key"])))
    lines.append("")
    return "\n".join(lines)


def continues_section(existing: str, now_ms: float, timezone: str | None) -> bool:
    """Whether the last heading of ``existing`` is today's promotion section heading."""
    heading = section_heading(now_ms, timezone)
    last = ""
    for line in existing.split("\n"):
        if _ATX_RE.match(line):
            last = line.rstrip()
    return last == heading


def promotion_addition(
    existing: str,
    candidates: Sequence[Mapping[str, Any]],
    now_ms: float,
    timezone: str | None = None,
    texts: Mapping[str, str] | None = None,
    *,
    style: str = "openclaw",
) -> str:
    """The text appended to ``existing`` for ``candidates``.

    ``openclaw``: OpenClaw's section (a dated heading per approval). ``reverie``: when the
    file already ends in today's section, the entries join it instead of repeating the
    heading.
    """
    if style == "reverie" and continues_section(existing, now_ms, timezone):
        lines: list[str] = []
        for candidate in candidates:
            lines.append(promotion_marker(candidate["key"]))
            lines.append(promotion_bullet(candidate, (texts or {}).get(candidate["key"])))
        return "\n".join(lines) + "\n"
    return build_promotion_section(candidates, now_ms, timezone, texts)


def extract_promotion_markers(text: str) -> list[str]:
    """Distinct marker keys in ``text``, in order of appearance."""
    keys: list[str] = []
    for match in _MARKER_RE.finditer(text):
        key = match.group(1).strip()
        if key and key not in keys:
            keys.append(key)
    return keys


@dataclass(frozen=True)
class MarkerProblem:
    """A malformed promotion marker in ``MEMORY.md``: its 1-based line and why."""

    line: int
    reason: str

    def __str__(self) -> str:
        return f"{MEMORY_FILE}:{self.line}: {self.reason}"


def _invisible_chars(key: str) -> list[str]:
    """``U+XXXX`` of each distinct control, format (zero-width, bidi) or unassigned char."""
    found: list[str] = []
    for char in key:
        code = f"U+{ord(char):04X}"
        if unicodedata.category(char) in _INVISIBLE_CATEGORIES and code not in found:
            found.append(code)
    return found


def find_marker_problems(text: str) -> list[MarkerProblem]:
    """Malformed promotion markers in ``MEMORY.md`` text, in file order; read only.

    :func:`extract_promotion_markers` (OpenClaw's rule) ignores these silently; this lists
    them so they can be reported, one entry per marker: an empty key, a marker that is not
    closed (no ``-->``), a key seen before (the second and later occurrences), and a key
    with control or invisible characters.
    """
    problems: list[MarkerProblem] = []
    first_line: dict[str, int] = {}
    covered = 0  # openings inside an earlier marker are part of its key
    line, counted = 1, 0
    for opening in _MARKER_OPEN_RE.finditer(text):
        if opening.start() < covered:
            continue
        line += text.count("\n", counted, opening.start())
        counted = opening.start()
        match = _MARKER_RE.match(text, opening.start())
        if match is None:
            end = text.find("\n", opening.end())
            rest = text[opening.end() : end if end >= 0 else len(text)]
            if rest.lstrip().startswith("-->"):
                problems.append(MarkerProblem(line, "promotion marker has an empty key"))
            else:
                problems.append(MarkerProblem(line, "promotion marker is not closed (no -->)"))
            continue
        covered = match.end()
        key = match.group(1).strip()
        if not key:
            problems.append(MarkerProblem(line, "promotion marker has an empty key"))
            continue
        reasons: list[str] = []
        invisible = _invisible_chars(key)
        if invisible:
            reasons.append(
                f"promotion marker key has control or invisible characters ({', '.join(invisible)})"
            )
        if key in first_line:
            reasons.append(
                f"duplicate promotion marker (key {key!r} first on line {first_line[key]})"
            )
        else:
            first_line[key] = line
        if reasons:
            problems.append(MarkerProblem(line, "; ".join(reasons)))
    return problems


def with_trailing_newline(text: str) -> str:
    """``text`` ending in a newline ('' stays '')."""
    if not text:
        return ""
    return text if text.endswith("\n") else text + "\n"


def read_memory(workspace_root: Path) -> str:
    """``MEMORY.md`` as text ('' when missing), its line ends as ``\n`` (a CRLF file is
    written back as CRLF by :func:`write_memory`; a lone CR inside a line stays)."""
    path = Path(workspace_root) / MEMORY_FILE
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return ""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MemoryUnreadable(
            f"{path} is not valid UTF-8 (byte offset {exc.start}); save it as UTF-8 first"
        ) from None
    return text.replace("\r\n", "\n")


def _writable_memory(workspace_root: Path) -> Path:
    path = Path(workspace_root) / MEMORY_FILE
    refusal = write_refusal(path)
    if refusal is not None:
        raise MemoryWriteRefused(refusal)
    return path


def _memory_bytes(path: Path, text: str) -> bytes:
    """``text`` encoded with the line ends ``path`` uses now (CRLF when every line of it
    ends so)."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raw = b""
    crlf = b"\r\n" in raw and raw.count(b"\n") == raw.count(b"\r\n")
    return (text.replace("\n", "\r\n") if crlf else text).encode("utf-8")


def _missing_lines(old: str, new: str) -> list[str]:
    have = Counter(new.splitlines())
    missing: list[str] = []
    for line, count in Counter(old.splitlines()).items():
        if line.strip() and have[line] < count:
            missing.append(line)
    return missing


def write_memory(
    workspace_root: Path,
    new_text: str,
    previous: str,
    *,
    archived: str = "",
    allow_removal: bool = False,
) -> None:
    """Atomically replace ``MEMORY.md`` (which must still read ``previous``, also right
    before the rename), refusing any write that would lose a line; its line ends are kept.

    ``archived`` is text the caller has already saved elsewhere (compaction); its lines
    count as kept. ``allow_removal``: an undo or a rollback, which takes lines back out.
    """
    path = _writable_memory(workspace_root)

    def unchanged() -> None:  # checked again right before the rename: an append made
        # meanwhile by another program is never replaced
        if read_memory(workspace_root) != previous:
            raise MemoryWriteRefused(
                f"{path} changed while the promotion was being prepared; try again"
            )

    unchanged()
    if not allow_removal:
        missing = _missing_lines(previous, new_text + "\n" + archived)
        if missing:
            raise MemoryWriteRefused(
                f"refusing to write {path}: it would lose {len(missing)} line(s)"
            )
    try:
        atomic_write_bytes(path, _memory_bytes(path, new_text), before_replace=unchanged)
    except OSError as exc:
        raise MemoryWriteRefused(
            f"cannot write {path}: {exc.strerror or exc}; nothing was changed"
        ) from None


# --- budget compaction -----------------------------------------------------------------

_ATX_RE = re.compile(r"^ {0,3}#{1,6}(?:[ \t]|$)")
_SECTION_RE = re.compile(
    r"^## (?:Promoted From Short-Term Memory|Consolidated Memory) \(([^)]+)\)\s*$"
)
_ENTRY_MARKER_RE = re.compile(
    r"^<!--\s*openclaw-memory-promotion:(?:(?!-->).)*-->\s*$", re.IGNORECASE
)


def _generated_block(lines: list[str]) -> bool:
    saw = False
    index = 1
    while index < len(lines):
        if not lines[index].strip():
            index += 1
            continue
        if not _ENTRY_MARKER_RE.match(lines[index]) or not (
            index + 1 < len(lines) and lines[index + 1].startswith("- ")
        ):
            return False
        saw = True
        index += 2
    return saw


def compact_memory_for_budget(
    existing: str, new_section: str, budget_chars: int
) -> tuple[str, list[str], str]:
    """``(compacted, dropped dates, dropped text)``: oldest generated sections removed
    until ``existing + new_section`` fits ``budget_chars`` (0 disables)."""
    if budget_chars <= 0:
        return existing, [], ""
    effective = max(0, budget_chars - WRITE_OVERHEAD_RESERVE)
    if len(existing) + len(new_section) <= effective or not existing:
        return existing, [], ""
    blocks: list[dict[str, Any]] = []
    current: list[str] = []
    date: str | None = None

    def flush() -> None:
        nonlocal current, date
        if current:
            text = "\n".join(current)
            if date and _generated_block(current):
                blocks.append({"kind": "promotion", "date": date, "text": text})
            else:
                blocks.append({"kind": "preserved", "text": text})
        current = []
        date = None

    for line in re.split(r"\r?\n", existing):
        if _ATX_RE.match(line):
            flush()
            match = _SECTION_RE.match(line)
            date = match.group(1) if match else None
            current = [line]
        else:
            current.append(line)
    flush()
    order = sorted(
        (i for i, block in enumerate(blocks) if block["kind"] == "promotion"),
        key=lambda i: blocks[i]["date"],
    )
    dropped: list[int] = []
    size = len(existing)
    separator = 1 if len(blocks) > 1 else 0
    for index in order:
        if size + len(new_section) <= effective:
            break
        dropped.append(index)
        size = max(0, size - len(blocks[index]["text"]) - separator)
    if not dropped:
        return existing, [], ""
    kept = "\n".join(block["text"] for i, block in enumerate(blocks) if i not in dropped)
    removed = "\n".join(blocks[i]["text"] for i in sorted(dropped))
    return kept, [blocks[i]["date"] for i in dropped], removed


# --- apply -------------------------------------------------------------------------------


@dataclass(frozen=True)
class ApplyResult:
    """What :func:`apply_short_term_promotions` did (OpenClaw's result fields)."""

    memory_path: Path
    applied: int
    appended: int
    reconciled_existing: int
    applied_candidates: tuple[dict[str, Any], ...]
    dropped: tuple[tuple[str, str], ...] = ()
    compacted_dates: tuple[str, ...] = ()
    previous_memory: str | None = None
    memory_text: str | None = None

    def as_openclaw(self, relative_to: Path | None = None) -> dict[str, Any]:
        """The result object in OpenClaw's shape."""
        path = self.memory_path
        if relative_to is not None:
            path = path.relative_to(relative_to)
        return {
            "memoryPath": str(path),
            "applied": self.applied,
            "appended": self.appended,
            "reconciledExisting": self.reconciled_existing,
            "appliedCandidates": [dict(c) for c in self.applied_candidates],
        }


def _passes_apply_gates(
    candidate: Mapping[str, Any],
    store: Mapping[str, Any],
    min_score: float,
    min_recall: int,
    min_unique: int,
    max_age: int,
) -> bool:
    snippet = candidate.get("snippet") or ""
    # An empty snippet is re-read from the file's range by rehydration.
    if snippet.strip() and is_unpromotable_snippet(snippet):
        return False
    if candidate.get("promotedAt"):
        return False
    if candidate["score"] < min_score:
        return False
    signals = candidate.get("signalCount")
    if signals is None:
        signals = sum(
            int(candidate.get(k) or 0) for k in ("recallCount", "dailyCount", "groundedCount")
        )
    if max(0, signals) < min_recall:
        return False
    if max(candidate.get("uniqueQueries", 0), len(candidate.get("recallDays") or [])) < min_unique:
        return False
    if max_age >= 0 and candidate.get("ageDays", 0) > max_age:
        return False
    latest = store["entries"].get(candidate["key"])
    return not (latest and latest.get("promotedAt"))


def apply_short_term_promotions(
    workspace_root: Path,
    candidates: Sequence[Mapping[str, Any]],
    now: datetime | float | int | None = None,
    timezone: str | None = None,
    *,
    limit: float | None = None,
    min_score: float | None = None,
    min_recall_count: int | None = None,
    min_unique_queries: int | None = None,
    max_age_days: float | None = None,
    memory_file_max_chars: int | None = None,
    texts: Mapping[str, str] | None = None,
    style: str = "openclaw",
) -> ApplyResult:
    """Re-check, rehydrate and append candidates to ``MEMORY.md``; mark them promoted.

    Thresholds default to OpenClaw's function defaults (0.75 / 3 / 2, no age limit).
    ``memory_file_max_chars`` enables budget compaction (None or 0: off). ``texts`` maps
    candidate keys to the bullet text to write instead of the snippet. ``style``
    ``reverie`` adds to today's section instead of repeating its heading (see
    :func:`promotion_addition`).
    """
    workspace = Path(workspace_root)
    ms = ledger.now_ms(now)
    now_iso = iso_from_ms(ms)
    min_s = finite_score(min_score, DEFAULT_MIN_SCORE)
    min_r = finite_nonneg_int(min_recall_count, DEFAULT_MIN_RECALL_COUNT)
    min_u = finite_nonneg_int(min_unique_queries, DEFAULT_MIN_UNIQUE_QUERIES)
    max_age = finite_nonneg_int(max_age_days, -1)
    memory_path = workspace / MEMORY_FILE
    with ledger.ledger_lock(workspace):
        store = ledger.read_store(workspace, ms)
        selected = apply_limit(
            [c for c in candidates if _passes_apply_gates(c, store, min_s, min_r, min_u, max_age)],
            limit if limit is not None else len(candidates),
        )
        rehydrated: list[dict[str, Any]] = []
        dropped: list[tuple[str, str]] = []
        for candidate in selected:
            result = rehydrate(workspace, candidate)
            if result.candidate is not None and not is_unpromotable_snippet(
                result.candidate["snippet"]
            ):
                rehydrated.append(result.candidate)
            else:
                dropped.append((candidate["key"], result.reason or "unpromotable snippet"))
        if not rehydrated:
            return ApplyResult(memory_path, 0, 0, 0, (), tuple(dropped))
        existing = read_memory(workspace)
        markers = set(extract_promotion_markers(existing))
        reconciled = [c for c in rehydrated if c["key"] in markers]
        to_append = [c for c in rehydrated if c["key"] not in markers]
        compacted_dates: list[str] = []
        new_text: str | None = None
        if to_append:
            section = promotion_addition(existing, to_append, ms, timezone, texts, style=style)
            base, compacted_dates, removed = compact_memory_for_budget(
                existing, section, int(memory_file_max_chars or 0)
            )
            if base != existing and not section.startswith("\n"):
                section = build_promotion_section(to_append, ms, timezone, texts)
            if removed:
                _archive_compacted(workspace, removed, now_iso)
            header = "" if base.strip() else NEW_FILE_HEADER
            new_text = f"{header}{with_trailing_newline(base)}{section}"
            write_memory(workspace, new_text, existing, archived=removed)
        try:
            _record_promotions(workspace, store, rehydrated, now_iso, memory_path)
        except BaseException:
            if new_text is not None:  # MEMORY.md goes back as it was: no half promotion
                with contextlib.suppress(UserError, OSError):
                    write_memory(workspace, existing, new_text, allow_removal=True)
            raise
    return ApplyResult(
        memory_path,
        len(rehydrated),
        len(to_append),
        len(reconciled),
        tuple(rehydrated),
        tuple(dropped),
        tuple(compacted_dates),
        existing,
        new_text,
    )


def _record_promotions(
    workspace: Path,
    store: dict[str, Any],
    rehydrated: list[dict[str, Any]],
    now_iso: str,
    memory_path: Path,
) -> None:
    """The ledger's ``promotedAt`` and the event journal's line for applied promotions (the
    ledger is put back as it was when the journal cannot be written)."""
    before = copy.deepcopy(store)
    for candidate in rehydrated:
        entry = store["entries"].get(candidate["key"])
        if not entry:
            continue
        entry["startLine"] = candidate["startLine"]
        entry["endLine"] = candidate["endLine"]
        entry["snippet"] = candidate["snippet"]
        entry["promotedAt"] = now_iso
        store["entries"][candidate["key"]] = ledger._ordered(entry, entry, ledger.ENTRY_FIELDS)
    store["updatedAt"] = now_iso
    ledger.write_store(workspace, store)
    try:
        ledger.append_event(
            workspace,
            {
                "type": "memory.promotion.applied",
                "timestamp": now_iso,
                "memoryPath": str(memory_path),
                "applied": len(rehydrated),
                "candidates": [
                    {
                        "key": c["key"],
                        "path": c["path"],
                        "startLine": c["startLine"],
                        "endLine": c["endLine"],
                        "score": c["score"],
                        "recallCount": c["recallCount"],
                    }
                    for c in rehydrated
                ],
            },
        )
    except BaseException:
        with contextlib.suppress(UserError, OSError):
            ledger.write_store(workspace, before)
        raise


def _archive_compacted(workspace: Path, removed: str, now_iso: str) -> None:
    archive = workspace / COMPACTION_ARCHIVE
    try:
        before = archive.read_text(encoding="utf-8")
    except FileNotFoundError:
        before = "# Sections compacted out of MEMORY.md\n"
    atomic_write_text(
        archive,
        with_trailing_newline(before)
        + f"\n<!-- compacted {now_iso} -->\n"
        + with_trailing_newline(removed),
    )
