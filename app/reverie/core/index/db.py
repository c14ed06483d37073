"""The index database: where it lives, how it is opened, and its numbered migrations.

One SQLite file per workspace under the platformdirs cache folder (or ``--data-dir``). The
file is derived from the Markdown files and can be deleted at any time; a database that
cannot be read is reported as ``IndexCorrupt`` and rebuilt by the caller.

Tables:
  ``meta``             key/value: model id, vector dimension, chunking, analysis version
  ``schema_migrations`` applied migration numbers
  ``files``            one row per indexed file, with its content hash
  ``chunks``           chunk text, lines, hash, analysed keyword terms, embedding state
  ``embedding_cache``  vectors keyed by (model, chunk hash), survives re-chunking; those no
                       chunk holds go a week after (``embedding_cache.py``)
  ``chunks_fts``       FTS5 over the raw text with ``unicode61`` (OpenClaw's keyword index)
  ``terms_fts``        FTS5 over Reverie's analysed terms (stems, CJK unigrams + bigrams)
  ``chunks_vec``       sqlite-vec ``vec0`` table for KNN (created once the dimension is known)
  ``vec_codes``        int8 code of each embedded chunk's vector (``vector_codes.py``), with
                       the write counter ``seq``; no extension needed (migration 2)
  ``term_df``          each analysed term's document frequency (migration 4)
  ``chunk_log``        the row id of each chunk added or removed, in order (migration 6)
  ``chunks.line_starts`` each line's first token position in the keyword index (migration 7)
"""

from __future__ import annotations

import hashlib
import logging
import os
import time
from collections.abc import Callable
from pathlib import Path

import apsw

from ..errors import IndexBusy, IndexCorrupt, IndexUnwritable
from .sql_values import count_of

log = logging.getLogger(__name__)

SCHEMA_VERSION = 7

MIGRATIONS: tuple[tuple[int, str], ...] = (
    (
        1,
        """
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE files (
            path TEXT PRIMARY KEY,
            source TEXT NOT NULL DEFAULT 'memory',
            kind TEXT NOT NULL,
            hash TEXT NOT NULL,
            mtime REAL NOT NULL,
            size INTEGER NOT NULL,
            abs_path TEXT NOT NULL,
            file_date TEXT,
            agent_id TEXT,
            indexed_at REAL NOT NULL
        );
        CREATE TABLE chunks (
            rowid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            path TEXT NOT NULL,
            source TEXT NOT NULL DEFAULT 'memory',
            start_line INTEGER NOT NULL,
            end_line INTEGER NOT NULL,
            hash TEXT NOT NULL,
            text TEXT NOT NULL,
            terms TEXT NOT NULL,
            n_terms INTEGER NOT NULL,
            model TEXT,
            updated_at REAL NOT NULL
        );
        CREATE INDEX idx_chunks_path ON chunks(path);
        CREATE INDEX idx_chunks_source ON chunks(source);
        CREATE INDEX idx_chunks_model ON chunks(model);
        CREATE TABLE embedding_cache (
            model TEXT NOT NULL,
            hash TEXT NOT NULL,
            dims INTEGER NOT NULL,
            embedding BLOB NOT NULL,
            updated_at REAL NOT NULL,
            PRIMARY KEY (model, hash)
        );
        CREATE VIRTUAL TABLE chunks_fts USING fts5(
            text, content='chunks', content_rowid='rowid', tokenize='unicode61'
        );
        CREATE VIRTUAL TABLE terms_fts USING fts5(
            terms, content='chunks', content_rowid='rowid',
            tokenize='unicode61 remove_diacritics 0'
        );
        CREATE VIRTUAL TABLE terms_vocab USING fts5vocab(terms_fts, 'row');
        """,
    ),
    (
        # The vector stage's int8 codes. An index made before this migration has none:
        # vector search scans the float vectors (as before) until the next embedding pass
        # fills the codes in from the embedding cache (vector_codes.backfill_codes).
        2,
        """
        CREATE TABLE vec_codes (
            rowid INTEGER PRIMARY KEY,
            seq INTEGER NOT NULL,
            code BLOB NOT NULL
        );
        CREATE INDEX idx_vec_codes_seq ON vec_codes(seq);
        """,
    ),
    (
        # Decay's anchor is the newest dated note: max(file_date) read from an index
        # instead of a scan of every file (14 ms a search at 65,000 files).
        3,
        """
        CREATE INDEX idx_files_date ON files(file_date);
        """,
    ),
    (
        # Each analysed term's document frequency for BM25: the fts5vocab table counts it
        # by reading the term's whole posting list (0.8 ms a common term at 100,000 chunks);
        # kept here by the indexer, a lookup is one B-tree seek. Empty until the indexer's
        # next sync fills it from the vocabulary (``meta.term_df``, see indexer.py).
        4,
        """
        CREATE TABLE term_df (term TEXT PRIMARY KEY, df INTEGER NOT NULL) WITHOUT ROWID;
        """,
    ),
    (
        # The embedding cache keeps only vectors some chunk holds, or let go lately
        # (``embedding_cache.py``): whether a chunk holds a hash, and which vectors were let
        # go long ago, are read from these indexes (the cache rows hold the vectors).
        5,
        """
        CREATE INDEX idx_chunks_hash ON chunks(hash);
        CREATE INDEX idx_embedding_cache_updated ON embedding_cache(updated_at);
        CREATE INDEX idx_embedding_cache_hash ON embedding_cache(hash);
        """,
    ),
    (
        # The keyword stage's postings held in memory (``postings.py``) follow the chunks
        # through this log of the row ids each write added or removed, written by the
        # indexer with the rows (triggers on ``chunks`` made a full sync of 10,000 chunks
        # take 10.5 s instead of 8.1); the chunks' lengths are read from the index
        # (20 ms at 100,000 chunks, 60 ms through the table's rows).
        6,
        """
        CREATE TABLE chunk_log (seq INTEGER PRIMARY KEY, chunk INTEGER NOT NULL);
        CREATE INDEX idx_chunks_terms ON chunks(n_terms);
        """,
    ),
    (
        # Where each line of a chunk's analysed terms starts, in the keyword index's token
        # positions (``line_starts.py``): the keyword scorer reads the lines of a query
        # term's occurrences from the posting lists held in memory instead of finding the
        # term in each candidate's text. Rows written before are filled by the indexer's
        # next sync (``meta.line_starts``); until then they are scored from their text.
        7,
        """
        ALTER TABLE chunks ADD COLUMN line_starts BLOB;
        """,
    ),
)

