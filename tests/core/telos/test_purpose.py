"""Recall with purpose: which prompts ask about priorities, and the block within a budget."""

from __future__ import annotations

import datetime as _dt

import pytest

from reverie.core.telos import MemoryLine, build_report, parse_telos
from reverie.core.telos.purpose import asks_about_priorities, purpose_block

TODAY = _dt.date(2026, 11, 30)
TELOS = """## GOALS
- G1: Close every Tidepool retro item by December 2026
- G2: Fewer than 3 night-time pages a week by March 2027
- G3: Climb a V6 at Crux Yard by May 2027

## PROJECTS
ID | PROJECT | SERVES | PRIORITY
PRJ1 | Tidepool runbook template | G1 | Critical
"""


@pytest.mark.parametrize(
    "prompt",
    [
        "What should I work on first?",
        "what should we focus on this week",
        "Help me prioritize my tasks",
        "What are my priorities right now?",
        "what matters most today",
        "我应该优先做什么？",
        "这周最重要的事是什么",
        "今天先做什么好",
    ],
)
def test_priority_questions(prompt: str) -> None:
    assert asks_about_priorities(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "which VLAN is staging on?",
        "what did I order at Common Ground",
        "Tidepool cutover date",
        "咖啡",
        "hi",
    ],
)
def test_other_questions(prompt: str) -> None:
    assert not asks_about_priorities(prompt)


def _report():
    lines = [
        MemoryLine(
            "memory/2026-11-28.md",
            9,
            "- Open Tidepool retro items: grants diff",
            _dt.date(2026, 11, 28),
        ),
        MemoryLine(
            "memory/2026-11-21.md",
            4,
            "- Bouldering at Crux Yard, worked a V5",
            _dt.date(2026, 11, 21),
        ),
    ]
    return build_report(parse_telos(TELOS, "memory/TELOS.md"), lines, TODAY)


def test_block_has_goals_by_weight_projects_and_memories() -> None:
    block = purpose_block(_report())
    text = block.text
    assert text.startswith("## Purpose (Telos)")
    assert text.index("G1:") < text.index("G2:") < text.index("G3:")
    assert "weight 1.00, due 2026-12-31" in text
    assert "Projects: PRJ1: Tidepool runbook template [Critical]" in text
    assert "2026-11-28 memory/2026-11-28.md#L9: Open Tidepool retro items" in text
    assert "Source: memory/TELOS.md" in text
    assert [i["id"] for i in block.items] == ["G1", "G2", "G3"]
    assert block.left_out == 0


def test_block_stays_within_the_budget_and_drops_whole_entries() -> None:
    full = purpose_block(_report())
    for budget in (len(full.text), 400, 300, 250):
        block = purpose_block(_report(), budget=budget)
        assert len(block.text) <= budget
    small = purpose_block(_report(), budget=300)
    assert "G1:" in small.text and small.left_out >= 1
    assert purpose_block(_report(), budget=50).text == ""


def test_no_goals_no_block() -> None:
    report = build_report(parse_telos("## PROJECTS\n- PRJ1: x\n"), [], TODAY)
    assert purpose_block(report).text == ""
