"""Where a workspace keeps its Telos files, and reading them safely.

Looked for, in this order, at the workspace root and under ``memory/`` (where the agent's
``memory_get`` can read it and Reverie's editor can edit it):

* one file ``TELOS.md`` (any letter case);
* the split form, a ``telos/`` folder of ``*.md`` files (``MISSION.md``, ``GOALS.md``,
  ``PROJECTS.md`` ...), read in chain order (problems, mission, narratives, goals,
  challenges, strategies, projects, metrics, risks, then the rest by name); each file's name
  gives the section of its items unless a heading inside says otherwise.

Symbolic links are not followed, files over the memory size cap and files that are not
UTF-8 text are reported, never read.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ..phrase import phrase, template
from ..workspace import (
    CANNOT_READ_FILE,
    MAX_FILE_BYTES,
    NOT_REGULAR,
    UnreadableFile,
    decode_memory_text,
    too_large,
)
from .model import TelosDocument, TelosProblem
from .parser import TelosSource, parse_sources
from .sections import SPLIT_FILE_ORDER, section_for_filename

_BASES = ("", "memory/")


def is_telos_path(rel_path: str) -> bool:
    """True for a Telos file: ``[memory/]TELOS.md`` or ``[memory/]telos/*.md``."""
    rel = rel_path.replace("\\", "/")
    for base in _BASES:
        if not rel.startswith(base):
            continue
        rest = rel[len(base) :]
        if rest.casefold() == "telos.md":
            return True
        folder, _, name = rest.partition("/")
        if folder.casefold() == "telos" and name.endswith(".md") and "/" not in name:
            return True
    return False


def _entries(folder: Path) -> list[os.DirEntry[str]]:
    try:
        with os.scandir(folder) as iterator:
            return sorted(iterator, key=lambda entry: entry.name)
    except OSError:
        return []


def _split_order(name: str) -> tuple[int, str]:
    section = section_for_filename(Path(name).stem)
    rank = SPLIT_FILE_ORDER.index(section) if section in SPLIT_FILE_ORDER else len(SPLIT_FILE_ORDER)
    return rank, name.casefold()


def find_telos_paths(root: Path) -> list[str]:
    """Workspace-relative paths of the Telos files, in the order they are read."""
    found: list[str] = []
    for base in _BASES:
        folder = Path(root) / base if base else Path(root)
        entries = _entries(folder)
        for entry in entries:
            if entry.name.casefold() == "telos.md":
                found.append(base + entry.name)
        for entry in entries:
            if entry.name.casefold() != "telos" or not entry.is_dir(follow_symlinks=False):
                continue
            names = [
                child.name
                for child in _entries(Path(entry.path))
                if child.name.endswith(".md") and not child.name.startswith(".")
            ]
            found.extend(f"{base}{entry.name}/{name}" for name in sorted(names, key=_split_order))
    return found


LINKED_NOT_READ = template("symbolic link: linked files are not read")


def _read(root: Path, rel: str, max_bytes: int) -> str:
    """Text of one Telos file; :class:`UnreadableFile` (with the reason) otherwise."""
    current = Path(root)
    for part in rel.split("/"):
        current = current / part
        try:
            info = current.lstat()
        except OSError as err:
            raise UnreadableFile.of(
                rel, phrase(CANNOT_READ_FILE, error=err.strerror or str(err))
            ) from err
        if stat.S_ISLNK(info.st_mode):
            raise UnreadableFile.of(rel, phrase(LINKED_NOT_READ))
    if not stat.S_ISREG(info.st_mode):
        raise UnreadableFile.of(rel, phrase(NOT_REGULAR))
    if info.st_size > max_bytes:
        raise UnreadableFile.of(rel, too_large(info.st_size, max_bytes))
    try:
        data = current.read_bytes()
    except OSError as err:
        raise UnreadableFile.of(
            rel, phrase(CANNOT_READ_FILE, error=err.strerror or str(err))
        ) from err
    return decode_memory_text(data, rel)


def read_telos_sources(
    root: Path, max_bytes: int = MAX_FILE_BYTES
) -> tuple[list[TelosSource], list[TelosProblem]]:
    """The Telos files of the workspace at ``root`` as sources, and the files that could not
    be read (each an ``error`` problem at line 0 whose message is the reason alone: the
    problem names the file)."""
    sources: list[TelosSource] = []
    problems: list[TelosProblem] = []
    for rel in find_telos_paths(root):
        try:
            text = _read(Path(root), rel, max_bytes)
        except UnreadableFile as err:
            reason = err.reason if err.reason is not None else str(err)
            problems.append(TelosProblem(rel, 0, reason, "error"))
            continue
        split = "/" in rel.removeprefix("memory/")
        section = section_for_filename(Path(rel).stem) if split else None
        sources.append(TelosSource(rel, text, section))
    return sources, problems


def load_telos(root: Path, max_bytes: int = MAX_FILE_BYTES) -> TelosDocument:
    """Read and parse every Telos file of the workspace (an empty document when none)."""
    sources, problems = read_telos_sources(root, max_bytes)
    return parse_sources(sources, problems)
