"""Quantised chunk vectors: one int8 code per embedded chunk, scanned in memory.

The vector stage finds its candidates by scanning these codes, then re-scores the best of
them with the stored float vectors (``search/vector.py``). Measured at 100,000 chunks of
512 dimensions on a 2-core machine (see ``bench/README.md``, "Vector stage"):

* sqlite-vec ``float[512]`` cosine, the flat scan used before: 120-200 ms a query;
* sqlite-vec ``int8[512]``: no faster (0.1.9 has SIMD only for float L2; its int8 cosine
  is a scalar loop over the same number of elements);
* sqlite-vec ``bit[512]`` (sign bits) with float re-scoring: 18-22 ms, but recall@10 of
  0.03-0.15 against exact search on the speed bench's vectors, even re-scoring 576
  candidates: a short query's vector is zero in most dimensions, and a sign bit cannot
  say "zero";
* int8 codes with a per-vector scale, held in memory and scored with float32 BLAS in
  blocks: 13-15 ms in blocks of 256 rows, 6-8 ms in blocks of 4,096 (``SCAN_BLOCK``);
  recall@10 1.0 when the best 36 are re-scored;
* the same codes times an int8 code of the query with torch's int8 kernel
  (:mod:`.int8_scan`, used by the MCP server on indexes of 20,000 codes or more):
  2.5-3 ms where the numpy scan took 15-20 ms on a later machine of the same kind.

Each vector is scaled so that its largest component maps to 127 (cosine does not depend
on a vector's length, so every vector keeps the full 8-bit resolution; a unit vector of 512
dimensions has components of about 0.04, which a fixed scale of 127 would leave with a
dozen levels).

Storage: the plain table ``vec_codes`` (migration 2), written in the same transaction as
the chunk's vector, so it needs no SQLite extension: the same scan serves the fallback when
sqlite-vec cannot load. ``meta.vec_codes_model`` names the vector key for which every
embedded chunk has a code (absent on an index made before the codes existed, until
:func:`backfill_codes` has filled them in); ``meta.vec_codes_seq`` counts the writes, so a
reader's in-memory copy (:class:`CodeCache`) reloads only what changed since it last looked.
"""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import apsw
import numpy as np
from threadpoolctl import ThreadpoolController

from . import db, int8_scan
from .sql_values import as_bytes, as_int, count_of
from .top import top_n

CODES_MODEL_KEY = "vec_codes_model"
"""meta: the vector key (model/scheme) whose embedded chunks all have a code."""
CODES_SEQ_KEY = "vec_codes_seq"
"""meta: a counter bumped by every write to ``vec_codes`` (inserts and deletes)."""

SCAN_BLOCK = 4096
"""Rows converted to float32 (into one reused buffer) and scored at a time. Measured at
100k x 512 on the 2-core machine, median of 15 scans: 12.2 ms with blocks of 256, 9.6 with
1,024, 7.5 with 2,048, 6.5 with 4,096, 7.1 with 8,192, 13.6 with 16,384 (the buffer no
longer stays in cache), 24 in one piece."""
FLOAT_ROWS = int8_scan.MIN_ROWS
"""Below this many codes the cache also keeps them as float32 rows of unit length (20 MB
at 10,000 codes of 512 dimensions), scored with one BLAS product: at 10,000 codes 0.36
ms where converting each block first took 1.65 ms. Larger indexes keep only the codes
(at 100,000 the copy would be 200 MB)."""
BACKFILL_BATCH = 1000
_blas: ThreadpoolController | None = None


