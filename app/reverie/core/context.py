"""What an OpenClaw agent loads at the start of a session (the "session-start view").

OpenClaw injects a fixed set of workspace files into the system prompt of a new session
(the *bootstrap files*) and, on new/reset model runs, a *startup prelude* of the latest
daily notes. Both are cut to character budgets, and what is cut is invisible to the agent
except for one marker line. This module computes, without Qt and without touching any file,
exactly what survives: per file the raw and injected characters, the cap that applied, the
kept head and tail, and for the prelude which notes were included and how far they were cut.

Sources (see ``../shared/spec/openclaw-context-and-sources.md``, "Bootstrap files"):

* files and order: ``AGENTS.md``, ``SOUL.md``, ``IDENTITY.md``, ``USER.md``,
  ``BOOTSTRAP.md`` (first run only), ``MEMORY.md`` (``memory.md`` when there is no
  ``MEMORY.md``; DM sessions only). Older versions also injected ``TOOLS.md`` and
  ``HEARTBEAT.md`` (:data:`LEGACY_BOOTSTRAP_FILES`, opt-in here);
* the truncation is ``trimBootstrapContent`` and ``clampToBudget`` of OpenClaw's
  ``bootstrap.ts`` (Feb 2026): the file is ``trimEnd()``-ed; over its budget it keeps the
  first 70% and the last 20% of the budget (UTF-16 units), joined by a two-line marker;
  each file's budget is ``min(bootstrapMaxChars, remaining total)``; files stop being
  added once the remaining total budget is under 64 characters; a missing standard file
  is injected as ``[MISSING] Expected at: <path>``;
* ``USER.md`` has its own fixed 4,000-character cap that the config can only lower;
* near-limit warnings start at 85% of a cap;
* the startup prelude is ``agents.defaults.startupContext`` (``dailyMemoryDays``,
  ``maxFileBytes``, ``maxFileChars``, ``maxTotalChars``; slugged daily files count too).

Sizes are JavaScript string lengths (UTF-16 code units), as OpenClaw measures them; the
token estimate is OpenClaw's CJK-weighted ``estimateStringChars / 4``.
"""

from __future__ import annotations

import datetime as _dt
import math
import os
import re
import stat
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from .jscompat import (
    CHARS_PER_TOKEN_ESTIMATE,
    JS_WHITESPACE,
    estimate_string_chars,
    from_utf16_units,
    to_utf16_units,
    truncate_utf16_safe,
    utf16_len,
)
from .phrase import Phrase, Said, phrase, said, template
from .workspace import PERMISSION_DENIED, UnreadableFile, decode_memory_text

# ---------------------------------------------------------------------- documented defaults
# Spec "Bootstrap files": 20,000 per file in the current docs (users reported 12,000 in some
# 2026 releases; the Feb 2026 code says 20,000).
DEFAULT_BOOTSTRAP_MAX_CHARS = 20_000
# Spec "Bootstrap files": 60,000 in total in the current docs (150,000 and 24,000 in
# earlier versions). The current documented value is used when the config has none.
DEFAULT_BOOTSTRAP_TOTAL_MAX_CHARS = 60_000
# Spec "Bootstrap files": USER.md's fixed cap, which config can only lower.
USER_FILE_MAX_CHARS = 4_000
# Spec "Bootstrap files" (bootstrap.ts): head/tail ratios and the minimum remaining budget.
HEAD_RATIO = 0.7
TAIL_RATIO = 0.2
MIN_FILE_BUDGET_CHARS = 64
# Spec "Bootstrap files" (bootstrap-budget.ts): near-limit warnings at 85%.
NEAR_LIMIT_RATIO = 0.85
# Spec "Bootstrap files", startupContext defaults.
DEFAULT_STARTUP_ENABLED = True
DEFAULT_STARTUP_APPLY_ON: tuple[str, ...] = ("new", "reset")
DEFAULT_DAILY_MEMORY_DAYS = 2
DEFAULT_STARTUP_MAX_FILE_BYTES = 16_384
DEFAULT_STARTUP_MAX_FILE_CHARS = 1_200
DEFAULT_STARTUP_MAX_TOTAL_CHARS = 2_800

