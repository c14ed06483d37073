"""Read Telos files (``TELOS.md`` or the split ``telos/*.md``) into a :class:`TelosDocument`.

What real files do, and what the parser makes of it:

* sections are headings of any level (``## GOALS``, ``### Company KPIs (How we'll measure
  progress)``); a heading that names no Telos section ends the section at its level, a deeper
  one only starts a new list inside it (sub-groups of goals);
* items are bullets (``- G1: ...``, ``- **G1**: ...``, ``- **G1:** ...``, ``* [x] G2 - ...``),
  numbered lines (``1. Hire ...``) and pipe rows (``A | B | C`` with or without Markdown table
  syntax; a header row is recognised by a ``---`` row under it, capital letters, or an ``ID`` /
  ``NAME`` first cell); indented bullets are details of the item above;
* ids are 1-4 letters and a number counted from 0 or 1 (``P1``, ``SG3``, ``PRJ0``); a repeated
  id keeps both items (the second gets the key ``K4#2``) and is reported;
* each list is weighted by order: the first item 1, each next one half the one before;
* deadlines (``by July of 2026``), confidences (``(80%)``), priority columns;
* journal lines (``LOG``, ``JOURNAL``, ``CURRENT STATE``) start with a date, or sit under a
  dated heading;
* bullets of sections Telos does not define (HISTORY, BEST MOVIES, team lists) are context
  and not items, unless they carry an id.

Anything that cannot be read as meant is a :class:`TelosProblem` with its line; the parser
never raises on content.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..phrase import Said, said, template
from .dates import find_confidence, find_deadline, leading_date, strip_confidence
from .model import (
    Deadline,
    JournalEntry,
    TelosDocument,
    TelosItem,
    TelosProblem,
    TelosSection,
)
from .sections import (
    CHAIN_SECTIONS,
    JOURNAL,
    METRIC,
    OTHER,
    RISK,
    clean_heading,
    section_for_heading,
    section_for_prefix,
    section_title,
)

UNCLOSED_FENCE = template("code block is never closed; the rest of the file was skipped")
NO_SECTION = template("no Telos section found (## PROBLEMS, ## MISSION, ## GOALS, ...)")
UNDATED_JOURNAL_LINE = template("journal line without a date (write it as 'DD/MM/YYYY: ...')")
ID_WITHOUT_TEXT = template("{id} has no text")
ITEM_WITHOUT_TEXT = template("item has no text")
ROW_WITHOUT_TEXT = template("row has no text")
ID_WITHOUT_NUMBER = template("id '{prefix}' has no number (write it as G1, G2 ...)")
WRONG_SECTION = template("{id} is written under {section} (its prefix is for {expected})")
ROW_CELLS = template("row has {cells} cells, the header above has {header}")
DUPLICATE_HERE = template("duplicate id {id} (also at line {line})")
DUPLICATE_THERE = template("duplicate id {id} (also at {path}:{line})")


@dataclass(frozen=True)
class TelosSource:
    """One Telos file's text, and the section its file name stands for (split form)."""

    path: str
    text: str
    default_section: str | None = None


