"""OpenClaw's keyword search (``searchKeyword``), exactly, on an OpenClaw-shaped index.

This module reproduces ``searchKeyword`` of OpenClaw's ``manager-search.ts`` (spec section
7.2) against tables laid out like OpenClaw's own (``ensureMemoryIndexSchema``, spec section
4): the FTS5 table ``chunks_fts`` with ``text`` indexed and ``id, path, source, model,
start_line, end_line`` UNINDEXED, and the ``chunks`` table beside it. The SQL is OpenClaw's
statement for statement, so SQLite picks the same plans and ties come out in the same order.

* :func:`search_keyword` is ``searchKeyword``: plan the query for the tokenizer (trigram
  turns short CJK tokens into ``LIKE`` filters), run ``bm25()`` ordered by rank, map the rank
  to a text score (1 when only ``LIKE`` terms are left), optionally add the FTS-only lexical
  boost, and cut each snippet to 700 UTF-16 units.
* :func:`build_openclaw_fts_table` chunks files with OpenClaw's chunker and writes the rows
  the way OpenClaw's ``writeChunks`` does in FTS-only mode, so a query can be checked
  side by side against OpenClaw's results.

Reverie's own engine keeps a different index (``chunks_fts`` there is an external-content
table over Reverie's ``chunks``); these functions only read and write the OpenClaw layout.
"""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import apsw

from ...chunking import chunk_markdown, filter_nonempty
from ...index.sql_values import as_float
from ...jscompat import js_utf8_bytes, truncate_utf16_safe
from ..fts_query import (
    bm25_rank_to_score,
    escape_like_pattern,
    plan_keyword_search,
    score_fallback_keyword_result,
)

OpenClawTokenizer = Literal["unicode61", "trigram"]

SNIPPET_MAX_CHARS = 700
"""OpenClaw's ``SNIPPET_MAX_CHARS``: snippets are cut to this many UTF-16 units."""

FTS_ONLY_MODEL = "fts-only"
"""The model name OpenClaw stores on chunks when no embedding provider is configured."""

DEFAULT_SOURCE = "memory"

_IDENTIFIER_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def sql_identifier(name: str) -> str:
    """``name`` if it is a plain SQL identifier (table names are spliced into the SQL)."""
    if not _IDENTIFIER_RE.fullmatch(name):
        raise ValueError(f"not a plain SQL identifier: {name!r}")
    return name


def openclaw_chunk_id(
    path: str, start_line: int, end_line: int, chunk_hash: str, model: str, source: str
) -> str:
    """OpenClaw's chunk id: sha256 of ``{source}:{path}:{start}:{end}:{chunkHash}:{model}``."""
    key = f"{source}:{path}:{start_line}:{end_line}:{chunk_hash}:{model}"
    return hashlib.sha256(js_utf8_bytes(key)).hexdigest()


def source_filter_sql(
    sources: Sequence[str] | None, alias: str | None = None
) -> tuple[str, list[str]]:
    """OpenClaw's ``buildSourceFilter``: `` AND [alias.]source IN (?, …)`` and its params.

    No sources (``None`` or empty) gives no clause, as OpenClaw does for an empty source set.
    """
    if not sources:
        return "", []
    column = f"{sql_identifier(alias)}.source" if alias else "source"
    marks = ", ".join("?" for _ in sources)
    return f" AND {column} IN ({marks})", [str(s) for s in sources]


