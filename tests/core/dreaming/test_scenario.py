"""A scripted week: recall, dream, review (approve with an edit, reject), dream again."""

from __future__ import annotations

import json
from pathlib import Path

from reverie.core.dreaming import ledger, review
from reverie.core.dreaming.config import DreamingConfig
from reverie.core.dreaming.engine import DreamEngine
from reverie.core.jscompat import js_stringify
from tests.core.dreaming.conftest import BACKUP_KEY, MEMORY, NOTE, VLAN_KEY, at, recall_week


def test_scripted_scenario(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / "memory" / "2026-04-01.md").write_text(NOTE, encoding="utf-8")
    (tmp_path / "MEMORY.md").write_text(MEMORY, encoding="utf-8")
    config = DreamingConfig(storage_mode="both")
    recall_week(tmp_path, range(1, 4))

    def dream(day: int) -> DreamEngine:
        eng = DreamEngine(tmp_path, now=at(day, 3), timezone="UTC", config=config)
        eng.run_phase("all")
        return DreamEngine(tmp_path, now=at(day, 12), timezone="UTC", config=config)

    eng = dream(3)
    recall_week(tmp_path, range(4, 5))
    eng = dream(4)
    preview = eng.preview()
    assert [c.key for c in preview] == [BACKUP_KEY, VLAN_KEY]
    assert all(c.passes and c.located for c in preview)

    eng.apply([VLAN_KEY], edit_text="Staging runs on router VLAN 20.")
    eng.reject(BACKUP_KEY, "the 02:00 schedule in MEMORY.md is still right")
    assert eng.preview() == []

    # The next night: new recalls of the rejected line, dreaming runs again.
    recall_week(tmp_path, range(5, 6))
    eng = dream(5)
    after = {c.key: c for c in eng.preview()}
    assert list(after) == [BACKUP_KEY] and after[BACKUP_KEY].resurfaced

    memory = (tmp_path / "MEMORY.md").read_text(encoding="utf-8")
    assert memory == (
        "# Long-Term Memory\n"
        "\n"
        "- Gateway backup runs nightly at 02:00 UTC.\n"
        "- Prefers tea over coffee.\n"
        "\n"
        "## Promoted From Short-Term Memory (2026-04-04)\n"
        "\n"
        f"<!-- openclaw-memory-promotion:{VLAN_KEY} -->\n"
        "- Staging runs on router VLAN 20. [score=0.880 recalls=4 avg=0.800 source=memory/2026-04-01.md:4-4]\n"
    )

    raw = (tmp_path / ledger.LEDGER_RELATIVE_PATH).read_text(encoding="utf-8")
    store = json.loads(raw)
    assert raw == js_stringify(store, 2) + "\n", "OpenClaw's serialisation, byte for byte"
    assert list(store) == ["version", "updatedAt", "entries"]
    vlan = store["entries"][VLAN_KEY]
    assert list(vlan) == [
        "key", "path", "startLine", "endLine", "source", "snippet", "recallCount", "dailyCount",
        "groundedCount", "totalScore", "maxScore", "firstRecalledAt", "lastRecalledAt",
        "queryHashes", "recallDays", "conceptTags", "promotedAt",
    ]  # fmt: skip
    assert vlan["promotedAt"] == "2026-04-04T12:00:00.000Z"
    assert vlan["recallCount"] == 5 and vlan["recallDays"][-1] == "2026-04-05"
    assert "promotedAt" not in store["entries"][BACKUP_KEY]

    note = (tmp_path / "memory" / "2026-04-05.md").read_text(encoding="utf-8")
    assert note.count("## Light Sleep") == 1 and note.count("## REM Sleep") == 1
    assert (
        (tmp_path / "memory/dreaming/deep/2026-04-05.md").read_text().startswith("# Deep Sleep\n\n")
    )
    assert "<!-- openclaw:dreaming:deep:start -->" in (tmp_path / "DREAMS.md").read_text()
    decision = review.ReviewStore(tmp_path).decision(BACKUP_KEY)
    assert (
        decision is not None and decision.reason == "the 02:00 schedule in MEMORY.md is still right"
    )
