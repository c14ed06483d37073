"""A full sync that skips the listing when no folder changed, and what it must still see."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from reverie.core.index import scan
from reverie.core.service import MemoryService


@pytest.fixture
def svc(workspace: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> MemoryService:
    # timestamps here have nanoseconds: no need to wait out a 2 s window in tests
    monkeypatch.setattr(scan, "RACY_NS", 0)
    service = MemoryService(workspace, data_dir=data_dir, model_name="hash")
    service.sync()  # lists the workspace and records its folders
    time.sleep(0.02)
    return service


def _quick(svc: MemoryService) -> scan.QuickScan | None:
    return scan.quick_scan(svc.writer(), svc.workspace)


def test_nothing_changed_needs_no_listing(svc: MemoryService) -> None:
    quick = _quick(svc)
    assert quick is not None and not quick.changed and len(quick.unchanged) == 4
    report = svc.sync()
    assert report.files_changed == 0 and report.files_unchanged == report.files_seen == 4


def test_in_place_append_is_found_without_a_folder_change(
    svc: MemoryService, workspace: Path
) -> None:
    memory = workspace / "memory"
    before = os.lstat(memory).st_ctime_ns
    with open(memory / "2026-10-01.md", "a", encoding="utf-8") as fh:  # O_APPEND, in place
        fh.write("- Appended by an agent.\n")
    assert os.lstat(memory).st_ctime_ns == before  # the folder did not change
    quick = _quick(svc)
    assert quick is not None and [f.rel_path for f in quick.changed] == ["memory/2026-10-01.md"]
    report = svc.sync()
    assert report.changed_paths == ["memory/2026-10-01.md"]


def test_created_renamed_and_deleted_files_make_it_list(
    svc: MemoryService, workspace: Path
) -> None:
    (workspace / "memory" / "2026-11-03.md").write_text("- New note.\n", encoding="utf-8")
    assert _quick(svc) is None
    assert svc.sync().changed_paths == ["memory/2026-11-03.md"]
    time.sleep(0.02)
    assert _quick(svc) is not None
    (workspace / "memory" / "2026-11-03.md").rename(workspace / "memory" / "renamed.md")
    assert sorted(svc.sync().changed_paths) == ["memory/2026-11-03.md", "memory/renamed.md"]
    time.sleep(0.02)
    (workspace / "memory" / "renamed.md").unlink()
    report = svc.sync()
    assert report.files_removed == 1 and report.changed_paths == ["memory/renamed.md"]


def test_new_file_in_a_new_subfolder_is_found(svc: MemoryService, workspace: Path) -> None:
    sub = workspace / "memory" / "projects"
    sub.mkdir()
    svc.sync()
    time.sleep(0.02)
    assert _quick(svc) is not None
    (sub / "tidepool.md").write_text("- Tidepool launch.\n", encoding="utf-8")
    assert _quick(svc) is None  # the sub-folder changed
    assert svc.sync().changed_paths == ["memory/projects/tidepool.md"]


def test_unreadable_file_is_reported_on_every_quick_sync(
    svc: MemoryService, workspace: Path
) -> None:
    (workspace / "memory" / "broken.md").write_bytes(b"\xff\xfe not utf-8")
    first = svc.sync()
    assert [s.path for s in first.skipped] == ["memory/broken.md"]
    time.sleep(0.02)
    assert _quick(svc) is not None
    again = svc.sync()
    assert [s.path for s in again.skipped] == ["memory/broken.md"]
    (workspace / "memory" / "broken.md").write_text("- Fixed in place.\n", encoding="utf-8")
    fixed = svc.sync()
    assert fixed.changed_paths == ["memory/broken.md"] and not fixed.skipped


def test_racy_folder_is_listed_again(
    workspace: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(scan, "RACY_NS", 60 * 10**9)  # every folder changed "just now"
    service = MemoryService(workspace, data_dir=data_dir, model_name="hash")
    service.sync()
    assert scan.quick_scan(service.writer(), service.workspace) is None