BOOTSTRAP_FILES: tuple[str, ...] = (
    "AGENTS.md",
    "SOUL.md",
    "IDENTITY.md",
    "USER.md",
    "BOOTSTRAP.md",
    "MEMORY.md",
)
"""Injected at session start, in this order (spec "Bootstrap files")."""
LEGACY_BOOTSTRAP_FILES: tuple[str, ...] = ("TOOLS.md", "HEARTBEAT.md")
"""Injected by older OpenClaw versions only (after SOUL.md and before BOOTSTRAP.md)."""
OPTIONAL_FILES = frozenset({"BOOTSTRAP.md", "MEMORY.md"})
"""Files that are simply left out when missing (BOOTSTRAP.md is deleted after the first
run; MEMORY.md is added only when present). Other missing files get a ``[MISSING]`` line."""

_DAILY_NAME = re.compile(r"(\d{4}-\d{2}-\d{2})(?:-[^/]+)?\.md", re.ASCII)

Level = Literal["ok", "near", "over"]
Source = Literal["config", "default"]


# ---------------------------------------------------------------------- effective limits


@dataclass(frozen=True)
class ContextLimits:
    """The effective caps, each with where it came from (``config`` or ``default``)."""

    bootstrap_max_chars: int = DEFAULT_BOOTSTRAP_MAX_CHARS
    bootstrap_total_max_chars: int = DEFAULT_BOOTSTRAP_TOTAL_MAX_CHARS
    user_max_chars: int = USER_FILE_MAX_CHARS
    startup_enabled: bool = DEFAULT_STARTUP_ENABLED
    startup_apply_on: tuple[str, ...] = DEFAULT_STARTUP_APPLY_ON
    daily_memory_days: int = DEFAULT_DAILY_MEMORY_DAYS
    startup_max_file_bytes: int = DEFAULT_STARTUP_MAX_FILE_BYTES
    startup_max_file_chars: int = DEFAULT_STARTUP_MAX_FILE_CHARS
    startup_max_total_chars: int = DEFAULT_STARTUP_MAX_TOTAL_CHARS
    timezone: str | None = None
    """``agents.defaults.userTimezone`` (None: the host's), for "today" in the prelude."""
    origin: Mapping[str, Source] = field(default_factory=dict)
    """Config key → ``config`` when read from ``openclaw.json``, ``default`` otherwise."""

    def cap_for(self, name: str) -> int:
        """The per-file cap of ``name`` (``USER.md`` has its own smaller one)."""
        if name == "USER.md":
            return min(self.user_max_chars, self.bootstrap_max_chars)
        return self.bootstrap_max_chars

    def to_json(self) -> dict[str, Any]:
        return {
            "bootstrapMaxChars": self.bootstrap_max_chars,
            "bootstrapTotalMaxChars": self.bootstrap_total_max_chars,
            "userMaxChars": min(self.user_max_chars, self.bootstrap_max_chars),
            "startupContext": {
                "enabled": self.startup_enabled,
                "applyOn": list(self.startup_apply_on),
                "dailyMemoryDays": self.daily_memory_days,
                "maxFileBytes": self.startup_max_file_bytes,
                "maxFileChars": self.startup_max_file_chars,
                "maxTotalChars": self.startup_max_total_chars,
            },
            "timezone": self.timezone,
            "origin": dict(self.origin),
        }


