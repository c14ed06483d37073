"""The dreaming engine as one service object, for the CLI and the GUI.

``DreamEngine`` ties the pieces together: preview ranked candidates with everything a
reviewer needs (components, gates, the rehydrated source lines, recall history and the
nearest MEMORY.md entries), apply approved ones (optionally edited, or replacing a line
they supersede), reject, snooze, undo the last approval, run the light/REM/deep phases
and report status. Candidates are frozen dataclasses; nothing here imports Qt.
"""

from __future__ import annotations

import contextlib
import logging
import shutil
import tempfile
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from reverie.core.appended import grown_from
from reverie.core.dreaming import ledger, review
from reverie.core.dreaming import refusals as R
from reverie.core.dreaming.approval import replaced_memory
from reverie.core.dreaming.config import DreamingConfig
from reverie.core.dreaming.fact_text import propose_fact
from reverie.core.dreaming.ingest import (
    Checkpoints,
    IngestResult,
    ingest_daily_notes,
    ingest_session_transcripts,
)
from reverie.core.dreaming.phases import PhaseOutput, run_light, run_rem, write_deep_report
from reverie.core.dreaming.promote import (
    ApplyResult,
    MarkerProblem,
    MemoryWriteRefused,
    apply_short_term_promotions,
    find_marker_problems,
    read_memory,
    write_memory,
)
from reverie.core.dreaming.rehydrate import NoteCache, Rehydration, rehydrate
from reverie.core.dreaming.scoring import (
    ScoringConfig,
    Thresholds,
    apply_limit,
    gate_results,
    normalize_weights,
    score_entry,
    sort_candidates,
)
from reverie.core.dreaming.snippets import is_short_term_memory_path, unpromotable_reason
from reverie.core.errors import UserError
from reverie.core.health.superseded import archive_superseded, unarchive_superseded
from reverie.core.jscompat import format_dreaming_day, iso_from_ms
from reverie.core.phrase import Said, said

log = logging.getLogger(__name__)

CONTEXT_LINES = 2
VectorSimilarity = Callable[[str, Sequence[str]], Sequence[float]]


@dataclass(frozen=True)
class SourceLine:
    """One line of the candidate's source file around the located range."""

    number: int
    text: str
    in_range: bool


@dataclass(frozen=True)
class RecallEvent:
    """One recorded search that returned the candidate's lines."""

    timestamp: str
    query: str
    score: float


@dataclass(frozen=True)
class Candidate:
    """A promotion candidate with everything shown before approval."""

    key: str
    path: str
    start_line: int
    end_line: int
    snippet: str
    score: float
    raw_score: float
    phase_boost: float
    components: Mapping[str, float]
    weights: Mapping[str, float]
    gates: Mapping[str, bool]
    recall_count: int
    daily_count: int
    grounded_count: int
    signal_count: int
    unique_queries: int
    avg_score: float
    max_score: float
    age_days: float
    first_recalled_at: str | None
    last_recalled_at: str | None
    recall_days: tuple[str, ...]
    concept_tags: tuple[str, ...]
    promoted_at: str | None
    located: bool
    blocked_reason: str | None
    located_start: int | None
    located_end: int | None
    located_snippet: str | None
    context: tuple[SourceLine, ...]
    recall_history: tuple[RecallEvent, ...]
    nearest: tuple[review.NearbyEntry, ...]
    review: review.Decision | None
    resurfaced: bool
    openclaw: Mapping[str, Any] = field(repr=False, compare=False, default_factory=dict)
    proposed_text: str = ""
    """The fact Reverie proposes to write: the located lines cleaned of headings and list
    markers (see :mod:`reverie.core.dreaming.fact_text`); '' when nothing is located."""

    @property
    def passes(self) -> bool:
        """Whether every gate passes."""
        return all(self.gates.values())

    @property
    def failed_gates(self) -> tuple[str, ...]:
        """Names of the gates that fail."""
        return tuple(name for name, ok in self.gates.items() if not ok)

    def as_json(self) -> dict[str, Any]:
        """A JSON-ready dict (``promote --json``)."""
        return {
            "key": self.key,
            "path": self.path,
            "startLine": self.start_line,
            "endLine": self.end_line,
            "snippet": self.snippet,
            "score": self.score,
            "rawScore": self.raw_score,
            "phaseBoost": self.phase_boost,
            "components": dict(self.components),
            "weights": dict(self.weights),
            "gates": dict(self.gates),
            "passes": self.passes,
            "recallCount": self.recall_count,
            "dailyCount": self.daily_count,
            "groundedCount": self.grounded_count,
            "signalCount": self.signal_count,
            "uniqueQueries": self.unique_queries,
            "avgScore": self.avg_score,
            "maxScore": self.max_score,
            "ageDays": self.age_days,
            "firstRecalledAt": self.first_recalled_at,
            "lastRecalledAt": self.last_recalled_at,
            "recallDays": list(self.recall_days),
            "conceptTags": list(self.concept_tags),
            "promotedAt": self.promoted_at,
            "located": self.located,
            "blockedReason": self.blocked_reason,
            "relocated": (
                {
                    "startLine": self.located_start,
                    "endLine": self.located_end,
                    "snippet": self.located_snippet,
                }
                if self.located
                else None
            ),
            "context": [asdict(line) for line in self.context],
            "recallHistory": [asdict(event) for event in self.recall_history],
            "nearest": [
                {
                    "line": n.line,
                    "text": n.text,
                    "lexical": n.lexical,
                    "vector": n.vector,
                    "flag": n.flag,
                    "why": n.why,
                }
                for n in self.nearest
            ],
            "review": (
                {
                    "decision": self.review.kind,
                    "decidedAt": self.review.decided_at,
                    "reason": self.review.reason,
                }
                if self.review
                else None
            ),
            "resurfaced": self.resurfaced,
        }


