"""Three-way merge of an editor buffer with the file on disk (base = the loaded text)."""

from __future__ import annotations

import pytest

from reverie.core.merge import Resolution, three_way_merge
from reverie.core.textfile import TextFormat, decode_for_editor, encode_from_editor

BASE = "# 2026-11-02\n\n## 09:00 ops\n- Moved the gateway to VLAN 30.\n- Meetings with Dana.\n"


def test_non_overlapping_changes_merge_cleanly() -> None:
    mine = BASE.replace("Meetings with Dana", "Meeting with Dana and Lee")
    theirs = BASE + "- appended by the agent\n"
    result = three_way_merge(BASE, mine, theirs)
    assert result.clean and result.conflict_count == 0
    assert result.text() == mine + "- appended by the agent\n"


def test_same_change_on_both_sides_is_not_a_conflict() -> None:
    both = BASE.replace("VLAN 30", "VLAN 31")
    result = three_way_merge(BASE, both, both)
    assert result.clean and result.text() == both


def test_overlapping_changes_are_conflicts_with_every_side() -> None:
    mine = BASE.replace("VLAN 30", "VLAN 31")
    theirs = BASE.replace("VLAN 30", "VLAN 32") + "- appended\n"
    result = three_way_merge(BASE, mine, theirs)
    assert not result.clean and result.conflict_count == 1
    conflict = result.conflicts[0]
    assert conflict.base == ("- Moved the gateway to VLAN 30.\n",)
    assert conflict.mine == ("- Moved the gateway to VLAN 31.\n",)
    assert conflict.theirs == ("- Moved the gateway to VLAN 32.\n",)
    assert result.text([Resolution.THEIRS]) == theirs
    assert result.text([Resolution.MINE]) == mine + "- appended\n"
    both = result.text([Resolution.MINE_THEN_THEIRS])
    assert "VLAN 31.\n- Moved the gateway to VLAN 32.\n" in both
    assert result.text([Resolution.BASE]) == BASE + "- appended\n"


def test_conflict_resolutions_must_cover_every_conflict() -> None:
    result = three_way_merge("a\n", "b\n", "c\n")
    with pytest.raises(ValueError):
        result.text()


def test_appends_on_both_sides_at_the_end_conflict() -> None:
    result = three_way_merge(BASE, BASE + "- mine\n", BASE + "- theirs\n")
    assert result.conflict_count == 1
    assert result.text([Resolution.THEIRS_THEN_MINE]) == BASE + "- theirs\n- mine\n"


def test_missing_final_newline_merges() -> None:
    base = "a\nb"
    result = three_way_merge(base, "A\nb", "a\nb\nc\n")
    assert result.clean and result.text() == "A\nb\nc\n"


@pytest.mark.parametrize(
    "raw, newline, bom",
    [
        ("a\nb\n", "\n", False),
        ("a\r\nb\r\n", "\r\n", False),
        ("\ufeffa\r\nb", "\r\n", True),
        ("\ufeffa\nb\n", "\n", True),
        ("a\r\nb\r\nc\n", "\r\n", False),
        ("single line", "\n", False),
    ],
)
def test_text_format_round_trips(raw: str, newline: str, bom: bool) -> None:
    buffer, fmt = decode_for_editor(raw)
    assert fmt == TextFormat(newline=newline, bom=bom)
    assert "\r" not in buffer and not buffer.startswith("\ufeff")
    if raw.count("\r\n") in (0, raw.count("\n")):  # one kind of line ending
        assert encode_from_editor(buffer, fmt) == raw