def _mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _positive_int(value: Any) -> int | None:
    """OpenClaw's ``resolveBootstrapMaxChars`` rule: a finite number > 0, floored."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if not math.isfinite(value) or value <= 0:
        return None
    return max(1, math.floor(value))


def _agent_entry(raw: Mapping[str, Any], agent_id: str | None) -> Mapping[str, Any]:
    from .openclaw_config import normalize_agent_id

    agents = _mapping(raw.get("agents"))
    entries = agents.get("list")
    if agent_id is None or not isinstance(entries, list):
        return {}
    wanted = normalize_agent_id(agent_id)
    for entry in entries:
        if isinstance(entry, Mapping) and normalize_agent_id(entry.get("id")) == wanted:
            return entry
    return {}


def limits_from_config(raw: Mapping[str, Any] | None, agent_id: str | None = None) -> ContextLimits:
    """The effective limits of ``agent_id`` from a parsed ``openclaw.json`` (``raw``).

    ``agents.list[].bootstrapMaxChars`` / ``bootstrapTotalMaxChars`` override
    ``agents.defaults.*`` for that agent; ``startupContext`` is read from the agent's entry
    key by key, then from ``agents.defaults.startupContext``. Values that OpenClaw would
    reject (not a positive number) fall back to the documented defaults.
    """
    raw = raw or {}
    defaults = _mapping(_mapping(raw.get("agents")).get("defaults"))
    entry = _agent_entry(raw, agent_id)
    origin: dict[str, Source] = {}

    def pick_int(key: str, blocks: Sequence[Mapping[str, Any]], fallback: int) -> int:
        for block in blocks:
            value = _positive_int(block.get(key))
            if value is not None:
                origin[key] = "config"
                return value
        origin[key] = "default"
        return fallback

    per_file = pick_int("bootstrapMaxChars", (entry, defaults), DEFAULT_BOOTSTRAP_MAX_CHARS)
    total = pick_int("bootstrapTotalMaxChars", (entry, defaults), DEFAULT_BOOTSTRAP_TOTAL_MAX_CHARS)
    startup_blocks = (
        _mapping(entry.get("startupContext")),
        _mapping(defaults.get("startupContext")),
    )
    enabled = next(
        (b["enabled"] for b in startup_blocks if isinstance(b.get("enabled"), bool)), None
    )
    origin["startupContext.enabled"] = "default" if enabled is None else "config"
    apply_on: tuple[str, ...] | None = None
    for block in startup_blocks:
        value = block.get("applyOn")
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            apply_on = tuple(value)
            break
    origin["startupContext.applyOn"] = "default" if apply_on is None else "config"

    def startup_int(key: str, fallback: int) -> int:
        value = pick_int(key, startup_blocks, fallback)
        origin[f"startupContext.{key}"] = origin.pop(key)
        return value

    days = startup_int("dailyMemoryDays", DEFAULT_DAILY_MEMORY_DAYS)
    max_bytes = startup_int("maxFileBytes", DEFAULT_STARTUP_MAX_FILE_BYTES)
    max_file = startup_int("maxFileChars", DEFAULT_STARTUP_MAX_FILE_CHARS)
    max_total = startup_int("maxTotalChars", DEFAULT_STARTUP_MAX_TOTAL_CHARS)
    zone = defaults.get("userTimezone")
    return ContextLimits(
        bootstrap_max_chars=per_file,
        bootstrap_total_max_chars=total,
        startup_enabled=DEFAULT_STARTUP_ENABLED if enabled is None else enabled,
        startup_apply_on=DEFAULT_STARTUP_APPLY_ON if apply_on is None else apply_on,
        daily_memory_days=days,
        startup_max_file_bytes=max_bytes,
        startup_max_file_chars=max_file,
        startup_max_total_chars=max_total,
        timezone=zone.strip() if isinstance(zone, str) and zone.strip() else None,
        origin=origin,
    )


NO_STATE_FOLDER = template("no OpenClaw state folder: documented defaults")
CANNOT_READ = template("cannot read: {error}")
BROKEN_LINK = template("broken symbolic link")
NOT_REGULAR = template("not a regular file")
OVER_MAX_BYTES = template("{size} bytes, over maxFileBytes ({limit})")
BUDGET_SPENT = template("not injected: the total budget is spent")
BUDGET_LOW = template("not injected: under {chars} characters of the total budget were left")
MISSING = template("missing")
CUT_TO_TOTAL = template("cut to the {chars} characters left of the total budget")
UNREADABLE = template("unreadable")
STARTUP_SPENT = template("maxTotalChars spent")
CUT_TO_FILE_CHARS = template("cut to maxFileChars ({chars})")
CUT_TO_TOTAL_CHARS = template("cut to the {chars} characters left of maxTotalChars")
WARN_CUT = template(
    "{name} is {chars} characters; the agent sees {injected} (cap {cap}): {cut} characters in "
    "the middle are cut"
)
WARN_LEFT_OUT = template("{name} is not injected: {note}")
WARN_UNREADABLE = template("{name} cannot be read: {reason}")
WARN_NEAR = template(
    "{name} is {chars} characters, {percent}% of its cap ({cap}): it will be cut soon"
)
NO_CONFIG_FILE = template("no {path}: documented defaults")
BAD_CONFIG_FILE = template("{error}; documented defaults used")


def load_limits(
    state_dir: Path | None, agent_id: str | None = None
) -> tuple[ContextLimits, Phrase | None]:
    """The effective limits from ``<state_dir>/openclaw.json`` and a note when the file
    could not be used (missing state folder, unreadable or invalid file: defaults)."""
    from .openclaw_config import CONFIG_FILE_NAME, OpenClawConfigError, read_openclaw_json

    if state_dir is None:
        return limits_from_config(None, agent_id), phrase(NO_STATE_FOLDER)
    path = Path(state_dir) / CONFIG_FILE_NAME
    try:
        raw = read_openclaw_json(path)
    except OpenClawConfigError as exc:
        return limits_from_config(None, agent_id), phrase(BAD_CONFIG_FILE, error=str(exc))
    if raw is None:
        return limits_from_config(None, agent_id), phrase(NO_CONFIG_FILE, path=str(path))
    return limits_from_config(raw, agent_id), None


# ---------------------------------------------------------------------- truncation


def js_trim_end(text: str) -> str:
    """JavaScript's ``String.prototype.trimEnd``."""
    return text.rstrip(JS_WHITESPACE)


