"""Python's cyclic garbage collector runs on the GUI thread only: garbage made on a worker
(or left by a closed window) is freed where Qt objects may be destroyed."""

from __future__ import annotations

import gc
import threading

from reverie.gui.tasks import CollectorPause, GuiThreadCollector

_kept: list[object] = []


class _Cycle:
    """Garbage only the cyclic collector frees; records the thread that freed it."""

    def __init__(self, freed_on: list[int]) -> None:
        self.me = self
        self.freed_on = freed_on

    def __del__(self) -> None:
        self.freed_on.append(threading.get_ident())


def _make_garbage_on_a_worker(freed_on: list[int]) -> None:
    def work() -> None:
        _Cycle(freed_on)
        # enough live allocations that a collection is due (automatic collection would
        # have run it on this thread)
        _kept.append([[i] for i in range(20_000)])

    worker = threading.Thread(target=work)
    worker.start()
    worker.join()


def test_garbage_made_on_a_worker_is_freed_on_the_gui_thread(qtbot) -> None:  # type: ignore[no-untyped-def]
    collector = GuiThreadCollector.installed()
    assert collector is not None and not gc.isenabled()
    freed_on: list[int] = []
    try:
        _make_garbage_on_a_worker(freed_on)
        qtbot.waitUntil(lambda: bool(freed_on), timeout=5000)
        assert freed_on == [threading.get_ident()]
    finally:
        _kept.clear()


def test_nothing_is_collected_while_paused(qtbot) -> None:  # type: ignore[no-untyped-def]
    pause = CollectorPause()
    freed_on: list[int] = []
    pause.pause()
    try:
        _make_garbage_on_a_worker(freed_on)
        qtbot.wait(3 * GuiThreadCollector.INTERVAL_MS)
        assert freed_on == []
    finally:
        pause.resume()  # (what is alive then is frozen, this garbage too)
        _kept.clear()
    after: list[int] = []
    try:
        _make_garbage_on_a_worker(after)
        qtbot.waitUntil(lambda: bool(after), timeout=5000)  # collecting again
        assert after == [threading.get_ident()]
    finally:
        _kept.clear()