PENDING_SQL = "(model IS NULL OR model < ? OR model > ?)"
"""Chunks without a vector of the given key: ``model IS NOT ?`` spelled so that SQLite
reads them from ``idx_chunks_model`` (two range scans) instead of scanning every chunk."""


def count_pending(conn: apsw.Connection, model_key: str | None) -> int:
    """How many chunks have no vector of ``model_key`` (``model IS NOT ?``)."""
    if model_key is None:
        return count_of(conn, "SELECT count(*) FROM chunks WHERE model IS NOT NULL")
    return count_of(
        conn, f"SELECT count(*) FROM chunks WHERE {PENDING_SQL}", (model_key, model_key)
    )


def db_path_for(workspace_root: Path, data_dir: Path) -> Path:
    """``<data_dir>/index/<folder-name>-<hash of the real path>.sqlite``
    (``data_dir``: see :func:`reverie.core.paths.cache_dir`)."""
    real = os.path.realpath(str(workspace_root))
    digest = hashlib.sha256(os.fsencode(real)).hexdigest()[:16]  # any bytes the OS allows
    name = "".join(c if c.isalnum() or c in "-_" else "_" for c in Path(real).name)[:40]
    return Path(data_dir) / "index" / f"{name or 'workspace'}-{digest}.sqlite"


def _load_vec(conn: apsw.Connection) -> None:
    import sqlite_vec

    conn.enable_load_extension(True)
    conn.load_extension(sqlite_vec.loadable_path())
    conn.enable_load_extension(False)


BUSY_TIMEOUT_S = 5.0
"""How long a statement waits for another connection's lock before IndexBusy."""


def _busy_waiter(timeout: float) -> Callable[[int], bool]:
    """A busy handler that waits up to ``timeout`` seconds, sleeping in Python.

    SQLite's own busy timeout sleeps inside the call that hit the lock; apsw makes some
    of those calls (``BEGIN`` on ``with conn:``) holding the GIL, so a thread of this
    process that holds the lock could not run to release it and the wait always timed out.
    ``time.sleep`` here releases the GIL.
    """
    started = 0.0

    def wait(attempt: int) -> bool:
        nonlocal started
        now = time.monotonic()
        if attempt == 0:
            started = now
        if now - started >= timeout:
            return False
        time.sleep(min(0.001 * (attempt + 1), 0.02))
        return True

    return wait


def _use_wal(conn: apsw.Connection, timeout: float = BUSY_TIMEOUT_S) -> None:
    """Switch the database to WAL (a no-op when it already is).

    Changing the journal mode needs the database to itself, and SQLite does not call the
    busy handler for that: while another connection creates or migrates a new index, the
    switch fails at once with "database is locked". It is retried for up to ``timeout``.
    """
    started = time.monotonic()
    attempt = 0
    while True:
        try:
            row = conn.execute("PRAGMA journal_mode").fetchone()
            if row and str(row[0]).lower() == "wal":
                return
            conn.execute("PRAGMA journal_mode=WAL")
            return
        except apsw.BusyError:
            if time.monotonic() - started >= timeout:
                raise
            attempt += 1
            time.sleep(min(0.002 * attempt, 0.05))


