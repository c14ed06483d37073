"""Human review of dream promotions (Reverie's addition; OpenClaw promotes unattended).

The review store lives beside OpenClaw's state, in its own file
``memory/.dreams/reverie-review.json``, so OpenClaw never reads or rewrites it. It records
one decision per candidate key:

* ``approved``: the text actually written (possibly an edited version of the snippet;
  the marker in MEMORY.md keeps the candidate's key), and what MEMORY.md looked like
  before and after, so the approvals can be undone one by one, newest first, while
  MEMORY.md is as each left it (the latest ``UNDO_DEPTH`` keep a copy);
* ``rejected``: an optional reason and the evidence the candidate had; it stays hidden
  until its evidence grows past that;
* ``snoozed``: hidden until a date.

It also finds the MEMORY.md entries nearest to a candidate (lexical similarity, plus an
optional vector-similarity callback) and flags them "already present" or "may conflict"
(same subject with different numbers, dates or a negation), and replaces a superseded
MEMORY.md line in place (the engine moves the old line to the health archive).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any

from reverie.core.atomic import atomic_write_text
from reverie.core.errors import UserError
from reverie.core.jscompat import iso_from_ms, js_stringify

REVIEW_RELATIVE_PATH = Path("memory") / ".dreams" / "reverie-review.json"
MAX_HISTORY = 50

APPROVED = "approved"
REJECTED = "rejected"
SNOOZED = "snoozed"


class ReviewError(UserError):
    """A review action cannot be carried out."""


def text_digest(text: str) -> str:
    """SHA-256 of a text, used to tell whether MEMORY.md changed."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Evidence:
    """How much support a candidate had at decision time."""

    signal_count: int
    unique_queries: int
    recall_days: int
    total_score: float

    def exceeds(self, other: Evidence) -> bool:
        """Whether this evidence has grown past ``other`` (more signals, queries or days)."""
        return (
            self.signal_count > other.signal_count
            or self.unique_queries > other.unique_queries
            or self.recall_days > other.recall_days
        )

    def as_json(self) -> dict[str, Any]:
        """The JSON form stored in the review file."""
        return {
            "signalCount": self.signal_count,
            "uniqueQueries": self.unique_queries,
            "recallDays": self.recall_days,
            "totalScore": self.total_score,
        }

    @staticmethod
    def from_json(raw: Mapping[str, Any] | None) -> Evidence:
        """Parse the stored form (missing values count as 0)."""
        raw = raw or {}
        return Evidence(
            int(raw.get("signalCount") or 0),
            int(raw.get("uniqueQueries") or 0),
            int(raw.get("recallDays") or 0),
            float(raw.get("totalScore") or 0),
        )

    @staticmethod
    def of(candidate: Mapping[str, Any]) -> Evidence:
        """Evidence of an OpenClaw-shaped candidate dict."""
        signals = candidate.get("signalCount")
        if signals is None:
            signals = sum(
                int(candidate.get(k) or 0) for k in ("recallCount", "dailyCount", "groundedCount")
            )
        return Evidence(
            int(signals),
            int(candidate.get("uniqueQueries") or 0),
            len(candidate.get("recallDays") or []),
            float(candidate.get("avgScore") or 0) * int(signals),
        )


@dataclass(frozen=True)
class Decision:
    """One stored review decision."""

    key: str
    kind: str
    decided_at: str
    reason: str | None = None
    written_text: str | None = None
    snoozed_until: str | None = None
    evidence: Evidence | None = None
    replaced_line: str | None = None

    def hides(self, evidence_now: Evidence, today: str) -> bool:
        """Whether this decision keeps the candidate out of the preview."""
        if self.kind == APPROVED:
            return True
        if self.kind == SNOOZED:
            return bool(self.snoozed_until) and today < (self.snoozed_until or "")
        if self.kind == REJECTED:
            return self.evidence is None or not evidence_now.exceeds(self.evidence)
        return False


UNDO_DEPTH = 10
"""How many approvals back "Undo last approval" can go (each keeps a copy of MEMORY.md)."""