@dataclass(frozen=True)
class ApplyOutcome:
    """The result of approving candidates."""

    applied: tuple[str, ...]
    written: Mapping[str, str]
    result: ApplyResult | None
    replaced_line: str | None = None


@dataclass(frozen=True)
class PhaseReport:
    """What ``run_phase`` did (or would do, on a dry run)."""

    phase: str
    dry_run: bool
    ingested: tuple[IngestResult, ...] = ()
    outputs: tuple[PhaseOutput, ...] = ()
    ranked: tuple[Candidate, ...] = ()
    applied: tuple[str, ...] = ()
    deep_lines: tuple[str, ...] = ()
    repair: ledger.RepairResult | None = None


@dataclass(frozen=True)
class StatusReport:
    """Ledger audit plus dreaming and review summaries."""

    audit: ledger.LedgerAudit
    repair: ledger.RepairResult | None
    phase_signal_count: int
    review_counts: Mapping[str, int]
    waiting: int
    promoted: int
    marker_problems: tuple[MarkerProblem, ...] = ()
    """Malformed promotion markers in MEMORY.md (reported, never rewritten)."""


class DreamEngine:
    """Dreaming for one workspace, with human review between ranking and writing."""

    def __init__(
        self,
        workspace_root: Path,
        now: datetime | float | int | None = None,
        timezone: str | None = None,
        config: DreamingConfig | None = None,
        *,
        transcripts: Sequence[Path] = (),
        agent_id: str = "main",
        vector_similarity: VectorSimilarity | None = None,
    ) -> None:
        self.workspace = Path(workspace_root)
        if not self.workspace.is_dir():
            raise UserError(f"workspace {self.workspace} is not a folder")
        self._now = now
        self.config = config or DreamingConfig()
        self.timezone = timezone if timezone is not None else self.config.timezone
        self.transcripts = tuple(transcripts)
        self.agent_id = agent_id
        self.vector_similarity = vector_similarity

    # --- helpers -----------------------------------------------------------------------

    def now_ms(self) -> int:
        """The engine's clock (fixed when ``now`` was given)."""
        return ledger.now_ms(self._now)

    def _phase_config(self) -> DreamingConfig:
        if self.timezone == self.config.timezone:
            return self.config
        return replace(self.config, timezone=self.timezone)

    def default_thresholds(self, include_promoted: bool = False) -> Thresholds:
        """The deep-phase thresholds from the config."""
        return self.config.deep.thresholds(include_promoted)

    def _scoring(self) -> ScoringConfig:
        return ScoringConfig(
            weights=dict(self.config.weights),
            recency_half_life_days=self.config.deep.recency_half_life_days,
        )

    def _history(self) -> dict[tuple[str, int, int], list[RecallEvent]]:
        """The recorded recalls of each result span (path, start line, end line)."""
        history: dict[tuple[str, int, int], list[RecallEvent]] = {}
        for event in ledger.read_events(self.workspace):
            if event.get("type") != "memory.recall.recorded":
                continue
            for result in event.get("results") or []:
                try:
                    slot = (str(result["path"]), int(result["startLine"]), int(result["endLine"]))
                except (KeyError, TypeError, ValueError):
                    continue
                history.setdefault(slot, []).append(
                    RecallEvent(
                        str(event.get("timestamp")),
                        str(event.get("query")),
                        float(result.get("score") or 0),
                    )
                )
        return history

    def _build(
        self,
        scored: Mapping[str, Any],
        gates: dict[str, bool],
        weights: Mapping[str, float],
        memory: review.MemoryIndex | None,
        history: Mapping[tuple[str, int, int], list[RecallEvent]],
        decision: review.Decision | None,
        resurfaced: bool,
        notes: NoteCache,
    ) -> Candidate:
        """One candidate as shown; ``memory`` None: without its nearest MEMORY.md entries."""
        cand = scored["candidate"]
        located: Rehydration = rehydrate(self.workspace, cand, notes)
        blocked = located.reason
        gates = dict(gates)
        gates["promotable"] = (
            unpromotable_reason(cand["snippet"]) is None or not cand["snippet"].strip()
        )
        gates["locatable"] = located.ok
        context: list[SourceLine] = []
        if located.ok and located.candidate is not None:
            start, end = located.candidate["startLine"], located.candidate["endLine"]
            lo = max(1, start - CONTEXT_LINES)
            hi = min(len(located.lines), end + CONTEXT_LINES)
            context = [
                SourceLine(n, located.lines[n - 1], start <= n <= end) for n in range(lo, hi + 1)
            ]
        text = located.candidate["snippet"] if located.ok and located.candidate else cand["snippet"]
        nearest = (
            tuple(
                review.nearest_memory_entries(
                    text, memory, vector_similarity=self.vector_similarity
                )
            )
            if memory is not None
            else ()
        )
        return Candidate(
            key=cand["key"],
            path=cand["path"],
            start_line=cand["startLine"],
            end_line=cand["endLine"],
            snippet=cand["snippet"],
            score=cand["score"],
            raw_score=scored["rawScore"],
            phase_boost=scored["phaseBoost"],
            components=dict(cand["components"]),
            weights=dict(weights),
            gates=gates,
            recall_count=cand["recallCount"],
            daily_count=cand["dailyCount"],
            grounded_count=cand["groundedCount"],
            signal_count=cand["signalCount"],
            unique_queries=cand["uniqueQueries"],
            avg_score=cand["avgScore"],
            max_score=cand["maxScore"],
            age_days=cand["ageDays"],
            first_recalled_at=cand.get("firstRecalledAt"),
            last_recalled_at=cand.get("lastRecalledAt"),
            recall_days=tuple(cand["recallDays"]),
            concept_tags=tuple(cand["conceptTags"]),
            promoted_at=cand.get("promotedAt"),
            located=located.ok,
            blocked_reason=blocked,
            located_start=located.candidate["startLine"] if located.candidate else None,
            located_end=located.candidate["endLine"] if located.candidate else None,
            located_snippet=located.candidate["snippet"] if located.candidate else None,
            context=tuple(context),
            recall_history=recalls_of(cand, history),
            nearest=nearest,
            review=decision,
            resurfaced=resurfaced,
            openclaw=dict(cand),
            proposed_text=propose_fact(line.text for line in context if line.in_range),
        )

    def _scored_entries(
        self, thresholds: Thresholds, store: Mapping[str, Any] | None = None
    ) -> list[tuple[dict[str, Any], dict[str, bool]]]:
        ms = self.now_ms()
        if store is None:
            store = ledger.read_store(self.workspace, ms)
        signals = ledger.read_phase_signals(self.workspace, ms)
        cfg = self._scoring()
        out = []
        for entry in store["entries"].values():
            if not is_short_term_memory_path(entry["path"]):
                continue
            scored = score_entry(
                entry,
                signals["entries"].get(entry["key"]),
                ms,
                weights=cfg.weights,
                half_life_days=cfg.recency_half_life_days,
            )
            out.append((scored, gate_results(scored, thresholds)))
        return out

    def marker_problems(self) -> list[MarkerProblem]:
        """Malformed promotion markers in ``MEMORY.md``; none when it is missing or cannot
        be read as text (that is reported where the file is read)."""
        try:
            text = read_memory(self.workspace)
        except (OSError, ValueError):
            return []
        return find_marker_problems(text)

    # --- preview ----------------------------------------------------------------------

    def preview(
        self,
        thresholds: Thresholds | None = None,
        *,
        include_failing: bool = False,
        include_decided: bool = False,
        with_nearest: bool = True,
        keys: Collection[str] | None = None,
        ledger_store: Mapping[str, Any] | None = None,
    ) -> list[Candidate]:
        """Ranked candidates (best first), each with components, gates, the rehydrated
        lines with context, recall history and the nearest MEMORY.md entries; ``keys``:
        only those are built (re-reading each one's source and comparing it with every
        MEMORY.md entry is most of the work); ``ledger_store``: the ledger as the caller has
        just read it (:func:`ledger.read_store`), so it is not read and normalised twice.

        By default only candidates that pass the score/count/diversity/age gates and have
        no standing review decision are returned; ``include_failing`` adds the rest
        (still ranked) and ``include_decided`` adds approved, rejected and snoozed ones.
        """
        t = (thresholds or self.default_thresholds()).resolved()
        store = review.ReviewStore(self.workspace)
        today = format_dreaming_day(self.now_ms(), self.timezone)
        weights = normalize_weights(self.config.weights)
        memory_text = read_memory(self.workspace)
        history = self._history()
        chosen: list[tuple[dict[str, Any], dict[str, bool], review.Decision | None, bool]] = []
        for scored, gates in self._scored_entries(t, ledger_store):
            if not include_failing and not all(gates.values()):
                continue
            decision = store.decision(scored["candidate"]["key"])
            resurfaced = False
            if decision is not None:
                hidden = decision.hides(review.Evidence.of(scored["candidate"]), today)
                if hidden and not include_decided:
                    continue
                resurfaced = decision.kind == review.REJECTED and not hidden
            chosen.append((scored, gates, decision, resurfaced))
        order = sort_candidates([c[0]["candidate"] for c in chosen])
        by_key = {c[0]["candidate"]["key"]: c for c in chosen}
        ranked = apply_limit(order, t.limit)
        if keys is not None:
            ranked = [c for c in ranked if c["key"] in keys]
        # shared by every candidate: MEMORY.md's entries and the notes are each read and
        # taken apart once, not once per candidate
        memory = review.MemoryIndex(memory_text) if with_nearest and ranked else None
        notes = NoteCache()
        return [
            self._build(
                by_key[c["key"]][0],
                by_key[c["key"]][1],
                weights,
                memory,
                history,
                by_key[c["key"]][2],
                by_key[c["key"]][3],
                notes,
            )
            for c in ranked
        ]

    def explain(self, selector: str, *, include_promoted: bool = True) -> list[Candidate]:
        """Candidates whose key, path or snippet contains ``selector`` (exact key wins)."""
        wanted = selector.strip().lower()
        if not wanted:
            raise UserError("give a key, path or snippet text to explain")
        all_candidates = self.preview(
            Thresholds(
                min_score=self.config.deep.min_score,
                min_recall_count=self.config.deep.min_recall_count,
                min_unique_queries=self.config.deep.min_unique_queries,
                max_age_days=self.config.deep.max_age_days,
                include_promoted=include_promoted,
            ),
            include_failing=True,
            include_decided=True,
        )
        exact = [c for c in all_candidates if c.key.lower() == wanted]
        if exact:
            return exact
        return [
            c
            for c in all_candidates
            if wanted in c.key.lower() or wanted in c.path.lower() or wanted in c.snippet.lower()
        ]

    def candidate(
        self, key: str, thresholds: Thresholds | None = None, *, with_nearest: bool = True
    ) -> Candidate:
        """One candidate by key (whatever its gates and review state)."""
        t = thresholds or self.default_thresholds(include_promoted=True)
        t = replace(t, limit=None)
        for cand in self.preview(
            t, include_failing=True, include_decided=True, with_nearest=with_nearest, keys={key}
        ):
            return cand
        raise UserError(f"no recall-ledger entry with key {key}")

    # --- decisions --------------------------------------------------------------------

    def apply(
        self,
        keys: Sequence[str],
        edit_text: str | None = None,
        *,
        replace_line: int | None = None,
        thresholds: Thresholds | None = None,
    ) -> ApplyOutcome:
        """Approve candidates: write them into MEMORY.md and mark them promoted.

        ``edit_text`` (one key only) is written instead of the snippet; the marker keeps
        the candidate's key. ``replace_line`` (one key only) puts the new entry where that
        MEMORY.md line was and moves the old line to the health archive
        (``.reverie/health/archive.md``, out of the agent's reach, never deleted).
        Thresholds are re-checked and the text re-located at approval time.
        """
        if not keys:
            raise UserError("give at least one candidate key to apply")
        if (edit_text is not None or replace_line is not None) and len(keys) != 1:
            raise UserError("--edit and replacing a line work on exactly one candidate")
        problem = edit_refusal(edit_text) if edit_text is not None else None
        if problem is not None:
            raise UserError(problem)
        t = thresholds or self.default_thresholds()
        cands = [
            self.candidate(
                key, Thresholds(**{**t.__dict__, "include_promoted": True}), with_nearest=False
            )
            for key in keys
        ]
        for cand in cands:
            if cand.promoted_at:
                raise UserError(said(R.ALREADY_PROMOTED, key=cand.key, when=str(cand.promoted_at)))
        ms = self.now_ms()
        store_before = ledger.read_store(self.workspace, ms)
        memory_before = read_memory(self.workspace)
        texts = {keys[0]: " ".join(edit_text.split())} if edit_text is not None else {}
        if self.config.promotion_style == "reverie":
            for cand in cands:
                if cand.key not in texts and cand.proposed_text:
                    texts[cand.key] = cand.proposed_text
        if replace_line is not None:
            return self._apply_replacing(
                cands[0], texts.get(cands[0].key), replace_line, t, memory_before, store_before
            )
        resolved = t.resolved()
        result = apply_short_term_promotions(
            self.workspace,
            [dict(c.openclaw) for c in cands],
            ms,
            self.timezone,
            limit=len(cands),
            min_score=resolved.min_score,
            min_recall_count=resolved.min_recall_count,
            min_unique_queries=resolved.min_unique_queries,
            max_age_days=resolved.max_age_days,
            memory_file_max_chars=self.config.deep.memory_file_max_chars or None,
            texts=texts,
            style=self.config.promotion_style,
        )
        if result.applied == 0:
            reasons = {key: why for key, why in result.dropped}
            details = "; ".join(
                f"{c.key}: {reasons.get(c.key) or 'fails ' + ', '.join(c.failed_gates) or 'filtered'}"
                for c in cands
            )
            raise UserError(f"nothing applied ({details})")
        memory_after = read_memory(self.workspace)
        reviews = review.ReviewStore(self.workspace)
        written: dict[str, str] = {}
        previous = memory_before
        try:
            for applied in result.applied_candidates:
                text = texts.get(applied["key"], applied["snippet"])
                written[applied["key"]] = text
                reviews.record_approval(
                    applied,
                    text,
                    previous,
                    memory_after,
                    store_before["entries"].get(applied["key"]),
                    ms,
                )
        except BaseException:
            # without its record the approval could not be undone: take it back now
            self._take_back(result.applied_candidates, store_before, memory_before, memory_after)
            raise
        return ApplyOutcome(tuple(c["key"] for c in result.applied_candidates), written, result)

    def _take_back(
        self,
        applied: Sequence[Mapping[str, Any]],
        store_before: Mapping[str, Any],
        memory_before: str,
        memory_after: str,
    ) -> None:
        """Put MEMORY.md and the ledger entries of ``applied`` back as they were before an
        approval whose review record could not be written (best effort: a file changed
        meanwhile is left as it is)."""
        with contextlib.suppress(UserError, OSError), ledger.ledger_lock(self.workspace):
            write_memory(self.workspace, memory_before, memory_after, allow_removal=True)
            store = ledger.read_store(self.workspace, self.now_ms())
            for cand in applied:
                key = str(cand["key"])
                before = store_before["entries"].get(key)
                if key in store["entries"] and isinstance(before, dict):
                    store["entries"][key] = dict(before)
            ledger.write_store(self.workspace, store)

    def _apply_replacing(
        self,
        cand: Candidate,
        text: str | None,
        line_number: int,
        thresholds: Thresholds,
        memory_before: str,
        store_before: Mapping[str, Any],
    ) -> ApplyOutcome:
        if not all(v for k, v in cand.gates.items() if k != "notPromoted"):
            raise UserError(f"{cand.key} fails {', '.join(cand.failed_gates)}")
        located = rehydrate(self.workspace, cand.openclaw)
        if located.candidate is None:
            raise UserError(f"{cand.key} cannot be promoted: {located.reason}")
        relocated = located.candidate
        ms = self.now_ms()
        now_iso = iso_from_ms(ms)
        lines_old = memory_before.split("\n")
        if not 1 <= line_number <= len(lines_old):
            raise UserError(said(R.NO_LINE, line=line_number))
        old_line = lines_old[line_number - 1]
        day = format_dreaming_day(ms, self.timezone)
        new_text = replaced_memory(memory_before, relocated, text, line_number, day)
        moved_from, moved = review.superseded_lines(memory_before, line_number)
        with ledger.ledger_lock(self.workspace):
            # the old line is in the archive before it leaves MEMORY.md: nothing is lost
            archive_superseded(
                self.workspace,
                moved,
                moved_from,
                text if text is not None else relocated["snippet"],
                cand.key,
                datetime.fromtimestamp(ms / 1000, UTC),
            )
            try:
                write_memory(self.workspace, new_text, memory_before, archived="\n".join(moved))
            except BaseException:
                moment = datetime.fromtimestamp(ms / 1000, UTC)
                unarchive_superseded(self.workspace, cand.key, moment)
                raise
            store = ledger.read_store(self.workspace, ms)
            entry = store["entries"].get(cand.key)
            if entry is not None:
                entry.update(
                    startLine=relocated["startLine"],
                    endLine=relocated["endLine"],
                    snippet=relocated["snippet"],
                    promotedAt=now_iso,
                )
                store["entries"][cand.key] = ledger._ordered(entry, entry, ledger.ENTRY_FIELDS)
            store["updatedAt"] = now_iso
            ledger.write_store(self.workspace, store)
            ledger.append_event(
                self.workspace,
                {
                    "type": "memory.promotion.applied",
                    "timestamp": now_iso,
                    "memoryPath": str(self.workspace / "MEMORY.md"),
                    "applied": 1,
                    "candidates": [
                        {
                            "key": cand.key,
                            "path": relocated["path"],
                            "startLine": relocated["startLine"],
                            "endLine": relocated["endLine"],
                            "score": relocated["score"],
                            "recallCount": relocated["recallCount"],
                        }
                    ],
                },
            )
        written = text if text is not None else relocated["snippet"]
        review.ReviewStore(self.workspace).record_approval(
            relocated,
            written,
            memory_before,
            new_text,
            store_before["entries"].get(cand.key),
            ms,
            replaced_line=old_line,
        )
        return ApplyOutcome((cand.key,), {cand.key: written}, None, old_line)

    def reject(self, key: str, reason: str | None = None) -> review.Decision:
        """Reject a candidate; it returns only if its evidence grows. Refused for one
        already promoted (its entry is in MEMORY.md: undo the approval first)."""
        cand = self.candidate(key, with_nearest=False)
        refuse_if_promoted(cand)
        return review.ReviewStore(self.workspace).reject(cand.openclaw, reason, self.now_ms())

    def snooze(self, key: str, until: date | str) -> review.Decision:
        """Hide a candidate until a date after today (in the dreaming timezone)."""
        until_text = until.isoformat() if isinstance(until, date) else str(until).strip()
        try:
            day = date.fromisoformat(until_text)
        except ValueError:
            raise UserError(
                f"the snooze date must be like 2026-12-31, not {until_text!r}"
            ) from None
        today = format_dreaming_day(self.now_ms(), self.timezone)
        if day.isoformat() <= today:
            raise UserError(said(R.SNOOZE_NOT_AFTER_TODAY, today=today, day=day.isoformat()))
        cand = self.candidate(key, with_nearest=False)
        refuse_if_promoted(cand)
        return review.ReviewStore(self.workspace).snooze(cand.openclaw, day, self.now_ms())

    def undo_last(self) -> str:
        """Undo the last approval if MEMORY.md has not changed since, other than by lines
        appended at its end (they are kept, after the text as it was); returns its key."""
        reviews = review.ReviewStore(self.workspace)
        last = reviews.last_approval()
        if last is None:
            raise UserError(said(R.NOTHING_TO_UNDO))
        current = read_memory(self.workspace)
        appended = appended_since(current, str(last.get("memoryAfterDigest") or ""))
        if appended is None:
            raise UserError(said(R.CHANGED_SINCE_APPROVAL))
        restored = with_appended(str(last["memoryBefore"]), appended)
        ms = self.now_ms()
        key = str(last["key"])
        before = last.get("ledgerEntryBefore")
        with ledger.ledger_lock(self.workspace):
            if read_memory(self.workspace) != current:
                raise UserError(said(R.CHANGED_WHILE_UNDOING))
            write_memory(self.workspace, restored, current, allow_removal=True)
            store = ledger.read_store(self.workspace, ms)
            entry = store["entries"].get(key)
            if entry is not None:
                if isinstance(before, dict):
                    for name in ("startLine", "endLine", "snippet"):
                        if name in before:
                            entry[name] = before[name]
                    if before.get("promotedAt"):
                        entry["promotedAt"] = before["promotedAt"]
                    else:
                        entry.pop("promotedAt", None)
                else:
                    entry.pop("promotedAt", None)
                store["updatedAt"] = iso_from_ms(ms)
                ledger.write_store(self.workspace, store)
            # the journal says the promotion was taken back, as it said it was applied
            ledger.append_event(
                self.workspace,
                {
                    "type": "memory.promotion.undone",
                    "timestamp": iso_from_ms(ms),
                    "memoryPath": str(self.workspace / "MEMORY.md"),
                    "key": key,
                },
            )
        unarchive_superseded(self.workspace, key, datetime.fromtimestamp(ms / 1000, UTC))
        reviews.forget(key)
        last["undone"] = iso_from_ms(ms)
        last.pop("memoryBefore", None)
        reviews.save(ms)
        return key

    # --- phases and status -------------------------------------------------------------

    def _ingest(
        self,
        phase: str,
        lookback: float,
        limit: int,
        dry_run: bool,
        checkpoints: Checkpoints,
    ) -> list[IngestResult]:
        """The sweeps before ``phase``; ``checkpoints`` carries what the run's earlier
        sweeps took, so a dry run counts what the real run would."""
        ms = self.now_ms()
        results = [
            ingest_daily_notes(
                self.workspace,
                ms,
                self.timezone,
                lookback_days=lookback,
                limit=limit,
                dry_run=dry_run,
                checkpoints=checkpoints,
            )
        ]
        if self.transcripts:
            results.append(
                ingest_session_transcripts(
                    self.workspace,
                    self.transcripts,
                    ms,
                    self.timezone,
                    lookback_days=lookback,
                    agent_id=self.agent_id,
                    dry_run=dry_run,
                    checkpoints=checkpoints,
                )
            )
        return [replace(result, phase=phase) for result in results]

    def run_phase(self, phase: str = "all", dry_run: bool = False) -> PhaseReport:
        """Run ``light``, ``rem``, ``deep`` or ``all`` (light, REM, then deep).

        Deep repairs the ledger, ranks candidates with the deep thresholds and writes the
        Deep Sleep report; it writes MEMORY.md only when ``config.deep.auto_apply`` is on,
        otherwise the candidates wait for review. ``dry_run`` writes nothing in the
        workspace: the run is rehearsed on a scratch copy of the memory files and the
        dreaming state, so it reports what the real run would do (each phase sees what
        the phases before it ingested and wrote).
        """
        if phase not in ("light", "rem", "deep", "all"):
            raise UserError(f"unknown phase {phase!r}: use light, rem, deep or all")
        if dry_run:
            return self._rehearse(phase)
        ms = self.now_ms()
        cfg = self._phase_config()
        ingested: list[IngestResult] = []
        outputs: list[PhaseOutput] = []
        checkpoints: Checkpoints = {}
        if phase in ("light", "all") and cfg.light.enabled and cfg.light.limit > 0:
            ingested += self._ingest(
                "light", cfg.light.lookback_days, cfg.light.limit, dry_run, checkpoints
            )
            outputs.append(run_light(self.workspace, ms, cfg, dry_run=dry_run))
        if phase in ("rem", "all") and cfg.rem.enabled and cfg.rem.limit > 0:
            ingested += self._ingest(
                "rem", cfg.rem.lookback_days, cfg.rem.limit, dry_run, checkpoints
            )
            outputs.append(run_rem(self.workspace, ms, cfg, dry_run=dry_run))
        if phase not in ("deep", "all") or not cfg.deep.enabled or cfg.deep.limit <= 0:
            return PhaseReport(phase, dry_run, tuple(ingested), tuple(outputs))
        repaired = None if dry_run else ledger.repair(self.workspace, ms)
        ranked = self.preview(self.default_thresholds(), with_nearest=False)
        lines: list[str] = []
        if repaired is not None and repaired.changed:
            parts = []
            if repaired.rewrote_store:
                parts.append("rewrote recall store")
            if repaired.removed_invalid_entries:
                parts.append(f"-{repaired.removed_invalid_entries} invalid entries")
            if repaired.removed_stale_lock:
                parts.append("removed stale promotion lock")
            lines.append(f"- Repaired recall artifacts: {', '.join(parts)}.")
        lines.append(f"- Ranked {len(ranked)} candidate(s) for durable promotion.")
        applied: tuple[str, ...] = ()
        if cfg.deep.auto_apply and not dry_run and ranked:
            t = self.default_thresholds().resolved()
            result = apply_short_term_promotions(
                self.workspace,
                [dict(c.openclaw) for c in ranked if c.located],
                ms,
                self.timezone,
                limit=t.limit,
                min_score=t.min_score,
                min_recall_count=t.min_recall_count,
                min_unique_queries=t.min_unique_queries,
                max_age_days=t.max_age_days,
                memory_file_max_chars=cfg.deep.memory_file_max_chars or None,
            )
            applied = tuple(c["key"] for c in result.applied_candidates)
            lines.append(f"- Promoted {len(applied)} candidate(s) into MEMORY.md.")
        else:
            lines.append(
                f"- {sum(1 for c in ranked if c.located)} candidate(s) waiting for review."
            )
        write_deep_report(self.workspace, lines, ms, cfg, dry_run=dry_run)
        return PhaseReport(
            phase,
            dry_run,
            tuple(ingested),
            tuple(outputs),
            tuple(ranked),
            applied,
            tuple(lines),
            repaired,
        )

    def _rehearse(self, phase: str) -> PhaseReport:
        """``run_phase(phase)`` on a scratch copy of the workspace's memory, reported as a
        dry run; the workspace is only read."""
        with tempfile.TemporaryDirectory(prefix="reverie-dry-run-") as scratch:
            copy = copy_dreaming_inputs(self.workspace, Path(scratch) / "workspace")
            rehearsal = DreamEngine(
                copy,
                now=self.now_ms(),
                timezone=self.timezone,
                config=self.config,
                transcripts=self.transcripts,
                agent_id=self.agent_id,
                vector_similarity=self.vector_similarity,
            )
            report = rehearsal.run_phase(phase)
        return replace(report, dry_run=True)

    def status(self, fix: bool = False) -> StatusReport:
        """Audit the ledger (and repair it first when ``fix``)."""
        ms = self.now_ms()
        repaired = ledger.repair(self.workspace, ms) if fix else None
        audit = ledger.audit(self.workspace, ms)
        signals = ledger.read_phase_signals(self.workspace, ms)
        counts = {review.APPROVED: 0, review.REJECTED: 0, review.SNOOZED: 0}
        try:
            for decision in review.ReviewStore(self.workspace).decisions():
                counts[decision.kind] = counts.get(decision.kind, 0) + 1
        except review.ReviewError:
            pass
        waiting = 0
        if not any(i.code == "recall-store-unreadable" for i in audit.issues):
            waiting = len(self.preview(with_nearest=False))
        return StatusReport(
            audit,
            repaired,
            len(signals["entries"]),
            counts,
            waiting,
            audit.promoted_count,
            tuple(self.marker_problems()),
        )


