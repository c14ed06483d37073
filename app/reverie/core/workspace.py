"""An agent workspace: which memory files exist, what they are, and safe reads and writes.

Discovery follows OpenClaw's ``listMemoryFiles`` (spec section 1):

* ``MEMORY.md`` and ``memory.md`` at the workspace root, each only if it is a regular file
  (not a symbolic link);
* everything under ``memory/`` whose name ends in ``.md`` (case-sensitive), walked
  recursively, hidden folders included; symbolic links (files and folders) are skipped;
* duplicates (same real path) are dropped, the first occurrence wins;
* plus the session transcripts of the configured sessions folders, under OpenClaw's
  synthetic path ``sessions/<basename>``.

Unlike OpenClaw, problems are reported instead of silently ignored: listing returns
:class:`Skipped` entries (symbolic link, unreadable folder, file over the size cap, ...).
Reads check the path first (:meth:`Workspace.resolve`) and refuse anything that is not a
memory file, then decode strictly so that binary or non-UTF-8 files are reported by name.
"""

from __future__ import annotations

import datetime as _dt
import functools
import hashlib
import os
import re
import stat
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Literal

from .atomic import atomic_write_bytes, read_only
from .errors import PathRefused, UserError, WorkspaceNotFound
from .extra_paths import (
    ExtraPath,
    extra_target,
    has_link_below,
    owning_extra,
    resolve_extra_paths,
    stored_rel_path,
)
from .jscompat import js_trim
from .phrase import Phrase, Said, phrase, said, template
from .transcripts import flatten_session, list_session_files, session_rel_path

MAX_FILE_BYTES = 20 * 1024 * 1024
"""Memory files larger than this are not read (20 MiB)."""

MAX_SESSION_FILE_BYTES = 256 * 1024 * 1024
"""Session transcripts larger than this are not read (256 MiB); tool output makes them big."""

_DAILY_RE = re.compile(r"(\d{4})-(\d{2})-(\d{2})(?:-[^/]+)?\.md", re.ASCII)
_LEADING_DOTS_SLASHES = re.compile(r"^[./]+")
_AGENT_WORKSPACE_PREFIX = "workspace-"


IN_FILE = template("{path}: {reason}")
CANNOT_READ_FOLDER = template("cannot read folder: {error}")
CANNOT_READ_FILE = template("cannot read file: {error}")
CANNOT_READ_ENTRY = template("cannot read entry: {error}")
LINKED_FOLDER = template("symbolic link: linked folders are not indexed")
LINKED_FILE = template("symbolic link: linked files are not indexed")
LINKED_ENTRY = template("symbolic link: linked entries are not indexed")
NOT_REGULAR = template("not a regular file")
FOLDER_LOOP = template("folder loop: already walked")
NAME_NOT_UTF8 = template("file name is not valid UTF-8: rename it to be indexed")
EXTRA_PATH = template("extraPaths entry {what}")
TOO_LARGE = template("file too large ({size} bytes; the limit is {limit} bytes)")
NOT_FOUND = template("file not found")
PERMISSION_DENIED = template("permission denied")
PERMISSION_DENIED_WRITING = template("permission denied while writing")
BINARY_FILE = template("binary file (NUL byte at offset {offset}); not Markdown text")
NOT_UTF8 = template("not valid UTF-8 (byte offset {offset}); save it as UTF-8")


class UnreadableFile(UserError):
    """A memory file cannot be read as text: binary, invalid UTF-8, too large, no access.
    ``reason``: why, without the file's name (what the index's file problems list)."""

    reason: Said | None = None

    @classmethod
    def of(cls, name: str, reason: Phrase) -> UnreadableFile:
        """``name: reason``, keeping the reason apart."""
        error = cls(said(IN_FILE, path=name, reason=reason))
        error.reason = Said(reason)
        return error


class FileMissing(UnreadableFile):
    """The requested memory file does not exist."""


class WriteConflict(UserError):
    """The file changed on disk since it was loaded; writing would lose those changes."""


class FileKind(StrEnum):
    """What a memory file is for."""

    LONG_TERM = "long_term"
    """``MEMORY.md`` / ``memory.md``: curated long-term memory."""
    DAILY = "daily"
    """``memory/YYYY-MM-DD.md`` and ``memory/YYYY-MM-DD-<slug>.md``: daily notes."""
    MEMORY_OTHER = "memory_other"
    """Any other Markdown file under ``memory/``."""
    SESSION = "session"
    """A session transcript (``sessions/<basename>``)."""
    DREAMING = "dreaming"
    """``DREAMS.md``, ``memory/dreaming/**`` and the ``memory/.dreams/**`` ledger."""
    EXTRA = "extra"
    """A Markdown file of a ``memorySearch.extraPaths`` entry (outside ``memory/``)."""


