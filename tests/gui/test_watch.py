"""The debounced watcher reports a burst of changes once, and only memory-like files."""

from __future__ import annotations

import threading
import time
import warnings
from pathlib import Path

from reverie.core.watch import DebouncedWatcher, is_watched_name


class _Recorder:
    """The watcher's callback: what it reported, and an event set at the first report."""

    def __init__(self) -> None:
        self.calls: list[set[Path]] = []
        self.got = threading.Event()

    def __call__(self, paths: set[Path]) -> None:
        self.calls.append(paths)
        self.got.set()


def test_watched_names() -> None:
    assert is_watched_name("/w/memory/2026-01-01.md")
    assert is_watched_name("/s/abc.jsonl")
    assert not is_watched_name("/w/memory/.2026-01-01.md.x1.tmp")
    assert not is_watched_name("/w/notes.txt")


def test_burst_is_reported_once(tmp_path: Path) -> None:
    on_change = _Recorder()
    calls, got = on_change.calls, on_change.got
    watcher = DebouncedWatcher([tmp_path], on_change, delay=0.3)
    watcher.start()
    try:
        time.sleep(0.1)
        for i in range(5):
            (tmp_path / "a.md").write_text(f"v{i}", encoding="utf-8")
            (tmp_path / "ignored.txt").write_text("x", encoding="utf-8")
            time.sleep(0.03)
        assert got.wait(5.0)
        time.sleep(0.6)
    finally:
        watcher.stop()
    assert len(calls) == 1
    assert calls[0] == {tmp_path / "a.md"}


def test_a_burst_that_never_settles_is_still_reported(tmp_path: Path) -> None:
    """An agent appending every 50 ms must not starve the index (max_wait)."""
    calls: list[tuple[float, set[Path]]] = []
    watcher = DebouncedWatcher(
        [tmp_path], lambda paths: calls.append((time.monotonic(), paths)), delay=0.3, max_wait=0.8
    )
    watcher.start()
    note = tmp_path / "today.md"
    try:
        time.sleep(0.1)
        began = time.monotonic()
        with note.open("a", encoding="utf-8") as handle:
            while time.monotonic() - began < 3.0:
                handle.write("- line\n")
                handle.flush()
                time.sleep(0.05)
        writing_ended = time.monotonic()
        time.sleep(0.8)
    finally:
        watcher.stop()
    during = [paths for at, paths in calls if at < writing_ended]
    assert len(during) >= 2, calls  # reported while the appends went on, not only after
    assert all(paths == {note} for _at, paths in calls)


def test_dot_folders_of_the_workspace_are_ignored(tmp_path: Path) -> None:
    root = tmp_path / ".openclaw" / "workspace"  # the workspace itself may be under a dot-folder
    dreams = root / "memory" / ".dreams"
    dreams.mkdir(parents=True)
    on_change = _Recorder()
    calls, got = on_change.calls, on_change.got
    watcher = DebouncedWatcher([root], on_change, delay=0.2)
    watcher.start()
    try:
        time.sleep(0.1)
        (dreams / "events.jsonl").write_text("{}\n", encoding="utf-8")  # dreaming's own log
        (root / "memory" / "2026-11-30.md").write_text("- note\n", encoding="utf-8")
        assert got.wait(5.0)
        time.sleep(0.5)
    finally:
        watcher.stop()
    assert calls == [{root / "memory" / "2026-11-30.md"}]
    assert watcher.in_hidden_folder(dreams / "events.jsonl")
    assert not watcher.in_hidden_folder(root / "memory" / "2026-11-30.md")


def test_reading_files_reports_nothing_and_a_rename_is_seen(tmp_path: Path) -> None:
    """Reads (opens, read-only closes) are not asked for; an atomic save (write a temp
    file, rename it over the note) and a delete still are."""
    notes = [tmp_path / f"n{i}.md" for i in range(50)]
    for note in notes:
        note.write_text("x", encoding="utf-8")
    calls: list[set[Path]] = []
    watcher = DebouncedWatcher([tmp_path], calls.append, delay=0.2)
    watcher.start()
    try:
        time.sleep(0.2)
        for _ in range(3):
            for note in notes:
                note.read_text(encoding="utf-8")
        time.sleep(0.6)
        assert calls == []
        tmp = tmp_path / ".n1.md.x.tmp"
        tmp.write_text("y", encoding="utf-8")
        tmp.replace(notes[1])
        notes[2].unlink()
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and not calls:
            time.sleep(0.05)
        time.sleep(0.4)
    finally:
        watcher.stop()
    assert set().union(*calls) == {notes[1], notes[2]}


def test_a_folder_moved_out_is_reported(tmp_path: Path) -> None:
    """Its files send no events of their own (mv memory/proj elsewhere)."""
    root = tmp_path / "ws"
    (root / "memory" / "proj").mkdir(parents=True)
    (root / "memory" / "proj" / "a.md").write_text("# a\n", encoding="utf-8")
    on_change = _Recorder()
    calls, got = on_change.calls, on_change.got
    watcher = DebouncedWatcher([root], on_change, delay=0.2)
    watcher.start()
    try:
        time.sleep(0.2)
        (root / "memory" / "proj").rename(tmp_path / "moved")
        assert got.wait(5.0)
    finally:
        watcher.stop()
    assert root / "memory" / "proj" in set().union(*calls)


def test_the_index_forgets_a_folder_moved_out(qtbot, controller, workspace: Path) -> None:  # type: ignore[no-untyped-def]
    from .conftest import wait_idle

    folder = workspace / "memory" / "proj"
    folder.mkdir()
    (folder / "a.md").write_text("# Proj\n\n- GHOSTTOKEN alpha\n", encoding="utf-8")

    def indexed() -> bool:
        hits = controller.service.search("GHOSTTOKEN").results
        return any(hit.path == "memory/proj/a.md" for hit in hits)

    qtbot.waitUntil(indexed, timeout=10000)
    folder.rename(workspace.parent / "moved-out")
    qtbot.waitUntil(lambda: not indexed(), timeout=10000)
    wait_idle(qtbot, controller)


def test_folders_made_in_a_burst_raise_no_watch_warning(tmp_path: Path) -> None:
    """A folder made with a folder inside it at once (``.reverie/health`` on the first
    health action) is registered twice by watchdog's recursive inotify watch, once from
    the walk of the new parent and once from the child's own creation event, with the same
    callback; its warning about the callback being overwritten says nothing to a user."""
    watcher = DebouncedWatcher([tmp_path], _Recorder(), delay=0.1)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        watcher.start()
        try:
            time.sleep(0.1)
            for i in range(40):
                (tmp_path / f"d{i}" / "a" / "b").mkdir(parents=True)
            time.sleep(0.5)
        finally:
            watcher.stop()
    assert not [w for w in caught if "already exists for watch" in str(w.message)]
