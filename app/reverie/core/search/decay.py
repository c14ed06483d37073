"""Temporal decay of search scores (spec section 10), OpenClaw's and Reverie's.

``score x exp(-ln2 / half_life_days x age_days)``, with the age never negative (future dates
are not boosted). Each result's timestamp comes from its path or from its file's mtime; the
reason is reported with it so a score trace can say why a result did or did not decay:

* ``"dated"``: a daily-note path ``memory/YYYY-MM-DD.md`` (UTC midnight of that date);
* ``"evergreen"``: a memory-source root or topic file, which never decays;
* ``"mtime"``: the file's modification time;
* ``"no-date"``: nothing usable, so no decay.

:func:`extract_timestamp` reproduces OpenClaw exactly, pitfalls included (spec section 18):
slugged daily notes (``memory/2026-04-10-standup.md``) count as evergreen, and session hits
look for ``sessions/x.jsonl`` under the workspace, where it normally does not exist.
:func:`extract_timestamp_reverie` fixes both.
"""

from __future__ import annotations

import functools
import math
import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

TimestampReason = Literal["dated", "evergreen", "mtime", "no-date"]
TimestampFn = Callable[[str, str | None], tuple[float | None, TimestampReason]]
"""``(path, source) -> (timestamp in epoch ms or None, reason)``."""

DAY_MS = 24 * 60 * 60 * 1000
DEFAULT_HALF_LIFE_DAYS = 30.0

# OpenClaw: only memory/YYYY-MM-DD.md directly in a memory/ folder (ASCII digits).
_DATED_MEMORY_PATH_RE = re.compile(r"(?:^|/)memory/([0-9]{4})-([0-9]{2})-([0-9]{2})\.md\Z")
# Reverie: also nested folders and slugged names (memory/2026-04-10-standup.md).
_DATED_MEMORY_PATH_REVERIE_RE = re.compile(
    r"(?:^|/)memory/(?:[^/]+/)*([0-9]{4})-([0-9]{2})-([0-9]{2})(?:-[^/]+)?\.md\Z"
)
_EVERGREEN_ROOTS = ("MEMORY.md", "memory.md")


@dataclass(frozen=True)
class TemporalDecayConfig:
    """Decay settings: off by default, half-life 30 days."""

    enabled: bool = False
    half_life_days: float = DEFAULT_HALF_LIFE_DAYS

    @classmethod
    def from_partial(cls, partial: Mapping[str, Any] | None) -> TemporalDecayConfig:
        """Defaults overridden by OpenClaw-style keys (``enabled``, ``halfLifeDays``)."""
        partial = partial or {}
        return cls(
            enabled=bool(partial.get("enabled", cls.enabled)),
            half_life_days=partial.get("halfLifeDays", cls.half_life_days),
        )


def to_decay_lambda(half_life_days: float) -> float:
    """The decay rate ``ln2 / half_life_days``; 0 for a non-finite or non-positive half-life."""
    if not math.isfinite(half_life_days) or half_life_days <= 0:
        return 0.0
    return math.log(2) / half_life_days


def calculate_temporal_decay_multiplier(age_days: float, half_life_days: float) -> float:
    """``exp(-lambda x max(0, age_days))``; 1 when the age or the half-life is unusable."""
    decay_lambda = to_decay_lambda(half_life_days)
    if decay_lambda <= 0 or not math.isfinite(age_days):
        return 1.0
    return math.exp(-decay_lambda * max(0.0, age_days))


def apply_temporal_decay_to_score(score: float, age_days: float, half_life_days: float) -> float:
    """``score`` times :func:`calculate_temporal_decay_multiplier`."""
    return score * calculate_temporal_decay_multiplier(age_days, half_life_days)


def _normalize_path(path: str) -> str:
    normalized = path.replace("\\", "/")
    return normalized[2:] if normalized.startswith("./") else normalized


def _date_from_match(match: re.Match[str] | None) -> datetime | None:
    if match is None:
        return None
    year, month, day = (int(g) for g in match.groups())
    if year < 100:
        # JavaScript's Date.UTC maps years 0-99 to 1900-1999, so OpenClaw rejects them.
        return None
    try:
        return datetime(year, month, day, tzinfo=UTC)
    except ValueError:
        return None


def parse_memory_date_from_path(path: str) -> datetime | None:
    """The UTC-midnight date of a ``memory/YYYY-MM-DD.md`` path, else ``None``.

    Backslashes become slashes and a leading ``./`` is dropped first. A date that does not
    exist (``2026-02-30``) gives ``None``.
    """
    return _date_from_match(_DATED_MEMORY_PATH_RE.search(_normalize_path(path)))


def is_evergreen_memory_path(path: str) -> bool:
    """``MEMORY.md``, ``memory.md``, or a file under ``memory/`` that is not a dated name."""
    normalized = _normalize_path(path)
    if normalized in _EVERGREEN_ROOTS:
        return True
    if not normalized.startswith("memory/"):
        return False
    return _DATED_MEMORY_PATH_RE.search(normalized) is None


@functools.lru_cache(maxsize=65536)
def parse_memory_date_from_path_reverie(path: str) -> datetime | None:
    """Like :func:`parse_memory_date_from_path`, also for slugged and nested daily notes.

    ``memory/2026-04-10-standup.md`` and ``memory/journal/2026-04-10.md`` are dated.
    """
    return _date_from_match(_DATED_MEMORY_PATH_REVERIE_RE.search(_normalize_path(path)))


@functools.lru_cache(maxsize=65536)
def is_evergreen_memory_path_reverie(path: str) -> bool:
    """Like :func:`is_evergreen_memory_path`, but slugged and nested daily notes are dated."""
    normalized = _normalize_path(path)
    if normalized in _EVERGREEN_ROOTS:
        return True
    if not normalized.startswith("memory/"):
        return False
    return _DATED_MEMORY_PATH_REVERIE_RE.search(normalized) is None


