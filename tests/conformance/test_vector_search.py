"""Conformance: OpenClaw's ``searchVector`` against ``vectors/vector_search.json``.

Both paths are checked: sqlite-vec (``1 - vec_distance_cosine`` on float32 blobs, the
extension loaded through apsw) and the in-process cosine over the JSON float64 embeddings.
The chunks come from ``corpus_chunks_with_embeddings`` (their ids were made with a model
name the vectors do not record, so they are written as given); their lines and text are
checked against OpenClaw's chunker on ``corpus_files``.
"""

from __future__ import annotations

import json
import math
import struct
from collections.abc import Iterator
from typing import Any

import apsw
import pytest

from reverie.core.chunking import chunk_markdown, filter_nonempty
from reverie.core.search.reference.openclaw_vector import (
    OpenClawVectorChunk,
    build_openclaw_vector_index,
    cosine_similarity,
    parse_embedding,
    search_vector,
    search_vector_js_fallback,
    search_vector_sqlite_vec,
    sqlite_vec_ready,
    vector_to_blob,
)
from tests.conformance.vectors_io import case_ids, load_vectors

VECTORS = load_vectors("vector_search.json")
CASES: list[dict[str, Any]] = VECTORS["cases"]
CORPUS: list[dict[str, Any]] = VECTORS["corpus_chunks_with_embeddings"]
KEYWORD_DEFAULTS = load_vectors("keyword_search.json")["defaults"]
MODEL = "toy-8d"
FLOAT32_TOL = 1e-6


def _connect(with_vec: bool) -> apsw.Connection:
    conn = apsw.Connection(":memory:")
    if with_vec:
        import sqlite_vec

        conn.enable_load_extension(True)
        conn.load_extension(sqlite_vec.loadable_path())
        conn.enable_load_extension(False)
    return conn


def _chunks() -> list[OpenClawVectorChunk]:
    return [
        OpenClawVectorChunk(
            path=c["path"],
            start_line=c["startLine"],
            end_line=c["endLine"],
            text=c["text"],
            embedding=c["embedding"],
            source=c["source"],
            id=c["id"],
        )
        for c in CORPUS
    ]


def _build(with_vec: bool) -> apsw.Connection:
    conn = _connect(with_vec)
    build_openclaw_vector_index(
        conn, _chunks(), model=MODEL, with_sqlite_vec=with_vec, updated_at=0
    )
    return conn


@pytest.fixture(scope="module")
def vec_conn() -> Iterator[apsw.Connection]:
    conn = _build(with_vec=True)
    yield conn
    conn.close()


@pytest.fixture(scope="module")
def plain_conn() -> Iterator[apsw.Connection]:
    conn = _build(with_vec=False)
    yield conn
    conn.close()


def test_every_case_is_present() -> None:
    assert len(CASES) == VECTORS["case_count"] == 14
    paths = [case["input"]["path"] for case in CASES]
    assert paths.count("sqlite-vec vec_distance_cosine") == 7
    assert paths.count("listChunks + cosineSimilarity") == 7


def test_corpus_is_openclaw_chunking_of_the_files() -> None:
    chunking = KEYWORD_DEFAULTS["chunking_used"]
    expected = [
        (path, c.start_line, c.end_line, c.text)
        for path, content in VECTORS["corpus_files"].items()
        for c in filter_nonempty(
            chunk_markdown(content, chunking["tokens"], chunking["overlap"], mode="openclaw")
        )
    ]
    assert [(c["path"], c["startLine"], c["endLine"], c["text"]) for c in CORPUS] == expected


def test_index_layout(vec_conn: apsw.Connection) -> None:
    rows = vec_conn.execute("SELECT id, model, embedding FROM chunks ORDER BY rowid").fetchall()
    assert [r[0] for r in rows] == [c["id"] for c in CORPUS]
    assert {r[1] for r in rows} == {MODEL}
    assert [json.loads(r[2]) for r in rows] == [c["embedding"] for c in CORPUS]
    blobs = dict(vec_conn.execute("SELECT id, embedding FROM chunks_vec").fetchall())
    first = CORPUS[0]
    assert blobs[first["id"]] == struct.pack("<8f", *first["embedding"])
    assert sqlite_vec_ready(vec_conn, 8)
    assert not sqlite_vec_ready(vec_conn, 16)


def _check(got: list[dict[str, Any]], want: list[dict[str, Any]], tol: float | None) -> None:
    assert [r["id"] for r in got] == [r["id"] for r in want]
    for g, w in zip(got, want, strict=True):
        for key in ("path", "startLine", "endLine"):
            assert g[key] == w[key], key
        if tol is None:
            assert g["score"] == w["score"]
        else:
            assert math.isclose(g["score"], w["score"], rel_tol=0.0, abs_tol=tol)