def truncation_marker(name: str, head: int, tail: int, original: int) -> str:
    """The text OpenClaw puts between the kept head and tail of a cut file."""
    return "\n".join(
        [
            "",
            f"[...truncated, read {name} for full content...]",
            f"…(truncated {name}: kept {head}+{tail} chars of {original})…",
            "",
        ]
    )


def clamp_to_budget(content: str, budget: int) -> str:
    """OpenClaw's ``clampToBudget``: cut to ``budget`` UTF-16 units, ending in ``…``."""
    if budget <= 0:
        return ""
    if utf16_len(content) <= budget:
        return content
    if budget <= 3:
        return truncate_utf16_safe(content, budget)
    return truncate_utf16_safe(content, max(1, budget - 1)) + "…"


@dataclass(frozen=True)
class Trimmed:
    """One file after ``trimBootstrapContent``: the injected text and what was kept."""

    content: str
    truncated: bool
    original_length: int
    head: str = ""
    tail: str = ""


def trim_bootstrap_content(content: str, name: str, max_chars: int) -> Trimmed:
    """OpenClaw's ``trimBootstrapContent`` (UTF-16 slicing, as JavaScript slices)."""
    trimmed = js_trim_end(content)
    length = utf16_len(trimmed)
    if length <= max_chars:
        return Trimmed(trimmed, False, length)
    head_chars = math.floor(max_chars * HEAD_RATIO)
    tail_chars = math.floor(max_chars * TAIL_RATIO)
    units = to_utf16_units(trimmed)
    head = from_utf16_units(units[:head_chars])
    # JavaScript's slice(-0) is the whole string
    tail = from_utf16_units(units[-tail_chars:] if tail_chars > 0 else units)
    marker = truncation_marker(name, head_chars, tail_chars, length)
    return Trimmed("\n".join([head, marker, tail]), True, length, head, tail)


# ---------------------------------------------------------------------- the view


@dataclass(frozen=True)
class BootstrapFile:
    """One bootstrap file as the agent gets it."""

    name: str
    path: str
    """Workspace-relative path."""
    exists: bool
    raw_chars: int
    """UTF-16 length of the file as it is on disk (0 when missing)."""
    injected_chars: int
    """UTF-16 length of what is injected (the ``[MISSING]`` line for a missing file)."""
    cap: int
    """The per-file cap that applies (``USER.md``: its own)."""
    budget: int
    """The budget this file actually had: ``min(cap, remaining total)``; 0 when skipped."""
    truncated: bool
    included: bool
    """False when the total budget ran out before this file (or an optional file is missing)."""
    head: str = ""
    """The kept head when truncated."""
    tail: str = ""
    """The kept tail when truncated."""
    cut_chars: int = 0
    """Characters of the (end-trimmed) file that the agent does not see."""
    cut_lines: tuple[int, int] | None = None
    """First and last 1-based line (of the file) that are cut, at least partly."""
    tokens: int = 0
    """Estimated tokens of the injected text."""
    level: Level = "ok"
    """``over`` when the file is longer than its cap, ``near`` from 85% of it."""
    note: str | None = None
    injected_text: str = ""
    unreadable: str | None = None
    """Why the file, which is there, cannot be read as text (no access, not UTF-8, ...), in
    the words of ``reverie get``; None when it can be or is not there."""

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "rawChars": self.raw_chars,
            "injectedChars": self.injected_chars,
            "truncated": self.truncated,
            "cap": self.cap,
            "exists": self.exists,
            "included": self.included,
            "budget": self.budget,
            "cutChars": self.cut_chars,
            "cutLines": list(self.cut_lines) if self.cut_lines else None,
            "head": self.head,
            "tail": self.tail,
            "tokens": self.tokens,
            "level": self.level,
            "note": self.note,
            "unreadable": self.unreadable,
        }


@dataclass(frozen=True)
class StartupNote:
    """One daily note of the startup prelude."""

    path: str
    date: _dt.date
    raw_chars: int
    injected_chars: int
    truncated: bool
    included: bool
    reason: str | None = None
    """Why it is left out or cut (over maxFileBytes, total budget spent, ...)."""
    tokens: int = 0
    injected_text: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "date": self.date.isoformat(),
            "rawChars": self.raw_chars,
            "injectedChars": self.injected_chars,
            "truncated": self.truncated,
            "included": self.included,
            "reason": self.reason,
            "tokens": self.tokens,
        }


