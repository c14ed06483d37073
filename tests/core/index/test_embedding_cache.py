"""The embedding cache keeps the vectors some chunk holds, and the ones let go lately."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import apsw

from reverie.core.index import embedding_cache
from reverie.core.service import MemoryService

NOTE = "memory/2026-12-06.md"
DAY = 86400.0


def _count(conn: apsw.Connection, sql: str) -> int:
    row = conn.execute(sql).fetchone()
    assert row is not None
    return int(row[0])


def _orphans(conn: apsw.Connection) -> int:
    return _count(
        conn,
        "SELECT count(*) FROM embedding_cache e"
        " WHERE NOT EXISTS (SELECT 1 FROM chunks c WHERE c.hash = e.hash)",
    )


def _prune(conn: apsw.Connection, now: float) -> int | None:
    """Prune as if the last prune were long ago."""
    conn.execute("DELETE FROM meta WHERE key = ?", (embedding_cache.PRUNED_AT_KEY,))
    return embedding_cache.prune(conn, now)


@contextmanager
def _appended(workspace: Path, data_dir: Path, times: int) -> Iterator[MemoryService]:
    """A service whose daily note had a line appended ``times`` times, each synced and
    embedded as the app does after every save (closed after the block)."""
    note = workspace / NOTE
    note.write_text("# 2026-12-06\n\n", encoding="utf-8")
    svc = MemoryService(workspace, data_dir=data_dir, model_name="hash-64")
    svc.sync()
    svc.load_model()
    svc.embed_pending()
    for i in range(times):
        with note.open("a", encoding="utf-8") as f:
            f.write(f"- {i:02d} talked with the agent about item {i} and the plans\n")
        svc.sync(only_paths=[NOTE])
        svc.embed_pending()
    try:
        yield svc
    finally:
        svc.close()


def test_vectors_of_texts_no_chunk_holds_are_pruned_after_the_grace(
    workspace: Path, data_dir: Path
) -> None:
    with _appended(workspace, data_dir, 30) as svc:
        conn = svc.writer()
        assert _orphans(conn) >= 29  # each append left the note's last chunk's old vector
        chunks_before = _count(conn, "SELECT count(*) FROM embedding_cache")
        now = time.time()
        assert _prune(conn, now) == 0  # let go today: kept for the grace
        assert embedding_cache.prune(conn, now + 60) is None  # pruned a minute ago
        removed = _prune(conn, now + embedding_cache.GRACE_DAYS * DAY + 60)
        assert removed is not None and removed >= 29
        assert _orphans(conn) == 0
        assert _count(conn, "SELECT count(*) FROM embedding_cache") == chunks_before - removed
        # every chunk still has its vector: nothing to embed again
        assert svc.pending_embeddings() == 0


def test_a_file_moved_away_and_back_within_the_grace_finds_its_vectors(
    workspace: Path, data_dir: Path
) -> None:
    with _appended(workspace, data_dir, 3) as svc:
        note = workspace / NOTE
        text = note.read_text(encoding="utf-8")
        conn = svc.writer()
        held = {str(r[0]) for r in conn.execute("SELECT hash FROM chunks WHERE path = ?", (NOTE,))}
        # old vectors (made 30 days ago), the note's among them; then the note goes away
        conn.execute("UPDATE embedding_cache SET updated_at = ?", (time.time() - 30 * DAY,))
        note.unlink()
        svc.sync()
        _prune(conn, time.time())  # the older appends' vectors go
        cached = {str(r[0]) for r in conn.execute("SELECT hash FROM embedding_cache")}
        assert held <= cached  # let go just now, not 30 days ago
        assert _orphans(conn) == len(held)
        note.write_text(text, encoding="utf-8")
        svc.sync()
        report = svc.embed_pending()
        assert report is not None and report.chunks > 0
        assert report.embedded == 0 and report.cache_hits == report.chunks


def test_another_models_vector_of_a_chunk_still_held_is_kept(
    workspace: Path, data_dir: Path
) -> None:
    with _appended(workspace, data_dir, 2) as svc:
        conn = svc.writer()
        held = [str(r[0]) for r in conn.execute("SELECT hash FROM chunks")]
        old = time.time() - 60 * DAY
        with conn:
            conn.executemany(
                "INSERT INTO embedding_cache(model, hash, dims, embedding, updated_at)"
                " VALUES ('other-model/passages-v2', ?, 1, x'00000000', ?)",
                [(h, old) for h in held],
            )
        _prune(conn, time.time())
        kept = _count(
            conn, "SELECT count(*) FROM embedding_cache WHERE model = 'other-model/passages-v2'"
        )
        assert kept == len(held)  # switching back to that model stays instant
