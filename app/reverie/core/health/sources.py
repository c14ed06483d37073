"""The evidence the health review reads besides ``MEMORY.md``: dated lines of daily notes,
of other memory files (when a heading or the line carries a date) and of session transcripts.

Dreaming's own output (``DREAMS.md``, ``memory/dreaming/**``, ``memory/.dreams/**`` and the
managed ``<!-- openclaw:dreaming:… -->`` blocks inside daily notes) is left out: it repeats
memory, it is not new evidence.
"""

from __future__ import annotations

import logging
import math
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date

from ..errors import Cancelled
from ..transcripts import render_conversation
from ..workspace import FileKind, UnreadableFile, Workspace
from .entries import strip_entry
from .text import subject_tokens
from .values import date_mentions

log = logging.getLogger(__name__)

_HEADING = re.compile(r"^\s{0,3}#{1,6}\s")
_COMMENT = re.compile(r"^\s*<!--.*-->\s*$")
_FENCE_START = re.compile(r"<!--\s*openclaw:dreaming:[a-z-]+:start\s*-->", re.IGNORECASE)
_FENCE_END = re.compile(r"<!--\s*openclaw:dreaming:[a-z-]+:end\s*-->", re.IGNORECASE)
_LEADING_DATE = re.compile(r"^\s*(?:[-*+]\s+)?\**\(?(\d{4})-(\d{2})-(\d{2})")
MAX_SESSION_TEXT = 600


@dataclass(frozen=True)
class SourceLine:
    """One line of evidence: where it is, what it says and the day it was written."""

    path: str
    line: int
    text: str
    day: date | None
    kind: str
    """``daily``, ``memory`` (other memory files) or ``session``."""


@dataclass
class Corpus:
    """Evidence lines plus document frequencies of their subject tokens."""

    lines: list[SourceLine]
    df: Counter[str] = field(default_factory=Counter)
    size: int = 0
    _idf: dict[str, float] = field(default_factory=dict, repr=False)

    def add_documents(self, texts: Iterable[str]) -> None:
        for text in texts:
            self.df.update(subject_tokens(text))
            self.size += 1
        self._idf.clear()

    def idf(self, token: str) -> float:
        found = self._idf.get(token)
        if found is None:
            found = math.log((self.size + 1) / (self.df.get(token, 0) + 1)) + 1.0
            self._idf[token] = found
        return found

    def is_rare(self, token: str) -> bool:
        return self.df.get(token, 0) <= max(3, int(0.03 * self.size))

    @property
    def latest_day(self) -> date | None:
        days = [line.day for line in self.lines if line.day is not None]
        return max(days) if days else None


def _markdown_lines(path: str, text: str, file_day: date | None, kind: str) -> list[SourceLine]:
    out: list[SourceLine] = []
    heading_day: date | None = None
    fenced = False
    for number, raw in enumerate(text.split("\n"), start=1):
        if _FENCE_START.search(raw):
            fenced = True
            continue
        if _FENCE_END.search(raw):
            fenced = False
            continue
        if fenced or not raw.strip() or _COMMENT.match(raw):
            continue
        if _HEADING.match(raw):
            found = date_mentions(raw, file_day.year if file_day else 2000)
            dated = [m for m in found if m.has_year]
            heading_day = dated[0].day if dated else heading_day
            continue
        body = strip_entry(raw)
        if not body:
            continue
        day = file_day
        if day is None:
            lead = _LEADING_DATE.match(raw)
            if lead:
                try:
                    day = date(int(lead.group(1)), int(lead.group(2)), int(lead.group(3)))
                except ValueError:
                    day = None
            day = day or heading_day
        out.append(SourceLine(path, number, body, day, kind))
    return out


def collect_sources(
    workspace: Workspace,
    memory_path: str = "MEMORY.md",
    cancel: Callable[[], bool] | None = None,
) -> list[SourceLine]:
    """Every evidence line of the workspace (unreadable files are skipped and logged);
    ``cancel`` is asked between files."""
    files, _skipped = workspace.list_memory_files()
    lines: list[SourceLine] = []
    for file in files:
        if cancel is not None and cancel():
            raise Cancelled()
        if file.rel_path in (memory_path, "MEMORY.md", "memory.md"):
            continue
        if file.kind in (FileKind.DREAMING, FileKind.LONG_TERM):
            continue
        if file.rel_path.startswith(("memory/.dreams/", "memory/dreaming/")):
            continue
        try:
            if file.kind is FileKind.SESSION:
                text = workspace.read_session_text(file.rel_path, file.agent_id)
                for message in render_conversation(text, redact=True):
                    if message.timestamp is None:
                        continue
                    body = " ".join(message.text.split())[:MAX_SESSION_TEXT]
                    lines.append(
                        SourceLine(
                            file.rel_path,
                            message.jsonl_line,
                            body,
                            message.timestamp.date(),
                            "session",
                        )
                    )
                continue
            text = workspace.read_text(file.rel_path)
        except (UnreadableFile, OSError) as exc:
            log.info("health review skips %s: %s", file.rel_path, exc)
            continue
        kind = "daily" if file.kind is FileKind.DAILY else "memory"
        lines.extend(_markdown_lines(file.rel_path, text, file.date, kind))
    return lines
