"""Which agent a workspace belongs to, and what that agent's memory search covers.

OpenClaw keeps agents apart (spec ``openclaw-context-and-sources.md``, "Search sources";
``openclaw-memory.md`` sections 1, 2 and 12):

* each agent has its own workspace, index and ``<stateDir>/agents/<agentId>/sessions``;
  there is no cross-agent search;
* transcripts are searched only with ``"sessions"`` in ``memorySearch.sources`` **and**
  ``memorySearch.experimental.sessionMemory: true``, and only the agent's own;
* ``memorySearch.extraPaths`` adds folders and files to the agent's search.

:func:`resolve_agent_scope` answers those questions for a workspace folder (or an agent
named with ``--agent``). The ``openclaw`` profile searches exactly the sources OpenClaw
would; the ``reverie`` profile adds the agent's own transcripts when the person opts in
(``AppSettings.own_transcripts``), never another agent's.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from .errors import UserError
from .openclaw_config import (
    OpenClawAgent,
    OpenClawConfig,
    OpenClawConfigError,
    load_openclaw_config,
    memory_sources,
    normalize_agent_id,
)

MEMORY_ONLY: tuple[str, ...] = ("memory",)
WITH_SESSIONS: tuple[str, ...] = ("memory", "sessions")


class UnknownAgent(UserError):
    """``--agent ID`` names an agent that ``openclaw.json`` does not list."""


@dataclass(frozen=True)
class AgentScope:
    """The agent of one workspace and the sources its search covers."""

    agent_id: str | None
    """None when no agent claims the workspace (then no transcript is ever searched)."""
    state_dir: Path | None
    openclaw_sources: tuple[str, ...] = MEMORY_ONLY
    """The sources OpenClaw searches for this agent (``normalizeSources``)."""
    own_transcripts: bool = False
    """The person's opt-in: the reverie profile also searches the agent's own transcripts."""
    extra_paths: tuple[str, ...] = ()
    """``memorySearch.extraPaths`` as configured (defaults and the agent's, merged)."""
    configured: bool = False
    """True when ``openclaw.json`` lists the agent."""
    notes: tuple[str, ...] = field(default=())
    """Why something is left out (no agent, unreadable config), for ``status``."""

    @property
    def sessions_dir(self) -> Path | None:
        """``<stateDir>/agents/<agentId>/sessions`` (None without an agent or state)."""
        if self.agent_id is None or self.state_dir is None:
            return None
        return Path(self.state_dir) / "agents" / self.agent_id / "sessions"

    @property
    def reverie_sources(self) -> tuple[str, ...]:
        """The reverie profile's sources: OpenClaw's, plus the own transcripts on opt-in."""
        if self.agent_id is not None and (
            self.own_transcripts or "sessions" in self.openclaw_sources
        ):
            return WITH_SESSIONS
        return MEMORY_ONLY

    def sources(self, profile: str) -> tuple[str, ...]:
        """The sources a search in ``profile`` covers."""
        return self.openclaw_sources if profile == "openclaw" else self.reverie_sources

    @property
    def indexes_sessions(self) -> bool:
        """Whether the index holds this agent's transcripts (some profile searches them)."""
        return "sessions" in self.reverie_sources or "sessions" in self.openclaw_sources

    def sessions_dirs(self) -> list[tuple[str, Path]]:
        """``[(agent_id, folder)]`` to index: the agent's own folder, or nothing."""
        folder = self.sessions_dir
        if folder is None or not self.indexes_sessions:
            return []
        assert self.agent_id is not None
        return [(self.agent_id, folder)]

    def describe_sessions(self) -> str:
        """One line for ``status``: whose transcripts are searched, and why (not)."""
        if self.agent_id is None:
            return "not searched (the workspace belongs to no known agent; use --agent ID)"
        parts = []
        if "sessions" in self.openclaw_sources:
            parts.append("searched by OpenClaw (sources includes sessions)")
        else:
            parts.append(
                'not searched by OpenClaw (needs sources: ["memory", "sessions"] and '
                "experimental.sessionMemory: true)"
            )
        if self.own_transcripts:
            parts.append("searched by the reverie profile (opt-in)")
        return f"agent {self.agent_id}'s own: " + "; ".join(parts)

    def to_json(self) -> dict[str, object]:
        return {
            "agent": self.agent_id,
            "configured": self.configured,
            "sessionsDir": str(self.sessions_dir) if self.sessions_dir else None,
            "openclawSources": list(self.openclaw_sources),
            "reverieSources": list(self.reverie_sources),
            "ownTranscripts": self.own_transcripts,
            "extraPaths": list(self.extra_paths),
            "notes": list(self.notes),
        }


def _same_folder(a: Path, b: Path) -> bool:
    return os.path.realpath(a) == os.path.realpath(b)


def _load(state_dir: Path | None, notes: list[str]) -> OpenClawConfig | None:
    if state_dir is None:
        return None
    try:
        return load_openclaw_config(state_dir)
    except OpenClawConfigError as exc:
        notes.append(f"{exc}; OpenClaw's defaults are used")
        return None


def _agent_by_layout(root: Path, state_dir: Path | None, home: Path | None) -> str | None:
    """The agent of a workspace found by OpenClaw's folder layout alone."""
    from .workspace import find_openclaw_workspaces

    for agent_id, folder in find_openclaw_workspaces(state_dir, home):
        if _same_folder(folder, root):
            return agent_id
    return None


def resolve_agent_scope(
    root: Path | None,
    state_dir: Path | None,
    agent_id: str | None = None,
    own_transcripts: bool = False,
    home: Path | None = None,
) -> AgentScope:
    """The scope of the workspace ``root`` (or of the agent ``agent_id``).

    With ``agent_id`` the agent is that one; when ``openclaw.json`` exists and does not
    list it, :class:`UnknownAgent` is raised (naming the agents it lists). Without it, the
    agent whose configured workspace is ``root``, else the one OpenClaw's folder layout
    gives (``~/.openclaw/workspace`` is ``main``, ``<state>/workspace-<id>`` is ``<id>``),
    else none: then no transcript is indexed or searched.
    """
    notes: list[str] = []
    config = _load(state_dir, notes)
    agent: OpenClawAgent | None = None
    wanted: str | None = None
    if agent_id is not None and str(agent_id).strip():
        wanted = normalize_agent_id(agent_id)
        if config is not None:
            agent = config.agent(wanted)
            if agent is None and config.exists:
                known = ", ".join(a.id for a in config.agents)
                raise UnknownAgent(
                    f"unknown agent {agent_id!r}: {config.path} lists {known or 'none'}"
                )
    elif root is not None:
        if config is not None:
            agent = config.agent_for_workspace(root)
        if agent is None:
            wanted = _agent_by_layout(root, state_dir, home)
            if wanted is not None and config is not None:
                agent = config.agent(wanted)
    if agent is not None:
        wanted = agent.id
    if wanted is None:
        notes.append("no OpenClaw agent claims this workspace: transcripts are not searched")
        return AgentScope(None, state_dir, MEMORY_ONLY, own_transcripts, notes=tuple(notes))
    memory_search = agent.memory_search if agent is not None else {}
    extra = memory_search.get("extraPaths")
    return AgentScope(
        agent_id=wanted,
        state_dir=state_dir,
        openclaw_sources=memory_sources(memory_search),
        own_transcripts=own_transcripts,
        extra_paths=tuple(e for e in extra if isinstance(e, str))
        if isinstance(extra, list)
        else (),
        configured=agent is not None and config is not None and config.exists,
        notes=tuple(notes),
    )


def agent_workspace(state_dir: Path | None, agent_id: str, home: Path | None = None) -> Path:
    """The workspace folder of ``agent_id`` (``--agent`` without ``--workspace``).

    Raises :class:`UnknownAgent` when ``openclaw.json`` does not list the agent and no
    folder of OpenClaw's layout belongs to it, and :class:`UserError` when the folder does
    not exist.
    """
    from .workspace import find_openclaw_workspaces

    wanted = normalize_agent_id(agent_id)
    notes: list[str] = []
    config = _load(state_dir, notes)
    if notes:
        raise UserError(notes[0])
    folder: Path | None = None
    if config is not None and config.exists:
        agent = config.agent(wanted)
        if agent is None:
            known = ", ".join(a.id for a in config.agents)
            raise UnknownAgent(f"unknown agent {agent_id!r}: {config.path} lists {known}")
        folder = agent.workspace
    else:
        folder = next(
            (f for a, f in find_openclaw_workspaces(state_dir, home) if a == wanted), None
        )
        if folder is None:
            raise UnknownAgent(f"no workspace found for agent {agent_id!r}")
    if not Path(folder).is_dir():
        raise UserError(f"agent {wanted}'s workspace folder does not exist: {folder}")
    return Path(folder)
