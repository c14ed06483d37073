"""Health actions: exact bytes of MEMORY.md, the archive and the audit log after each
action and after undo; refusal when a file changed underneath."""

from __future__ import annotations

import hashlib
import itertools
import json
from dataclasses import replace
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from reverie.core.health.actions import (
    FileChanged,
    HealthActionError,
    act,
    archived_entries,
    plan_action,
    restore,
    undo_last,
)
from reverie.core.health.archive import ARCHIVE_HEADER
from reverie.core.health.audit_log import AuditLog
from reverie.core.health.findings import review_workspace
from reverie.core.health.locations import ARCHIVE_PATH, AUDIT_LOG_PATH
from reverie.core.health.model import DUPLICATE, STALE, UPDATE, Finding
from reverie.core.workspace import Workspace

from .conftest import MEMORY, NOW

AT = datetime(2026, 6, 1, 9, 30, tzinfo=UTC)
AT2 = datetime(2026, 6, 1, 9, 45, tzinfo=UTC)


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _finding(root: Path, kind: str, needle: str):
    report = review_workspace(Workspace(root), NOW, record_first_seen=False)
    return next(f for f in report.findings if f.kind == kind and needle in f.text)


def _log_lines(root: Path) -> list[str]:
    return (root / AUDIT_LOG_PATH).read_text(encoding="utf-8").splitlines(keepends=True)


def _line(record: dict) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"


OLD_BUILD = "- The build server is ci-old-3 (Jenkins, Frankfurt rack)."
BUILD_EVIDENCE = {
    "path": "memory/2026-04-10.md",
    "startLine": 3,
    "endLine": 3,
    "text": "ci-old-3 was shut down today; builds run on ci-new-1 now.",
    "date": "2026-04-10",
}
RETIRE_BLOCK = (
    "\n## 2026-06-01 · retired from MEMORY.md line 4\n"
    "<!-- reverie-archive:1 -->\n"
    f"> {OLD_BUILD}\n"
    "\n"
    "- Reason: ci-old-3 is gone\n"
    "- Superseded by: ci-old-3 was shut down today; builds run on ci-new-1 now.\n"
    "- Evidence: memory/2026-04-10.md:3 (2026-04-10) "
    "ci-old-3 was shut down today; builds run on ci-new-1 now.\n"
)


def test_retire_moves_the_entry_to_the_archive_and_undo_puts_it_back(health_ws: Path) -> None:
    finding = _finding(health_ws, UPDATE, "The build server")
    plan = plan_action(health_ws, finding, "retire", reason="ci-old-3 is gone", now=AT)
    assert f"-{OLD_BUILD}\n" in plan.diff and "+> " + OLD_BUILD in plan.diff
    assert not (health_ws / ARCHIVE_PATH).exists()  # a plan writes nothing

    record = act(health_ws, finding, "retire", reason="ci-old-3 is gone", now=AT)

    memory_after = MEMORY.replace(OLD_BUILD + "\n", "")
    archive_after = ARCHIVE_HEADER + RETIRE_BLOCK
    assert (health_ws / "MEMORY.md").read_bytes() == memory_after.encode()
    assert (health_ws / ARCHIVE_PATH).read_bytes() == archive_after.encode()
    expected = {
        "seq": 1,
        "at": "2026-06-01T09:30:00+00:00",
        "action": "retire",
        "findingId": finding.id,
        "kind": UPDATE,
        "entryKey": finding.entry_key,
        "path": "MEMORY.md",
        "startLine": 4,
        "endLine": 4,
        "before": OLD_BUILD,
        "after": None,
        "reason": "ci-old-3 is gone",
        "evidence": [BUILD_EVIDENCE],
        "place": {
            "above": "## Work",
            "gapAbove": 0,
            "below": "- Releases are cut on Fridays.",
            "gapBelow": 0,
            "heading": "## Work",
        },
        "edits": [{"line": 4, "old": [OLD_BUILD], "new": []}],
        "archiveEdit": {"offset": 0, "removed": "", "inserted": archive_after, "created": True},
        "memorySha256Before": _sha(MEMORY.encode()),
        "memorySha256After": _sha(memory_after.encode()),
        "archiveSha256Before": _sha(b""),
        "archiveSha256After": _sha(archive_after.encode()),
    }
    assert record == expected
    assert _log_lines(health_ws) == [_line(expected)]

    undo = undo_last(health_ws, now=AT2)
    assert (health_ws / "MEMORY.md").read_bytes() == MEMORY.encode()
    assert not (health_ws / ARCHIVE_PATH).exists()
    undo_expected = {
        "seq": 2,
        "at": "2026-06-01T09:45:00+00:00",
        "action": "undo",
        "undoes": 1,
        "undoneAction": "retire",
        "findingId": finding.id,
        "memorySha256After": _sha(MEMORY.encode()),
    }
    assert undo == undo_expected
    assert _log_lines(health_ws) == [_line(expected), _line(undo_expected)]
    with pytest.raises(HealthActionError, match="nothing to undo"):
        undo_last(health_ws)


