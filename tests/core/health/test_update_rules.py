"""Rules of the possible-update finding: a new holder of a personal role, a rate that went
up, a Chinese name the segmenter cuts inside a line, and a change said to hold once."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from reverie.core.health.findings import review_workspace
from reverie.core.health.model import UPDATE
from reverie.core.health.text import role_holders, typed_values, value_conflict
from reverie.core.workspace import Workspace

from .conftest import make_workspace

NOW = date(2026, 10, 20)


def _updates(root: Path) -> dict[str, list[str]]:
    report = review_workspace(Workspace(root), NOW, record_first_seen=False)
    return {f.text: [e.path for e in f.evidence] for f in report.findings if f.kind == UPDATE}


def test_role_holders_in_both_languages() -> None:
    assert [v.value for v in role_holders("Manager: Daniel Okafor (London)")] == ["manager:daniel"]
    assert [v.value for v in role_holders("Priya is my manager since the reorg")] == [
        "manager:priya"
    ]
    assert [v.value for v in role_holders("Marta Reis will be my manager from September")] == [
        "manager:marta"
    ]
    assert [v.value for v in role_holders("张伟是我的领导")] == ["manager:张伟"]
    assert [v.value for v in role_holders("manager: Daniel")] == ["manager:daniel"]
    assert role_holders("Manager: weekly 1:1 on Thursdays") == ()
    # a person's own job title is not somebody holding a role for me
    assert role_holders("Priya Raman — engineering manager of the Platform team") == ()


def test_another_holder_of_the_same_role_conflicts_and_a_mention_does_not() -> None:
    old = "Manager: Daniel Okafor (London)"
    assert value_conflict(old, "Priya is my manager since the reorg") is not None
    assert value_conflict(old, "Daniel is my manager, weekly 1:1 on Thursdays") is None
    assert value_conflict("Landlord: Mr Chen", "Priya is my manager") is None


def test_a_rate_is_an_amount() -> None:
    kinds = {v.kind for v in typed_values("8月起房租涨到 7200/月")}
    assert "money" in kinds
    assert value_conflict("房租 6800 元/月", "房东说房租涨到 7200/月") is not None


def test_new_manager_rent_rise_and_a_name_inside_a_chinese_line(tmp_path: Path) -> None:
    memory = (
        "# MEMORY.md\n\n"
        "- Manager: Daniel Okafor (London), 1:1 every Thursday\n"
        "- 房租 6800 元/月, 每月 5 号转给房东\n"
        "- 李明 — 大学同学, 每周六下午一起打羽毛球\n"
        "- Likes pour-over coffee\n"
    )
    notes = {
        "memory/2026-07-09.md": "# 2026-07-09\n\n- Priya is my manager since the reorg; "
        "Daniel is moving over to lead the new Risk group.\n",
        "memory/2026-07-22.md": "# 2026-07-22\n\n- 房东发微信: 8月起房租涨到 7200/月, 还是每月 5 号转\n",
        "memory/2026-09-07.md": "# 2026-09-07\n\n- 李明说以后羽毛球改到周日晚上, 周六他要带娃上兴趣班\n",
        "memory/2026-09-10.md": "# 2026-09-10\n\n- Also drinks Longjing in the afternoon now\n",
    }
    found = _updates(make_workspace(tmp_path / "ws", memory, notes))
    assert found == {
        "Manager: Daniel Okafor (London), 1:1 every Thursday": ["memory/2026-07-09.md"],
        "房租 6800 元/月, 每月 5 号转给房东": ["memory/2026-07-22.md"],
        "李明 — 大学同学, 每周六下午一起打羽毛球": ["memory/2026-09-07.md"],
    }


def test_a_change_said_to_hold_once_is_not_an_update(tmp_path: Path) -> None:
    memory = "# MEMORY.md\n\n- Sprint planning on Wednesday mornings\n- 周会在周一下午\n"
    notes = {
        "memory/2026-10-12.md": "# 2026-10-12\n\n- Sprint planning moved to Thursday just this "
        "once because of the on-call handover\n- 这周周会临时改到周二\n",
    }
    assert _updates(make_workspace(tmp_path / "ws", memory, notes)) == {}


def test_a_review_can_be_cancelled(tmp_path: Path) -> None:
    import pytest

    from reverie.core.errors import Cancelled

    root = make_workspace(tmp_path / "ws", "# MEMORY.md\n\n- The build server is ci-old-3\n", {})
    with pytest.raises(Cancelled):
        review_workspace(Workspace(root), NOW, record_first_seen=False, cancel=lambda: True)


def test_years_of_mentions_still_find_the_newest_change(tmp_path: Path) -> None:
    from reverie.core.health.updates import MAX_LINES_PER_ENTRY

    memory = "# MEMORY.md\n\n- Redis cache 在 cache-01 上，端口 6379。\n"
    notes: dict[str, str] = {}
    for n in range(MAX_LINES_PER_ENTRY + 50):  # two years of notes naming the host
        stamp = date.fromordinal(date(2024, 9, 1).toordinal() + n).isoformat()
        notes[f"memory/{stamp}.md"] = f"# {stamp}\n\n- looked at cache-01 graphs, all fine\n"
    notes["memory/2026-10-01.md"] = "# 2026-10-01\n\n- Redis 端口改成 6380 了，6379 关掉。\n"
    found = _updates(make_workspace(tmp_path / "ws", memory, notes))
    assert found == {"Redis cache 在 cache-01 上，端口 6379。": ["memory/2026-10-01.md"]}