class IndexConnection(apsw.Connection):
    """An apsw connection that remembers whether sqlite-vec loaded on it."""

    vec_loaded: bool = False


def connect(path: Path, *, readonly: bool = False) -> IndexConnection:
    """Open (and migrate) the index at ``path`` with WAL, a busy timeout and sqlite-vec.

    sqlite-vec failing to load is not fatal: ``conn.vec_loaded`` is False and vector search
    falls back to scanning the stored vectors in numpy.
    """
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise IndexUnwritable(_unwritable(path.parent, exc.strerror or str(exc))) from exc
    if not readonly:
        problem = permission_problem(path)
        if problem is not None:
            raise IndexUnwritable(problem)
    flags = (
        apsw.SQLITE_OPEN_READONLY
        if readonly
        else (apsw.SQLITE_OPEN_READWRITE | apsw.SQLITE_OPEN_CREATE)
    )
    try:
        conn = IndexConnection(str(path), flags=flags)
        if not readonly and conn.readonly("main"):
            conn.close()
            raise IndexUnwritable(_unwritable(path, "the file is read-only"))
        conn.set_busy_handler(_busy_waiter(BUSY_TIMEOUT_S))
        vec_ok = True
        try:
            _load_vec(conn)
        except Exception as exc:  # a missing or broken loadable library
            log.warning("sqlite-vec could not be loaded (%s); vector KNN uses numpy", exc)
            vec_ok = False
        conn.vec_loaded = vec_ok
        if not readonly:
            # write transactions take the write lock up front: a deferred one that reads
            # first fails at once (no busy wait) when another process committed meanwhile
            conn.transaction_mode = "IMMEDIATE"
            _use_wal(conn)
            conn.execute("PRAGMA synchronous=NORMAL")
            migrate(conn)
            if vec_ok:
                _refill_stale_vec_table(conn)
        else:
            check_readable(conn)
    except apsw.BusyError as exc:  # another process holds a lock: not damage
        raise IndexBusy(f"index database {path} is busy: {exc}") from exc
    except (apsw.ReadOnlyError, apsw.PermissionsError, apsw.CantOpenError) as exc:
        problem = permission_problem(path)
        if problem is not None or isinstance(exc, apsw.ReadOnlyError | apsw.PermissionsError):
            raise IndexUnwritable(problem or _unwritable(path, str(exc))) from exc
        raise IndexCorrupt(f"index database {path} cannot be opened: {exc}") from exc
    except apsw.Error as exc:
        raise IndexCorrupt(f"index database {path} cannot be opened: {exc}") from exc
    return conn


def permission_problem(path: Path) -> str | None:
    """Why this process cannot read and write the index at ``path`` (with its ``-wal`` and
    ``-shm`` files beside it), or None. A permission problem is never damage: the index is
    then neither deleted nor rebuilt."""
    folder = path.parent
    if path.exists():
        if not os.access(path, os.R_OK | os.W_OK):
            return _unwritable(path, "permission denied")
        missing_side_file = any(not Path(f"{path}{suffix}").exists() for suffix in ("-wal", "-shm"))
        for suffix in ("-wal", "-shm"):
            side = Path(f"{path}{suffix}")
            if side.exists() and not os.access(side, os.R_OK | os.W_OK):
                return _unwritable(side, "permission denied")
        if missing_side_file and not os.access(folder, os.W_OK | os.X_OK):
            return _unwritable(folder, "the folder is read-only")
        return None
    if not os.access(folder, os.W_OK | os.X_OK):
        return _unwritable(folder, "the folder is read-only")
    return None


def _unwritable(where: Path, reason: str) -> str:
    return (
        f"cannot write the index at {where}: {reason}. Reverie keeps its index in a "
        "folder it can write: fix the permissions or give another --data-dir"
    )


def check_readable(conn: apsw.Connection) -> None:
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchall()
    except apsw.Error as exc:
        raise IndexCorrupt(str(exc)) from exc


QUICK_CHECK_MAX_BYTES = 64 * 1024 * 1024
"""Above this size an index is not read whole when it is opened: ``quick_check`` reads every
page (about 30 s for the 1.7 GB of 100,000 chunks, on the UI thread when the window opens).
A big index gets a light check of its schema and tables instead; damage found later makes
the service reopen or rebuild it (see ``MemoryService``)."""


