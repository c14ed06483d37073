"""How the purpose layer connects: the Telos chain, and where memory mentions each item.

* **Chain links** follow Problem -> Mission -> Goal -> Challenge/Strategy -> Project. An item
  that names another item's id (``S0: ... (for G0, G1)``, a project row with a ``G2`` cell)
  is linked to it, the higher one in the chain being the parent (*explicit*). An item left
  without a parent is linked to the one item of the nearest level above when that level has
  exactly one (*implied*: one mission serves every goal).
* **Mentions** are memory lines (daily notes, topic files, the Telos journal) that name the
  item by id, written as a reference (``G2:``, ``(G2)``, ``on G2``; not ``the P1 page`` or
  ``P1–P4``, which are alert priorities), or by its words: the item's key terms,
  analysed as keyword search analyses them (stemmed, CJK bigrams), of which a line must hold
  at least two carrying 40% of the terms' weight (rare terms weigh more), or the only one.
* **Neglected**: a goal or project, not done, that no dated line mentions within
  ``neglect_days`` of today. **Unlinked**: a chain item with neither a parent nor a child.
* **Problems** of the chain join the reading problems: a reference to an id no Telos file
  defines, and items that serve each other in a circle (:mod:`.checks`).
"""

from __future__ import annotations

import datetime as _dt
import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from ..text.analysis import analyze
from ..text.dates import MONTHS
from ..workspace import FileKind, UnreadableFile, Workspace, classify, daily_date
from .checks import chain_problems
from .model import TelosDocument, TelosItem
from .references import ID_TOKEN_RE, is_reference, named_ids
from .sections import CHAIN_LEVELS, NEGLECTABLE
from .sources import is_telos_path, load_telos

DEFAULT_NEGLECT_DAYS = 14
MAX_MENTIONS = 50

_MIN_SHARE = 0.4
"""A line mentions an item by its words when the matched terms carry this share of the
item's term weight (and are at least two, unless the item has a single term)."""
_GENERIC_WORDS = (
    "goal goals project projects mission problem challenge strategy metric kpi risk get make "
    "achieve reach least more than every week weekly month monthly year yearly day daily"
)
_GENERIC_TERMS = frozenset(analyze(_GENERIC_WORDS)) | frozenset(analyze(" ".join(MONTHS)))


@dataclass(frozen=True)
class MemoryLine:
    """One line of a memory file, with the day it belongs to (daily notes, journal)."""

    path: str
    line: int
    text: str
    date: _dt.date | None = None
    terms: tuple[str, ...] | None = None
    """The line's analysed terms when known (the index stores them); else analysed here."""


@dataclass(frozen=True)
class Mention:
    """A memory line that names a Telos item."""

    path: str
    line: int
    date: _dt.date | None
    text: str
    via: Literal["id", "search"]

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "startLine": self.line,
            "date": self.date.isoformat() if self.date else None,
            "via": self.via,
            "text": self.text,
        }


@dataclass(frozen=True)
class Link:
    """``child`` serves ``parent`` (item keys)."""

    child: str
    parent: str
    kind: Literal["explicit", "implied"]

    def to_json(self) -> dict[str, str]:
        return {"child": self.child, "parent": self.parent, "kind": self.kind}


@dataclass(frozen=True)
class ItemStatus:
    """One Telos item with its place in the chain and the memory that mentions it."""

    item: TelosItem
    parents: tuple[str, ...]
    children: tuple[str, ...]
    mentions: tuple[Mention, ...]
    """Most recent first (undated last), at most :data:`MAX_MENTIONS`."""
    mention_count: int
    last_mentioned: _dt.date | None
    neglected: bool
    unlinked: bool

    def to_json(self) -> dict[str, Any]:
        data = self.item.to_json()
        data.update(
            {
                "parents": list(self.parents),
                "children": list(self.children),
                "mentions": [m.to_json() for m in self.mentions],
                "mentionCount": self.mention_count,
                "lastMentioned": self.last_mentioned.isoformat() if self.last_mentioned else None,
                "neglected": self.neglected,
                "unlinked": self.unlinked,
            }
        )
        return data


@dataclass(frozen=True)
class TelosReport:
    """The purpose layer of a workspace: items, chain, mentions, and what reading found."""

    document: TelosDocument
    items: tuple[ItemStatus, ...]
    links: tuple[Link, ...]
    today: _dt.date
    neglect_days: int

    def status(self, key: str) -> ItemStatus | None:
        return next((s for s in self.items if s.item.key == key), None)

    def ranked(self, sections: Iterable[str]) -> list[ItemStatus]:
        """Items of ``sections`` by weight (then file order)."""
        wanted = set(sections)
        chosen = [s for s in self.items if s.item.section in wanted]
        return sorted(chosen, key=lambda s: -s.item.weight)

    def to_json(self) -> dict[str, Any]:
        return {
            "items": [s.to_json() for s in self.items],
            "problems": [p.to_json() for p in self.document.problems],
            "links": [link.to_json() for link in self.links],
            "journal": [entry.to_json() for entry in self.document.journal],
            "sources": list(self.document.sources),
            "today": self.today.isoformat(),
            "neglectDays": self.neglect_days,
        }


