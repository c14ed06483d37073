"""Background work for the GUI: QRunnable workers with a signals object and cooperative
cancel. Core functions take plain ``progress`` and ``cancel`` callbacks; a worker adapts
them to Qt signals, so the core never knows about threads.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from ..core.index.indexer import Cancelled

log = logging.getLogger(__name__)


class WorkerSignals(QObject):
    sig_progress = Signal(int, int, str)
    """(done, total, label)"""
    sig_result = Signal(object)
    sig_error = Signal(str, str)
    """(message, traceback text)"""
    sig_cancelled = Signal()
    """The task stopped because cancel() was called (not an error)."""
    sig_finished = Signal()


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
        except Exception as exc:  # every worker error ends in one handler
            log.exception("background task failed")
            self._safe_emit(
                self.signals.sig_error, str(exc) or type(exc).__name__, traceback.format_exc()
            )
        else:
            self._safe_emit(self.signals.sig_result, result)
        finally:
            self._safe_emit(self.signals.sig_finished)

    def _emit_progress(self, done: int, total: int, label: str) -> None:
        self._safe_emit(self.signals.sig_progress, int(done), int(total), str(label))

    @staticmethod
    def _safe_emit(signal: Any, *args: Any) -> None:
        with contextlib.suppress(RuntimeError):  # the receiver was deleted meanwhile
            signal.emit(*args)


def start(worker: Worker, pool: QThreadPool | None = None) -> Worker:
    (pool or QThreadPool.globalInstance()).start(worker)
    return worker
