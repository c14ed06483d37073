"""Keeps the index in step with the files: incremental by content hash, per file and per chunk.

``sync()`` reads every memory file, skips the ones whose content hash is unchanged, re-chunks
the changed ones and rewrites their rows (text, FTS rows, keyword terms) in one transaction
per batch, and removes rows of deleted files. It never writes to a Markdown file.

Files that are indexed from their good parts only (a transcript with broken JSON lines) are
listed in ``SyncReport.damaged`` on every sync, also when they are unchanged and not read
again: what was found when the file was last read is kept in the ``meta`` table.

``embed_pending()`` gives vectors to chunks that have none: from the embedding cache when the
same text was embedded before by the same model, otherwise by the model, in batches. Keyword
search works as soon as ``sync()`` returns; vector search fills in as embeddings land.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import re
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import apsw
import numpy as np

from ..chunking import Chunk, chunk_markdown, filter_nonempty
from ..embedding import Embedder
from ..errors import Cancelled, UserError
from ..phrase import Said, from_data, said, template
from ..settings import ChunkingSettings
from ..text.analysis import ANALYSIS_VERSION
from ..text.analysis import terms_text as analyse_text
from ..transcripts import describe_broken_lines, flatten_session, remap_chunk_lines
from ..workspace import Damaged, MemoryFile, Skipped, Workspace, utf8_name
from . import db, embedding_cache, line_starts, postings, scan, vector_codes
from .sql_values import as_float, as_int, fetch_row

log = logging.getLogger(__name__)

ProgressFn = Callable[[int, int, str], None]
"""progress(done, total, label)"""
CancelFn = Callable[[], bool]

EMBED_BATCH = 32
TOTAL_TERMS_KEY = "total_terms"
TERM_DF_KEY = "term_df"
"""``meta``: present when ``term_df`` holds every term's document frequency; from then on
each write keeps it (:meth:`Indexer._count_terms`)."""
"""``meta``: the sum of every chunk's term count (with ``chunk_count``: ``avg_terms``)."""
READING = template("reading {path}")
UP_TO_DATE = template("index up to date")
COMPACTING = template("compacting the keyword index")
EMBEDDING = template("embedding")
"""What a sync tells its progress with."""
LABEL_EVERY = 64
"""The file a sync names as the one it reads: one in this many (the bar moves with each)."""

DAMAGE_META_KEY = "damaged_files"
"""``meta`` key: JSON ``{path: reason}`` of the indexed files that had damaged parts."""
DAMAGE_PHRASES_META_KEY = "damaged_files_phrases"
"""``meta`` key: JSON ``{path: phrase}`` of the same reasons, kept with their parts (an
interface in another language says them in its words; the English text stays the record)."""
COMPACT_MIN_CHUNKS = 1000
COMPACT_SHARE = 0.1
"""A sync that writes at least this many chunk rows, and this share of the index, merges
the keyword indexes' segments into one afterwards (FTS5 ``optimize``): a full index leaves
them in many segments, and every query reads each one. Measured on the speed bench's 10,000
chunks: 0.3 s once; the reverie keyword list 2.8 -> 2.4 ms, OpenClaw's AND query 0.26 ->
0.07 ms. Small syncs leave it to FTS5's own merging."""


@dataclass
class SyncReport:
    files_seen: int = 0
    files_changed: int = 0
    files_unchanged: int = 0
    files_removed: int = 0
    chunks_written: int = 0
    chunks_removed: int = 0
    skipped: list[Skipped] = field(default_factory=list)
    damaged: list[Damaged] = field(default_factory=list)
    """Files indexed from their good parts, once each (reported on every sync)."""
    seconds: float = 0.0
    changed_paths: list[str] = field(default_factory=list)


@dataclass
class EmbedReport:
    chunks: int = 0
    cache_hits: int = 0
    embedded: int = 0
    seconds: float = 0.0
    encode_seconds: float = 0.0


def chunk_id(source: str, path: str, start: int, end: int, chunk_hash: str) -> str:
    return hashlib.sha256(f"{source}:{path}:{start}:{end}:{chunk_hash}".encode()).hexdigest()


def vec_blob(vector: np.ndarray) -> bytes:
    return np.asarray(vector, dtype="<f4").tobytes()


def blob_vec(blob: bytes) -> np.ndarray:
    return np.frombuffer(blob, dtype="<f4")