# ---------------------------------------------------------------------- chain


def chain_links(document: TelosDocument) -> list[Link]:
    """Explicit links (ids named in items) and implied ones (a single item above)."""
    chain = [item for item in document.items if item.section in CHAIN_LEVELS]
    by_id: dict[str, list[TelosItem]] = defaultdict(list)
    for item in chain:
        if item.id:
            by_id[item.id].append(item)
    links: dict[tuple[str, str], Link] = {}
    for item in chain:
        level = CHAIN_LEVELS[item.section]
        for ref in sorted(named_ids(item)):
            for other in by_id.get(ref, []):
                other_level = CHAIN_LEVELS[other.section]
                child, parent = (other, item) if other_level > level else (item, other)
                links.setdefault((child.key, parent.key), Link(child.key, parent.key, "explicit"))
    has_parent = {child for child, _parent in links}
    by_level: dict[int, list[TelosItem]] = defaultdict(list)
    for item in chain:
        by_level[CHAIN_LEVELS[item.section]].append(item)
    for item in chain:
        level = CHAIN_LEVELS[item.section]
        if item.key in has_parent or level == 0:
            continue
        above = next((by_level[lv] for lv in range(level - 1, -1, -1) if by_level[lv]), [])
        if len(above) == 1:
            links[(item.key, above[0].key)] = Link(item.key, above[0].key, "implied")
    return list(links.values())


# ---------------------------------------------------------------------- mentions


def _item_terms(item: TelosItem) -> set[str]:
    text = item.text
    if item.deadline is not None:
        text = text.replace(item.deadline.text, " ")
    if item.columns:
        text = text.split(":", 1)[0].split(" | ", 1)[0]  # a pipe row's name
    text = ID_TOKEN_RE.sub(" ", text)  # ids are matched as ids
    terms = {t for t in analyze(text) if t not in _GENERIC_TERMS}
    if item.id:
        terms.discard(item.id.casefold())
    if any(len(t) >= 2 and not t.isascii() for t in terms):
        terms = {t for t in terms if t.isascii() or len(t) >= 2}
    return terms


class _LineIndex:
    """Analysed memory lines with an inverted index of their terms."""

    def __init__(self, lines: Sequence[MemoryLine]) -> None:
        self.lines = lines
        self.postings: dict[str, list[int]] = defaultdict(list)
        for index, line in enumerate(lines):
            for term in set(line.terms if line.terms is not None else analyze(line.text)):
                self.postings[term].append(index)
        count = max(1, len(lines))
        self.idf = {t: math.log((count + 1) / (len(p) + 1)) + 1.0 for t, p in self.postings.items()}

    def matches(self, terms: set[str]) -> list[int]:
        present = [t for t in terms if t in self.postings]
        if not terms or not present:
            return []
        total = sum(self.idf.get(t, math.log(len(self.lines) + 1) + 1.0) for t in terms)
        hits: Counter[int] = Counter()
        weight: dict[int, float] = defaultdict(float)
        for term in present:
            for index in self.postings[term]:
                hits[index] += 1
                weight[index] += self.idf[term]
        if len(terms) == 1:
            return sorted(hits)
        return sorted(i for i, n in hits.items() if n >= 2 and weight[i] >= total * _MIN_SHARE)


def find_mentions(document: TelosDocument, lines: Sequence[MemoryLine]) -> dict[str, list[Mention]]:
    """Mentions of every item (by key), by id and by search, in line order."""
    found: dict[str, dict[tuple[str, int], Mention]] = defaultdict(dict)
    by_id: dict[str, list[TelosItem]] = defaultdict(list)
    for item in document.items:
        if item.id:
            by_id[item.id].append(item)
    for line in lines:
        for match in ID_TOKEN_RE.finditer(line.text):
            if not is_reference(line.text, match.start(1), match.end(1)):
                continue
            for item in by_id.get(match.group(1).replace("-", ""), []):
                if (item.path, item.line) == (line.path, line.line):
                    continue
                found[item.key][(line.path, line.line)] = Mention(
                    line.path, line.line, line.date, line.text.strip(), "id"
                )
    index = _LineIndex(lines)
    for item in document.items:
        for position in index.matches(_item_terms(item)):
            line = lines[position]
            if (item.path, item.line) == (line.path, line.line):
                continue
            found[item.key].setdefault(
                (line.path, line.line),
                Mention(line.path, line.line, line.date, line.text.strip(), "search"),
            )
    return {key: list(mentions.values()) for key, mentions in found.items()}


