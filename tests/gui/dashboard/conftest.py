"""A workspace with a recall ledger, and a dashboard on it whose questions are answered
by a scripted stand-in for the dialogs."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest

from reverie.core.dreaming import ledger
from reverie.core.dreaming.review import NearbyEntry
from reverie.core.service import MemoryService

NOTE = (
    "# 2026-04-01\n"
    "\n"
    "## Network\n"
    "- Router VLAN 30 hosts the staging cluster.\n"
    "- Gateway backup runs nightly at 03:00 UTC.\n"
    "\n"
    "We decided the MMR lambda stays at 0.7 for search.\n"
)
MEMORY = (
    "# Long-Term Memory\n"
    "\n"
    "- Gateway backup runs nightly at 02:00 UTC.\n"
    "- Prefers tea over coffee.\n"
)
VLAN_KEY = "memory:memory/2026-04-01.md:4:4"
BACKUP_KEY = "memory:memory/2026-04-01.md:5:5"
LAMBDA_KEY = "memory:memory/2026-04-01.md:7:7"
NOW = datetime(2026, 4, 8, 9, 0, tzinfo=UTC)
QUERIES = ("gateway backup", "when does backup run", "backup schedule", "nightly jobs", "vlan")


def at(day: int, hour: int = 10) -> datetime:
    return datetime(2026, 4, day, hour, tzinfo=UTC)


def hit(line: int, snippet: str, score: float) -> dict[str, Any]:
    return {
        "path": "memory/2026-04-01.md",
        "startLine": line,
        "endLine": line,
        "snippet": snippet,
        "score": score,
        "source": "memory",
    }


def record_day(root: Path, day: int, query: str | None = None) -> None:
    ledger.record_recalls(
        root,
        query or QUERIES[(day - 1) % len(QUERIES)],
        [
            hit(5, "- Gateway backup runs nightly at 03:00 UTC.", 0.9),
            hit(4, "- Router VLAN 30 hosts the staging cluster.", 0.85),
        ],
        now=at(day),
        timezone="UTC",
    )


@pytest.fixture
def dream_ws(tmp_path: Path) -> Path:
    """A daily note, MEMORY.md and six days of recorded searches."""
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "memory" / "2026-04-01.md").write_text(NOTE, encoding="utf-8")
    (root / "MEMORY.md").write_text(MEMORY, encoding="utf-8")
    for day in range(1, 7):
        record_day(root, day)
    ledger.record_recalls(
        root,
        "mmr lambda",
        [hit(7, "We decided the MMR lambda stays at 0.7 for search.", 0.4)],
        now=at(6),
        timezone="UTC",
    )
    return root


class ScriptedPrompts:
    """Answers the dashboard's questions from queued values and records what was asked."""

    def __init__(self) -> None:
        self.confirm_answer = True
        self.edit_answer: str | None = None
        self.edit_answers: list[str | None] = []
        """Answers to the next edit questions, in turn (then ``edit_answer``)."""
        self.reason_answer: str | None = ""
        self.snooze_answer: date | None = None
        self.line_answer: int | None = None
        self.asked: list[tuple[str, Any]] = []
        self.informed: list[tuple[str, str]] = []
        self.labels: list[str] = []
        """How each reject / snooze question named its candidate."""

    def confirm(self, title: str, text: str) -> bool:
        self.asked.append(("confirm", text))
        return self.confirm_answer

    def inform(self, title: str, text: str) -> None:
        self.informed.append((title, text))

    def edit_text(self, original: str) -> str | None:
        self.asked.append(("edit", original))
        if self.edit_answers:
            return self.edit_answers.pop(0)
        return self.edit_answer

    def reject_reason(self, label: str = "") -> str | None:
        self.asked.append(("reason", None))
        self.labels.append(label)
        return self.reason_answer

    def snooze_until(self, today: date, label: str = "") -> date | None:
        self.asked.append(("snooze", today))
        self.labels.append(label)
        return self.snooze_answer

    def replace_line(self, entries: Sequence[NearbyEntry]) -> int | None:
        self.asked.append(("replace", [(e.line, e.flag) for e in entries]))
        return self.line_answer


@pytest.fixture
def dashboard(qtbot: Any, dream_ws: Path, tmp_path: Path) -> Iterator[Any]:
    from reverie.gui.dashboard import DreamDashboard

    service = MemoryService(dream_ws, data_dir=tmp_path / "data", model_name="hash")
    dash = DreamDashboard(service, now=NOW, timezone="UTC")
    dash.prompts = ScriptedPrompts()  # type: ignore[assignment]
    qtbot.addWidget(dash)
    qtbot.waitUntil(lambda: dash.snapshot is not None, timeout=10000)
    yield dash
    service.close()


def settle(qtbot: Any, dash: Any) -> None:
    """Wait until the refresh started by the last action has landed."""
    with qtbot.waitSignal(dash.sig_refreshed, timeout=10000):
        pass
