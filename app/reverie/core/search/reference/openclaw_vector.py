"""OpenClaw's vector search (``searchVector``), exactly, on an OpenClaw-shaped index.

``searchVector`` in OpenClaw's ``manager-search.ts`` (spec section 7.1) has two paths:

* **sqlite-vec** (:func:`search_vector_sqlite_vec`): a full scan of the ``vec0`` table
  ``chunks_vec(id TEXT PRIMARY KEY, embedding FLOAT[dims])`` joined to ``chunks``, scored
  ``1 - vec_distance_cosine(v.embedding, :query)`` on float32 blobs, ``ORDER BY dist ASC``
  and ``LIMIT``. The score is the cosine similarity in [-1, 1], not clamped. A zero query
  vector makes the distance NaN, which SQLite returns as NULL, and JavaScript's
  ``1 - null`` is 1: every row scores 1.
* **JS fallback** (:func:`search_vector_js_fallback`), used when sqlite-vec is not ready:
  every chunk of the model is read, its JSON embedding parsed, scored with OpenClaw's
  ``cosineSimilarity`` in float64 over ``min(len)`` dimensions (0 for an empty or zero-norm
  vector), non-finite scores dropped, then a stable sort by score descending and the first
  ``limit`` kept.

Both read OpenClaw's layout: ``chunks`` (see
:func:`~reverie.core.search.reference.openclaw_keyword.ensure_openclaw_index_schema`) with the
embedding as JSON text, plus ``chunks_vec``. :func:`build_openclaw_vector_index` writes such
an index the way OpenClaw's ``writeChunks`` does.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import apsw
import numpy as np

from ...chunking import hash_text
from ...jscompat import js_stringify, js_to_number, truncate_utf16_safe
from .openclaw_keyword import (
    DEFAULT_SOURCE,
    SNIPPET_MAX_CHARS,
    OpenClawChunkRow,
    ensure_openclaw_index_schema,
    insert_openclaw_fts_row,
    openclaw_chunk_id,
    source_filter_sql,
    sql_identifier,
    write_openclaw_chunk,
)


def vector_to_blob(embedding: Sequence[float | None]) -> bytes:
    """``Buffer.from(new Float32Array(embedding).buffer)``: little-endian float32 values
    (``null`` becomes 0, as ``Float32Array`` converts it)."""
    values = [0.0 if v is None else float(v) for v in embedding]
    return np.asarray(values, dtype=np.float64).astype("<f4").tobytes()


def _reject_constant(name: str) -> float:
    raise ValueError(f"JSON.parse does not accept {name}")


def parse_embedding(raw: Any) -> list[Any]:
    """OpenClaw's ``parseEmbedding``: ``JSON.parse(raw)`` if that is an array, else ``[]``.

    Text that ``JSON.parse`` rejects (including Python-only ``NaN``/``Infinity`` tokens)
    gives ``[]``.
    """
    if not isinstance(raw, str):
        raw = "" if raw is None else str(raw)
    try:
        parsed = json.loads(raw, parse_constant=_reject_constant)
    except ValueError:
        return []
    return parsed if isinstance(parsed, list) else []


def cosine_similarity(a: Sequence[Any], b: Sequence[Any]) -> float:
    """OpenClaw's ``cosineSimilarity`` in float64, over the first ``min(len(a), len(b))``
    dimensions; 0 when either vector is empty or has zero norm."""
    if len(a) == 0 or len(b) == 0:
        return 0.0
    dot = 0.0
    norm_a = 0.0
    norm_b = 0.0
    for i in range(min(len(a), len(b))):
        av = js_to_number(a[i])
        bv = js_to_number(b[i])
        dot += av * bv
        norm_a += av * av
        norm_b += bv * bv
    if norm_a == 0 or norm_b == 0:
        return 0.0
    return dot / (math.sqrt(norm_a) * math.sqrt(norm_b))


def ensure_openclaw_vector_table(
    conn: apsw.Connection, dims: int, vector_table: str = "chunks_vec"
) -> None:
    """Create OpenClaw's ``vec0(id TEXT PRIMARY KEY, embedding FLOAT[dims])`` table.

    Needs sqlite-vec loaded on ``conn``. The default (L2) metric is kept, as in OpenClaw;
    the search computes the cosine distance itself.
    """
    table = sql_identifier(vector_table)
    with conn:
        conn.execute(
            f"CREATE VIRTUAL TABLE IF NOT EXISTS {table} USING vec0(\n"
            "  id TEXT PRIMARY KEY,\n"
            f"  embedding FLOAT[{int(dims)}]\n"
            ")"
        )


def sqlite_vec_ready(conn: apsw.Connection, dims: int, vector_table: str = "chunks_vec") -> bool:
    """Whether the sqlite-vec path can serve a ``dims``-dimensional query on ``conn``.

    True when ``vec_version()`` works and ``vector_table`` exists with that dimension.
    Unlike OpenClaw's ``ensureVectorReady``, this never creates or drops the table.
    """
    try:
        conn.execute("SELECT vec_version()").fetchall()
    except apsw.Error:
        return False
    row = conn.execute(
        "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?",
        (sql_identifier(vector_table),),
    ).fetchone()
    if row is None or row[0] is None:
        return False
    return f"[{int(dims)}]" in str(row[0]).replace(" ", "")


@dataclass(frozen=True)
class OpenClawVectorChunk:
    """A chunk to write with its embedding. ``id`` defaults to OpenClaw's chunk id."""

    path: str
    start_line: int
    end_line: int
    text: str
    embedding: Sequence[float]
    source: str = DEFAULT_SOURCE
    id: str | None = None