_HEADING_RE = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_BULLET_RE = re.compile(r"^(?P<indent>[ \t]*)(?:[-*+•]|(?P<num>\d{1,3})[.)])\s+(?P<rest>.*)$")
_CHECKBOX_RE = re.compile(r"^\[(?P<mark>[ xX])\]\s+")
_BOLD_ID_RE = re.compile(
    r"^\*\*\s*(?P<prefix>[A-Za-z]{1,4})[-_ ]?(?P<number>\d{1,3})\s*[:：.]?\s*\*\*\s*[:：.)\-–—]?\s*"
)
_PLAIN_ID_RE = re.compile(r"^(?P<prefix>[A-Z]{1,4})-?(?P<number>\d{1,3})(?:\s*[:：.)]|\s+[-–—])\s*")
_BARE_ID_RE = re.compile(r"^(?P<id>[A-Z]{1,4}-?\d{1,3})$")
_NO_NUMBER_RE = re.compile(r"^(?:\*\*)?(?P<prefix>[A-Z]{1,3})(?:\*\*)?\s*[:：]\s*(?:\*\*)?\s")
_SEPARATOR_RE = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")
_FENCE_RE = re.compile(r"^\s*(```|~~~)")
_EMPHASIS_RE = re.compile(r"(\*\*|__)(.+?)\1")
_HEADER_FIRST_CELLS = frozenset(
    {"id", "name", "project", "project name", "risk", "goal", "kpi", "metric", "item", "title"}
)
_NAME_COLUMNS = ("NAME", "PROJECT", "TITLE", "ITEM", "RISK", "GOAL", "STRATEGY", "KPI", "METRIC")
_PRIORITY_WORDS = frozenset({"critical", "high", "medium", "low", "p0", "p1", "p2", "p3"})
_ITEM_SECTIONS_WITHOUT_ID = frozenset(
    {
        *CHAIN_SECTIONS,
        METRIC,
        RISK,
        "narrative",
        "idea",
        "prediction",
        "belief",
        "model",
        "frame",
        "trauma",
        "wisdom",
        "lesson",
        "wrong",
    }
)


def _plain(text: str) -> str:
    """Text without ``**bold**`` / ``__bold__`` markers, whitespace collapsed."""
    return re.sub(r"\s+", " ", _EMPHASIS_RE.sub(r"\2", text)).strip()


def split_cells(line: str) -> list[str]:
    """Cells of a pipe row (outer pipes optional, ``\\|`` kept as a literal pipe)."""
    text = line.strip()
    if text.startswith("|"):
        text = text[1:]
    if text.endswith("|") and not text.endswith("\\|"):
        text = text[:-1]
    cells = re.split(r"(?<!\\)\|", text)
    return [cell.strip().replace("\\|", "|") for cell in cells]


@dataclass
class _RawItem:
    id: str | None
    prefix: str | None
    number: int | None
    section: str
    heading: str
    text: str
    path: str
    line: int
    order: int
    deadline: Deadline | None = None
    confidence: float | None = None
    priority: str | None = None
    columns: tuple[tuple[str, str], ...] = ()
    done: bool = False
    details: list[str] = field(default_factory=list)


