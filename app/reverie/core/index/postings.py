"""The keyword index's posting lists of the words searched for, held in memory.

At 100,000 chunks a question made of common words matches tens of thousands of chunks, and
FTS5 ranks them with ``bm25()`` row by row (8-14 ms a question, most of the reverie keyword
stage). With each word's posting list in numpy (the chunks holding it and how often), the
BM25 of every chunk holding any word of the question is a few vector operations (2-3 ms),
and the candidates are the best of all of them, not of the ``AND`` the row budget forced
on FTS5 (``keyword.candidate_plan``).

A list is read from the index the second time a search on this connection needs its word
(a word of at most ``ALWAYS_READ_DF`` chunks: the first time): the first read of a word in
tens of thousands of chunks costs about what FTS5's ranked query did (4-8 ms), so a
one-shot search (the CLI) never pays it, and the app, which searches again and again with
the same words, pays it once. ``POSTINGS_BUDGET`` bounds what a connection holds; the
least recently used words go first.

Each list also holds where in each chunk the word occurs (its token positions, FTS5's own):
with the chunks' line starts (``line_starts.py``) the scorer reads the lines of a
candidate's occurrences from here (``search/keyword_positions.py``).

The lists follow the index through ``chunk_log`` (migration 6: the row id of each chunk
added or removed, written by the indexer with the rows): before it serves a search, a copy
re-reads only the chunks logged since it last looked, inside the caller's read
transaction. A copy further behind than the log reaches, or by more than ``PATCH_MOST``
chunks, starts again.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import apsw
import numpy as np

from . import line_starts
from .sql_values import as_int, fetch_row
from .top import top_n

POSTINGS_BUDGET = 64 * 2**20
"""Bytes of lists a connection holds at most (16 a posting: row id, term count, chunk
length, where its positions start; 2 or 4 a position). The speed bench's 40 questions at
100,000 chunks read 119 words: 2.85 million postings, 50.4 MiB with their positions."""
ALWAYS_READ_DF = 3000
"""A word in at most this many chunks is read on first use (under 1 ms)."""
LOG_KEEP = 2_000
"""Entries of ``chunk_log`` the indexer keeps (``prune_log``): a copy of the lists more
than ``PATCH_MOST`` chunks behind starts again anyway."""
PATCH_MOST = 500
"""More chunks changed than this since the copy last looked: it starts again (the chunk
lengths, 20 ms at 100,000 chunks, and each list when next used) rather than re-read every
changed chunk's terms into every list."""
KEEP_LISTS = True
"""Off: every search ranks in FTS5, as a word's first search does (the speed bench's row
of first searches)."""
_IN_BATCH = 500


def log_chunks(conn: apsw.Connection, rowids: Sequence[tuple[int]], keep: int = LOG_KEEP) -> None:
    """Log the chunks a write added or removed (``(rowid,)`` each) and drop all but the
    last ``keep`` entries of ``chunk_log`` (the newest always stays, so the sequence never
    restarts). Inside the writer's transaction, with the rows."""
    if not rowids:
        return
    conn.executemany("INSERT INTO chunk_log(chunk) VALUES (?)", rowids)
    prune_log(conn, keep)


def prune_log(conn: apsw.Connection, keep: int = LOG_KEEP) -> None:
    """Drop all but the last ``keep`` entries of ``chunk_log``."""
    row = conn.execute("SELECT max(seq) FROM chunk_log").fetchone()
    if row and row[0] is not None:
        conn.execute("DELETE FROM chunk_log WHERE seq <= ?", (as_int(row[0]) - keep,))


def has_log(conn: apsw.Connection) -> bool:
    row = conn.execute(
        "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'chunk_log'"
    ).fetchone()
    return row is not None


@dataclass(frozen=True)
class WordList:
    """One word's postings, by row id."""

    rid: np.ndarray
    """Row ids of the chunks holding the word, ascending (int32)."""
    tf: np.ndarray
    """How often each holds it (float32)."""
    dl: np.ndarray
    """Each one's number of terms (float32): ``lengths[rid]``, kept with the list so that
    a search does not gather them again (0.08 ms a word in 60,000 chunks)."""
    first: np.ndarray
    """Where each posting's positions start in ``positions`` (int32, one more than
    postings: the last is the end)."""
    positions: np.ndarray
    """The word's token positions in each chunk, chunk by chunk, ascending (uint16, or
    uint32 where a chunk is longer)."""

    @property
    def nbytes(self) -> int:
        return sum(a.nbytes for a in (self.rid, self.tf, self.dl, self.first, self.positions))

    @staticmethod
    def of(docs: np.ndarray, positions: np.ndarray, lengths: np.ndarray) -> WordList:
        """The list of one entry per occurrence (``docs``: row ids ascending, ``positions``
        ascending within each)."""
        if not len(docs):
            empty = np.zeros(0, dtype=np.float32)
            return WordList(
                np.zeros(0, dtype=np.int32), empty, empty, np.zeros(1, np.int32), _compact(docs)
            )
        starts = np.flatnonzero(np.r_[True, docs[1:] != docs[:-1]])
        rid = docs[starts].astype(np.int32)
        tf = np.diff(np.r_[starts, len(docs)]).astype(np.float32)
        first = np.r_[starts, len(docs)].astype(np.int32)
        return WordList(rid, tf, lengths[rid], first, _compact(positions))


