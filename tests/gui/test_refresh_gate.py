"""The refresh gate: one run at a time, a refresh asked for meanwhile runs once after it,
only the newest answer is shown, non-Markdown changes and a closed page start nothing, and
a hidden page only remembers that it is stale."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject

from reverie.gui.refresh_gate import RefreshGate


def _counting_gate(
    owner: QObject, active: bool = True
) -> tuple[RefreshGate, list[int], Callable[[], None]]:
    """A gate, the generations of the runs it started, and the page's refresh."""
    started: list[int] = []
    gate: RefreshGate

    def run() -> None:
        generation = gate.begin()
        if generation is not None:
            started.append(generation)

    gate = RefreshGate(run, 10, owner, active)
    return gate, started, run


def test_one_run_at_a_time_and_only_the_newest_answer(qtbot: Any) -> None:
    owner = QObject()
    gate, started, run = _counting_gate(owner)
    run()
    run()  # while the first works: remembered, not started
    assert started == [1]
    assert gate.answered(1)  # shown (newer than what is on show); the remembered run starts
    assert started == [1, 2]
    assert gate.answered(2)
    gate.schedule(["memory/a.png"])
    qtbot.wait(40)
    assert started == [1, 2]
    gate.schedule(["memory/a.md", "x.png"])
    qtbot.waitUntil(lambda: started == [1, 2, 3], timeout=2000)
    gate.close()
    run()
    gate.schedule()
    qtbot.wait(40)
    assert started == [1, 2, 3] and not gate.answered(3)


def test_an_inactive_gate_only_remembers_and_runs_once_when_shown(qtbot: Any) -> None:
    owner = QObject()
    gate, started, run = _counting_gate(owner, active=False)
    run()  # the page's first refresh, while it is hidden
    gate.schedule(["MEMORY.md"])
    gate.schedule()
    qtbot.wait(40)
    assert started == [] and gate.stale
    gate.set_active(True)  # shown: one run for everything asked meanwhile
    assert started == [1] and not gate.stale
    assert gate.answered(1)
    gate.set_active(True)  # shown again without anything asked: nothing runs
    assert started == [1]
    gate.schedule(["MEMORY.md"])
    gate.set_active(False)  # hidden before the delay ran out: the run waits
    qtbot.wait(40)
    assert started == [1] and gate.stale
    gate.set_active(True)
    assert started == [1, 2]
    run()  # asked for while 2 works ...
    gate.set_active(False)  # ... and the page is hidden before 2 answers
    assert gate.answered(2)  # 2's answer is shown; the next run waits for the page
    assert started == [1, 2] and gate.stale
    gate.set_active(True)
    assert started == [1, 2, 3]
    gate.close()
    gate.set_active(False)
    gate.schedule()
    gate.set_active(True)
    assert started == [1, 2, 3]