PASSAGE_CHARS = 240
"""Target size of the passages a chunk is embedded as (consecutive whole lines)."""
VECTOR_SCHEME = "passages-v2"
"""Stored with the model id: chunk vector = normalised mean of its passage vectors; v2: a
passage never runs across a Markdown heading (v1 cut on size alone)."""
_HEADING_RE = re.compile(r"#{1,6}(?:\s|$)")


def passages(text: str, limit: int = PASSAGE_CHARS) -> list[str]:
    """Split a chunk into runs of consecutive non-blank lines of about ``limit`` chars,
    each heading starting a new run.

    Each passage is embedded on its own: a fact on one line keeps its own vector instead
    of being averaged into a whole chunk, and no passage is long enough to be truncated
    by a short-window model. A line longer than ``limit`` is its own passage. A heading
    (a daily note's ``## 08:30 flights``) opens a passage with the lines under it, so the
    lines of one entry are embedded with their topic and not with the tail of the entry
    before: on the bilingual tune half R@5 0.866 -> 0.910, MRR 0.634 -> 0.650, LoCoMo
    unchanged (its transcripts have a heading per session); ``bench/README.md``.
    """
    out: list[str] = []
    current: list[str] = []
    size = 0
    for line in text.split("\n"):
        stripped = line.strip()
        if not stripped:
            continue
        if current and (size + len(stripped) > limit or _HEADING_RE.match(stripped)):
            out.append("\n".join(current))
            current, size = [], 0
        current.append(stripped)
        size += len(stripped) + 1
    if current:
        out.append("\n".join(current))
    return out or [text]


def passage_matrix(blob: bytes, dim: int) -> np.ndarray:
    return blob_vec(blob).reshape(-1, dim)


def chunk_vector(matrix: np.ndarray) -> np.ndarray:
    """The chunk's own vector: the normalised mean of its passage vectors (normalised, the
    sum is the same vector, and ``np.add.reduce`` skips ``mean``'s ~8 us of overhead: a
    search builds this for ~75 chunks)."""
    matrix = np.asarray(matrix, dtype=np.float32)
    mean: np.ndarray = matrix[0] if matrix.shape[0] == 1 else np.add.reduce(matrix, axis=0)
    norm = float(np.sqrt(np.dot(mean, mean)))
    return mean / norm if norm > 0 else mean


def vector_key(model_id: str) -> str:
    return f"{model_id}/{VECTOR_SCHEME}"


def _no_progress(done: int, total: int, label: str) -> None:
    return None


def _never() -> bool:
    return False


def stored_damage(conn: apsw.Connection) -> dict[str, str]:
    """``{path: reason}`` of indexed files with damaged parts, as the last syncs found them
    (an unreadable value counts as empty)."""
    raw = db.get_meta(conn, DAMAGE_META_KEY)
    try:
        value = json.loads(raw) if raw else {}
    except ValueError:
        return {}
    if not isinstance(value, dict):
        return {}
    found = {str(k): v for k, v in value.items() if isinstance(v, str)}
    try:
        parts = json.loads(db.get_meta(conn, DAMAGE_PHRASES_META_KEY) or "{}")
    except ValueError:
        parts = {}
    if isinstance(parts, dict):
        for path, data in parts.items():
            said = from_data(data)
            if said is not None and found.get(path) == str(said):
                found[path] = Said(said)
    return found


