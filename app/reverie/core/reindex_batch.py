"""One re-index pass for many change reports.

The file watcher reports changes in bursts; when an agent writes faster than a re-index pass
takes, queueing one pass per report grows the queue without bound (memory and lag with
it). A :class:`ReindexBatch` is the pass waiting to run: later reports join it until it
starts, so at most one pass waits behind the running one, and it takes every path reported
meanwhile.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable


class ReindexBatch:
    """The paths a waiting re-index pass will sync (None: every file)."""

    def __init__(self, paths: Iterable[str] | None) -> None:
        self._paths: set[str] | None = None if paths is None else set(paths)
        self._started = False
        self._joined = 0
        self._lock = threading.Lock()

    def join(self, paths: Iterable[str] | None) -> bool:
        """Add ``paths`` (None: every file) to this pass; False once it has started."""
        with self._lock:
            if self._started:
                return False
            if paths is None or self._paths is None:
                self._paths = None
            else:
                self._paths.update(paths)
            self._joined += 1
            return True

    def start(self) -> list[str] | None:
        """Close the batch and return its paths, sorted (None: a full sync)."""
        with self._lock:
            self._started = True
            return None if self._paths is None else sorted(self._paths)

    @property
    def started(self) -> bool:
        return self._started

    @property
    def joined(self) -> int:
        """How many later reports joined this pass."""
        return self._joined