def _one_blas_thread() -> contextlib.AbstractContextManager[object]:
    """BLAS on one thread while the scan converts and multiplies block by block. Each
    block's product is a matrix times a vector: OpenBLAS's second thread saves nothing on
    it (100,000 codes: 9.1 ms on two threads, 8.0 on one, idle) and costs a lot when the
    other core is busy (52 ms beside a workspace opening in the window, 8.5 on one; 21.6
    against 16.5 beside a busy loop). The float rows of a small index are one product,
    which two threads do faster (10,000 rows: 0.16-0.21 ms against 0.5-1.2), so it keeps
    them. The limit is the process's for those milliseconds (OpenBLAS keeps one count)."""
    global _blas
    if _blas is None:
        _blas = ThreadpoolController()
    limit: contextlib.AbstractContextManager[object] = _blas.limit(limits=1, user_api="blas")
    return limit


# ---------------------------------------------------------------------- quantising


def quantize(vector: np.ndarray) -> np.ndarray:
    """int8 code of one vector: scaled so that its largest |component| is 127."""
    vec = np.asarray(vector, dtype=np.float32).reshape(-1)
    peak = float(np.max(np.abs(vec))) if vec.size else 0.0
    if not np.isfinite(peak) or peak <= 0.0:
        return np.zeros(vec.shape, dtype=np.int8)
    code: np.ndarray = np.clip(np.rint(vec * (127.0 / peak)), -127, 127).astype(np.int8)
    return code


def quantize_rows(matrix: np.ndarray) -> np.ndarray:
    """int8 codes of each row of ``matrix`` (see :func:`quantize`)."""
    m = np.asarray(matrix, dtype=np.float32)
    if m.ndim != 2 or m.shape[0] == 0:
        return np.zeros(m.shape if m.ndim == 2 else (0, 0), dtype=np.int8)
    peak = np.max(np.abs(m), axis=1, keepdims=True)
    peak[~np.isfinite(peak) | (peak <= 0)] = np.inf  # zero (or broken) rows -> zero codes
    codes: np.ndarray = np.clip(np.rint(m * (127.0 / peak)), -127, 127).astype(np.int8)
    return codes


# ---------------------------------------------------------------------- writing


def _bump_seq(conn: apsw.Connection) -> int:
    seq = int(db.get_meta(conn, CODES_SEQ_KEY) or 0) + 1
    db.set_meta(conn, CODES_SEQ_KEY, str(seq))
    return seq


def write_codes(conn: apsw.Connection, items: Iterable[tuple[int, np.ndarray]]) -> int:
    """Store the code of each ``(rowid, float vector)``; call inside a write transaction."""
    rows = [(int(r), quantize(v).tobytes()) for r, v in items]
    if not rows:
        return 0
    seq = _bump_seq(conn)
    conn.executemany(
        "INSERT OR REPLACE INTO vec_codes(rowid, seq, code) VALUES (?, ?, ?)",
        [(r, seq, code) for r, code in rows],
    )
    return len(rows)


def delete_codes(conn: apsw.Connection, rowids: Sequence[int]) -> None:
    """Remove the codes of deleted chunks; call inside a write transaction."""
    if not rowids:
        return
    _bump_seq(conn)
    conn.executemany("DELETE FROM vec_codes WHERE rowid = ?", [(int(r),) for r in rowids])


def clear_codes(conn: apsw.Connection, model_key: str | None) -> None:
    """Drop every code (the model changed); ``model_key``: the vector key whose chunks
    will all get codes from now on (None: not known yet). Inside a write transaction."""
    _bump_seq(conn)
    conn.execute("DELETE FROM vec_codes")
    if model_key is None:
        conn.execute("DELETE FROM meta WHERE key = ?", (CODES_MODEL_KEY,))
    else:
        db.set_meta(conn, CODES_MODEL_KEY, model_key)


def codes_complete(conn: apsw.Connection, model_key: str) -> bool:
    """True when every chunk embedded with ``model_key`` has its code."""
    return db.get_meta(conn, CODES_MODEL_KEY) == model_key