class ReviewStore:
    """The review decisions of one workspace (``memory/.dreams/reverie-review.json``)."""

    def __init__(self, workspace_root: Path) -> None:
        self.workspace_root = Path(workspace_root)
        self.path = self.workspace_root / REVIEW_RELATIVE_PATH
        self.data = self._load()

    def _load(self) -> dict[str, Any]:
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {"version": 1, "updatedAt": None, "decisions": {}, "history": []}
        except ValueError as exc:
            raise ReviewError(f"{self.path} does not parse ({exc}); fix or move it aside") from exc
        if not isinstance(raw, dict):
            raise ReviewError(f"{self.path} is not a review store")
        raw.setdefault("version", 1)
        if not isinstance(raw.get("decisions"), dict):
            raw["decisions"] = {}
        if not isinstance(raw.get("history"), list):
            raw["history"] = []
        return raw

    def save(self, now_ms: float) -> None:
        """Write the store atomically."""
        self.data["updatedAt"] = iso_from_ms(now_ms)
        atomic_write_text(self.path, js_stringify(self.data, 2) + "\n")

    # --- decisions -------------------------------------------------------------------

    def decision(self, key: str) -> Decision | None:
        """The current decision for ``key``, if any."""
        raw = self.data["decisions"].get(key)
        if not isinstance(raw, dict):
            return None
        return Decision(
            key=key,
            kind=str(raw.get("decision")),
            decided_at=str(raw.get("decidedAt")),
            reason=raw.get("reason"),
            written_text=raw.get("writtenText"),
            snoozed_until=raw.get("snoozedUntil"),
            evidence=Evidence.from_json(raw.get("evidence")) if raw.get("evidence") else None,
            replaced_line=raw.get("replacedLine"),
        )

    def decisions(self) -> list[Decision]:
        """Every stored decision."""
        return [d for d in (self.decision(k) for k in self.data["decisions"]) if d is not None]

    def _put(self, key: str, record: dict[str, Any]) -> None:
        self.data["decisions"][key] = {"key": key, **record}

    def reject(self, candidate: Mapping[str, Any], reason: str | None, now_ms: float) -> Decision:
        """Reject a candidate; it stays hidden until its evidence grows."""
        record: dict[str, Any] = {
            "decision": REJECTED,
            "decidedAt": iso_from_ms(now_ms),
            "path": candidate["path"],
            "startLine": candidate["startLine"],
            "endLine": candidate["endLine"],
            "snippet": candidate.get("snippet", ""),
            "evidence": Evidence.of(candidate).as_json(),
        }
        if reason:
            record["reason"] = reason
        self._put(candidate["key"], record)
        self._history({"action": "reject", "key": candidate["key"], "at": iso_from_ms(now_ms)})
        self.save(now_ms)
        decision = self.decision(candidate["key"])
        assert decision is not None
        return decision

    def snooze(self, candidate: Mapping[str, Any], until: date | str, now_ms: float) -> Decision:
        """Hide a candidate until ``until`` (a date or ``YYYY-MM-DD``)."""
        until_text = until.isoformat() if isinstance(until, date) else str(until)
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", until_text[:10]):
            raise ReviewError(f"snooze date must be YYYY-MM-DD, not {until_text!r}")
        self._put(
            candidate["key"],
            {
                "decision": SNOOZED,
                "decidedAt": iso_from_ms(now_ms),
                "path": candidate["path"],
                "startLine": candidate["startLine"],
                "endLine": candidate["endLine"],
                "snippet": candidate.get("snippet", ""),
                "snoozedUntil": until_text[:10],
            },
        )
        self._history({"action": "snooze", "key": candidate["key"], "at": iso_from_ms(now_ms)})
        self.save(now_ms)
        decision = self.decision(candidate["key"])
        assert decision is not None
        return decision

    def record_approval(
        self,
        candidate: Mapping[str, Any],
        written_text: str,
        memory_before: str,
        memory_after: str,
        ledger_before: Mapping[str, Any] | None,
        now_ms: float,
        replaced_line: str | None = None,
    ) -> Decision:
        """Record an approval and what is needed to undo it."""
        record: dict[str, Any] = {
            "decision": APPROVED,
            "decidedAt": iso_from_ms(now_ms),
            "path": candidate["path"],
            "startLine": candidate["startLine"],
            "endLine": candidate["endLine"],
            "snippet": candidate.get("snippet", ""),
            "writtenText": written_text,
            "evidence": Evidence.of(candidate).as_json(),
        }
        if replaced_line is not None:
            record["replacedLine"] = replaced_line
        self._put(candidate["key"], record)
        self._history(
            {
                "action": "approve",
                "key": candidate["key"],
                "at": iso_from_ms(now_ms),
                "memoryBefore": memory_before,
                "memoryAfterDigest": text_digest(memory_after),
                "ledgerEntryBefore": dict(ledger_before) if ledger_before else None,
            }
        )
        self.save(now_ms)
        decision = self.decision(candidate["key"])
        assert decision is not None
        return decision

    def forget(self, key: str) -> None:
        """Drop the decision for ``key`` (used by undo)."""
        self.data["decisions"].pop(key, None)

    def _history(self, item: dict[str, Any]) -> None:
        history = self.data["history"]
        history.append(item)
        # The latest UNDO_DEPTH approvals keep their MEMORY.md copy (undo steps back through
        # them one at a time); older ones are trimmed.
        approvals = [h for h in history if h.get("action") == "approve" and not h.get("undone")]
        for old in approvals[:-UNDO_DEPTH]:
            old.pop("memoryBefore", None)
        del history[:-MAX_HISTORY]

    def last_approval(self) -> dict[str, Any] | None:
        """The most recent approval not undone yet (after one is undone, the one before it:
        :meth:`~reverie.core.dreaming.engine.DreamingEngine.undo_last` still refuses unless
        MEMORY.md is exactly as that approval left it)."""
        for item in reversed(self.data["history"]):
            if item.get("action") == "approve" and not item.get("undone"):
                return item if "memoryBefore" in item else None
        return None


