"""Human review: decisions, edited approvals, superseding, undo and nearby entries."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reverie.core.dreaming import ledger, review
from reverie.core.dreaming.engine import DreamEngine
from reverie.core.errors import UserError
from reverie.core.health.audit_log import AuditLog
from reverie.core.health.locations import ARCHIVE_PATH
from tests.core.dreaming.conftest import BACKUP_KEY, MEMORY, VLAN_KEY, at, recall_week


def engine(root: Path, day: int = 4, hour: int = 12) -> DreamEngine:
    return DreamEngine(root, now=at(day, hour), timezone="UTC")


def test_preview_carries_review_material(workspace: Path) -> None:
    candidates = {c.key: c for c in engine(workspace).preview()}
    assert set(candidates) == {VLAN_KEY, BACKUP_KEY}
    backup = candidates[BACKUP_KEY]
    assert backup.passes and backup.located
    assert set(backup.components) == {
        "frequency",
        "relevance",
        "diversity",
        "recency",
        "consolidation",
        "conceptual",
    }
    assert [line.number for line in backup.context if line.in_range] == [5]
    assert [e.query for e in backup.recall_history] == [
        "gateway backup",
        "when does backup run",
        "backup schedule",
        "nightly jobs",
    ]
    (near,) = [n for n in backup.nearest if n.flag]
    assert near.line == 3 and near.flag == "may conflict" and near.why == "different numbers"


def test_decisions_round_trip(workspace: Path) -> None:
    eng = engine(workspace)
    eng.reject(BACKUP_KEY, "old schedule")
    eng.snooze(VLAN_KEY, "2026-04-05")
    store = review.ReviewStore(workspace)
    rejected = store.decision(BACKUP_KEY)
    snoozed = store.decision(VLAN_KEY)
    assert (
        rejected is not None and rejected.kind == "rejected" and rejected.reason == "old schedule"
    )
    assert rejected.evidence == review.Evidence(4, 4, 4, rejected.evidence.total_score)
    assert (
        snoozed is not None and snoozed.kind == "snoozed" and snoozed.snoozed_until == "2026-04-05"
    )
    raw = json.loads((workspace / review.REVIEW_RELATIVE_PATH).read_text())
    assert raw["decisions"][BACKUP_KEY]["decision"] == "rejected"
    assert eng.preview() == []
    assert [c.key for c in engine(workspace, 4, 23).preview()] == []
    assert [c.key for c in engine(workspace, 5, 1).preview()] == [VLAN_KEY], (
        "a snooze ends on its date"
    )


def test_rejected_comes_back_only_when_evidence_grows(workspace: Path) -> None:
    engine(workspace).reject(BACKUP_KEY)
    assert BACKUP_KEY not in [c.key for c in engine(workspace, 4, 13).preview()]
    recall_week(workspace, range(5, 6))
    again = {c.key: c for c in engine(workspace, 5, 12).preview()}
    assert BACKUP_KEY in again and again[BACKUP_KEY].resurfaced


def test_edit_then_approve_writes_the_edited_text(workspace: Path) -> None:
    outcome = engine(workspace).apply([VLAN_KEY], edit_text="The staging cluster lives on VLAN 20.")
    assert outcome.applied == (VLAN_KEY,)
    text = (workspace / "MEMORY.md").read_text()
    assert text == MEMORY + (
        "\n## Promoted From Short-Term Memory (2026-04-04)\n\n"
        f"<!-- openclaw-memory-promotion:{VLAN_KEY} -->\n"
        "- The staging cluster lives on VLAN 20. [score=0.850 recalls=4 avg=0.800 source=memory/2026-04-01.md:4-4]\n"
    )
    entry = ledger.read_store(workspace)["entries"][VLAN_KEY]
    assert entry["promotedAt"] == "2026-04-04T12:00:00.000Z"
    assert entry["snippet"] == "- Router VLAN 20 hosts the staging cluster.", (
        "the ledger keeps the source text"
    )
    decision = review.ReviewStore(workspace).decision(VLAN_KEY)
    assert decision is not None and decision.written_text == "The staging cluster lives on VLAN 20."
    with pytest.raises(UserError, match="already promoted"):
        engine(workspace).apply([VLAN_KEY])


def test_an_edit_may_not_hide_the_fact_in_a_comment(workspace: Path) -> None:
    fake = f"<!-- openclaw-memory-promotion:{VLAN_KEY} -->"
    for text in (fake, "VLAN 20 --> staging"):
        with pytest.raises(UserError, match="HTML comment"):
            engine(workspace).apply([VLAN_KEY], edit_text=text)
    assert (workspace / "MEMORY.md").read_text() == MEMORY


def test_replacement_moves_the_old_line_to_the_health_archive(workspace: Path) -> None:
    outcome = engine(workspace).apply([BACKUP_KEY], replace_line=3)
    assert outcome.replaced_line == "- Gateway backup runs nightly at 02:00 UTC."
    assert (workspace / "MEMORY.md").read_text() == (
        "# Long-Term Memory\n\n"
        f"<!-- openclaw-memory-promotion:{BACKUP_KEY} -->\n"
        "- - Gateway backup runs nightly at 03:00 UTC. [score=0.870 recalls=4 avg=0.900 source=memory/2026-04-01.md:5-5]\n"
        "- Prefers tea over coffee.\n"
    )
    archive = (workspace / ARCHIVE_PATH).read_text(encoding="utf-8")
    assert archive.endswith(
        "## 2026-04-04 · superseded from MEMORY.md line 3\n"
        "<!-- reverie-archive:1 -->\n"
        "> - Gateway backup runs nightly at 02:00 UTC.\n"
        "\n"
        f"- Reason: replaced by the dream promotion {BACKUP_KEY}\n"
        "- Superseded by: - Gateway backup runs nightly at 03:00 UTC.\n"
    )
    assert [r["action"] for r in AuditLog(workspace).records()] == ["supersede"]
    assert ledger.read_store(workspace)["entries"][BACKUP_KEY]["promotedAt"]
    # undoing the approval takes the line back out of the archive
    engine(workspace).undo_last()
    assert (workspace / "MEMORY.md").read_text() == MEMORY
    assert not (workspace / ARCHIVE_PATH).exists()
    assert [r["action"] for r in AuditLog(workspace).records()] == ["supersede", "undo"]


def test_undo_restores_memory_and_ledger(workspace: Path) -> None:
    ledger_before = (workspace / ledger.LEDGER_RELATIVE_PATH).read_text()
    engine(workspace).apply([VLAN_KEY])
    assert (workspace / "MEMORY.md").read_text() != MEMORY
    assert engine(workspace).undo_last() == VLAN_KEY
    assert (workspace / "MEMORY.md").read_text() == MEMORY
    after = json.loads((workspace / ledger.LEDGER_RELATIVE_PATH).read_text())
    assert "promotedAt" not in after["entries"][VLAN_KEY]
    assert after["entries"] == json.loads(ledger_before)["entries"]
    assert VLAN_KEY in [c.key for c in engine(workspace).preview()]
    with pytest.raises(UserError, match="no approval to undo"):
        engine(workspace).undo_last()


def test_undo_steps_back_through_each_approval_in_turn(workspace: Path) -> None:
    engine(workspace).apply([VLAN_KEY])
    after_first = (workspace / "MEMORY.md").read_text()
    engine(workspace).apply([BACKUP_KEY])
    assert engine(workspace).undo_last() == BACKUP_KEY
    assert (workspace / "MEMORY.md").read_text() == after_first
    assert engine(workspace).undo_last() == VLAN_KEY  # the one before, now on top
    assert (workspace / "MEMORY.md").read_text() == MEMORY
    with pytest.raises(UserError, match="no approval to undo"):
        engine(workspace).undo_last()


def test_undo_refused_after_memory_changed(workspace: Path) -> None:
    engine(workspace).apply([VLAN_KEY])
    memory = workspace / "MEMORY.md"
    edited = memory.read_text().replace("Prefers tea", "Prefers green tea")
    memory.write_text(edited + "- A note typed by hand.\n")
    with pytest.raises(UserError, match="changed after the last approval"):
        engine(workspace).undo_last()
    assert memory.read_text() == edited + "- A note typed by hand.\n"


def test_undo_keeps_lines_appended_since_the_approval(workspace: Path) -> None:
    """An agent appending to MEMORY.md after an approval does not block its undo, and its
    lines stay (after MEMORY.md as it was before the approval)."""
    memory = workspace / "MEMORY.md"
    engine(workspace).apply([VLAN_KEY])
    with memory.open("a", encoding="utf-8") as f:
        f.write("- external append F\n")
    engine(workspace).apply([BACKUP_KEY])
    with memory.open("a", encoding="utf-8") as f:
        f.write("- external append G\n")
    assert engine(workspace).undo_last() == BACKUP_KEY
    assert BACKUP_KEY not in memory.read_text()
    assert engine(workspace).undo_last() == VLAN_KEY
    assert memory.read_text() == MEMORY + "- external append F\n- external append G\n"


def test_undo_puts_appended_lines_on_a_line_of_their_own(workspace: Path) -> None:
    memory = workspace / "MEMORY.md"
    memory.write_text(MEMORY.rstrip("\n"))  # no newline at the end
    engine(workspace).apply([VLAN_KEY])
    with memory.open("a", encoding="utf-8") as f:
        f.write("- external append\n")
    assert engine(workspace).undo_last() == VLAN_KEY
    assert memory.read_text() == MEMORY + "- external append\n"


@pytest.mark.parametrize("how", ["reject", "snooze"])
def test_a_promoted_candidate_cannot_be_rejected_or_snoozed(workspace: Path, how: str) -> None:
    engine(workspace).apply([VLAN_KEY])
    memory_after = (workspace / "MEMORY.md").read_text()
    store_before = (workspace / review.REVIEW_RELATIVE_PATH).read_text()
    with pytest.raises(UserError, match="already promoted .*; undo the approval first"):
        if how == "reject":
            engine(workspace).reject(VLAN_KEY, "changed my mind")
        else:
            engine(workspace).snooze(VLAN_KEY, "2026-05-01")
    assert (workspace / review.REVIEW_RELATIVE_PATH).read_text() == store_before
    assert (workspace / "MEMORY.md").read_text() == memory_after
    decision = review.ReviewStore(workspace).decision(VLAN_KEY)
    assert decision is not None and decision.kind == "approved"
    assert engine(workspace).undo_last() == VLAN_KEY  # the approval can still be undone
    engine(workspace).reject(VLAN_KEY)  # and then rejected


def test_a_candidate_promoted_by_openclaw_cannot_be_rejected(workspace: Path) -> None:
    from reverie.core.dreaming.promote import apply_short_term_promotions

    cand = engine(workspace).candidate(VLAN_KEY)
    apply_short_term_promotions(workspace, [dict(cand.openclaw)], at(4, 12), "UTC")
    with pytest.raises(UserError, match="already promoted"):
        engine(workspace).reject(VLAN_KEY)


def test_nearest_entries_flags() -> None:
    memory = (
        "# Long-Term Memory\n\n"
        "- Backups go to S3 Glacier every night.\n"
        "- The team standup is on 2026-04-03.\n"
        "- Deploys are allowed on Fridays.\n"
        "- Completely unrelated cooking note.\n"
    )
    present = review.nearest_memory_entries("Backups go to S3 Glacier every night.", memory)
    assert present[0].flag == "already present" and present[0].line == 3
    dated = review.nearest_memory_entries("The team standup is on 2026-04-10.", memory)
    assert (dated[0].flag, dated[0].why) == ("may conflict", "different dates")
    negated = review.nearest_memory_entries("Deploys are not allowed on Fridays.", memory)
    assert (negated[0].flag, negated[0].why) == ("may conflict", "one of them is negated")
    unrelated = review.nearest_memory_entries("Quantum flux capacitor", memory)
    assert unrelated == []
    vector = review.nearest_memory_entries(
        "Nightly archives land in cold storage.",
        memory,
        vector_similarity=lambda _text, others: [0.95 if "Glacier" in o else 0.0 for o in others],
    )
    assert vector[0].line == 3 and vector[0].vector == 0.95 and vector[0].flag == "already present"


def test_recall_history_survives_the_promotion_moving_the_span() -> None:
    """A promotion rewrites the entry's span to where it was found (rehydration); its
    recalls were recorded under the span its key names."""
    from reverie.core.dreaming.engine import RecallEvent, recalls_of

    history = {
        ("memory/2026-11-17.md", 1, 19): [
            RecallEvent("2026-11-20T09:00:00Z", "retro", 0.6),
            RecallEvent("2026-11-18T09:00:00Z", "tidepool retro", 0.5),
        ],
        ("memory/2026-11-17.md", 4, 14): [RecallEvent("2026-11-25T09:00:00Z", "dates", 0.4)],
    }
    moved = {
        "key": "memory:memory/2026-11-17.md:1:19",
        "path": "memory/2026-11-17.md",
        "startLine": 4,
        "endLine": 14,
    }
    assert [e.query for e in recalls_of(moved, history)] == ["tidepool retro", "retro", "dates"]
    unmoved = dict(moved, startLine=1, endLine=19)
    assert [e.query for e in recalls_of(unmoved, history)] == ["tidepool retro", "retro"]


def test_an_append_made_during_the_write_is_never_replaced(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from reverie.core.dreaming import promote

    memory = workspace / "MEMORY.md"
    original = promote.atomic_write_bytes

    def slow_write(path: Path, data: bytes, before_replace=None) -> None:  # type: ignore[no-untyped-def]
        with memory.open("a", encoding="utf-8") as handle:  # another program, meanwhile
            handle.write("- appended by the agent\n")
        original(path, data, before_replace)

    monkeypatch.setattr(promote, "atomic_write_bytes", slow_write)
    with pytest.raises(UserError, match="changed while"):
        engine(workspace).apply([VLAN_KEY])
    assert memory.read_text() == MEMORY + "- appended by the agent\n"
    assert not ledger.read_store(workspace)["entries"][VLAN_KEY].get("promotedAt")


def test_a_linked_memory_file_is_not_replaced_by_a_copy(workspace: Path, tmp_path: Path) -> None:
    target = tmp_path / "dotfiles" / "MEMORY.md"
    target.parent.mkdir()
    (workspace / "MEMORY.md").rename(target)
    (workspace / "MEMORY.md").symlink_to(target)
    with pytest.raises(UserError, match="symbolic link"):
        engine(workspace).apply([VLAN_KEY])
    assert (workspace / "MEMORY.md").is_symlink() and target.read_text() == MEMORY


def test_crlf_line_ends_survive_an_approval_and_its_undo(workspace: Path) -> None:
    memory = workspace / "MEMORY.md"
    crlf = MEMORY.replace("\n", "\r\n").encode("utf-8")
    memory.write_bytes(crlf)
    engine(workspace).apply([VLAN_KEY])
    written = memory.read_bytes()
    assert written.count(b"\n") == written.count(b"\r\n") and written.startswith(crlf)
    engine(workspace).undo_last()
    assert memory.read_bytes() == crlf


def test_a_failed_ledger_write_leaves_memory_as_it_was(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full_disk(*_args: object, **_kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(ledger, "write_store", full_disk)
    with pytest.raises(OSError):
        engine(workspace).apply([VLAN_KEY])
    assert (workspace / "MEMORY.md").read_text() == MEMORY


def test_a_failed_review_record_takes_the_approval_back(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ledger_before = json.loads((workspace / ledger.LEDGER_RELATIVE_PATH).read_text())

    def full_disk(*_args: object, **_kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(review.ReviewStore, "record_approval", full_disk)
    with pytest.raises(OSError):
        engine(workspace).apply([VLAN_KEY])
    assert (workspace / "MEMORY.md").read_text() == MEMORY
    after = json.loads((workspace / ledger.LEDGER_RELATIVE_PATH).read_text())
    assert after["entries"][VLAN_KEY] == ledger_before["entries"][VLAN_KEY]


def test_memory_that_is_not_utf8_gets_a_clear_error(workspace: Path) -> None:
    memory = workspace / "MEMORY.md"
    memory.write_bytes(MEMORY.encode("utf-8") + b"- caf\xe9\n")
    with pytest.raises(UserError, match="not valid UTF-8"):
        engine(workspace).apply([VLAN_KEY])
    assert memory.read_bytes() == MEMORY.encode("utf-8") + b"- caf\xe9\n"


def test_approving_builds_only_the_candidates_asked_for(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Comparing every candidate with every MEMORY.md entry took 17 s for one approval
    with a 200 KB MEMORY.md; an approval needs neither."""
    built: list[str] = []
    original = DreamEngine._build

    def counting(self: DreamEngine, scored: dict, *args: object) -> object:  # type: ignore[type-arg]
        built.append(scored["candidate"]["key"])
        return original(self, scored, *args)  # type: ignore[arg-type]

    def never(*_args: object, **_kwargs: object) -> list[object]:
        raise AssertionError("an approval compares nothing with MEMORY.md")

    monkeypatch.setattr(DreamEngine, "_build", counting)
    monkeypatch.setattr(review, "nearest_memory_entries", never)
    engine(workspace).apply([VLAN_KEY])
    assert set(built) == {VLAN_KEY}


def test_the_cli_writes_either_format(
    workspace: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    import shutil

    from tests.core.dreaming.conftest import run_dream_cli

    other = tmp_path_factory.mktemp("other") / "ws"
    shutil.copytree(workspace, other)
    assert run_dream_cli(workspace, "promote", "apply", VLAN_KEY) == 0
    assert "- - Router VLAN 20 hosts the staging cluster." in (workspace / "MEMORY.md").read_text()
    assert run_dream_cli(other, "promote", "apply", VLAN_KEY, "--style", "reverie") == 0
    written = (other / "MEMORY.md").read_text()
    assert "- Router VLAN 20 hosts the staging cluster." in written and "- - " not in written