@dataclass(frozen=True)
class MemoryFile:
    """One indexable file of the workspace."""

    rel_path: str
    """Posix path relative to the workspace; transcripts use ``sessions/<basename>``."""
    abs_path: Path
    kind: FileKind
    source: Literal["memory", "sessions"]
    date: _dt.date | None
    """The day of a daily note, else ``None``."""
    agent_id: str | None
    """The agent a transcript belongs to; ``None`` for memory files."""
    size: int
    mtime_ms: float


@dataclass
class FolderListing:
    """One folder's part of the listing (:meth:`Workspace.list_folder`)."""

    files: list[MemoryFile] = field(default_factory=list)
    known: list[str] = field(default_factory=list)
    """Known files still listed, by name only: not looked at (the caller compares their
    modification time and size with what it knows)."""
    skipped: list[Skipped] = field(default_factory=list)


@dataclass(frozen=True)
class Skipped:
    """A file or folder left out of the listing, and why."""

    path: str
    reason: str


@dataclass(frozen=True)
class Damaged:
    """A file that is indexed from its good parts; the damaged parts are left out (why)."""

    path: str
    reason: str


def sha256_hex(data: bytes) -> str:
    """SHA-256 hex digest of ``data`` (the ``expected_hash`` of :meth:`Workspace.write_text`)."""
    return hashlib.sha256(data).hexdigest()


def normalize_rel_path(rel: str) -> str:
    """OpenClaw's path normalisation: trim, strip leading ``.``/``/``, ``\\`` to ``/``."""
    return _LEADING_DOTS_SLASHES.sub("", js_trim(rel)).replace("\\", "/")


def is_memory_path(rel: str) -> bool:
    """OpenClaw's ``isMemoryPath``: may ``memory_get`` read this workspace-relative path?

    True for ``MEMORY.md``, ``memory.md``, ``dreams.md`` and anything under ``memory/``,
    after :func:`normalize_rel_path`. This is OpenClaw's authorisation rule only; it does not
    reject ``..`` (see :meth:`Workspace.resolve` for the strict check).
    """
    normalized = normalize_rel_path(rel)
    if not normalized:
        return False
    if normalized in ("MEMORY.md", "memory.md", "dreams.md"):
        return True
    return normalized.startswith("memory/")


def daily_date(rel_path: str) -> _dt.date | None:
    """The date of a daily note ``memory/YYYY-MM-DD[-slug].md``, else ``None``."""
    parts = rel_path.split("/")
    if len(parts) != 2 or parts[0] != "memory":
        return None
    match = _DAILY_RE.fullmatch(parts[1])
    if match is None:
        return None
    try:
        return _dt.date(int(match.group(1)), int(match.group(2)), int(match.group(3)))
    except ValueError:
        return None


def classify(rel_path: str) -> FileKind:
    """Kind of a workspace-relative posix path (see :class:`FileKind`)."""
    return classify_dated(rel_path)[0]


def classify_dated(rel_path: str) -> tuple[FileKind, _dt.date | None]:
    """:func:`classify` and, for a daily note, its date (read from the name once)."""
    if rel_path.startswith("sessions/"):
        return FileKind.SESSION, None
    if rel_path in ("MEMORY.md", "memory.md"):
        return FileKind.LONG_TERM, None
    if rel_path in ("DREAMS.md", "dreams.md"):
        return FileKind.DREAMING, None
    if rel_path.startswith(("memory/dreaming/", "memory/.dreams/")):
        return FileKind.DREAMING, None
    day = daily_date(rel_path)
    if day is not None:
        return FileKind.DAILY, day
    if rel_path.startswith("memory/"):
        return FileKind.MEMORY_OTHER, None
    return FileKind.EXTRA, None  # only extraPaths bring files from elsewhere into the index


def _rel_parts(rel: str) -> list[str]:
    """Components of a relative path, ``\\`` taken as a separator, empty and ``.`` removed."""
    return [part for part in js_trim(rel).replace("\\", "/").split("/") if part not in ("", ".")]


def _is_absolute(rel: str) -> bool:
    """True for posix or Windows absolute paths, and Windows drive-relative ones."""
    if rel.startswith(("/", "\\")):
        return True
    windows = PureWindowsPath(rel)
    return PurePosixPath(rel).is_absolute() or windows.is_absolute() or bool(windows.drive)