def backfill_codes(conn: apsw.Connection, model_key: str) -> int:
    """Give a code to every chunk embedded with ``model_key`` that has none (an index made
    before the codes existed, or one whose codes were cleared), from the embedding cache;
    then record that the codes are complete. Returns how many codes were written."""
    from .indexer import chunk_vector, passage_matrix

    if codes_complete(conn, model_key):
        return 0
    written = 0
    after = -1
    while True:  # in rowid order, each batch going on from the last (no re-scan)
        rows = conn.execute(
            "SELECT c.rowid, e.embedding, e.dims FROM chunks c JOIN embedding_cache e"
            " ON e.model = c.model AND e.hash = c.hash WHERE +c.model = ? AND c.rowid > ?"
            " AND NOT EXISTS (SELECT 1 FROM vec_codes v WHERE v.rowid = c.rowid)"
            " ORDER BY c.rowid LIMIT ?",
            (model_key, after, BACKFILL_BATCH),
        ).fetchall()
        with conn:
            if rows:
                after = as_int(rows[-1][0])
                written += write_codes(
                    conn,
                    (
                        (as_int(r), chunk_vector(passage_matrix(as_bytes(b), as_int(d))))
                        for r, b, d in rows
                    ),
                )
            if len(rows) < BACKFILL_BATCH:
                db.set_meta(conn, CODES_MODEL_KEY, model_key)
                return written


# ---------------------------------------------------------------------- reading


@dataclass
class CodeCache:
    """One connection's in-memory copy of ``vec_codes``."""

    model_key: str | None = None
    seq: int = -1
    rowids: np.ndarray | None = None
    codes: np.ndarray | None = None
    inv_norms: np.ndarray | None = None
    unit_rows: np.ndarray | None = None
    """The codes as float32 rows of unit length, made on first use below ``FLOAT_ROWS``."""

    @property
    def size(self) -> int:
        return 0 if self.rowids is None else len(self.rowids)

    def _set(self, rowids: np.ndarray, codes: np.ndarray) -> None:
        self.rowids = rowids
        self.codes = codes
        norms = np.sqrt(np.einsum("ij,ij->i", codes, codes, dtype=np.float64))
        with np.errstate(divide="ignore"):
            self.inv_norms = np.where(norms > 0, 1.0 / norms, 0.0).astype(np.float32)
        self.unit_rows = None

    def load(self, conn: apsw.Connection, model_key: str, seq: int, dim: int) -> None:
        rows = conn.execute("SELECT rowid, code FROM vec_codes ORDER BY rowid").fetchall()
        self._set(*_arrays(rows, dim))
        self.model_key, self.seq = model_key, seq

    def update(self, conn: apsw.Connection, seq: int, dim: int) -> None:
        """Apply what changed since ``self.seq``: new or rewritten codes, then deletions
        (noticed by the row count; then the rowids are read again, not the codes)."""
        assert self.rowids is not None and self.codes is not None
        fresh = conn.execute(
            "SELECT rowid, code FROM vec_codes WHERE seq > ? ORDER BY rowid", (self.seq,)
        ).fetchall()
        new_ids, new_codes = _arrays(fresh, dim)
        keep = ~np.isin(self.rowids, new_ids)
        total = count_of(conn, "SELECT count(*) FROM vec_codes")
        if int(keep.sum()) + len(new_ids) != total:
            present = np.fromiter(
                (int(r) for (r,) in conn.execute("SELECT rowid FROM vec_codes")), dtype=np.int64
            )
            keep &= np.isin(self.rowids, present)
        rowids = np.concatenate([self.rowids[keep], new_ids])
        codes = np.concatenate([self.codes[keep], new_codes])
        self._set(rowids, codes)
        self.seq = seq

    def top(self, query: np.ndarray, n: int) -> list[tuple[int, float]]:
        """The ``n`` codes nearest to ``query`` (rowid, approximate cosine), best first."""
        if self.size == 0 or n <= 0:
            return []
        scores = self.scores(query)
        assert self.rowids is not None
        top = top_n(scores, n)
        return [(int(self.rowids[i]), float(scores[i])) for i in top]

    def scores(self, query: np.ndarray) -> np.ndarray:
        """Approximate cosine of every code with ``query``."""
        assert self.codes is not None and self.inv_norms is not None
        q = np.asarray(query, dtype=np.float32).reshape(-1)
        if len(self.codes) >= int8_scan.MIN_ROWS and int8_scan.ready():
            q_code = quantize(q)
            q_norm = float(np.linalg.norm(q_code.astype(np.float32)))
            dots = int8_scan.dots(self.codes, q_code) if q_norm > 0 else None
            if dots is not None:
                scores: np.ndarray = dots.astype(np.float32)
                scores *= self.inv_norms
                scores /= q_norm
                return scores
        norm = float(np.linalg.norm(q))
        if norm > 0:
            q = q / norm
        n = len(self.codes)
        if n < FLOAT_ROWS:
            if self.unit_rows is None:
                self.unit_rows = self.codes.astype(np.float32) * self.inv_norms[:, None]
            unit: np.ndarray = self.unit_rows @ q  # (two threads: 0.16-0.21 ms, one: 0.5-1.2)
            return unit
        out = block_products(self.codes, q)
        out *= self.inv_norms
        return out