def build_openclaw_vector_index(
    conn: apsw.Connection,
    chunks: Iterable[OpenClawVectorChunk],
    *,
    model: str,
    with_sqlite_vec: bool = True,
    vector_table: str = "chunks_vec",
    fts_table: str | None = None,
    updated_at: int | None = None,
) -> list[OpenClawChunkRow]:
    """Write ``chunks`` into an OpenClaw-shaped index as ``writeChunks`` does with a provider.

    Each chunk goes to ``chunks`` with ``JSON.stringify(embedding)`` as its ``embedding``;
    with ``with_sqlite_vec`` its float32 blob also goes to ``vector_table`` (delete, then
    insert; skipped for an empty embedding), the table being created from the first
    embedding's dimension. ``fts_table`` also writes the FTS row (and creates that table).
    Returns the rows written, in order.
    """
    items = list(chunks)
    ensure_openclaw_index_schema(
        conn, fts_table=fts_table or "chunks_fts", fts_enabled=fts_table is not None
    )
    first_dims = next((len(c.embedding) for c in items if len(c.embedding) > 0), 0)
    vector_ready = with_sqlite_vec and first_dims > 0
    if vector_ready:
        ensure_openclaw_vector_table(conn, first_dims, vector_table)
    vec = sql_identifier(vector_table)
    now = int(time.time() * 1000) if updated_at is None else int(updated_at)
    written: list[OpenClawChunkRow] = []
    with conn:
        for chunk in items:
            digest = hash_text(chunk.text)
            chunk_id = chunk.id or openclaw_chunk_id(
                chunk.path, chunk.start_line, chunk.end_line, digest, model, chunk.source
            )
            row = OpenClawChunkRow(
                id=chunk_id,
                path=chunk.path,
                source=chunk.source,
                start_line=chunk.start_line,
                end_line=chunk.end_line,
                hash=digest,
                model=model,
                text=chunk.text,
            )
            embedding = list(chunk.embedding)
            write_openclaw_chunk(
                conn,
                row,
                embedding_json=js_stringify(embedding),
                updated_at=now,
                fts_table=None,
            )
            if vector_ready and embedding:
                conn.execute(f"DELETE FROM {vec} WHERE id = ?", (chunk_id,))
                conn.execute(
                    f"INSERT INTO {vec} (id, embedding) VALUES (?, ?)",
                    (chunk_id, vector_to_blob(embedding)),
                )
            if fts_table is not None:
                insert_openclaw_fts_row(conn, row, fts_table)
            written.append(row)
    return written


def _result(
    row_id: Any,
    path: Any,
    start: Any,
    end: Any,
    text: Any,
    source: Any,
    score: float,
    snippet_max_chars: int,
) -> dict[str, Any]:
    return {
        "id": row_id,
        "path": path,
        "startLine": start,
        "endLine": end,
        "score": score,
        "snippet": truncate_utf16_safe(str(text), snippet_max_chars),
        "source": source,
    }


