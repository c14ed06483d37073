"""One facade over the core that the CLI and the GUI call.

A ``MemoryService`` owns one workspace: its files, its index database (one writer
connection, plus a reader connection per thread), and the lazily loaded embedding model.
Every method is synchronous and knows nothing of threads or Qt; long ones take a
``progress(done, total, label)`` callback and a ``cancel()`` predicate.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import apsw

from .agent_scope import AgentScope
from .embedding import DEFAULT_MODEL, Embedder, LazyEmbedder, primary_embedder
from .errors import IndexBusy, IndexCorrupt, UserError
from .index import db, int8_scan
from .index import indexer as indexer_module
from .index.indexer import (
    CancelFn,
    EmbedReport,
    Indexer,
    ProgressFn,
    SyncReport,
    _never,
    _no_progress,
    stored_damage,
    vector_key,
)
from .index.sql_values import count_of
from .layer_ranking import apply_layers, layer_codes
from .layers import workspace_rules
from .paths import cache_dir
from .phrase import Said, said, template
from .search.engine import MODEL_UNAVAILABLE, SearchContext, search
from .search.explain import ChunkExplanation, explain_chunks
from .search.trace import SearchResponse
from .settings import PROFILES, ChunkingSettings, SearchSettings
from .text.analysis import ANALYSIS_VERSION
from .workspace import Damaged, Workspace

if TYPE_CHECKING:
    from .dreaming.engine import DreamEngine, VectorSimilarity

log = logging.getLogger(__name__)

ANALYSIS_CHANGED = template("the text analysis changed (a new version of it)")
CHUNKING_CHANGED = template("the chunking settings changed")
SCHEME_CHANGED = template("the way notes are embedded changed ({old} -> {new})")
MODEL_CHANGED = template("the embedding model changed ({old} -> {new})")
REBUILDING = template("rebuilding the index ({reason}): {step}")
"""The progress of a rebuild says why it runs (an upgrade can re-embed every note)."""


@dataclass(frozen=True)
class IndexStatus:
    workspace: str
    db_path: str
    files: int
    chunks: int
    embedded: int
    pending: int
    stale: int
    model: str | None
    model_state: str
    vector_dims: int | None
    vec_extension: bool
    last_sync: float | None
    chunking: dict[str, object]
    agent: str | None = None
    """The OpenClaw agent the workspace belongs to (None: no agent claims it)."""
    sources: dict[str, list[str]] = field(default_factory=dict)
    """The sources each profile searches (``{"openclaw": [...], "reverie": [...]}``)."""
    extra_paths: list[dict[str, str]] = field(default_factory=list)
    """``memorySearch.extraPaths``: each entry, its resolved path, stored form and kind."""
    sessions: str | None = None
    """Whose transcripts are searched, and why (not)."""

    def to_json(self) -> dict[str, object]:
        """The status with camelCase keys (see docs/cli-json.md)."""
        return {
            "workspace": self.workspace,
            "dbPath": self.db_path,
            "files": self.files,
            "chunks": self.chunks,
            "embedded": self.embedded,
            "pending": self.pending,
            "stale": self.stale,
            "model": self.model,
            "modelState": self.model_state,
            "vectorDims": self.vector_dims,
            "vecExtension": self.vec_extension,
            "lastSync": self.last_sync,
            "chunking": dict(self.chunking),
            "agent": self.agent,
            "sources": {k: list(v) for k, v in self.sources.items()},
            "extraPaths": [dict(e) for e in self.extra_paths],
            "sessions": self.sessions,
        }


_DAMAGED = (apsw.CorruptError, apsw.NotADBError)
"""SQLite errors meaning the open database file is damaged (it is rebuilt from the files)."""


def _file_identity(path: Path) -> tuple[int, int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_dev, info.st_ino)


def _unlink_db_files(path: Path, suffixes: Sequence[str] = ("", "-wal", "-shm")) -> None:
    for suffix in suffixes:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(str(path) + suffix)


class MemoryService:
    def __init__(
        self,
        workspace_root: Path,
        data_dir: Path | None = None,
        model_name: str = DEFAULT_MODEL,
        sessions_dirs: Sequence[tuple[str, Path]] = (),
        chunking: ChunkingSettings | None = None,
        scope: AgentScope | None = None,
    ) -> None:
        """``scope`` (the workspace's agent, from :func:`resolve_agent_scope`) decides the
        transcripts and extra paths indexed and the sources each profile searches; without
        it, ``sessions_dirs`` are indexed and every indexed source is searched."""
        self.scope = scope
        if scope is not None:
            sessions_dirs = scope.sessions_dirs()
        self.workspace = Workspace(
            Path(workspace_root),
            sessions_dirs=sessions_dirs,
            extra_paths=scope.extra_paths if scope is not None else (),
        )
        self.root = self.workspace.root
        if any("\udc80" <= char <= "\udcff" for char in str(self.root)):
            # a name in another encoding: the index stores paths as UTF-8 text
            raise UserError(
                f"the workspace folder {self.root} has a name that is not valid UTF-8; "
                "rename the folder (or a folder above it) to index it"
            )
        self.data_dir = Path(data_dir) if data_dir else cache_dir()
        self.db_path = db.db_path_for(self.root, self.data_dir)
        self.chunking = chunking or ChunkingSettings()
        self.model = LazyEmbedder(model_name)
        self._local = threading.local()
        self._write_lock = threading.RLock()
        self._writer: apsw.Connection | None = None
        self.recovered_from: str | None = None
        self._generation = 0
        self._opened_identity: tuple[int, int] | None = None

    # ------------------------------------------------------------ connections
    def writer(self) -> apsw.Connection:
        with self._write_lock:
            if self._writer is None:
                self._writer = self._open_checked()
                self._opened_identity = _file_identity(self.db_path)
            return self._writer

    def _follow_db_file(self) -> None:
        """Reopen when the database file was replaced or removed under the open connections
        (another window rebuilt a damaged index): keep working on the file that is there."""
        with self._write_lock:
            if self._writer is None or _file_identity(self.db_path) == self._opened_identity:
                return
            log.info("index %s was replaced on disk; reopening it", self.db_path)
            self.close()
            self._generation += 1

    def _reopen_damaged(self, reason: str) -> None:
        """The open database turned out damaged: reopen, rebuilding it when it is."""
        with self._write_lock:
            log.warning("index %s reported damage (%s); reopening it", self.db_path, reason)
            self.close()
            self._generation += 1
            self.writer()

    def reader(self) -> apsw.Connection:
        """This thread's reading connection (WAL lets it read while the writer writes).

        After a rebuild swapped the database file, each thread reopens on next use.
        """
        conn = getattr(self._local, "conn", None)
        if conn is not None and getattr(self._local, "generation", -1) != self._generation:
            conn.close()
            conn = None
        if conn is None:
            self.writer()  # creates and migrates the file first
            conn = db.connect(self.db_path)
            self._local.conn = conn
            self._local.generation = self._generation
        return conn

    def _open_checked(self) -> apsw.Connection:
        try:
            conn = db.connect(self.db_path)
            try:
                size: int | None = self.db_path.stat().st_size
            except OSError:
                size = None
            if db.integrity_ok(conn, size):
                return conn
            conn.close()
            reason = "integrity check failed"
        except IndexCorrupt as exc:
            reason = str(exc)
        log.warning("index %s is damaged (%s); rebuilding from the files", self.db_path, reason)
        self.recovered_from = reason
        self._remove_db_files()
        return db.connect(self.db_path)

    def _remove_db_files(self) -> None:
        _unlink_db_files(self.db_path)

    def close(self) -> None:
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None
        with self._write_lock:
            if self._writer is not None:
                self._writer.close()
                self._writer = None

    # ------------------------------------------------------------ indexing
    def indexer(self) -> Indexer:
        return Indexer(self.writer(), self.workspace, self.chunking)

    def sync(
        self,
        progress: ProgressFn = _no_progress,
        cancel: CancelFn = _never,
        only_paths: Sequence[str] | None = None,
    ) -> SyncReport:
        with self._write_lock:
            self._follow_db_file()
            try:
                return self._sync_locked(progress, cancel, only_paths)
            except apsw.Error as exc:
                if not self._is_damage(exc):
                    raise
                self._reopen_damaged(str(exc))
                return self._sync_locked(progress, cancel, only_paths)

    def _is_damage(self, exc: apsw.Error) -> bool:
        """Is ``exc`` the open database file being damaged (not a lock or a bug)?"""
        if isinstance(exc, _DAMAGED):
            return True
        if isinstance(exc, apsw.BusyError | apsw.ThreadingViolationError):
            return False
        try:  # extensions report damage their own way (sqlite-vec: "blob read error");
            # a fresh connection reads the file, not this process's cached pages
            fresh = db.connect(self.db_path)
        except IndexCorrupt:
            return True
        except IndexBusy:
            return False
        try:
            return not db.integrity_ok(fresh)
        except IndexBusy:
            return False
        finally:
            fresh.close()

    def _sync_locked(
        self, progress: ProgressFn, cancel: CancelFn, only_paths: Sequence[str] | None
    ) -> SyncReport:
        reason = self.rebuild_reason()
        if reason is not None:
            log.info("rebuilding the index: %s", reason)
            return self.rebuild(progress, cancel, reason)
        return self.indexer().sync(progress, cancel, only_paths)

    def rebuild_reason(self) -> Said | None:
        """Why the index must be rebuilt into a new database (None: it need not)."""
        conn = self.writer()
        indexer = self.indexer()
        stored_identity = db.get_meta(conn, "index_identity")
        if stored_identity is not None and not indexer.identity_matches():
            if json.loads(stored_identity).get("analysis") != ANALYSIS_VERSION:
                return said(ANALYSIS_CHANGED)
            return said(CHUNKING_CHANGED)
        embedder = self.model.get()
        stored = db.get_meta(conn, "vector_model")
        wanted = vector_key(embedder.model_id) if embedder is not None else None
        if wanted is None or stored is None or stored == wanted:
            return None
        (old_model, _, old_scheme), (model, _, scheme) = (
            stored.rpartition("/"),
            wanted.rpartition("/"),
        )
        if old_model == model:
            return said(SCHEME_CHANGED, old=old_scheme, new=scheme)
        return said(MODEL_CHANGED, old=stored, new=wanted)

    def load_model(self) -> Embedder | None:
        return self.model.load()

    def warm_vector_scan(self) -> bool:
        """Load the int8 kernel of the vector code scan when the index holds enough codes
        to gain from it (:mod:`.index.int8_scan`: a 1.5 s import that holds the interpreter
        lock, so the MCP server calls it on its start-up thread and the app does not).
        Returns whether the kernel is in use."""
        if int8_scan.ready():
            return True
        try:
            codes = count_of(self.reader(), "SELECT count(*) FROM vec_codes")
        except apsw.Error:
            return False
        return codes >= int8_scan.MIN_ROWS and int8_scan.preload()

    def embed_pending(
        self, progress: ProgressFn = _no_progress, cancel: CancelFn = _never
    ) -> EmbedReport | None:
        embedder = self.model.get()
        if embedder is None:
            return None
        with self._write_lock:
            if (reason := self.rebuild_reason()) is not None:
                self.rebuild(progress, cancel, reason)
            return self.indexer().embed_pending(embedder, progress, cancel)

    def index(
        self, progress: ProgressFn = _no_progress, cancel: CancelFn = _never
    ) -> tuple[SyncReport, EmbedReport | None]:
        """Sync the files, load the model (if not yet) and embed what is pending."""
        report = self.sync(progress, cancel)
        self.load_model()
        return report, self.embed_pending(progress, cancel)

    def rebuild(
        self,
        progress: ProgressFn = _no_progress,
        cancel: CancelFn = _never,
        reason: Said | None = None,
    ) -> SyncReport:
        """Build a fresh index beside the current one and swap it in atomically (with
        ``reason``, each step's progress says why: "rebuilding the index (the embedding
        model changed ...): embedding").

        The embedding cache is carried over, so unchanged text is not embedded again: the
        vectors of every model embedded the way this version embeds notes (switching back to
        a model is instant), not those of an older way, which nothing can use any more (they
        would double a large index for good). Searches keep using the old database until the
        swap.
        """
        if reason is not None:
            progress = _told_why(progress, reason)
        tmp = self.db_path.with_name(self.db_path.name + f".tmp-{os.getpid()}-{int(time.time())}")
        conn = db.connect(tmp)
        try:
            old = self.writer()
            rows = old.execute(  # streamed: a large index's cache does not fit in memory twice
                "SELECT model, hash, dims, embedding, updated_at FROM embedding_cache"
                " WHERE substr(model, -length(?1)) = ?1",
                ("/" + indexer_module.VECTOR_SCHEME,),
            )
            with conn:
                conn.executemany(
                    "INSERT OR IGNORE INTO embedding_cache VALUES (?, ?, ?, ?, ?)", rows
                )
            indexer = Indexer(conn, self.workspace, self.chunking)
            report = indexer.sync(progress, cancel)
            embedder = self.model.get()
            if embedder is not None:
                indexer.embed_pending(embedder, progress, cancel)
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except BaseException:
            conn.close()
            _unlink_db_files(tmp)
            raise
        conn.close()
        with self._write_lock:
            self.close()
            _unlink_db_files(self.db_path, ("-wal", "-shm"))
            os.replace(tmp, self.db_path)
            _unlink_db_files(tmp, ("-wal", "-shm"))
            self._generation += 1
        return report

    # ------------------------------------------------------------ search
    def search(
        self,
        query: str,
        settings: SearchSettings | None = None,
        now_ms: float | None = None,
        sources: Sequence[str] | None = None,
    ) -> SearchResponse:
        """Search the index; ``sources`` narrows the sources the profile covers for this
        agent (``("sessions",)``: transcripts only); it never widens them."""
        settings = settings or SearchSettings.for_profile("reverie")
        allowed = self.sources_for(settings.profile)
        if sources is not None:
            allowed = tuple(s for s in sources if allowed is None or s in allowed)
        try:
            return self._search(query, settings, now_ms, allowed)
        except apsw.Error as exc:
            if not self._is_damage(exc):
                raise
            self._reopen_damaged(str(exc))
            self.sync()
            return self._search(query, settings, now_ms, allowed)

    def _search(
        self,
        query: str,
        settings: SearchSettings,
        now_ms: float | None,
        sources: tuple[str, ...] | None,
    ) -> SearchResponse:
        conn = self.reader()
        ctx = SearchContext(conn, self.root, self.model.get(), sources=sources)
        # one read snapshot for the whole search: another process's commit between the
        # candidate queries and the row lookups would otherwise drop hits
        own = not conn.in_transaction
        if own:
            conn.execute("BEGIN DEFERRED")
        try:
            if self.model.error:
                ctx.notices.append(
                    f"{MODEL_UNAVAILABLE} ({self.model.error}): keyword-only search."
                )
            elif ctx.embedder is not None:
                pending = self.pending_embeddings()
                if pending:
                    ctx.notices.append(f"{pending} chunks are not embedded yet.")
            rules = workspace_rules(self.data_dir, self.root)
            ctx.layer_of = layer_codes(rules)
            return apply_layers(search(ctx, query, settings, now_ms), settings, rules)
        finally:
            if own and conn.in_transaction:
                with contextlib.suppress(*_DAMAGED):
                    conn.execute("COMMIT")

    def record_recalls(
        self,
        response: SearchResponse,
        now: datetime | float | None = None,
        timezone: str | None = None,
    ) -> int:
        """Record the surfaced results of a search in the dreaming ledger, as OpenClaw's
        ``memory_search`` tool does (short-term paths only; the ledger lock is honoured).
        Returns how many entries were recorded."""
        from .dreaming.ledger import record_recalls

        hits = [
            {
                "path": h.path,
                "startLine": h.start_line,
                "endLine": h.end_line,
                "score": h.score,
                "snippet": h.snippet,
                "source": h.source,
            }
            for h in response.results
        ]
        return record_recalls(self.root, response.query, hits, now=now, timezone=timezone)

    def explain(
        self,
        query: str,
        path: str,
        start_line: int | None = None,
        end_line: int | None = None,
        settings: SearchSettings | None = None,
        now_ms: float | None = None,
    ) -> list[ChunkExplanation]:
        """Why the chunks of ``path`` overlapping the given lines did (not) rank."""
        settings = settings or SearchSettings.for_profile("reverie")
        conn = self.reader()
        lo = start_line if start_line is not None else 1
        hi = end_line if end_line is not None else 1 << 30
        rowids = [
            int(r)
            for (r,) in conn.execute(
                "SELECT rowid FROM chunks WHERE path = ? AND end_line >= ? AND start_line <= ?",
                (path, lo, hi),
            )
        ]
        ctx = SearchContext(conn, self.root, self.model.get())
        return explain_chunks(ctx, query, settings, rowids, now_ms)[1]

    def pending_embeddings(self) -> int:
        embedder = self.model.get()
        model = (
            vector_key(embedder.model_id)
            if embedder
            else db.get_meta(self.reader(), "vector_model")
        )
        return db.count_pending(self.reader(), model)

    # ------------------------------------------------------------ dreaming
    def dreams(
        self, now: datetime | float | None = None, timezone: str | None = None
    ) -> DreamEngine:
        """The dreaming engine on this workspace (ledger, phases, candidates, review).

        Candidates' nearest MEMORY.md entries use the loaded embedding model for their
        vector similarity when one is loaded.
        """
        from .dreaming.engine import DreamEngine

        transcripts = [
            f.abs_path for f in self.workspace.list_memory_files()[0] if f.source == "sessions"
        ]
        return DreamEngine(
            self.root,
            now=now,
            timezone=timezone,
            transcripts=transcripts,
            vector_similarity=self._vector_similarity(),
        )

    def _vector_similarity(self) -> VectorSimilarity | None:
        embedder = self.model.get()
        if embedder is None:
            return None

        primary = primary_embedder(embedder)  # its cosines, not a fused model's

        def similarity(a: str, b: Sequence[str]) -> list[float]:
            vecs = primary.embed_documents([a, *b])
            return [float(v) for v in vecs[1:] @ vecs[0]]

        return similarity

    # ------------------------------------------------------------ status
    def damaged_files(self) -> list[Damaged]:
        """Indexed files whose damaged parts were left out (broken transcript lines), with
        the reason, as the last syncs found them."""
        return [
            Damaged(path, reason) for path, reason in sorted(stored_damage(self.reader()).items())
        ]

    def status(self) -> IndexStatus:
        conn = self.reader()
        files = count_of(conn, "SELECT count(*) FROM files")
        chunks = count_of(conn, "SELECT count(*) FROM chunks")
        stored_model = db.get_meta(conn, "vector_model")
        embedder = self.model.get()
        model = vector_key(embedder.model_id) if embedder else stored_model
        embedded = count_of(conn, "SELECT count(*) FROM chunks WHERE model IS ?", (model,))
        stale = count_of(
            conn, "SELECT count(*) FROM chunks WHERE model IS NOT NULL AND model IS NOT ?", (model,)
        )
        if embedder is not None:
            state = "loaded"
        elif self.model.error:
            state = "unavailable"
        else:
            state = "not loaded"
        dims = db.get_meta(conn, "vector_dims")
        last = db.get_meta(conn, "last_sync")
        identity = db.get_meta(conn, "index_identity")
        return IndexStatus(
            workspace=str(self.root),
            db_path=str(self.db_path),
            files=files,
            chunks=chunks,
            embedded=embedded,
            pending=chunks - embedded,
            stale=stale,
            model=model or self.model.name,
            model_state=state,
            vector_dims=int(dims) if dims else None,
            vec_extension=bool(getattr(conn, "vec_loaded", False)),
            last_sync=float(last) if last else None,
            chunking=json.loads(identity) if identity else {},
            agent=self.scope.agent_id if self.scope is not None else None,
            sources={p: list(self.sources_for(p) or ("memory", "sessions")) for p in PROFILES},
            extra_paths=[e.to_json() for e in self.workspace.extra_paths],
            sessions=self.scope.describe_sessions() if self.scope is not None else None,
        )

    def sources_for(self, profile: str) -> tuple[str, ...] | None:
        """The sources a search in ``profile`` covers (None: whatever is indexed)."""
        return self.scope.sources(profile) if self.scope is not None else None

    @property
    def agent_id(self) -> str | None:
        """The workspace's agent (None without a scope or when no agent claims it)."""
        return self.scope.agent_id if self.scope is not None else None


def _told_why(progress: ProgressFn, reason: Said) -> ProgressFn:
    """``progress`` with each step's label put inside "rebuilding the index (reason): step"."""

    def told(done: int, total: int, label: str) -> None:
        step = label.phrase if isinstance(label, Said) else label
        progress(done, total, said(REBUILDING, reason=reason.phrase, step=step))

    return told