class Workspace:
    """An agent workspace folder plus the session folders of its agents."""

    def __init__(
        self,
        root: Path,
        sessions_dirs: Sequence[tuple[str, Path]] = (),
        max_file_bytes: int = MAX_FILE_BYTES,
        extra_paths: Sequence[str] = (),
    ) -> None:
        """Open the workspace at ``root``; ``sessions_dirs`` lists ``(agent_id, folder)``,
        ``extra_paths`` the agent's ``memorySearch.extraPaths`` entries as configured.

        Raises :class:`WorkspaceNotFound` when ``root`` is not an existing folder.
        """
        path = Path(root).expanduser()
        if not path.is_dir():
            if path.exists():
                raise WorkspaceNotFound(f"Workspace is not a folder: {path}")
            raise WorkspaceNotFound(f"Workspace folder not found: {path}")
        self.root: Path = Path(os.path.abspath(path))
        self.real_root: Path = Path(os.path.realpath(path))
        self.sessions_dirs: tuple[tuple[str, Path], ...] = tuple(
            (str(agent), Path(folder)) for agent, folder in sessions_dirs
        )
        self.max_file_bytes = int(max_file_bytes)
        self.extra_paths: tuple[ExtraPath, ...] = tuple(resolve_extra_paths(self.root, extra_paths))

    # ------------------------------------------------------------------ discovery

    def list_memory_files(self) -> tuple[list[MemoryFile], list[Skipped]]:
        """All indexable files and the entries left out, in OpenClaw's order."""
        candidates: list[tuple[str, str, os.stat_result]] = []
        skipped: list[Skipped] = []
        memory_dir = self._list_root(candidates, skipped)
        if memory_dir is not None:
            visited: set[tuple[int, int]] = set()
            self._walk(memory_dir, "memory", candidates, skipped, visited)
        self._add_extra_paths(candidates, skipped)
        files = self._listed_files(candidates, skipped)
        files.extend(self._list_sessions(skipped))
        return files, skipped

    def list_root(self) -> tuple[list[MemoryFile], list[Skipped], bool]:
        """The workspace root's part of :meth:`list_memory_files`: ``MEMORY.md`` /
        ``memory.md`` as it lists them, the entries it leaves out there, and whether it
        would walk ``memory/`` (a real folder, not a link)."""
        candidates: list[tuple[str, str, os.stat_result]] = []
        skipped: list[Skipped] = []
        walks = self._list_root(candidates, skipped) is not None
        return self._listed_files(candidates, skipped), skipped, walks

    def list_folder(self, folder: str, known: AbstractSet[str] = frozenset()) -> FolderListing:
        """One folder of ``memory/`` as :meth:`list_memory_files` lists it, without going
        into its sub-folders (for listing again only a folder that changed). ``folder`` is
        ``root/memory`` or a folder below it, as the walk spells it; ``known``: the paths
        of files already indexed, which are only named (``FolderListing.known``), not
        looked at (64,935 notes in one folder: no ``lstat`` and no object for them here;
        the caller ``lstat``s the files it knows anyway)."""
        rel_folder = Path(os.path.relpath(folder, self.root)).as_posix()
        if not (rel_folder == "memory" or rel_folder.startswith("memory/")):
            raise ValueError(f"not a folder of memory/: {folder}")
        candidates: list[tuple[str, str, os.stat_result]] = []
        out = FolderListing()
        self._walk(
            Path(folder),
            rel_folder,
            candidates,
            out.skipped,
            set(),
            recurse=False,
            known=(known, out.known),
        )
        out.files = self._listed_files(candidates, out.skipped)
        return out

    def _list_root(
        self, candidates: list[tuple[str, str, os.stat_result]], skipped: list[Skipped]
    ) -> Path | None:
        """Add the root's memory files; the ``memory/`` folder to walk (None: none)."""
        for name in ("MEMORY.md", "memory.md"):
            self._add_root_file(name, candidates, skipped)
        memory_dir = self.root / "memory"
        try:
            info = memory_dir.lstat()
        except FileNotFoundError:
            return None
        except OSError as err:
            skipped.append(Skipped("memory", said(CANNOT_READ_FOLDER, error=_describe(err))))
            return None
        if stat.S_ISLNK(info.st_mode):
            skipped.append(Skipped("memory", said(LINKED_FOLDER)))
            return None
        return memory_dir if stat.S_ISDIR(info.st_mode) else None

    def _listed_files(
        self, candidates: list[tuple[str, str, os.stat_result]], skipped: list[Skipped]
    ) -> list[MemoryFile]:
        """The candidates as listed files: one per real file, over-large ones left out."""
        files: list[MemoryFile] = []
        seen: set[str] = set()
        real_dirs: dict[str, str] = {}
        for rel, path, info in candidates:  # the path as a string: one Path per file listed
            key = _real_path(path, info, real_dirs)
            if key in seen:
                continue
            seen.add(key)
            if info.st_size > self.max_file_bytes:
                skipped.append(Skipped(rel, Said(too_large(info.st_size, self.max_file_bytes))))
                continue
            files.append(_markdown_file(rel, Path(path), info))
        return files

    def memory_file(self, rel_path: str) -> MemoryFile | None:
        """One Markdown memory file as ``list_memory_files`` would list it, without walking
        the workspace (for re-indexing a single saved or changed file). None when the path
        is not an indexable memory file now (missing, linked, not Markdown, too large)."""
        rel = normalize_rel_path(rel_path)
        extra = self._extra_file(rel_path)
        if extra is not None:
            rel = stored_rel_path(self.root, extra)
        elif not rel.endswith(".md") or not (
            rel in ("MEMORY.md", "memory.md") or rel.startswith("memory/")
        ):
            return None
        try:
            path = self.resolve(rel)
            info = path.lstat()
        except (UserError, OSError):
            return None
        if not stat.S_ISREG(info.st_mode) or info.st_size > self.max_file_bytes:
            return None
        return _markdown_file(rel, path, info)

    def _add_root_file(
        self,
        name: str,
        candidates: list[tuple[str, str, os.stat_result]],
        skipped: list[Skipped],
    ) -> None:
        """Add ``MEMORY.md`` / ``memory.md`` when it is a regular, non-linked file."""
        path = self.root / name
        try:
            info = path.lstat()
        except FileNotFoundError:
            return
        except OSError as err:
            skipped.append(Skipped(name, said(CANNOT_READ_FILE, error=_describe(err))))
            return
        if stat.S_ISLNK(info.st_mode):
            skipped.append(Skipped(name, said(LINKED_FILE)))
            return
        if not stat.S_ISREG(info.st_mode):
            skipped.append(Skipped(name, said(NOT_REGULAR)))
            return
        if name == "memory.md" and self._same_listed(info, candidates):
            return
        candidates.append((name, os.fspath(path), info))

    @staticmethod
    def _same_listed(
        info: os.stat_result, candidates: list[tuple[str, str, os.stat_result]]
    ) -> bool:
        """True when the file of ``info`` is already listed (case-insensitive file systems)."""
        return any(
            other.st_dev == info.st_dev and other.st_ino == info.st_ino
            for _rel, _path, other in candidates
        )

    def _walk(
        self,
        folder: Path,
        rel_folder: str,
        candidates: list[tuple[str, str, os.stat_result]],
        skipped: list[Skipped],
        visited: set[tuple[int, int]],
        recurse: bool = True,
        known: tuple[AbstractSet[str], list[str]] | None = None,
    ) -> None:
        """Walk ``folder`` recursively, collecting ``*.md`` regular files (without
        ``recurse``, ``folder`` alone, in no order); with ``known`` (paths, and a list),
        the paths listed that are known only go to that list, unlooked at.

        With ``known`` (one folder listed again, :meth:`list_folder`) the folder's names
        are read first, and only the new ones are ``lstat``ed: 64,935 notes in one folder
        took 25 ms for the names, where ``os.scandir`` took 60 ms and its entries' ``stat``
        190 ms."""
        try:
            folder_info = folder.lstat()
            identity = (folder_info.st_dev, folder_info.st_ino)
            if identity in visited:
                skipped.append(Skipped(rel_folder, said(FOLDER_LOOP)))
                return
            visited.add(identity)
            if known is not None:  # set operations and list comprehensions: 10^5 names
                by_rel = {f"{rel_folder}/{name}": name for name in os.listdir(folder)}
                still = by_rel.keys() & known[0]
                known[1].extend(still)
                prefix = os.path.join(folder, "")
                entries: list[tuple[str, str]] = [
                    (name, prefix + name) for rel, name in by_rel.items() if rel not in still
                ]
            else:
                with os.scandir(folder) as iterator:
                    found = sorted(iterator, key=lambda e: e.name) if recurse else list(iterator)
                entries = [(entry.name, entry.path) for entry in found]
        except OSError as err:
            skipped.append(Skipped(rel_folder, said(CANNOT_READ_FOLDER, error=_describe(err))))
            return
        for name, path in entries:
            rel = f"{rel_folder}/{name}"
            if not utf8_name(name):  # bytes the index (UTF-8 text) cannot store
                if name.endswith(".md") or _is_folder(path):
                    shown = name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
                    skipped.append(Skipped(f"{rel_folder}/{shown}", said(NAME_NOT_UTF8)))
                continue
            try:
                info = os.lstat(path)
            except OSError as err:
                skipped.append(Skipped(rel, said(CANNOT_READ_ENTRY, error=_describe(err))))
                continue
            if stat.S_ISLNK(info.st_mode):
                if name.endswith(".md") or _points_to_dir(path):
                    skipped.append(Skipped(rel, said(LINKED_ENTRY)))
                continue
            if stat.S_ISDIR(info.st_mode):
                if recurse:  # (listed alone: a changed sub-folder is listed on its own)
                    self._walk(Path(path), rel, candidates, skipped, visited)
                continue
            if not name.endswith(".md"):
                continue
            if not stat.S_ISREG(info.st_mode):
                skipped.append(Skipped(rel, said(NOT_REGULAR)))
                continue
            candidates.append((rel, path, info))

    def _add_extra_paths(
        self, candidates: list[tuple[str, str, os.stat_result]], skipped: list[Skipped]
    ) -> None:
        """Add the files of the ``extraPaths`` entries (folders walked like ``memory/``)."""
        for extra in self.extra_paths:
            if extra.kind == "dir":
                self._walk(extra.abs_path, extra.rel, candidates, skipped, set())
            elif extra.kind == "file":
                try:
                    info = extra.abs_path.lstat()
                    candidates.append((extra.rel, os.fspath(extra.abs_path), info))
                except OSError as err:
                    skipped.append(Skipped(extra.rel, said(CANNOT_READ_FILE, error=_describe(err))))
            elif extra.kind != "missing":  # OpenClaw ignores missing entries silently too
                skipped.append(Skipped(extra.rel, said(EXTRA_PATH, what=extra.describe())))

    def _extra_file(self, rel: str) -> Path | None:
        """The file an ``extraPaths`` path names, when reading it is allowed: a ``.md``
        file inside an extra folder or equal to an extra file, reached without a link."""
        if not isinstance(rel, str) or not self.extra_paths:
            return None
        target = extra_target(self.root, self.extra_paths, rel)
        if target is None or not target.name.endswith(".md"):
            return None
        owner = owning_extra(self.extra_paths, target)
        if owner is None:
            return None
        if owner.kind == "dir" and has_link_below(owner.abs_path, target):
            return None
        return target

    def is_extra_path(self, rel: str) -> bool:
        """May ``memory_get`` read ``rel`` as a file of an ``extraPaths`` entry?"""
        return self._extra_file(rel) is not None

    def extra_rel(self, path: Path) -> str | None:
        """The stored path of a file of an ``extraPaths`` entry (None: it is in none)."""
        target = Path(os.path.normpath(os.path.abspath(path)))
        if owning_extra(self.extra_paths, target) is None:
            return None
        return stored_rel_path(self.root, target)

    def changed_rel(self, path: Path) -> str | None:
        """The workspace-relative (or ``sessions/``) path of a changed file the index holds,
        or None when the change does not concern a memory file (watcher events)."""
        extra = self.extra_rel(path)
        if extra is not None:
            return extra if extra.endswith(".md") else None
        try:
            rel = Path(os.path.abspath(path)).relative_to(self.root).as_posix()
        except ValueError:
            for _agent, folder in self.sessions_dirs:
                if Path(path).parent == folder:
                    return session_rel_path(Path(path))
            return None
        return rel if rel.endswith(".md") else None

    def list_sessions(self) -> tuple[list[MemoryFile], list[Skipped]]:
        """The transcripts part of :meth:`list_memory_files` and the entries it leaves out."""
        skipped: list[Skipped] = []
        return self._list_sessions(skipped), skipped

    def _list_sessions(self, skipped: list[Skipped]) -> list[MemoryFile]:
        """Transcripts of every configured sessions folder."""
        files: list[MemoryFile] = []
        for agent_id, folder in self.sessions_dirs:
            for path in list_session_files(folder):
                rel = session_rel_path(path)
                try:
                    info = path.stat()
                except OSError as err:
                    skipped.append(Skipped(str(path), said(CANNOT_READ_FILE, error=_describe(err))))
                    continue
                if info.st_size > MAX_SESSION_FILE_BYTES:
                    skipped.append(
                        Skipped(str(path), Said(too_large(info.st_size, MAX_SESSION_FILE_BYTES)))
                    )
                    continue
                files.append(
                    MemoryFile(
                        rel_path=rel,
                        abs_path=path,
                        kind=FileKind.SESSION,
                        source="sessions",
                        date=None,
                        agent_id=agent_id,
                        size=info.st_size,
                        mtime_ms=info.st_mtime_ns / 1_000_000,
                    )
                )
        return files

    # ------------------------------------------------------------------ paths

    def is_memory_path(self, rel: str) -> bool:
        """OpenClaw's ``isMemoryPath`` authorisation rule (see :func:`is_memory_path`)."""
        return is_memory_path(rel)

    def classify(self, rel_path: str) -> FileKind:
        """Kind of a workspace-relative path (see :func:`classify`)."""
        return classify(rel_path)

    def daily_note_path(self, date: _dt.date) -> str:
        """Relative path of the daily note of ``date``: ``memory/YYYY-MM-DD.md``."""
        return f"memory/{date.isoformat()}.md"

    def resolve(self, rel: str) -> Path:
        """Absolute path of the memory file ``rel``, or :class:`PathRefused`.

        Accepted: a relative path (``/`` or ``\\`` separators, an optional leading ``./``)
        ending in ``.md`` that OpenClaw's :func:`is_memory_path` allows or that names
        ``DREAMS.md``, with no ``..`` part, and no symbolic link on the way (so nothing can
        point outside the workspace). The file itself need not exist. A ``.md`` file of an
        ``extraPaths`` entry is accepted too, in its stored form (``../team-docs/x.md``) or
        as an absolute path, when no symbolic link is on the way inside the entry.
        """
        if not isinstance(rel, str) or not js_trim(rel):
            raise PathRefused("Path refused: empty path")
        extra = self._extra_file(rel)
        if extra is not None:
            return extra
        if _is_absolute(js_trim(rel)):
            raise PathRefused(f"Path refused: {rel!r} is absolute; use a workspace-relative path")
        parts = _rel_parts(rel)
        if ".." in parts:
            raise PathRefused(f"Path refused: {rel!r} leaves the workspace ('..')")
        if not parts:
            raise PathRefused(f"Path refused: {rel!r} is not a file")
        posix = "/".join(parts)
        if not posix.endswith(".md"):
            raise PathRefused(f"Path refused: {rel!r} is not a Markdown (.md) file")
        if not (is_memory_path(posix) or posix == "DREAMS.md"):
            raise PathRefused(
                f"Path refused: {rel!r} is not a memory file "
                "(MEMORY.md, memory.md, DREAMS.md, memory/... or a file of extraPaths)"
            )
        current = self.root
        for part in parts:
            current = current / part
            try:
                info = current.lstat()
            except FileNotFoundError:
                break
            except OSError as err:
                raise PathRefused(f"Path refused: {rel!r}: {_describe(err)}") from err
            if stat.S_ISLNK(info.st_mode):
                raise PathRefused(f"Path refused: {rel!r} goes through a symbolic link")
        target = self.root.joinpath(*parts)
        real = Path(os.path.realpath(target))
        if real != self.real_root and self.real_root not in real.parents:
            raise PathRefused(f"Path refused: {rel!r} resolves outside the workspace")
        return target

    @staticmethod
    def _rel_posix(rel: str) -> str:
        """The cleaned posix form of an accepted relative path."""
        return "/".join(_rel_parts(rel))

    # ------------------------------------------------------------------ reading

    def read_bytes(self, rel_path: str) -> bytes:
        """Raw bytes of a memory file, after the path and size checks of :meth:`read_text`."""
        path = self.resolve(rel_path)
        name = self._rel_posix(rel_path)
        try:
            info = path.stat()
        except FileNotFoundError as err:
            raise FileMissing.of(name, phrase(NOT_FOUND)) from err
        except OSError as err:
            raise UnreadableFile.of(name, phrase(CANNOT_READ_FILE, error=_describe(err))) from err
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile.of(name, phrase(NOT_REGULAR))
        if info.st_size > self.max_file_bytes:
            raise UnreadableFile.of(name, too_large(info.st_size, self.max_file_bytes))
        try:
            data = path.read_bytes()
        except FileNotFoundError as err:
            raise FileMissing.of(name, phrase(NOT_FOUND)) from err
        except PermissionError as err:
            raise UnreadableFile.of(name, phrase(PERMISSION_DENIED)) from err
        except OSError as err:
            raise UnreadableFile.of(name, phrase(CANNOT_READ_FILE, error=_describe(err))) from err
        if len(data) > self.max_file_bytes:
            raise UnreadableFile.of(name, too_large(len(data), self.max_file_bytes))
        return data

    def read_text(self, rel_path: str) -> str:
        """Text of a memory file, decoded as strict UTF-8 (a BOM is kept, as OpenClaw does).

        Raises :class:`PathRefused` for a path outside the memory files, :class:`FileMissing`
        when the file does not exist and :class:`UnreadableFile` (naming the file) for binary
        content (NUL bytes), invalid UTF-8, files over the size cap and permission errors.
        """
        data = self.read_bytes(rel_path)
        return decode_memory_text(data, self._rel_posix(rel_path))

    def unreadable(self, rel_path: str) -> str | None:
        """Why the memory file ``rel_path``, which is there, cannot be read as text: what
        :meth:`read_text` refuses it for (no access, not UTF-8, binary, too large), without the
        file's name. None when it can be read, is not there, or is a path Reverie does not
        read (a symbolic link)."""
        try:
            self.read_text(rel_path)
        except (FileMissing, PathRefused):
            return None
        except UnreadableFile as err:
            return err.reason or str(err)
        return None

    def read_lines(self, rel_path: str, start: int | None = None, count: int | None = None) -> str:
        """Lines of a memory file like OpenClaw's ``memory_get``.

        With neither ``start`` nor ``count`` (or both 0) the whole file is returned;
        otherwise lines ``max(1, start) .. + max(1, count)`` split on ``"\\n"`` (``count``
        defaults to the rest of the file).
        """
        text = self.read_text(rel_path)
        if not start and not count:
            return text
        lines = text.split("\n")
        first = max(1, start or 1)
        amount = max(1, count if count is not None else len(lines))
        return "\n".join(lines[first - 1 : first - 1 + amount])

    def read_session_text(self, rel_path: str, agent_id: str | None = None) -> str:
        """Text of a listed transcript ``sessions/<basename>`` (invalid UTF-8 → U+FFFD).

        Only files returned by the session listing are readable; ``agent_id`` picks the
        agent when several have a transcript of that name.
        """
        for file in self._list_sessions([]):
            if file.rel_path != rel_path or (agent_id is not None and file.agent_id != agent_id):
                continue
            try:
                return file.abs_path.read_bytes().decode("utf-8", errors="replace")
            except PermissionError as err:
                raise UnreadableFile.of(rel_path, phrase(PERMISSION_DENIED)) from err
            except OSError as err:
                raise UnreadableFile.of(
                    rel_path, phrase(CANNOT_READ_FILE, error=_describe(err))
                ) from err
        raise PathRefused(f"Path refused: {rel_path!r} is not a listed session transcript")

    def read_session_lines(
        self, rel_path: str, start: int | None = None, count: int | None = None
    ) -> tuple[str, tuple[int, ...]]:
        """A transcript as the index holds it: the flattened lines (``User: ...`` /
        ``Assistant: ...``, secrets masked) and the JSONL line number of each.

        ``start`` and ``count`` select JSONL lines ``start .. start + count - 1`` (the line
        numbers search results give for transcripts); with neither, every line.
        """
        transcript = flatten_session(self.read_session_text(rel_path))
        lines = transcript.content.split("\n") if transcript.content else []
        pairs = list(zip(lines, transcript.line_map, strict=False))
        if start or count:
            first = max(1, start or 1)
            last = first + max(1, count) - 1 if count else None
            pairs = [(t, n) for t, n in pairs if n >= first and (last is None or n <= last)]
        return "\n".join(t for t, _ in pairs), tuple(n for _, n in pairs)

    # ------------------------------------------------------------------ writing

    def write_text(self, rel_path: str, text: str, expected_hash: str | None = None) -> str:
        """Atomically write ``text`` (UTF-8) to a memory file and return its new hash.

        With ``expected_hash`` (the SHA-256 hex of the bytes that were loaded) the write is
        refused with :class:`WriteConflict` when the file on disk no longer has that hash,
        or no longer exists. Without it the file is created or overwritten.
        """
        path = self.resolve(rel_path)
        name = self._rel_posix(rel_path)

        check: Callable[[], None] | None = None
        if expected_hash is not None:
            expected = expected_hash.lower()
            _verify_unchanged(path, name, expected)
            # checked again right before the rename: an append by another program while
            # the temp file was written and synced must not be replaced unseen
            check = functools.partial(_verify_unchanged, path, name, expected)
        elif path.exists() and not path.is_file():
            raise UnreadableFile.of(name, phrase(NOT_REGULAR))
        if read_only(path):  # the rename would replace it all the same: the owner's choice stands
            raise UnreadableFile(said(READ_ONLY_FILE, path=name))
        data = text.encode("utf-8")
        try:
            atomic_write_bytes(path, data, before_replace=check)
        except PermissionError as err:
            raise UnreadableFile.of(name, phrase(PERMISSION_DENIED_WRITING)) from err
        return sha256_hex(data)


