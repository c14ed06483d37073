"""Problems of the chain as written: dangling references and circles; reading problems as
phrases an interface can translate."""

from __future__ import annotations

import datetime as _dt
from pathlib import Path

import pytest

from reverie.core.phrase import Said
from reverie.core.telos import build_report, load_telos, parse_telos
from reverie.core.telos.references import written_references

TODAY = _dt.date(2026, 11, 30)


def _problems(text: str) -> list[tuple[int, str]]:
    report = build_report(parse_telos(text, "TELOS.md"), [], TODAY)
    return [(p.line, str(p.message)) for p in report.document.problems]


def test_reference_to_an_id_no_file_defines_is_reported() -> None:
    text = "## GOALS\r\n- G1: CRLF goal one (S9)\r\n- G2: fine (G1)\r\n"
    assert _problems(text) == [(2, "G1 refers to S9, which no Telos file defines")]
    report = build_report(parse_telos(text, "TELOS.md"), [], TODAY)
    assert report.status("G1").unlinked is False  # type: ignore[union-attr]  # G2 serves it


def test_circle_is_reported_once_in_the_order_items_serve_each_other() -> None:
    text = "## GOALS\n- G1: top\n- G2: cyclic (G3)\n- G3: cyclic back (G2)\n"
    assert _problems(text) == [(3, "cycle in the chain: G2 → G3 → G2")]
    longer = "## STRATEGIES\n- S1: a (for S2)\n- S2: b (for S3)\n- S3: c (for S1)\n- S4: d (S1)\n"
    assert _problems(longer) == [(2, "cycle in the chain: S1 → S2 → S3 → S1")]


def test_a_sound_chain_has_no_problems() -> None:
    text = (
        "## PROBLEMS\n- P1: p\n## MISSION\n- M1: m (P1)\n## GOALS\n- G1: g (serves M1)\n"
        "- G2: Climb a V6 by Q3 2027\n## STRATEGIES\n- S1: s (for G1, G2)\n"
        "## PROJECTS\nID | PROJECT | SERVES | PRIORITY\nPRJ1 | Cutover | G1, S1 | P1\n"
        "## RISKS\n- R1: r (G2)\n"
    )
    assert _problems(text) == []


@pytest.mark.parametrize(
    ("text", "refs"),
    [
        ("- G1: x (S9)", ["S9"]),
        ("- G1: x (for G0, G4 and G5)", ["G0", "G4", "G5"]),
        ("- G1: serves M3", ["M3"]),
        ("- G1: blocks G7)", ["G7"]),
        ("- G1: 推进 G8", ["G8"]),
        ("- G1: Climb a V6 at Crux Yard", []),  # V is no Telos prefix
        ("- G1: Launch by Q3 2026", []),
        ("- G1: Move logs to S3", []),  # an id that only ends the text
        ("- G1: Buy a laptop (M2 chip)", []),
        ("- G1: Upgrade to M2, then M3 next year", []),
        ("- G1: Page on P1–P4 alerts (P1/P2)", []),
        ("- G1: about myself (G1)", []),  # its own id
    ],
)
def test_what_counts_as_a_reference(text: str, refs: list[str]) -> None:
    item = parse_telos(f"## GOALS\n{text}\n").items[0]
    assert written_references(item) == refs


def test_table_cells_of_ids_are_references_but_priorities_are_not() -> None:
    headed = parse_telos(
        "## PROJECTS\nID | PROJECT | SERVES | PRIORITY\nPRJ1 | Cutover | G1, G9 | P1\n"
    )
    assert written_references(headed.items[0]) == ["G1", "G9"]
    bare = parse_telos("## PROJECTS\nWebsite | G4 | P2\n")
    assert bare.items[0].priority == "P2"
    assert written_references(bare.items[0]) == ["G4"]


def test_reading_problems_are_phrases_without_the_file_name(tmp_path: Path) -> None:
    folder = tmp_path / "telos"
    folder.mkdir()
    (folder / "CHALLENGES.md").write_bytes(b"## CHALLENGES\n- C1: x\n\x00")
    (folder / "GOALS.md").write_text(
        "## GOALS\n- G1: a\n- G1: b\n## LOG\n- no date\n", encoding="utf-8"
    )
    (tmp_path / "outside.md").write_text("## MISSION\n- M1: m\n", encoding="utf-8")
    (folder / "MISSION.md").symlink_to(tmp_path / "outside.md")
    doc = load_telos(tmp_path)
    found = {(p.path, p.line): p.message for p in doc.problems}
    assert found == {
        ("telos/MISSION.md", 0): "symbolic link: linked files are not read",
        ("telos/CHALLENGES.md", 0): "binary file (NUL byte at offset 22); not Markdown text",
        ("telos/GOALS.md", 3): "duplicate id G1 (also at line 2)",
        ("telos/GOALS.md", 5): "journal line without a date (write it as 'DD/MM/YYYY: ...')",
    }
    assert all(isinstance(message, Said) for message in found.values())
    report = build_report(parse_telos("## GOALS\n- G1: x (S9)\n"), [], TODAY)
    assert all(isinstance(p.message, Said) for p in report.document.problems)
