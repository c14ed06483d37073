"""Where Reverie keeps things, decided in one place.

* the shipped files (:data:`RESOURCES_DIR`: demo workspace, translations, icons);
* per-user folders from platformdirs, or all under one ``--data-dir`` when given:
  settings (:func:`settings_file`), logs (:func:`log_dir`), the index cache
  (:func:`cache_dir`) and the private copy of the demo (:func:`demo_base`);
* which workspace and OpenClaw state folder a command or the window opens
  (:func:`resolve_workspace_and_state`).
"""

from __future__ import annotations

import shutil
from pathlib import Path

# Imported here, not in the functions: imported first on the UI thread (a window deciding
# whether its workspace is the demo), PySide6's import hook read the module's source for a
# 115-147 ms stall (bench/gui_stalls.py --stacks).
from platformdirs import user_cache_dir, user_config_dir, user_data_dir, user_log_dir

import reverie.resources
from reverie import APP_NAME

from .errors import UserError, WorkspaceNotFound
from .openclaw_config import load_openclaw_config_or_none
from .phrase import said, template
from .workspace import find_openclaw_state_dir

RESOURCES_DIR = Path(reverie.resources.__file__).resolve().parent
"""The shipped files: ``resources/`` of the source tree, installed as ``reverie.resources``."""
DEMO_SOURCE = RESOURCES_DIR / "demo"
I18N_DIR = RESOURCES_DIR / "i18n"
ICONS_DIR = RESOURCES_DIR / "icons"


def data_dir_from(value: str | Path | None) -> Path | None:
    """A ``--data-dir`` value as a path (None: the per-user folders).

    Raises :class:`UserError` when it names something that is not a folder (it is created
    when it does not exist yet).
    """
    if not value:
        return None
    path = Path(value).expanduser()
    if path.exists() and not path.is_dir():
        raise UserError(
            f"--data-dir {path} is not a folder; give a folder (it is created if missing)"
        )
    return path


def settings_file(data_dir: Path | None) -> Path:
    """``settings.json``: in ``data_dir`` when given, else the per-user config folder."""
    if data_dir is not None:
        return Path(data_dir) / "settings.json"
    return Path(user_config_dir(APP_NAME, appauthor=False)) / "settings.json"


def log_dir(data_dir: Path | None) -> Path:
    """The rotating log's folder: ``<data_dir>/logs``, else the per-user log folder."""
    if data_dir is not None:
        return Path(data_dir) / "logs"
    return Path(user_log_dir(APP_NAME, appauthor=False))


def cache_dir(data_dir: Path | None = None) -> Path:
    """Where derived data (the index files) lives: ``data_dir``, else the user cache folder."""
    if data_dir is not None:
        return Path(data_dir)
    return Path(user_cache_dir(APP_NAME, appauthor=False))


def demo_base(data_dir: Path | None) -> Path:
    """Where the private copy of the bundled demo lives."""
    return (data_dir or Path(user_data_dir(APP_NAME, appauthor=False))) / "demo"


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
        place_demo_config(tmp / "state" / "openclaw.json", base)
        if base.exists():
            shutil.rmtree(base)
        tmp.rename(base)
    return base / "workspace", base / "state"


DEMO_PLACEHOLDER = "{{DEMO}}"


def place_demo_config(config: Path, base: Path) -> None:
    """Point the demo's ``openclaw.json`` at the copy: ``{{DEMO}}`` becomes ``base``
    (escaped for a JSON5 string), so its agents' workspaces are the copied folders."""
    import json

    try:
        text = config.read_text(encoding="utf-8")
    except FileNotFoundError:
        return
    folder = json.dumps(str(base))[1:-1]
    config.write_text(text.replace(DEMO_PLACEHOLDER, folder), encoding="utf-8")


def state_dir_or_default(state_dir: str | Path | None) -> Path | None:
    """The OpenClaw state folder: the one given, else the existing default one."""
    return Path(state_dir).expanduser() if state_dir else find_openclaw_state_dir()


FOLDER_NOT_FOUND = template("workspace folder not found: {path}")
NOT_A_FOLDER = template(
    "{path} is a file, not a workspace folder: give the folder that holds MEMORY.md"
)


def resolve_workspace_and_state(
    workspace: str | Path | None, state_dir: str | Path | None, data_dir: Path | None
) -> tuple[Path, Path | None]:
    """The workspace and OpenClaw state folder to open.

    The workspace given first; else the OpenClaw default agent's workspace (from
    ``openclaw.json``), else ``<state>/workspace``, else the private demo copy.
    """
    state = state_dir_or_default(state_dir)
    if workspace:
        root = Path(workspace).expanduser()
        if root.exists() and not root.is_dir():
            raise WorkspaceNotFound(said(NOT_A_FOLDER, path=str(root)))
        if not root.is_dir():
            raise WorkspaceNotFound(said(FOLDER_NOT_FOUND, path=str(root)))
        return root.resolve(), state
    config = load_openclaw_config_or_none(state) if state is not None else None
    if config is not None and config.exists and config.default_agent.workspace.is_dir():
        return config.default_agent.workspace.resolve(), state
    if state is not None and (state / "workspace").is_dir():
        return (state / "workspace").resolve(), state
    return demo_workspace(data_dir)
