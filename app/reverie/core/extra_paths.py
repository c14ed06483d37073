"""``memorySearch.extraPaths``: extra folders and files indexed beside the memory files.

OpenClaw (spec ``openclaw-memory.md`` section 1, ``openclaw-context-and-sources.md``
"Search sources"):

* each entry is trimmed, resolved against the workspace unless absolute, and deduped;
* a folder is walked recursively for ``*.md`` regular files (symbolic links skipped);
  a single file is taken when it ends in ``.md``; missing paths are ignored;
* the stored path is the path relative to the workspace with ``/`` separators, so files
  outside the workspace are stored as ``../team-docs/x.md``;
* ``memory_get`` may read a ``.md`` file inside a (non-linked) extra folder or equal to an
  extra file; ``memory status`` lists the entries.

Reverie reports what OpenClaw ignores silently (a missing entry, a linked folder) and reads
nothing through a symbolic link.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from .jscompat import js_trim

ExtraKind = Literal["dir", "file", "missing", "link", "not-markdown", "other"]


@dataclass(frozen=True)
class ExtraPath:
    """One configured ``extraPaths`` entry, resolved."""

    entry: str
    """The configured text, trimmed."""
    abs_path: Path
    """Absolute, normalised (``..`` folded), symbolic links not followed."""
    rel: str
    """The stored form: relative to the workspace with ``/`` separators."""
    kind: ExtraKind

    @property
    def usable(self) -> bool:
        return self.kind in ("dir", "file")

    def describe(self) -> str:
        """``notes (folder)``, ``../x.md (file)``, ``../gone (missing)``..."""
        words = {
            "dir": "folder",
            "file": "file",
            "missing": "missing",
            "link": "symbolic link, not indexed",
            "not-markdown": "not a .md file, not indexed",
            "other": "not a file or folder",
        }
        return f"{self.entry} ({words[self.kind]})"

    def to_json(self) -> dict[str, str]:
        return {"entry": self.entry, "path": str(self.abs_path), "rel": self.rel, "kind": self.kind}


def stored_rel_path(root: Path, target: Path) -> str:
    """OpenClaw's stored path: ``path.relative(workspace, target)`` with ``/``."""
    return os.path.relpath(target, root).replace("\\", "/")


def _kind_of(path: Path) -> ExtraKind:
    try:
        info = path.lstat()
    except FileNotFoundError:
        return "missing"
    except OSError:
        return "other"
    if stat.S_ISLNK(info.st_mode):
        return "link"
    if stat.S_ISDIR(info.st_mode):
        return "dir"
    if stat.S_ISREG(info.st_mode):
        return "file" if path.name.endswith(".md") else "not-markdown"
    return "other"


def resolve_extra_paths(root: Path, entries: Iterable[object]) -> list[ExtraPath]:
    """The configured entries, trimmed, resolved against ``root`` unless absolute and
    deduped by resolved path (first occurrence wins); non-strings and blanks dropped."""
    root = Path(os.path.abspath(root))
    found: list[ExtraPath] = []
    seen: set[str] = set()
    for entry in entries:
        if not isinstance(entry, str):
            continue
        text = js_trim(entry)
        if not text:
            continue
        expanded = Path(text).expanduser()
        target = Path(os.path.normpath(expanded if expanded.is_absolute() else root / expanded))
        key = str(target)
        if key in seen:
            continue
        seen.add(key)
        found.append(ExtraPath(text, target, stored_rel_path(root, target), _kind_of(target)))
    return found


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def extra_target(root: Path, extras: Sequence[ExtraPath], rel: str) -> Path | None:
    """The file an extra-path ``rel`` (as stored or typed) names, or None when ``rel`` is not
    inside a usable extra folder and is no extra file. The ``.md`` check and the link checks
    are the caller's (see :func:`has_link_below`)."""
    text = js_trim(rel).replace("\\", "/")
    if not text:
        return None
    candidate = Path(text).expanduser()
    target = Path(
        os.path.normpath(candidate if candidate.is_absolute() else Path(root) / candidate)
    )
    for extra in extras:
        if extra.kind == "file" and target == extra.abs_path:
            return target
        if extra.kind == "dir" and target != extra.abs_path and _inside(target, extra.abs_path):
            return target
    return None


def owning_extra(extras: Sequence[ExtraPath], target: Path) -> ExtraPath | None:
    """The usable entry that holds ``target`` (an absolute, normalised path)."""
    for extra in extras:
        if extra.kind == "file" and target == extra.abs_path:
            return extra
        if extra.kind == "dir" and _inside(target, extra.abs_path):
            return extra
    return None


def has_link_below(base: Path, target: Path) -> bool:
    """True when a component of ``target`` below ``base`` is a symbolic link."""
    current = base
    try:
        parts = target.relative_to(base).parts
    except ValueError:
        return True
    for part in parts:
        current = current / part
        try:
            if stat.S_ISLNK(current.lstat().st_mode):
                return True
        except FileNotFoundError:
            return False
        except OSError:
            return True
    return False
