"""``MEMORY.md`` split into entries: one bullet (with its indented continuation lines) or
one paragraph line, with 1-based line numbers, the section it sits in and, for dreaming
promotions, the marker key and the source note's date.

Headings, blank lines, HTML comments and fenced code are not entries. A promotion bullet
``- text [score=… source=memory/2026-04-10.md:4-4]`` has its metadata suffix removed from
``text``; the marker comment directly above it belongs to the entry (``start_line`` points
at the bullet, ``marker_line`` at the comment) so that retiring it takes both.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import date

from .text import normalize

_BULLET = re.compile(r"^(\s*)(?:[-*+]|\d+[.)])\s+")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s")
_COMMENT = re.compile(r"^\s*<!--.*-->\s*$")
_MARKER = re.compile(r"<!--\s*openclaw-memory-promotion:([^\n]+?)\s*-->", re.IGNORECASE)
_META_SUFFIX = re.compile(r"\s*\[(?:score|signals)=[^\]]*\]\s*(?:<!--.*-->\s*)*$")
_SOURCE = re.compile(r"source=(memory/[^\s\]:]*?(\d{4})-(\d{2})-(\d{2})[^\s\]:]*\.md)")
_SECTION_DATE = re.compile(r"\((\d{4})-(\d{2})-(\d{2})\)")
_FENCE = re.compile(r"^\s*(```|~~~)")


@dataclass(frozen=True)
class Entry:
    """One entry of MEMORY.md."""

    start_line: int
    end_line: int
    raw: str
    """The entry's lines exactly as in the file (joined with ``\\n``)."""
    text: str
    """Without bullet marker, promotion metadata and line breaks."""
    section: str
    marker_key: str | None = None
    marker_line: int | None = None
    promoted_on: date | None = None
    """The promotion section's date (the day dreaming wrote the entry)."""
    source_date: date | None = None
    """The day of the daily note a promotion came from."""

    @property
    def key(self) -> str:
        """A stable identity for the entry's content (not its position)."""
        return entry_key(self.text)


def entry_key(text: str) -> str:
    norm = re.sub(r"\s+", " ", normalize(text)).strip()
    return hashlib.sha1(norm.encode("utf-8")).hexdigest()[:16]


def strip_entry(raw_line: str) -> str:
    text = _BULLET.sub("", raw_line, count=1)
    return _META_SUFFIX.sub("", text).strip()


def _date(match: re.Match[str] | None, offset: int = 1) -> date | None:
    if match is None:
        return None
    try:
        return date(
            int(match.group(offset)), int(match.group(offset + 1)), int(match.group(offset + 2))
        )
    except ValueError:
        return None


def split_entries(text: str) -> list[Entry]:
    """The entries of a MEMORY.md text, in file order."""
    lines = text.split("\n")
    bom = lines[0].startswith("\ufeff")  # read past, kept in the first line's raw text
    if bom:
        lines[0] = lines[0][1:]
    entries: list[Entry] = []
    section = ""
    section_date: date | None = None
    pending_marker: tuple[str, int] | None = None
    in_fence = False
    index = 0
    while index < len(lines):
        line = lines[index]
        number = index + 1
        if _FENCE.match(line):
            in_fence = not in_fence
            index += 1
            continue
        if in_fence or not line.strip():
            pending_marker = None if not line.strip() else pending_marker
            index += 1
            continue
        if _HEADING.match(line):
            section = line.strip().lstrip("#").strip()
            section_date = _date(_SECTION_DATE.search(section))
            pending_marker = None
            index += 1
            continue
        marker = _MARKER.search(line)
        if _COMMENT.match(line):
            pending_marker = (marker.group(1).strip(), number) if marker else None
            index += 1
            continue
        bullet = _BULLET.match(line)
        end = index
        if bullet:
            indent = len(bullet.group(1))
            while end + 1 < len(lines):
                nxt = lines[end + 1]
                if not nxt.strip() or _BULLET.match(nxt) or _HEADING.match(nxt):
                    break
                if len(nxt) - len(nxt.lstrip()) <= indent:
                    break
                end += 1
        raw = ("\ufeff" if bom and index == 0 else "") + "\n".join(lines[index : end + 1])
        body = " ".join(
            strip_entry(part) if i == 0 else part.strip()
            for i, part in enumerate(lines[index : end + 1])
        )
        body = _META_SUFFIX.sub("", body).strip()
        if body:
            source = _SOURCE.search(raw)
            entries.append(
                Entry(
                    start_line=number,
                    end_line=end + 1,
                    raw=raw,
                    text=body,
                    section=section,
                    marker_key=pending_marker[0] if pending_marker else None,
                    marker_line=pending_marker[1] if pending_marker else None,
                    promoted_on=section_date if pending_marker else None,
                    source_date=_date(source, 2) if source else None,
                )
            )
        pending_marker = None
        index = end + 1
    return entries


def entry_at(entries: list[Entry], line: int) -> Entry | None:
    return next((e for e in entries if e.start_line <= line <= e.end_line), None)
