"""The one object the windows talk to: it holds the :class:`MemoryService`, the file
watcher and the background workers, and it is the one place that decides which views
refresh after a change (through its ``sig_*`` signals).
"""

from __future__ import annotations

import datetime as _dt
import logging
import os
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication

from ..core.agent_scope import resolve_agent_scope
from ..core.embedding import DEFAULT_MODEL, LazyEmbedder
from ..core.errors import IndexBusy, UserError
from ..core.openclaw_config import agent_search_settings, known_agent_workspaces
from ..core.paths import settings_file
from ..core.reindex_batch import ReindexBatch
from ..core.search.trace import SearchResponse
from ..core.service import IndexStatus, MemoryService
from ..core.settings import AppSettings, SearchSettings, resolve_search_settings
from ..core.watch import DebouncedWatcher, is_watched_name
from ..core.workspace import (
    Damaged,
    FileKind,
    MemoryFile,
    Skipped,
    find_openclaw_state_dir,
    watched_folders,
)
from .refcount_guard import guard_singletons
from .tasks import CollectorPause, TaskRunner, Worker

log = logging.getLogger(__name__)

MAX_RECENT = 8
WATCH_START_WAIT = 60.0
"""Seconds an index pass waits at most for the file watcher to start watching."""
EMBED_SHOWN_FIRST = 256
"""An index pass that wrote more chunks than this (each to embed) shows its files and counts
before it embeds them (a few seconds of the model's time); read from the pass's own report,
not the index's counts, which every pass would otherwise query twice."""
COLLECTOR_PAUSE_MS = 120_000
"""The garbage collector is held off while a workspace opens: until its start-up index
pass ends, at most this long."""


@dataclass(frozen=True)
class IndexResult:
    """What one background indexing pass changed."""

    generation: int
    changed_paths: tuple[str, ...]
    files: tuple[MemoryFile, ...]
    skipped: tuple[Skipped | Damaged, ...]
    """Files left out of the listing, and files indexed without their damaged parts."""
    synced: tuple[str, ...] | None
    """The paths this pass synced (None: every file)."""
    unreadable: tuple[Skipped, ...]
    """Files this pass could not read (binary, not UTF-8, unreadable)."""
    status: IndexStatus
    seconds: float
    began: float
    """perf_counter() when the pass started reading files."""


@dataclass(frozen=True)
class SearchOutcome:
    request: int
    response: SearchResponse
    baseline: SearchResponse | None
    """The same query under the saved settings (None: the same settings)."""
    elapsed_ms: float


def settings_path(data_dir: Path | None) -> Path:
    """Where :class:`AppSettings` is saved (see :func:`reverie.core.paths.settings_file`)."""
    return settings_file(data_dir)


def state_dir_for(workspace: Path) -> Path | None:
    """The OpenClaw state folder around ``workspace`` (``<state>/workspace[-agent]``)."""
    parent = workspace.parent
    if workspace.name.startswith("workspace") and (parent / "agents").is_dir():
        return parent
    return None


def _status_unless_busy(service: MemoryService) -> IndexStatus | None:
    """The index status, or None while another process holds the index."""
    try:
        return service.status()
    except IndexBusy as exc:
        log.info("index busy while reading its status (%s); retrying", exc)
        return None


