"""What a Telos file says, as plain frozen data: items, journal entries and reading problems.

A Telos file (Daniel Miessler's format) is Markdown: ``##`` sections such as PROBLEMS,
MISSION, GOALS or PROJECTS, items written ``- G1: ...`` (or ``- **G1**: ...``, pipe rows
``A | B | C``, numbered lines), and a dated log. The parser turns one or more such files into
a :class:`TelosDocument`; links and mentions are computed from it elsewhere.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from typing import Any, Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Deadline:
    """A deadline written in an item (``by July of 2026``), and the last day it allows."""

    text: str
    date: _dt.date


@dataclass(frozen=True)
class TelosItem:
    """One item of a Telos section (a bullet, a numbered line or a pipe row)."""

    key: str
    """Unique within the document: the id, ``G1#2`` for a repeated id, ``goal@path:line``
    for an item without an id."""
    id: str | None
    """The id as written (``G1``, ``SG3``, ``PRJ0``), upper-cased; ``None`` when it has none."""
    prefix: str | None
    """The id's letters (``G``, ``SG``, ``PRJ``)."""
    number: int | None
    section: str
    """Canonical section (``problem``, ``mission``, ``goal``, ``project`` ...; see
    :mod:`reverie.core.telos.sections`); ``other`` for sections Telos does not define."""
    heading: str
    """The heading the item is under, as written (without ``#``)."""
    text: str
    """The item's text without the bullet, the id and Markdown emphasis."""
    path: str
    """Workspace-relative path of the file."""
    line: int
    """1-based line number."""
    order: int
    """0-based position in its list (each heading starts a new list)."""
    weight: float
    """Priority by order: 1 for the first item of a list, each next one half the one before."""
    deadline: Deadline | None = None
    confidence: float | None = None
    """A trailing ``(80%)`` as 0.8."""
    priority: str | None = None
    """A pipe row's priority column (Critical, High, ...)."""
    columns: tuple[tuple[str, str], ...] = ()
    """A pipe row's cells as (header, value) pairs (header ``col<N>`` when there is none)."""
    done: bool = False
    """A checked task box ``- [x]``."""
    details: tuple[str, ...] = ()
    """Indented sub-bullets under the item."""

    @property
    def label(self) -> str:
        """Short display form: ``G1: text`` or the text alone."""
        return f"{self.id}: {self.text}" if self.id else self.text

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id,
            "key": self.key,
            "section": self.section,
            "heading": self.heading,
            "text": self.text,
            "weight": self.weight,
            "path": self.path,
            "line": self.line,
            "order": self.order,
        }
        if self.deadline is not None:
            data["deadline"] = {"text": self.deadline.text, "date": self.deadline.date.isoformat()}
        if self.confidence is not None:
            data["confidence"] = self.confidence
        if self.priority is not None:
            data["priority"] = self.priority
        if self.columns:
            data["columns"] = dict(self.columns)
        if self.done:
            data["done"] = True
        if self.details:
            data["details"] = list(self.details)
        return data


@dataclass(frozen=True)
class JournalEntry:
    """A dated line of the LOG / JOURNAL / CURRENT STATE section."""

    date: _dt.date
    date_text: str
    text: str
    path: str
    line: int

    def to_json(self) -> dict[str, Any]:
        return {
            "date": self.date.isoformat(),
            "dateText": self.date_text,
            "text": self.text,
            "path": self.path,
            "line": self.line,
        }


@dataclass(frozen=True)
class TelosProblem:
    """Something in a Telos file that could not be read as meant, with where it is."""

    path: str
    line: int
    """1-based; 0 for the file as a whole."""
    message: str
    """What is wrong, in English, without the file's name (:attr:`path` holds it); a
    :class:`~reverie.core.phrase.Said` whose phrase an interface says in its language."""
    severity: Severity = "warning"

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "line": self.line,
            "message": self.message,
            "severity": self.severity,
        }


@dataclass(frozen=True)
class TelosSection:
    """A heading of a Telos file and the canonical section it was read as."""

    heading: str
    section: str
    path: str
    line: int
    level: int


@dataclass(frozen=True)
class TelosDocument:
    """Everything read from the Telos file(s) of a workspace."""

    items: tuple[TelosItem, ...] = ()
    journal: tuple[JournalEntry, ...] = ()
    problems: tuple[TelosProblem, ...] = ()
    sections: tuple[TelosSection, ...] = ()
    sources: tuple[str, ...] = ()
    """The files read, workspace-relative."""
    _by_key: dict[str, TelosItem] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._by_key.update({item.key: item for item in self.items})

    @property
    def empty(self) -> bool:
        return not self.items and not self.journal

    def item(self, key: str) -> TelosItem | None:
        return self._by_key.get(key)

    def in_section(self, section: str) -> list[TelosItem]:
        return [item for item in self.items if item.section == section]

    def with_id(self, item_id: str) -> list[TelosItem]:
        wanted = item_id.upper()
        return [item for item in self.items if item.id == wanted]
