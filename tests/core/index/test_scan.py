"""A full sync that skips the listing when no folder changed, and what it must still see."""

from __future__ import annotations

import json
import os
import random
import shutil
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


def test_created_renamed_and_deleted_files_list_their_folder_again(
    svc: MemoryService, workspace: Path
) -> None:
    (workspace / "memory" / "2026-11-03.md").write_text("- New note.\n", encoding="utf-8")
    quick = _quick(svc)
    assert quick is not None and quick.relisted == 1 and not quick.gone
    assert [f.rel_path for f in quick.changed] == ["memory/2026-11-03.md"]
    assert svc.sync().changed_paths == ["memory/2026-11-03.md"]
    time.sleep(0.02)
    assert _quick(svc) is not None
    (workspace / "memory" / "2026-11-03.md").rename(workspace / "memory" / "renamed.md")
    assert sorted(svc.sync().changed_paths) == ["memory/2026-11-03.md", "memory/renamed.md"]
    time.sleep(0.02)
    (workspace / "memory" / "renamed.md").unlink()
    report = svc.sync()
    assert report.files_removed == 1 and report.changed_paths == ["memory/renamed.md"]


def test_folder_listed_again_still_sees_known_files_changed_in_place(
    svc: MemoryService, workspace: Path
) -> None:
    """A folder listed again names its known files without looking at them; each is still
    compared with what the index knows (an append in place beside a new note)."""
    memory = workspace / "memory"
    with open(memory / "2026-10-01.md", "a", encoding="utf-8") as fh:
        fh.write("- Appended by an agent.\n")
    (memory / "2026-11-04.md").write_text("- New note.\n", encoding="utf-8")
    quick = _quick(svc)
    assert quick is not None and quick.relisted == 1 and not quick.gone
    changed = sorted(f.rel_path for f in quick.changed)
    assert changed == ["memory/2026-10-01.md", "memory/2026-11-04.md"]
    assert len(quick.unchanged) == 3
    assert sorted(svc.sync().changed_paths) == changed


def test_known_file_replaced_by_a_link_in_a_folder_listed_again_lists_everything(
    svc: MemoryService, workspace: Path
) -> None:
    memory = workspace / "memory"
    (memory / "2026-10-01.md").unlink()
    (memory / "2026-10-01.md").symlink_to(workspace / "MEMORY.md")
    assert _quick(svc) is None  # the full listing reports the link
    report = svc.sync()
    assert "memory/2026-10-01.md" in {s.path for s in report.skipped}


def test_new_file_in_a_new_subfolder_is_found(svc: MemoryService, workspace: Path) -> None:
    sub = workspace / "memory" / "projects"
    sub.mkdir()
    svc.sync()
    time.sleep(0.02)
    assert _quick(svc) is not None
    (sub / "tidepool.md").write_text("- Tidepool launch.\n", encoding="utf-8")
    quick = _quick(svc)  # the sub-folder changed: it alone is listed again
    assert quick is not None and quick.relisted == 1
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
    quick = scan.quick_scan(service.writer(), service.workspace)
    assert quick is not None and quick.relisted == 2  # the root and memory/, listed again


def test_memory_md_saved_through_a_rename_lists_the_root_alone(
    svc: MemoryService, workspace: Path
) -> None:
    tmp = workspace / ".MEMORY.md.tmp"
    tmp.write_text("# Long-Term Memory\n\n- Rewritten.\n", encoding="utf-8")
    os.replace(tmp, workspace / "MEMORY.md")
    quick = _quick(svc)
    assert quick is not None and quick.relisted == 1
    assert [f.rel_path for f in quick.changed] == ["MEMORY.md"]
    assert svc.sync().changed_paths == ["MEMORY.md"]


def test_memory_folder_replaced_by_a_link_lists_everything(
    svc: MemoryService, workspace: Path, tmp_path: Path
) -> None:
    (workspace / "memory").rename(tmp_path / "elsewhere")
    (workspace / "memory").symlink_to(tmp_path / "elsewhere")
    assert _quick(svc) is None
    report = svc.sync()
    assert [s.path for s in report.skipped] == ["memory"]


def _files(svc: MemoryService) -> list[tuple[str, str, int]]:
    rows = svc.reader().execute("SELECT path, hash, size FROM files ORDER BY path").fetchall()
    return [(str(p), str(h), int(z)) for p, h, z in rows]