def ensure_openclaw_index_schema(
    conn: apsw.Connection,
    *,
    fts_tokenizer: OpenClawTokenizer = "unicode61",
    fts_table: str = "chunks_fts",
    fts_enabled: bool = True,
) -> None:
    """Create OpenClaw's ``meta``, ``files``, ``chunks`` and FTS tables if they are missing.

    The DDL is ``ensureMemoryIndexSchema``'s (without the embedding cache). With the
    ``trigram`` tokenizer the FTS table uses ``tokenize='trigram case_sensitive 0'``.
    """
    table = sql_identifier(fts_table)
    tokenize = ", tokenize='trigram case_sensitive 0'" if fts_tokenizer == "trigram" else ""
    with conn:
        conn.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        conn.execute(
            "CREATE TABLE IF NOT EXISTS files (\n"
            "  path TEXT PRIMARY KEY,\n"
            "  source TEXT NOT NULL DEFAULT 'memory',\n"
            "  hash TEXT NOT NULL,\n"
            "  mtime INTEGER NOT NULL,\n"
            "  size INTEGER NOT NULL\n"
            ")"
        )
        conn.execute(
            "CREATE TABLE IF NOT EXISTS chunks (\n"
            "  id TEXT PRIMARY KEY,\n"
            "  path TEXT NOT NULL,\n"
            "  source TEXT NOT NULL DEFAULT 'memory',\n"
            "  start_line INTEGER NOT NULL,\n"
            "  end_line INTEGER NOT NULL,\n"
            "  hash TEXT NOT NULL,\n"
            "  model TEXT NOT NULL,\n"
            "  text TEXT NOT NULL,\n"
            "  embedding TEXT NOT NULL,\n"
            "  updated_at INTEGER NOT NULL\n"
            ")"
        )
        if fts_enabled:
            conn.execute(
                f"CREATE VIRTUAL TABLE IF NOT EXISTS {table} USING fts5(\n"
                "  text,\n"
                "  id UNINDEXED,\n"
                "  path UNINDEXED,\n"
                "  source UNINDEXED,\n"
                "  model UNINDEXED,\n"
                "  start_line UNINDEXED,\n"
                "  end_line UNINDEXED\n"
                f"{tokenize})"
            )
        conn.execute("CREATE INDEX IF NOT EXISTS idx_chunks_path ON chunks(path)")
        conn.execute("CREATE INDEX IF NOT EXISTS idx_chunks_source ON chunks(source)")


@dataclass(frozen=True)
class OpenClawChunkRow:
    """One chunk as OpenClaw's ``writeChunks`` stores it."""

    id: str
    path: str
    source: str
    start_line: int
    end_line: int
    hash: str
    model: str
    text: str


def write_openclaw_chunk(
    conn: apsw.Connection,
    row: OpenClawChunkRow,
    *,
    embedding_json: str = "[]",
    updated_at: int = 0,
    fts_table: str | None = "chunks_fts",
) -> None:
    """Insert one chunk like ``writeChunks``: the ``chunks`` upsert, then the FTS row.

    The caller holds the transaction. ``fts_table=None`` skips the FTS row (FTS disabled).
    """
    conn.execute(
        "INSERT INTO chunks (id, path, source, start_line, end_line, hash, model, text,"
        " embedding, updated_at)\n"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)\n"
        " ON CONFLICT(id) DO UPDATE SET\n"
        "   hash=excluded.hash,\n"
        "   model=excluded.model,\n"
        "   text=excluded.text,\n"
        "   embedding=excluded.embedding,\n"
        "   updated_at=excluded.updated_at",
        (
            row.id,
            row.path,
            row.source,
            row.start_line,
            row.end_line,
            row.hash,
            row.model,
            row.text,
            embedding_json,
            int(updated_at),
        ),
    )
    if fts_table is not None:
        insert_openclaw_fts_row(conn, row, fts_table)


def insert_openclaw_fts_row(conn: apsw.Connection, row: OpenClawChunkRow, fts_table: str) -> None:
    """Insert the FTS row of one chunk, as ``writeChunks`` does after the chunk and vector."""
    conn.execute(
        f"INSERT INTO {sql_identifier(fts_table)}"
        " (text, id, path, source, model, start_line, end_line)\n"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (row.text, row.id, row.path, row.source, row.model, row.start_line, row.end_line),
    )


def build_openclaw_fts_table(
    conn: apsw.Connection,
    files: Mapping[str, str],
    tokens: int,
    overlap: int,
    tokenizer: OpenClawTokenizer,
    model: str = FTS_ONLY_MODEL,
    *,
    source: str = DEFAULT_SOURCE,
    fts_table: str = "chunks_fts",
    updated_at: int | None = None,
) -> list[OpenClawChunkRow]:
    """Index ``files`` (relative path → content) into an OpenClaw-shaped FTS index.

    Each file is chunked with OpenClaw's ``chunkMarkdown`` (``mode="openclaw"``), chunks
    whose text is blank are dropped, and every chunk is written to ``chunks`` and the FTS
    table as ``writeChunks`` does in FTS-only mode (embedding ``"[]"``). Files are written in
    the mapping's order, which fixes the FTS rowids. Returns the rows written, in order.
    """
    ensure_openclaw_index_schema(conn, fts_tokenizer=tokenizer, fts_table=fts_table)
    now = int(time.time() * 1000) if updated_at is None else int(updated_at)
    written: list[OpenClawChunkRow] = []
    with conn:
        for path, content in files.items():
            chunks = filter_nonempty(chunk_markdown(content, tokens, overlap, mode="openclaw"))
            for chunk in chunks:
                row = OpenClawChunkRow(
                    id=openclaw_chunk_id(
                        path, chunk.start_line, chunk.end_line, chunk.hash, model, source
                    ),
                    path=path,
                    source=source,
                    start_line=chunk.start_line,
                    end_line=chunk.end_line,
                    hash=chunk.hash,
                    model=model,
                    text=chunk.text,
                )
                write_openclaw_chunk(conn, row, updated_at=now, fts_table=fts_table)
                written.append(row)
    return written