class _FileReader:
    """Walks one file's lines, collecting raw items, journal entries and problems."""

    def __init__(self, source: TelosSource) -> None:
        self.source = source
        self.path = source.path
        self.items: list[_RawItem] = []
        self.journal: list[JournalEntry] = []
        self.problems: list[TelosProblem] = []
        self.sections: list[TelosSection] = []
        self.section: str | None = source.default_section
        self.section_level = 0 if source.default_section else 7
        self.heading = section_title(source.default_section) if source.default_section else ""
        self.order = 0
        self.header: list[str] | None = None
        self.journal_date: tuple[_dt.date, str] | None = None
        self.found_section = source.default_section is not None
        self.nest_under: _RawItem | None = None
        """The item that indented bullets belong to (none after a heading)."""

    def warn(self, line: int, message: Said) -> None:
        self.problems.append(TelosProblem(self.path, line, message))

    def read(self) -> None:
        lines = self.source.text.removeprefix("\ufeff").splitlines()
        fence_line = 0
        in_comment = False
        for index, raw in enumerate(lines):
            number = index + 1
            if fence_line:
                if _FENCE_RE.match(raw):
                    fence_line = 0
                continue
            if in_comment:
                in_comment = "-->" not in raw
                continue
            if _FENCE_RE.match(raw):
                fence_line = number
                continue
            if raw.lstrip().startswith("<!--"):
                in_comment = "-->" not in raw
                continue
            if not raw.strip():
                continue
            heading = _HEADING_RE.match(raw)
            if heading is not None:
                self._heading(len(heading.group(1)), heading.group(2), number)
                continue
            self._line(raw, number, lines, index)
        if fence_line:
            self.warn(fence_line, said(UNCLOSED_FENCE))
        if not self.found_section:
            self.warn(0, said(NO_SECTION))

    # ------------------------------------------------------------------ headings

    def _heading(self, level: int, raw: str, number: int) -> None:
        text = clean_heading(raw)
        section = section_for_heading(text)
        if section == OTHER or (level == 1 and len(text.split()) > 3):
            section = None  # a long top-level heading is a document title ("... Profile")
        dated = leading_date(text) if self.section == JOURNAL else None
        self.journal_date = None
        if section is not None:
            self.section = section
            self.section_level = level
            self.found_section = True
        elif dated is not None and level > self.section_level:
            self.journal_date = (dated[0], dated[1])
        elif level <= self.section_level:
            self.section = self.source.default_section
            self.section_level = 0 if self.section else 7
        self.heading = text
        self.order = 0
        self.header = None
        self.nest_under = None
        self.sections.append(TelosSection(text, self.section or OTHER, self.path, number, level))

    # ------------------------------------------------------------------ lines

    def _line(self, raw: str, number: int, lines: Sequence[str], index: int) -> None:
        bullet = _BULLET_RE.match(raw)
        if bullet is not None:
            indent = bullet.group("indent").replace("\t", "    ")
            rest = bullet.group("rest").strip()
            if len(indent) >= 2 and self.nest_under is not None:
                self.nest_under.details.append(_plain(rest))
                return
            if self.section == JOURNAL:
                self._journal(rest, number)
                return
            self._bullet(rest, number)
            return
        if "|" in raw and len(split_cells(raw)) >= 2:
            if self.section == JOURNAL:
                self._journal(" | ".join(split_cells(raw)), number, pipe=True)
                return
            self._pipe_row(raw, number, lines, index)
            return
        if self.section == JOURNAL and leading_date(raw.strip()) is not None:
            self._journal(raw.strip(), number)

    def _journal(self, text: str, number: int, pipe: bool = False) -> None:
        dated = leading_date(text)
        if dated is not None:
            date, written, rest = dated
            self.journal.append(JournalEntry(date, written, _plain(rest), self.path, number))
            return
        if self.journal_date is not None:
            date, written = self.journal_date
            self.journal.append(JournalEntry(date, written, _plain(text), self.path, number))
            return
        if not pipe:
            self.warn(number, said(UNDATED_JOURNAL_LINE))

    def _bullet(self, rest: str, number: int) -> None:
        done = False
        box = _CHECKBOX_RE.match(rest)
        if box is not None:
            done = box.group("mark") in "xX"
            rest = rest[box.end() :]
        item_id, prefix, id_number, rest = self._take_id(rest, number)
        section = self.section
        if section is None:
            if item_id is None:
                return  # context (HISTORY, BEST BOOKS ...): not an item
            section = section_for_prefix(prefix or "") or OTHER
        elif item_id is None and section not in _ITEM_SECTIONS_WITHOUT_ID:
            return
        self._check_prefix(item_id, prefix, section, number)
        confidence, bad = find_confidence(rest)
        if bad:
            self.warn(number, bad)
        text = _plain(strip_confidence(rest) if confidence is not None else rest)
        if not text:
            self.warn(
                number, said(ID_WITHOUT_TEXT, id=item_id) if item_id else said(ITEM_WITHOUT_TEXT)
            )
        self._add(
            _RawItem(
                id=item_id,
                prefix=prefix,
                number=id_number,
                section=section,
                heading=self.heading,
                text=text,
                path=self.path,
                line=number,
                order=self.order,
                deadline=find_deadline(text),
                confidence=confidence,
                done=done,
            )
        )

    def _take_id(self, rest: str, number: int) -> tuple[str | None, str | None, int | None, str]:
        for pattern in (_BOLD_ID_RE, _PLAIN_ID_RE):
            match = pattern.match(rest)
            if match is not None:
                prefix = match.group("prefix").upper()
                id_number = int(match.group("number"))
                return f"{prefix}{id_number}", prefix, id_number, rest[match.end() :]
        missing = _NO_NUMBER_RE.match(rest)
        if missing is not None and section_for_prefix(missing.group("prefix")):
            self.warn(number, said(ID_WITHOUT_NUMBER, prefix=missing.group("prefix")))
            return None, None, None, rest[missing.end() :]
        return None, None, None, rest

    def _check_prefix(
        self, item_id: str | None, prefix: str | None, section: str, number: int
    ) -> None:
        if item_id is None or prefix is None:
            return
        expected = section_for_prefix(prefix)
        if expected and section != expected and section in (*CHAIN_SECTIONS, METRIC, RISK):
            self.warn(
                number,
                said(
                    WRONG_SECTION,
                    id=item_id,
                    section=section_title(section).upper(),
                    expected=section_title(expected).upper(),
                ),
            )

    def _add(self, item: _RawItem) -> None:
        self.items.append(item)
        self.nest_under = item
        self.order += 1

    # ------------------------------------------------------------------ pipe rows

    def _pipe_row(self, raw: str, number: int, lines: Sequence[str], index: int) -> None:
        if _SEPARATOR_RE.match(raw):
            return
        cells = split_cells(raw)
        if self._is_header(cells, lines, index):
            self.header = [cell.upper() for cell in cells]
            return
        if self.section is None:
            first = cells[0].upper()
            if not (_BARE_ID_RE.match(first) and section_for_prefix(re.sub(r"[-\d]", "", first))):
                return
        header = self.header
        if header is not None and len(cells) != len(header):
            self.warn(number, said(ROW_CELLS, cells=len(cells), header=len(header)))
        names = header if header is not None else [f"COL{i + 1}" for i in range(len(cells))]
        columns = tuple(
            (names[i] if i < len(names) else f"COL{i + 1}", cell) for i, cell in enumerate(cells)
        )
        item_id, prefix, id_number = self._row_id(columns)
        section = self.section or section_for_prefix(prefix or "") or OTHER
        self._check_prefix(item_id, prefix, section, number)
        text = self._row_text(columns, item_id)
        if not text:
            self.warn(
                number, said(ID_WITHOUT_TEXT, id=item_id) if item_id else said(ROW_WITHOUT_TEXT)
            )
        self._add(
            _RawItem(
                id=item_id,
                prefix=prefix,
                number=id_number,
                section=section,
                heading=self.heading,
                text=text,
                path=self.path,
                line=number,
                order=self.order,
                deadline=self._row_deadline(columns) or find_deadline(text),
                priority=self._row_priority(columns),
                columns=columns,
            )
        )

    def _is_header(self, cells: list[str], lines: Sequence[str], index: int) -> bool:
        following = next((line for line in lines[index + 1 :] if line.strip()), "")
        if _SEPARATOR_RE.match(following):
            return True
        if cells[0].strip().casefold() in _HEADER_FIRST_CELLS:
            return True
        letters = "".join(ch for ch in "".join(cells) if ch.isalpha())
        return (
            bool(letters) and letters.isupper() and not any(ch.isdigit() for ch in "".join(cells))
        )

    @staticmethod
    def _row_id(columns: Sequence[tuple[str, str]]) -> tuple[str | None, str | None, int | None]:
        candidates = [value for name, value in columns if name == "ID"] or [columns[0][1]]
        match = _BARE_ID_RE.match(_plain(candidates[0]).upper())
        if match is None:
            return None, None, None
        raw = match.group("id").replace("-", "")
        prefix = re.sub(r"\d", "", raw)
        return f"{prefix}{int(raw[len(prefix) :])}", prefix, int(raw[len(prefix) :])

    @staticmethod
    def _row_text(columns: Sequence[tuple[str, str]], item_id: str | None) -> str:
        values = [(name, _plain(value)) for name, value in columns]
        if item_id is not None:
            values = [(n, v) for n, v in values if _plain(v).upper().replace("-", "") != item_id]
        if not any(name.startswith("COL") for name, _ in values):
            named = next(
                (
                    value
                    for wanted in _NAME_COLUMNS
                    for name, value in values
                    if value and (wanted in name if wanted == "NAME" else name == wanted)
                ),
                None,
            )
            described = [v for n, v in values if "DESCRIPTION" in n and v]
            if named:
                return f"{named}: {described[0]}" if described else named
        return " | ".join(value for _name, value in values if value)

    @staticmethod
    def _row_priority(columns: Sequence[tuple[str, str]]) -> str | None:
        for name, value in columns:
            if "PRIORITY" in name and value:
                return _plain(value)
        for name, value in columns:
            if name.startswith("COL") and _plain(value).casefold() in _PRIORITY_WORDS:
                return _plain(value)
        return None

    @staticmethod
    def _row_deadline(columns: Sequence[tuple[str, str]]) -> Deadline | None:
        for name, value in columns:
            if any(word in name for word in ("END", "DUE", "DEADLINE")):
                dated = leading_date(value)
                if dated is not None:
                    return Deadline(value.strip(), dated[0])
        return None