class Controller(QObject):
    sig_workspace_changed = Signal()
    """A new workspace is open: every view reloads."""
    sig_files = Signal(object)
    """(list[MemoryFile], list[Skipped]) after any listing."""
    sig_status = Signal(object)
    """IndexStatus."""
    sig_model = Signal(str, str)
    """(state, detail): state is loading / loaded / unavailable."""
    sig_index_changed = Signal(object)
    """tuple[str, ...] of re-indexed paths: search results may be out of date."""
    sig_disk_changed = Signal(object)
    """set[str] of paths another program changed: open editors compare with their buffer."""
    sig_task = Signal(str, int, int)
    """(label, done, total) of the running background task; total < 0: nothing runs."""
    sig_saved = Signal(str, float)
    """(path, milliseconds from save to searchable)."""
    sig_search_result = Signal(int, object)
    """(request id, SearchOutcome)."""
    sig_error = Signal(str, str)
    """(message, details) for the one error handler."""
    sig_settings_changed = Signal(object)
    """frozenset[str] of the AppSettings fields that :meth:`apply_settings` changed."""
    _sig_watch = Signal(object)

    def __init__(
        self,
        data_dir: Path | None = None,
        model_name: str | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        # every window, test and benchmark builds a controller: none may run unguarded
        guard_singletons()
        self.data_dir = Path(data_dir) if data_dir else None
        self.settings_file = settings_path(self.data_dir)
        self.app_settings, self.settings_problem = AppSettings.load_checked(self.settings_file)
        """settings_problem: what was wrong with the settings file (None: nothing)."""
        self.model_name = model_name or self.app_settings.embedding_model or DEFAULT_MODEL
        self.service: MemoryService | None = None
        self.state_dir: Path | None = None
        self.watcher: DebouncedWatcher | None = None
        self.generation = 0
        self._unreadable: dict[str, Skipped] = {}
        """Files the index passes could not read, by path (shown with the listing's)."""
        self._waiting_batch: tuple[int, ReindexBatch] | None = None
        """The re-index pass queued behind the running one (generation, its paths)."""
        self._index_tasks = TaskRunner(self, max_threads=1)
        self._model_tasks = TaskRunner(self, max_threads=1)
        self._search_tasks = TaskRunner(self, max_threads=1, keep_thread=True)
        self._status_tasks = TaskRunner(self, max_threads=1)
        self._statuses_shown = 0
        """How many statuses were shown: a status read before the last one is not shown."""
        self._watch_starter: threading.Thread | None = None
        self._collector = CollectorPause()
        self._watching = threading.Event()
        """Set once the open workspace's watcher watches (or could not start)."""
        self._watching.set()
        self._index_workers: list[Worker] = []
        self._latest_search = 0
        self._save_started: dict[str, float] = {}
        self._sig_watch.connect(self._on_watcher_changed)

    # ------------------------------------------------------------ workspace
    @property
    def root(self) -> Path:
        assert self.service is not None
        return self.service.root

    def open_workspace(self, root: Path, state_dir: Path | None = None) -> None:
        self.close_workspace()
        self._collector.pause()  # until the start-up pass ends (see CollectorPause)
        state = state_dir if state_dir is not None else self._state_dir_around(Path(root))
        scope = resolve_agent_scope(
            Path(root), state, own_transcripts=self.app_settings.own_transcripts
        )
        self.service = MemoryService(
            Path(root), data_dir=self.data_dir, model_name=self.model_name, scope=scope
        )
        self.state_dir = state
        self.generation += 1
        self._remember_recent(self.service.root)
        folders = [self.service.root, *watched_folders(self.service.workspace)]
        self.watcher = DebouncedWatcher(folders, self._sig_watch.emit, delay=0.3)
        # the window builds the workspace's pages before any worker starts: built beside
        # the watcher's start (a walk of every folder), it stalled the window 85-170 ms
        self.sig_workspace_changed.emit()
        self._start_watcher(self.watcher)
        self._list_files()
        self.reindex(None, "indexing")
        gen = self.generation
        QTimer.singleShot(
            COLLECTOR_PAUSE_MS, self, lambda: gen == self.generation and self._collector.resume()
        )

    def _start_watcher(self, watcher: DebouncedWatcher) -> None:
        """Start watching on a worker: a recursive watch walks every folder and lists every
        file (seconds on a big workspace). The index passes wait until it watches, so no
        change falls between the start-up sync and the watch."""
        started = threading.Event()
        self._watching = started

        def run() -> None:  # a Python thread: watchdog starts its threads from it
            try:
                watcher.start()
            except Exception:  # the workbench works without a watcher
                log.exception("the file watcher could not start")
            finally:
                started.set()

        self._watch_starter = threading.Thread(target=run, name="watch-start", daemon=True)
        self._watch_starter.start()

    def _list_files(self) -> None:
        """List the workspace on the index worker (a stat of every file: seconds on a big
        workspace) and emit ``sig_files``; the start-up sync queued behind it lists again."""
        service = self.service
        if service is None:
            return
        gen = self.generation
        worker = Worker(workspace_listing, service)
        worker.signals.sig_result.connect(lambda listing, g=gen: self._on_listed(g, listing))
        worker.signals.sig_error.connect(self._on_index_error)
        worker.signals.sig_finished.connect(lambda w=worker: self._on_index_finished(w))
        self._index_workers.append(worker)
        self._index_tasks.start(worker)

    def _on_listed(self, generation: int, listing: tuple[list[MemoryFile], list[Skipped]]) -> None:
        if generation == self.generation:
            self.sig_files.emit(listing)

    def _state_dir_around(self, root: Path) -> Path | None:
        """The state folder by layout, else the configured one when ``root`` is one of its
        agents' workspaces."""
        found = state_dir_for(root)
        if found is not None or not self.app_settings.openclaw_state_dir:
            return found
        configured = Path(self.app_settings.openclaw_state_dir).expanduser()
        if not configured.is_dir():
            return None
        key = os.path.realpath(root)
        for _agent, folder in known_agent_workspaces(configured):
            if os.path.realpath(folder) == key:
                return configured
        return None

    def openclaw_state_dir(self) -> Path | None:
        """The OpenClaw state folder: the configured one, else the detected one."""
        configured = self.app_settings.openclaw_state_dir
        if configured:
            path = Path(configured).expanduser()
            return path if path.is_dir() else None
        return find_openclaw_state_dir()

    @property
    def dreaming_timezone(self) -> str | None:
        """The configured dreaming timezone (None: OpenClaw's configured one or the host's)."""
        return self.app_settings.dreaming_timezone

    def close_workspace(self) -> None:
        if self._watch_starter is not None:  # a watcher being started: stopped below
            self._watch_starter.join()
            self._watch_starter = None
        if self.watcher is not None:
            self.watcher.stop()
            self.watcher = None
        self.cancel_tasks()
        self._index_tasks.wait(5000)
        self._search_tasks.wait(2000)
        self._status_tasks.wait(2000)
        self._unreadable = {}
        if self.service is not None:
            self.service.close()
            self.service = None
        self._collector.resume()

    def shutdown(self) -> None:
        """Stop the watcher and every worker and close the service, before the controller
        and the window are deleted: no worker may outlive the objects it answers to."""
        self.close_workspace()
        runners = (self._index_tasks, self._search_tasks, self._model_tasks, self._status_tasks)
        for runner in runners:
            if not runner.shutdown(60000):  # a model still loading cannot be interrupted
                log.warning("background work still running at shutdown")

    def _remember_recent(self, root: Path) -> None:
        recent = [str(root), *(p for p in self.app_settings.recent_workspaces if p != str(root))]
        if tuple(recent[:MAX_RECENT]) == self.app_settings.recent_workspaces:
            return  # the last one opened again: no write (and no fsync) as it opens
        self._save_app_settings(
            replace(self.app_settings, recent_workspaces=tuple(recent[:MAX_RECENT]))
        )

    def _save_app_settings(self, settings: AppSettings) -> None:
        self.app_settings = settings
        try:
            settings.save(self.settings_file)
        except OSError as exc:
            log.warning("cannot save settings to %s: %s", self.settings_file, exc)

    # ------------------------------------------------------------ settings
    def apply_settings(self, settings: AppSettings) -> frozenset[str]:
        """Save ``settings`` and put what changed into effect; returns the changed fields.

        A new embedding model is loaded in the background and the index is then rebuilt
        with it (progress on ``sig_task``); if it cannot be loaded, the previous model
        stays in use and in the settings. The theme and the language apply at once; the
        dreaming timezone and the search defaults are read when they are used
        (``sig_settings_changed`` tells the views).
        """
        old = self.app_settings
        changed = frozenset(
            f.name for f in fields(AppSettings) if getattr(old, f.name) != getattr(settings, f.name)
        )
        if not changed:
            return changed
        self._save_app_settings(settings)
        app = QApplication.instance()
        if "theme" in changed and isinstance(app, QApplication):
            from .theme import apply_theme

            apply_theme(app, settings.theme)
        if "language" in changed and isinstance(app, QApplication):
            install_language(app, settings.language)
        if "embedding_model" in changed:
            self.change_model(settings.embedding_model or DEFAULT_MODEL, old.embedding_model)
        if "own_transcripts" in changed and self.service is not None:
            self.open_workspace(self.service.root, self.state_dir)  # the index's sources change
        self.sig_settings_changed.emit(changed)
        return changed

    def change_model(self, name: str, previous: str | None = None) -> None:
        """Load the embedding model ``name`` in the background, then re-embed the open
        workspace with it. ``previous`` is restored in the settings if loading fails."""
        self.model_name = name
        service = self.service
        if service is None:
            return  # the next workspace opens with it
        self.sig_model.emit("loading", name)
        lazy = LazyEmbedder(name)

        def job() -> str | None:
            try:
                lazy.load()
            except Exception as exc:  # any failure keeps the previous model
                log.exception("cannot load the embedding model %s", name)
                return str(exc) or type(exc).__name__
            return lazy.error if not lazy.ready else None

        worker = Worker(job)
        gen = self.generation
        worker.signals.sig_result.connect(
            lambda error, g=gen, m=lazy, p=previous: self._on_model_changed(g, m, error, p)
        )
        self._model_tasks.start(worker)

    def _on_model_changed(
        self, generation: int, model: LazyEmbedder, error: str | None, previous: str | None
    ) -> None:
        service = self.service
        if service is None or generation != self.generation or model.name != self.model_name:
            return  # another workspace or another model meanwhile
        if not model.ready:
            old = service.model
            self.model_name = old.name
            if previous is not None and self.app_settings.embedding_model == model.name:
                self._save_app_settings(replace(self.app_settings, embedding_model=previous))
            if old.ready:
                self.sig_model.emit("loaded", old.name)
            else:
                self.sig_model.emit("unavailable", old.error or "not loaded")
            self.sig_error.emit(
                self.tr("The embedding model {new} could not be loaded; still using {old}.").format(
                    new=repr(model.name), old=repr(old.name)
                ),
                error or "unknown error",
            )
            return
        self.cancel_tasks()
        service.model = model
        self.sig_model.emit("loaded", model.name)
        self.reindex(None, "re-embedding")
        self.refresh_status()

    # ------------------------------------------------------------ model
    def load_model(self) -> None:
        service = self.service
        if service is None or service.model.ready:
            return
        self.sig_model.emit("loading", service.model.name)
        worker = Worker(service.load_model)
        gen = self.generation
        worker.signals.sig_result.connect(lambda _e, g=gen: self._on_model_loaded(g))
        worker.signals.sig_error.connect(self.sig_error)
        self._model_tasks.start(worker)

    def _on_model_loaded(self, generation: int) -> None:
        service = self.service
        if service is None or generation != self.generation:
            return
        if service.model.ready:
            self.sig_model.emit("loaded", service.model.name)
            self.reindex(None, "embedding")
        else:
            self.sig_model.emit("unavailable", service.model.error or "unknown error")
        self.refresh_status()

    # ------------------------------------------------------------ indexing
    def task_label(self, label: str) -> str:
        """The translated name of a background task."""
        return {
            "indexing": self.tr("indexing"),
            "re-indexing": self.tr("re-indexing"),
            "embedding": self.tr("embedding"),
            "re-embedding": self.tr("re-embedding"),
        }.get(label, label)

    def reindex(self, only_paths: Sequence[str] | None, label: str = "indexing") -> None:
        service = self.service
        if service is None:
            return
        gen = self.generation
        waiting = self._waiting_batch
        if waiting is not None and waiting[0] == gen and waiting[1].join(only_paths):
            return  # the pass queued behind the running one takes these paths too
        batch = ReindexBatch(only_paths)
        self._waiting_batch = (gen, batch)

        watching = self._watching

        def job(progress: Any, cancel: Any) -> IndexResult:
            watching.wait(WATCH_START_WAIT)  # changes from now on are seen
            began = time.perf_counter()
            paths = batch.start()
            report = service.sync(progress, cancel, only_paths=paths)

            def result() -> IndexResult:
                files, skipped = workspace_listing(service)
                return IndexResult(
                    gen,
                    tuple(report.changed_paths),
                    tuple(files),
                    (*skipped, *service.damaged_files()),
                    tuple(paths) if paths is not None else None,
                    tuple(report.skipped),
                    service.status(),
                    time.perf_counter() - began,
                    began,
                )

            if report.chunks_written > EMBED_SHOWN_FIRST:
                # a long embedding ahead (a large new file): the tree, the counts and the
                # saved files' timings show now, not minutes later
                worker.partial(result())
            service.embed_pending(progress, cancel)
            return result()

        shown = self.task_label(label)
        worker = Worker(job, with_progress=True)
        worker.signals.sig_progress.connect(
            lambda d, t, text: self.sig_task.emit(f"{shown}: {text}", d, t)
        )
        worker.signals.sig_result.connect(self._on_index_done)
        worker.signals.sig_partial.connect(self._on_index_done)
        worker.signals.sig_error.connect(self._on_index_error)
        worker.signals.sig_finished.connect(lambda w=worker: self._on_index_finished(w))
        self._index_workers.append(worker)
        self.sig_task.emit(shown, 0, 0)
        self._index_tasks.start(worker)

    def _on_index_done(self, result: IndexResult) -> None:
        if result.generation != self.generation:
            return
        # files that cannot be read are found only by the passes that try them: keep them
        # until a pass that covers their path reads them again
        if result.synced is None:
            self._unreadable = {}
        else:
            for path in result.synced:
                self._unreadable.pop(path, None)
        self._unreadable.update({item.path: item for item in result.unreadable})
        listed = {item.path for item in result.skipped}
        extra = [item for path, item in sorted(self._unreadable.items()) if path not in listed]
        self.sig_files.emit((list(result.files), [*result.skipped, *extra]))
        self._show_status(result.status)
        now = time.perf_counter()
        for path, started in list(self._save_started.items()):
            if started <= result.began:  # this pass read the file after the save
                del self._save_started[path]
                self.sig_saved.emit(path, (now - started) * 1000.0)
        self.sig_index_changed.emit(result.changed_paths)

    def _on_index_error(self, message: str, details: str) -> None:
        self.sig_error.emit(self.tr("Indexing failed: {error}").format(error=message), details)

    def _on_index_finished(self, worker: Worker) -> None:
        if worker in self._index_workers:
            self._index_workers.remove(worker)
        if not self._index_workers:
            self.sig_task.emit("", 0, -1)
            self._collector.resume()

    def cancel_tasks(self) -> None:
        self._waiting_batch = None  # a queued pass may never start now: take no more joins
        # queued workers see the flag when they start and end at once (QThreadPool.clear()
        # would delete their wrappers under Python's feet)
        for worker in self._index_workers:
            worker.cancel()
        pending = [w for w in self._index_workers if not w.cancelled]
        self._index_workers = pending

    @property
    def busy(self) -> bool:
        return bool(self._index_workers)

    def refresh_status(self) -> None:
        """Read the index status on a worker and show it (``sig_status``). On the UI thread
        the read could open this thread's index connection: 100-300 ms of a frozen window
        while the start-up sync ran on a 65,000-file workspace (bench/gui_stalls.py)."""
        service = self.service
        if service is None:
            return
        gen, shown = self.generation, self._statuses_shown
        self._status_tasks.run(
            _status_unless_busy,
            service,
            on_result=lambda status, g=gen, n=shown: self._on_status(g, n, status),
            on_error=self.sig_error.emit,
        )

    def _on_status(self, generation: int, shown: int, status: IndexStatus | None) -> None:
        """A status read on a worker; dropped when an index pass showed a newer one since."""
        if generation != self.generation or shown != self._statuses_shown:
            return
        if status is None:  # another process holds the index: try again shortly
            QTimer.singleShot(
                1000, self, lambda: generation == self.generation and self.refresh_status()
            )
            return
        self._show_status(status)

    def _show_status(self, status: IndexStatus) -> None:
        self._statuses_shown += 1
        self.sig_status.emit(status)

    # ------------------------------------------------------------ files
    def read_text(self, rel: str) -> str:
        assert self.service is not None
        return self.service.workspace.read_text(rel)

    def read_session(self, mf: MemoryFile) -> str:
        assert self.service is not None
        return self.service.workspace.read_session_text(mf.rel_path, mf.agent_id)

    def save(self, rel: str, text: str, expected_hash: str | None) -> str:
        """Write atomically (refusing with WriteConflict if the file changed) and re-index."""
        assert self.service is not None
        self._save_started[rel] = time.perf_counter()
        new_hash = self.service.workspace.write_text(rel, text, expected_hash)
        self.reindex([rel], "re-indexing")
        return new_hash

    def new_daily_note(self, day: _dt.date | None = None) -> str:
        assert self.service is not None
        day = day or _dt.date.today()
        rel = self.service.workspace.daily_note_path(day)
        if not self.service.workspace.resolve(rel).exists():
            self.service.workspace.write_text(rel, f"# {day.isoformat()}\n\n")
            self.reindex([rel], "indexing")
        return rel

    def rename(self, rel: str, new_rel: str) -> str:
        """Move memory file ``rel`` to ``new_rel``; the new path as the tree names it."""
        assert self.service is not None
        ws = self.service.workspace
        if ws.classify(rel) is FileKind.SESSION:
            raise UserError(self.tr("Session transcripts are read-only here."))
        src, dst = ws.resolve(rel), ws.resolve(new_rel)
        if dst.exists():
            raise UserError(
                self.tr("{path} already exists; choose another name.").format(path=new_rel)
            )
        dst.parent.mkdir(parents=True, exist_ok=True)
        os.link(src, dst)  # fails instead of replacing a file created meanwhile
        os.unlink(src)
        try:
            moved = dst.relative_to(ws.root).as_posix()  # "./memory//x.md" -> "memory/x.md"
        except ValueError:
            moved = new_rel  # a file of an extra path, named as given
        self.reindex([rel, moved], "indexing")
        return moved

    def delete(self, rel: str) -> None:
        """Move a memory file to the system trash; refuse when no trash is available."""
        assert self.service is not None
        ws = self.service.workspace
        if ws.classify(rel) is FileKind.SESSION:
            raise UserError(self.tr("Session transcripts are read-only here."))
        path = ws.resolve(rel)
        move_to_trash(path)
        self.reindex([rel], "indexing")

    def _on_watcher_changed(self, paths: set[Path]) -> None:
        if self.service is None:
            return
        rels = {rel for rel in (self.service.workspace.changed_rel(p) for p in paths) if rel}
        if any(not is_watched_name(str(p)) for p in paths):
            # a folder moved out or deleted whole: its files sent no events of their own; a
            # full pass finds them gone (it lists only the folders that changed)
            if rels:
                self.sig_disk_changed.emit(rels)
            self.reindex(None, "re-indexing")
            return
        if not rels:
            return
        self.sig_disk_changed.emit(rels)
        self.reindex(sorted(rels), "re-indexing")

    # ------------------------------------------------------------ search
    def saved_search_settings(self) -> SearchSettings:
        if self.service is None:
            return self.app_settings.default_search()
        root = self.service.root
        agent = agent_search_settings(root, self.state_dir)
        return resolve_search_settings(self.app_settings, root, agent)

    def profile_settings(self, name: str) -> SearchSettings:
        """A named profile; ``openclaw`` is the agent's own memorySearch config when this
        workspace belongs to an OpenClaw agent (what the agent sees), else OpenClaw's
        defaults."""
        if name == "openclaw" and self.service is not None:
            agent = agent_search_settings(self.service.root, self.state_dir)
            if agent is not None:
                return agent
        return SearchSettings.for_profile(name)

    def save_search_settings(self, settings: SearchSettings) -> None:
        assert self.service is not None
        search = dict(self.app_settings.search)
        search[str(self.service.root)] = settings.to_json()
        self._save_app_settings(replace(self.app_settings, search=search))

    def search(
        self, query: str, settings: SearchSettings, baseline: SearchSettings | None = None
    ) -> int:
        """Run a search in the background (and the same query under ``baseline``, for rank
        changes); the :class:`SearchOutcome` comes with the returned request id."""
        self._latest_search += 1
        request = self._latest_search
        service = self.service
        if service is None:
            return request

        def job() -> SearchOutcome | None:
            if request != self._latest_search:
                return None  # a newer request is queued: skip the stale one
            began = time.perf_counter()
            response = service.search(query, settings)
            base = None
            if baseline is not None and baseline != settings:
                base = service.search(query, baseline)
            return SearchOutcome(request, response, base, (time.perf_counter() - began) * 1000)

        worker = Worker(job)
        worker.signals.sig_result.connect(self._on_search_done)
        worker.signals.sig_error.connect(self.sig_error)
        self._search_tasks.start(worker)
        return request

    def _on_search_done(self, outcome: SearchOutcome | None) -> None:
        if outcome is not None:
            self.sig_search_result.emit(outcome.request, outcome)

    def record_recalls(self, response: SearchResponse) -> None:
        """Feed a confirmed search's results to the dreaming ledger (in the background)."""
        service = self.service
        if service is None or not response.results:
            return
        worker = Worker(service.record_recalls, response)
        worker.signals.sig_error.connect(self.sig_error)
        self._search_tasks.start(worker)

    def search_now(self, query: str, settings: SearchSettings) -> SearchResponse:
        assert self.service is not None
        return self.service.search(query, settings)

    @property
    def can_explain(self) -> bool:
        return self.service is not None and hasattr(self.service, "explain")

    def explain(
        self, query: str, rel: str, start_line: int, end_line: int, settings: SearchSettings
    ) -> list[Any]:
        if self.service is None or not hasattr(self.service, "explain"):
            raise UserError("This version of the search engine cannot explain single chunks yet.")
        return list(self.service.explain(query, rel, start_line, end_line, settings))


def install_language(app: QApplication, language: str) -> str | None:
    """Install the translator for ``language`` when translations are available; returns the
    language installed (None: no translations in this build)."""
    try:
        from . import i18n
    except ImportError:
        return None
    try:
        return str(i18n.install_translator(app, language))
    except Exception:  # a broken translation never stops the app
        log.exception("cannot install the %s translation", language)
        return None


def workspace_listing(service: MemoryService) -> tuple[list[MemoryFile], list[Skipped]]:
    """The indexable files plus ``DREAMS.md``, which the tree shows under Dreaming."""
    files, skipped = service.workspace.list_memory_files()
    listed = {f.rel_path for f in files}
    for name in ("DREAMS.md", "dreams.md"):
        path = service.root / name
        if name not in listed and path.is_file() and not path.is_symlink():
            info = path.stat()
            files.append(
                MemoryFile(
                    name,
                    path,
                    FileKind.DREAMING,
                    "memory",
                    None,
                    None,
                    info.st_size,
                    info.st_mtime_ns / 1_000_000,
                )
            )
            break
    return files, skipped


def move_to_trash(path: Path) -> None:
    """Send ``path`` to the system trash, or raise :class:`UserError`; never unlink."""
    try:
        from send2trash import send2trash  # type: ignore[import-not-found]
    except ImportError:
        send2trash = None
    if send2trash is not None:
        send2trash(str(path))
        return
    from PySide6.QtCore import QCoreApplication, QFile

    result = QFile.moveToTrash(str(path))
    moved = bool(result[0]) if isinstance(result, tuple) else bool(result)
    if not moved:
        raise UserError(
            QCoreApplication.translate(
                "Controller",
                "{name} was not deleted: no system trash is available here. "
                "Delete it with your file manager if you are sure.",
            ).format(name=path.name)
        )