@pytest.mark.parametrize("case", CASES, ids=case_ids(CASES))
def test_search_vector(
    case: dict[str, Any], vec_conn: apsw.Connection, plain_conn: apsw.Connection
) -> None:
    params = case["input"]
    sqlite_path = params["path"].startswith("sqlite-vec")
    got = search_vector(
        vec_conn if sqlite_path else plain_conn,
        query_vec=params["queryVec"],
        provider_model=MODEL,
        limit=params["limit"],
        vector_ready=sqlite_path,
    )
    _check(got, case["output"], FLOAT32_TOL if sqlite_path else None)
    by_id = {c["id"]: c for c in CORPUS}
    for result in got:
        assert result["snippet"] == by_id[result["id"]]["text"]
        assert result["source"] == "memory"


@pytest.mark.parametrize(
    "case",
    [c for c in CASES if c["input"]["path"].startswith("listChunks")],
    ids=case_ids([c for c in CASES if c["input"]["path"].startswith("listChunks")]),
)
def test_js_fallback_on_a_vec_connection(case: dict[str, Any], vec_conn: apsw.Connection) -> None:
    """The fallback reads only ``chunks``, so it gives the same answer with sqlite-vec loaded."""
    got = search_vector_js_fallback(
        vec_conn, query_vec=case["input"]["queryVec"], provider_model=MODEL, limit=24
    )
    _check(got, case["output"], None)


# --- behaviour not covered by the vectors --------------------------------------------


def test_limit_model_and_source_filters(vec_conn: apsw.Connection) -> None:
    query = [1.1, 1.05, 0.05, 0.05, 0.05, 0.05, 0.05, 0.05]
    for fn in (search_vector_sqlite_vec, search_vector_js_fallback):
        top2 = fn(vec_conn, query_vec=query, provider_model=MODEL, limit=2)
        assert len(top2) == 2
        assert fn(vec_conn, query_vec=query, provider_model="other", limit=5) == []
        assert fn(vec_conn, query_vec=query, provider_model=MODEL, limit=0) == []
        assert fn(vec_conn, query_vec=[], provider_model=MODEL, limit=5) == []
        none = fn(
            vec_conn, query_vec=query, provider_model=MODEL, limit=5, source_filter=["sessions"]
        )
        assert none == []
        some = fn(
            vec_conn, query_vec=query, provider_model=MODEL, limit=5, source_filter=["memory"]
        )
        assert len(some) == 5


def test_cosine_similarity_edge_cases() -> None:
    assert cosine_similarity([], [1.0]) == 0.0
    assert cosine_similarity([0.0, 0.0], [1.0, 2.0]) == 0.0
    # Only the first min(len) dimensions count.
    assert cosine_similarity([1.0, 0.0, 5.0], [1.0, 0.0]) == 1.0
    # JSON null (what JSON.stringify writes for NaN) counts as 0.
    assert cosine_similarity([1.0, None], [1.0, 3.0]) == pytest.approx(1 / math.sqrt(10))
    assert math.isnan(cosine_similarity([1.0, "x"], [1.0, 1.0]))


def test_parse_embedding_follows_json_parse() -> None:
    assert parse_embedding("[1, 2.5]") == [1, 2.5]
    assert parse_embedding("[]") == []
    assert parse_embedding('{"a": 1}') == []
    assert parse_embedding("not json") == []
    assert parse_embedding("[NaN]") == []
    assert parse_embedding(None) == []


def test_fallback_drops_non_finite_and_keeps_ties_in_row_order() -> None:
    conn = _connect(with_vec=False)
    chunks = [
        OpenClawVectorChunk("memory/a.md", 1, 1, "a", [1.0, 0.0]),
        OpenClawVectorChunk("memory/b.md", 1, 1, "b", [2.0, 0.0]),
        OpenClawVectorChunk("memory/c.md", 1, 1, "c", [1.7e308, 1.7e308]),
        OpenClawVectorChunk("memory/d.md", 1, 1, "d", [0.0, 1.0]),
    ]
    rows = build_openclaw_vector_index(conn, chunks, model=MODEL, with_sqlite_vec=False)
    got = search_vector_js_fallback(conn, query_vec=[2.0, 0.0], provider_model=MODEL, limit=10)
    # c's dot product and norm overflow to infinity, so its score is NaN and it is dropped.
    assert [r["path"] for r in got] == ["memory/a.md", "memory/b.md", "memory/d.md"]
    assert [r["score"] for r in got] == [1.0, 1.0, 0.0]
    assert [r.id for r in rows][0] == got[0]["id"]


def test_vector_to_blob_is_little_endian_float32() -> None:
    assert vector_to_blob([1.0, -2.5, None]) == struct.pack("<3f", 1.0, -2.5, 0.0)