@dataclass(frozen=True)
class SessionContext:
    """Everything an agent's new session starts with, and what was cut."""

    workspace: Path
    agent_id: str | None
    limits: ContextLimits
    files: tuple[BootstrapFile, ...]
    startup: tuple[StartupNote, ...]
    today: _dt.date
    config_note: str | None = None
    warnings: tuple[str, ...] = ()

    @property
    def total_chars(self) -> int:
        return sum(f.injected_chars for f in self.files if f.included)

    @property
    def startup_chars(self) -> int:
        return sum(n.injected_chars for n in self.startup if n.included)

    @property
    def tokens(self) -> int:
        return sum(f.tokens for f in self.files if f.included) + sum(
            n.tokens for n in self.startup if n.included
        )

    def file(self, name: str) -> BootstrapFile | None:
        return next((f for f in self.files if f.name == name), None)

    @property
    def memory_file(self) -> BootstrapFile | None:
        return next((f for f in self.files if f.name in ("MEMORY.md", "memory.md")), None)

    def to_json(self) -> dict[str, Any]:
        return {
            "workspace": str(self.workspace),
            "agent": self.agent_id,
            "today": self.today.isoformat(),
            "files": [f.to_json() for f in self.files],
            "totalChars": self.total_chars,
            "totalCap": self.limits.bootstrap_total_max_chars,
            "startup": [n.to_json() for n in self.startup],
            "startupChars": self.startup_chars,
            "startupCap": self.limits.startup_max_total_chars,
            "tokens": self.tokens,
            "limits": self.limits.to_json(),
            "configNote": self.config_note,
            "warnings": list(self.warnings),
        }


def estimate_tokens(text: str) -> int:
    """OpenClaw's token estimate: CJK-weighted characters / 4, rounded up."""
    return math.ceil(estimate_string_chars(text) / CHARS_PER_TOKEN_ESTIMATE)


def level_for(raw_chars: int, cap: int) -> Level:
    """``over`` above the cap, ``near`` from 85% of it, else ``ok``."""
    if raw_chars > cap:
        return "over"
    if raw_chars >= math.ceil(cap * NEAR_LIMIT_RATIO):
        return "near"
    return "ok"


def _read_regular(
    path: Path, max_bytes: int | None = None
) -> tuple[str | None, str | None, str | None]:
    """(text, problem, unreadable) of a regular, non-linked file; invalid UTF-8 becomes U+FFFD
    as in Node.js. ``max_bytes`` refuses larger files. ``unreadable``: why the file, which is
    there, cannot be read as text (no access, not UTF-8, ...), as ``reverie get`` says it."""
    try:
        info = path.lstat()
    except FileNotFoundError:
        return None, None, None
    except OSError as exc:
        return None, said(CANNOT_READ, error=exc.strerror or exc.__class__.__name__), _why(exc)
    if stat.S_ISLNK(info.st_mode):
        try:
            info = path.stat()
        except OSError:
            return None, said(BROKEN_LINK), said(BROKEN_LINK)
    if not stat.S_ISREG(info.st_mode):
        return None, said(NOT_REGULAR), said(NOT_REGULAR)
    if max_bytes is not None and info.st_size > max_bytes:
        size = said(OVER_MAX_BYTES, size=f"{info.st_size:,}", limit=f"{max_bytes:,}")
        return None, size, None
    try:
        data = path.read_bytes()
    except OSError as exc:
        return None, said(CANNOT_READ, error=exc.strerror or exc.__class__.__name__), _why(exc)
    try:
        return decode_memory_text(data, path.name), None, None
    except UnreadableFile as exc:  # not UTF-8 text: what Node.js makes of it, and why
        return data.decode("utf-8", errors="replace"), None, exc.reason


def _why(exc: OSError) -> str:
    """Why a file could not be read, in the words of ``reverie get``."""
    if isinstance(exc, PermissionError):
        return said(PERMISSION_DENIED)
    return (exc.strerror or exc.__class__.__name__).lower()


def _cut_lines(text: str, head_units: int, tail_units: int) -> tuple[int, int] | None:
    """Lines (1-based) of ``text`` touched by the part between head and tail."""
    units = to_utf16_units(text)
    start = head_units
    end = len(units) - tail_units
    if end <= start:
        return None
    first = units.count("\n", 0, start) + 1
    last = units.count("\n", 0, end - 1) + 1
    return first, last