# --- nearest MEMORY.md entries ----------------------------------------------------------

_TOKEN_RE = re.compile(r"[^\W_]+", re.UNICODE)
_NUMBER_RE = re.compile(r"\d+(?:[.,:]\d+)*")
_DATE_RE = re.compile(
    r"\b\d{4}-\d{2}-\d{2}\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b",
    re.IGNORECASE,
)
_NEGATION_RE = re.compile(
    r"\b(?:not|no|never|none|nothing|without|cannot|stop(?:ped)?|disabled?|removed?|"
    r"\w+n't)\b|不|没|無|없",
    re.IGNORECASE,
)
_MARKER_LINE_RE = re.compile(r"^\s*<!--.*-->\s*$")
_META_SUFFIX_RE = re.compile(r"\s*\[score=[^\]]*source=[^\]]*\]\s*$")
_STOP = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "by",
        "for",
        "from",
        "in",
        "is",
        "it",
        "of",
        "on",
        "or",
        "that",
        "the",
        "this",
        "to",
        "was",
        "were",
        "will",
        "with",
        "we",
        "our",
    ]
)


def _tokens(text: str) -> list[str]:
    out: list[str] = []
    for token in _TOKEN_RE.findall(text.lower()):
        if any("\u3040" <= ch <= "\u9fff" or "\uac00" <= ch <= "\ud7af" for ch in token):
            out.extend(token)
        elif token not in _STOP:
            out.append(token)
    return out


def lexical_similarity(a: str, b: str) -> float:
    """Jaccard similarity of word sets (CJK compared per character)."""
    return _jaccard(a, frozenset(_tokens(a)), b, frozenset(_tokens(b)))


def _jaccard(a: str, left: frozenset[str], b: str, right: frozenset[str]) -> float:
    """:func:`lexical_similarity` of ``a`` and ``b`` given their word sets."""
    if not left or not right:
        return 1.0 if a.strip().lower() == b.strip().lower() and a.strip() else 0.0
    return len(left & right) / len(left | right)


