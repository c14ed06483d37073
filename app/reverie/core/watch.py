"""A debounced file watcher over watchdog, free of Qt.

Editors, agents and sync tools touch memory files in bursts (an atomic save is a create of
a temp file, a write and a rename). :class:`DebouncedWatcher` collects the paths of such a
burst and, once nothing has changed for ``delay`` seconds, calls ``on_change`` once with the
set of absolute paths, from its own timer thread. The caller maps paths to workspace files
and decides what to refresh; a path that is no watched file name (:func:`is_watched_name`)
is a folder that was moved or deleted with everything in it.
"""

from __future__ import annotations

import logging
import os
import threading
import time
import warnings
from collections.abc import Callable, Iterable
from pathlib import Path

from watchdog.events import (
    DirDeletedEvent,
    DirMovedEvent,
    FileClosedEvent,
    FileCreatedEvent,
    FileDeletedEvent,
    FileModifiedEvent,
    FileMovedEvent,
    FileSystemEvent,
    FileSystemEventHandler,
)
from watchdog.observers import Observer
from watchdog.observers.api import BaseObserver

log = logging.getLogger(__name__)

ChangeCallback = Callable[[set[Path]], None]

WATCHED_SUFFIXES = (".md", ".jsonl")
EVENTS: list[type[FileSystemEvent]] = [
    FileCreatedEvent,
    FileModifiedEvent,
    FileClosedEvent,
    FileDeletedEvent,
    FileMovedEvent,
    DirMovedEvent,
    DirDeletedEvent,
]
"""What the watch asks the OS for: not opens and read-only closes, which every read of a
workspace file (the index pass, the health review) would otherwise send by the thousand
and overflow the kernel's event queue."""

SAME_WATCH_AGAIN = r"Callback with id .* already exists for watch"
"""watchdog's inotify observer registers a folder made with a folder inside it at once
(``.reverie/health`` on the first health action, ``mkdir -p``) twice, from the walk of the
new parent and from the child's own creation event, with the same callback, and warns
that it overwrites it: nothing is lost, so the warning is not shown."""


def is_watched_name(path: str) -> bool:
    """True for Markdown files and session transcripts (temp files of atomic writes: no)."""
    name = os.path.basename(path)
    return name.endswith(WATCHED_SUFFIXES) and not name.endswith(".tmp")


class _Handler(FileSystemEventHandler):
    def __init__(self, sink: Callable[[str], None]) -> None:
        self._sink = sink

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.is_directory:
            if event.event_type in ("moved", "deleted"):
                # a folder moved out or away takes its files without an event of their own
                # ("mv memory/proj elsewhere"): the folder itself is reported
                self._sink(os.fsdecode(event.src_path))
            return
        if event.event_type in ("opened", "closed_no_write"):
            return
        for raw in (event.src_path, getattr(event, "dest_path", "")):
            path = os.fsdecode(raw) if raw else ""
            if path and is_watched_name(path):
                self._sink(path)


class DebouncedWatcher:
    """Watch folders recursively; report changed watched files once a burst settles."""

    def __init__(
        self,
        folders: Iterable[Path],
        on_change: ChangeCallback,
        delay: float = 0.3,
        max_wait: float = 2.0,
    ) -> None:
        self.folders = [Path(f) for f in folders]
        self.delay = float(delay)
        self.max_wait = max(float(max_wait), self.delay)
        """A burst that never settles (an agent appending every 50 ms) is still reported
        at least this often."""
        self._on_change = on_change
        self._lock = threading.Lock()
        self._pending: set[Path] = set()
        self._first_pending: float | None = None
        self._timer: threading.Timer | None = None
        self._observer: BaseObserver | None = None
        self._delivering = threading.Lock()
        """Held while a report is delivered: ``stop`` waits for it."""
        self._delivery_thread: threading.Thread | None = None

    @property
    def running(self) -> bool:
        return self._observer is not None

    def start(self) -> None:
        if self._observer is not None:
            return
        # set here rather than at import: a warnings context entered since (a test's)
        # would have taken the filter away again
        warnings.filterwarnings("ignore", message=SAME_WATCH_AGAIN, category=RuntimeWarning)
        observer = Observer()
        handler = _Handler(self._note)
        scheduled = 0
        for folder in self.folders:
            if folder.is_dir():
                observer.schedule(handler, str(folder), recursive=True, event_filter=EVENTS)
                scheduled += 1
        observer.daemon = True
        observer.start()
        self._observer = observer
        log.debug("watching %d folders", scheduled)

    def stop(self) -> None:
        """Stop watching; returns once no callback runs any more (a report being delivered
        when ``stop`` is called finishes first)."""
        observer, self._observer = self._observer, None
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            self._pending.clear()
            self._first_pending = None
        if observer is not None:
            observer.stop()
            observer.join(timeout=2.0)
        if self._delivery_thread is not threading.current_thread():
            with self._delivering:  # a report being delivered finishes first
                pass

    def in_hidden_folder(self, path: Path) -> bool:
        """True for paths under a dot-folder of a watched folder (``memory/.dreams``, where
        the dreaming state and its event log live): they are not memory files."""
        for folder in self.folders:
            try:
                parts = path.relative_to(folder).parts
            except ValueError:
                continue
            return any(part.startswith(".") for part in parts[:-1])
        return False

    def _note(self, path: str) -> None:
        changed = Path(path)
        if self.in_hidden_folder(changed):
            return
        with self._lock:
            self._pending.add(changed)
            now = time.monotonic()
            if self._first_pending is None:
                self._first_pending = now
            if self._timer is not None:
                self._timer.cancel()
            # wait for the burst to settle, but never past max_wait after its first change
            wait = min(self.delay, max(0.0, self._first_pending + self.max_wait - now))
            self._timer = threading.Timer(wait, self._flush)
            self._timer.daemon = True
            self._timer.start()

    def _flush(self) -> None:
        with self._lock:
            paths, self._pending = self._pending, set()
            self._timer = None
            self._first_pending = None
        if not paths:
            return
        with self._delivering:
            if self._observer is None:
                return  # stopped meanwhile: report nothing more
            self._delivery_thread = threading.current_thread()
            try:
                self._on_change(paths)
            except Exception:  # a failing listener must not kill the watcher thread
                log.exception("file change listener failed")
            finally:
                self._delivery_thread = None