def _bootstrap_names(root: Path, legacy: bool, overrides: Mapping[str, str]) -> list[str]:
    names = list(BOOTSTRAP_FILES)
    if legacy:
        names[2:2] = list(LEGACY_BOOTSTRAP_FILES[:1])  # TOOLS.md after SOUL.md
        names.insert(names.index("BOOTSTRAP.md"), LEGACY_BOOTSTRAP_FILES[1])
    if (
        "MEMORY.md" not in overrides
        and not (root / "MEMORY.md").exists()
        and (root / "memory.md").is_file()
    ):
        names[names.index("MEMORY.md")] = "memory.md"
    return names


def bootstrap_files(
    root: Path,
    limits: ContextLimits,
    legacy: bool = False,
    overrides: Mapping[str, str] | None = None,
) -> list[BootstrapFile]:
    """The bootstrap files of the workspace ``root`` as ``buildBootstrapContextFiles``
    injects them. ``overrides`` replaces a file's text (``{"MEMORY.md": text}``): what the
    agent would see after a pending change."""
    remaining = max(1, limits.bootstrap_total_max_chars)
    result: list[BootstrapFile] = []
    overrides = overrides or {}
    stopped: str | None = None
    """Why OpenClaw stopped adding files (it leaves its loop); None while it goes on."""
    for name in _bootstrap_names(root, legacy, overrides):
        cap = limits.cap_for(name)
        path = root / name
        text: str | None
        problem: str | None
        unreadable: str | None = None
        if name in overrides:
            text, problem = overrides[name], None
        else:
            text, problem, unreadable = _read_regular(path)
        exists = text is not None
        raw = utf16_len(text) if text is not None else 0
        # OpenClaw measures the end-trimmed text against the cap
        level = level_for(utf16_len(js_trim_end(text)), cap) if text is not None else "ok"
        if not exists and (name in OPTIONAL_FILES or name == "memory.md"):
            result.append(
                BootstrapFile(
                    name,
                    name,
                    False,
                    0,
                    0,
                    cap,
                    0,
                    False,
                    False,
                    note=problem,
                    unreadable=unreadable,
                )
            )
            continue
        if stopped is None and remaining <= 0:
            stopped = said(BUDGET_SPENT)
        if stopped is None and exists and remaining < MIN_FILE_BUDGET_CHARS:
            stopped = said(BUDGET_LOW, chars=MIN_FILE_BUDGET_CHARS)
        if stopped is not None:  # OpenClaw breaks out of its loop: no further file
            result.append(
                BootstrapFile(
                    name,
                    name,
                    exists,
                    raw,
                    0,
                    cap,
                    0,
                    raw > 0,
                    False,
                    level=level,
                    cut_chars=raw,
                    note=stopped,
                    unreadable=unreadable,
                )
            )
            continue
        if text is None:
            missing = clamp_to_budget(f"[MISSING] Expected at: {path}", remaining)
            remaining = max(0, remaining - utf16_len(missing))
            result.append(
                BootstrapFile(
                    name,
                    name,
                    False,
                    0,
                    utf16_len(missing),
                    cap,
                    0,
                    False,
                    True,
                    tokens=estimate_tokens(missing),
                    note=problem or said(MISSING),
                    injected_text=missing,
                    unreadable=unreadable,
                )
            )
            continue
        budget = max(1, min(cap, remaining))
        trimmed = trim_bootstrap_content(text, name, budget)
        within = clamp_to_budget(trimmed.content, remaining)
        if not within:
            continue
        injected = utf16_len(within)
        truncated = trimmed.truncated or injected < utf16_len(trimmed.content)
        head, tail = trimmed.head, trimmed.tail
        if truncated and not trimmed.truncated:  # cut by the total budget only
            head, tail = within.removesuffix("…"), ""
        kept = utf16_len(head) + utf16_len(tail) if truncated else trimmed.original_length
        end_trimmed = js_trim_end(text)
        cut = max(0, trimmed.original_length - kept)
        note = None
        if budget < cap and truncated:
            note = said(CUT_TO_TOTAL, chars=f"{budget:,}")
        result.append(
            BootstrapFile(
                name=name,
                path=name,
                exists=True,
                raw_chars=raw,
                injected_chars=injected,
                cap=cap,
                budget=budget,
                truncated=truncated,
                included=True,
                head=head if truncated else "",
                tail=tail if truncated else "",
                cut_chars=cut,
                cut_lines=(
                    _cut_lines(end_trimmed, utf16_len(head), utf16_len(tail)) if truncated else None
                ),
                tokens=estimate_tokens(within),
                level=level,
                note=note,
                injected_text=within,
                unreadable=unreadable,
            )
        )
        remaining = max(0, remaining - injected)
    return result


