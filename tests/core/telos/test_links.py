"""The purpose chain, mentions in memory lines, neglected and unlinked items."""

from __future__ import annotations

import datetime as _dt
import json
import shutil
from pathlib import Path

import pytest

from reverie.core.telos import MemoryLine, build_report, load_telos, parse_telos, telos_report
from reverie.core.workspace import Workspace

FIXTURES = Path(__file__).parent / "fixtures"
TODAY = _dt.date(2026, 11, 30)

TELOS = """# TELOS

## PROBLEMS
- P1: Small clinics lose patient records because backups are never tested

## MISSION
- M1: Make restore-tested backups the default for small clinics

## GOALS
- G1: Ship the restore-check CLI by July of 2026
- G2: Fifty clinics run weekly restore drills

## CHALLENGES
- C1: Little time next to the day job (blocks G1)

## STRATEGIES
- S1: Pair with two pilot clinics for G2

## PROJECTS
Restore Check CLI | G1 | High
Clinic Pilots | S1 | Medium
Website refresh | Low
"""


def _lines() -> list[MemoryLine]:
    return [
        MemoryLine(
            "memory/2026-11-25.md",
            3,
            "- Worked on G1 tonight: flags parsing.",
            TODAY - _dt.timedelta(days=5),
        ),
        MemoryLine(
            "memory/2026-09-01.md",
            4,
            "- Two pilot clinics signed up for restore drills.",
            _dt.date(2026, 9, 1),
        ),
        MemoryLine("memory/2026-11-28.md", 2, "- Dentist at 09:00.", _dt.date(2026, 11, 28)),
        MemoryLine("memory/projects.md", 7, "- Clinic Pilots: kickoff call notes.", None),
        MemoryLine(
            "memory/2026-11-29.md",
            5,
            "- The restore check cli got a --json flag.",
            _dt.date(2026, 11, 29),
        ),
    ]


def test_chain_links_explicit_and_implied() -> None:
    report = build_report(parse_telos(TELOS), _lines(), TODAY)
    links = {(link.child, link.parent): link.kind for link in report.links}
    assert links[("M1", "P1")] == "implied"  # one problem above
    assert links[("G1", "M1")] == "implied"
    assert links[("C1", "G1")] == "explicit"
    assert links[("S1", "G2")] == "explicit"
    project_keys = [s.item.key for s in report.items if s.item.section == "project"]
    assert links[(project_keys[0], "G1")] == "explicit"
    assert links[(project_keys[1], "S1")] == "explicit"
    website = report.status(project_keys[2])
    assert website is not None and website.unlinked and not website.parents
    assert not report.status("G1").unlinked  # type: ignore[union-attr]


def test_mentions_by_id_and_by_words() -> None:
    report = build_report(parse_telos(TELOS), _lines(), TODAY)
    g1 = report.status("G1")
    assert g1 is not None
    assert [(m.path, m.via) for m in g1.mentions] == [
        ("memory/2026-11-29.md", "search"),  # "restore check cli": the goal's words
        ("memory/2026-11-25.md", "id"),
    ]
    g2 = report.status("G2")
    assert g2 is not None
    assert [(m.path, m.via) for m in g2.mentions] == [("memory/2026-09-01.md", "search")]
    pilots = next(s for s in report.items if s.item.text.startswith("Clinic Pilots"))
    assert [m.path for m in pilots.mentions] == ["memory/2026-09-01.md", "memory/projects.md"]
    cli = next(s for s in report.items if s.item.text.startswith("Restore Check CLI"))
    assert [m.path for m in cli.mentions][0] == "memory/2026-11-29.md"
    # a line about something else mentions nothing
    assert not any(m.path == "memory/2026-11-28.md" for s in report.items for m in s.mentions)


def test_neglected_goals_and_projects() -> None:
    report = build_report(parse_telos(TELOS), _lines(), TODAY, neglect_days=14)
    neglected = {s.item.key for s in report.items if s.neglected}
    pilots = next(s for s in report.items if s.item.text.startswith("Clinic Pilots"))
    website = next(s for s in report.items if s.item.text.startswith("Website"))
    # G2 and Clinic Pilots were last mentioned in September (and an undated topic file)
    assert "G2" in neglected
    assert pilots.item.key in neglected
    assert website.item.key in neglected
    assert "G1" not in neglected
    # problems, missions and challenges are never "neglected"
    assert not {"P1", "M1", "C1"} & neglected
    longer = build_report(parse_telos(TELOS), _lines(), TODAY, neglect_days=120)
    assert "G2" not in {s.item.key for s in longer.items if s.neglected}


def test_journal_lines_count_as_mentions() -> None:
    text = TELOS + "\n## LOG\n- 20/11/2026: Called a clinic about G2\n"
    report = build_report(parse_telos(text), [], TODAY)
    g2 = report.status("G2")
    assert g2 is not None and not g2.neglected
    assert g2.last_mentioned == _dt.date(2026, 11, 20)