def parse_telos(
    text: str, path: str = "TELOS.md", default_section: str | None = None
) -> TelosDocument:
    """Read one Telos file's text."""
    return parse_sources([TelosSource(path, text, default_section)])


def parse_sources(
    sources: Sequence[TelosSource], problems: Sequence[TelosProblem] = ()
) -> TelosDocument:
    """Read several Telos files (a ``TELOS.md`` and/or a split ``telos/`` folder) as one.

    ``problems`` are added first (files that could not be read at all).
    """
    raw_items: list[_RawItem] = []
    journal: list[JournalEntry] = []
    found: list[TelosProblem] = list(problems)
    sections: list[TelosSection] = []
    for source in sources:
        reader = _FileReader(source)
        reader.read()
        raw_items.extend(reader.items)
        journal.extend(reader.journal)
        found.extend(reader.problems)
        sections.extend(reader.sections)
    items: list[TelosItem] = []
    first_seen: dict[str, _RawItem] = {}
    repeats: dict[str, int] = {}
    for raw in raw_items:
        if raw.id is None:
            key = f"{raw.section}@{raw.path}:{raw.line}"
        elif raw.id in first_seen:
            repeats[raw.id] = repeats.get(raw.id, 1) + 1
            key = f"{raw.id}#{repeats[raw.id]}"
            first = first_seen[raw.id]
            message = (
                said(DUPLICATE_HERE, id=raw.id, line=first.line)
                if first.path == raw.path
                else said(DUPLICATE_THERE, id=raw.id, path=first.path, line=first.line)
            )
            found.append(TelosProblem(raw.path, raw.line, message))
        else:
            key = raw.id
            first_seen[raw.id] = raw
        items.append(
            TelosItem(
                key=key,
                id=raw.id,
                prefix=raw.prefix,
                number=raw.number,
                section=raw.section,
                heading=raw.heading,
                text=raw.text,
                path=raw.path,
                line=raw.line,
                order=raw.order,
                weight=0.5**raw.order,
                deadline=raw.deadline,
                confidence=raw.confidence,
                priority=raw.priority,
                columns=raw.columns,
                done=raw.done,
                details=tuple(raw.details),
            )
        )
    found.sort(key=lambda p: (p.path, p.line))
    return TelosDocument(
        items=tuple(items),
        journal=tuple(sorted(journal, key=lambda e: (e.date, e.path, e.line))),
        problems=tuple(found),
        sections=tuple(sections),
        sources=tuple(source.path for source in sources),
    )