def _compact(positions: np.ndarray) -> np.ndarray:
    wide = len(positions) and int(positions.max()) > np.iinfo(np.uint16).max
    return positions.astype(np.uint32 if wide else np.uint16)


class TermPostings:
    """One connection's posting lists and chunk lengths, kept up to date with the index."""

    def __init__(self, budget: int = POSTINGS_BUDGET) -> None:
        self.budget = budget
        self.seq = -1
        self.lengths: np.ndarray | None = None
        """Each chunk's number of terms, by row id (0: no such chunk)."""
        self.lists: OrderedDict[str, WordList] = OrderedDict()
        """word -> its postings, least recently used first."""
        self.seen: set[str] = set()
        self.held = 0
        """Bytes of the lists held."""
        self.reads = 0
        """Posting lists read from the index (a measure for the bench)."""

    # ---------------------------------------------------------------- keeping up

    def catch_up(self, conn: apsw.Connection) -> None:
        """Bring the copy to the index state the caller's transaction reads."""
        # each aggregate alone: min() and max() in one query read every entry (0.6 ms)
        (high,) = fetch_row(conn.execute("SELECT max(seq) FROM chunk_log"))
        high = as_int(high) if high is not None else 0
        if high == self.seq and self.lengths is not None:
            return
        (low,) = fetch_row(conn.execute("SELECT min(seq) FROM chunk_log"))
        if self.lengths is None or (low is not None and as_int(low) > self.seq + 1):
            self._restart(conn, high)
            return
        touched = np.unique(
            np.fromiter(
                (
                    as_int(c)
                    for (c,) in conn.execute(
                        "SELECT chunk FROM chunk_log WHERE seq > ?", (self.seq,)
                    )
                ),
                dtype=np.int64,
            )
        )
        if len(touched) > PATCH_MOST:
            self._restart(conn, high)
            return
        self._patch(conn, touched)
        self.seq = high

    def _restart(self, conn: apsw.Connection, seq: int) -> None:
        self.lists.clear()
        self.held = 0
        (text,) = fetch_row(
            conn.execute(
                "SELECT group_concat(rowid || ' ' || n_terms, ' ') FROM chunks INDEXED BY"
                " idx_chunks_terms"
            )
        )
        pairs = _numbers(text).reshape(-1, 2)
        top = int(pairs[:, 0].max()) + 1 if len(pairs) else 1
        self.lengths = np.zeros(top, dtype=np.float32)
        self.lengths[pairs[:, 0]] = pairs[:, 1]
        self.seq = seq

    def _patch(self, conn: apsw.Connection, touched: np.ndarray) -> None:
        """Re-read the chunks ``touched`` (added, removed or both) into every list held."""
        assert self.lengths is not None
        tok = line_starts.tokenizer(conn)
        rows: list[tuple[int, str, int]] = []
        ids = [int(r) for r in touched]
        for start in range(0, len(ids), _IN_BATCH):
            part = ids[start : start + _IN_BATCH]
            rows += [
                (as_int(r), str(t), as_int(n))
                for r, t, n in conn.execute(
                    f"SELECT rowid, terms, n_terms FROM chunks WHERE rowid IN"
                    f" ({','.join('?' * len(part))})",
                    part,
                ).fetchall()
            ]
        top = max([len(self.lengths) - 1, *ids]) + 1
        if top > len(self.lengths):
            self.lengths = np.concatenate(
                [self.lengths, np.zeros(top - len(self.lengths), dtype=np.float32)]
            )
        self.lengths[touched] = 0
        found: dict[str, list[tuple[int, int]]] = {}  # word -> (row id, position) of each
        for rowid, terms, n_terms in rows:
            self.lengths[rowid] = n_terms
            for word, position, _line in line_starts.tokens(terms, tok):
                if word in self.lists:
                    found.setdefault(word, []).append((rowid, position))
        for word, held in list(self.lists.items()):
            keep = ~np.isin(held.rid, touched)
            new = found.get(word, [])
            if keep.all() and not new:
                continue
            kept = np.repeat(keep, np.diff(held.first))
            pairs = np.array(new, dtype=np.int64).reshape(-1, 2)
            docs = np.concatenate([np.repeat(held.rid, np.diff(held.first))[kept], pairs[:, 0]])
            positions = np.concatenate([held.positions[kept].astype(np.int64), pairs[:, 1]])
            order = np.lexsort((positions, docs))
            self._store(word, WordList.of(docs[order], positions[order], self.lengths))

    # ---------------------------------------------------------------- lists

    def ready_for(self, dfs: Mapping[str, int]) -> bool:
        """Whether a search on these words (``dfs``: their document frequencies) should
        be answered from memory: every common word held or searched for before. Marks
        the common ones as seen."""
        ready = True
        for word, df in dfs.items():
            if df <= ALWAYS_READ_DF or word in self.lists:
                continue
            if word not in self.seen:
                ready = False
                if len(self.seen) >= 100_000:
                    self.seen.clear()
                self.seen.add(word)
        return ready

    def postings(self, conn: apsw.Connection, word: str) -> WordList:
        """The chunks holding ``word``: row ids, term counts, lengths and positions."""
        held = self.lists.get(word)
        if held is not None:
            self.lists.move_to_end(word)
            return held
        assert self.lengths is not None
        (text,) = fetch_row(
            conn.execute(
                "SELECT group_concat(doc || ' ' || offset, ' ')"
                " FROM temp.reverie_term_instances WHERE term = ?",
                (word,),
            )
        )
        pairs = _numbers(text).reshape(-1, 2)  # one per occurrence, by row id and position
        self.reads += 1
        held = WordList.of(pairs[:, 0], pairs[:, 1], self.lengths)
        self._store(word, held)
        return held

    def _store(self, word: str, held: WordList) -> None:
        old = self.lists.pop(word, None)
        if old is not None:
            self.held -= old.nbytes
        self.lists[word] = held
        self.held += held.nbytes
        while self.held > self.budget and len(self.lists) > 1:
            _, gone = self.lists.popitem(last=False)
            self.held -= gone.nbytes

    # ---------------------------------------------------------------- ranking

    def best(
        self,
        conn: apsw.Connection,
        idfs: Mapping[str, float],
        avgdl: float,
        n: int,
        k1: float,
        b: float,
    ) -> list[int]:
        """The ``n`` chunks of highest BM25 (``k1``, ``b``, the words' ``idfs``) among
        every chunk holding one of the words, best first (ties by row id)."""
        assert self.lengths is not None
        flat = k1 * (1.0 - b)
        per_term = k1 * b / (avgdl if avgdl > 0 else 1.0)
        ids: list[np.ndarray] = []
        weights: list[np.ndarray] = []
        for word, idf in idfs.items():
            held = self.postings(conn, word)
            if len(held.rid):
                ids.append(held.rid)
                tf = held.tf
                weights.append((idf * (k1 + 1.0)) * (tf / (tf + (flat + per_term * held.dl))))
        if not ids or n <= 0:
            return []
        # one pass over every posting (0.4 ms less than adding word by word at 100,000)
        scores = np.bincount(
            np.concatenate(ids), weights=np.concatenate(weights), minlength=len(self.lengths)
        )
        return [int(r) for r in top_n(scores, n, positive=True)]