def test_update_replaces_the_entry_keeps_the_bullet_and_archives_the_old_line(
    health_ws: Path,
) -> None:
    finding = _finding(health_ws, UPDATE, "Releases are cut on Fridays")
    record = act(
        health_ws, finding, "update", text="Releases are cut on Tuesdays.", reason="new day", now=AT
    )
    memory_after = MEMORY.replace(
        "- Releases are cut on Fridays.\n", "- Releases are cut on Tuesdays.\n"
    )
    block = (
        "\n## 2026-06-01 · replaced from MEMORY.md line 5\n"
        "<!-- reverie-archive:1 -->\n"
        "> - Releases are cut on Fridays.\n"
        "\n"
        "- Reason: new day\n"
        "- Superseded by: Releases are cut on Tuesdays.\n"
        "- Evidence: memory/2026-05-06.md:3 (2026-05-06) From now on we release on Tuesdays.\n"
    )
    assert (health_ws / "MEMORY.md").read_bytes() == memory_after.encode()
    assert (health_ws / ARCHIVE_PATH).read_bytes() == (ARCHIVE_HEADER + block).encode()
    assert record["before"] == "- Releases are cut on Fridays."
    assert record["after"] == "- Releases are cut on Tuesdays."
    assert record["edits"] == [
        {
            "line": 5,
            "old": ["- Releases are cut on Fridays."],
            "new": ["- Releases are cut on Tuesdays."],
        }
    ]
    assert _log_lines(health_ws) == [_line(record)]

    # a second action appends to the same archive; undo reverses the latest only
    retire = act(health_ws, _finding(health_ws, UPDATE, "王芳"), "retire", now=AT2)
    archive_two = (health_ws / ARCHIVE_PATH).read_text(encoding="utf-8")
    assert archive_two.startswith(ARCHIVE_HEADER + block)
    assert "<!-- reverie-archive:2 -->\n> - 王芳负责移动端团队。\n" in archive_two
    assert retire["archiveEdit"]["offset"] == len(ARCHIVE_HEADER + block)
    undo_last(health_ws, now=AT2)
    assert (health_ws / "MEMORY.md").read_bytes() == memory_after.encode()
    assert (health_ws / ARCHIVE_PATH).read_bytes() == (ARCHIVE_HEADER + block).encode()
    undo_last(health_ws, now=AT2)
    assert (health_ws / "MEMORY.md").read_bytes() == MEMORY.encode()
    assert not (health_ws / ARCHIVE_PATH).exists()
    assert [json.loads(line)["action"] for line in _log_lines(health_ws)] == [
        "update",
        "retire",
        "undo",
        "undo",
    ]


def test_merge_keeps_the_first_with_the_merged_text_and_archives_the_duplicate(
    health_ws: Path,
) -> None:
    finding = _finding(health_ws, DUPLICATE, "Builds run on ci-old-3")
    merged = "The build server is ci-old-3 (Jenkins, Frankfurt rack); promoted twice."
    record = act(health_ws, finding, "merge", text=merged, now=AT)
    promoted_marker = "<!-- openclaw-memory-promotion:memory:memory/2026-02-03.md:3:3 -->\n"
    promoted = (
        "- Builds run on ci-old-3 in the Frankfurt rack (Jenkins). [score=0.812 recalls=4 "
        "avg=0.700 source=memory/2026-02-03.md:3-3]\n"
    )
    memory_after = MEMORY.replace(OLD_BUILD, "- " + merged).replace(promoted_marker + promoted, "")
    assert (health_ws / "MEMORY.md").read_bytes() == memory_after.encode()
    archive = (health_ws / ARCHIVE_PATH).read_text(encoding="utf-8")
    assert archive == ARCHIVE_HEADER + (
        "\n## 2026-06-01 · merged from MEMORY.md line 17\n"
        "<!-- reverie-archive:1 -->\n"
        f"> {promoted_marker}> {promoted}"
        "\n"
        # the kept entry's own words, which the merged text replaced, are kept too
        f"- Superseded by: {merged} (line 4 said before: {OLD_BUILD[2:]})\n"
    )
    assert record["edits"] == [
        {"line": 4, "old": [OLD_BUILD], "new": ["- " + merged]},
        {"line": 16, "old": [promoted_marker[:-1], promoted[:-1]], "new": []},
    ]
    undo_last(health_ws, now=AT2)
    assert (health_ws / "MEMORY.md").read_bytes() == MEMORY.encode()
    assert not (health_ws / ARCHIVE_PATH).exists()