def block_products(codes: np.ndarray, query: np.ndarray) -> np.ndarray:
    """``codes @ query`` in float32, converting ``SCAN_BLOCK`` rows of int8 codes at a time
    into one reused buffer, on one BLAS thread: the numpy scan (and what
    ``int8_scan.race`` times the kernel against)."""
    n = len(codes)
    out = np.empty(n, dtype=np.float32)
    buf = np.empty((min(SCAN_BLOCK, n), query.shape[0]), dtype=np.float32)
    with _one_blas_thread():
        for start in range(0, n, SCAN_BLOCK):
            block = codes[start : start + SCAN_BLOCK]
            view = buf[: len(block)]
            np.copyto(view, block, casting="unsafe")
            np.dot(view, query, out=out[start : start + len(block)])
    return out


def _arrays(rows: Sequence[tuple[object, ...]], dim: int) -> tuple[np.ndarray, np.ndarray]:
    """``(rowid, code)`` rows as an id array and a code matrix."""
    if not rows:
        return np.zeros(0, dtype=np.int64), np.zeros((0, dim), dtype=np.int8)
    ids = np.fromiter((as_int(r) for r, _ in rows), dtype=np.int64, count=len(rows))
    flat = np.frombuffer(b"".join(as_bytes(c) for _, c in rows), dtype=np.int8)
    return ids, flat.reshape(len(rows), dim).copy()


_caches: weakref.WeakKeyDictionary[apsw.Connection, CodeCache] = weakref.WeakKeyDictionary()


def code_cache(conn: apsw.Connection, model_key: str, dim: int) -> CodeCache | None:
    """This connection's codes, brought up to date with the database (read in the
    caller's transaction); None when the codes for ``model_key`` are not complete."""
    if not codes_complete(conn, model_key):
        return None
    seq = int(db.get_meta(conn, CODES_SEQ_KEY) or 0)
    cache = _caches.get(conn)
    if cache is None:
        cache = _caches[conn] = CodeCache()
    if (
        cache.model_key != model_key
        or cache.rowids is None
        or cache.codes is None
        or cache.codes.shape[1] != dim
    ):
        cache.load(conn, model_key, seq, dim)
    elif cache.seq != seq:
        cache.update(conn, seq, dim)
    return cache


def candidates(
    conn: apsw.Connection, query: np.ndarray, model_key: str, n: int
) -> list[tuple[int, float]] | None:
    """The ``n`` chunks whose codes are nearest to ``query`` (rowid, approximate cosine),
    best first; None when the codes cannot be used (not complete for ``model_key``)."""
    q = np.asarray(query, dtype=np.float32).reshape(-1)
    cache = code_cache(conn, model_key, q.shape[0])
    if cache is None:
        return None
    return cache.top(q, n)
