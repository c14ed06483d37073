"""The refresh gate: one run at a time, a refresh asked for meanwhile runs once after it,
only the newest answer is shown, non-Markdown changes and a closed page start nothing."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject

from reverie.gui.refresh_gate import RefreshGate


def test_one_run_at_a_time_and_only_the_newest_answer(qtbot: Any) -> None:
    owner = QObject()
    started: list[int] = []
    gate: RefreshGate

    def run() -> None:
        generation = gate.begin()
        if generation is not None:
            started.append(generation)

    gate = RefreshGate(run, 10, owner)
    run()
    run()  # while the first works: remembered, not started
    assert started == [1]
    assert not gate.answered(1)  # the remembered run starts: 1's answer is stale
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