def test_restoring_a_merged_duplicate_keeps_the_kept_entry_s_earlier_words(
    health_ws: Path,
) -> None:
    """The merged text stays in MEMORY.md when the duplicate comes back: what the kept
    entry said before the merge stays in the archive, not only in the audit log."""
    finding = _finding(health_ws, DUPLICATE, "Builds run on ci-old-3")
    merged = "The build server is ci-old-3 (Jenkins, Frankfurt rack); promoted twice."
    act(health_ws, finding, "merge", text=merged, now=AT)
    full = (health_ws / ARCHIVE_PATH).read_text(encoding="utf-8")
    record = restore(health_ws, 1, now=AT2)
    memory = (health_ws / "MEMORY.md").read_text(encoding="utf-8")
    assert "- " + merged in memory and "- Builds run on ci-old-3 in the Frankfurt" in memory
    archive = (health_ws / ARCHIVE_PATH).read_text(encoding="utf-8")
    assert f"said before: {OLD_BUILD[2:]}" in archive
    assert "> - Builds run on" not in archive
    assert f"- The duplicate went back to MEMORY.md (action {record['seq']})." in archive
    assert archived_entries(health_ws) == []
    undo_last(health_ws, now=AT2)
    assert (health_ws / ARCHIVE_PATH).read_text(encoding="utf-8") == full


def test_a_retired_promotion_keeps_its_marker_in_the_archive_and_gets_it_back(
    health_ws: Path,
) -> None:
    """OpenClaw knows a promotion by the comment above it: what leaves MEMORY.md with the
    entry goes to the archive, and restore puts both back."""
    act(health_ws, _finding(health_ws, DUPLICATE, "Builds run on ci-old-3"), "retire", now=AT)
    archive = (health_ws / ARCHIVE_PATH).read_text(encoding="utf-8")
    assert "> <!-- openclaw-memory-promotion:memory:memory/2026-02-03.md:3:3 -->\n> - Builds" in (
        archive
    )
    restore(health_ws, 1, now=AT2)
    assert (health_ws / "MEMORY.md").read_text(encoding="utf-8") == MEMORY


def test_keep_hides_the_finding_until_its_evidence_changes(health_ws: Path) -> None:
    finding = _finding(health_ws, UPDATE, "Releases are cut")
    record = act(health_ws, finding, "keep", reason="both days are right", now=AT)
    assert record == {
        "seq": 1,
        "at": "2026-06-01T09:30:00+00:00",
        "action": "keep",
        "findingId": finding.id,
        "kind": UPDATE,
        "entryKey": finding.entry_key,
        "path": "MEMORY.md",
        "startLine": 5,
        "endLine": 5,
        "before": "- Releases are cut on Fridays.",
        "after": None,
        "reason": "both days are right",
        "evidence": [
            {
                "path": "memory/2026-05-06.md",
                "startLine": 3,
                "endLine": 3,
                "text": "From now on we release on Tuesdays.",
                "date": "2026-05-06",
            }
        ],
    }
    assert (health_ws / "MEMORY.md").read_bytes() == MEMORY.encode()
    assert not (health_ws / ARCHIVE_PATH).exists()
    report = review_workspace(Workspace(health_ws), NOW, record_first_seen=False)
    assert not [f for f in report.findings if f.id == finding.id]
    assert report.hidden == 1
    # new evidence: the finding comes back (with a new id)
    (health_ws / "memory" / "2026-05-30.md").write_text(
        "- Releases switched to Wednesdays from now on.\n", encoding="utf-8"
    )
    again = _finding(health_ws, UPDATE, "Releases are cut")
    assert again.id != finding.id
    # undo of a keep shows the old finding again
    (health_ws / "memory" / "2026-05-30.md").unlink()
    undo_last(health_ws, now=AT2)
    assert _finding(health_ws, UPDATE, "Releases are cut").id == finding.id


def other_update(health_ws: Path) -> Finding:
    return _finding(health_ws, UPDATE, "Redis")


def test_snooze_hides_until_the_date(health_ws: Path) -> None:
    finding = _finding(health_ws, UPDATE, "Releases are cut")
    record = act(health_ws, finding, "snooze", until="2026-06-10", now=AT)
    assert record["until"] == "2026-06-10"
    before = review_workspace(Workspace(health_ws), date(2026, 6, 9), record_first_seen=False)
    assert all(f.entry_key != finding.entry_key or f.kind != UPDATE for f in before.findings)
    after = review_workspace(Workspace(health_ws), date(2026, 6, 10), record_first_seen=False)
    assert any(f.entry_key == finding.entry_key and f.kind == UPDATE for f in after.findings)
    default = act(health_ws, _finding(health_ws, UPDATE, "王芳"), "snooze", now=AT)
    assert default["until"] == "2026-06-15"
    # a line break in the new text would write a second entry or a heading: refused
    with pytest.raises(HealthActionError, match="one line"):
        act(health_ws, other_update(health_ws), "update", text="Rent\n## Injected", now=AT)
    # a day that is not after today would hide nothing: refused, nothing recorded
    other = _finding(health_ws, UPDATE, "Redis")
    for day in ("2020-01-01", AT.date().isoformat()):
        with pytest.raises(HealthActionError, match="not after today"):
            act(health_ws, other, "snooze", until=day, now=AT)


def test_refuses_when_memory_changed_since_the_finding(health_ws: Path) -> None:
    finding = _finding(health_ws, UPDATE, "The build server")
    changed = "- A line another program put first.\n" + MEMORY
    (health_ws / "MEMORY.md").write_bytes(changed.encode())
    for action, text in (("retire", None), ("update", "x"), ("keep", None)):
        with pytest.raises(FileChanged, match="changed since this finding"):
            act(health_ws, finding, action, text=text, now=AT)
    assert (health_ws / "MEMORY.md").read_bytes() == changed.encode()
    assert not (health_ws / ARCHIVE_PATH).exists()
    assert not (health_ws / AUDIT_LOG_PATH).exists()


