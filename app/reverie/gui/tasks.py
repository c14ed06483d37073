"""Background work for the GUI: QRunnable workers with a signals object and cooperative
cancel. Core functions take plain ``progress`` and ``cancel`` callbacks; a worker adapts
them to Qt signals, so the core never knows about threads.
"""

from __future__ import annotations

import contextlib
import gc
import logging
import queue
import threading
import time
import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal

from ..core.errors import Cancelled, UserError
from ..core.phrase import Said
from .phrases import say

log = logging.getLogger(__name__)


class WorkerSignals(QObject):
    sig_progress = Signal(int, int, str)
    """(done, total, label)"""
    sig_result = Signal(object)
    sig_partial = Signal(object)
    """A result before the end (:meth:`Worker.partial`)."""
    sig_error = Signal(str, str)
    """(message, traceback text)"""
    sig_cancelled = Signal()
    """The task stopped because cancel() was called (not an error)."""
    sig_finished = Signal()


class GuiThreadCollector(QObject):
    """Python's cyclic garbage collector, run on the GUI thread only.

    A collection runs the finalizers of the garbage it finds on whichever thread made the
    allocation that started it. Garbage holding a Qt object (a closed page, a dialog) was
    then freed on a worker thread, which destroys the object off its own thread: the process
    stopped with a segmentation fault while a worker wrote the health review's JSON
    (``tests/gui``, "Garbage-collecting" on the worker). :meth:`install` switches automatic
    collection off and runs the same generational collections from a timer on the GUI thread
    (every ``INTERVAL_MS`` at most, only those that are due)."""

    INTERVAL_MS = 100
    _installed: GuiThreadCollector | None = None

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.paused = False
        """Set while a workspace opens (:class:`CollectorPause`): nothing is collected."""
        self.timer = QTimer(self)
        self.timer.setInterval(self.INTERVAL_MS)
        self.timer.timeout.connect(self.collect_due)

    @classmethod
    def install(cls, app: QObject) -> GuiThreadCollector:
        """Collect on ``app``'s thread from now on (once per process)."""
        if cls._installed is None:
            cls._installed = cls(app)
            gc.disable()
            cls._installed.timer.start()
        return cls._installed

    @classmethod
    def installed(cls) -> GuiThreadCollector | None:
        return cls._installed

    def collect_due(self) -> None:
        """The collection automatic collection would have made by now, if any (the same
        thresholds: a young collection after ``threshold[0]`` allocations, an older
        generation's after ``threshold[1]`` and ``threshold[2]`` younger ones)."""
        if self.paused:
            return
        young, middle, old = gc.get_count()
        first, second, third = gc.get_threshold()
        if first <= 0 or young <= first:
            return
        generation = 2 if middle > second and old > third else 1 if middle > second else 0
        gc.collect(generation)


class CollectorPause:
    """Holds Python's cyclic garbage collector off while a workspace opens.

    Opening a workspace of 65,000 files makes millions of long-lived objects (listings,
    trees, the pages' data) on several threads at once, and each time they have grown by a
    quarter the collector walks all of them, holding the interpreter lock for 0.1-0.8 s:
    the window stalled that long about ten times while a big workspace opened, and almost
    nothing was ever collected. :meth:`resume` then freezes what is alive (later
    collections skip it; it is still freed when no longer referenced) and collects again.
    With the :class:`GuiThreadCollector` installed, it pauses that collector instead.
    """

    def __init__(self) -> None:
        self.paused = False

    def pause(self) -> None:
        if self.paused:
            return
        collector = GuiThreadCollector.installed()
        if collector is not None:
            if not collector.paused:
                collector.paused = self.paused = True
        elif gc.isenabled():
            gc.disable()
            self.paused = True

    def resume(self) -> None:
        if self.paused:
            self.paused = False
            gc.freeze()
            collector = GuiThreadCollector.installed()
            if collector is not None:
                collector.paused = False
            else:
                gc.enable()