# ---------------------------------------------------------------------- startup prelude


def today_in(zone: str | None, now: _dt.datetime | None = None) -> _dt.date:
    """Today's date in ``zone`` (None or unknown: the host's local time)."""
    moment = now or _dt.datetime.now(_dt.UTC)
    if moment.tzinfo is None:
        moment = moment.astimezone()
    tz: _dt.tzinfo | None = None
    if zone:
        try:
            tz = ZoneInfo(zone)
        except (ZoneInfoNotFoundError, ValueError):
            tz = None
    return moment.astimezone(tz).date() if tz is not None else moment.astimezone().date()


def _daily_notes_by_date(root: Path) -> dict[_dt.date, list[str]]:
    found: dict[_dt.date, list[str]] = {}
    try:
        entries = sorted(os.scandir(root / "memory"), key=lambda e: e.name)
    except OSError:
        return found
    for entry in entries:
        match = _DAILY_NAME.fullmatch(entry.name)
        if match is None:
            continue
        try:
            day = _dt.date.fromisoformat(match.group(1))
        except ValueError:
            continue
        found.setdefault(day, []).append(f"memory/{entry.name}")
    for paths in found.values():  # the plain YYYY-MM-DD.md first, then slugged ones
        paths.sort(key=lambda p: (len(p) != len("memory/YYYY-MM-DD.md"), p))
    return found


def startup_notes(root: Path, limits: ContextLimits, today: _dt.date) -> list[StartupNote]:
    """The daily notes of the last ``dailyMemoryDays`` days (today first) with their
    injected size: each cut to ``maxFileChars``, all together to ``maxTotalChars``; files
    over ``maxFileBytes`` are left out."""
    if not limits.startup_enabled:
        return []
    by_date = _daily_notes_by_date(root)
    remaining = limits.startup_max_total_chars
    notes: list[StartupNote] = []
    for offset in range(limits.daily_memory_days):
        day = today - _dt.timedelta(days=offset)
        for rel in by_date.get(day, []):
            text, problem, _ = _read_regular(root / rel, limits.startup_max_file_bytes)
            if text is None:
                notes.append(StartupNote(rel, day, 0, 0, False, False, problem or said(UNREADABLE)))
                continue
            body = js_trim_end(text)
            raw = utf16_len(text)
            if remaining <= 0:
                notes.append(StartupNote(rel, day, raw, 0, False, False, said(STARTUP_SPENT)))
                continue
            cut = clamp_to_budget(body, min(limits.startup_max_file_chars, remaining))
            injected = utf16_len(cut)
            truncated = injected < utf16_len(body)
            reason = None
            if truncated:
                reason = (
                    said(CUT_TO_FILE_CHARS, chars=f"{limits.startup_max_file_chars:,}")
                    if limits.startup_max_file_chars <= remaining
                    else said(CUT_TO_TOTAL_CHARS, chars=f"{remaining:,}")
                )
            notes.append(
                StartupNote(
                    rel,
                    day,
                    raw,
                    injected,
                    truncated,
                    True,
                    reason,
                    tokens=estimate_tokens(cut),
                    injected_text=cut,
                )
            )
            remaining -= injected
    return notes


# ---------------------------------------------------------------------- entry points


def session_context(
    root: Path,
    limits: ContextLimits,
    agent_id: str | None = None,
    now: _dt.datetime | None = None,
    legacy: bool = False,
    config_note: str | None = None,
) -> SessionContext:
    """The session-start view of the workspace ``root`` under ``limits``."""
    root = Path(root)
    today = today_in(limits.timezone, now)
    files = bootstrap_files(root, limits, legacy)
    notes = startup_notes(root, limits, today)
    return SessionContext(
        workspace=root,
        agent_id=agent_id,
        limits=limits,
        files=tuple(files),
        startup=tuple(notes),
        today=today,
        config_note=config_note,
        warnings=tuple(context_warnings(files, limits)),
    )


def load_session_context(
    root: Path,
    state_dir: Path | None,
    agent_id: str | None = None,
    now: _dt.datetime | None = None,
    legacy: bool = False,
) -> SessionContext:
    """:func:`session_context` with the limits read from ``<state_dir>/openclaw.json``."""
    limits, note = load_limits(state_dir, agent_id)
    return session_context(root, limits, agent_id, now, legacy, Said(note) if note else None)


