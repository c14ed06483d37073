"""A full sync without listing the workspace when no folder changed.

Listing 65,000 notes (``Workspace.list_memory_files``: a directory walk, a ``MemoryFile``
per file) took seconds; most syncs find nothing changed. A folder's change time
(``st_ctime``) moves whenever an entry is created, deleted or renamed in it (and when its
permissions change), so when no folder the listing walks has a new change time, the
listing is the one the last full sync made, and the sync only needs to look at the files
it already knows.

It still ``lstat``s every known file, by design: writing a file in place (an agent
appending a line to today's note with ``O_APPEND``, an editor that saves in place) changes
the file's modification time but not its folder's, so "folder unchanged, skip its files"
would miss exactly the most common edit, and nothing else tells a later process about it
(the file watcher only runs while the app does). The stat of a known file costs a few
microseconds (``bench/speed.py`` prints the no-change full sync at 100,000 chunks);
everything else the listing did for it (walk, real path, classification, objects) is
skipped.

Race: an entry created in the same clock tick as a folder change that the snapshot saw
leaves the change time as it was. So the snapshot is taken before the listing it stands
for, and a folder whose change time is less than ``RACY_NS`` older than the snapshot is
not trusted next time (that sync lists again). 2 s covers file systems with coarse
timestamps (FAT: 2 s; ext4, btrfs, xfs, APFS keep nanoseconds).

When folders of ``memory/`` (or the workspace root) did change, as they do each time a
note is created, deleted or saved through a temp file and a rename, only those folders are
listed again (``Workspace.list_folder``, the walk's own code for one folder): their files
decide what is new and gone there (by name: only new names are ``lstat``ed), and every
known file still listed is ``lstat``ed as above. At 100,000 chunks in 64,935 notes in one
folder, a sync after one note was saved through a rename took 1.7 s with a full listing,
0.5 s listing the folder again with a ``stat`` of each entry, 0.4 s this way
(``bench/speed.py``).

Anything unexpected (a known file gone from an unchanged folder, no longer a regular file,
over the size cap, a folder missing or replaced by a link, ``extraPaths`` configured, the
workspace's transcript or ``extraPaths`` folders configured differently) falls back to the
full listing. A transcript folder that changed (a new conversation) has every transcript
folder listed again, as the listing does.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import stat
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import apsw

from ..workspace import (
    MAX_SESSION_FILE_BYTES,
    FileKind,
    MemoryFile,
    Skipped,
    Workspace,
    utf8_name,
)
from . import db

STATE_KEY = "scan_state"
"""meta: JSON of the last full listing's folder snapshot and skipped entries."""
RACY_NS = 2_000_000_000
STATE_VERSION = 1
ABSENT = -1


def _config(workspace: Workspace) -> list[object]:
    """What decides which folders the listing walks, besides the folders themselves."""
    return [
        str(workspace.root),
        [[agent, str(folder)] for agent, folder in workspace.sessions_dirs],
        [[e.entry, str(e.abs_path), e.kind] for e in workspace.extra_paths],
        int(workspace.max_file_bytes),
    ]


def _ctime(path: str) -> tuple[int, bool]:
    """(change time in ns or ABSENT, is a real folder)."""
    try:
        info = os.lstat(path)
    except OSError:
        return ABSENT, False
    return info.st_ctime_ns, stat.S_ISDIR(info.st_mode) and not stat.S_ISLNK(info.st_mode)


def _walk_folders(top: str, out: dict[str, int], seen: set[tuple[int, int]]) -> None:
    """Record ``top`` and every folder below it (links not followed)."""
    try:
        info = os.lstat(top)
    except OSError:
        out[top] = ABSENT
        return
    out[top] = info.st_ctime_ns
    if not stat.S_ISDIR(info.st_mode) or stat.S_ISLNK(info.st_mode):
        return
    if (info.st_dev, info.st_ino) in seen:
        return
    seen.add((info.st_dev, info.st_ino))
    try:
        with os.scandir(top) as entries:
            subdirs = [e.path for e in entries if e.is_dir(follow_symlinks=False)]
    except OSError:
        return
    for sub in subdirs:
        _walk_folders(sub, out, seen)


def snapshot(workspace: Workspace) -> dict[str, int]:
    """Change time of every folder whose entries decide the listing: the workspace root
    (``MEMORY.md``), ``memory/`` and its sub-folders, the ``extraPaths`` folders and
    theirs, and the transcript folders."""
    out: dict[str, int] = {}
    seen: set[tuple[int, int]] = set()
    out[str(workspace.root)] = _ctime(str(workspace.root))[0]
    _walk_folders(str(workspace.root / "memory"), out, seen)
    for extra in workspace.extra_paths:
        if extra.kind == "dir":
            _walk_folders(str(extra.abs_path), out, seen)
    for _agent, folder in workspace.sessions_dirs:
        out.setdefault(str(folder), _ctime(str(folder))[0])
    return out


