"""One background recomputation at a time for a page that follows the files."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QObject, QTimer


class RefreshGate(QObject):
    """A burst of file changes starts one run (after ``delay_ms``); a refresh asked for
    while a run works starts once it answers; only the newest run's answer is shown, and
    nothing starts once the page is closed."""

    def __init__(self, run: Callable[[], None], delay_ms: int, parent: QObject) -> None:
        super().__init__(parent)
        self._run = run
        self.generation = 0
        self.busy = False
        self.pending = False
        self.closed = False
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
        self._timer.start()

    def begin(self) -> int | None:
        """The new run's generation, or None when it must not start now (closed, or a run
        is working: it starts again once that one answers)."""
        if self.closed:
            return None
        if self.busy:
            self.pending = True
            return None
        self.busy = True
        self.generation += 1
        return self.generation

    def answered(self, generation: int | None = None) -> bool:
        """A run answered (or failed, or was cancelled): start the one asked for meanwhile;
        True when ``generation``'s answer is the one to show."""
        if self.closed:
            return False
        self.busy = False
        if self.pending:
            self.pending = False
            self._run()
        return generation == self.generation and not self.busy

    def close(self) -> None:
        self.closed = True
        self._timer.stop()