PROGRESS_INTERVAL = 0.05
"""Seconds between two progress reports of one worker (20 a second is smooth enough)."""


def refusal_text(exc: BaseException) -> str:
    """A refusal's message in the interface's language when the core said it as a phrase
    (translating is thread-safe in Qt), else as it is."""
    said = exc.args[0] if exc.args else None
    if isinstance(said, Said):
        return say(said)
    return str(exc) or type(exc).__name__


class Worker(QRunnable):
    """Runs ``fn(progress=..., cancel=..., *args, **kwargs)`` on the thread pool.

    ``fn`` receives ``progress(done, total, label)`` and ``cancel() -> bool`` keyword
    arguments when ``with_progress`` is True. Results and errors come back as signals,
    delivered on the receiver's thread (the UI thread for widgets).
    """

    def __init__(
        self,
        fn: Callable[..., Any],
        *args: Any,
        with_progress: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__()
        self.fn = fn
        self.args = args
        self.kwargs = kwargs
        self.with_progress = with_progress
        self.signals = WorkerSignals()
        self._cancel = threading.Event()
        self._last_progress = 0.0
        self.setAutoDelete(True)

    def cancel(self) -> None:
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def run(self) -> None:
        if self.cancelled:  # cancelled while it waited in the pool: never started
            self._safe_emit(self.signals.sig_cancelled)
            self._safe_emit(self.signals.sig_finished)
            return
        try:
            if self.with_progress:
                self.kwargs["progress"] = self._emit_progress
                self.kwargs["cancel"] = self._cancel.is_set
            result = self.fn(*self.args, **self.kwargs)
        except Cancelled:
            self._safe_emit(self.signals.sig_cancelled)
        except UserError as exc:  # refused as asked (a file changed, a bad value): no bug
            log.info("background task refused: %s", exc)
            self._safe_emit(self.signals.sig_error, refusal_text(exc), traceback.format_exc())
        except Exception as exc:  # every other worker error ends in one handler
            log.exception("background task failed")
            self._safe_emit(
                self.signals.sig_error, str(exc) or type(exc).__name__, traceback.format_exc()
            )
        else:
            self._safe_emit(self.signals.sig_result, result)
        finally:
            self._safe_emit(self.signals.sig_finished)

    def partial(self, value: object) -> None:
        """Hand the UI a result before the task ends (from the task's own thread)."""
        self._safe_emit(self.signals.sig_partial, value)

    def _emit_progress(self, done: int, total: int, label: str) -> None:
        # at most one report per PROGRESS_INTERVAL (and always the last): a sync of 65,000
        # files reported each one, flooding the UI thread's queue with signals
        now = time.monotonic()
        last = done >= total >= 0
        if not last and now - self._last_progress < PROGRESS_INTERVAL:
            return
        self._last_progress = now
        self._safe_emit(self.signals.sig_progress, int(done), int(total), say(label))

    @staticmethod
    def _safe_emit(signal: Any, *args: Any) -> None:
        with contextlib.suppress(RuntimeError):  # the receiver was deleted meanwhile
            signal.emit(*args)


class _OneThread:
    """A Python thread of its own that runs workers one after another for as long as its
    runner lives.

    A pool thread runs Python code with a thread state made for each task and deleted at
    its end (Qt's threads are not Python's), and with it every ``threading.local`` of the
    task: the index connection the service keeps per thread was opened again for each
    search, and the int8 codes (266 ms at 100,000 chunks) and keyword lists it holds were
    read again each time. A Python thread keeps its state, so the connection and what it
    holds last from one search to the next."""

    def __init__(self, name: str) -> None:
        self._queue: queue.SimpleQueue[Worker | None] = queue.SimpleQueue()
        self._idle = threading.Condition()
        self._pending = 0
        self._thread = threading.Thread(target=self._loop, name=name, daemon=True)
        self._thread.start()

    def start(self, worker: Worker) -> None:
        with self._idle:
            self._pending += 1
        self._queue.put(worker)

    def _loop(self) -> None:
        while (worker := self._queue.get()) is not None:
            try:
                worker.run()
            finally:
                with self._idle:
                    self._pending -= 1
                    if not self._pending:
                        self._idle.notify_all()

    def wait(self, msecs: int) -> bool:
        with self._idle:
            timeout = None if msecs < 0 else msecs / 1000
            return self._idle.wait_for(lambda: self._pending == 0, timeout)

    def stop(self, msecs: int = 0) -> bool:
        """End the thread once what was queued has run; wait up to ``msecs`` for it."""
        self._queue.put(None)
        if msecs:
            self._thread.join(msecs / 1000)
        return not self._thread.is_alive()


class TaskRunner(QObject):
    """The one way GUI code runs work off the UI thread.

    A runner owns a thread pool (``max_threads`` at a time; 1 runs tasks one after another)
    and keeps every started worker, with its signals object, alive until it has finished,
    so no caller keeps its own set. ``shutdown`` cancels what has not finished and waits
    for it: a window calls it before it goes away, so no worker outlives the objects its
    answers are meant for.
    """

    def __init__(
        self, parent: QObject | None = None, *, max_threads: int = 2, keep_thread: bool = False
    ) -> None:
        """``keep_thread``: one Python thread runs the tasks in turn (``max_threads`` is
        then 1) and keeps what it holds from one task to the next (:class:`_OneThread`):
        the search's index connection, with its vector codes and keyword lists."""
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(max_threads)
        self._keep_thread = keep_thread
        self._thread_name = f"reverie-{type(parent).__name__.lower()}-tasks"
        self._thread: _OneThread | None = None
        self._running: set[Worker] = set()

    def start(
        self,
        worker: Worker,
        *,
        on_result: Callable[[Any], None] | None = None,
        on_error: Callable[[str, str], None] | None = None,
    ) -> Worker:
        """Start ``worker``; ``on_result`` / ``on_error`` are connected first when given."""
        if on_result is not None:
            worker.signals.sig_result.connect(on_result)
        if on_error is not None:
            worker.signals.sig_error.connect(on_error)
        self._running.add(worker)
        worker.signals.sig_finished.connect(lambda w=worker: self._running.discard(w))
        if self._keep_thread:
            if self._thread is None:  # made on first use, and again after a shutdown
                thread = self._thread = _OneThread(self._thread_name)
                self.destroyed.connect(lambda *_: thread.stop())
            self._thread.start(worker)
        else:
            self._pool.start(worker)
        return worker

    def run(
        self,
        fn: Callable[..., Any],
        *args: Any,
        on_result: Callable[[Any], None] | None = None,
        on_error: Callable[[str, str], None] | None = None,
        **kwargs: Any,
    ) -> Worker:
        """Run ``fn(*args, **kwargs)`` on the pool (see :meth:`start`)."""
        return self.start(Worker(fn, *args, **kwargs), on_result=on_result, on_error=on_error)

    @property
    def busy(self) -> bool:
        """True while a started worker has not finished."""
        return bool(self._running)

    def cancel_all(self) -> None:
        """Ask every unfinished worker to stop (queued ones end before starting)."""
        for worker in list(self._running):
            worker.cancel()

    def wait(self, msecs: int = -1) -> bool:
        """Wait until the pool is idle (``msecs`` < 0: no limit); False on timeout."""
        if self._thread is not None:
            return self._thread.wait(msecs)
        return bool(self._pool.waitForDone(msecs))

    def shutdown(self, msecs: int = 5000) -> bool:
        """Cancel everything and wait for it, up to ``msecs``; False if work is still running.
        A kept thread ends too (a later task starts another)."""
        self.cancel_all()
        done = self.wait(msecs)
        if done and self._thread is not None:
            done = self._thread.stop(msecs)
            self._thread = None
        return done
