"""The append-only audit log of health actions (``.reverie/health/audit-log.jsonl``).

One JSON object per line, never rewritten: what was done (``action``), when (``at``), to
which finding and entry, the text before and after, the reason, the evidence, and what is
needed to undo it (the line edits of ``MEMORY.md`` and the block appended to the archive,
with the SHA-256 of both files before and after). An undo is a new line naming the action it
reverses (``undoes``). A line that does not parse (a crash mid-append) is skipped.
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any

from .entries import split_entries
from .locations import AUDIT_LOG_PATH

log = logging.getLogger(__name__)

ACTIONS = ("update", "retire", "merge", "keep", "snooze", "restore")


def dump_line(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"


class AuditLog:
    def __init__(self, workspace_root: Path) -> None:
        self.path = Path(workspace_root) / AUDIT_LOG_PATH

    def records(self) -> list[dict[str, Any]]:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return []
        out: list[dict[str, Any]] = []
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
            except ValueError:
                log.warning("%s line %d does not parse; skipped", self.path, number)
                continue
            if isinstance(item, dict):
                out.append(item)
        return out

    def next_seq(self) -> int:
        return max((int(r.get("seq") or 0) for r in self.records()), default=0) + 1

    def append(self, record: dict[str, Any]) -> None:
        """Append one record with a single ``write`` on an ``O_APPEND`` descriptor, fsynced;
        on a line of its own when the last one was cut short (a crash mid-append)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        data = dump_line(record).encode("utf-8")
        fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            size = os.fstat(fd).st_size
            if size and os.pread(fd, 1, size - 1) != b"\n":
                data = b"\n" + data
            os.write(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)

    def undone(self) -> set[int]:
        return _undone(self.records())

    def active(self) -> list[dict[str, Any]]:
        """Action records that have not been undone, oldest first (the file read once)."""
        records = self.records()
        undone = _undone(records)
        return [
            r for r in records if r.get("action") in ACTIONS and int(r.get("seq", 0)) not in undone
        ]


def _undone(records: list[dict[str, Any]]) -> set[int]:
    return {int(r["undoes"]) for r in records if r.get("action") == "undo" and "undoes" in r}


@dataclass(frozen=True)
class Decisions:
    """Keep and snooze decisions still in force."""

    kept_ids: frozenset[str]
    snoozed: dict[tuple[str, str], str]
    """(kind, entry key) → snoozed until ``YYYY-MM-DD``."""

    def hides(self, finding_id: str, kind: str, entry_key: str, today: date) -> bool:
        if finding_id in self.kept_ids:
            return True
        until = self.snoozed.get((kind, entry_key))
        return until is not None and today.isoformat() < until


def decisions(active: list[dict[str, Any]]) -> Decisions:
    """The keep and snooze decisions among ``active`` (:meth:`AuditLog.active`)."""
    kept: set[str] = set()
    snoozed: dict[tuple[str, str], str] = {}
    for record in active:
        if record.get("action") == "keep":
            kept.add(str(record.get("findingId")))
        elif record.get("action") == "snooze" and record.get("until"):
            snoozed[(str(record.get("kind")), str(record.get("entryKey")))] = str(record["until"])
    return Decisions(frozenset(kept), snoozed)


REWRITES = ("update", "merge")
"""Actions that write an entry's new text into ``MEMORY.md``."""


def rewritten_on(active: list[dict[str, Any]]) -> dict[str, date]:
    """The day the person last wrote each entry text through the review (update, merge), by
    entry key, among ``active`` (:meth:`AuditLog.active`: the actions not undone)."""
    days: dict[str, date] = {}
    for record in active:
        if record.get("action") not in REWRITES or not record.get("after"):
            continue
        if record.get("action") == "merge" and not any(
            e.get("new") for e in record.get("edits") or () if isinstance(e, dict)
        ):
            continue  # the kept entry stayed as it was: what the notes say of it still holds
        try:
            day = datetime.fromisoformat(str(record.get("at"))).date()
        except ValueError:
            continue
        for entry in split_entries(str(record["after"])):
            if entry.key not in days or day > days[entry.key]:
                days[entry.key] = day
    return days
