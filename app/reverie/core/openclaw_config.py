"""OpenClaw's own configuration (``<stateDir>/openclaw.json``, JSON5): agents and settings.

Read so that the ``openclaw`` search profile is what the agent really uses rather than
OpenClaw's stock defaults (spec sections 1 and 12):

* agents are ``agents.list[]`` plus the default agent (the entry marked ``default: true``,
  else the first entry, else ``main`` when the list is empty);
* an agent's workspace is ``agents.list[].workspace``, else ``agents.defaults.workspace``
  (default agent) or ``<defaults.workspace>/<agentId>`` (others), else
  ``~/.openclaw/workspace`` (default agent) or ``<stateDir>/workspace-<agentId>``;
  its transcripts live in ``<stateDir>/agents/<agentId>/sessions``;
* ``memorySearch`` is ``agents.defaults.memorySearch`` overridden key by key by the
  agent's own block (``extraPaths`` are concatenated, trimmed and deduped);
* dreaming is ``plugins.entries.memory-core.config.dreaming`` (one block for all agents);
  its timezone falls back to ``agents.defaults.userTimezone``.

A missing file means OpenClaw's defaults. A file that cannot be read or parsed raises
:class:`OpenClawConfigError` naming it; :func:`load_openclaw_config_or_none` turns that
into a logged warning for callers that can live with the defaults.
"""

from __future__ import annotations

import logging
import math
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .dreaming.config import DreamingConfig
from .errors import UserError
from .settings import SearchSettings

log = logging.getLogger(__name__)

CONFIG_FILE_NAME = "openclaw.json"
DEFAULT_AGENT_ID = "main"
MEMORY_SOURCES = ("memory", "sessions")

_INVALID_ID_CHARS = re.compile(r"[^a-z0-9_-]+")
_MAX_AGENT_ID = 64

# OpenClaw's defaults for the keys mapped onto SearchSettings (spec section 12).
DEFAULT_MAX_RESULTS = 6
DEFAULT_MIN_SCORE = 0.35
DEFAULT_VECTOR_WEIGHT = 0.7
DEFAULT_TEXT_WEIGHT = 0.3
DEFAULT_CANDIDATE_MULTIPLIER = 4
DEFAULT_MMR_LAMBDA = 0.7
DEFAULT_HALF_LIFE_DAYS = 30.0


class OpenClawConfigError(UserError):
    """``openclaw.json`` exists but cannot be read or is not valid JSON5."""


def openclaw_state_dir(env: Mapping[str, str] | None = None, home: Path | None = None) -> Path:
    """OpenClaw's state folder, existing or not: ``$OPENCLAW_STATE_DIR`` or ``~/.openclaw``."""
    environ = os.environ if env is None else env
    configured = environ.get("OPENCLAW_STATE_DIR", "").strip()
    if configured:
        return Path(configured).expanduser()
    return (home if home is not None else Path.home()) / ".openclaw"


def normalize_agent_id(value: Any) -> str:
    """OpenClaw's agent id normalisation: trimmed, lower case, ``[a-z0-9_-]`` only, at most
    64 characters; an empty result is ``main``."""
    text = str(value).strip().lower() if isinstance(value, str | int) else ""
    text = _INVALID_ID_CHARS.sub("-", text).strip("-")[:_MAX_AGENT_ID]
    return text or DEFAULT_AGENT_ID


def merge_memory_search(
    defaults: Mapping[str, Any] | None, override: Mapping[str, Any] | None
) -> dict[str, Any]:
    """``defaults`` overridden key by key by ``override`` (nested objects merged the same
    way; ``extraPaths`` concatenated, trimmed and deduped as OpenClaw does)."""
    merged = _deep_merge(defaults or {}, override or {})
    paths: list[str] = []
    for source in (defaults or {}, override or {}):
        extra = source.get("extraPaths")
        if isinstance(extra, list):
            for entry in extra:
                if isinstance(entry, str) and entry.strip() and entry.strip() not in paths:
                    paths.append(entry.strip())
    if paths or "extraPaths" in merged:
        merged["extraPaths"] = paths
    return merged