# ---------------------------------------------------------------------- report


def _recent_first(mentions: Iterable[Mention]) -> list[Mention]:
    return sorted(
        mentions,
        key=lambda m: (m.date is None, -(m.date.toordinal() if m.date else 0), m.path, m.line),
    )


def build_report(
    document: TelosDocument,
    lines: Sequence[MemoryLine],
    today: _dt.date | None = None,
    neglect_days: int = DEFAULT_NEGLECT_DAYS,
) -> TelosReport:
    """Chain, mentions, neglected and unlinked items of a parsed Telos document.

    ``lines`` are the memory lines to look in (see :func:`memory_lines`); the Telos journal's
    dated lines are added to them. The report's document holds the chain's problems too
    (dangling references, circles) beside the reading problems.
    """
    day = today or _dt.date.today()
    journal = [MemoryLine(e.path, e.line, e.text, e.date) for e in document.journal]
    mentions = find_mentions(document, [*lines, *journal])
    links = chain_links(document)
    found = chain_problems(document, [(link.child, link.parent) for link in links])
    if found:
        problems = sorted([*document.problems, *found], key=lambda p: (p.path, p.line))
        document = replace(document, problems=tuple(problems))
    parents: dict[str, list[str]] = defaultdict(list)
    children: dict[str, list[str]] = defaultdict(list)
    for link in links:
        parents[link.child].append(link.parent)
        children[link.parent].append(link.child)
    since = day - _dt.timedelta(days=max(0, neglect_days))
    statuses: list[ItemStatus] = []
    for item in document.items:
        ordered = _recent_first(mentions.get(item.key, []))
        dated = [m.date for m in ordered if m.date is not None and m.date <= day]
        last = max(dated) if dated else None
        neglected = item.section in NEGLECTABLE and not item.done and (last is None or last < since)
        linked = bool(parents.get(item.key) or children.get(item.key))
        statuses.append(
            ItemStatus(
                item=item,
                parents=tuple(parents.get(item.key, [])),
                children=tuple(children.get(item.key, [])),
                mentions=tuple(ordered[:MAX_MENTIONS]),
                mention_count=len(ordered),
                last_mentioned=last,
                neglected=neglected,
                unlinked=item.section in CHAIN_LEVELS and not linked,
            )
        )
    return TelosReport(document, tuple(statuses), tuple(links), day, neglect_days)


def memory_lines(workspace: Workspace) -> list[MemoryLine]:
    """The lines of the workspace's Markdown memory files (Telos files and unreadable files
    left out), daily-note lines dated with their day."""
    files, _skipped = workspace.list_memory_files()
    lines: list[MemoryLine] = []
    for file in files:
        if (
            file.source != "memory"
            or file.kind is FileKind.DREAMING
            or is_telos_path(file.rel_path)
        ):
            continue
        try:
            text = workspace.read_text(file.rel_path)
        except UnreadableFile:
            continue
        day = daily_date(file.rel_path)
        for number, raw in enumerate(text.split("\n"), start=1):
            if raw.strip():
                lines.append(MemoryLine(file.rel_path, number, raw, day))
    return lines


def index_memory_lines(conn: Any) -> list[MemoryLine]:
    """The memory lines as the search index holds them, with the terms it analysed (much
    faster than reading and analysing every file); Telos files, dreaming output and
    transcripts left out. ``conn`` is an index connection (apsw)."""
    rows = conn.execute(
        "SELECT path, start_line, text, terms FROM chunks WHERE source = 'memory' "
        "ORDER BY path, start_line"
    ).fetchall()
    seen: set[tuple[str, int]] = set()
    lines: list[MemoryLine] = []
    for path, start, text, terms in rows:
        rel = str(path)
        if is_telos_path(rel) or classify(rel) in (FileKind.DREAMING, FileKind.SESSION):
            continue
        day = daily_date(rel)
        term_lines = str(terms).split("\n")
        for offset, raw in enumerate(str(text).split("\n")):
            number = int(start) + offset
            if not raw.strip() or (rel, number) in seen:
                continue
            seen.add((rel, number))
            line_terms = tuple(term_lines[offset].split()) if offset < len(term_lines) else None
            lines.append(MemoryLine(rel, number, raw, day, line_terms))
    return lines


def telos_report(
    workspace: Workspace,
    today: _dt.date | None = None,
    neglect_days: int = DEFAULT_NEGLECT_DAYS,
    index: Any = None,
) -> TelosReport:
    """Read the workspace's Telos files and its memory, and link them. With ``index`` (a
    connection to the workspace's search index) the memory lines come from the index."""
    document = load_telos(workspace.root, workspace.max_file_bytes)
    lines: list[MemoryLine] = []
    if document.items:
        lines = index_memory_lines(index) if index is not None else memory_lines(workspace)
    return build_report(document, lines, today, neglect_days)