__all__ = [
    "ApplyOutcome",
    "Candidate",
    "DreamEngine",
    "MemoryWriteRefused",
    "PhaseReport",
    "RecallEvent",
    "SourceLine",
    "StatusReport",
]


def copy_dreaming_inputs(workspace: Path, target: Path) -> Path:
    """Copy what dreaming reads and writes (the root Markdown files and ``memory/``, with
    the ledger and the dreaming state) to ``target``, keeping modification times (the
    ingestion checkpoints compare them). Files that cannot be read are left out, as the
    real run cannot read them either. Returns ``target``."""
    target.mkdir(parents=True)
    for entry in workspace.iterdir():
        if entry.is_file() and not entry.is_symlink() and entry.suffix.lower() == ".md":
            with contextlib.suppress(OSError):
                shutil.copy2(entry, target / entry.name)
    memory = workspace / "memory"
    if memory.is_dir() and not memory.is_symlink():
        try:
            shutil.copytree(memory, target / "memory", symlinks=True)
        except shutil.Error as exc:  # unreadable files: copied as far as possible
            log.info("dry run: %d files of memory/ could not be copied", len(exc.args[0]))
    return target


def edit_refusal(text: str) -> Said | None:
    """Why an edited text cannot be written as a MEMORY.md entry, or None when it can
    (asked before the approval starts, so the person can fix the text they wrote)."""
    if not text.strip():
        return said(R.EDIT_EMPTY)
    if "<!--" in text or "-->" in text:
        # a comment would hide the fact when MEMORY.md is rendered, and OpenClaw reads
        # its promotion markers from comments
        return said(R.EDIT_COMMENT)
    return None