def test_refuses_when_memory_changes_between_plan_and_write(health_ws: Path) -> None:
    from reverie.core.health.actions import apply_action

    finding = _finding(health_ws, UPDATE, "The build server")
    plan = plan_action(health_ws, finding, "retire", now=AT)
    edited = MEMORY.replace("Releases are cut", "Releases are made")
    (health_ws / "MEMORY.md").write_bytes(edited.encode())
    with pytest.raises(FileChanged):
        apply_action(health_ws, plan)
    assert (health_ws / "MEMORY.md").read_bytes() == edited.encode()
    assert not (health_ws / ARCHIVE_PATH).exists()
    assert AuditLog(health_ws).records() == []


def test_lines_an_agent_appends_meanwhile_are_kept(health_ws: Path) -> None:
    """An agent that writes often appends while the person reviews: the entry has not moved,
    so the action goes ahead and the appended lines stay after it; undo takes back only the
    action's own edit once nothing else changed."""
    from reverie.core.health.actions import apply_action

    finding = _finding(health_ws, UPDATE, "The build server")
    grown = MEMORY + "- Appended after the review.\n"
    (health_ws / "MEMORY.md").write_bytes(grown.encode())
    plan = plan_action(health_ws, finding, "retire", now=AT)
    grown_more = grown + "- Appended after the plan.\n"
    (health_ws / "MEMORY.md").write_bytes(grown_more.encode())
    apply_action(health_ws, plan)
    after = (health_ws / "MEMORY.md").read_text(encoding="utf-8")
    assert OLD_BUILD not in after
    assert after == grown_more.replace(OLD_BUILD + "\n", "")
    undo_last(health_ws, now=AT2)
    assert (health_ws / "MEMORY.md").read_bytes() == grown_more.encode()
    other = _finding(health_ws, STALE, "Code freeze")
    plan = plan_action(health_ws, other, "keep", now=AT2)
    (health_ws / "MEMORY.md").write_bytes((grown_more + "- One more.\n").encode())
    assert apply_action(health_ws, plan)["action"] == "keep"  # a decision, across appends too


def test_undo_refuses_when_memory_changed_after_the_action(health_ws: Path) -> None:
    act(health_ws, _finding(health_ws, UPDATE, "The build server"), "retire", now=AT)
    edited = (health_ws / "MEMORY.md").read_text(encoding="utf-8") + "- hand edit\n"
    (health_ws / "MEMORY.md").write_text(edited, encoding="utf-8")
    with pytest.raises(FileChanged, match="undo refused"):
        undo_last(health_ws, now=AT2)
    assert (health_ws / "MEMORY.md").read_text(encoding="utf-8") == edited
    assert len(AuditLog(health_ws).records()) == 1


def test_restore_brings_an_archived_entry_back_as_an_undoable_action(health_ws: Path) -> None:
    act(health_ws, _finding(health_ws, UPDATE, "The build server"), "retire", now=AT)
    act(health_ws, _finding(health_ws, UPDATE, "王芳"), "retire", now=AT)
    after_two = (health_ws / "MEMORY.md").read_bytes()
    archive_two = (health_ws / ARCHIVE_PATH).read_bytes()
    record = restore(health_ws, 1, now=AT2)
    assert record["action"] == "restore" and record["restores"] == 1
    memory = (health_ws / "MEMORY.md").read_text(encoding="utf-8")
    assert memory == MEMORY.replace("- 王芳负责移动端团队。\n", "")
    archive = (health_ws / ARCHIVE_PATH).read_text(encoding="utf-8")
    assert "reverie-archive:1 " not in archive and "<!-- reverie-archive:2 -->" in archive
    assert "replacementLine" not in record  # a retired entry has no replacement
    undo_last(health_ws, now=AT2)
    assert (health_ws / "MEMORY.md").read_bytes() == after_two
    assert (health_ws / ARCHIVE_PATH).read_bytes() == archive_two


def test_restoring_an_updated_entry_says_its_replacement_is_still_there(
    health_ws: Path,
) -> None:
    finding = _finding(health_ws, UPDATE, "Releases are cut")
    act(health_ws, finding, "update", text="Releases are cut on Tuesdays.", now=AT)
    record = restore(health_ws, 1, now=AT2)
    memory = (health_ws / "MEMORY.md").read_text(encoding="utf-8").split("\n")
    assert memory[record["startLine"] - 1] == "- Releases are cut on Fridays."
    assert memory[record["replacementLine"] - 1] == "- Releases are cut on Tuesdays."


FREEZE = "- Code freeze until 2026-03-03 for the audit.\n"
REDIS = "- Redis cache 在 cache-01 上，端口 6379。\n"
PROJECTS = "## Projects\n- Atlas launches in May.\n- Beta in June.\n\n"