def _numbers(text: object) -> np.ndarray:
    """The integers of a space-separated list (``group_concat``'s), as int64."""
    if not text:
        return np.zeros(0, dtype=np.int64)
    return np.array(str(text).split(), dtype=np.int64)


_kept: weakref.WeakKeyDictionary[apsw.Connection, TermPostings] = weakref.WeakKeyDictionary()


def for_search(conn: apsw.Connection, dfs: Mapping[str, int]) -> TermPostings | None:
    """This connection's lists, up to date, when a search on words of these document
    frequencies should be ranked from them; None: rank it in FTS5 (no log in this index,
    not inside a read transaction, or a common word met for the first time)."""
    if not KEEP_LISTS or not conn.in_transaction:
        return None  # the copy and the rows it ranks must come from one snapshot
    kept = _kept.get(conn)
    if kept is None:
        if not has_log(conn):
            return None
        conn.execute(
            "CREATE VIRTUAL TABLE IF NOT EXISTS temp.reverie_term_instances"
            " USING fts5vocab(main, terms_fts, instance)"
        )
        kept = _kept[conn] = TermPostings()
    if not kept.ready_for(dfs):
        return None
    kept.catch_up(conn)
    return kept


def held(conn: apsw.Connection) -> TermPostings | None:
    """This connection's lists, if it keeps any (for the bench and tests)."""
    return _kept.get(conn)