def _deep_merge(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    result: dict[str, Any] = {key: _copy(value) for key, value in base.items()}
    for key, value in override.items():
        if value is None:
            continue  # OpenClaw reads `override ?? default`: null keeps the default
        current = result.get(key)
        if isinstance(value, Mapping) and isinstance(current, Mapping):
            result[key] = _deep_merge(current, value)
        else:
            result[key] = _copy(value)
    return result


def _copy(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {key: _copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copy(item) for item in value]
    return value


def _mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _path_of(value: Any) -> Path | None:
    """A configured folder (``~`` expanded, relative paths against the current folder)."""
    if not isinstance(value, str) or not value.strip():
        return None
    return Path(os.path.abspath(Path(value.strip()).expanduser()))


def memory_sources(memory_search: Mapping[str, Any]) -> tuple[str, ...]:
    """OpenClaw's ``normalizeSources``: ``sessions`` only with ``experimental.sessionMemory``
    true and listed in ``sources``; an empty result falls back to ``("memory",)``."""
    raw = memory_search.get("sources")
    listed = raw if isinstance(raw, list) else ["memory"]
    session_memory = _mapping(memory_search.get("experimental")).get("sessionMemory") is True
    sources: list[str] = []
    for entry in listed:
        if entry not in MEMORY_SOURCES or entry in sources:
            continue
        if entry == "sessions" and not session_memory:
            continue
        sources.append(entry)
    return tuple(sources) or ("memory",)


@dataclass(frozen=True)
class OpenClawAgent:
    """One configured agent with its resolved folders and merged settings."""

    id: str
    workspace: Path
    sessions_dir: Path
    memory_search: dict[str, Any] = field(default_factory=dict)
    """``agents.defaults.memorySearch`` overridden key by key by the agent's own block."""
    dreaming: dict[str, Any] = field(default_factory=dict)
    """``plugins.entries.memory-core.config.dreaming`` (timezone filled from
    ``agents.defaults.userTimezone`` when unset)."""
    default: bool = False
    name: str | None = None

    @property
    def memory_search_enabled(self) -> bool:
        """``memorySearch.enabled`` (default true): false means no memory tools at all."""
        return self.memory_search.get("enabled") is not False

    @property
    def sources(self) -> tuple[str, ...]:
        return memory_sources(self.memory_search)

    @property
    def searches_sessions(self) -> bool:
        """Whether the agent's memory search includes its session transcripts."""
        return "sessions" in self.sources

    def search_settings(self) -> SearchSettings:
        return search_settings_for(self)

    def dreaming_config(self) -> DreamingConfig:
        return DreamingConfig.from_openclaw(self.dreaming)


@dataclass(frozen=True)
class OpenClawConfig:
    """The parsed ``openclaw.json`` (or OpenClaw's defaults when there is none)."""

    state_dir: Path
    path: Path
    exists: bool
    raw: dict[str, Any]
    agents: tuple[OpenClawAgent, ...]

    @property
    def default_agent(self) -> OpenClawAgent:
        return next(agent for agent in self.agents if agent.default)

    def agent(self, agent_id: str) -> OpenClawAgent | None:
        wanted = normalize_agent_id(agent_id)
        return next((agent for agent in self.agents if agent.id == wanted), None)

    def agent_for_workspace(self, folder: Path) -> OpenClawAgent | None:
        """The agent whose workspace is ``folder`` (compared by real path), if any."""
        key = os.path.realpath(folder)
        return next(
            (agent for agent in self.agents if os.path.realpath(agent.workspace) == key), None
        )


def read_openclaw_json(path: Path) -> dict[str, Any] | None:
    """The JSON5 object in ``path``; None when the file does not exist.

    Raises :class:`OpenClawConfigError` (naming the file) when it cannot be read, is not
    valid JSON5, or is not an object.
    """
    import json5

    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise OpenClawConfigError(f"cannot read the OpenClaw config {path}: {exc}") from exc
    try:
        data = json5.loads(text)
    except ValueError as exc:
        raise OpenClawConfigError(f"the OpenClaw config {path} is not valid JSON5: {exc}") from exc
    if not isinstance(data, dict):
        raise OpenClawConfigError(
            f"the OpenClaw config {path} must hold an object, not {type(data).__name__}"
        )
    return data


def load_openclaw_config(state_dir: Path | None = None, home: Path | None = None) -> OpenClawConfig:
    """Read ``<state_dir>/openclaw.json`` (``state_dir`` defaults to :func:`openclaw_state_dir`).

    Raises :class:`OpenClawConfigError` when the file exists but is broken.
    """
    state = Path(state_dir).expanduser() if state_dir is not None else openclaw_state_dir()
    path = state / CONFIG_FILE_NAME
    raw = read_openclaw_json(path)
    return OpenClawConfig(
        state_dir=state,
        path=path,
        exists=raw is not None,
        raw=raw or {},
        agents=resolve_agents(raw or {}, state, home),
    )


def load_openclaw_config_or_none(
    state_dir: Path | None = None, home: Path | None = None
) -> OpenClawConfig | None:
    """:func:`load_openclaw_config`, with a broken file logged and reported as None."""
    try:
        return load_openclaw_config(state_dir, home)
    except OpenClawConfigError as exc:
        log.warning("%s; using OpenClaw's defaults", exc)
        return None


def resolve_agents(
    raw: Mapping[str, Any], state_dir: Path, home: Path | None = None
) -> tuple[OpenClawAgent, ...]:
    """The agents of a parsed config: ``agents.list[]`` plus the default agent."""
    agents_raw = _mapping(raw.get("agents"))
    defaults = _mapping(agents_raw.get("defaults"))
    entries_raw = agents_raw.get("list")
    entries = (
        [e for e in entries_raw if isinstance(e, Mapping)] if isinstance(entries_raw, list) else []
    )
    dreaming = _dreaming_block(raw, defaults)
    default_ws = _path_of(defaults.get("workspace"))
    home_dir = home if home is not None else Path.home()

    marked = [e for e in entries if e.get("default") is True]
    default_entry = marked[0] if marked else (entries[0] if entries else None)
    default_id = normalize_agent_id(default_entry.get("id")) if default_entry else DEFAULT_AGENT_ID

    seen: set[str] = set()
    agents: list[OpenClawAgent] = []
    listed = entries if entries else [{"id": DEFAULT_AGENT_ID}]
    for entry in listed:
        agent_id = normalize_agent_id(entry.get("id"))
        if agent_id in seen:
            continue
        seen.add(agent_id)
        is_default = agent_id == default_id
        workspace = _path_of(entry.get("workspace"))
        if workspace is None:
            if default_ws is not None:
                workspace = default_ws if is_default else default_ws / agent_id
            elif is_default:
                workspace = home_dir / ".openclaw" / "workspace"
            else:
                workspace = state_dir / f"workspace-{agent_id}"
        name = entry.get("name")
        agents.append(
            OpenClawAgent(
                id=agent_id,
                workspace=workspace,
                sessions_dir=state_dir / "agents" / agent_id / "sessions",
                memory_search=merge_memory_search(
                    _mapping(defaults.get("memorySearch")), _mapping(entry.get("memorySearch"))
                ),
                dreaming=_copy(dreaming),
                default=is_default,
                name=name if isinstance(name, str) else None,
            )
        )
    return tuple(agents)


def _dreaming_block(raw: Mapping[str, Any], defaults: Mapping[str, Any]) -> dict[str, Any]:
    entries = _mapping(_mapping(raw.get("plugins")).get("entries"))
    config = _mapping(_mapping(entries.get("memory-core")).get("config"))
    dreaming: dict[str, Any] = _copy(dict(_mapping(config.get("dreaming"))))
    zone = defaults.get("userTimezone")
    if not isinstance(dreaming.get("timezone"), str) and isinstance(zone, str) and zone.strip():
        dreaming["timezone"] = zone.strip()
    return dreaming


# ---------------------------------------------------------------------- search settings


def _finite(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    number = float(value)
    return number if math.isfinite(number) else None


def _clamp(value: float, low: float, high: float) -> float:
    return min(high, max(low, value))


def _flag(value: Any, fallback: bool) -> bool:
    return value if isinstance(value, bool) else fallback


def search_settings_for(agent: OpenClawAgent | Mapping[str, Any]) -> SearchSettings:
    """The ``openclaw`` profile with the agent's ``memorySearch.query`` values, clamped as
    OpenClaw clamps them: minScore to 0..1, candidateMultiplier to an integer 1..20, the
    weights to 0..1 and normalised to sum 1 (both 0: the 0.7/0.3 defaults), mmr.lambda to
    0..1; maxResults and halfLifeDays must be positive."""
    block = agent.memory_search if isinstance(agent, OpenClawAgent) else agent
    query = _mapping(block.get("query"))
    hybrid = _mapping(query.get("hybrid"))
    mmr = _mapping(hybrid.get("mmr"))
    decay = _mapping(hybrid.get("temporalDecay"))

    max_results = _finite(query.get("maxResults"))
    min_score = _finite(query.get("minScore"))
    vector = _finite(hybrid.get("vectorWeight"))
    text = _finite(hybrid.get("textWeight"))
    multiplier = _finite(hybrid.get("candidateMultiplier"))
    lam = _finite(mmr.get("lambda"))
    half_life = _finite(decay.get("halfLifeDays"))

    vw = _clamp(DEFAULT_VECTOR_WEIGHT if vector is None else vector, 0.0, 1.0)
    tw = _clamp(DEFAULT_TEXT_WEIGHT if text is None else text, 0.0, 1.0)
    total = vw + tw
    vw, tw = (vw / total, tw / total) if total > 0 else (DEFAULT_VECTOR_WEIGHT, DEFAULT_TEXT_WEIGHT)

    return SearchSettings.for_profile("openclaw").with_changes(
        max_results=(
            max(1, int(max_results))
            if max_results is not None and max_results >= 1
            else DEFAULT_MAX_RESULTS
        ),
        min_score=_clamp(DEFAULT_MIN_SCORE if min_score is None else min_score, 0.0, 1.0),
        hybrid_enabled=_flag(hybrid.get("enabled"), True),
        vector_weight=vw,
        text_weight=tw,
        candidate_multiplier=int(
            _clamp(
                math.floor(DEFAULT_CANDIDATE_MULTIPLIER if multiplier is None else multiplier),
                1,
                20,
            )
        ),
        mmr_enabled=_flag(mmr.get("enabled"), False),
        mmr_lambda=_clamp(DEFAULT_MMR_LAMBDA if lam is None else lam, 0.0, 1.0),
        decay_enabled=_flag(decay.get("enabled"), False),
        half_life_days=(
            half_life if half_life is not None and half_life > 0 else DEFAULT_HALF_LIFE_DAYS
        ),
    )


def agent_search_settings(
    workspace: Path, state_dir: Path | None, home: Path | None = None
) -> SearchSettings | None:
    """The ``openclaw`` profile of the agent whose workspace is ``workspace``, read from
    ``<state_dir>/openclaw.json``; None when there is no such agent or the file is broken
    (logged)."""
    if state_dir is None:
        return None
    config = load_openclaw_config_or_none(state_dir, home)
    if config is None:
        return None
    agent = config.agent_for_workspace(workspace)
    return search_settings_for(agent) if agent is not None else None


def known_agent_workspaces(
    state_dir: Path | None, home: Path | None = None
) -> list[tuple[str, Path]]:
    """Every agent workspace that exists: the agents of ``openclaw.json`` first, then the
    folders found by layout (``~/.openclaw/workspace``, ``<state>/workspace-<id>``),
    without duplicates."""
    from .workspace import find_openclaw_workspaces

    found: list[tuple[str, Path]] = []
    seen: set[str] = set()
    config = load_openclaw_config_or_none(state_dir, home) if state_dir is not None else None
    candidates = [(a.id, a.workspace) for a in config.agents] if config is not None else []
    candidates += find_openclaw_workspaces(state_dir, home)
    for agent_id, folder in candidates:
        key = os.path.realpath(folder)
        if key in seen or not Path(folder).is_dir():
            continue
        seen.add(key)
        found.append((agent_id, Path(folder)))
    return found
