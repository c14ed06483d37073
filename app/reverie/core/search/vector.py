"""Vector retrieval: sqlite-vec KNN (a real ``MATCH ... AND k = ?`` query, not a scan of
every row), with a numpy fallback over the embedding cache when sqlite-vec cannot load.

Scores are OpenClaw's: ``1 - cosine distance`` (the cosine similarity).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import apsw
import numpy as np

from ..index import db
from ..index.indexer import chunk_vector, passage_matrix, vec_blob, vector_key


@dataclass(frozen=True)
class VectorHit:
    rowid: int
    score: float


def knn(conn: apsw.Connection, query_vec: np.ndarray, model_id: str, k: int) -> list[VectorHit]:
    """The ``k`` chunks nearest to ``query_vec`` among chunks embedded by ``model_id``."""
    if k <= 0 or not np.any(query_vec):
        return []
    if getattr(conn, "vec_loaded", False) and db.has_vec_table(conn):
        rows = conn.execute(
            "SELECT rowid, distance FROM chunks_vec WHERE embedding MATCH ? AND k = ?"
            " ORDER BY distance",
            (vec_blob(query_vec), int(k)),
        ).fetchall()
        return [VectorHit(int(r), 1.0 - float(d)) for r, d in rows]
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
    vecs = [chunk_vector(passage_matrix(b, int(d))) for _, b, d in rows]
    return [int(r[0]) for r in rows], np.stack(vecs)


@dataclass(frozen=True)
class ChunkVectors:
    chunk: np.ndarray
    """The chunk's vector (normalised mean of its passages)."""
    passages: np.ndarray
    """One row per passage."""

    def best_passage(self, query_vec: np.ndarray) -> float:
        return float(np.max(self.passages @ query_vec))


def vectors_for(
    conn: apsw.Connection, rowids: Sequence[int], model_id: str
) -> dict[int, ChunkVectors]:
    """Stored vectors of the given chunks (those not yet embedded are missing)."""
    if not rowids:
        return {}
    marks = ",".join("?" * len(rowids))
    rows = conn.execute(
        f"SELECT c.rowid, e.embedding, e.dims FROM chunks c JOIN embedding_cache e"
        f" ON e.model = c.model AND e.hash = c.hash WHERE c.model = ? AND c.rowid IN ({marks})",
        (vector_key(model_id), *rowids),
    ).fetchall()
    out: dict[int, ChunkVectors] = {}
    for r, b, d in rows:
        mat = passage_matrix(b, int(d))
        out[int(r)] = ChunkVectors(chunk_vector(mat), mat)
    return out
