"""An agent appending to MEMORY.md while a person reviews dream promotions: the lines it
appends are not a conflict (an approval goes after them, an undo keeps them); any other
change to MEMORY.md, or to the ledger and review files, still is."""

from __future__ import annotations

from pathlib import Path

from reverie.core.dreaming import ledger, review
from reverie.core.dreaming.engine import DreamEngine, appended_since, with_appended
from reverie.core.dreaming.snapshot import Fingerprint, load_snapshot
from tests.core.dreaming.conftest import MEMORY, VLAN_KEY, at, hit


def _append(root: Path, text: str) -> None:
    with (root / "MEMORY.md").open("a", encoding="utf-8") as f:
        f.write(text)


def test_appended_lines_are_no_conflict(workspace: Path) -> None:
    seen = Fingerprint.of(workspace)
    _append(workspace, "- external append F\n")
    assert seen.changed_files(Fingerprint.of(workspace)) == ["MEMORY.md"]
    assert seen.conflicts(workspace) == []
    _append(workspace, "- and G, without a newline")
    assert seen.conflicts(workspace) == []


def test_other_changes_are_conflicts(workspace: Path) -> None:
    seen = Fingerprint.of(workspace)
    memory = workspace / "MEMORY.md"
    memory.write_text(MEMORY.replace("tea", "green tea") + "- external append\n")
    assert seen.conflicts(workspace) == ["MEMORY.md"]
    memory.write_text(MEMORY)
    assert seen.conflicts(workspace) == []
    memory.write_text(MEMORY[:-1])  # a line's end taken away is no append
    assert seen.conflicts(workspace) == ["MEMORY.md"]
    memory.write_text(MEMORY)
    ledger.record_recalls(
        workspace,
        "vlan",
        [hit(4, "- Router VLAN 20 hosts the staging cluster.", 0.7)],
        now=at(5),
        timezone="UTC",
    )
    review.ReviewStore(workspace).save(0)
    assert seen.conflicts(workspace) == [
        str(ledger.LEDGER_RELATIVE_PATH.as_posix()),
        str(review.REVIEW_RELATIVE_PATH.as_posix()),
    ]


def test_a_missing_memory_file_that_appears_is_a_conflict(workspace: Path) -> None:
    (workspace / "MEMORY.md").unlink()
    seen = Fingerprint.of(workspace)
    _append(workspace, "- first line\n")
    assert seen.conflicts(workspace) == ["MEMORY.md"]


def test_approval_after_an_append_goes_after_the_appended_lines(workspace: Path) -> None:
    eng = DreamEngine(workspace, now=at(4, 12), timezone="UTC")
    snap = load_snapshot(eng)
    _append(workspace, "- external append F\n")
    assert snap.fingerprint.conflicts(workspace) == []
    eng.apply([VLAN_KEY])
    text = (workspace / "MEMORY.md").read_text()
    assert text.startswith(MEMORY + "- external append F\n\n## Promoted From Short-Term Memory")
    assert f"<!-- openclaw-memory-promotion:{VLAN_KEY} -->" in text


def test_appended_since() -> None:
    before = "# M\n\n- one\n"
    digest = review.text_digest(before)
    assert appended_since(before, digest) == ""
    assert appended_since(before + "- two\n", digest) == "- two\n"
    assert appended_since(before.replace("one", "uno") + "- two\n", digest) is None
    assert appended_since("- two\n" + before, digest) is None
    unended = "# M\n\n- one"
    assert appended_since(unended + "\n- two\n", review.text_digest(unended)) == "\n- two\n"
    assert appended_since(before, "") is None


def test_with_appended() -> None:
    assert with_appended("a\n", "b\n") == "a\nb\n"
    assert with_appended("a", "b\n") == "a\nb\n"
    assert with_appended("a", "\nb\n") == "a\nb\n"
    assert with_appended("", "b\n") == "b\n"
    assert with_appended("a", "") == "a"