@dataclass
class ScanState:
    taken_ns: int
    folders: dict[str, int]
    skipped: list[Skipped]
    config: list[object]
    unread: list[str] = field(default_factory=list)
    """Listed files the sync could not read (binary, invalid UTF-8...): read again by
    every sync, as the listing would make it do."""

    def to_json(self) -> str:
        return json.dumps(
            {
                "v": STATE_VERSION,
                "taken_ns": self.taken_ns,
                "folders": self.folders,
                "skipped": [[s.path, s.reason] for s in self.skipped],
                "config": self.config,
                "unread": self.unread,
            }
        )


def take_snapshot(workspace: Workspace) -> ScanState:
    """Call right before listing the workspace; complete ``skipped`` with its result."""
    taken = time.time_ns()
    return ScanState(taken, snapshot(workspace), [], _config(workspace))


def save_state(conn: apsw.Connection, state: ScanState) -> None:
    """Store the snapshot of a full listing; inside the caller's transaction."""
    db.set_meta(conn, STATE_KEY, state.to_json())


def forget_state(conn: apsw.Connection) -> None:
    conn.execute("DELETE FROM meta WHERE key = ?", (STATE_KEY,))


def load_state(conn: apsw.Connection) -> ScanState | None:
    raw = db.get_meta(conn, STATE_KEY)
    if not raw:
        return None
    try:
        data = json.loads(raw)
        if data.get("v") != STATE_VERSION:
            return None
        return ScanState(
            int(data["taken_ns"]),
            {str(k): int(v) for k, v in data["folders"].items()},
            [Skipped(str(p), str(r)) for p, r in data["skipped"]],
            list(data["config"]),
            [str(p) for p in data.get("unread", [])],
        )
    except (ValueError, KeyError, TypeError, AttributeError):
        return None


def folders_unchanged(state: ScanState, workspace: Workspace) -> bool:
    """True when no folder the listing walks changed since ``state`` was taken (and none
    changed so shortly before it that a change in the same clock tick could hide)."""
    if state.config != json.loads(json.dumps(_config(workspace))):
        return False
    limit = state.taken_ns - RACY_NS
    for path, recorded in state.folders.items():
        now, _is_dir = _ctime(path)
        if now != recorded or recorded >= limit:
            return False
    return True


@dataclass
class QuickScan:
    """What a full sync must read: the known files whose size or modification time moved,
    and the files new in the folders listed again."""

    changed: list[MemoryFile] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    gone: list[str] = field(default_factory=list)
    """Known files no longer listed in a folder listed again (deleted or renamed)."""
    state: ScanState | None = None
    """The snapshot taken before folders were listed again (None: none changed), for the
    sync to save once it has read the files."""
    relisted: int = 0
    """How many folders were listed again."""


@dataclass
class _Relisting:
    """The changed folders (and gone ones) and what listing them again found."""

    folders: set[str]
    files: dict[str, MemoryFile]
    unchanged: set[str]
    present: set[str]
    """Known files of the folders listed again that are still there, not looked at."""
    state: ScanState
    """The new snapshot, with the entries left out of the listing as they are now."""


def quick_scan(conn: apsw.Connection, workspace: Workspace) -> QuickScan | None:
    """The files a full sync must read, from the indexed files and, where folders changed,
    a listing of those folders alone; None when the workspace must be listed in full (no
    snapshot, anything unexpected)."""
    state = load_state(conn)
    if state is None or state.config != json.loads(json.dumps(_config(workspace))):
        return None
    rows: Iterable[tuple[Any, ...]] = conn.execute(
        "SELECT path, mtime, size, abs_path, source FROM files"
    )  # as the cursor gives them when nothing changed: a list of 10^5 took 10% longer
    relisting: _Relisting | None = None
    if not folders_unchanged(state, workspace):
        rows = list(rows)  # read once, for the listing and for the loop below
        relisting = _relist(workspace, state, rows)
        if relisting is None:
            return None
    out = QuickScan(skipped=list(state.skipped))
    if relisting is not None:
        out.skipped, out.state = relisting.state.skipped, relisting.state
        out.relisted = len(relisting.folders)
        again_skipped = {s.path for s in relisting.state.skipped}
    moved: list[tuple[str, int, float]] = []
    for path, mtime, size, abs_path, source in rows:
        if (
            relisting is not None
            and path not in relisting.present  # still listed: looked at as below
            and _parent(abs_path) in relisting.folders
        ):
            listed = relisting.files.pop(path, None)  # its folder was listed again
            if path in relisting.unchanged:
                out.unchanged.append(path)
            elif listed is not None:
                out.changed.append(listed)
            elif path not in again_skipped:  # unreadable or too large now: rows kept
                out.gone.append(path)
            continue
        try:
            info = os.lstat(abs_path)
        except OSError:
            return None  # gone without its folder changing: list to be sure
        if not stat.S_ISREG(info.st_mode):
            return None
        mtime_ms = info.st_mtime_ns / 1_000_000
        if mtime_ms == mtime and info.st_size == size:
            out.unchanged.append(path)
            continue
        cap = MAX_SESSION_FILE_BYTES if source == "sessions" else workspace.max_file_bytes
        if info.st_size > cap:
            return None  # the listing reports it as too large
        moved.append((path, int(info.st_size), mtime_ms))
    if relisting is not None:
        out.changed.extend(relisting.files.values())  # new in the folders listed again
    for rel in state.unread:
        if relisting is not None and _folder_of(workspace, rel) in relisting.folders:
            continue  # listed again with its folder (and read again if still there)
        mf = workspace.memory_file(rel) if not rel.startswith("sessions/") else None
        if mf is None:
            return None
        out.changed.append(mf)
    for path, size, mtime_ms in moved:
        row = conn.execute(
            "SELECT abs_path, kind, source, file_date, agent_id FROM files WHERE path = ?",
            (path,),
        ).fetchone()
        if row is None:
            return None
        abs_path, kind, source, file_date, agent_id = row
        out.changed.append(
            MemoryFile(
                rel_path=path,
                abs_path=Path(str(abs_path)),
                kind=FileKind(str(kind)),
                source="sessions" if source == "sessions" else "memory",
                date=_dt.date.fromisoformat(str(file_date)) if file_date else None,
                agent_id=str(agent_id) if agent_id is not None else None,
                size=size,
                mtime_ms=mtime_ms,
            )
        )
    return out