def entry_text(line: str) -> str:
    """A MEMORY.md line without its bullet marker and promotion metadata suffix."""
    text = re.sub(r"^\s*(?:[-*+]|\d+[.)])\s+", "", line)
    return _META_SUFFIX_RE.sub("", text).strip()


@dataclass(frozen=True)
class MemoryEntry:
    """One content line of MEMORY.md (1-based line number)."""

    line: int
    text: str
    raw: str


def memory_entries(memory_text: str) -> list[MemoryEntry]:
    """Content lines of MEMORY.md: not headings, not comments, not blank."""
    entries: list[MemoryEntry] = []
    for index, raw in enumerate(memory_text.split("\n"), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#") or _MARKER_LINE_RE.match(stripped):
            continue
        text = entry_text(raw)
        if text:
            entries.append(MemoryEntry(index, text, raw))
    return entries


@dataclass(frozen=True)
class NearbyEntry:
    """A MEMORY.md entry close to a candidate, with how it relates."""

    line: int
    text: str
    lexical: float
    vector: float | None
    flag: str | None
    why: str | None

    @property
    def similarity(self) -> float:
        """The larger of the lexical and vector similarities."""
        return max(self.lexical, self.vector or 0.0)


def _numbers(text: str) -> set[str]:
    return set(_NUMBER_RE.findall(_DATE_RE.sub(" ", text)))


def _dates(text: str) -> set[str]:
    return {d.lower() for d in _DATE_RE.findall(text)}


def _negated(text: str) -> bool:
    return bool(_NEGATION_RE.search(text))


@dataclass(frozen=True)
class _Facts:
    """What :func:`conflict_reason` compares of one text."""

    dates: frozenset[str]
    numbers: frozenset[str]
    negated: bool

    @staticmethod
    def of(text: str) -> _Facts:
        return _Facts(frozenset(_dates(text)), frozenset(_numbers(text)), _negated(text))


def _conflict(a: _Facts, b: _Facts) -> str | None:
    if a.dates and b.dates and a.dates != b.dates:
        return "different dates"
    if a.numbers and b.numbers and a.numbers != b.numbers:
        return "different numbers"
    if a.negated != b.negated:
        return "one of them is negated"
    return None


def conflict_reason(candidate_text: str, entry: str) -> str | None:
    """Why two texts about the same subject may disagree, or None."""
    return _conflict(_Facts.of(candidate_text), _Facts.of(entry))


class MemoryIndex:
    """The entries of one MEMORY.md text with what comparing a candidate to them needs
    (their words, lower-cased text, dates, numbers, negation), worked out once.

    A preview compares every candidate with every entry; read again for each candidate,
    the entries' words were most of the time a large ledger took to list."""

    def __init__(self, memory_text: str) -> None:
        self.entries = memory_entries(memory_text)
        self.texts = [e.text for e in self.entries]
        self.lowered = [t.lower() for t in self.texts]
        self.words = [frozenset(_tokens(t)) for t in self.texts]
        self._facts: dict[int, _Facts] = {}
        self._by_word: dict[str, list[int]] = {}
        self._wordless: list[int] = []
        for index, words in enumerate(self.words):
            if not words:
                self._wordless.append(index)
            for word in words:
                self._by_word.setdefault(word, []).append(index)

    def sharing(self, words: frozenset[str]) -> list[int]:
        """The entries that may be lexically similar to a text of these ``words``, in file
        order: those sharing a word with it, and those without words (compared as whole
        texts); every entry when it has no words itself. The others' similarity is 0."""
        if not words:
            return list(range(len(self.entries)))
        found = set(self._wordless)
        for word in words:
            found.update(self._by_word.get(word, ()))
        return sorted(found)

    def facts(self, index: int) -> _Facts:
        """The dates, numbers and negation of entry ``index`` (worked out when first asked:
        only entries on a candidate's subject need them)."""
        found = self._facts.get(index)
        if found is None:
            found = self._facts[index] = _Facts.of(self.texts[index])
        return found


def nearest_memory_entries(
    candidate_text: str,
    memory_text: str | MemoryIndex,
    *,
    limit: int = 3,
    vector_similarity: Callable[[str, Sequence[str]], Sequence[float]] | None = None,
    present_threshold: float = 0.8,
    subject_threshold: float = 0.3,
) -> list[NearbyEntry]:
    """The MEMORY.md entries most similar to ``candidate_text``, flagged.

    ``memory_text`` is MEMORY.md's text, or a :class:`MemoryIndex` of it (shared by the
    candidates of one preview). ``vector_similarity(text, others)`` may return one cosine
    similarity per other text. A flag is ``"already present"`` when the texts are (nearly)
    the same, and ``"may conflict"`` when they share a subject but differ in numbers, dates
    or negation.
    """
    memory = memory_text if isinstance(memory_text, MemoryIndex) else MemoryIndex(memory_text)
    target = entry_text(candidate_text)
    entries = memory.entries
    if not target or not entries:
        return []
    vectors: Sequence[float] | None = None
    if vector_similarity is not None:
        vectors = list(vector_similarity(target, list(memory.texts)))
    target_words = frozenset(_tokens(target))
    target_lower = target.lower()
    target_facts: _Facts | None = None
    scored: list[NearbyEntry] = []
    # without vectors an entry sharing no word has similarity 0 and is never listed
    indices = range(len(entries)) if vectors is not None else memory.sharing(target_words)
    for index in indices:
        entry = entries[index]
        lexical = _jaccard(target, target_words, entry.text, memory.words[index])
        vector = float(vectors[index]) if vectors is not None and index < len(vectors) else None
        similarity = max(lexical, vector or 0.0)
        entry_lower = memory.lowered[index]
        same = target_lower == entry_lower or (
            len(target) > 12 and (target_lower in entry_lower or entry_lower in target_lower)
        )
        why = None
        if similarity >= subject_threshold:
            target_facts = target_facts or _Facts.of(target)
            why = _conflict(target_facts, memory.facts(index))
        flag: str | None = None
        if same or (similarity >= present_threshold and why is None):
            flag, why = "already present", None
        elif why is not None:
            flag = "may conflict"
        scored.append(NearbyEntry(entry.line, entry.text, lexical, vector, flag, why))
    scored.sort(key=lambda e: (-e.similarity, e.line))
    return [e for e in scored[: max(0, limit)] if e.similarity > 0]


# --- superseding a MEMORY.md line -------------------------------------------------------


def superseded_lines(memory_text: str, line_number: int) -> tuple[int, list[str]]:
    """The lines a replacement of line ``line_number`` takes out of MEMORY.md: the line and
    the promotion marker directly above it, if any; with the 1-based line they start on."""
    lines = memory_text.split("\n")
    if not 1 <= line_number <= len(lines) or not lines[line_number - 1].strip():
        raise ReviewError(f"MEMORY.md has no entry on line {line_number}")
    old_index = line_number - 1
    if (
        old_index > 0
        and _MARKER_LINE_RE.match(lines[old_index - 1])
        and "openclaw-memory-promotion:" in lines[old_index - 1]
    ):
        return line_number - 1, lines[old_index - 1 : old_index + 1]
    return line_number, [lines[old_index]]


def supersede_line(memory_text: str, line_number: int, replacement_lines: Sequence[str]) -> str:
    """Put ``replacement_lines`` where line ``line_number`` was (with a promotion marker
    directly above it, if any); the rest of the file is kept byte for byte.

    The old lines are not kept in MEMORY.md, where they would still be injected into every
    session: the engine moves them to the health archive
    (:func:`reverie.core.health.superseded.archive_superseded`) before writing.
    """
    start, moved = superseded_lines(memory_text, line_number)
    lines = memory_text.split("\n")
    rest = lines[: start - 1] + list(replacement_lines) + lines[start - 1 + len(moved) :]
    return "\n".join(rest)


def today_iso(moment: datetime) -> str:
    """``YYYY-MM-DD`` of an aware datetime."""
    return moment.date().isoformat()