def test_restore_finds_the_entry_s_place_after_other_edits(health_ws: Path) -> None:
    """Lines added above it since: the entry goes back under the line it followed, not at
    its old line number (which now falls in another part of the file)."""
    act(health_ws, _finding(health_ws, STALE, "Code freeze"), "retire", now=AT)
    retired = (health_ws / "MEMORY.md").read_text(encoding="utf-8")
    edited = retired.replace("# MEMORY.md\n\n", "# MEMORY.md\n\n" + PROJECTS)
    (health_ws / "MEMORY.md").write_text(edited, encoding="utf-8")
    record = restore(health_ws, 1, now=AT2)
    memory = (health_ws / "MEMORY.md").read_text(encoding="utf-8")
    assert memory == edited.replace(REDIS, REDIS + FREEZE)
    assert memory.split("\n")[record["startLine"] - 1] + "\n" == FREEZE


def test_restore_without_the_line_above_goes_before_the_line_below(health_ws: Path) -> None:
    act(health_ws, _finding(health_ws, STALE, "Code freeze"), "retire", now=AT)
    edited = (health_ws / "MEMORY.md").read_text(encoding="utf-8").replace(REDIS, "")
    (health_ws / "MEMORY.md").write_text(PROJECTS + edited, encoding="utf-8")
    restore(health_ws, 1, now=AT2)
    memory = (health_ws / "MEMORY.md").read_text(encoding="utf-8")
    assert memory == PROJECTS + edited.replace("\n\n## Personal", "\n" + FREEZE + "\n## Personal")


def test_restore_of_a_record_without_a_place_uses_its_old_line(health_ws: Path) -> None:
    """Records written before places were kept (or edited by hand) still restore."""
    act(health_ws, _finding(health_ws, STALE, "Code freeze"), "retire", now=AT)
    log = health_ws / AUDIT_LOG_PATH
    record = json.loads(log.read_text(encoding="utf-8"))
    del record["place"]
    log.write_text(_line(record), encoding="utf-8")
    restore(health_ws, 1, now=AT2)
    assert (health_ws / "MEMORY.md").read_text(encoding="utf-8") == MEMORY


def test_budget_and_wrong_actions_are_refused(health_ws: Path) -> None:
    finding = _finding(health_ws, UPDATE, "The build server")
    with pytest.raises(HealthActionError, match="merge applies to duplicate"):
        plan_action(health_ws, finding, "merge")
    with pytest.raises(HealthActionError, match="needs the new text"):
        plan_action(health_ws, finding, "update")
    with pytest.raises(HealthActionError, match="unknown action"):
        plan_action(health_ws, finding, "delete")
    before = (health_ws / "MEMORY.md").read_bytes()
    for text in (
        "- ",
        "-  ...",
        "<!-- hidden -->",
        "The build server <!-- reverie-archive:2 -->",
        "<!-- openclaw-memory-promotion:fake-key -->",
        "a --> b",
    ):
        with pytest.raises(HealthActionError, match="no words|HTML comment"):
            plan_action(health_ws, finding, "update", text=text)
    assert (health_ws / "MEMORY.md").read_bytes() == before


def test_crlf_files_keep_their_line_endings(tmp_path: Path) -> None:
    from .conftest import NOTES, make_workspace

    crlf = MEMORY.replace("\n", "\r\n")
    root = make_workspace(tmp_path / "ws", crlf, NOTES)
    finding = _finding(root, UPDATE, "Releases are cut")
    act(root, finding, "update", text="Releases are cut on Tuesdays.", now=AT)
    data = (root / "MEMORY.md").read_bytes()
    assert data == crlf.replace("Fridays.", "Tuesdays.").encode()
    undo_last(root, now=AT2)
    assert (root / "MEMORY.md").read_bytes() == crlf.encode()


def test_an_entry_the_person_rewrote_is_newer_than_the_notes_before_it(health_ws: Path) -> None:
    """Updated through the review, an entry is not flagged again by the lines it was updated
    from (the person chose Thursdays, after the note that said Tuesdays); undone, it is."""
    finding = _finding(health_ws, UPDATE, "Releases are cut on Fridays")
    act(health_ws, finding, "update", text="Releases are cut on Thursdays.", now=AT)
    report = review_workspace(Workspace(health_ws), NOW, record_first_seen=False)
    assert not [f for f in report.findings if f.kind == UPDATE and "Releases" in f.text]
    undo_last(health_ws, now=AT2)
    assert _finding(health_ws, UPDATE, "Releases are cut on Fridays")


def test_archived_entries_lists_what_restore_can_bring_back(health_ws: Path) -> None:
    assert archived_entries(health_ws) == []
    act(health_ws, _finding(health_ws, UPDATE, "The build server"), "retire", now=AT)
    act(health_ws, _finding(health_ws, UPDATE, "王芳"), "retire", now=AT)
    listed = archived_entries(health_ws)
    assert [e.seq for e in listed] == [2, 1]  # newest first
    assert listed[1].action == "retire" and "build server" in listed[1].text
    # a hand edit blocks the undo of both; each can still be restored
    edited = (health_ws / "MEMORY.md").read_text(encoding="utf-8") + "- hand edit\n"
    (health_ws / "MEMORY.md").write_text(edited, encoding="utf-8")
    with pytest.raises(FileChanged):
        undo_last(health_ws, now=AT2)
    restore(health_ws, 1, now=AT2)
    assert [e.seq for e in archived_entries(health_ws)] == [2]  # restored: not listed again
    memory = (health_ws / "MEMORY.md").read_text(encoding="utf-8")
    assert "build server" in memory and memory.endswith("- hand edit\n")
    undo_last(health_ws, now=AT2)  # the restore undone: listed again
    assert [e.seq for e in archived_entries(health_ws)] == [2, 1]


