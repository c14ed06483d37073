"""The Telos parser on the shapes real files take: personal, corporate, split, broken."""

from __future__ import annotations

import datetime as _dt
from pathlib import Path

import pytest

from reverie.core.telos import parse_sources, parse_telos
from reverie.core.telos.parser import TelosSource, split_cells

FIXTURES = Path(__file__).parent / "fixtures"


def _doc(name: str):
    return parse_telos((FIXTURES / name).read_text(encoding="utf-8"), name)


def _keys(doc, section: str) -> list[str]:
    return [item.key for item in doc.in_section(section)]


def test_personal_sections_ids_and_weights() -> None:
    doc = _doc("personal.md")
    assert _keys(doc, "problem") == ["P1"]
    assert _keys(doc, "mission") == ["M1"]
    assert _keys(doc, "goal") == ["G1", "G2", "G3"]
    assert _keys(doc, "challenge") == ["C1", "C2"]
    assert [i.weight for i in doc.in_section("goal")] == [1.0, 0.5, 0.25]
    g1 = doc.item("G1")
    assert g1 is not None
    assert g1.text == "Ship the restore-check CLI 1.0 by July of 2026"
    assert g1.line == 28
    assert g1.deadline is not None and g1.deadline.date == _dt.date(2026, 7, 31)
    # "by 40" is an age, not a deadline
    g3 = doc.item("G3")
    assert g3 is not None and g3.deadline is None


def test_personal_context_sections_are_not_items() -> None:
    doc = _doc("personal.md")
    texts = [item.text for item in doc.items]
    assert not any("Penang" in t for t in texts)  # HISTORY
    assert not any("Checklist" in t for t in texts)  # BEST BOOKS
    assert _keys(doc, "metric") == ["K1", "K2"]


def test_personal_predictions_have_confidence() -> None:
    doc = _doc("personal.md")
    predictions = doc.in_section("prediction")
    assert [p.confidence for p in predictions] == [0.7, 0.85]
    assert predictions[0].text == "Most clinic software moves to hosted offerings by 2028"
    assert predictions[1].deadline is not None
    assert predictions[1].deadline.date == _dt.date(2026, 6, 30)


def test_personal_journal_dates_are_day_first_and_bad_lines_reported() -> None:
    doc = _doc("personal.md")
    assert [(e.date, e.line) for e in doc.journal] == [
        (_dt.date(2026, 1, 12), 61),
        (_dt.date(2026, 2, 3), 62),
    ]
    lines = {p.line: p.message for p in doc.problems}
    assert "without a date" in lines[63]  # 14/13/2026 is no date
    assert "without a date" in lines[64]


def test_corporate_title_case_sections_and_team_prefixes() -> None:
    doc = _doc("corporate.md")
    assert _keys(doc, "goal") == ["G1", "G2", "G3", "SG1", "SG2"]
    # each heading starts a new list: the team's goals are weighted from 1 again
    assert [i.weight for i in doc.in_section("goal")] == [1.0, 0.5, 0.25, 1.0, 0.5]
    assert _keys(doc, "mission") == ["SM1"]
    g3 = doc.item("G3")
    assert g3 is not None and g3.deadline is not None
    assert g3.deadline.date == _dt.date(2026, 9, 30)  # Q3 2026
    strategies = doc.in_section("strategy")
    assert strategies[0].text.startswith("Open formats: publish")
    assert strategies[0].id is None
    assert [s.text for s in strategies[2:]] == [
        "Hire two data reliability engineers",
        "Move every feed to the streaming pipeline",
    ]
    # overview bullets ("Headquarters") and the team table are context, not items
    assert not any(i.text == "Rotterdam" or "Ines Vos" in i.text for i in doc.items)
    assert not any(i.text.startswith("Headquarters") for i in doc.items)


def test_corporate_duplicate_ids_kept_and_reported() -> None:
    doc = _doc("corporate.md")
    assert _keys(doc, "metric") == ["K1", "K2", "K3", "K3#2"]
    dup = doc.item("K3#2")
    assert dup is not None and dup.id == "K3" and dup.line == 40
    assert any(p.line == 40 and "duplicate id K3" in p.message for p in doc.problems)


def test_corporate_pipe_rows() -> None:
    doc = _doc("corporate.md")
    risks = doc.in_section("risk")
    assert [r.id for r in risks] == ["CR1", "CR2"]
    assert risks[0].text == "Data residency rules delay the Singapore launch"
    assert dict(risks[0].columns)["LIKELIHOOD"] == "Medium"
    projects = doc.in_section("project")
    assert [p.text for p in projects] == [
        "Streaming Ingest: Move batch feeds to Kafka",
        "Restore Drills: Monthly restore drills per operator",
        "Schema Registry: Publish schemas for SG1",
    ]
    assert [p.priority for p in projects] == ["Critical", "High", "Medium"]
    assert [p.weight for p in projects] == [1.0, 0.5, 0.25]
    assert projects[0].deadline is not None
    assert projects[0].deadline.date == _dt.date(2026, 6, 30)  # END DATE column
    assert any(p.line == 87 and "6 cells" in p.message for p in doc.problems)


def test_corporate_current_state_is_the_journal() -> None:
    doc = _doc("corporate.md")
    assert [e.date for e in doc.journal] == [
        _dt.date(2025, 10, 1),
        _dt.date(2026, 1, 1),
        _dt.date(2026, 3, 1),
        _dt.date(2026, 4, 1),
    ]
    assert doc.journal[0].text == "180 paying operators"


