"""What the dashboard shows, read once per refresh: candidates, ledger, events, reports.

A :class:`Snapshot` is built off the UI thread from the dreaming engine and the files of
``memory/.dreams``. It carries a :class:`Fingerprint` of the files a decision depends on,
taken *before* anything is read, so an action based on it can be refused when any of
those files changed since (MEMORY.md: other than by lines appended at its end,
:meth:`Fingerprint.conflicts`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from reverie.core.appended import grown_from
from reverie.core.dreaming import ledger, review
from reverie.core.dreaming.engine import Candidate, DreamEngine
from reverie.core.dreaming.promote import MEMORY_FILE, read_memory
from reverie.core.dreaming.scoring import Thresholds, normalize_weights
from reverie.core.jscompat import format_dreaming_day, parse_js_date

WATCHED_FILES: tuple[str, ...] = (
    MEMORY_FILE,
    str(ledger.LEDGER_RELATIVE_PATH.as_posix()),
    str(ledger.PHASE_SIGNALS_RELATIVE_PATH.as_posix()),
    str(review.REVIEW_RELATIVE_PATH.as_posix()),
)
PHASES: tuple[str, ...] = ("light", "rem", "deep")


def _digest(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except FileNotFoundError:
        return "missing"


@dataclass(frozen=True)
class Fingerprint:
    """SHA-256 of MEMORY.md, the ledger, the phase signals and the review store."""

    digests: Mapping[str, str]

    @staticmethod
    def of(root: Path) -> Fingerprint:
        return Fingerprint({rel: _digest(Path(root) / rel) for rel in WATCHED_FILES})

    def changed_files(self, other: Fingerprint) -> list[str]:
        """Files whose content differs between the two fingerprints."""
        return [rel for rel in WATCHED_FILES if self.digests.get(rel) != other.digests.get(rel)]

    def conflicts(self, root: Path) -> list[str]:
        """The files under ``root`` that changed since this fingerprint was taken in a way
        an action based on it must not cross: MEMORY.md counts only when it changed other
        than by lines appended at its end (an agent writing while the person reviews: an
        approval is added after them, an undo keeps them)."""
        now = Fingerprint.of(root)
        changed = self.changed_files(now)
        if MEMORY_FILE in changed and memory_only_grew(root, self.digests.get(MEMORY_FILE)):
            changed.remove(MEMORY_FILE)
        return changed


def memory_only_grew(root: Path, digest: str | None) -> bool:
    """Whether MEMORY.md under ``root`` is the file whose SHA-256 was ``digest`` with whole
    lines appended (:func:`~reverie.core.appended.grown_from`)."""
    if not digest or digest == "missing":
        return False
    try:
        data = (Path(root) / MEMORY_FILE).read_bytes()
    except OSError:
        return False
    return grown_from(data, digest) is not None


@dataclass(frozen=True)
class PhaseRun:
    """The last recorded run of one dreaming phase."""

    phase: str
    timestamp: str | None
    day: str | None
    line_count: int | None
    report_path: str | None
    report_text: str | None


@dataclass(frozen=True)
class Snapshot:
    """Everything one refresh of the dashboard reads."""

    root: Path
    fingerprint: Fingerprint
    now_ms: int
    timezone: str | None
    thresholds: Thresholds
    weights: Mapping[str, float]
    candidates: tuple[Candidate, ...]
    entries: tuple[Mapping[str, Any], ...]
    events: tuple[Mapping[str, Any], ...]
    memory_text: str
    dreams_text: str
    phase_runs: Mapping[str, PhaseRun]
    error: str | None = None
    today: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)

    def by_key(self, key: str) -> Candidate | None:
        for cand in self.candidates:
            if cand.key == key:
                return cand
        return None


def review_thresholds(engine: DreamEngine) -> Thresholds:
    """The deep-phase gates without the limit, so every candidate is listed."""
    return replace(engine.default_thresholds(), limit=None)


def _report_for(root: Path, event: Mapping[str, Any], timezone: str | None) -> tuple[str, str]:
    """(workspace-relative report path, text) of a phase event, read from this workspace."""
    phase = str(event.get("phase"))
    recorded = str(event.get("reportPath") or event.get("inlinePath") or "")
    ms = parse_js_date(event.get("timestamp"))
    day = format_dreaming_day(ms, timezone) if ms is not None else ""
    candidates = []
    if recorded:
        candidates.append(Path(recorded))
        marker = "/memory/"
        posix = recorded.replace("\\", "/")
        if marker in posix:
            candidates.append(root / ("memory/" + posix.split(marker, 1)[1]))
    if day:
        candidates.append(root / "memory" / "dreaming" / phase / f"{day}.md")
    for path in candidates:
        try:
            if path.is_file():
                rel = path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)
                return rel, path.read_text(encoding="utf-8")
        except OSError:
            continue
    return (recorded, "")


def _deep_block(dreams_text: str) -> str:
    start, end = "<!-- openclaw:dreaming:deep:start -->", "<!-- openclaw:dreaming:deep:end -->"
    if start in dreams_text and end in dreams_text:
        return dreams_text.split(start, 1)[1].split(end, 1)[0].strip("\n")
    return ""


def phase_runs(
    root: Path, events: tuple[Mapping[str, Any], ...], dreams_text: str, timezone: str | None
) -> dict[str, PhaseRun]:
    """The last run of each phase from the event journal (deep: the DREAMS.md block)."""
    runs: dict[str, PhaseRun] = {}
    for event in events:
        if event.get("type") != "memory.dream.completed":
            continue
        phase = str(event.get("phase"))
        rel, text = _report_for(root, event, timezone)
        ms = parse_js_date(event.get("timestamp"))
        runs[phase] = PhaseRun(
            phase,
            str(event.get("timestamp")),
            format_dreaming_day(ms, timezone) if ms is not None else None,
            int(event["lineCount"]) if isinstance(event.get("lineCount"), int) else None,
            rel or None,
            text or None,
        )
    if "deep" not in runs:
        block = _deep_block(dreams_text)
        dreams = root / "DREAMS.md"
        stamp = None
        if block and dreams.exists():
            stamp = datetime.fromtimestamp(dreams.stat().st_mtime).isoformat(timespec="seconds")
        runs["deep"] = PhaseRun(
            "deep",
            stamp,
            None,
            len(block.splitlines()) if block else None,
            "DREAMS.md" if block else None,
            block or None,
        )
    return runs


def load_snapshot(engine: DreamEngine) -> Snapshot:
    """Read everything the dashboard shows (runs on a worker thread)."""
    root = engine.workspace
    fingerprint = Fingerprint.of(root)
    ms = engine.now_ms()
    thresholds = review_thresholds(engine)
    weights = normalize_weights(engine.config.weights)
    error: str | None = None
    candidates: tuple[Candidate, ...] = ()
    entries: tuple[Mapping[str, Any], ...] = ()
    try:
        store = ledger.read_store(root, ms)  # once: the candidates and the plots share it
        candidates = tuple(
            engine.preview(
                thresholds, include_failing=True, include_decided=True, ledger_store=store
            )
        )
        entries = tuple(store["entries"].values())
    except Exception as exc:  # a broken ledger or review store is shown, not raised
        error = str(exc) or type(exc).__name__
    events = tuple(ledger.read_events(root))
    try:
        dreams_text = (root / "DREAMS.md").read_text(encoding="utf-8")
    except (FileNotFoundError, UnicodeDecodeError):
        dreams_text = ""
    return Snapshot(
        root=root,
        fingerprint=fingerprint,
        now_ms=ms,
        timezone=engine.timezone,
        thresholds=thresholds.resolved(),
        weights=weights,
        candidates=candidates,
        entries=entries,
        events=events,
        memory_text=read_memory(root),
        dreams_text=dreams_text,
        phase_runs=phase_runs(root, events, dreams_text, engine.timezone),
        error=error,
        today=format_dreaming_day(ms, engine.timezone),
    )