def promoted_when(cand: Candidate) -> str | None:
    """When ``cand`` was promoted (its entry is in MEMORY.md: approved here, or promoted by
    OpenClaw), or None while it is not."""
    if cand.review is not None and cand.review.kind == review.APPROVED:
        return cand.review.decided_at
    return cand.promoted_at or None


def refuse_if_promoted(cand: Candidate) -> None:
    """A rejection or a snooze of a promoted candidate would stand beside its entry in
    MEMORY.md (and take the place of the approval's record, which undo needs): refused."""
    when = promoted_when(cand)
    if when is not None:
        raise UserError(said(R.PROMOTED_UNDO_FIRST, key=cand.key, when=when))


def appended_since(memory_text: str, digest: str) -> str | None:
    """What was appended to MEMORY.md since it was the text whose :func:`review.text_digest`
    is ``digest``: '' when it is that text, the appended lines when only whole lines were
    added at its end (an agent writing), None when it changed in any other way."""
    if review.text_digest(memory_text) == digest:
        return ""
    data = memory_text.encode("utf-8")
    cut = grown_from(data, digest) if digest else None
    return None if cut is None else data[cut:].decode("utf-8")


def with_appended(text: str, appended: str) -> str:
    """``text`` followed by lines ``appended`` elsewhere (on a line of their own)."""
    if appended and text and not text.endswith("\n") and not appended.startswith("\n"):
        return f"{text}\n{appended}"
    return text + appended


def recalls_of(
    cand: Mapping[str, Any], history: Mapping[tuple[str, int, int], list[RecallEvent]]
) -> tuple[RecallEvent, ...]:
    """The recalls of a ledger entry: of the span it has now and, when a promotion moved it
    to the lines it was found at (rehydration), of the span its key was recalled as
    (``memory:memory/2026-11-17.md:1:19``)."""
    spans = [(str(cand["path"]), int(cand["startLine"]), int(cand["endLine"]))]
    parts = str(cand.get("key") or "").rsplit(":", 2)
    if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
        spans.append((str(cand["path"]), int(parts[1]), int(parts[2])))
    found: list[RecallEvent] = []
    for span in dict.fromkeys(spans):
        found.extend(history.get(span, ()))
    return tuple(sorted(found, key=lambda event: event.timestamp))