def test_duplicate_ids_both_get_mentions() -> None:
    doc = parse_telos("## GOALS\n- G1: one\n- G1: two\n")
    report = build_report(doc, [MemoryLine("memory/a.md", 1, "about G1", None)], TODAY)
    assert [len(s.mentions) for s in report.items] == [1, 1]


def test_report_json_shape() -> None:
    report = build_report(parse_telos(TELOS), _lines(), TODAY)
    data = json.loads(json.dumps(report.to_json()))
    item = data["items"][0]
    for key in ("id", "section", "text", "weight", "line", "mentions", "neglected"):
        assert key in item
    g1 = next(i for i in data["items"] if i["id"] == "G1")
    assert g1["mentions"][1] == {
        "path": "memory/2026-11-25.md",
        "startLine": 3,
        "date": "2026-11-25",
        "via": "id",
        "text": "- Worked on G1 tonight: flags parsing.",
    }
    assert data["problems"] == []


def test_workspace_report_reads_split_folder_and_notes(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    shutil.copytree(FIXTURES / "split", root / "memory" / "telos")
    (root / "memory" / "2026-11-27.md").write_text(
        "# 2026-11-27\n- Notes app beta: fixed the sync crash (PRJ0)\n", encoding="utf-8"
    )
    (root / "MEMORY.md").write_text("# MEMORY\n- Prefers local-first tools.\n", encoding="utf-8")
    report = telos_report(Workspace(root), TODAY, neglect_days=14)
    assert report.document.sources[:2] == ("memory/telos/MISSION.md", "memory/telos/GOALS.md")
    prj0 = report.status("PRJ0")
    assert prj0 is not None and not prj0.neglected
    assert [m.path for m in prj0.mentions] == ["memory/2026-11-27.md"]
    # the Telos files themselves are no mentions of their own items
    assert all(not m.path.startswith("memory/telos/") for s in report.items for m in s.mentions)


def test_unreadable_telos_file_is_an_error_problem(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    root.mkdir()
    (root / "TELOS.md").write_bytes(b"## GOALS\n- G1: \xff\xfe broken\n")
    doc = load_telos(root)
    assert doc.items == ()
    assert doc.problems[0].severity == "error"
    assert "UTF-8" in doc.problems[0].message


def test_linked_telos_file_is_not_followed(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    root.mkdir()
    outside = tmp_path / "elsewhere.md"
    outside.write_text("## GOALS\n- G1: secret\n", encoding="utf-8")
    (root / "TELOS.md").symlink_to(outside)
    doc = load_telos(root)
    assert doc.items == ()
    assert "symbolic link" in doc.problems[0].message


@pytest.mark.parametrize(
    ("line", "counts"),
    [
        ("- Worked on G1 tonight", True),
        ("- G1: parser done", True),
        ("- Shipped the parser (G1)", True),
        ("- 推进 G1 的解析器", True),
        ("- Done for today, see G1", True),
        ("- the G1 page should include the runbook link", False),
        ("- Silences: G1/G2 need approval", False),
        ("- 告警分级标准（G1–G4）", False),
    ],
)
def test_ids_count_only_as_references(line: str, counts: bool) -> None:
    doc = parse_telos("## GOALS\n- G1: Ship the parser\n- G2: x\n- G4: y\n")
    report = build_report(doc, [MemoryLine("memory/a.md", 1, line, TODAY)], TODAY)
    g1 = report.status("G1")
    assert g1 is not None
    assert any(m.via == "id" for m in g1.mentions) is counts


def test_index_lines_give_the_same_report_as_the_files(tmp_path: Path) -> None:
    from reverie.core.service import MemoryService
    from reverie.core.telos import index_memory_lines, memory_lines

    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "memory" / "TELOS.md").write_text(TELOS, encoding="utf-8")
    for line in _lines():
        if line.date is not None:
            note = root / "memory" / f"{line.date.isoformat()}.md"
            note.write_text(f"# {line.date}\n\n{line.text}\n", encoding="utf-8")
    (root / "memory" / "projects.md").write_text(
        "# Projects\n- Clinic Pilots: kickoff\n", encoding="utf-8"
    )
    service = MemoryService(root, data_dir=tmp_path / "data", model_name="hash")
    try:
        service.sync()
        from_index = index_memory_lines(service.reader())
        from_files = memory_lines(service.workspace)
        assert {(m.path, m.line, m.text) for m in from_index} == {
            (m.path, m.line, m.text) for m in from_files
        }
        assert all(m.terms is not None for m in from_index)
        assert not any(m.path == "memory/TELOS.md" for m in from_index)
        a = telos_report(service.workspace, TODAY, index=service.reader())
        b = telos_report(service.workspace, TODAY)
        assert [(s.item.key, s.mention_count, s.neglected) for s in a.items] == [
            (s.item.key, s.mention_count, s.neglected) for s in b.items
        ]
        assert a.status("G1").mention_count == 2  # type: ignore[union-attr]
    finally:
        service.close()
