"""One background recomputation at a time for a page that follows the files."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QObject, QTimer


class RefreshGate(QObject):
    """A burst of file changes starts one run (after ``delay_ms``); a refresh asked for
    while a run works starts once it answers; only the newest run's answer is shown, and
    nothing starts once the page is closed.

    A page that is not on show is inactive: a run asked for meanwhile only makes it stale,
    and it runs once when the page is shown again (see :meth:`set_active`)."""

    def __init__(
        self, run: Callable[[], None], delay_ms: int, parent: QObject, active: bool = True
    ) -> None:
        super().__init__(parent)
        self._run = run
        self.generation = 0
        self.busy = False
        self.pending = False
        self.closed = False
        self.active = active
        """False while the page is hidden: nothing starts, the page becomes stale."""
        self.stale = False
        """A run was asked for while inactive: it starts when the page is shown."""
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(run)

    def schedule(self, changed: Iterable[str] | None = None) -> None:
        """Run soon; ``changed`` paths of which none is Markdown are ignored."""
        if self.closed:
            return
        if changed is not None:
            paths = [str(p) for p in changed]
            if paths and not any(p.endswith(".md") for p in paths):
                return
        if not self.active:
            self.stale = True
            return
        self._timer.start()

    def set_active(self, active: bool) -> None:
        """The page is shown (True) or hidden (False). Hidden, a run waiting for its delay
        waits until the page is shown again; shown, a stale page runs now."""
        if self.closed:
            return
        self.active = active
        if not active:
            if self._timer.isActive():
                self._timer.stop()
                self.stale = True
        elif self.stale:
            self.stale = False
            self._run()

    def begin(self) -> int | None:
        """The new run's generation, or None when it must not start now (closed; inactive:
        it starts when the page is shown; or a run is working: it starts again once that
        one answers)."""
        if self.closed:
            return None
        if not self.active:
            self.stale = True
            return None
        if self.busy:
            self.pending = True
            return None
        self.busy = True
        self.generation += 1
        return self.generation

    def answered(self, generation: int | None = None) -> bool:
        """A run answered (or failed, or was cancelled): start the one asked for meanwhile;
        True when ``generation``'s answer is the one to show: the newest run's, even when
        another starts now for changes made while it worked (it is newer than what is on
        show; a page dropping it waited forever while an agent wrote every second)."""
        if self.closed:
            return False
        self.busy = False
        newest = generation is not None and generation == self.generation
        if self.pending:
            self.pending = False
            self._run()
        return newest

    def close(self) -> None:
        self.closed = True
        self._timer.stop()
