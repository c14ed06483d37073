"""A runner that keeps its thread: tasks in turn on one Python thread whose state lasts."""

from __future__ import annotations

import threading

from reverie.gui.tasks import TaskRunner

_local = threading.local()


def _count() -> tuple[int, int]:
    _local.n = getattr(_local, "n", 0) + 1
    return threading.get_ident(), _local.n


def test_a_kept_thread_keeps_its_thread_locals_from_task_to_task(qtbot) -> None:  # type: ignore[no-untyped-def]
    runner = TaskRunner(None, max_threads=1, keep_thread=True)
    results: list[tuple[int, int]] = []
    for i in range(3):
        runner.run(_count, on_result=results.append)
        qtbot.waitUntil(lambda i=i: len(results) == i + 1)
    assert runner.wait(1000)
    assert [n for _, n in results] == [1, 2, 3]
    assert len({ident for ident, _ in results}) == 1 != threading.get_ident()
    assert runner.shutdown(5000)


def test_a_kept_thread_waits_for_what_was_queued(qtbot) -> None:  # type: ignore[no-untyped-def]
    runner = TaskRunner(None, max_threads=1, keep_thread=True)
    gate = threading.Event()
    done: list[int] = []
    runner.run(gate.wait)
    runner.run(lambda: done.append(1))
    assert not runner.wait(100)  # the first task still waits at its gate
    gate.set()
    assert runner.wait(5000)
    assert done == [1]
    assert runner.shutdown(5000)


def test_a_kept_thread_ends_at_shutdown_and_a_later_task_gets_another(qtbot) -> None:  # type: ignore[no-untyped-def]
    runner = TaskRunner(None, max_threads=1, keep_thread=True)
    results: list[tuple[int, int]] = []
    runner.run(_count, on_result=results.append)
    qtbot.waitUntil(lambda: len(results) == 1)
    first = next(t for t in threading.enumerate() if t.ident == results[0][0])
    assert runner.shutdown(5000)
    assert not first.is_alive()
    runner.run(_count, on_result=results.append)
    qtbot.waitUntil(lambda: len(results) == 2)
    assert results[1][1] == 1  # a new thread, with its own thread locals
    assert runner.shutdown(5000)