def unreadable_warning(f: BootstrapFile) -> str | None:
    """``{name} cannot be read: {reason}`` for a file that is there but cannot be read as
    text (:attr:`BootstrapFile.unreadable`); None for any other."""
    if not f.unreadable:
        return None
    reason = f.unreadable.phrase if isinstance(f.unreadable, Said) else f.unreadable
    return said(WARN_UNREADABLE, name=f.name, reason=reason)


def context_warnings(files: Sequence[BootstrapFile], limits: ContextLimits) -> list[str]:
    """One sentence per file that cannot be read, is cut, over or near its cap, or left out."""
    warnings: list[str] = []
    for f in files:
        unreadable = unreadable_warning(f)
        if unreadable is not None:
            warnings.append(unreadable)
        if not f.exists:
            continue
        if f.truncated:
            warnings.append(
                said(
                    WARN_CUT,
                    name=f.name,
                    chars=f"{f.raw_chars:,}",
                    injected=f"{f.injected_chars:,}",
                    cap=f"{f.cap:,}",
                    cut=f"{f.cut_chars:,}",
                )
            )
        elif not f.included and f.raw_chars:
            note = f.note.phrase if isinstance(f.note, Said) else Phrase(f.note or "")
            warnings.append(said(WARN_LEFT_OUT, name=f.name, note=note))
        elif f.level == "near":
            warnings.append(
                said(
                    WARN_NEAR,
                    name=f.name,
                    chars=f"{f.raw_chars:,}",
                    percent=f.raw_chars * 100 // f.cap,
                    cap=f"{f.cap:,}",
                )
            )
    return warnings


@dataclass(frozen=True)
class GrowthCheck:
    """What appending text to ``MEMORY.md`` does to its injection."""

    before_chars: int
    after_chars: int
    cap: int
    before_level: Level
    after_level: Level
    truncated_after: bool
    cut_after: int

    @property
    def crosses_cap(self) -> bool:
        """True when the file fits today and would be cut after the change."""
        return self.before_level != "over" and self.after_level == "over"

    @property
    def warning(self) -> str | None:
        """A sentence to show before the change, or None when nothing is worth saying."""
        if self.after_level == "over":
            verb = "pushes" if self.crosses_cap else "keeps"
            return (
                f"This approval {verb} MEMORY.md over its injection cap: "
                f"{self.after_chars:,} characters for a cap of {self.cap:,}; the agent will "
                f"not see {self.cut_after:,} characters in the middle at session start"
            )
        if self.after_level == "near":
            return (
                f"After this approval MEMORY.md is {self.after_chars:,} characters, "
                f"{self.after_chars * 100 // self.cap}% of its injection cap ({self.cap:,})"
            )
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "beforeChars": self.before_chars,
            "afterChars": self.after_chars,
            "cap": self.cap,
            "beforeLevel": self.before_level,
            "afterLevel": self.after_level,
            "truncatedAfter": self.truncated_after,
            "cutAfter": self.cut_after,
            "warning": self.warning,
        }


def memory_growth(root: Path, limits: ContextLimits, new_text: str) -> GrowthCheck:
    """Compare ``MEMORY.md`` now with ``new_text`` (its content after a pending change)."""
    root = Path(root)
    name = "MEMORY.md"
    before = next((f for f in bootstrap_files(root, limits) if f.name == name), None)
    after = next(
        f for f in bootstrap_files(root, limits, overrides={name: new_text}) if f.name == name
    )
    cap = limits.cap_for(name)
    before_chars = before.raw_chars if before is not None else 0
    return GrowthCheck(
        before_chars=before_chars,
        after_chars=after.raw_chars,
        cap=cap,
        before_level=level_for(before_chars, cap),
        after_level=level_for(after.raw_chars, cap),
        truncated_after=after.truncated,
        cut_after=after.cut_chars,
    )


def memory_cap_check(
    root: Path,
    new_text: str,
    state_dir: Path | None = None,
    agent_id: str | None = None,
) -> GrowthCheck:
    """:func:`memory_growth` with the caps of the workspace's agent: ``state_dir`` (None:
    OpenClaw's default state folder, if any) and ``agent_id`` (None: the agent whose
    workspace ``root`` is). For the dashboard and ``promote apply`` before an approval."""
    from .agent_scope import resolve_agent_scope
    from .errors import UserError
    from .workspace import find_openclaw_state_dir

    state = state_dir if state_dir is not None else find_openclaw_state_dir()
    if agent_id is None and state is not None:
        try:
            agent_id = resolve_agent_scope(root, state).agent_id
        except UserError:
            agent_id = None
    limits, _note = load_limits(state, agent_id)
    return memory_growth(root, limits, new_text)
