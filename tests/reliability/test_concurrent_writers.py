"""Another program writing at the same time: an agent appending to today's note while the
index syncs, a save racing an append, OpenClaw holding the ledger lock while a promotion is
approved, and two windows (two services) on one workspace and one index."""

from __future__ import annotations

import datetime as _dt
import json
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from reverie.core import atomic
from reverie.core.dreaming import ledger
from reverie.core.dreaming.engine import DreamEngine
from reverie.core.service import MemoryService
from reverie.core.watch import DebouncedWatcher
from reverie.core.workspace import Workspace, WriteConflict, sha256_hex
from tests.core.dreaming.conftest import VLAN_KEY, at

from .helpers import (
    digests,
    dream_workspace,
    finish,
    hold_lock,
    read_line,
    sha,
    short_lock_timeout,
    spawn_child,
)

APPENDS = 50
INTERVAL = 0.05
LINE = "- agent note {i:04d} token kiwi{i:04d}"


def _today_rel() -> str:
    return f"memory/{_dt.date.today().isoformat()}.md"


def _appended(count: int = APPENDS) -> list[str]:
    return [LINE.format(i=i) for i in range(count)]


@pytest.fixture
def appender(workspace: Path) -> Iterator[Callable[[], subprocess.Popen[str]]]:
    """Starts a process that appends a line to today's note every 50 ms (2.5 s in all)."""
    started: list[subprocess.Popen[str]] = []

    def start() -> subprocess.Popen[str]:
        proc = spawn_child(
            {"op": "append", "root": str(workspace), "rel": _today_rel(), "line": LINE}
            | {"count": APPENDS, "interval": INTERVAL}
        )
        started.append(proc)
        assert read_line(proc).startswith("pid ")
        assert read_line(proc) == "started"
        return proc

    yield start
    for proc in started:
        finish(proc, timeout=0)


def _file_lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def test_appends_while_the_index_syncs_and_the_watcher_runs(
    workspace: Path, data_dir: Path, appender: Callable[[], subprocess.Popen[str]]
) -> None:
    rel = _today_rel()
    path = workspace / rel
    path.write_text(f"# {_dt.date.today().isoformat()}\n\n", encoding="utf-8")
    service = MemoryService(workspace, data_dir, model_name="hash")
    service.load_model()
    service.sync()
    errors: list[BaseException] = []

    def on_change(paths: set[Path]) -> None:
        try:
            rels = [p.relative_to(workspace).as_posix() for p in paths if p.suffix == ".md"]
            service.sync(only_paths=rels)
            service.embed_pending()
        except BaseException as exc:  # reported below; the watcher thread must not hide it
            errors.append(exc)

    watcher = DebouncedWatcher([workspace], on_change, delay=0.05)
    watcher.start()
    proc = appender()
    syncs = 0
    try:
        while proc.poll() is None:
            service.sync(only_paths=[rel] if syncs % 2 else None)
            found = service.search("kiwi0000").results
            if found:
                assert found[0].path == rel
            syncs += 1
        out, err = finish(proc)
        assert proc.returncode == 0, err
    finally:
        watcher.stop()
    assert not errors, errors
    assert syncs > 1

    lines = _file_lines(path)
    assert lines[2:] == _appended(), "every appended line is there, in order"
    service.sync()
    last = service.search(f"kiwi{APPENDS - 1:04d}").results
    assert last and last[0].path == rel
    stored = service.reader().execute("SELECT hash FROM files WHERE path = ?", (rel,)).fetchone()
    assert stored[0] == sha(path.read_bytes()), "the index ends with the file's content"
    text = "\n".join(
        t
        for (t,) in service.reader().execute(
            "SELECT text FROM chunks WHERE path = ? ORDER BY start_line", (rel,)
        )
    )
    assert all(line in text for line in _appended())
    service.close()


