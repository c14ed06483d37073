"""Atomic file writes: a crash leaves the old file or the new one, never a mix or nothing."""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from collections.abc import Callable
from pathlib import Path

from .phrase import said, template

NEW_FILE_MODE = 0o666
"""The mode new files are created with, before the process umask (as other editors do)."""


def atomic_write_bytes(
    path: Path, data: bytes, before_replace: Callable[[], None] | None = None
) -> None:
    """Write ``data`` to ``path`` so that a crash leaves either the old or the new file.

    A temp file in the same folder is written, fsynced and renamed over the target; the
    folder is fsynced too so the rename itself is durable. A new file gets the mode other
    editors give it (0666 less the process umask); an existing file keeps its permission
    bits, and its owner and group where the process may set them. ``before_replace`` runs
    right before the rename (after the slow fsync); when it raises, nothing is replaced
    and the temp file is removed.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        original: os.stat_result | None = path.stat()
    except FileNotFoundError:
        original = None
    try:
        fd, tmp = _create_temp(path)
    except OSError as exc:
        raise _about(exc, path, None) from exc
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            if original is not None:
                _copy_owner_and_mode(handle.fileno(), tmp, original)
            os.fsync(handle.fileno())
        if before_replace is not None:
            before_replace()
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise _about(exc, path, tmp) from exc
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    try:
        dir_fd = os.open(str(path.parent), os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def _about(exc: OSError, path: Path, tmp: str | None) -> OSError:
    """``exc`` naming the file being written, not its temp file (or nothing: a full disk)."""
    if exc.filename not in (None, tmp) and not str(exc.filename).endswith(".tmp"):
        return exc
    return type(exc)(exc.errno, exc.strerror or str(exc), str(path))


LINKED = template(
    "{path} is a symbolic link: Reverie does not write through links (its index does not read"
    " them either); put the file itself in the workspace"
)
READ_ONLY = template(
    "{path} is read-only: Reverie leaves it as it is; make it writable to change it"
)


def link_refusal(path: Path) -> str | None:
    """Why ``path`` is not written, when it is a symbolic link (replacing the link with a
    file would leave its target as it was); None for a file or a missing path."""
    if not Path(path).is_symlink():
        return None
    return said(LINKED, path=str(path))


def write_refusal(path: Path) -> str | None:
    """Why ``path`` is not written: a symbolic link (:func:`link_refusal`), or a file its
    owner made read-only (the atomic rename would replace it all the same); None when it
    may be written."""
    refusal = link_refusal(path)
    if refusal is not None:
        return refusal
    if read_only(path):
        return said(READ_ONLY, path=str(path))
    return None


def read_only(path: Path) -> bool:
    """A regular file nobody may write by its mode bits (a missing file is not)."""
    try:
        info = Path(path).stat()
    except OSError:
        return False
    return stat.S_ISREG(info.st_mode) and not info.st_mode & 0o222


def _create_temp(path: Path) -> tuple[int, str]:
    """A new, exclusive temp file beside ``path``; the kernel applies the umask to its mode
    (unlike ``tempfile.mkstemp``, which always creates 0600)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
    for _attempt in range(100):
        tmp = str(path.parent / f".{path.name}.{secrets.token_hex(4)}.tmp")
        try:
            return os.open(tmp, flags, NEW_FILE_MODE), tmp
        except FileExistsError:
            continue
    raise FileExistsError(f"cannot create a temporary file beside {path}")


def _copy_owner_and_mode(fd: int, tmp: str, original: os.stat_result) -> None:
    """Give the temp file the replaced file's owner, group and permission bits.

    The owner can only be changed by a privileged process, the group only to one the
    process belongs to: what cannot be kept is left as created. The mode is set last,
    since changing the owner clears the set-id bits.
    """
    if hasattr(os, "fchown"):
        for uid, gid in ((original.st_uid, original.st_gid), (-1, original.st_gid)):
            try:
                os.fchown(fd, uid, gid)
                break
            except OSError:
                continue
    mode = original.st_mode & 0o7777
    if hasattr(os, "fchmod"):
        os.fchmod(fd, mode)
    else:  # Windows: only the read-only bit exists
        os.chmod(tmp, mode)


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))
