"""Atomic writes keep what other editors keep: new files honour the umask, an existing file
keeps its mode and its owner."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from reverie.core.atomic import atomic_write_bytes, atomic_write_text
from reverie.core.workspace import Workspace


@pytest.fixture
def umask() -> Iterator[None]:
    """Restore the process umask after a test that changes it."""
    old = os.umask(0o022)
    os.umask(old)
    yield
    os.umask(old)


def mode_of(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize("mask, expected", [(0o022, 0o644), (0o027, 0o640), (0o077, 0o600)])
def test_new_file_honours_the_umask(tmp_path: Path, umask: None, mask: int, expected: int) -> None:
    os.umask(mask)
    target = tmp_path / "new.md"
    atomic_write_bytes(target, b"hello\n")
    assert mode_of(target) == expected
    assert target.read_bytes() == b"hello\n"


def test_workspace_creates_notes_with_the_umask(
    tmp_path: Path, workspace: Path, umask: None
) -> None:
    os.umask(0o002)
    ws = Workspace(workspace)
    ws.write_text("memory/2026-12-24.md", "# 2026-12-24\n")
    assert mode_of(workspace / "memory" / "2026-12-24.md") == 0o664


@pytest.mark.parametrize("mode", [0o640, 0o604, 0o664])
def test_existing_file_keeps_its_mode(tmp_path: Path, umask: None, mode: int) -> None:
    os.umask(0o077)
    target = tmp_path / "kept.md"
    target.write_bytes(b"old\n")
    os.chmod(target, mode)
    atomic_write_text(target, "new\n")
    assert mode_of(target) == mode
    assert target.read_text(encoding="utf-8") == "new\n"


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0, reason="changing a file's owner needs root"
)
def test_existing_file_keeps_its_owner_and_group(tmp_path: Path) -> None:
    target = tmp_path / "owned.md"
    target.write_bytes(b"old\n")
    os.chown(target, 65534, 65534)
    os.chmod(target, 0o640)
    atomic_write_text(target, "new\n")
    info = target.stat()
    assert (info.st_uid, info.st_gid) == (65534, 65534)
    assert stat.S_IMODE(info.st_mode) == 0o640
    assert target.read_text(encoding="utf-8") == "new\n"


def test_no_temp_file_is_left_behind(tmp_path: Path) -> None:
    target = tmp_path / "clean.md"
    for text in ("a\n", "b\n", "c\n"):
        atomic_write_text(target, text)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["clean.md"]


def test_a_failed_write_names_the_file_not_its_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:

    from reverie.core import atomic

    target = tmp_path / "MEMORY.md"
    target.write_text("- kept\n", encoding="utf-8")

    def full(_src: str, _dst: object) -> None:
        raise OSError(28, "No space left on device", _src)

    monkeypatch.setattr(atomic.os, "replace", full)
    with pytest.raises(OSError) as caught:
        atomic.atomic_write_bytes(target, b"- new\n")
    assert caught.value.filename == str(target) and caught.value.errno == 28
    assert target.read_text(encoding="utf-8") == "- kept\n"
    assert [p.name for p in tmp_path.iterdir()] == ["MEMORY.md"]  # no temp file left