def integrity_ok(conn: apsw.Connection, size: int | None = None) -> bool:
    """False when SQLite reports damage; a lock held by another process raises IndexBusy.
    ``size`` (bytes of the file) over :data:`QUICK_CHECK_MAX_BYTES` gets the light check."""
    try:
        if size is not None and size > QUICK_CHECK_MAX_BYTES:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchall()
            conn.execute("SELECT key FROM meta LIMIT 1").fetchall()
            conn.execute("SELECT rowid FROM chunks ORDER BY rowid DESC LIMIT 1").fetchall()
            return True
        rows = conn.execute("PRAGMA quick_check").fetchall()
    except apsw.BusyError as exc:
        raise IndexBusy(str(exc)) from exc
    except apsw.Error:
        return False
    return rows == [("ok",)]


def _applied_version(conn: apsw.Connection) -> int | None:
    """The newest applied migration, or None before the first one (read without a lock)."""
    try:
        row = conn.execute("SELECT max(version) FROM schema_migrations").fetchone()
    except apsw.SQLError:  # no such table: a new database
        return None
    return int(row[0]) if row and row[0] is not None else 0


def migrate(conn: apsw.Connection) -> int:
    """Apply every migration newer than the database's; return the resulting version.

    A database that is already current is only read: opening a second connection while a
    long sync holds the write lock must not wait for that lock.
    """
    latest = MIGRATIONS[-1][0]
    applied = _applied_version(conn)
    if applied is not None and applied >= latest:
        if applied > SCHEMA_VERSION:
            raise IndexCorrupt(
                f"index schema {applied} is newer than this program ({SCHEMA_VERSION})"
            )
        return applied
    with conn:
        conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            "version INTEGER PRIMARY KEY, applied_at REAL NOT NULL)"
        )
        row = conn.execute("SELECT max(version) FROM schema_migrations").fetchone()
        current = int(row[0]) if row and row[0] is not None else 0
        for version, sql in MIGRATIONS:
            if version <= current:
                continue
            conn.execute(sql)
            conn.execute(
                "INSERT INTO schema_migrations(version, applied_at) VALUES (?, ?)",
                (version, time.time()),
            )
            current = version
    if current > SCHEMA_VERSION:
        raise IndexCorrupt(f"index schema {current} is newer than this program ({SCHEMA_VERSION})")
    return current


def get_meta(conn: apsw.Connection, key: str) -> str | None:
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return None if row is None else str(row[0])


def set_meta(conn: apsw.Connection, key: str, value: str) -> None:
    conn.execute(
        "INSERT INTO meta(key, value) VALUES (?, ?) "
        "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        (key, value),
    )


def ensure_vec_table(conn: apsw.Connection, dim: int) -> bool:
    """Create ``chunks_vec`` for ``dim`` (recreating it if the dimension changed)."""
    if not getattr(conn, "vec_loaded", False):
        return False
    with conn:  # checked inside the write transaction: another process may create it
        current = get_meta(conn, "vector_dims")
        exists = (
            conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'chunks_vec'").fetchone()
            is not None
        )
        if exists and current == str(dim):
            return True
        if exists:
            conn.execute("DROP TABLE chunks_vec")
        conn.execute(
            f"CREATE VIRTUAL TABLE chunks_vec USING vec0("
            f"embedding float[{int(dim)}] distance_metric=cosine)"
        )
        set_meta(conn, "vector_dims", str(dim))
    return True


VEC_STALE_KEY = "vec_stale"
"""Meta flag: chunks changed while sqlite-vec could not load, so ``chunks_vec`` is stale."""


def vec_table_exists(conn: apsw.Connection) -> bool:
    return (
        conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'chunks_vec'").fetchone() is not None
    )


def has_vec_table(conn: apsw.Connection) -> bool:
    """True when ``chunks_vec`` exists and can be used: without the loaded vec0 module the
    table can be neither read nor written (the index is kept, vector search uses numpy)."""
    return bool(getattr(conn, "vec_loaded", False)) and vec_table_exists(conn)


def mark_vec_stale(conn: apsw.Connection) -> None:
    """Note (inside the caller's write transaction) that ``chunks_vec`` missed changes."""
    if not getattr(conn, "vec_loaded", False) and vec_table_exists(conn):
        set_meta(conn, VEC_STALE_KEY, "1")


def _refill_stale_vec_table(conn: apsw.Connection) -> None:
    """Drop a ``chunks_vec`` that missed changes while sqlite-vec was missing; the chunks
    are re-embedded from the embedding cache on the next pass (no model run needed)."""
    if get_meta(conn, VEC_STALE_KEY) is None:
        return
    with conn:
        if get_meta(conn, VEC_STALE_KEY) is None:
            return
        if vec_table_exists(conn):
            conn.execute("DROP TABLE chunks_vec")
        conn.execute("UPDATE chunks SET model = NULL")
        conn.execute("DELETE FROM meta WHERE key = ?", (VEC_STALE_KEY,))