CHANGED_SINCE_OPENED = template(
    "{path} changed on disk since it was opened; reload it or merge the changes before saving"
)
DELETED_SINCE_OPENED = template(
    "{path} was deleted on disk since it was opened; reload before saving"
)
READ_ONLY_FILE = template("{path} is read-only; make it writable to save it")


def _verify_unchanged(path: Path, name: str, expected_hash: str) -> None:
    """Raise :class:`WriteConflict` unless ``path`` still has the SHA-256 ``expected_hash``."""
    try:
        current = path.read_bytes()
    except FileNotFoundError as err:
        raise WriteConflict(said(DELETED_SINCE_OPENED, path=name)) from err
    except OSError as err:
        raise UnreadableFile.of(name, phrase(CANNOT_READ_FILE, error=_describe(err))) from err
    if sha256_hex(current) != expected_hash:
        raise WriteConflict(said(CHANGED_SINCE_OPENED, path=name))


def _real_path(path: str, info: os.stat_result, real_dirs: dict[str, str]) -> str:
    """``os.path.realpath(path)``, resolving each folder once: the walk never lists a
    linked entry, so a file's real path is its folder's real path plus its name (realpath of
    every file cost 8 lstat calls each, half of listing 65,000 notes)."""
    if stat.S_ISLNK(info.st_mode):
        return os.path.realpath(path)
    folder, name = os.path.split(path)
    real = real_dirs.get(folder)
    if real is None:
        real = real_dirs[folder] = os.path.realpath(folder)
    return os.path.join(real, name)