def _parent(path: str) -> str:
    """``os.path.dirname`` of an absolute, normalised path, in a third of its time (it
    runs for each of 10^5 indexed files when a folder is listed again)."""
    head, sep, _name = path.rpartition(os.sep)
    return head if head and os.altsep is None else os.path.dirname(path)


def _folder_of(workspace: Workspace, rel: str) -> str:
    """The folder the walk lists a workspace-relative path in (a transcript left out of the
    listing is named by its absolute path)."""
    return os.path.dirname(os.path.join(str(workspace.root), rel))


def _relist(
    workspace: Workspace, state: ScanState, rows: Sequence[tuple[Any, ...]]
) -> _Relisting | None:
    """List again the folders of the root and ``memory/`` that changed since ``state``
    (None: a change the full listing must handle, see the module's docstring); ``rows``:
    the indexed files (path, mtime, size, abs_path, source)."""
    if workspace.extra_paths:
        return None
    fresh = take_snapshot(workspace)  # before listing: a later change is seen next time
    limit = state.taken_ns - RACY_NS
    root, memory = str(workspace.root), str(workspace.root / "memory")
    changed = {
        path for path, ns in fresh.folders.items() if state.folders.get(path) != ns or ns >= limit
    }
    gone = set(state.folders) - set(fresh.folders)
    sessions = {str(folder) for _agent, folder in workspace.sessions_dirs}
    for path in changed | gone:
        if path not in sessions and not (
            path in (root, memory) or path.startswith(memory + os.sep)
        ):
            return None  # not a folder this knows how to list alone
        if path in changed and fresh.folders[path] == ABSENT:
            return None  # a folder that vanished (or replaced it): the full listing
    if not changed and not gone:
        return None
    root_files, root_skipped, walks_memory = workspace.list_root()
    if not walks_memory and fresh.folders.get(memory, ABSENT) != ABSENT:
        return None  # memory/ became a link or a file
    files: dict[str, MemoryFile] = {}
    unchanged: set[str] = set()
    present: set[str] = set()
    known: set[str] | None = None
    skipped: list[Skipped] = []
    if root in changed:
        files.update((f.rel_path, f) for f in root_files)
        skipped.extend(root_skipped)
    if changed & sessions:  # an agent started a conversation: its transcripts listed again
        changed |= sessions  # (every agent's: the listing is one pass over all of them)
        transcripts, left_out = workspace.list_sessions()
        stat_of = {str(r[0]): (float(r[1]), int(r[2])) for r in rows if r[4] == "sessions"}
        for mf in transcripts:
            if stat_of.get(mf.rel_path) == (mf.mtime_ms, mf.size):
                unchanged.add(mf.rel_path)
            else:
                files[mf.rel_path] = mf
        skipped.extend(left_out)
    for folder in sorted(changed - {root} - sessions):
        if not utf8_name(folder):
            continue  # inside a folder the walk leaves out (its parent's listing says so)
        if known is None:
            known = {str(row[0]) for row in rows}
        listing = workspace.list_folder(folder, known)
        files.update((f.rel_path, f) for f in listing.files)
        present.update(listing.known)
        skipped.extend(listing.skipped)
    decided = changed | gone
    kept = [s for s in state.skipped if _folder_of(workspace, s.path) not in decided]
    fresh.skipped = kept + skipped
    return _Relisting(decided, files, unchanged, present, fresh)
