"""Workspace discovery, classification, path refusal, strict reads and safe writes."""

from __future__ import annotations

import datetime as dt
import hashlib
import os
from pathlib import Path

import pytest

from reverie.core import workspace as workspace_module
from reverie.core.errors import PathRefused, UserError, WorkspaceNotFound
from reverie.core.workspace import (
    MAX_FILE_BYTES,
    FileKind,
    FileMissing,
    UnreadableFile,
    Workspace,
    WriteConflict,
    classify,
    find_openclaw_state_dir,
    find_openclaw_workspaces,
    is_memory_path,
    sessions_dirs_for,
)
from tests.fixtures.refused_read import refuse_reading


def _write(root: Path, rel: str, text: str = "x\n") -> Path:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture()
def ws_root(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    root.mkdir()
    return root


def _rels(ws: Workspace) -> list[str]:
    files, _ = ws.list_memory_files()
    return [f.rel_path for f in files]


def test_missing_workspace_raises(tmp_path: Path) -> None:
    with pytest.raises(WorkspaceNotFound):
        Workspace(tmp_path / "nope")
    file = tmp_path / "file"
    file.write_text("x", encoding="utf-8")
    with pytest.raises(WorkspaceNotFound):
        Workspace(file)


def test_discovery_rules(ws_root: Path, tmp_path: Path) -> None:
    _write(ws_root, "MEMORY.md")
    _write(ws_root, "memory.md")
    _write(ws_root, "DREAMS.md")
    _write(ws_root, "SOUL.md")
    _write(ws_root, "notes.md")
    _write(ws_root, "memory/2026-04-10.md")
    _write(ws_root, "memory/projects/alpha.md")
    _write(ws_root, "memory/.dreams/session-corpus/2026-04-10.md")
    _write(ws_root, "memory/.dreams/short-term-recall.json", "{}")
    _write(ws_root, "memory/UPPER.MD")
    _write(ws_root, "memory/image.png")
    outside = _write(tmp_path, "outside/secret.md")
    (tmp_path / "outside" / "more.md").write_text("y", encoding="utf-8")
    (ws_root / "memory" / "linked.md").symlink_to(outside)
    (ws_root / "memory" / "linked-dir").symlink_to(tmp_path / "outside", target_is_directory=True)

    ws = Workspace(ws_root)
    files, skipped = ws.list_memory_files()
    rels = [f.rel_path for f in files]
    assert rels == [
        "MEMORY.md",
        "memory.md",
        "memory/.dreams/session-corpus/2026-04-10.md",
        "memory/2026-04-10.md",
        "memory/projects/alpha.md",
    ]
    skipped_paths = {s.path: s.reason for s in skipped}
    assert "memory/linked.md" in skipped_paths
    assert "memory/linked-dir" in skipped_paths
    assert "symbolic link" in skipped_paths["memory/linked.md"]
    by_rel = {f.rel_path: f for f in files}
    assert by_rel["MEMORY.md"].kind is FileKind.LONG_TERM
    assert by_rel["memory/2026-04-10.md"].kind is FileKind.DAILY
    assert by_rel["memory/2026-04-10.md"].date == dt.date(2026, 4, 10)
    assert by_rel["memory/.dreams/session-corpus/2026-04-10.md"].kind is FileKind.DREAMING
    assert by_rel["memory/projects/alpha.md"].kind is FileKind.MEMORY_OTHER
    alpha = by_rel["memory/projects/alpha.md"]
    assert alpha.source == "memory" and alpha.agent_id is None and alpha.size == 2
    assert alpha.abs_path == ws_root / "memory" / "projects" / "alpha.md"
    assert alpha.mtime_ms == pytest.approx(os.stat(alpha.abs_path).st_mtime * 1000, abs=1)


def test_root_symlinks_are_skipped(ws_root: Path, tmp_path: Path) -> None:
    target = _write(tmp_path, "elsewhere/MEMORY.md")
    (ws_root / "MEMORY.md").symlink_to(target)
    (ws_root / "memory").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    files, skipped = Workspace(ws_root).list_memory_files()
    assert files == []
    assert {s.path for s in skipped} == {"MEMORY.md", "memory"}


def test_realpath_dedupe_first_wins(ws_root: Path) -> None:
    _write(ws_root, "MEMORY.md")
    os.link(ws_root / "MEMORY.md", ws_root / "memory.md")  # same file, two names
    _write(ws_root, "memory/a.md")
    rels = _rels(Workspace(ws_root))
    assert rels == ["MEMORY.md", "memory/a.md"]


def test_unreadable_folder_is_reported(ws_root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _write(ws_root, "memory/ok.md")
    _write(ws_root, "memory/locked/hidden.md")
    locked = ws_root / "memory" / "locked"
    real_scandir = os.scandir

    def scandir(path: str | os.PathLike[str]) -> object:
        if Path(path) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(workspace_module.os, "scandir", scandir)
    files, skipped = Workspace(ws_root).list_memory_files()
    assert [f.rel_path for f in files] == ["memory/ok.md"]
    assert [(s.path, s.reason) for s in skipped] == [
        ("memory/locked", "cannot read folder: Permission denied")
    ]


def test_huge_file_skipped_at_listing(ws_root: Path) -> None:
    _write(ws_root, "memory/small.md")
    big = ws_root / "memory" / "big.md"
    with big.open("wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)
    files, skipped = Workspace(ws_root).list_memory_files()
    assert [f.rel_path for f in files] == ["memory/small.md"]
    assert [s.path for s in skipped] == ["memory/big.md"]
    assert "too large" in skipped[0].reason
    with pytest.raises(UnreadableFile, match="memory/big.md"):
        Workspace(ws_root).read_text("memory/big.md")


def test_sessions_are_listed(ws_root: Path, tmp_path: Path) -> None:
    sessions = tmp_path / "state" / "agents" / "main" / "sessions"
    sessions.mkdir(parents=True)
    (sessions / "abc.jsonl").write_text("{}\n", encoding="utf-8")
    (sessions / "sessions.json").write_text("{}", encoding="utf-8")
    ws = Workspace(ws_root, sessions_dirs=[("main", sessions)])
    files, _ = ws.list_memory_files()
    (session,) = files
    assert session.rel_path == "sessions/abc.jsonl"
    assert session.kind is FileKind.SESSION
    assert session.source == "sessions"
    assert session.agent_id == "main"
    assert ws.read_session_text("sessions/abc.jsonl") == "{}\n"
    with pytest.raises(PathRefused):
        ws.read_session_text("sessions/sessions.json")


@pytest.mark.parametrize(
    ("rel", "kind"),
    [
        ("MEMORY.md", FileKind.LONG_TERM),
        ("memory.md", FileKind.LONG_TERM),
        ("DREAMS.md", FileKind.DREAMING),
        ("dreams.md", FileKind.DREAMING),
        ("memory/dreaming/deep/2026-04-10.md", FileKind.DREAMING),
        ("memory/.dreams/events.md", FileKind.DREAMING),
        ("memory/2026-04-10.md", FileKind.DAILY),
        ("memory/2026-04-10-gateway-outage.md", FileKind.DAILY),
        ("memory/2026-02-30.md", FileKind.MEMORY_OTHER),
        ("memory/sub/2026-04-10.md", FileKind.MEMORY_OTHER),
        ("memory/people.md", FileKind.MEMORY_OTHER),
        ("sessions/abc.jsonl", FileKind.SESSION),
    ],
)
def test_classify(rel: str, kind: FileKind) -> None:
    assert classify(rel) is kind


def test_slugged_daily_note_has_its_date(ws_root: Path) -> None:
    _write(ws_root, "memory/2026-04-11-deploy.md")
    (file,) = Workspace(ws_root).list_memory_files()[0]
    assert file.kind is FileKind.DAILY and file.date == dt.date(2026, 4, 11)


@pytest.mark.parametrize(
    ("rel", "allowed"),
    [
        ("MEMORY.md", True),
        ("memory.md", True),
        ("dreams.md", True),
        ("DREAMS.md", False),
        ("memory/x.md", True),
        ("./memory/x.md", True),
        ("memory\\x.md", True),
        ("  memory/x.md ", True),
        ("SOUL.md", False),
        ("", False),
        ("memoryx/a.md", False),
    ],
)
def test_is_memory_path(rel: str, allowed: bool) -> None:
    assert is_memory_path(rel) is allowed


@pytest.mark.parametrize(
    "rel",
    [
        "../outside.md",
        "memory/../../outside.md",
        "memory/../SOUL.md",
        "/etc/passwd.md",
        "C:\\memory\\x.md",
        "memory/notes.txt",
        "memory/image.png",
        "SOUL.md",
        "AGENTS.md",
        "",
        "   ",
        "memory",
    ],
)
def test_resolve_refuses(ws_root: Path, rel: str) -> None:
    ws = Workspace(ws_root)
    with pytest.raises(PathRefused):
        ws.resolve(rel)
    with pytest.raises(PathRefused):
        ws.read_text(rel)


def test_resolve_refuses_symlink_out(ws_root: Path, tmp_path: Path) -> None:
    outside = _write(tmp_path, "outside/x.md", "secret")
    _write(ws_root, "memory/ok.md")
    (ws_root / "memory" / "link.md").symlink_to(outside)
    (ws_root / "memory" / "dir").symlink_to(tmp_path / "outside", target_is_directory=True)
    ws = Workspace(ws_root)
    for rel in ("memory/link.md", "memory/dir/x.md"):
        with pytest.raises(PathRefused):
            ws.read_text(rel)
        with pytest.raises(PathRefused):
            ws.write_text(rel, "overwrite")
    assert outside.read_text(encoding="utf-8") == "secret"


def test_resolve_accepts_memory_files(ws_root: Path) -> None:
    ws = Workspace(ws_root)
    assert ws.resolve("memory/new/2026-04-10.md") == ws_root / "memory" / "new" / "2026-04-10.md"
    assert ws.resolve("./MEMORY.md") == ws_root / "MEMORY.md"
    assert ws.resolve("memory\\a.md") == ws_root / "memory" / "a.md"
    assert ws.resolve("DREAMS.md") == ws_root / "DREAMS.md"


def test_read_text_and_lines(ws_root: Path) -> None:
    _write(ws_root, "memory/a.md", "one\ntwo\nthree\nfour")
    ws = Workspace(ws_root)
    assert ws.read_text("memory/a.md") == "one\ntwo\nthree\nfour"
    assert ws.read_lines("memory/a.md") == "one\ntwo\nthree\nfour"
    assert ws.read_lines("memory/a.md", 2, 2) == "two\nthree"
    assert ws.read_lines("memory/a.md", 3) == "three\nfour"
    assert ws.read_lines("memory/a.md", -5, 1) == "one"
    assert ws.read_lines("memory/a.md", 2, 0) == "two"
    assert ws.read_lines("memory/a.md", None, 2) == "one\ntwo"
    assert ws.read_lines("memory/a.md", 9, 2) == ""
    with pytest.raises(FileMissing, match="memory/missing.md"):
        ws.read_text("memory/missing.md")


def test_bom_is_kept(ws_root: Path) -> None:
    (ws_root / "MEMORY.md").write_bytes(b"\xef\xbb\xbf# Title\n")
    assert Workspace(ws_root).read_text("MEMORY.md") == "\ufeff# Title\n"


def test_invalid_utf8_is_reported_with_name(ws_root: Path) -> None:
    path = ws_root / "memory" / "latin1.md"
    path.parent.mkdir()
    path.write_bytes("caf\u00e9\n".encode("latin-1"))
    with pytest.raises(UnreadableFile, match=r"memory/latin1\.md.*UTF-8") as info:
        Workspace(ws_root).read_text("memory/latin1.md")
    assert isinstance(info.value, UserError)


def test_nul_bytes_are_reported_with_name(ws_root: Path) -> None:
    path = ws_root / "memory" / "blob.md"
    path.parent.mkdir()
    path.write_bytes(b"text\x00\x01\x02")
    with pytest.raises(UnreadableFile, match=r"memory/blob\.md.*binary"):
        Workspace(ws_root).read_text("memory/blob.md")


def test_size_cap_is_configurable(ws_root: Path) -> None:
    _write(ws_root, "MEMORY.md", "x" * 100)
    ws = Workspace(ws_root, max_file_bytes=10)
    files, skipped = ws.list_memory_files()
    assert files == [] and skipped[0].path == "MEMORY.md"
    with pytest.raises(UnreadableFile, match="MEMORY.md.*too large"):
        ws.read_text("MEMORY.md")


def test_permission_error_is_reported(ws_root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _write(ws_root, "MEMORY.md")
    refuse_reading(monkeypatch)
    with pytest.raises(UnreadableFile, match="MEMORY.md: permission denied"):
        Workspace(ws_root).read_text("MEMORY.md")


def test_write_keeps_content_and_detects_conflicts(ws_root: Path) -> None:
    path = _write(ws_root, "memory/2026-04-10.md", "original\n")
    path.chmod(0o640)
    ws = Workspace(ws_root)
    loaded = hashlib.sha256(path.read_bytes()).hexdigest()
    new_hash = ws.write_text("memory/2026-04-10.md", "edited ✓\n", expected_hash=loaded)
    assert path.read_text(encoding="utf-8") == "edited ✓\n"
    assert new_hash == hashlib.sha256("edited ✓\n".encode()).hexdigest()
    assert path.stat().st_mode & 0o777 == 0o640
    assert [p.name for p in path.parent.iterdir()] == ["2026-04-10.md"]  # no temp file left

    # Someone else edits the file: the stale hash is refused and nothing is lost.
    path.write_text("changed elsewhere\n", encoding="utf-8")
    with pytest.raises(WriteConflict, match="changed on disk"):
        ws.write_text("memory/2026-04-10.md", "mine\n", expected_hash=loaded)
    assert path.read_text(encoding="utf-8") == "changed elsewhere\n"

    # Deleted since loading.
    path.unlink()
    with pytest.raises(WriteConflict, match="deleted"):
        ws.write_text("memory/2026-04-10.md", "mine\n", expected_hash=new_hash)
    assert not path.exists()


def test_write_creates_new_daily_note(ws_root: Path) -> None:
    ws = Workspace(ws_root)
    rel = ws.daily_note_path(dt.date(2026, 4, 12))
    assert rel == "memory/2026-04-12.md"
    ws.write_text(rel, "# 2026-04-12\n")
    assert ws.read_text(rel) == "# 2026-04-12\n"
    assert ws.classify(rel) is FileKind.DAILY
    assert ws.is_memory_path(rel)


def test_openclaw_locations(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    state = home / ".openclaw"
    (state / "workspace").mkdir(parents=True)
    (state / "workspace-research").mkdir()
    (state / "workspace-").mkdir()
    (state / "agents" / "main" / "sessions").mkdir(parents=True)
    (state / "agents" / "research" / "sessions").mkdir(parents=True)
    (state / "agents" / "empty").mkdir(parents=True)

    monkeypatch.setenv("OPENCLAW_STATE_DIR", str(state))
    assert find_openclaw_state_dir() == state
    monkeypatch.setenv("OPENCLAW_STATE_DIR", str(tmp_path / "missing"))
    assert find_openclaw_state_dir() is None
    monkeypatch.delenv("OPENCLAW_STATE_DIR")
    monkeypatch.setenv("HOME", str(home))
    assert find_openclaw_state_dir() == state

    assert find_openclaw_workspaces(state, home=home) == [
        ("main", state / "workspace"),
        ("research", state / "workspace-research"),
    ]
    assert sessions_dirs_for(state) == [
        ("main", state / "agents" / "main" / "sessions"),
        ("research", state / "agents" / "research" / "sessions"),
    ]
    assert sessions_dirs_for(tmp_path / "nothing") == []


def test_a_file_name_that_is_not_utf8_is_skipped_not_a_crash(tmp_path: Path) -> None:
    from reverie.core.service import MemoryService

    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("- hello walrus\n", encoding="utf-8")
    bad = os.fsencode(str(root / "memory")) + b"/bad\xff.md"
    with open(bad, "wb") as handle:
        handle.write(b"- walrus too\n")
    files, skipped = Workspace(root).list_memory_files()
    assert [f.rel_path for f in files] == ["MEMORY.md"]
    assert any("not valid UTF-8" in s.reason for s in skipped)
    svc = MemoryService(root, data_dir=tmp_path / "data", model_name="hash")
    try:
        svc.sync()
        svc.sync(only_paths=["memory/" + os.fsdecode(b"bad\xff.md")])  # a watcher event
        assert [h.path for h in svc.search("walrus").results] == ["MEMORY.md"]
    finally:
        svc.close()