def _markdown_file(rel: str, path: Path, info: os.stat_result) -> MemoryFile:
    kind, day = classify_dated(rel)
    return MemoryFile(
        rel_path=rel,
        abs_path=path,
        kind=kind,
        source="memory",
        date=day,
        agent_id=None,
        size=info.st_size,
        mtime_ms=info.st_mtime_ns / 1_000_000,
    )


def decode_memory_text(data: bytes, name: str) -> str:
    """Decode memory-file bytes strictly, raising :class:`UnreadableFile` naming ``name``."""
    nul = data.find(b"\x00")
    if nul >= 0:
        raise UnreadableFile.of(name, phrase(BINARY_FILE, offset=nul))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise UnreadableFile.of(name, phrase(NOT_UTF8, offset=err.start)) from err


def _describe(err: OSError) -> str:
    """Short human description of an OS error."""
    return err.strerror or err.__class__.__name__


def too_large(size: int, limit: int) -> Phrase:
    """Why a file over the size cap is left out."""
    return phrase(TOO_LARGE, size=f"{size:,}", limit=f"{limit:,}")


def utf8_name(name: str) -> bool:
    """The file name or path is text the index can store (not bytes the file system
    decoded as surrogates)."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _is_folder(path: str) -> bool:
    """True when ``path`` is a folder itself (not a link to one)."""
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False


def _points_to_dir(path: str) -> bool:
    """True when the symbolic link ``path`` points to a folder."""
    try:
        return os.path.isdir(path)
    except OSError:
        return False


# ---------------------------------------------------------------------- OpenClaw locations


def find_openclaw_state_dir() -> Path | None:
    """OpenClaw's state folder: ``$OPENCLAW_STATE_DIR`` or ``~/.openclaw``, if it exists.

    When the variable is set, only that folder is considered, as OpenClaw does.
    """
    configured = os.environ.get("OPENCLAW_STATE_DIR", "").strip()
    candidate = Path(configured).expanduser() if configured else Path.home() / ".openclaw"
    return candidate if candidate.is_dir() else None


def find_openclaw_workspaces(
    state_dir: Path | None, home: Path | None = None
) -> list[tuple[str, Path]]:
    """Known agent workspaces as ``(agent_id, folder)``.

    ``~/.openclaw/workspace`` is agent ``main`` when it exists; every
    ``<state_dir>/workspace-<agentId>`` folder is added for its agent. ``openclaw.json``
    agent entries are not read.
    """
    found: list[tuple[str, Path]] = []
    seen: set[str] = set()
    base = (home if home is not None else Path.home()) / ".openclaw" / "workspace"
    if base.is_dir():
        found.append(("main", base))
        seen.add(os.path.realpath(base))
    if state_dir is None:
        return found
    try:
        entries = sorted(os.scandir(state_dir), key=lambda entry: entry.name)
    except OSError:
        return found
    for entry in entries:
        if not entry.name.startswith(_AGENT_WORKSPACE_PREFIX):
            continue
        agent_id = entry.name[len(_AGENT_WORKSPACE_PREFIX) :]
        if not agent_id or not entry.is_dir():
            continue
        key = os.path.realpath(entry.path)
        if key in seen:
            continue
        seen.add(key)
        found.append((agent_id, Path(entry.path)))
    return found


def sessions_dirs_for(state_dir: Path) -> list[tuple[str, Path]]:
    """``(agent_id, <state_dir>/agents/<agent_id>/sessions)`` for every existing one."""
    agents = Path(state_dir) / "agents"
    try:
        entries = sorted(os.scandir(agents), key=lambda entry: entry.name)
    except OSError:
        return []
    result: list[tuple[str, Path]] = []
    for entry in entries:
        sessions = Path(entry.path) / "sessions"
        if entry.is_dir() and sessions.is_dir():
            result.append((entry.name, sessions))
    return result


def watched_folders(workspace: Workspace) -> list[Path]:
    """Folders outside the workspace whose changes concern the index: the transcript
    folders and the ``extraPaths`` folders (the folder of an extra file)."""
    folders = [folder for _agent, folder in workspace.sessions_dirs]
    for extra in workspace.extra_paths:
        if extra.kind == "dir":
            folders.append(extra.abs_path)
        elif extra.kind == "file":
            folders.append(extra.abs_path.parent)
    root = os.path.realpath(workspace.root)
    return [
        f
        for f in dict.fromkeys(folders)
        if f.is_dir() and not (os.path.realpath(f) + os.sep).startswith(root + os.sep)
    ]
