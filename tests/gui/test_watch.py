"""The debounced watcher reports a burst of changes once, and only memory-like files."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from reverie.core.watch import DebouncedWatcher, is_watched_name


def test_watched_names() -> None:
    assert is_watched_name("/w/memory/2026-01-01.md")
    assert is_watched_name("/s/abc.jsonl")
    assert not is_watched_name("/w/memory/.2026-01-01.md.x1.tmp")
    assert not is_watched_name("/w/notes.txt")


def test_burst_is_reported_once(tmp_path: Path) -> None:
    calls: list[set[Path]] = []
    got = threading.Event()

    def on_change(paths: set[Path]) -> None:
        calls.append(paths)
        got.set()

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
