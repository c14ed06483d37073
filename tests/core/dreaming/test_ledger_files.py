"""The ledger's lock protocol, unreadable-ledger handling, audit and repair."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from reverie.core.dreaming import ledger

NOW = 1775813400000  # 2026-04-10T09:30:00Z
HIT = {
    "path": "memory/2026-04-09.md",
    "startLine": 3,
    "endLine": 4,
    "score": 0.8,
    "snippet": "Gateway router backup runs nightly.",
    "source": "memory",
}


def _lock_file(root: Path) -> Path:
    path = root / ledger.LOCK_RELATIVE_PATH
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def test_lock_file_content_and_release(tmp_path: Path) -> None:
    with ledger.ledger_lock(tmp_path) as lock:
        pid, ms = lock.read_text().strip().split(":")
        assert int(pid) == os.getpid()
        assert abs(int(ms) - time.time() * 1000) < 5000
        assert lock.read_text().endswith("\n")
    assert not lock.exists()


def test_held_lock_makes_writer_wait_then_proceed(tmp_path: Path) -> None:
    lock = _lock_file(tmp_path)
    lock.write_text(f"{os.getppid()}:{int(time.time() * 1000)}\n")  # another live process holds it
    releaser = threading.Timer(0.4, lock.unlink)
    releaser.start()
    started = time.monotonic()
    assert ledger.record_recalls(tmp_path, "router", [HIT], now=NOW, timezone="UTC") == 1
    waited = time.monotonic() - started
    releaser.join()
    assert waited >= 0.35, "the writer must wait while the lock is held"
    assert (tmp_path / ledger.LEDGER_RELATIVE_PATH).exists()


def test_held_lock_times_out_with_a_clear_error(tmp_path: Path) -> None:
    lock = _lock_file(tmp_path)
    lock.write_text(f"{os.getppid()}:{int(time.time() * 1000)}\n")
    with pytest.raises(ledger.LockTimeout, match="Timed out waiting for short-term promotion lock"):
        ledger.record_recalls(tmp_path, "router", [HIT], now=NOW, lock_timeout=0.3)
    assert lock.exists(), "a live owner's lock is never removed"
    assert not (tmp_path / ledger.LEDGER_RELATIVE_PATH).exists()


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_stale_lock_of_dead_process_is_taken_over(tmp_path: Path) -> None:
    lock = _lock_file(tmp_path)
    lock.write_text(f"{_dead_pid()}:0\n")
    old = time.time() - 120
    os.utime(lock, (old, old))
    started = time.monotonic()
    assert ledger.record_recalls(tmp_path, "router", [HIT], now=NOW, lock_timeout=2) == 1
    assert time.monotonic() - started < 1.5
    assert not lock.exists()


def test_stale_lock_of_live_process_is_not_stolen(tmp_path: Path) -> None:
    lock = _lock_file(tmp_path)
    lock.write_text(f"{os.getppid()}:0\n")
    old = time.time() - 120
    os.utime(lock, (old, old))
    with pytest.raises(ledger.LockTimeout):
        ledger.record_recalls(tmp_path, "router", [HIT], now=NOW, lock_timeout=0.3)


def test_unparsable_lock_content_counts_as_stale(tmp_path: Path) -> None:
    lock = _lock_file(tmp_path)
    lock.write_text("garbage")
    old = time.time() - 120
    os.utime(lock, (old, old))
    assert ledger.record_recalls(tmp_path, "router", [HIT], now=NOW, lock_timeout=1) == 1


def test_threads_do_not_lose_updates(tmp_path: Path) -> None:
    errors: list[BaseException] = []

    def worker(i: int) -> None:
        try:
            ledger.record_recalls(tmp_path, f"backup-{i % 4}", [HIT], now=NOW + i)
        except BaseException as exc:  # noqa: BLE001 - surfaced below
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    entry = ledger.read_store(tmp_path)["entries"]["memory:memory/2026-04-09.md:3:4"]
    assert entry["recallCount"] == 8
    assert len(entry["queryHashes"]) == 4


def test_unparsable_ledger_is_reported_backed_up_and_kept(tmp_path: Path) -> None:
    store = tmp_path / ledger.LEDGER_RELATIVE_PATH
    store.parent.mkdir(parents=True)
    original = b'{"version":1,"entries":{"memory:memory/2026-04-09.md:3:4":{"path": trunc'
    store.write_bytes(original)
    with pytest.raises(ledger.LedgerCorrupt) as info:
        ledger.record_recalls(tmp_path, "router", [HIT], now=NOW)
    message = str(info.value)
    assert str(store) in message and "does not parse" in message
    assert store.read_bytes() == original
    backups = list(store.parent.glob("short-term-recall.json.unreadable-*.bak"))
    assert len(backups) == 1 and backups[0].read_bytes() == original
    # A second failure does not pile up copies of the same bytes.
    with pytest.raises(ledger.LedgerCorrupt):
        ledger.read_store(tmp_path)
    assert len(list(store.parent.glob("*.bak"))) == 1
    # Nothing else writes over it either.
    with pytest.raises(ledger.LedgerCorrupt):
        ledger.repair(tmp_path, NOW)
    with pytest.raises(ledger.LedgerCorrupt):
        ledger.write_store(tmp_path, ledger.empty_store("2026-04-10T09:30:00.000Z"))
    assert store.read_bytes() == original
    audit = ledger.audit(tmp_path, NOW)
    assert audit.issue_codes == ["recall-store-unreadable"]


def test_unknown_fields_survive_a_rewrite(tmp_path: Path) -> None:
    ledger.record_recalls(tmp_path, "router", [HIT], now=NOW)
    store_file = tmp_path / ledger.LEDGER_RELATIVE_PATH
    text = store_file.read_text()
    text = text.replace('"promotedAt"', '"x"').replace(
        '"conceptTags": [', '"provenance": {"originClass": "owner"},\n      "conceptTags": [', 1
    )
    text = text.replace('"entries": {', '"futureTopLevel": 7,\n  "entries": {', 1)
    store_file.write_text(text)
    ledger.record_recalls(tmp_path, "router again", [HIT], now=NOW + 1000)
    store = ledger.read_store(tmp_path)
    entry = store["entries"]["memory:memory/2026-04-09.md:3:4"]
    assert entry["provenance"] == {"originClass": "owner"}
    assert list(entry)[-1] == "provenance", "unknown fields follow OpenClaw's known ones"
    assert store["futureTopLevel"] == 7
    assert entry["recallCount"] == 2


def test_audit_and_repair_stale_lock_and_invalid_entry(tmp_path: Path) -> None:
    # Spec vector 12: stale lock 999999:0 plus an entry with an empty path.
    ledger.record_recalls(tmp_path, "router", [HIT], now=NOW, timezone="UTC")
    store_file = tmp_path / ledger.LEDGER_RELATIVE_PATH
    text = store_file.read_text().replace(
        '"entries": {',
        '"entries": {\n    "broken": {"path": "", "startLine": 1, "endLine": 1, "source": "memory"},',
        1,
    )
    store_file.write_text(
        text.replace('"conceptTags": [\n        "backup"', '"conceptTags": [\n        "x"')
    )
    lock = _lock_file(tmp_path)
    lock.write_text("999999:0\n")
    old = time.time() - 120
    os.utime(lock, (old, old))
    audit = ledger.audit(tmp_path, NOW)
    assert audit.issue_codes == ["recall-store-invalid", "recall-lock-stale"]
    result = ledger.repair(tmp_path, NOW)
    assert (
        result.removed_stale_lock and result.rewrote_store and result.removed_invalid_entries == 1
    )
    assert ledger.audit(tmp_path, NOW).invalid_entry_count == 0
    entry = ledger.read_store(tmp_path)["entries"]["memory:memory/2026-04-09.md:3:4"]
    assert "router" in entry["conceptTags"]
    assert entry["recallDays"] == ["2026-04-10"]
    again = ledger.repair(tmp_path, NOW)
    assert not again.changed, "repair rewrites only when something changed"


def test_contaminated_snippets_are_not_recorded(tmp_path: Path) -> None:
    bad = [
        "Candidate: Default to action. confidence: 0.76 evidence: memory/.dreams/session-corpus/2026-04-08.txt:1-1 recalls: 3 status: staged",
        "- Candidate: Default to action. confidence: 0.76 evidence: memory/2026-04-08.md:1-1 recalls: 3 status: staged",
        "@@ -1,1 - Candidate: Default. confidence: 0.76 evidence: memory/2026-04-08.md:1-1 recalls: 3 status: staged",
        "([ Candidate: Default. confidence: 0.76 evidence: memory/2026-04-08.md:1-1 recalls: 3 status: staged",
        "<!-- openclaw-memory-promotion:memory:memory/x.md:1:1 -->",
    ]
    hits = [dict(HIT, snippet=s, startLine=i + 1, endLine=i + 1) for i, s in enumerate(bad)]
    ok = dict(
        HIT,
        snippet="Candidate: move backups weekly. confidence: 0.76 evidence: memory/2026-04-08.md:1-1",
        startLine=9,
        endLine=9,
    )
    ledger.record_recalls(tmp_path, "q", [*hits, ok], now=NOW)
    assert list(ledger.read_store(tmp_path)["entries"]) == ["memory:memory/2026-04-09.md:9:9"]