def _to_ms(moment: datetime) -> float:
    """Epoch milliseconds of a whole-second UTC datetime (exact)."""
    return moment.timestamp() * 1000


def _stat_mtime_ms(path: str, workspace_dir: str | os.PathLike[str] | None) -> float | None:
    if not workspace_dir:
        return None
    full = path if os.path.isabs(path) else os.path.abspath(os.path.join(workspace_dir, path))
    try:
        mtime_ms = os.stat(full).st_mtime_ns / 1_000_000
    except (OSError, ValueError):
        return None
    return mtime_ms if math.isfinite(mtime_ms) else None


def extract_timestamp(
    path: str,
    source: str | None,
    workspace_dir: str | os.PathLike[str] | None,
) -> tuple[float | None, TimestampReason]:
    """OpenClaw's timestamp for one result, in epoch milliseconds, with its reason.

    In order: the date of a ``memory/YYYY-MM-DD.md`` path (``"dated"``); for the ``memory``
    source, ``None`` for evergreen paths (``"evergreen"``); the mtime of the path resolved
    under ``workspace_dir`` (``"mtime"``); else ``None`` (``"no-date"``).
    """
    dated = parse_memory_date_from_path(path)
    if dated is not None:
        return _to_ms(dated), "dated"
    if source == "memory" and is_evergreen_memory_path(path):
        return None, "evergreen"
    mtime_ms = _stat_mtime_ms(path, workspace_dir)
    if mtime_ms is not None:
        return mtime_ms, "mtime"
    return None, "no-date"


def extract_timestamp_reverie(
    path: str,
    source: str | None,
    workspace_dir: str | os.PathLike[str] | None,
    file_mtime_ms: float | None,
) -> tuple[float | None, TimestampReason]:
    """Reverie's timestamp for one result: OpenClaw's rules without their pitfalls.

    * A session transcript (source ``"sessions"``) uses ``file_mtime_ms``, the real mtime of
      the transcript supplied by the caller; without it there is no date.
    * Daily notes are dated also when slugged (``memory/2026-04-10-standup.md``) or nested.
    * For the ``memory`` source, ``MEMORY.md``, ``memory.md`` and other undated files under
      ``memory/`` stay evergreen.
    * Any other file uses ``file_mtime_ms`` when given, else the mtime of the path resolved
      under ``workspace_dir``.
    """
    given_mtime = (
        float(file_mtime_ms) if file_mtime_ms is not None and math.isfinite(file_mtime_ms) else None
    )
    if source == "sessions":
        return (given_mtime, "mtime") if given_mtime is not None else (None, "no-date")
    dated = parse_memory_date_from_path_reverie(path)
    if dated is not None:
        return _to_ms(dated), "dated"
    if source == "memory" and is_evergreen_memory_path_reverie(path):
        return None, "evergreen"
    if given_mtime is not None:
        return given_mtime, "mtime"
    mtime_ms = _stat_mtime_ms(path, workspace_dir)
    if mtime_ms is not None:
        return mtime_ms, "mtime"
    return None, "no-date"


@dataclass(frozen=True)
class DecayDetail:
    """What decay did to one result.

    ``age_days`` is ``(now - timestamp) / 1 day`` before clamping (negative for a future
    date); ``multiplier`` is 1 when there is no timestamp.
    """

    timestamp_ms: float | None
    reason: TimestampReason
    age_days: float | None
    multiplier: float


def decay_detail(
    timestamp_ms: float | None,
    reason: TimestampReason,
    now_ms: float,
    half_life_days: float,
) -> DecayDetail:
    """Combine a timestamp with the clock and the half-life into a :class:`DecayDetail`."""
    if timestamp_ms is None:
        return DecayDetail(timestamp_ms=None, reason=reason, age_days=None, multiplier=1.0)
    age_days = (now_ms - timestamp_ms) / DAY_MS
    return DecayDetail(
        timestamp_ms=timestamp_ms,
        reason=reason,
        age_days=age_days,
        multiplier=calculate_temporal_decay_multiplier(age_days, half_life_days),
    )


def apply_temporal_decay_to_hybrid_results(
    results: Sequence[Mapping[str, Any]],
    config: TemporalDecayConfig,
    workspace_dir: str | os.PathLike[str] | None = None,
    now_ms: float | None = None,
    timestamp_fn: TimestampFn | None = None,
) -> list[dict[str, Any]]:
    """Decay the ``score`` of each result (mappings with ``path``, ``source``, ``score``).

    Order is kept and nothing is re-sorted. The timestamp is looked up once per
    ``source:path``, with :func:`extract_timestamp` unless ``timestamp_fn`` is given.
    Disabled decay returns plain copies.
    """
    if not config.enabled:
        return [dict(entry) for entry in results]
    now = now_ms if now_ms is not None else datetime.now(UTC).timestamp() * 1000

    def default_fn(path: str, source: str | None) -> tuple[float | None, TimestampReason]:
        return extract_timestamp(path, source, workspace_dir)

    lookup = timestamp_fn or default_fn
    cache: dict[str, tuple[float | None, TimestampReason]] = {}
    decayed: list[dict[str, Any]] = []
    for entry in results:
        source = entry.get("source")
        key = f"{source}:{entry['path']}"
        if key not in cache:
            cache[key] = lookup(entry["path"], source)
        timestamp_ms, _reason = cache[key]
        copy = dict(entry)
        if timestamp_ms is not None:
            copy["score"] = apply_temporal_decay_to_score(
                entry["score"], (now - timestamp_ms) / DAY_MS, config.half_life_days
            )
        decayed.append(copy)
    return decayed