def test_listing_changed_folders_again_matches_a_full_listing(
    workspace: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Random creations, deletions, renames, saves through a rename, appends in place, new
    and removed sub-folders, links, non-notes, over-large and unreadable files: after each
    round, the index a sync keeps up to date (folders listed again) holds the same files as
    one built from scratch by a full listing, and both report the same entries left out."""
    monkeypatch.setattr(scan, "RACY_NS", 0)
    rng = random.Random(7)
    memory = workspace / "memory"
    sessions = tmp_path / "agents" / "main" / "sessions"
    sessions.mkdir(parents=True)
    agents = [("main", sessions)]
    svc = MemoryService(
        workspace, data_dir=tmp_path / "kept", model_name="hash", sessions_dirs=agents
    )
    svc.workspace.max_file_bytes = 4000  # small enough for an over-large note to be made
    svc.sync()
    counter = 0
    relisted = 0
    for round_ in range(25):
        time.sleep(0.01)
        for _ in range(rng.randint(1, 4)):
            notes = sorted(p for p in memory.rglob("*.md") if not p.is_symlink())
            folders = sorted(p for p in memory.rglob("*") if p.is_dir() and not p.is_symlink())
            action = rng.choice(
                [
                    "create",
                    "create",
                    "delete",
                    "rename",
                    "replace",
                    "append",
                    "mkdir",
                    "rmdir",
                    "link",
                    "other",
                    "large",
                    "binary",
                    "memory",
                    "session",
                    "session",
                    "talk",
                    "forget",
                ]
            )
            transcripts = sorted(sessions.glob("*.jsonl"))
            counter += 1
            target = rng.choice([memory, *folders])
            if action == "create":
                (target / f"2026-12-{counter % 28 + 1:02d}-n{counter}.md").write_text(
                    f"- Note {counter} about the harbour crane.\n", encoding="utf-8"
                )
            elif action == "delete" and notes:
                rng.choice(notes).unlink()
            elif action == "rename" and notes:
                rng.choice(notes).rename(target / f"moved-{counter}.md")
            elif action in ("replace", "memory") and (notes or action == "memory"):
                path = workspace / "MEMORY.md" if action == "memory" else rng.choice(notes)
                tmp = path.with_name(f".{path.name}.tmp")
                tmp.write_text(f"- Saved through a rename, round {round_}.\n", encoding="utf-8")
                os.replace(tmp, path)
            elif action == "append" and notes:
                with open(rng.choice(notes), "a", encoding="utf-8") as fh:
                    fh.write(f"- Appended in place {counter}.\n")
            elif action == "mkdir":
                sub = target / f"topic-{counter}"
                sub.mkdir()
                (sub / "index.md").write_text(f"- Topic {counter}.\n", encoding="utf-8")
            elif action == "rmdir" and folders:
                shutil.rmtree(rng.choice(folders))
            elif action == "link" and notes:
                (target / f"link-{counter}.md").symlink_to(rng.choice(notes))
            elif action == "other":
                (target / f"scratch-{counter}.txt").write_text("not a note", encoding="utf-8")
            elif action == "large":
                (target / f"big-{counter}.md").write_text("- x\n" * 2000, encoding="utf-8")
            elif action == "session":  # a new conversation
                line = {"type": "message", "message": {"role": "user", "content": f"hi {counter}"}}
                (sessions / f"s-{counter}.jsonl").write_text(
                    json.dumps(line) + "\n", encoding="utf-8"
                )
            elif action == "talk" and transcripts:  # the agent appends to one, in place
                with open(rng.choice(transcripts), "a", encoding="utf-8") as fh:
                    fh.write(
                        json.dumps(
                            {
                                "type": "message",
                                "message": {"role": "assistant", "content": f"ok {counter}"},
                            }
                        )
                        + "\n"
                    )
            elif action == "forget" and transcripts:
                rng.choice(transcripts).unlink()
            elif action == "binary":
                (target / f"bad-{counter}.md").write_bytes(b"\xff\xfe not utf-8")
        quick = scan.quick_scan(svc.writer(), svc.workspace)
        relisted += quick.relisted if quick is not None else 0
        kept = svc.sync()
        fresh = MemoryService(
            workspace,
            data_dir=tmp_path / f"fresh-{round_}",
            model_name="hash",
            sessions_dirs=agents,
        )
        fresh.workspace.max_file_bytes = 4000
        try:
            full = fresh.sync()
            assert _files(svc) == _files(fresh), f"round {round_}"
            assert sorted(s.path for s in kept.skipped) == sorted(s.path for s in full.skipped)
        finally:
            fresh.close()
    assert relisted > 0  # the rounds went through the re-listing, not only full listings
    svc.close()


def test_a_new_conversation_lists_the_transcripts_alone(
    workspace: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(scan, "RACY_NS", 0)
    sessions = tmp_path / "sessions"
    sessions.mkdir()
    line = {"type": "message", "message": {"role": "user", "content": "Tidepool status?"}}
    (sessions / "a.jsonl").write_text(json.dumps(line) + "\n", encoding="utf-8")
    svc = MemoryService(
        workspace, data_dir=tmp_path / "data", model_name="hash", sessions_dirs=[("main", sessions)]
    )
    svc.sync()
    time.sleep(0.02)
    (sessions / "b.jsonl").write_text(json.dumps(line) + "\n", encoding="utf-8")
    quick = scan.quick_scan(svc.writer(), svc.workspace)
    assert quick is not None and quick.relisted == 1
    assert [f.rel_path for f in quick.changed] == ["sessions/b.jsonl"]
    assert "sessions/a.jsonl" in quick.unchanged
    assert svc.sync().changed_paths == ["sessions/b.jsonl"]
    svc.close()
