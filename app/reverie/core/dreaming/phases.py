"""The light and REM dreaming phases, and where their reports are written.

Light ("sort and stage") takes recent ledger entries, merges near-duplicates and stages
them as ``- Candidate:`` lines; REM ("reflect") finds recurring concept tags (themes) and
a few possible lasting truths. Both record phase signals that boost the deep score, and
neither ever writes ``MEMORY.md``. Output goes to a managed ``## Light Sleep`` /
``## REM Sleep`` block in today's daily note (storage mode ``inline`` or ``both``) and/or
a separate report ``memory/dreaming/<phase>/<day>.md`` (``separate``, ``both``, or
``separateReports``), as OpenClaw writes them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reverie.core.atomic import atomic_write_text
from reverie.core.dreaming import ledger
from reverie.core.dreaming.config import DreamingConfig
from reverie.core.dreaming.markdown import MANAGED_BLOCKS, markers, replace_managed_block
from reverie.core.dreaming.rehydrate import source_path_candidates
from reverie.core.dreaming.snippets import is_short_term_memory_path
from reverie.core.jscompat import (
    DAY_MS,
    format_dreaming_day,
    iso_from_ms,
    js_to_fixed,
    parse_js_date,
)

_TOKEN_RE = re.compile(r"[a-z0-9]+")
REM_SKIPPED_TAGS = frozenset({"assistant", "user", "system", "subagent", "the"})
PHASE_TITLES = {"light": "Light Sleep", "rem": "REM Sleep", "deep": "Deep Sleep"}


def jaccard_similarity(left: str, right: str) -> float:
    """Jaccard over lowercase ``[a-z0-9]+`` tokens (equal strings count 1 when token-less)."""
    a = set(_TOKEN_RE.findall(left.lower()))
    b = set(_TOKEN_RE.findall(right.lower()))
    if not a or not b:
        return 1.0 if left.lower() == right.lower() else 0.0
    return len(a & b) / len(a | b)


def _signals(entry: Mapping[str, Any]) -> int:
    return sum(int(entry.get(k) or 0) for k in ("recallCount", "dailyCount", "groundedCount"))


def _avg(entry: Mapping[str, Any]) -> float:
    return float(entry.get("totalScore") or 0) / max(1, _signals(entry))


def entries_within(
    workspace: Path,
    store: Mapping[str, Any],
    now_ms: float,
    lookback_days: float,
    timezone: str | None,
) -> list[dict[str, Any]]:
    """Ledger entries recalled within the lookback whose source file still exists."""
    cutoff_ms = now_ms - max(0.0, lookback_days) * DAY_MS
    cutoff_day = format_dreaming_day(cutoff_ms, timezone)
    out = []
    for entry in store.get("entries", {}).values():
        if not is_short_term_memory_path(entry["path"]):
            continue
        last = parse_js_date(entry.get("lastRecalledAt"))
        recent = any(day >= cutoff_day for day in entry.get("recallDays") or []) or (
            last is not None and last >= cutoff_ms
        )
        if not recent:
            continue
        if not any(p.is_file() for p in source_path_candidates(workspace, entry["path"])):
            continue
        out.append(dict(entry))
    return out


def dedupe_entries(entries: Sequence[Mapping[str, Any]], threshold: float) -> list[dict[str, Any]]:
    """Merge entries on the same path whose snippets are at least ``threshold`` similar."""
    merged: list[dict[str, Any]] = []
    for entry in entries:
        target = next(
            (
                m
                for m in merged
                if m["path"] == entry["path"]
                and jaccard_similarity(m["snippet"], entry["snippet"]) >= threshold
            ),
            None,
        )
        if target is None:
            merged.append(dict(entry))
            continue
        target["recallCount"] = max(target.get("recallCount", 0), entry.get("recallCount", 0))
        target["totalScore"] = max(target.get("totalScore", 0), entry.get("totalScore", 0))
        target["maxScore"] = max(target.get("maxScore", 0), entry.get("maxScore", 0))
        target["queryHashes"] = sorted(
            set(target.get("queryHashes", [])) | set(entry.get("queryHashes", []))
        )
        target["recallDays"] = sorted(
            set(target.get("recallDays", [])) | set(entry.get("recallDays", []))
        )
        target["conceptTags"] = list(
            dict.fromkeys([*target.get("conceptTags", []), *entry.get("conceptTags", [])])
        )
        if (entry.get("lastRecalledAt") or "") > (target.get("lastRecalledAt") or ""):
            target["lastRecalledAt"] = entry["lastRecalledAt"]
    return merged


def _sort_recent(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(
        entries,
        key=lambda e: (
            -(parse_js_date(e.get("lastRecalledAt")) or 0),
            -int(e.get("recallCount") or 0),
        ),
    )


def light_body(entries: Sequence[Mapping[str, Any]]) -> list[str]:
    """Five lines per staged entry, or ``- No notable updates.``."""
    if not entries:
        return ["- No notable updates."]
    lines: list[str] = []
    for entry in entries:
        lines += [
            f"- Candidate: {entry['snippet']}",
            f"  - confidence: {js_to_fixed(_avg(entry), 2)}",
            f"  - evidence: {entry['path']}:{entry['startLine']}-{entry['endLine']}",
            f"  - recalls: {entry.get('recallCount', 0)}",
            "  - status: staged",
        ]
    return lines


@dataclass(frozen=True)
class PhaseOutput:
    """What a phase produced and where it went (paths are workspace-relative)."""

    phase: str
    body: tuple[str, ...]
    keys: tuple[str, ...]
    inline_path: str | None
    report_path: str | None
    signal_keys: tuple[str, ...]


def plan_light(
    workspace: Path, store: Mapping[str, Any], now_ms: float, config: DreamingConfig
) -> tuple[list[str], list[str]]:
    """``(body lines, staged keys)`` for the light phase."""
    light = config.light
    recent = _sort_recent(
        entries_within(workspace, store, now_ms, light.lookback_days, config.timezone)
    )
    staged = dedupe_entries(recent, light.dedupe_similarity)[: max(0, light.limit)]
    return light_body(staged), [e["key"] for e in staged]


def _truth_confidence(entry: Mapping[str, Any]) -> float:
    value = (
        0.45 * _avg(entry)
        + 0.25 * min(1.0, math.log1p(int(entry.get("recallCount") or 0)) / math.log(7))
        + 0.2 * min(1.0, len(entry.get("recallDays") or []) / 3)
        + 0.1 * min(1.0, len(entry.get("conceptTags") or []) / 6)
    )
    return max(0.0, min(1.0, value))


def plan_rem(
    workspace: Path, store: Mapping[str, Any], now_ms: float, config: DreamingConfig
) -> tuple[list[str], list[str]]:
    """``(body lines, candidate-truth keys)`` for the REM phase."""
    rem = config.rem
    entries = entries_within(workspace, store, now_ms, rem.lookback_days, config.timezone)
    counts: dict[str, list[Mapping[str, Any]]] = {}
    for entry in entries:
        for tag in dict.fromkeys(entry.get("conceptTags") or []):
            if tag not in REM_SKIPPED_TAGS:
                counts.setdefault(tag, []).append(entry)
    themes = []
    for tag, members in counts.items():
        strength = min(1.0, 2 * len(members) / max(1, len(entries)))
        if strength >= rem.min_pattern_strength:
            themes.append((tag, strength, members))
    themes.sort(key=lambda t: (-t[1], -len(t[2]), t[0]))
    lines = ["### Reflections"]
    if not themes:
        lines.append("- No strong patterns surfaced.")
    for tag, strength, members in themes[: max(0, rem.limit)]:
        evidence = ", ".join(f"{m['path']}:{m['startLine']}-{m['endLine']}" for m in members[:3])
        lines += [
            f"- Theme: `{tag}` kept surfacing across {len(members)} memories.",
            f"  - confidence: {js_to_fixed(strength, 2)}",
            f"  - evidence: {evidence}",
            "  - note: reflection",
        ]
    pool = dedupe_entries([e for e in entries if not e.get("promotedAt")], 0.88)
    truths = [(e, _truth_confidence(e)) for e in pool]
    truths = [t for t in truths if t[1] >= 0.45]
    truths.sort(key=lambda t: (-t[1], t[0]["snippet"]))
    truths = truths[: max(1, min(3, rem.limit))]
    lines += ["", "### Possible Lasting Truths"]
    if not truths:
        lines.append("- No strong candidate truths surfaced.")
    for entry, confidence in truths:
        lines.append(
            f"- {entry['snippet']} [confidence={js_to_fixed(confidence, 2)} "
            f"evidence={entry['path']}:{entry['startLine']}-{entry['endLine']}]"
        )
    return lines, [e["key"] for e, _ in truths]


def write_phase_output(
    workspace: Path,
    phase: str,
    body: Sequence[str],
    now_ms: float,
    config: DreamingConfig,
    *,
    dry_run: bool = False,
) -> tuple[str | None, str | None]:
    """Write the inline block and/or separate report; ``(inline path, report path)``."""
    day = format_dreaming_day(now_ms, config.timezone)
    body_text = "\n".join(body)
    inline_rel = report_rel = None
    if config.storage_mode in ("inline", "both"):
        inline_rel = f"memory/{day}.md"
        if not dry_run:
            path = workspace / inline_rel
            original = path.read_text(encoding="utf-8") if path.exists() else ""
            start, end = markers(phase)
            updated = replace_managed_block(original, MANAGED_BLOCKS[phase], start, end, body_text)
            if updated != original:
                atomic_write_text(path, updated)
    if config.storage_mode in ("separate", "both") or config.separate_reports:
        report_rel = f"memory/dreaming/{phase}/{day}.md"
        if not dry_run:
            atomic_write_text(workspace / report_rel, f"# {PHASE_TITLES[phase]}\n\n{body_text}\n")
    if not dry_run:
        event: dict[str, Any] = {
            "type": "memory.dream.completed",
            "timestamp": iso_from_ms(now_ms),
            "phase": phase,
        }
        if inline_rel:
            event["inlinePath"] = str(workspace / inline_rel)
        if report_rel:
            event["reportPath"] = str(workspace / report_rel)
        event["lineCount"] = len(body)
        event["storageMode"] = config.storage_mode
        ledger.append_event(workspace, event)
    return inline_rel, report_rel


def run_light(
    workspace: Path, now_ms: float, config: DreamingConfig, *, dry_run: bool = False
) -> PhaseOutput:
    """Stage recent entries, write the light report, record light signals."""
    store = ledger.read_store(workspace, now_ms)
    body, keys = plan_light(workspace, store, now_ms, config)
    inline, report = write_phase_output(workspace, "light", body, now_ms, config, dry_run=dry_run)
    if not dry_run and keys:
        ledger.record_phase_signals(workspace, "light", keys, now_ms)
    return PhaseOutput("light", tuple(body), tuple(keys), inline, report, tuple(keys))


def run_rem(
    workspace: Path, now_ms: float, config: DreamingConfig, *, dry_run: bool = False
) -> PhaseOutput:
    """Find themes and possible lasting truths, write the REM report, record REM signals."""
    store = ledger.read_store(workspace, now_ms)
    body, keys = plan_rem(workspace, store, now_ms, config)
    inline, report = write_phase_output(workspace, "rem", body, now_ms, config, dry_run=dry_run)
    if not dry_run and keys:
        ledger.record_phase_signals(workspace, "rem", keys, now_ms)
    return PhaseOutput("rem", tuple(body), tuple(keys), inline, report, tuple(keys))


def write_deep_report(
    workspace: Path,
    lines: Sequence[str],
    now_ms: float,
    config: DreamingConfig,
    *,
    dry_run: bool = False,
) -> tuple[str | None, str | None]:
    """The ``## Deep Sleep`` block in DREAMS.md (or an existing dreams.md) and, in
    separate mode, ``memory/dreaming/deep/<day>.md``."""
    body = list(lines) or ["- No durable changes."]
    dreams_name = (
        "dreams.md"
        if (workspace / "dreams.md").exists() and not (workspace / "DREAMS.md").exists()
        else "DREAMS.md"
    )
    if not dry_run:
        path = workspace / dreams_name
        original = path.read_text(encoding="utf-8") if path.exists() else ""
        start, end = markers("deep")
        updated = replace_managed_block(
            original, MANAGED_BLOCKS["deep"], start, end, "\n".join(body)
        )
        if updated != original:
            atomic_write_text(path, updated)
    report_rel = None
    if config.storage_mode in ("separate", "both") or config.separate_reports:
        day = format_dreaming_day(now_ms, config.timezone)
        report_rel = f"memory/dreaming/deep/{day}.md"
        if not dry_run:
            atomic_write_text(workspace / report_rel, "# Deep Sleep\n\n" + "\n".join(body) + "\n")
    return dreams_name, report_rel