def _split_sources() -> list[TelosSource]:
    from reverie.core.telos.sections import section_for_filename

    names = ["MISSION.md", "GOALS.md", "STRATEGIES.md", "PROJECTS.md", "BELIEFS.md"]
    return [
        TelosSource(
            f"telos/{name}",
            (FIXTURES / "split" / name).read_text(encoding="utf-8"),
            section_for_filename(Path(name).stem),
        )
        for name in names
    ]


def test_split_files_bold_ids_from_zero() -> None:
    doc = parse_sources(_split_sources())
    assert _keys(doc, "mission") == ["M0", "M1"]
    assert _keys(doc, "goal") == ["G0", "G1", "G0#2"]
    assert _keys(doc, "strategy") == ["S0", "S1"]
    assert _keys(doc, "belief") == ["B0"]
    g0 = doc.item("G0")
    assert g0 is not None and g0.number == 0 and g0.path == "telos/GOALS.md"
    assert g0.text == "Release a local-first notes app by 2026-09 (serves M0)"
    assert g0.deadline is not None and g0.deadline.date == _dt.date(2026, 9, 30)
    assert any(p.path == "telos/GOALS.md" and "duplicate id G0" in p.message for p in doc.problems)


def test_split_markdown_table_projects() -> None:
    doc = parse_sources(_split_sources())
    projects = doc.in_section("project")
    assert [(p.id, p.text, p.priority) for p in projects] == [
        ("PRJ0", "Notes app beta", "High"),
        ("PRJ1", "Sync server", "Medium"),
        ("PRJ2", "Website", None),
    ]
    assert dict(projects[0].columns)["GOAL"] == "G0"
    assert any(p.path == "telos/PROJECTS.md" and p.line == 7 for p in doc.problems)


def test_broken_input_is_reported_with_line_numbers() -> None:
    doc = _doc("broken.md")
    messages = {p.line: p.message for p in doc.problems}
    assert "has no number" in messages[7]
    assert "G2 has no text" in messages[8]
    assert "C7 is written under GOALS" in messages[9]
    assert "140%" in messages[18]
    assert "without a date" in messages[27]
    assert "never closed" in messages[29]
    keys = [i.key for i in doc.items]
    assert "G4" not in keys and "G5" not in keys  # inside code blocks
    g3 = doc.item("G3")
    assert g3 is not None and g3.done
    # an id before any heading is still read, by its prefix
    g9 = doc.item("G9")
    assert g9 is not None and g9.section == "goal"
    alpha, beta = doc.in_section("project")
    assert (alpha.text, alpha.priority) == ("Alpha | Critical", "Critical")
    assert beta.line == 23


def test_file_without_sections_is_reported() -> None:
    doc = parse_telos("Just some notes.\n- a bullet\n", "TELOS.md")
    assert doc.items == ()
    assert doc.problems[0].line == 0
    assert "no Telos section" in doc.problems[0].message


def test_chinese_sections_deadlines_and_journal() -> None:
    doc = _doc("chinese.md")
    assert _keys(doc, "mission") == ["M1"]
    assert _keys(doc, "goal") == ["G1", "G2"]
    g1 = doc.item("G1")
    assert g1 is not None and g1.text == "2026年10月前完成妈妈的手机相册备份"
    assert g1.deadline is not None and g1.deadline.date == _dt.date(2026, 10, 31)
    assert [e.date for e in doc.journal] == [_dt.date(2026, 11, 20), _dt.date(2026, 11, 25)]
    assert doc.problems == ()


@pytest.mark.parametrize(
    ("line", "key", "text"),
    [
        ("- G1: plain", "G1", "plain"),
        ("- **G1**: bold outside", "G1", "bold outside"),
        ("- **G1:** bold inside", "G1", "bold inside"),
        ("* G1 - dash separated", "G1", "dash separated"),
        ("1. G1) numbered", "G1", "numbered"),
        ("- [ ] G1: a task", "G1", "a task"),
        ("- g1: lower case is not an id", None, "g1: lower case is not an id"),
        ("- G1 without separator", None, "G1 without separator"),
    ],
)
def test_item_id_styles(line: str, key: str | None, text: str) -> None:
    doc = parse_telos(f"## GOALS\n\n{line}\n")
    (item,) = doc.items
    assert item.id == key
    assert item.text == text


def test_indented_bullets_are_details_and_weights_restart_per_heading() -> None:
    doc = parse_telos(
        "## GOALS\n### Health\n- G1: run\n  - three times a week\n- G2: sleep\n"
        "### Work\n- G3: ship\n"
    )
    assert [(i.key, i.weight) for i in doc.items] == [("G1", 1.0), ("G2", 0.5), ("G3", 1.0)]
    assert doc.items[0].details == ("three times a week",)
    assert doc.items[0].heading == "Health"


def test_journal_under_dated_headings() -> None:
    doc = parse_telos("## JOURNAL\n### 2026-11-20\n- shipped the beta\n- called Sam\n")
    assert [(e.date, e.text) for e in doc.journal] == [
        (_dt.date(2026, 11, 20), "shipped the beta"),
        (_dt.date(2026, 11, 20), "called Sam"),
    ]


def test_split_cells() -> None:
    assert split_cells("| a | b \\| c | d |") == ["a", "b | c", "d"]
    assert split_cells("a | b") == ["a", "b"]


def test_bom_and_crlf_are_read() -> None:
    doc = parse_telos("\ufeff# TELOS\r\n\r\n## GOALS\r\n- G1: first\r\n- G2: second\r\n")
    assert [(i.key, i.text, i.line) for i in doc.items] == [("G1", "first", 4), ("G2", "second", 5)]
    assert doc.problems == ()
