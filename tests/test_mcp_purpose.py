"""The MCP tools offer the purpose layer (Telos) when a prompt asks about priorities."""

from __future__ import annotations

from pathlib import Path

from reverie.core.service import MemoryService
from reverie.mcp.server import MemoryTools


def _workspace(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# MEMORY\n- Prefers short answers.\n", encoding="utf-8")
    (root / "memory" / "2026-11-28.md").write_text(
        "# 2026-11-28\n- Open Tidepool retro items: grants diff, runbook template.\n",
        encoding="utf-8",
    )
    (root / "memory" / "TELOS.md").write_text(
        "## GOALS\n- G1: Close every Tidepool retro item by December 2026\n"
        "- G2: Climb a V6 by May 2027\n",
        encoding="utf-8",
    )
    return root


def test_priority_prompt_gets_the_purpose_layer(tmp_path: Path) -> None:
    service = MemoryService(_workspace(tmp_path), data_dir=tmp_path / "data", model_name="hash")
    try:
        service.sync()
        tools = MemoryTools(service, record_recalls=False, watch=False)
        tools.synced.set()
        found = tools.memory_search("What should I work on first?")
        purpose = found["purpose"]
        assert [i["id"] for i in purpose["items"]] == ["G1", "G2"]
        assert purpose["sources"] == ["memory/TELOS.md"]
        block = tools.recall_block("我应该优先做什么")
        assert block["text"].startswith("## Purpose (Telos)")
        assert "G1: Close every Tidepool retro item" in block["text"]
        # other prompts are answered as before
        plain = tools.memory_search("Tidepool retro items")
        assert "purpose" not in plain
        assert "Purpose" not in tools.recall_block("Tidepool retro items")["text"]
    finally:
        service.close()
