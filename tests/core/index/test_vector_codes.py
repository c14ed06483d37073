"""The quantised vector stage: int8 codes scanned in memory, re-scored with float vectors."""

from __future__ import annotations

import time
from pathlib import Path

import apsw
import numpy as np
import pytest

from reverie.core.index import db, int8_scan, vector_codes
from reverie.core.index.indexer import Indexer, vector_key
from reverie.core.search.vector import knn, knn_exact, knn_quantised
from reverie.core.service import MemoryService
from reverie.core.workspace import Workspace

MODEL = "random-32"
KEY = vector_key(MODEL)


def _no_vec(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(conn: apsw.Connection) -> None:
        raise ImportError("sqlite-vec removed for this test")

    monkeypatch.setattr(db, "_load_vec", refuse)


def _random_vectors(n: int, dim: int, seed: int) -> np.ndarray:
    """Clustered unit vectors (a shared direction plus noise), as embeddings tend to be."""
    rng = np.random.default_rng(seed)
    centres = rng.standard_normal((12, dim))
    rows = centres[rng.integers(0, len(centres), n)] + 0.8 * rng.standard_normal((n, dim))
    return (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)


def _fill(conn: apsw.Connection, vectors: np.ndarray, tmp_path: Path) -> None:
    """Chunks with the given vectors, written by the indexer's own vector writer."""
    ws = tmp_path / "ws"
    ws.mkdir(exist_ok=True)
    indexer = Indexer(conn, Workspace(ws))
    use_vec = db.ensure_vec_table(conn, vectors.shape[1])
    with conn:
        for i in range(len(vectors)):
            conn.execute(
                "INSERT INTO chunks(id, path, source, start_line, end_line, hash, text, terms,"
                " n_terms, model, updated_at) VALUES (?, ?, 'memory', 1, 1, ?, ?, '', 0, NULL, 0)",
                (f"c{i}", f"memory/n{i // 10}.md", f"h{i}", f"chunk {i}"),
            )
    rowids = [int(r) for (r,) in conn.execute("SELECT rowid FROM chunks ORDER BY rowid")]
    vector_codes.backfill_codes(conn, KEY)  # nothing embedded yet: the codes are complete
    items = [(r, f"h{i}", vectors[i : i + 1]) for i, r in enumerate(rowids)]
    for start in range(0, len(items), 500):
        indexer._store_vectors(items[start : start + 500], KEY, use_vec, cache=True)


def _recall(conn: apsw.Connection, queries: np.ndarray, k: int) -> tuple[float, float]:
    at10, atk = [], []
    for q in queries:
        approx = knn_quantised(conn, q, MODEL, k)
        assert approx is not None
        exact = knn_exact(conn, q, MODEL, k)
        at10.append(len({h.rowid for h in approx[:10]} & {h.rowid for h in exact[:10]}) / 10)
        atk.append(len({h.rowid for h in approx} & {h.rowid for h in exact}) / k)
    return float(np.mean(at10)), float(np.mean(atk))


def test_quantize_uses_the_full_int8_range_per_vector() -> None:
    small = np.array([0.01, -0.02, 0.005, 0.0], dtype=np.float32)
    code = vector_codes.quantize(small)
    assert code.dtype == np.int8 and int(np.abs(code).max()) == 127
    assert list(code) == [64, -127, 32, 0]
    assert not np.any(vector_codes.quantize(np.zeros(4, dtype=np.float32)))
    rows = vector_codes.quantize_rows(np.stack([small, 10 * small]))
    assert (rows[0] == rows[1]).all()  # a vector's length does not change its code


@pytest.mark.parametrize(("with_vec", "kernel"), [(True, False), (False, False), (True, True)])
def test_recall_against_exact_search_on_random_vectors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, with_vec: bool, kernel: bool
) -> None:
    if not with_vec:
        _no_vec(monkeypatch)
    if kernel:  # torch's int8 product scans the codes (from 3,000 rows here)
        assert int8_scan.preload(race_numpy=False)
        monkeypatch.setattr(int8_scan, "MIN_ROWS", 1000)
        used: list[int] = []
        real = int8_scan.dots
        monkeypatch.setattr(int8_scan, "dots", lambda c, q: used.append(len(c)) or real(c, q))
    conn = db.connect(tmp_path / "index.sqlite")
    assert conn.vec_loaded is with_vec
    vectors = _random_vectors(3000, 32, seed=1)
    _fill(conn, vectors, tmp_path)
    queries = _random_vectors(40, 32, seed=2)
    at10, atk = _recall(conn, queries, k=36)
    assert at10 >= 0.98 and atk >= 0.95
    # knn() takes the quantised path and its scores are the exact cosines
    q = queries[0]
    hits = knn(conn, q, MODEL, 10)
    exact = knn_exact(conn, q, MODEL, 10)
    assert [h.rowid for h in hits] == [h.rowid for h in exact]
    assert np.allclose([h.score for h in hits], [h.score for h in exact], atol=1e-5)
    if kernel:
        assert used and set(used) == {3000}
    conn.close()


