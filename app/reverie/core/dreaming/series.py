"""Plot data derived from a snapshot: plain numbers, no Qt, so it is easy to test."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from reverie.core.dreaming.engine import Candidate
from reverie.core.jscompat import format_dreaming_day, parse_js_date
from reverie.core.text.stopwords import is_query_stop_word

SIGNAL_KINDS: tuple[str, ...] = ("recall", "daily", "grounded")
SCORE_BINS = 20


def signal_kind(query: str) -> str:
    """``daily`` for dreaming ingestion (``__dreaming_daily__`` / ``__dreaming_sessions__``),
    else ``recall`` (a real search)."""
    if query.startswith(("__dreaming_daily__", "__dreaming_sessions__")):
        return "daily"
    return "recall"


@dataclass(frozen=True)
class DailySignals:
    days: tuple[str, ...]
    counts: Mapping[str, tuple[int, ...]]
    """Signals recorded per day, by kind (same order as ``days``)."""


def signals_per_day(
    events: Iterable[Mapping[str, Any]],
    entries: Iterable[Mapping[str, Any]],
    timezone: str | None,
) -> DailySignals:
    """Signals recorded per day (one per surfaced result), from the event journal.

    Grounded signals are not journaled, so an entry's ``groundedCount`` is counted on the
    day of its ``lastRecalledAt``.
    """
    per_day: dict[str, Counter[str]] = {}
    for entry in entries:
        grounded = int(entry.get("groundedCount") or 0)
        ms = parse_js_date(entry.get("lastRecalledAt"))
        if grounded > 0 and ms is not None:
            per_day.setdefault(format_dreaming_day(ms, timezone), Counter())["grounded"] += grounded
    for event in events:
        if event.get("type") != "memory.recall.recorded":
            continue
        ms = parse_js_date(event.get("timestamp"))
        if ms is None:
            continue
        day = format_dreaming_day(ms, timezone)
        kind = signal_kind(str(event.get("query") or ""))
        results = event.get("results")
        count = len(results) if isinstance(results, list) else int(event.get("resultCount") or 0)
        per_day.setdefault(day, Counter())[kind] += count
    days = tuple(sorted(per_day))
    return DailySignals(
        days, {kind: tuple(per_day[d][kind] for d in days) for kind in SIGNAL_KINDS}
    )


@dataclass(frozen=True)
class Histogram:
    edges: tuple[float, ...]
    passing: tuple[int, ...]
    failing: tuple[int, ...]


def score_histogram(
    candidates: Sequence[Candidate], passes: Mapping[str, bool], bins: int = SCORE_BINS
) -> Histogram:
    """Candidates per score bin of width ``1 / bins``, split by whether they pass."""
    passing = [0] * bins
    failing = [0] * bins
    for cand in candidates:
        index = min(bins - 1, max(0, int(cand.score * bins)))
        if passes.get(cand.key, cand.passes):
            passing[index] += 1
        else:
            failing[index] += 1
    return Histogram(tuple(i / bins for i in range(bins + 1)), tuple(passing), tuple(failing))


_FILE_TAG_RE = re.compile(r"[/\\]|\.(?:md|markdown|jsonl?|txt|log|ya?ml|csv)$", re.IGNORECASE)
_FILE_WORDS = frozenset(
    {"md", "jsonl", "json", "txt", "log", "yaml", "yml", "csv", "markdown"}
    | {"user", "assistant", "system", "tool"}  # the speaker labels of session transcripts
)
_ID_RE = re.compile(r"(?=[a-z]*\d)(?=\d*[a-z])[0-9a-f-]{6,}|\d+(?:[-_.]\d+)+|\d{5,}")


def is_display_tag(tag: str) -> bool:
    """Whether a ledger concept tag says something about the content.

    The ledger keeps OpenClaw's tags as they are; for display, tags that are file names,
    paths, file types, hex ids (session-corpus ids such as ``a1b2c3``), dates and bare
    numbers, and stop words are left out.
    """
    text = tag.strip().lower()
    if len(text) < 2 or text in _FILE_WORDS or is_query_stop_word(text):
        return False
    if _FILE_TAG_RE.search(text):
        return False
    return not _ID_RE.fullmatch(text)


def display_tags(tags: Iterable[str]) -> tuple[str, ...]:
    """``tags`` without the noise :func:`is_display_tag` leaves out."""
    return tuple(t for t in tags if is_display_tag(str(t)))


def top_tags(entries: Iterable[Mapping[str, Any]], limit: int = 10) -> list[tuple[str, int]]:
    """The concept tags carried by the most ledger entries (noise left out, see
    :func:`is_display_tag`)."""
    counts: Counter[str] = Counter()
    for entry in entries:
        for tag in dict.fromkeys(entry.get("conceptTags") or []):
            if is_display_tag(str(tag)):
                counts[str(tag)] += 1
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:limit]


@dataclass(frozen=True)
class Growth:
    days: tuple[str, ...]
    entries: tuple[int, ...]
    promoted: tuple[int, ...]


def ledger_growth(entries: Iterable[Mapping[str, Any]], timezone: str | None) -> Growth:
    """Ledger size (entries first recalled by each day) and promoted count over time."""
    first: Counter[str] = Counter()
    promoted: Counter[str] = Counter()
    for entry in entries:
        ms = parse_js_date(entry.get("firstRecalledAt"))
        if ms is not None:
            first[format_dreaming_day(ms, timezone)] += 1
        pms = parse_js_date(entry.get("promotedAt"))
        if pms is not None:
            promoted[format_dreaming_day(pms, timezone)] += 1
    days = tuple(sorted(set(first) | set(promoted)))
    total = done = 0
    sizes: list[int] = []
    proms: list[int] = []
    for day in days:
        total += first[day]
        done += promoted[day]
        sizes.append(total)
        proms.append(done)
    return Growth(days, tuple(sizes), tuple(proms))


def first_day(entry_or_candidate: Candidate, timezone: str | None) -> str | None:
    """The day a candidate was first recalled, in the dreaming timezone."""
    ms = parse_js_date(entry_or_candidate.first_recalled_at)
    return format_dreaming_day(ms, timezone) if ms is not None else None