class Indexer:
    """Writes the index for one workspace. One writer per database; readers open their own."""

    def __init__(
        self,
        conn: apsw.Connection,
        workspace: Workspace,
        chunking: ChunkingSettings | None = None,
    ) -> None:
        self.conn = conn
        self.workspace = workspace
        self.chunking = chunking or ChunkingSettings()
        self._df_delta: Counter[str] = Counter()
        """Document-frequency changes of the open write transaction (``_count_terms``)."""
        self._logged: list[tuple[int]] = []
        """Row ids of the chunks this transaction added or removed (``chunk_log``)."""
        self._released: set[str] = set()
        """Hashes of the chunks the open write transaction deleted (their cached vectors
        are let go at its end if no chunk holds them: ``embedding_cache.release``)."""
        self._tok: line_starts.Tokenizer | None = None

    # ---------------------------------------------------------------- identity
    def index_identity(self) -> dict[str, object]:
        c = self.chunking
        return {
            "chunkTokens": c.tokens,
            "chunkOverlap": c.overlap,
            "chunkMode": c.mode,
            "analysis": ANALYSIS_VERSION,
        }

    def identity_matches(self) -> bool:
        stored = db.get_meta(self.conn, "index_identity")
        return stored is None or json.loads(stored) == self.index_identity()

    # ---------------------------------------------------------------- files
    def _read(self, mf: MemoryFile) -> tuple[str, str, tuple[int, ...] | None, str | None]:
        """(content hash, text to chunk, line map, damage) of a file; raises UserError when
        the file cannot be read as text. ``damage`` says what was left out (None: nothing)."""
        if mf.source == "sessions":
            transcript = flatten_session(_read_session(mf.abs_path))
            damage = describe_broken_lines(transcript.broken)
            return transcript.hash, transcript.content, transcript.line_map, damage
        text = self.workspace.read_text(mf.rel_path)
        return hashlib.sha256(text.encode("utf-8")).hexdigest(), text, None, None

    def _stored_damage(self) -> dict[str, str]:
        return stored_damage(self.conn)

    def _save_damage(self, damage: dict[str, str]) -> None:
        """Store ``damage`` (no key when empty); call inside a transaction."""
        if damage:
            db.set_meta(self.conn, DAMAGE_META_KEY, json.dumps(damage, sort_keys=True))
            parts = {p: r.phrase.to_data() for p, r in damage.items() if isinstance(r, Said)}
            db.set_meta(self.conn, DAMAGE_PHRASES_META_KEY, json.dumps(parts, sort_keys=True))
        else:
            self.conn.execute(
                "DELETE FROM meta WHERE key IN (?, ?)", (DAMAGE_META_KEY, DAMAGE_PHRASES_META_KEY)
            )

    def _chunk(self, text: str, line_map: tuple[int, ...] | None) -> list[Chunk]:
        c = self.chunking
        chunks = filter_nonempty(chunk_markdown(text, c.tokens, c.overlap, c.mode))
        return list(remap_chunk_lines(chunks, line_map)) if line_map is not None else chunks

    def sync(
        self,
        progress: ProgressFn = _no_progress,
        cancel: CancelFn = _never,
        only_paths: Sequence[str] | None = None,
    ) -> SyncReport:
        """Bring files, chunks and keyword rows in line with the workspace.

        ``only_paths`` limits the pass to those files (a save in the editor, a watcher
        event); deletions of other files are then not looked for.
        """
        started = time.perf_counter()
        report = SyncReport()
        if only_paths is not None:  # a name the index cannot store (undecodable bytes)
            only_paths = [p for p in only_paths if utf8_name(p)]
        identity_ok = self.identity_matches()
        quick: scan.QuickScan | None = None
        snapshot: scan.ScanState | None = None
        if only_paths is not None and all(not p.startswith("sessions/") for p in only_paths):
            # a save or a watcher event: look at those files only, not the whole tree
            resolved = [self.workspace.memory_file(p) for p in only_paths]
            files = [f for f in resolved if f is not None]
        elif (
            only_paths is None
            and identity_ok
            and (quick := scan.quick_scan(self.conn, self.workspace))
        ):
            # no folder changed since the last listing (or only those were listed again):
            # only the known files and the changed folders' new ones can have changed
            files = quick.changed
            report.skipped.extend(quick.skipped)
            snapshot = quick.state
        else:
            if only_paths is None:
                snapshot = scan.take_snapshot(self.workspace)
            files, skipped = self.workspace.list_memory_files()
            report.skipped.extend(skipped)
            if snapshot is not None:
                snapshot.skipped = list(skipped)
            if only_paths is not None:
                wanted = set(only_paths)
                files = [f for f in files if f.rel_path in wanted]
        if quick is not None:
            stored = self._stored_files([f.rel_path for f in files])
        else:
            stored = self._stored_files(only_paths)
        if not identity_ok:
            stored = {}  # chunking changed: every file is re-chunked
        damage = self._stored_damage()
        touched: list[tuple[float, int, str]] = []
        total = len(files)
        pending: list[tuple[MemoryFile, str, list[Chunk]]] = []
        label: Said | None = None
        for done, mf in enumerate(files):
            if cancel():
                raise Cancelled("indexing cancelled")
            report.files_seen += 1
            if done % LABEL_EVERY == 0 or label is None:  # a phrase costs ~3 µs: 65,000 files
                label = said(READING, path=mf.rel_path)
            progress(done, total, label)
            known = stored.get(mf.rel_path)
            if known is not None and (known[1], known[2]) == (mf.mtime_ms, mf.size):
                report.files_unchanged += 1  # same size and modification time: not read
                if mf.rel_path in damage:
                    report.damaged.append(Damaged(mf.rel_path, damage[mf.rel_path]))
                continue
            try:
                digest, text, line_map, found = self._read(mf)
            except (UserError, OSError) as exc:
                reason = getattr(exc, "reason", None) or str(exc).removeprefix(f"{mf.rel_path}: ")
                report.skipped.append(Skipped(mf.rel_path, reason))
                log.debug("skipped %s: %s", mf.rel_path, reason)  # callers report it
                continue
            if found is None:
                damage.pop(mf.rel_path, None)
            else:
                damage[mf.rel_path] = found
                report.damaged.append(Damaged(mf.rel_path, found))
                log.debug("%s: %s", mf.rel_path, found)  # callers report it
            if known is not None and known[0] == digest:
                report.files_unchanged += 1  # touched, same content: remember the new stat
                touched.append((float(mf.mtime_ms), int(mf.size), mf.rel_path))
                continue
            pending.append((mf, digest, self._chunk(text, line_map)))
            if len(pending) >= 64:
                self._write_files(pending, report, damage)
                pending = []
        self._write_files(pending, report, damage)
        if touched:
            with self.conn:
                self.conn.executemany(
                    "UPDATE files SET mtime = ?, size = ? WHERE path = ?", touched
                )
        gone: list[str] = []
        if quick is not None:  # deleted: only what a folder listed again no longer holds
            report.files_seen += len(quick.unchanged)
            report.files_unchanged += len(quick.unchanged)
            report.damaged.extend(Damaged(p, damage[p]) for p in quick.unchanged if p in damage)
            gone = quick.gone
        elif only_paths is None:
            listed = {f.rel_path for f in files}
            listed |= {s.path for s in report.skipped}  # unreadable now: keep old rows
            gone = [p for p in stored if p not in listed]
        else:
            gone = [
                p for p in only_paths if p in stored and not any(f.rel_path == p for f in files)
            ]
        if gone:
            with self._writing():
                for path in gone:
                    report.chunks_removed += self._delete_path(path)
                    report.files_removed += 1
                    report.changed_paths.append(path)
                    damage.pop(path, None)
        if report.changed_paths or db.get_meta(self.conn, TOTAL_TERMS_KEY) is None:
            self._update_stats()
        if db.get_meta(self.conn, TERM_DF_KEY) is None:
            self._fill_term_df()
        if db.get_meta(self.conn, line_starts.FILLED_KEY) is None:
            self._fill_line_starts()
        if report.chunks_written >= COMPACT_MIN_CHUNKS:
            self._compact_keyword_indexes(report.chunks_written, progress, total)
        with self.conn:
            self._save_damage(damage)
            if snapshot is not None:  # the next full sync may skip the listing
                listed_paths = {f.rel_path for f in files}
                snapshot.unread = sorted({s.path for s in report.skipped if s.path in listed_paths})
                scan.save_state(self.conn, snapshot)
            db.set_meta(self.conn, "index_identity", json.dumps(self.index_identity()))
            db.set_meta(self.conn, "last_sync", str(time.time()))
        progress(total, total, said(UP_TO_DATE))
        report.seconds = time.perf_counter() - started
        return report

    def _stored_files(self, only_paths: Sequence[str] | None) -> dict[str, tuple[str, float, int]]:
        """``{path: (hash, mtime, size)}`` of the indexed files (only those of
        ``only_paths`` when given: a targeted sync need not read 10^5 rows)."""
        if only_paths is None:
            rows = self.conn.execute("SELECT path, hash, mtime, size FROM files").fetchall()
        else:
            rows = [
                row
                for path in dict.fromkeys(only_paths)
                for row in self.conn.execute(
                    "SELECT path, hash, mtime, size FROM files WHERE path = ?", (path,)
                )
            ]
        return {str(p): (str(d), as_float(m), as_int(z)) for p, d, m, z in rows}

    def _adjust_stats(self, chunks: int, terms: int) -> None:
        """Keep ``chunk_count`` / ``total_terms`` / ``avg_terms`` in step with rows written
        or deleted, inside the caller's transaction (no scan of every chunk per sync)."""
        total = db.get_meta(self.conn, TOTAL_TERMS_KEY)
        count = db.get_meta(self.conn, "chunk_count")
        if total is None or count is None:
            return  # not counted yet: _update_stats counts once
        n, t = max(0, int(count) + chunks), max(0, int(total) + terms)
        db.set_meta(self.conn, "chunk_count", str(n))
        db.set_meta(self.conn, TOTAL_TERMS_KEY, str(t))
        db.set_meta(self.conn, "avg_terms", str(t / n if n else 0.0))

    def _delete_path(self, path: str) -> int:
        rows = self.conn.execute(
            "SELECT rowid, text, terms, n_terms, hash FROM chunks WHERE path = ?", (path,)
        ).fetchall()
        self._released.update(str(r[4]) for r in rows)
        has_vec = db.has_vec_table(self.conn)
        if rows and not has_vec:
            db.mark_vec_stale(self.conn)
        if rows:
            vector_codes.delete_codes(self.conn, [as_int(r[0]) for r in rows])
            self._adjust_stats(-len(rows), -sum(as_int(r[3]) for r in rows))
        for rowid, text, terms, _n, _hash in rows:
            self._logged.append((as_int(rowid),))
            self._df_delta.subtract(set(str(terms).split()))
            self.conn.execute(
                "INSERT INTO chunks_fts(chunks_fts, rowid, text) VALUES ('delete', ?, ?)",
                (rowid, text),
            )
            self.conn.execute(
                "INSERT INTO terms_fts(terms_fts, rowid, terms) VALUES ('delete', ?, ?)",
                (rowid, terms),
            )
            if has_vec:
                self.conn.execute("DELETE FROM chunks_vec WHERE rowid = ?", (rowid,))
        self.conn.execute("DELETE FROM chunks WHERE path = ?", (path,))
        self.conn.execute("DELETE FROM files WHERE path = ?", (path,))
        return len(rows)

    def _write_files(
        self,
        pending: list[tuple[MemoryFile, str, list[Chunk]]],
        report: SyncReport,
        damage: dict[str, str],
    ) -> None:
        if not pending:
            return
        now = time.time()
        with self._writing():
            self._save_damage(damage)  # with the rows it describes (a cancelled sync)
            for mf, digest, chunks in pending:
                report.chunks_removed += self._delete_path(mf.rel_path)
                seen_ids: set[str] = set()
                for ch in chunks:
                    cid = chunk_id(mf.source, mf.rel_path, ch.start_line, ch.end_line, ch.hash)
                    if cid in seen_ids:
                        continue
                    seen_ids.add(cid)
                    terms_text = analyse_text(ch.text)
                    n_terms = len(terms_text.split())
                    self.conn.execute(
                        "INSERT INTO chunks(id, path, source, start_line, end_line, hash, text,"
                        " terms, n_terms, model, updated_at, line_starts)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)",
                        (
                            cid,
                            mf.rel_path,
                            mf.source,
                            ch.start_line,
                            ch.end_line,
                            ch.hash,
                            ch.text,
                            terms_text,
                            n_terms,
                            now,
                            line_starts.line_starts(terms_text, self._tokenizer()),
                        ),
                    )
                    rowid = self.conn.last_insert_rowid()
                    self._logged.append((rowid,))
                    self.conn.execute(
                        "INSERT INTO chunks_fts(rowid, text) VALUES (?, ?)", (rowid, ch.text)
                    )
                    self.conn.execute(
                        "INSERT INTO terms_fts(rowid, terms) VALUES (?, ?)", (rowid, terms_text)
                    )
                    report.chunks_written += 1
                    self._adjust_stats(1, n_terms)
                    self._df_delta.update(set(terms_text.split()))
                self.conn.execute(
                    "INSERT INTO files(path, source, kind, hash, mtime, size, abs_path,"
                    " file_date, agent_id, indexed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        mf.rel_path,
                        mf.source,
                        str(mf.kind.value if hasattr(mf.kind, "value") else mf.kind),
                        digest,
                        float(mf.mtime_ms),
                        int(mf.size),
                        str(mf.abs_path),
                        mf.date.isoformat() if mf.date else None,
                        mf.agent_id,
                        now,
                    ),
                )
                report.files_changed += 1
                report.changed_paths.append(mf.rel_path)

    @contextlib.contextmanager
    def _writing(self) -> Iterator[None]:
        """A write transaction of chunk rows: their terms' document frequencies go into
        ``term_df`` with them, or not at all (a failed transaction leaves no count)."""
        self._df_delta.clear()
        self._released.clear()
        self._logged.clear()
        try:
            with self.conn:
                yield
                self._count_terms()
                postings.log_chunks(self.conn, self._logged)
                embedding_cache.release(self.conn, self._released, time.time())
        finally:
            self._df_delta.clear()
            self._released.clear()
            self._logged.clear()

    def _count_terms(self) -> None:
        """Apply the document-frequency changes of the rows written and deleted in this
        transaction to ``term_df``; nothing while the table is not complete
        (:meth:`_fill_term_df` then counts every term)."""
        delta = {t: n for t, n in self._df_delta.items() if n}
        self._df_delta.clear()
        if not delta or db.get_meta(self.conn, TERM_DF_KEY) is None:
            return
        self.conn.executemany(
            "INSERT INTO term_df(term, df) VALUES (?, ?)"
            " ON CONFLICT(term) DO UPDATE SET df = df + excluded.df",
            list(delta.items()),
        )
        gone = [(t,) for t, n in delta.items() if n < 0]
        if gone:
            self.conn.executemany("DELETE FROM term_df WHERE term = ? AND df <= 0", gone)

    def _fill_term_df(self) -> None:
        """Count every term's documents once from the keyword index's vocabulary (0.4 s at
        100,000 chunks); after that the writes keep the counts."""
        with self.conn:
            self.conn.execute("DELETE FROM term_df")
            self.conn.execute("INSERT INTO term_df(term, df) SELECT term, doc FROM terms_vocab")
            db.set_meta(self.conn, TERM_DF_KEY, "1")

    def _fill_line_starts(self) -> None:
        """Line starts for the chunks written before ``chunks.line_starts`` existed (about
        2 s at 100,000 chunks, once); after that every write stores them."""
        line_starts.fill_missing(self.conn)
        with self.conn:
            db.set_meta(self.conn, line_starts.FILLED_KEY, "1")

    def _tokenizer(self) -> line_starts.Tokenizer:
        if self._tok is None:
            self._tok = line_starts.tokenizer(self.conn)
        return self._tok

    def _compact_keyword_indexes(self, written: int, progress: ProgressFn, total: int) -> None:
        """Merge both FTS5 indexes' segments when this sync wrote a large share of them."""
        count = db.get_meta(self.conn, "chunk_count")  # kept by the writes (_adjust_stats)
        if count is None or written < COMPACT_SHARE * int(count):
            return
        progress(total, total, said(COMPACTING))
        with self.conn:
            for table in ("terms_fts", "chunks_fts"):
                self.conn.execute(f"INSERT INTO {table}({table}) VALUES ('optimize')")

    def _update_stats(self) -> None:
        """Count the chunks and their terms once (an index that has no ``total_terms``
        yet); after that the writes keep the counts (:meth:`_adjust_stats`)."""
        with self.conn:
            if db.get_meta(self.conn, TOTAL_TERMS_KEY) is not None:
                return
            row = fetch_row(
                self.conn.execute("SELECT count(*), coalesce(sum(n_terms), 0) FROM chunks")
            )
            n, total_terms = as_int(row[0]), as_int(row[1])
            db.set_meta(self.conn, "chunk_count", str(n))
            db.set_meta(self.conn, TOTAL_TERMS_KEY, str(total_terms))
            db.set_meta(self.conn, "avg_terms", str(total_terms / n if n else 0.0))

    # ---------------------------------------------------------------- embeddings
    def pending_embeddings(self, model_id: str) -> int:
        return db.count_pending(self.conn, vector_key(model_id))

    def embed_pending(
        self,
        embedder: Embedder,
        progress: ProgressFn = _no_progress,
        cancel: CancelFn = _never,
    ) -> EmbedReport:
        """Give every chunk a vector from ``embedder`` (cache first, then the model); the
        cache is pruned of vectors let go long ago first (at most every few hours)."""
        started = time.perf_counter()
        report = EmbedReport()
        embedding_cache.prune(self.conn, time.time())
        model = vector_key(embedder.model_id)
        stored_model = db.get_meta(self.conn, "vector_model")
        if stored_model not in (None, model):
            with self.conn:  # a different model: its vectors cannot be compared with ours
                self.conn.execute("UPDATE chunks SET model = NULL")
                vector_codes.clear_codes(self.conn, model)
                if db.has_vec_table(self.conn):
                    self.conn.execute("DELETE FROM chunks_vec")
                else:
                    db.mark_vec_stale(self.conn)
        use_vec = db.ensure_vec_table(self.conn, embedder.dim)
        with self.conn:
            db.set_meta(self.conn, "vector_model", model)
            db.set_meta(self.conn, "vector_dims", str(embedder.dim))
        vector_codes.backfill_codes(self.conn, model)  # an index made before the codes
        rows = self.conn.execute(
            "SELECT rowid, hash, text FROM chunks WHERE rowid IN"
            f" (SELECT rowid FROM chunks WHERE {db.PENDING_SQL}) ORDER BY rowid",
            (model, model),
        ).fetchall()
        total = len(rows)
        report.chunks = total
        if not total:
            report.seconds = time.perf_counter() - started
            return report
        cached = self._cached_vectors(model, [str(r[1]) for r in rows], embedder.dim)
        todo: list[tuple[int, str, str]] = []
        ready: list[tuple[int, str, np.ndarray]] = []
        for rowid, digest, text in rows:
            mat = cached.get(str(digest))
            if mat is not None and mat.shape[1] == embedder.dim:
                ready.append((as_int(rowid), str(digest), mat))
            else:
                todo.append((as_int(rowid), str(digest), str(text)))
        report.cache_hits = len(ready)
        self._store_vectors(ready, model, use_vec, cache=False)
        done = len(ready)
        progress(done, total, said(EMBEDDING))
        for start in range(0, len(todo), EMBED_BATCH):
            if cancel():
                raise Cancelled("embedding cancelled")
            batch = todo[start : start + EMBED_BATCH]
            pieces = [passages(text) for _, _, text in batch]
            flat = [p for group in pieces for p in group]
            t0 = time.perf_counter()
            vecs = embedder.embed_documents(flat)
            report.encode_seconds += time.perf_counter() - t0
            items: list[tuple[int, str, np.ndarray]] = []
            offset = 0
            for (rowid, digest, _), group in zip(batch, pieces, strict=True):
                items.append((rowid, digest, vecs[offset : offset + len(group)]))
                offset += len(group)
            self._store_vectors(items, model, use_vec, cache=True)
            report.embedded += len(batch)
            done += len(batch)
            progress(done, total, said(EMBEDDING))
        report.seconds = time.perf_counter() - started
        return report

    def _cached_vectors(self, model: str, hashes: Sequence[str], dim: int) -> dict[str, np.ndarray]:
        """Cached passage matrices (one row per passage) by chunk hash."""
        out: dict[str, np.ndarray] = {}
        unique = list(dict.fromkeys(hashes))
        for start in range(0, len(unique), 400):
            group = unique[start : start + 400]
            marks = ",".join("?" * len(group))
            for digest, blob in self.conn.execute(
                f"SELECT hash, embedding FROM embedding_cache WHERE model = ? AND hash IN ({marks})",
                (model, *group),
            ):
                out[str(digest)] = passage_matrix(blob, dim)
        return out

    def _store_vectors(
        self,
        items: Sequence[tuple[int, str, np.ndarray]],
        model: str,
        use_vec: bool,
        cache: bool,
    ) -> None:
        if not items:
            return
        now = time.time()
        with self.conn:
            if not use_vec:
                db.mark_vec_stale(self.conn)
            vectors: list[tuple[int, np.ndarray]] = []
            for rowid, digest, mat in items:
                if cache:
                    self.conn.execute(
                        "INSERT OR REPLACE INTO embedding_cache(model, hash, dims, embedding,"
                        " updated_at) VALUES (?, ?, ?, ?, ?)",
                        (model, digest, int(mat.shape[1]), vec_blob(mat), now),
                    )
                vector = chunk_vector(mat)
                vectors.append((rowid, vector))
                blob = vec_blob(vector)
                if use_vec:
                    self.conn.execute("DELETE FROM chunks_vec WHERE rowid = ?", (rowid,))
                    self.conn.execute(
                        "INSERT INTO chunks_vec(rowid, embedding) VALUES (?, ?)", (rowid, blob)
                    )
                self.conn.execute("UPDATE chunks SET model = ? WHERE rowid = ?", (model, rowid))
            vector_codes.write_codes(self.conn, vectors)


def _read_session(path: Path) -> str:
    data = Path(path).read_bytes()
    return data.decode("utf-8", errors="replace")