def test_a_linked_memory_file_is_refused_not_replaced(health_ws: Path, tmp_path: Path) -> None:
    finding = _finding(health_ws, UPDATE, "The build server")
    target = tmp_path / "elsewhere.md"
    (health_ws / "MEMORY.md").rename(target)
    (health_ws / "MEMORY.md").symlink_to(target)
    with pytest.raises(HealthActionError, match="symbolic link"):
        act(health_ws, finding, "retire", now=AT)
    assert (health_ws / "MEMORY.md").is_symlink() and target.read_text(encoding="utf-8") == MEMORY


def test_an_action_the_audit_log_cannot_record_is_taken_back(
    health_ws: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full_disk(self: AuditLog, record: dict) -> None:  # type: ignore[type-arg]
        raise OSError(28, "No space left on device")

    finding = _finding(health_ws, UPDATE, "The build server")
    monkeypatch.setattr(AuditLog, "append", full_disk)
    with pytest.raises(OSError):
        act(health_ws, finding, "retire", now=AT)
    assert (health_ws / "MEMORY.md").read_text(encoding="utf-8") == MEMORY
    assert not (health_ws / ARCHIVE_PATH).exists()


def test_a_memory_file_that_is_not_utf8_is_refused_clearly(health_ws: Path) -> None:
    finding = _finding(health_ws, UPDATE, "Releases are cut")
    data = (health_ws / "MEMORY.md").read_bytes() + b"\xff\xfe bad\n"
    (health_ws / "MEMORY.md").write_bytes(data)
    finding = replace(finding, file_sha256=hashlib.sha256(data).hexdigest())
    with pytest.raises(HealthActionError, match="not valid UTF-8 .byte"):
        act(health_ws, finding, "keep", now=AT)
    assert (health_ws / "MEMORY.md").read_bytes() == data


def test_restoring_a_restore_is_refused(health_ws: Path) -> None:
    act(health_ws, _finding(health_ws, STALE, "Code freeze"), "retire", now=AT)
    restore(health_ws, 1, now=AT2)
    before = (health_ws / "MEMORY.md").read_bytes()
    with pytest.raises(HealthActionError, match="action 2 is a restore"):
        restore(health_ws, 2, now=AT2)
    assert (health_ws / "MEMORY.md").read_bytes() == before


def test_restore_and_undo_take_back_their_writes_when_the_log_cannot_be_written(
    health_ws: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    act(health_ws, _finding(health_ws, STALE, "Code freeze"), "retire", now=AT)
    memory = (health_ws / "MEMORY.md").read_bytes()
    archive = (health_ws / ARCHIVE_PATH).read_bytes()

    def refuse(self: AuditLog, record: dict) -> None:
        raise OSError("the log is read-only")

    monkeypatch.setattr(AuditLog, "append", refuse)
    for step in (lambda: restore(health_ws, 1, now=AT2), lambda: undo_last(health_ws, now=AT2)):
        with pytest.raises(OSError, match="read-only"):
            step()
        assert (health_ws / "MEMORY.md").read_bytes() == memory
        assert (health_ws / ARCHIVE_PATH).read_bytes() == archive


def test_a_record_after_a_line_cut_short_starts_a_line_of_its_own(health_ws: Path) -> None:
    act(health_ws, _finding(health_ws, STALE, "Code freeze"), "retire", now=AT)
    with (health_ws / AUDIT_LOG_PATH).open("a", encoding="utf-8") as handle:
        handle.write('{"seq": 2, "act')  # a crash mid-append
    record = restore(health_ws, 1, now=AT2)
    assert [r["seq"] for r in AuditLog(health_ws).records()] == [1, record["seq"]]


def test_neighbours_restored_in_any_order_keep_their_order(health_ws: Path) -> None:
    work = ["- 王芳负责移动端团队。\n", REDIS, FREEZE]
    for needle, kind in (("王芳", UPDATE), ("Redis", UPDATE), ("Code freeze", STALE)):
        found = [
            f
            for f in review_workspace(Workspace(health_ws), NOW, record_first_seen=False).findings
            if f.kind == kind and needle in f.text
        ]
        if not found:
            pytest.skip(f"no {kind} finding for {needle}")
        act(health_ws, found[0], "retire", now=AT)
    for order in ((3, 1, 2), (2, 3, 1), (1, 2, 3)):
        for seq in order:
            restore(health_ws, seq, now=AT2)
        assert (health_ws / "MEMORY.md").read_text(encoding="utf-8") == MEMORY, order
        for _ in order:
            undo_last(health_ws, now=AT2)
    assert "".join(work) not in (health_ws / "MEMORY.md").read_text(encoding="utf-8")


def test_an_entry_whose_section_is_gone_comes_back_under_its_heading(health_ws: Path) -> None:
    act(health_ws, _finding(health_ws, STALE, "Code freeze"), "retire", now=AT)
    retired = (health_ws / "MEMORY.md").read_text(encoding="utf-8")
    start, end = retired.index("## Work"), retired.index("## Personal")
    edited = retired[:start] + retired[end:]
    (health_ws / "MEMORY.md").write_text(edited, encoding="utf-8")
    record = restore(health_ws, 1, now=AT2)
    memory = (health_ws / "MEMORY.md").read_text(encoding="utf-8")
    assert memory == edited + "\n## Work\n" + FREEZE
    assert record["headingAdded"] == "## Work"
    assert memory.split("\n")[record["startLine"] - 1] + "\n" == FREEZE
    undo_last(health_ws, now=AT2)
    assert (health_ws / "MEMORY.md").read_text(encoding="utf-8") == edited


def test_restore_refuses_an_entry_already_back_and_keeps_the_file_s_line_endings(
    health_ws: Path,
) -> None:
    act(health_ws, _finding(health_ws, STALE, "Code freeze"), "retire", now=AT)
    retired = (health_ws / "MEMORY.md").read_text(encoding="utf-8")
    (health_ws / "MEMORY.md").write_text(retired + FREEZE, encoding="utf-8")
    with pytest.raises(HealthActionError, match="already in MEMORY.md at line"):
        restore(health_ws, 1, now=AT2)
    (health_ws / "MEMORY.md").write_bytes(retired.replace("\n", "\r\n").encode())
    restore(health_ws, 1, now=AT2)
    assert (health_ws / "MEMORY.md").read_bytes() == MEMORY.replace("\n", "\r\n").encode()


def test_update_text_with_a_carriage_return_is_refused(health_ws: Path) -> None:
    finding = _finding(health_ws, UPDATE, "Releases are cut")
    with pytest.raises(HealthActionError, match="line break"):
        plan_action(health_ws, finding, "update", text="Releases are cut\ron Tuesdays.")


def test_retire_takes_the_entry_s_sub_items_along(tmp_path: Path) -> None:
    from .conftest import make_workspace

    memory = (
        "# MEMORY.md\n\n## Trips\n- Flight to Lisbon on 2026-03-10.\n"
        "  - Seat 14C, booked via TAP.\n  - Return on 2026-03-17.\n- Passport valid to 2031.\n"
    )
    root = make_workspace(tmp_path / "ws", memory, {})
    finding = _finding(root, STALE, "Flight to Lisbon")
    record = act(root, finding, "retire", now=AT)
    assert (root / "MEMORY.md").read_text(encoding="utf-8") == (
        "# MEMORY.md\n\n## Trips\n- Passport valid to 2031.\n"
    )
    assert record["before"].count("\n") == 2 and "Seat 14C" in record["before"]
    restore(root, 1, now=AT2)
    assert (root / "MEMORY.md").read_text(encoding="utf-8") == memory


def test_an_updated_entry_comes_back_under_the_text_that_replaced_it(health_ws: Path) -> None:
    finding = _finding(health_ws, UPDATE, "Releases are cut")
    act(health_ws, finding, "update", text="Releases are cut on Tuesdays.", now=AT)
    edited = (
        (health_ws / "MEMORY.md")
        .read_text(encoding="utf-8")
        .replace(OLD_BUILD + "\n", "")
        .replace("- 王芳负责移动端团队。\n", "")
        .replace("## Work\n", "## Work\n- Deploys go through Argo CD.\n")
    )
    (health_ws / "MEMORY.md").write_text(edited, encoding="utf-8")
    record = restore(health_ws, 1, now=AT2)
    assert record["startLine"] == record["replacementLine"] + 1
    memory = (health_ws / "MEMORY.md").read_text(encoding="utf-8")
    assert "- Releases are cut on Tuesdays.\n- Releases are cut on Fridays.\n" in memory


def test_a_kept_finding_is_reopened_after_later_actions(health_ws: Path) -> None:
    from reverie.core.health.actions import decisions_in_force, reopen

    kept = _finding(health_ws, UPDATE, "Releases are cut")
    act(health_ws, kept, "keep", reason="we still cut on Fridays", now=AT)
    act(health_ws, _finding(health_ws, STALE, "Code freeze"), "snooze", until="2026-07-01", now=AT)
    act(health_ws, _finding(health_ws, UPDATE, "The build server"), "retire", now=AT)
    in_force = decisions_in_force(health_ws, date(2026, 6, 2))
    assert [(d.seq, d.action) for d in in_force] == [(2, "snooze"), (1, "keep")]
    assert in_force[1].reason == "we still cut on Fridays" and "Releases" in in_force[1].text
    assert [d.seq for d in decisions_in_force(health_ws, date(2026, 7, 2))] == [1]  # snooze over
    edited = (health_ws / "MEMORY.md").read_text(encoding="utf-8").replace(FREEZE, "")
    (health_ws / "MEMORY.md").write_text(edited, encoding="utf-8")
    assert [d.seq for d in decisions_in_force(health_ws, date(2026, 6, 2))] == [1]  # entry gone
    memory = (health_ws / "MEMORY.md").read_bytes()
    record = reopen(health_ws, 1, now=AT2)
    assert record["undoes"] == 1 and record["undoneAction"] == "keep"
    assert (health_ws / "MEMORY.md").read_bytes() == memory  # it writes no file
    report = review_workspace(Workspace(health_ws), NOW, record_first_seen=False)
    assert any(f.id == kept.id for f in report.findings)
    with pytest.raises(HealthActionError, match="only a keep or a snooze"):
        reopen(health_ws, 3, now=AT2)
    with pytest.raises(HealthActionError, match="no action in force"):
        reopen(health_ws, 1, now=AT2)


@pytest.mark.parametrize(
    "retire_order", [(0, 1, 2), (2, 1, 0), (1, 0, 2), (0, 2, 1), (1, 2, 0), (2, 0, 1)]
)
def test_neighbours_retired_in_any_order_come_back_in_their_order(
    health_ws: Path, retire_order: tuple[int, int, int]
) -> None:
    """Three neighbouring entries, retired in any order and restored in any order, stand
    where they stood."""
    wanted = (("王芳", UPDATE), ("Redis", UPDATE), ("Code freeze", STALE))
    for index in retire_order:
        needle, kind = wanted[index]
        found = [
            f
            for f in review_workspace(Workspace(health_ws), NOW, record_first_seen=False).findings
            if f.kind == kind and needle in f.text
        ]
        if not found:
            pytest.skip(f"no {kind} finding for {needle}")
        act(health_ws, found[0], "retire", now=AT)
    for order in itertools.permutations((1, 2, 3)):
        for seq in order:
            restore(health_ws, seq, now=AT2)
        assert (health_ws / "MEMORY.md").read_text(encoding="utf-8") == MEMORY, order
        for _ in order:
            undo_last(health_ws, now=AT2)


@pytest.mark.parametrize("eol", ["\n", "\r\n"])
@pytest.mark.parametrize("retire_order", list(itertools.permutations(range(3))))
def test_entries_retired_around_a_line_that_stays_come_back_in_order(
    tmp_path: Path, retire_order: tuple[int, ...], eol: str
) -> None:
    """A neighbour retired after an entry is not there when the entry comes back first:
    it goes where that neighbour would go (a tester's case: retire B, A, C; restore them in
    that order; A C D B came back)."""
    memory = (
        "# M\n\n## 证件\n- A 护照 2026-01-01 到期\n- B 签证 2026-02-01 到期\n"
        "- C 驾照 2026-03-01 到期\n- D 不吃香菜\n\n## 其他\n- E 喜欢爬山\n"
    )
    memory = memory.replace("\n", eol)
    root = tmp_path / "ws"
    root.mkdir()
    (root / "MEMORY.md").write_bytes(memory.encode("utf-8"))
    for index in retire_order:
        report = review_workspace(Workspace(root), date(2026, 6, 1), record_first_seen=False)
        finding = next(f for f in report.findings if f.text.startswith("ABC"[index]))
        act(root, finding, "retire", now=AT)
    for order in itertools.permutations((1, 2, 3)):
        for seq in order:
            restore(root, seq, now=AT2)
        assert (root / "MEMORY.md").read_bytes().decode("utf-8") == memory, order
        for _ in order:
            undo_last(root, now=AT2)


def test_a_bom_before_the_first_entry_stays_and_the_entry_keeps_its_bullet(
    tmp_path: Path,
) -> None:
    root = tmp_path / "ws"
    root.mkdir()
    memory = "\ufeff- 健身房会员 2026-08-31 到期。\n- 不吃香菜。\n"
    (root / "MEMORY.md").write_bytes(memory.encode("utf-8"))
    report = review_workspace(Workspace(root), date(2026, 12, 1), record_first_seen=False)
    finding = next(f for f in report.findings if f.kind == STALE)
    assert finding.text == "健身房会员 2026-08-31 到期。"
    act(root, finding, "update", text="健身房会员 2027-08-31 到期。", now=AT)
    assert (root / "MEMORY.md").read_bytes().decode("utf-8") == (
        "\ufeff- 健身房会员 2027-08-31 到期。\n- 不吃香菜。\n"
    )
    undo_last(root, now=AT2)
    assert (root / "MEMORY.md").read_bytes().decode("utf-8") == memory


def test_a_read_only_memory_file_is_left_as_it_is(health_ws: Path) -> None:
    finding = _finding(health_ws, STALE, "Code freeze")
    memory = health_ws / "MEMORY.md"
    memory.chmod(0o444)
    try:
        with pytest.raises(HealthActionError, match="read-only"):
            act(health_ws, finding, "retire", now=AT)
        assert memory.read_text(encoding="utf-8") == MEMORY
        assert not (health_ws / ARCHIVE_PATH).exists()
    finally:
        memory.chmod(0o644)