def test_save_loses_no_append_landing_while_it_writes(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An agent's append that lands after the editor's conflict check, while the temp file
    is written and synced, must not be replaced unseen: the save is refused instead."""
    rel = "memory/2026-11-02.md"
    path = workspace / rel
    ws = Workspace(workspace)
    loaded = path.read_bytes()
    line = "- appended by the agent mid-save\n"
    real_fsync = atomic.os.fsync
    fired: list[int] = []

    def fsync_then_agent_appends(fd: int) -> None:
        real_fsync(fd)
        if not fired:  # the first fsync is the temp file's: the slow part of a save
            fired.append(fd)
            subprocess.run(
                [sys.executable, "-c", f"open({str(path)!r}, 'a').write({line!r})"],
                check=True,
                timeout=30,
            )

    monkeypatch.setattr(atomic.os, "fsync", fsync_then_agent_appends)
    with pytest.raises(WriteConflict, match="changed on disk"):
        ws.write_text(rel, loaded.decode("utf-8") + "- my edit\n", sha256_hex(loaded))
    assert fired
    assert path.read_bytes() == loaded + line.encode("utf-8")
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]


# --------------------------------------------------------------------------- ledger lock


WATCHED = ["MEMORY.md", str(ledger.LEDGER_RELATIVE_PATH)]


def _holder(root: Path, hold: float, release_file: Path | None = None) -> subprocess.Popen[str]:
    return hold_lock(root, WATCHED, hold, release_file)


def _digests(root: Path) -> dict[str, str]:
    return digests(root, WATCHED)


def test_promotion_waits_for_openclaws_lock_then_proceeds(tmp_path: Path) -> None:
    root = dream_workspace(tmp_path / "dream")
    before = _digests(root)
    proc = _holder(root, hold=1.0)
    try:
        assert json.loads(read_line(proc)) == {"locked": before}
        outcome = DreamEngine(root, now=at(4, 12), timezone="UTC").apply([VLAN_KEY])
        released = json.loads(read_line(proc))
    finally:
        finish(proc)
    assert released == {"releasing": before}, "nothing was written while the lock was held"
    assert outcome.applied == (VLAN_KEY,)
    assert f"openclaw-memory-promotion:{VLAN_KEY}" in (root / "MEMORY.md").read_text()
    assert ledger.read_store(root)["entries"][VLAN_KEY]["promotedAt"]
    assert not (root / ledger.LOCK_RELATIVE_PATH).exists()


def test_promotion_times_out_clearly_and_writes_nothing_without_the_lock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = dream_workspace(tmp_path / "dream")
    before = _digests(root)
    release = tmp_path / "release"
    proc = _holder(root, hold=60, release_file=release)
    try:
        read_line(proc)
        short_lock_timeout(monkeypatch, 0.5)
        with pytest.raises(ledger.LockTimeout, match=r"held by running process \d+"):
            DreamEngine(root, now=at(4, 12), timezone="UTC").apply([VLAN_KEY])
        assert _digests(root) == before
        assert (root / ledger.LOCK_RELATIVE_PATH).exists(), "the owner's lock is kept"
    finally:
        release.touch()
        finish(proc)
    assert proc.returncode == 0


# --------------------------------------------------------------------------- two windows


def test_two_services_on_one_index_sync_and_search_concurrently(
    workspace: Path, data_dir: Path
) -> None:
    windows = [MemoryService(workspace, data_dir, model_name="hash") for _ in range(2)]
    for service in windows:
        service.load_model()
    errors: list[BaseException] = []
    stop = threading.Event()
    ws = Workspace(workspace)

    def window(service: MemoryService, n: int) -> None:
        try:
            while not stop.is_set():
                service.sync()
                service.embed_pending()
                service.search("staging gateway VLAN")
                service.search(f"walrus{n}")
                service.status()
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=window, args=(s, i)) for i, s in enumerate(windows)]
    for thread in threads:
        thread.start()
    try:
        for i in range(30):
            ws.write_text(f"memory/2026-12-{i % 28 + 1:02d}.md", f"# note\n\n- walrus{i} note\n")
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
    assert not errors, errors

    for service in windows:
        service.sync()
        service.embed_pending()
    results = [
        [(h.path, h.start_line, round(h.score, 6)) for h in s.search("walrus29 note").results]
        for s in windows
    ]
    assert results[0] and results[0] == results[1]
    assert results[0][0][0] == "memory/2026-12-02.md"
    assert windows[0].status().files == windows[1].status().files == 4 + 28
    for service in windows:
        service.close()


def test_second_window_follows_a_rebuild_by_the_first(workspace: Path, data_dir: Path) -> None:
    first = MemoryService(workspace, data_dir, model_name="hash")
    second = MemoryService(workspace, data_dir, model_name="hash")
    first.sync()
    second.sync()
    first.rebuild()  # swaps a new database file in
    Workspace(workspace).write_text("memory/2026-12-01.md", "# note\n\n- narwhal sighting\n")
    second.sync()
    assert [h.path for h in first.search("narwhal").results] == ["memory/2026-12-01.md"], (
        "the second window indexed into the database both windows use"
    )
    first.close()
    second.close()