def test_int8_kernel_scores_match_the_numpy_scan(monkeypatch: pytest.MonkeyPatch) -> None:
    assert int8_scan.preload(race_numpy=False)
    rng = np.random.default_rng(3)
    codes = rng.integers(-127, 128, size=(5000, 48), dtype=np.int8)
    q_code = rng.integers(-127, 128, size=48, dtype=np.int8)
    got = int8_scan.dots(codes, q_code)
    assert got is not None and got.dtype == np.int32
    assert np.array_equal(got, codes.astype(np.int32) @ q_code.astype(np.int32))
    cache = vector_codes.CodeCache()
    cache._set(np.arange(5000, dtype=np.int64), codes)
    query = rng.standard_normal(48).astype(np.float32)
    by_numpy = cache.scores(query)
    monkeypatch.setattr(int8_scan, "MIN_ROWS", 1000)
    by_kernel = cache.scores(query)
    assert np.allclose(by_kernel, by_numpy, atol=0.01)  # the query's 8-bit rounding
    assert [r for r, _ in cache.top(query, 10)] == list(np.argsort(-by_kernel)[:10])


def test_the_kernel_is_kept_only_where_it_beats_the_numpy_scan(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On a processor without int8 dot-product instructions torch's kernel scanned 100,000
    codes in 30 ms against numpy's 15: preload races them and keeps the faster."""
    assert int8_scan.preload(race_numpy=False)  # imported and checked
    measured = int8_scan.race(*int8_scan._loaded)  # type: ignore[misc]
    assert measured.kernel_ms > 0 and measured.numpy_ms > 0
    for kernel_ms, kept in ((2.0, False), (0.9, False), (0.5, True)):
        monkeypatch.setattr(int8_scan, "_int_mm", None)
        monkeypatch.setattr(int8_scan, "last_race", int8_scan.Race(kernel_ms, 1.0))
        assert int8_scan.preload() is kept
        assert int8_scan.ready() is kept
        assert int8_scan.preload(race_numpy=False)  # the kernel's own tests still reach it
    monkeypatch.setattr(int8_scan, "_int_mm", None)
    monkeypatch.setattr(int8_scan, "last_race", None)
    assert int8_scan.preload() is int8_scan.last_race.kernel_wins  # type: ignore[union-attr]


def test_a_failing_kernel_leaves_the_numpy_scan(monkeypatch: pytest.MonkeyPatch) -> None:
    assert int8_scan.preload(race_numpy=False)
    monkeypatch.setattr(int8_scan, "MIN_ROWS", 10)

    def broken(a: object, b: object) -> object:
        raise RuntimeError("no kernel for this shape")

    monkeypatch.setattr(int8_scan, "_int_mm", broken)
    rng = np.random.default_rng(4)
    cache = vector_codes.CodeCache()
    codes = rng.integers(-127, 128, size=(100, 16), dtype=np.int8)
    cache._set(np.arange(100, dtype=np.int64), codes)
    query = rng.standard_normal(16).astype(np.float32)
    expected = (codes.astype(np.float32) @ (query / np.linalg.norm(query))) * cache.inv_norms
    assert np.allclose(cache.scores(query), expected, atol=1e-5)


def test_small_index_does_not_load_the_kernel(
    workspace: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse() -> bool:
        raise AssertionError("torch imported for a small index")

    monkeypatch.setattr(int8_scan, "preload", refuse)
    monkeypatch.setattr(int8_scan, "ready", lambda: False)
    svc = MemoryService(workspace, data_dir=data_dir, model_name="hash-64")
    try:
        svc.index()
        assert svc.warm_vector_scan() is False
        monkeypatch.setattr(int8_scan, "MIN_ROWS", 1)
        monkeypatch.setattr(int8_scan, "preload", lambda: True)
        assert svc.warm_vector_scan() is True
    finally:
        svc.close()


def test_cache_follows_writes_and_deletes_of_other_connections(tmp_path: Path) -> None:
    path = tmp_path / "index.sqlite"
    writer = db.connect(path)
    vectors = _random_vectors(500, 32, seed=3)
    _fill(writer, vectors, tmp_path)
    reader = db.connect(path)
    target = vectors[7]
    first = knn(reader, target, MODEL, 5)
    assert first[0].score == pytest.approx(1.0, abs=1e-5)
    rowid = first[0].rowid
    with writer:  # another connection deletes that chunk's vector and code
        vector_codes.delete_codes(writer, [rowid])
        writer.execute("UPDATE chunks SET model = NULL WHERE rowid = ?", (rowid,))
    assert rowid not in {h.rowid for h in knn(reader, target, MODEL, 5)}
    with writer:  # ... and gives it back
        vector_codes.write_codes(writer, [(rowid, target)])
        writer.execute("UPDATE chunks SET model = ? WHERE rowid = ?", (KEY, rowid))
    assert knn(reader, target, MODEL, 5)[0].rowid == rowid
    reader.close()
    writer.close()


def test_index_from_before_the_codes_is_migrated_and_backfilled(
    workspace: Path, data_dir: Path
) -> None:
    svc = MemoryService(workspace, data_dir=data_dir, model_name="hash")
    svc.sync()
    embedder = svc.load_model()
    assert embedder is not None
    svc.embed_pending()
    query = embedder.embed_query("staging gateway VLAN")
    expected = [h.rowid for h in knn_exact(svc.reader(), query, embedder.model_id, 5)]
    svc.close()
    # make it an index of schema 1: no codes table, no migrations 2 and later
    old = apsw.Connection(str(svc.db_path))
    with old:
        old.execute("DROP TABLE vec_codes")
        old.execute("DROP INDEX idx_files_date")
        old.execute("DROP TABLE term_df")
        old.execute("DROP INDEX idx_chunks_hash")
        old.execute("DROP INDEX idx_embedding_cache_updated")
        old.execute("DROP INDEX idx_embedding_cache_hash")
        old.execute("DROP TABLE chunk_log")
        old.execute("DROP INDEX idx_chunks_terms")
        old.execute("ALTER TABLE chunks DROP COLUMN line_starts")
        old.execute("DELETE FROM meta WHERE key = 'line_starts'")
        old.execute("DELETE FROM schema_migrations WHERE version >= 2")
        old.execute("DELETE FROM meta WHERE key LIKE 'vec_codes%'")
    old.close()

    svc = MemoryService(workspace, data_dir=data_dir, model_name="hash")
    conn = svc.reader()
    assert db.migrate(conn) == db.MIGRATIONS[-1][0]
    assert conn.execute("SELECT count(*) FROM vec_codes").fetchone() == (0,)
    # until the codes are filled in, search is exact (and finds the same chunks)
    assert knn_quantised(conn, query, embedder.model_id, 5) is None
    assert [h.rowid for h in knn(conn, query, embedder.model_id, 5)] == expected
    svc.load_model()
    svc.embed_pending()  # fills the codes in from the embedding cache, no model run
    chunks = svc.reader().execute("SELECT count(*) FROM chunks").fetchone()[0]
    assert svc.reader().execute("SELECT count(*) FROM vec_codes").fetchone()[0] == chunks
    found = knn_quantised(svc.reader(), query, embedder.model_id, 5)
    assert found is not None and [h.rowid for h in found] == expected
    svc.close()


def test_every_embedded_chunk_gets_a_code(workspace: Path, data_dir: Path) -> None:
    svc = MemoryService(workspace, data_dir=data_dir, model_name="hash")
    svc.sync()
    svc.load_model()
    svc.embed_pending()
    conn = svc.writer()
    assert vector_codes.codes_complete(conn, vector_key("hash-64"))
    n = conn.execute("SELECT count(*) FROM vec_codes").fetchone()[0]
    assert n == conn.execute("SELECT count(*) FROM chunks").fetchone()[0]
    svc.close()


def test_edits_keep_codes_and_term_counts_in_step(workspace: Path, data_dir: Path) -> None:
    svc = MemoryService(workspace, data_dir=data_dir, model_name="hash")
    svc.sync()
    svc.load_model()
    svc.embed_pending()
    note = workspace / "memory" / "2026-11-02.md"
    note.write_text(note.read_text(encoding="utf-8") + "- Router firmware 4.2.\n", "utf-8")
    svc.sync(only_paths=["memory/2026-11-02.md"])
    svc.embed_pending()
    (workspace / "memory" / "2026-09-15.md").unlink()
    svc.sync()
    conn = svc.writer()
    codes = {r for (r,) in conn.execute("SELECT rowid FROM vec_codes")}
    chunks = {r for (r,) in conn.execute("SELECT rowid FROM chunks")}
    assert codes == chunks
    count, terms = conn.execute("SELECT count(*), sum(n_terms) FROM chunks").fetchone()
    assert db.get_meta(conn, "chunk_count") == str(count)
    assert db.get_meta(conn, "total_terms") == str(terms)
    assert float(db.get_meta(conn, "avg_terms") or 0) == pytest.approx(terms / count)
    svc.close()


def test_cache_load_is_incremental(tmp_path: Path) -> None:
    conn = db.connect(tmp_path / "index.sqlite")
    _fill(conn, _random_vectors(300, 32, seed=4), tmp_path)
    cache = vector_codes.code_cache(conn, KEY, 32)
    assert cache is not None and cache.size == 300
    seq = cache.seq
    time.sleep(0.01)
    with conn:
        vector_codes.write_codes(conn, [(1, _random_vectors(1, 32, seed=5)[0])])
    again = vector_codes.code_cache(conn, KEY, 32)
    assert again is cache and cache.seq > seq and cache.size == 300
    conn.close()


def test_small_index_scan_with_float_rows_matches_the_block_scan(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(int8_scan, "ready", lambda: False)
    rng = np.random.default_rng(5)
    codes = rng.integers(-127, 128, size=(3000, 48), dtype=np.int8)
    codes[17] = 0  # a zero code scores 0 either way
    cache = vector_codes.CodeCache()
    cache._set(np.arange(3000, dtype=np.int64), codes)
    query = rng.standard_normal(48).astype(np.float32)
    monkeypatch.setattr(vector_codes, "FLOAT_ROWS", 0)
    by_blocks = cache.scores(query)
    assert cache.unit_rows is None
    monkeypatch.setattr(vector_codes, "FLOAT_ROWS", 10_000)
    by_rows = cache.scores(query)
    assert cache.unit_rows is not None and cache.unit_rows.dtype == np.float32
    assert np.allclose(by_rows, by_blocks, atol=1e-5) and by_rows[17] == 0.0
    cache._set(np.arange(2, dtype=np.int64), codes[:2])  # new codes: the rows are made again
    assert cache.unit_rows is None
    assert np.allclose(cache.scores(query), by_blocks[:2], atol=1e-5)


@pytest.mark.parametrize("profile", ["reverie", "openclaw"])
def test_the_scan_beside_the_keyword_stage_gives_the_same_results(
    workspace: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch, profile: str
) -> None:
    """With the torch kernel loaded the code scan runs on a helper thread while the reverie
    keyword list is built; the hits, their order and their scores are those of the scan in
    turn."""
    from reverie.core.settings import SearchSettings

    settings = SearchSettings.for_profile(profile)
    svc = MemoryService(workspace, data_dir=data_dir, model_name="hash-64")
    try:
        svc.index()
        queries = ["deploy the api gateway", "部署 api", "what did Alice decide", "zzzz qqq"]
        monkeypatch.setattr(int8_scan, "ready", lambda: False)
        in_turn = [svc.search(q, settings, now_ms=1.8e12) for q in queries]
        assert all("vector_scan" not in r.timings_ms for r in in_turn)
        monkeypatch.undo()
        assert int8_scan.preload(race_numpy=False)
        monkeypatch.setattr(int8_scan, "MIN_ROWS", 1)
        beside = [svc.search(q, settings, now_ms=1.8e12) for q in queries]
    finally:
        svc.close()
    assert sum(len(r.results) + len(r.dropped) for r in in_turn) >= 10
    for a, b in zip(in_turn, beside, strict=True):
        assert [(h.chunk_id, round(h.score, 9)) for h in a.results] == [
            (h.chunk_id, round(h.score, 9)) for h in b.results
        ]
        dropped = [
            [(d.hit.chunk_id, round(d.hit.score, 9), d.stage) for d in r.dropped] for r in (a, b)
        ]
        assert dropped[0] == dropped[1]
    # OpenClaw's keyword list is too short to hide the scan: in turn there
    scanned_beside = profile == "reverie"
    assert all(
        ("vector_scan" in r.timings_ms) == scanned_beside for r in beside if r.results or r.dropped
    )


def test_the_helper_thread_scans_on_one_thread_and_leaves_the_others() -> None:
    import threading

    import torch

    assert int8_scan.preload(race_numpy=False)
    before = torch.get_num_threads()
    helper = int8_scan.helper_thread()
    assert helper.submit(torch.get_num_threads).result() == 1
    assert torch.get_num_threads() == before
    seen: list[int] = []
    fresh = threading.Thread(target=lambda: seen.append(torch.get_num_threads()))
    fresh.start()
    fresh.join()
    assert seen == [before]  # a thread new to torch: the count it would have had
    assert int8_scan.helper_thread() is helper


def test_the_scan_multiplies_on_one_blas_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """A block of codes times the query is a matrix-vector product: a second BLAS thread
    saves nothing on it and, with the other core busy, made the scan six times slower."""
    from threadpoolctl import threadpool_info

    def blas_threads() -> set[int]:
        return {int(i["num_threads"]) for i in threadpool_info() if i["user_api"] == "blas"}

    if not blas_threads():
        pytest.skip("numpy has no BLAS library that threadpoolctl can see")
    seen: list[set[int]] = []
    dot = np.dot

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(blas_threads())
        return dot(*args, **kwargs)

    rng = np.random.default_rng(3)
    cache = vector_codes.CodeCache()
    rows = rng.standard_normal((vector_codes.FLOAT_ROWS + 10, 8)).astype(np.float32)
    cache._set(np.arange(len(rows)), vector_codes.quantize_rows(rows))
    monkeypatch.setattr(np, "dot", spy)
    monkeypatch.setattr(vector_codes.int8_scan, "ready", lambda: False)
    scores = cache.scores(rows[5])
    assert seen and all(threads == {1} for threads in seen)
    assert int(np.argmax(scores)) == 5