def search_keyword(
    conn: apsw.Connection,
    *,
    fts_table: str,
    query: str,
    tokenizer: OpenClawTokenizer,
    limit: int,
    snippet_max_chars: int = SNIPPET_MAX_CHARS,
    provider_model: str | None = None,
    source_filter: Sequence[str] | None = None,
    boost_fallback_ranking: bool = False,
) -> list[dict[str, Any]]:
    """OpenClaw's ``searchKeyword`` on an OpenClaw-shaped FTS table.

    * The query is planned with :func:`plan_keyword_search`: under ``unicode61`` every token
      is quoted and AND-ed; under ``trigram`` tokens with a kana/CJK/Hangul character and
      fewer than 3 code points become ``text LIKE '%term%' ESCAPE '\\'`` filters.
    * With a MATCH query the rows are ``bm25()``-ranked (``ORDER BY rank ASC LIMIT``) and
      ``textScore = bm25_rank_to_score(rank)``. With only LIKE terms the statement is
      ``WHERE 1=1 AND text LIKE …`` with rank 0, no ORDER BY, and ``textScore = 1``.
    * ``provider_model`` adds `` AND model = ?`` (hybrid mode; ``None`` in FTS-only mode),
      ``source_filter`` adds `` AND source IN (…)``.
    * ``boost_fallback_ranking`` (FTS-only mode) sets ``score`` to the lexical-boosted
      value of :func:`score_fallback_keyword_result`; otherwise ``score = textScore``. The
      SQL row order is kept either way.

    Returns ``[{id, path, startLine, endLine, score, textScore, snippet, source}]`` with the
    snippet cut to ``snippet_max_chars`` UTF-16 units without splitting a surrogate pair.
    SQLite errors propagate, as in OpenClaw's baseline.
    """
    if limit <= 0:
        return []
    plan = plan_keyword_search(query, tokenizer)
    if not plan.match_query and not plan.substring_terms:
        return []
    table = sql_identifier(fts_table)

    model_clause = " AND model = ?" if provider_model else ""
    model_params: list[Any] = [provider_model] if provider_model else []
    substring_clause = "".join(" AND text LIKE ? ESCAPE '\\'" for _ in plan.substring_terms)
    substring_params = [f"%{escape_like_pattern(term)}%" for term in plan.substring_terms]
    source_sql, source_params = source_filter_sql(source_filter)

    used_match = bool(plan.match_query)
    if plan.match_query:
        sql = (
            "SELECT id, path, source, start_line, end_line, text,\n"
            f"       bm25({table}) AS rank\n"
            f"  FROM {table}\n"
            f" WHERE {table} MATCH ?{substring_clause}{model_clause}{source_sql}\n"
            " ORDER BY rank ASC\n"
            " LIMIT ?"
        )
        params: list[Any] = [plan.match_query, *substring_params]
    else:
        sql = (
            "SELECT id, path, source, start_line, end_line, text,\n"
            "       0 AS rank\n"
            f"  FROM {table}\n"
            f" WHERE 1=1{substring_clause}{model_clause}{source_sql}\n"
            " LIMIT ?"
        )
        params = list(substring_params)
    params += [*model_params, *source_params, int(limit)]
    rows = conn.execute(sql, tuple(params)).fetchall()

    results: list[dict[str, Any]] = []
    for row_id, path, source, start_line, end_line, text, rank in rows:
        text_str = str(text)
        text_score = bm25_rank_to_score(as_float(rank)) if used_match else 1.0
        score = (
            score_fallback_keyword_result(query, str(path), text_str, text_score)
            if boost_fallback_ranking
            else text_score
        )
        results.append(
            {
                "id": row_id,
                "path": path,
                "startLine": start_line,
                "endLine": end_line,
                "score": score,
                "textScore": text_score,
                "snippet": truncate_utf16_safe(text_str, snippet_max_chars),
                "source": source,
            }
        )
    return results
