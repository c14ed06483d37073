"""Reverie's own record of the first day it saw each ``MEMORY.md`` entry.

OpenClaw does not date hand-written lines. The first-seen day is an upper bound of when a
line was written: a note dated after it is certainly newer, and a relative time ("next
week") in a line first seen long ago is certainly stale. Keys are content hashes, so a line
that moves keeps its day and an edited line starts a new one.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable
from datetime import date
from pathlib import Path

from ..atomic import atomic_write_text
from .entries import Entry
from .locations import FIRST_SEEN_PATH

log = logging.getLogger(__name__)


class FirstSeen:
    def __init__(self, workspace_root: Path) -> None:
        self.path = Path(workspace_root) / FIRST_SEEN_PATH
        self.days: dict[str, str] = {}
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
            entries = raw.get("entries") if isinstance(raw, dict) else None
            if isinstance(entries, dict):
                self.days = {str(k): str(v) for k, v in entries.items() if isinstance(v, str)}
        except FileNotFoundError:
            pass
        except (OSError, ValueError) as exc:
            log.warning("ignoring unreadable %s: %s", self.path, exc)

    def day(self, key: str) -> date | None:
        value = self.days.get(key)
        try:
            return date.fromisoformat(value) if value else None
        except ValueError:
            return None

    def record(self, entries: Iterable[Entry], today: date, save: bool = True) -> bool:
        """Remember today for every entry not seen before; returns whether anything was new."""
        changed = False
        for entry in entries:
            known = self.days.get(entry.key)
            if known is None or known > today.isoformat():
                self.days[entry.key] = today.isoformat()
                changed = True
        if changed and save:
            payload = {"version": 1, "entries": dict(sorted(self.days.items()))}
            try:
                atomic_write_text(
                    self.path, json.dumps(payload, ensure_ascii=False, indent=1) + "\n"
                )
            except OSError as exc:
                log.warning("cannot record first-seen days in %s: %s", self.path, exc)
        return changed