def search_vector_sqlite_vec(
    conn: apsw.Connection,
    *,
    query_vec: Sequence[float],
    provider_model: str,
    limit: int,
    snippet_max_chars: int = SNIPPET_MAX_CHARS,
    source_filter: Sequence[str] | None = None,
    vector_table: str = "chunks_vec",
) -> list[dict[str, Any]]:
    """The sqlite-vec path of ``searchVector``: ``score = 1 - vec_distance_cosine``.

    A full scan ordered by distance (not a KNN ``MATCH``), filtered on ``c.model`` and the
    sources. A NULL distance (zero query or zero stored vector) scores 1, as in JavaScript.
    """
    if len(query_vec) == 0 or limit <= 0:
        return []
    table = sql_identifier(vector_table)
    source_sql, source_params = source_filter_sql(source_filter, alias="c")
    rows = conn.execute(
        "SELECT c.id, c.path, c.start_line, c.end_line, c.text,\n"
        "       c.source,\n"
        "       vec_distance_cosine(v.embedding, ?) AS dist\n"
        f"  FROM {table} v\n"
        "  JOIN chunks c ON c.id = v.id\n"
        f" WHERE c.model = ?{source_sql}\n"
        " ORDER BY dist ASC\n"
        " LIMIT ?",
        (vector_to_blob(query_vec), provider_model, *source_params, int(limit)),
    ).fetchall()
    return [
        _result(
            row_id,
            path,
            start,
            end,
            text,
            source,
            1.0 - (0.0 if dist is None else float(dist)),
            snippet_max_chars,
        )
        for row_id, path, start, end, text, source, dist in rows
    ]


def search_vector_js_fallback(
    conn: apsw.Connection,
    *,
    query_vec: Sequence[float],
    provider_model: str,
    limit: int,
    snippet_max_chars: int = SNIPPET_MAX_CHARS,
    source_filter: Sequence[str] | None = None,
) -> list[dict[str, Any]]:
    """The in-process path of ``searchVector`` (``listChunks`` + ``cosineSimilarity``).

    Rows come in the ``chunks`` table's scan order; ties keep that order (stable sort).
    """
    if len(query_vec) == 0 or limit <= 0:
        return []
    source_sql, source_params = source_filter_sql(source_filter)
    rows = conn.execute(
        "SELECT id, path, start_line, end_line, text, embedding, source\n"
        "  FROM chunks\n"
        f" WHERE model = ?{source_sql}",
        (provider_model, *source_params),
    ).fetchall()
    query = list(query_vec)
    scored: list[tuple[float, tuple[Any, Any, Any, Any, Any, Any]]] = []
    for row_id, path, start, end, text, embedding, source in rows:
        score = cosine_similarity(query, parse_embedding(embedding))
        if math.isfinite(score):
            scored.append((score, (row_id, path, start, end, text, source)))
    scored.sort(key=lambda item: -item[0])
    return [_result(*fields, score, snippet_max_chars) for score, fields in scored[: int(limit)]]


def search_vector(
    conn: apsw.Connection,
    *,
    query_vec: Sequence[float],
    provider_model: str,
    limit: int,
    vector_ready: bool,
    snippet_max_chars: int = SNIPPET_MAX_CHARS,
    source_filter: Sequence[str] | None = None,
    vector_table: str = "chunks_vec",
) -> list[dict[str, Any]]:
    """``searchVector``: the sqlite-vec path when ``vector_ready``, else the JS fallback.

    ``vector_ready`` stands for OpenClaw's ``ensureVectorReady(dims)``; see
    :func:`sqlite_vec_ready`. An empty query vector or ``limit <= 0`` gives ``[]``.
    Returns ``[{id, path, startLine, endLine, score, snippet, source}]``.
    """
    if len(query_vec) == 0 or limit <= 0:
        return []
    if vector_ready:
        return search_vector_sqlite_vec(
            conn,
            query_vec=query_vec,
            provider_model=provider_model,
            limit=limit,
            snippet_max_chars=snippet_max_chars,
            source_filter=source_filter,
            vector_table=vector_table,
        )
    return search_vector_js_fallback(
        conn,
        query_vec=query_vec,
        provider_model=provider_model,
        limit=limit,
        snippet_max_chars=snippet_max_chars,
        source_filter=source_filter,
    )
