from __future__ import annotations

import os
from pathlib import Path

import apsw
import pytest

from reverie.core.index import db
from reverie.core.index.indexer import passages
from reverie.core.phrase import Said
from reverie.core.service import MemoryService
from reverie.core.settings import ChunkingSettings, SearchSettings


def _service(workspace: Path, data_dir: Path, **kw) -> MemoryService:  # type: ignore[no-untyped-def]
    return MemoryService(workspace, data_dir=data_dir, **kw)


def test_unchanged_files_are_skipped_and_edits_reembed_only_new_chunks(
    workspace: Path, data_dir: Path
) -> None:
    svc = _service(workspace, data_dir, model_name="hash")
    first = svc.sync()
    svc.load_model()
    assert svc.embed_pending().embedded == first.chunks_written
    again = svc.sync()
    assert again.files_changed == 0 and again.files_unchanged == first.files_seen
    note = workspace / "memory" / "2026-11-02.md"
    note.write_text(note.read_text(encoding="utf-8") + "- Added a line.\n", encoding="utf-8")
    edit = svc.sync()
    assert edit.changed_paths == ["memory/2026-11-02.md"]
    report = svc.embed_pending()
    assert report.chunks == edit.chunks_written and report.embedded == edit.chunks_written
    svc.close()


def test_deleted_file_rows_are_removed(workspace: Path, data_dir: Path) -> None:
    svc = _service(workspace, data_dir, model_name="hash")
    svc.sync()
    (workspace / "memory" / "2026-09-15.md").unlink()
    report = svc.sync()
    assert report.files_removed == 1
    assert svc.status().files == 3
    svc.close()


def test_unreadable_file_is_reported_and_others_indexed(workspace: Path, data_dir: Path) -> None:
    (workspace / "memory" / "bad.md").write_bytes(b"\xff\xfe\x00binary")
    svc = _service(workspace, data_dir, model_name="hash")
    report = svc.sync()
    assert [s.path for s in report.skipped] == ["memory/bad.md"]
    assert svc.status().files == 4
    original = (workspace / "memory" / "bad.md").read_bytes()
    assert original == b"\xff\xfe\x00binary"  # never touched
    svc.close()


def test_chunking_change_rebuilds_into_a_new_database(workspace: Path, data_dir: Path) -> None:
    svc = _service(workspace, data_dir, model_name="hash")
    svc.sync()
    inode = os.stat(svc.db_path).st_ino
    reader = svc.reader()
    svc.close()
    svc2 = _service(
        workspace, data_dir, model_name="hash", chunking=ChunkingSettings(tokens=40, overlap=8)
    )
    svc2.sync()
    assert os.stat(svc2.db_path).st_ino != inode
    assert svc2.status().chunking["chunkTokens"] == 40
    assert svc2.search("restore", SearchSettings.for_profile("reverie")).results
    with pytest.raises(apsw.ConnectionClosedError):
        reader.execute("SELECT 1")
    svc2.close()


def test_model_change_rebuilds_and_readers_follow(workspace: Path, data_dir: Path) -> None:
    svc = _service(workspace, data_dir, model_name="hash-32")
    svc.sync()
    svc.load_model()
    svc.embed_pending()
    svc.close()
    svc2 = _service(workspace, data_dir, model_name="hash-64")
    svc2.sync()
    svc2.load_model()
    assert svc2.rebuild_reason() == (
        "the embedding model changed (hash-32/passages-v2 -> hash-64/passages-v2)"
    )
    svc2.embed_pending()
    assert svc2.rebuild_reason() is None
    status = svc2.status()
    assert status.vector_dims == 64 and status.pending == 0
    assert svc2.search("gateway").mode == "hybrid"
    svc2.close()


