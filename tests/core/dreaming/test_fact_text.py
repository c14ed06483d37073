"""The proposed promotion text, the one-section-a-day append, the replace-line order and
the tags worth showing."""

from __future__ import annotations

from reverie.core.dreaming.fact_text import clean_line, propose_fact
from reverie.core.dreaming.promote import (
    build_promotion_section,
    continues_section,
    promotion_addition,
)
from reverie.core.dreaming.replace_targets import promotion_bullet_lines, replace_targets
from reverie.core.dreaming.review import NearbyEntry
from reverie.core.dreaming.series import display_tags, top_tags

NOW = 1_775_638_800_000  # 2026-04-08 09:00 UTC


def test_headings_and_list_markers_are_left_out() -> None:
    lines = [
        "# 2026-10-27",
        "",
        "## 21:45 Climbing",
        "- Jun sent his first V5 tonight at Crux Yard. He was very happy about it.",
        "- Took about three weeks of projecting",
        "  * [x] New goal: a V5 on the overhang wall",
        "<!-- a comment -->",
        "> 1. quoted item",
    ]
    assert clean_line("## 21:45 Climbing") == ""
    assert clean_line("  * [x] done") == "done"
    assert propose_fact(lines) == (
        "Jun sent his first V5 tonight at Crux Yard. He was very happy about it. "
        "Took about three weeks of projecting; New goal: a V5 on the overhang wall; "
        "quoted item"
    )


def test_chinese_sentences_join_without_spaces() -> None:
    assert propose_fact(["- 骏买了半斤雨前。", "- 以后下午改喝龙井，少喝咖啡。"]) == (
        "骏买了半斤雨前。以后下午改喝龙井，少喝咖啡。"
    )


def _cand(key: str, line: int) -> dict[str, object]:
    return {
        "key": key,
        "path": "memory/2026-04-01.md",
        "startLine": line,
        "endLine": line,
        "snippet": "- text",
        "score": 0.9,
        "recallCount": 3,
        "avgScore": 0.8,
    }


def test_reverie_style_adds_to_todays_section_openclaw_style_repeats_it() -> None:
    first = "# Long-Term Memory\n" + build_promotion_section([_cand("k1", 4)], NOW, "UTC")
    assert continues_section(first, NOW, "UTC")
    more = promotion_addition(first, [_cand("k2", 5)], NOW, "UTC", {"k2": "Fact."}, style="reverie")
    assert more == (
        "<!-- openclaw-memory-promotion:k2 -->\n"
        "- Fact. [score=0.900 recalls=3 avg=0.800 source=memory/2026-04-01.md:5-5]\n"
    )
    openclaw = promotion_addition(first, [_cand("k2", 5)], NOW, "UTC", style="openclaw")
    assert openclaw == build_promotion_section([_cand("k2", 5)], NOW, "UTC")
    # another day, or hand-written text after the section: a new heading
    assert not continues_section(first + "\n## Notes\n- mine\n", NOW, "UTC")
    assert not continues_section(first, NOW + 86_400_000, "UTC")


def test_replace_offers_the_outdated_hand_written_line_first() -> None:
    memory = (
        "# Long-Term Memory\n\n- Backup runs at 02:00.\n\n## Promoted From Short-Term Memory "
        "(2026-04-02)\n\n<!-- openclaw-memory-promotion:old -->\n- Backup runs at 03:00. [..]\n"
    )
    assert promotion_bullet_lines(memory) == {8}
    promoted = NearbyEntry(8, "Backup runs at 03:00.", 0.95, None, "already present", None)
    outdated = NearbyEntry(3, "Backup runs at 02:00.", 0.7, None, "may conflict", "time")
    other = NearbyEntry(3, "Backup runs at 02:00.", 0.7, None, None, None)
    assert [e.line for e in replace_targets([promoted, outdated], memory)] == [3, 8]
    assert replace_targets([promoted, other], memory)[0] is other


def test_tags_worth_showing() -> None:
    tags = ["a1b2c3", "main/2026-11-28-a1b2c3.jsonl", "jsonl", "the", "memory.md", "user"]
    assert display_tags([*tags, "tidepool", "pg-core-1", "灯塔"]) == (
        "tidepool",
        "pg-core-1",
        "灯塔",
    )
    entries = [{"conceptTags": ["a1b2c3", "vlan"]}, {"conceptTags": ["vlan", "2026-11-28"]}]
    assert top_tags(entries) == [("vlan", 2)]


def test_the_recall_count_is_written_as_openclaw_writes_a_number() -> None:
    from reverie.core.dreaming.promote import promotion_bullet

    cand = {"path": "memory/a.md", "startLine": 1, "endLine": 2, "score": 0.9, "avgScore": 0.8}
    assert "recalls=4 " in promotion_bullet({**cand, "recallCount": 4}, "x")
    # a damaged ledger's huge count: JavaScript's String(1e30), not 31 digits
    assert "recalls=1e+30 " in promotion_bullet({**cand, "recallCount": int(1e30)}, "x")
