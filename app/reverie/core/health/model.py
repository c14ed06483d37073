"""The health review's data: findings, their evidence and the bootstrap budget."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from ..phrase import Phrase

UPDATE = "possible-update"
DUPLICATE = "duplicate"
STALE = "stale"
BUDGET = "budget"
KINDS = (UPDATE, DUPLICATE, STALE, BUDGET)


@dataclass(frozen=True)
class EvidenceRef:
    """A line that supports a finding (a newer note, the other duplicate, a last mention)."""

    path: str
    start_line: int
    end_line: int
    text: str
    date: str | None
    """``YYYY-MM-DD`` when known."""
    role: str = ""
    """What the line is to the finding: ``newer``, ``duplicate-of``, ``last-mention``..."""

    def as_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "startLine": self.start_line,
            "endLine": self.end_line,
            "text": self.text,
            "date": self.date,
        }


@dataclass(frozen=True)
class Finding:
    """One thing the person should look at in ``MEMORY.md``."""

    id: str
    kind: str
    path: str
    start_line: int
    end_line: int
    text: str
    reason: str
    score: float
    evidence: tuple[EvidenceRef, ...] = ()
    entry_key: str = ""
    """Content identity of the entry (see :func:`reverie.core.health.entries.entry_key`)."""
    entry_date: str | None = None
    entry_date_source: str | None = None
    """How the entry's date is known: ``promotion``, ``source-note``, ``first-note``,
    ``first-seen``, ``rewritten`` (the person wrote it through the review)."""
    file_sha256: str = ""
    """SHA-256 of ``MEMORY.md`` when the finding was computed (actions refuse otherwise)."""
    raw: str = ""
    """The entry's lines exactly as in the file."""
    suggestion: str = ""
    """possible-update: the entry's text with the newer line's value in place of its own
    (:mod:`.suggestion`); empty when there is none to suggest."""
    reason_phrase: Phrase | None = field(default=None, compare=False, repr=False)
    """``reason`` in its parts, for an interface in another language (None: a finding read
    back from JSON)."""

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "path": self.path,
            "startLine": self.start_line,
            "endLine": self.end_line,
            "text": self.text,
            "reason": self.reason,
            "score": round(self.score, 3),
            "evidence": [e.as_json() for e in self.evidence],
            "suggestion": self.suggestion or None,
        }


def finding_id(kind: str, entry_key: str, evidence: tuple[EvidenceRef, ...]) -> str:
    """Stable while the entry and its evidence stay the same (a kept finding returns when
    its evidence changes because its id changes)."""
    digest = hashlib.sha1(kind.encode())
    digest.update(entry_key.encode())
    for ref in evidence:
        digest.update(f"\0{ref.path}\0{ref.text}".encode())
    return digest.hexdigest()[:10]


@dataclass(frozen=True)
class BudgetInfo:
    """``MEMORY.md`` against OpenClaw's bootstrap caps and what truncation would cut."""

    memory_chars: int
    per_file_max: int
    total_max: int
    other_bootstrap_chars: int
    effective_max: int
    """What MEMORY.md can use: the per-file cap, or less when the total cap runs out."""
    truncated: bool
    kept_head_chars: int
    kept_tail_chars: int
    cut_start_line: int | None
    cut_end_line: int | None
    cut_chars: int
    config_source: str
    """``openclaw.json`` path the caps came from, or ``defaults``."""
    config_source_phrase: Phrase | None = field(default=None, compare=False, repr=False)
    """``config_source`` in its parts (for an interface in another language)."""
    promoted_chars: int = 0
    """Characters of MEMORY.md in dreaming's promotion sections."""
    visible_text: str = ""
    """What the agent gets of MEMORY.md (with OpenClaw's truncation marker when cut)."""

    @property
    def ratio(self) -> float:
        return self.memory_chars / self.effective_max if self.effective_max > 0 else 1.0


@dataclass(frozen=True)
class HealthReport:
    findings: tuple[Finding, ...]
    budget: BudgetInfo
    memory_path: str
    memory_sha256: str
    now: str
    hidden: int = 0
    """Findings hidden by keep or snooze decisions."""
    counts: dict[str, int] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {
            "findings": [f.as_json() for f in self.findings],
            "memoryChars": self.budget.memory_chars,
            "bootstrapMaxChars": self.budget.per_file_max,
        }

    def by_kind(self, kind: str) -> list[Finding]:
        return [f for f in self.findings if f.kind == kind]

    def get(self, finding_id: str) -> Finding | None:
        return next((f for f in self.findings if f.id == finding_id), None)