def test_corrupt_index_is_rebuilt_from_files(workspace: Path, data_dir: Path) -> None:
    svc = _service(workspace, data_dir, model_name="hash")
    svc.sync()
    path = svc.db_path
    svc.close()
    for suffix in ("-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    path.write_bytes(b"this is not a database" * 100)
    svc2 = _service(workspace, data_dir, model_name="hash")
    svc2.sync()
    assert svc2.recovered_from is not None
    assert svc2.status().files == 4
    svc2.close()


def test_a_heading_starts_a_new_passage() -> None:
    text = (
        "# 2026-05-06\n\n## 10:00 fire inspection\n- Passed.\n\n## 15:00 Camlog\n"
        "- 40 fixtures arrived.\n- #hashtag line, not a heading\n####### seven marks"
    )
    assert passages(text) == [
        "# 2026-05-06",
        "## 10:00 fire inspection\n- Passed.",
        "## 15:00 Camlog\n- 40 fixtures arrived.\n- #hashtag line, not a heading\n"
        "####### seven marks",
    ]
    assert passages("- one\n- two") == ["- one\n- two"]


def test_passages_cover_every_nonblank_line() -> None:
    text = "# Title\n\n- one\n- two\n" + "x" * 500 + "\n- three"
    parts = passages(text)
    joined = "\n".join(parts)
    for line in text.split("\n"):
        if line.strip():
            assert line.strip() in joined
    assert all(len(p) <= 240 or "\n" not in p for p in parts)


def test_targeted_sync_reads_only_the_named_files(workspace: Path, data_dir: Path) -> None:
    svc = _service(workspace, data_dir, model_name="hash")
    svc.sync()
    note = workspace / "memory" / "2026-11-02.md"
    note.write_text(
        note.read_text(encoding="utf-8") + "- Zebra crossing fixed.\n", encoding="utf-8"
    )
    (workspace / "memory" / "2026-10-01.md").unlink()
    report = svc.sync(only_paths=["memory/2026-11-02.md", "memory/2026-10-01.md"])
    assert report.files_seen == 1 and report.files_changed == 1 and report.files_removed == 1
    assert svc.search("zebra crossing").results[0].path == "memory/2026-11-02.md"
    assert svc.workspace.memory_file("../outside.md") is None
    assert svc.workspace.memory_file("DREAMS.md") is None
    svc.close()


def _transcript(*lines: str) -> str:
    return "\n".join(lines) + "\n"


_USER_MSG = '{"type": "message", "message": {"role": "user", "content": "the okapi moved"}}'


def test_damaged_transcript_is_indexed_and_reported_on_every_sync(
    workspace: Path, data_dir: Path, tmp_path: Path
) -> None:
    from reverie.core.index import db
    from reverie.core.index.indexer import DAMAGE_META_KEY
    from reverie.core.workspace import Damaged

    sessions = tmp_path / "sessions"
    sessions.mkdir()
    transcript = sessions / "s1.jsonl"
    transcript.write_text(_transcript(_USER_MSG, "{broken", "[1]"), encoding="utf-8")
    original = transcript.read_bytes()
    svc = _service(workspace, data_dir, model_name="hash", sessions_dirs=[("main", sessions)])
    expected = [
        Damaged(
            "sessions/s1.jsonl",
            "2 broken lines skipped (line 2: not valid JSON; line 3: not a JSON object)",
        )
    ]
    first = svc.sync()
    assert first.damaged == expected
    assert first.skipped == []
    hits = svc.search("okapi", SearchSettings.for_profile("reverie")).results
    assert [(h.path, h.start_line) for h in hits] == [("sessions/s1.jsonl", 1)]
    again = svc.sync()  # unchanged: not read again, still reported once
    assert again.files_changed == 0
    assert again.damaged == expected
    assert transcript.read_bytes() == original  # never written

    transcript.write_text(_transcript(_USER_MSG, "", _USER_MSG), encoding="utf-8")
    assert svc.sync().damaged == []
    assert svc.sync().damaged == []
    assert db.get_meta(svc.writer(), DAMAGE_META_KEY) is None

    transcript.write_text(_transcript("nope", _USER_MSG), encoding="utf-8")
    assert [d.path for d in svc.sync().damaged] == ["sessions/s1.jsonl"]
    transcript.unlink()
    gone = svc.sync()
    assert gone.files_removed == 1 and gone.damaged == []
    assert db.get_meta(svc.writer(), DAMAGE_META_KEY) is None
    svc.close()


def test_damage_survives_a_restart_and_a_rebuild(
    workspace: Path, data_dir: Path, tmp_path: Path
) -> None:
    sessions = tmp_path / "sessions"
    sessions.mkdir()
    (sessions / "s1.jsonl").write_text(_transcript("oops", _USER_MSG), encoding="utf-8")
    svc = _service(workspace, data_dir, model_name="hash", sessions_dirs=[("main", sessions)])
    reason = "1 broken line skipped (line 1: not valid JSON)"
    assert [(d.path, d.reason) for d in svc.sync().damaged] == [("sessions/s1.jsonl", reason)]
    svc.close()
    svc = _service(workspace, data_dir, model_name="hash", sessions_dirs=[("main", sessions)])
    report = svc.sync()
    assert report.files_changed == 0
    assert [(d.path, d.reason) for d in report.damaged] == [("sessions/s1.jsonl", reason)]
    rebuilt = svc.rebuild()
    assert [(d.path, d.reason) for d in rebuilt.damaged] == [("sessions/s1.jsonl", reason)]
    assert [(d.path, d.reason) for d in svc.sync().damaged] == [("sessions/s1.jsonl", reason)]
    svc.close()


def test_a_new_way_of_embedding_rebuilds_and_says_so(
    workspace: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from reverie.core.index import indexer as indexer_module

    svc = _service(workspace, data_dir, model_name="hash-32")
    svc.sync()
    svc.load_model()
    svc.embed_pending()
    svc.close()
    monkeypatch.setattr(indexer_module, "VECTOR_SCHEME", "passages-v999")
    svc2 = _service(workspace, data_dir, model_name="hash-32")
    svc2.load_model()
    assert svc2.rebuild_reason() == (
        "the way notes are embedded changed (passages-v2 -> passages-v999)"
    )
    labels: list[str] = []
    svc2.sync(lambda done, total, label: labels.append(label))  # rebuilt beside the old one
    svc2.embed_pending()
    assert svc2.rebuild_reason() is None and svc2.status().pending == 0
    assert db.get_meta(svc2.reader(), "vector_model") == "hash-32/passages-v999"
    # the progress of every step says why, in a phrase the window translates
    why = "rebuilding the index (the way notes are embedded changed (passages-v2 -> passages-v999))"
    assert labels and all(label.startswith(why + ": ") for label in labels)
    assert f"{why}: embedding" in labels
    assert isinstance(labels[-1], Said) and labels[-1].phrase.template.startswith("rebuilding")
    # the old way's vectors are not carried into the new index: nothing reads them
    models = {str(m) for (m,) in svc2.reader().execute("SELECT model FROM embedding_cache")}
    assert models == {"hash-32/passages-v999"}
    assert svc2.search("gateway").mode == "hybrid"
    svc2.close()


def test_a_new_text_analysis_rebuilds_and_says_so(
    workspace: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from reverie.core import service as service_module
    from reverie.core.index import indexer as indexer_module

    svc = _service(workspace, data_dir, model_name="hash-32")
    svc.sync()
    assert svc.rebuild_reason() is None
    svc.close()
    monkeypatch.setattr(indexer_module, "ANALYSIS_VERSION", "999")
    monkeypatch.setattr(service_module, "ANALYSIS_VERSION", "999")
    svc2 = _service(workspace, data_dir, model_name="hash-32")
    assert svc2.rebuild_reason() == "the text analysis changed (a new version of it)"
    svc2.sync()  # rebuilt beside the old one and swapped in
    assert svc2.rebuild_reason() is None
    assert svc2.search("gateway").results
    svc2.close()


def _segments(conn: apsw.Connection, table: str) -> int:
    """Segments in an FTS5 index: its structure record (rowid 10 of ``<table>_data``) is a
    4-byte cookie, then varints nLevel, nSegment."""
    blob = bytes(conn.execute(f"SELECT block FROM {table}_data WHERE id = 10").fetchone()[0])
    values, shift, value = [], 0, 0
    for byte in blob[4:]:
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            values.append(value)
            if len(values) == 2:
                return values[1]
            value, shift = 0, 0
    raise AssertionError("no structure record")


def _many_notes(workspace: Path, n: int) -> None:
    for i in range(n):
        day = f"2025-{1 + i // 28:02d}-{1 + i % 28:02d}"
        lines = [f"- Note {i}: topic{i % 7} met vendor{i % 11} about budget line {i}."] * 3
        (workspace / "memory" / f"{day}.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.parametrize("threshold, compacted", [(10, True), (10**9, False)])
def test_a_large_sync_compacts_the_keyword_indexes(
    workspace: Path,
    data_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
    threshold: int,
    compacted: bool,
) -> None:
    from reverie.core.index import indexer

    monkeypatch.setattr(indexer, "COMPACT_MIN_CHUNKS", threshold)
    _many_notes(workspace, 200)  # written in batches: one FTS5 segment each, at least
    svc = _service(workspace, data_dir, model_name="hash")
    labels: list[str] = []
    report = svc.sync(progress=lambda done, total, label: labels.append(label))
    conn = svc.reader()
    assert report.chunks_written >= 200
    for table in ("terms_fts", "chunks_fts"):
        assert (_segments(conn, table) == 1) is compacted
        conn.execute(f"INSERT INTO {table}({table}) VALUES ('integrity-check')")
    assert ("compacting the keyword index" in labels) is compacted
    hits = svc.search("vendor3 budget", SearchSettings.for_profile("reverie")).results
    assert hits and "vendor3" in hits[0].snippet
    svc.close()
