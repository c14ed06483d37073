"""A process killed while it saves a note, writes the ledger or promotes into MEMORY.md
never leaves a mixed, truncated or empty file, nor a temp file that is taken for a note; the
lock it leaves behind is reported clearly and taken over once stale."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest

from reverie.core.dreaming import ledger
from reverie.core.dreaming.engine import DreamEngine
from reverie.core.errors import UserError
from reverie.core.service import MemoryService
from reverie.core.watch import is_watched_name
from reverie.core.workspace import Workspace
from tests.core.dreaming.conftest import NOTE, VLAN_KEY, at

from .helpers import KILLED, child_pid, dream_workspace, finish, read_line, run_child, spawn_child

POINTS = ("mid-write", "before-fsync", "before-rename", "before-dir-fsync", "after-write")
REPLACED = {"before-dir-fsync", "after-write"}
"""Points at which the rename has happened: the new content is in place."""

REL = "memory/2026-04-01.md"
NOW = 1775813400000  # 2026-04-10T09:30:00Z
DAY_MS = 86_400_000
HIT = {
    "path": REL,
    "startLine": 4,
    "endLine": 4,
    "score": 0.8,
    "snippet": "Router VLAN 20 hosts the staging cluster.",
    "source": "memory",
}


def _note(word: str, lines: int) -> str:
    """A note big enough that half of it is a real torn write (several pages)."""
    body = "".join(
        f"- {word} line {i}: the staging gateway moved to VLAN {i % 97}.\n" for i in range(lines)
    )
    return f"# 2026-04-01\n\n{body}"


def _leftovers(folder: Path, keep: set[str]) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name not in keep)


def _age(path: Path, seconds: float = 120) -> None:
    old = time.time() - seconds
    os.utime(path, (old, old))


def _lock(root: Path) -> Path:
    return root / ledger.LOCK_RELATIVE_PATH


@pytest.mark.parametrize("existing", [True, False], ids=["overwrite", "create"])
@pytest.mark.parametrize("point", POINTS)
def test_killed_note_save_leaves_old_or_new_bytes(
    tmp_path: Path, point: str, existing: bool
) -> None:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    path = root / REL
    old = _note("ohm", 400).encode("utf-8")
    new = _note("quasar", 900)
    if existing:
        path.write_bytes(old)

    proc = run_child(
        {"op": "write_note", "root": str(root), "rel": REL, "text": new}
        | {"crash": point, "target": path.name}
    )

    assert proc.returncode == KILLED, proc.stderr
    if point in REPLACED:
        assert path.read_bytes() == new.encode("utf-8")
    elif existing:
        assert path.read_bytes() == old
    else:
        assert not path.exists(), "no empty or partial note appears"
    leftovers = _leftovers(root / "memory", {path.name})
    if point not in REPLACED:
        assert leftovers, "the kill happened while the temp file existed"
    for name in leftovers:
        assert name.startswith(f".{path.name}.") and name.endswith(".tmp")
        assert not is_watched_name(name), "the watcher ignores the temp file"

    files, skipped = Workspace(root).list_memory_files()
    assert [f.rel_path for f in files] == ([REL] if path.exists() else [])
    assert skipped == []
    service = MemoryService(root, tmp_path / "data", model_name="hash")
    try:
        report = service.sync()
        assert report.skipped == []
        hits = service.search("quasar").results
        assert bool(hits) == (point in REPLACED), "a temp file is never indexed"
        assert all(h.path == REL for h in hits)
    finally:
        service.close()

    # the next save works normally
    Workspace(root).write_text(REL, "# 2026-04-01\n\n- after the crash\n")
    assert path.read_text(encoding="utf-8") == "# 2026-04-01\n\n- after the crash\n"


def _ledger_workspace(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / REL).write_text(NOTE, encoding="utf-8")
    ledger.record_recalls(root, "gateway backup", [HIT], now=NOW, timezone="UTC")
    return root


@pytest.mark.parametrize("point", POINTS)
def test_killed_ledger_write_leaves_valid_ledger_and_a_lock_that_is_taken_over(
    tmp_path: Path, point: str
) -> None:
    root = _ledger_workspace(tmp_path)
    store = root / ledger.LEDGER_RELATIVE_PATH
    old = store.read_bytes()
    reference = tmp_path / "reference"
    shutil.copytree(root, reference)
    ledger.record_recalls(reference, "backup schedule", [HIT], now=NOW + DAY_MS, timezone="UTC")
    new = (reference / ledger.LEDGER_RELATIVE_PATH).read_bytes()
    assert new != old
    before_names = {p.name for p in store.parent.iterdir()}

    proc = run_child(
        {"op": "record", "root": str(root), "query": "backup schedule", "hits": [HIT]}
        | {"now": NOW + DAY_MS, "crash": point, "target": store.name}
    )

    assert proc.returncode == KILLED, proc.stderr
    landed = point in REPLACED
    assert store.read_bytes() == (new if landed else old)
    json.loads(store.read_text(encoding="utf-8"))
    leftovers = _leftovers(store.parent, before_names | {_lock(root).name})
    assert all(n.startswith(f".{store.name}.") and n.endswith(".tmp") for n in leftovers)

    # the killed process died holding OpenClaw's lock
    lock = _lock(root)
    assert ledger.parse_lock_owner_pid(lock.read_text(encoding="utf-8")) == child_pid(proc.stdout)
    # a fresh lock is respected (OpenClaw's protocol), with a clear reason, and nothing written
    before = store.read_bytes()
    with pytest.raises(ledger.LockTimeout, match="no longer running"):
        ledger.record_recalls(
            root, "nightly jobs", [HIT], now=NOW + 2 * DAY_MS, timezone="UTC", lock_timeout=0.3
        )
    assert store.read_bytes() == before and lock.exists()

    # once stale, the next run takes it over
    _age(lock)
    assert (
        ledger.record_recalls(
            root, "nightly jobs", [HIT], now=NOW + 2 * DAY_MS, timezone="UTC", lock_timeout=2
        )
        == 1
    )
    assert not lock.exists()
    entry = ledger.read_store(root)["entries"][f"memory:{REL}:4:4"]
    assert entry["recallCount"] == (3 if landed else 2)


PROMOTE_POINTS = [("MEMORY.md", p) for p in POINTS] + [
    ("short-term-recall.json", p) for p in ("mid-write", "before-rename", "after-write")
]


@pytest.mark.parametrize(("target", "point"), PROMOTE_POINTS)
def test_killed_promotion_leaves_memory_md_whole_and_recovers(
    tmp_path: Path, target: str, point: str
) -> None:
    root = dream_workspace(tmp_path / "ws")
    memory = root / "MEMORY.md"
    store = root / ledger.LEDGER_RELATIVE_PATH
    old_memory, old_store = memory.read_bytes(), store.read_bytes()
    reference = tmp_path / "reference"
    shutil.copytree(root, reference)
    DreamEngine(reference, now=at(4, 12), timezone="UTC").apply([VLAN_KEY])
    new_memory = (reference / "MEMORY.md").read_bytes()
    new_store = (reference / ledger.LEDGER_RELATIVE_PATH).read_bytes()
    assert new_memory.startswith(old_memory) and new_memory != old_memory

    proc = run_child(
        {
            "op": "promote",
            "root": str(root),
            "keys": [VLAN_KEY],
            "now": int(at(4, 12).timestamp() * 1000),
        }
        | {"crash": point, "target": target}
    )

    assert proc.returncode == KILLED, proc.stderr
    memory_written = target == "short-term-recall.json" or point in REPLACED
    store_written = target == "short-term-recall.json" and point in REPLACED
    assert memory.read_bytes() == (new_memory if memory_written else old_memory)
    assert store.read_bytes() == (new_store if store_written else old_store)
    assert [p.name for p in root.iterdir() if p.suffix == ".md"] == ["MEMORY.md"]
    assert Workspace(root).list_memory_files()[0][0].rel_path == "MEMORY.md"

    # the next approval, once the dead process's lock is stale, completes the promotion
    # exactly once: a MEMORY.md that already has the entry is reconciled, not appended to
    lock = _lock(root)
    assert lock.exists(), "the process died inside the lock"
    _age(lock)
    engine = DreamEngine(root, now=at(4, 12), timezone="UTC")
    if store_written:
        with pytest.raises(UserError, match="already promoted"):
            engine.apply([VLAN_KEY])
    else:
        assert engine.apply([VLAN_KEY]).applied == (VLAN_KEY,)
    assert memory.read_bytes() == new_memory
    assert memory.read_text(encoding="utf-8").count(f"openclaw-memory-promotion:{VLAN_KEY}") == 1
    assert store.read_bytes() == new_store
    if store_written:  # refused before locking: the next locked write takes the lock over
        ledger.record_recalls(root, "later", [HIT], now=at(5), timezone="UTC", lock_timeout=2)
    assert not lock.exists()


def _versions(count: int) -> list[str]:
    return [_note(f"v{n}x", 300 + 37 * (n % 11)) for n in range(count)]


def test_sigkill_at_an_arbitrary_moment_of_repeated_saves(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    versions = _versions(400)
    allowed = {v.encode("utf-8") for v in versions}
    for round_no, after in enumerate((2, 9, 23)):
        proc = spawn_child(
            {"op": "write_loop", "root": str(root), "rel": REL} | {"versions": versions}
        )
        try:
            while read_line(proc) != f"saved {after}":
                pass
            os.kill(proc.pid, 9)  # from outside, somewhere in the middle of a save
        finally:
            finish(proc, timeout=0)
        data = (root / REL).read_bytes()
        assert data in allowed, f"round {round_no}: the note is a mix of versions or torn"
        assert versions.index(data.decode("utf-8")) >= after
    files, _ = Workspace(root).list_memory_files()
    assert [f.rel_path for f in files] == [REL]


def test_sigkill_during_repeated_ledger_writes(tmp_path: Path) -> None:
    root = _ledger_workspace(tmp_path)
    proc = spawn_child(
        {"op": "record_loop", "root": str(root), "query": "q", "hits": [HIT]}
        | {"count": 200, "now": NOW + DAY_MS}
    )
    try:
        while read_line(proc) != "recorded 5":
            pass
        os.kill(proc.pid, 9)
    finally:
        finish(proc, timeout=0)
    entry = ledger.read_store(root)["entries"][f"memory:{REL}:4:4"]
    done = entry["recallCount"]
    assert done >= 7, "the six reported recordings (plus the first) are all there"
    lock = _lock(root)
    if lock.exists():
        _age(lock)
    ledger.record_recalls(
        root, "after", [HIT], now=NOW + 2 * DAY_MS, timezone="UTC", lock_timeout=2
    )
    assert ledger.read_store(root)["entries"][f"memory:{REL}:4:4"]["recallCount"] == done + 1
