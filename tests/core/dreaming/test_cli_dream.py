"""``reverie dream`` and ``reverie promote`` end to end through the argument parser."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.core.dreaming.conftest import BACKUP_KEY, VLAN_KEY, dream_cli_parser, run_dream_cli


def test_preview_json_apply_reject(workspace: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_dream_cli(workspace, "promote", "--json") == 0
    payload = json.loads(capsys.readouterr().out)
    keys = [c["key"] for c in payload["candidates"]]
    assert keys == [BACKUP_KEY, VLAN_KEY]
    first = payload["candidates"][0]
    for field in ("key", "path", "startLine", "endLine", "snippet", "score", "components", "gates"):
        assert field in first
    assert all(first["gates"].values())

    assert (
        run_dream_cli(workspace, "promote", "apply", VLAN_KEY, "--edit", "VLAN 20 is staging.") == 0
    )
    assert "VLAN 20 is staging." in (workspace / "MEMORY.md").read_text()
    assert run_dream_cli(workspace, "promote", "reject", BACKUP_KEY, "--reason", "stale") == 0
    capsys.readouterr()
    assert run_dream_cli(workspace, "promote") == 0
    assert "no candidates pass the gates" in capsys.readouterr().out

    assert run_dream_cli(workspace, "promote", "explain", "vlan", "--json") == 0
    explained = json.loads(capsys.readouterr().out)
    assert explained["candidates"][0]["key"] == VLAN_KEY
    assert explained["thresholds"]["minScore"] == 0.8


def test_thresholds_flags_and_status(workspace: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_dream_cli(workspace, "promote", "--json", "--min-score", "0.99") == 0
    assert json.loads(capsys.readouterr().out)["candidates"] == []
    assert run_dream_cli(workspace, "promote", "--json", "--limit", "1") == 0
    assert len(json.loads(capsys.readouterr().out)["candidates"]) == 1
    assert run_dream_cli(workspace, "dream", "status", "--fix") == 0
    out = capsys.readouterr().out
    assert "entries 2" in out and "waiting for review 2" in out
    assert run_dream_cli(workspace, "dream", "run", "--phase", "light", "--dry-run") == 0
    assert "light:" in capsys.readouterr().out


def test_bad_time_is_a_user_error(workspace: Path) -> None:
    from reverie.core.errors import UserError

    args = dream_cli_parser().parse_args(
        ["promote", "--workspace", str(workspace), "--now", "yesterday"]
    )
    with pytest.raises(UserError, match="--now"):
        args.func(args)


def test_reject_of_a_promoted_candidate_is_refused(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``promote reject`` on an approved candidate records nothing and says to undo first
    (it used to record 'rejected' while the bullet and marker stayed in MEMORY.md)."""
    from reverie.cli.main import main
    from reverie.core.dreaming.review import REVIEW_RELATIVE_PATH

    assert run_dream_cli(workspace, "promote", "apply", VLAN_KEY) == 0
    store_before = (workspace / REVIEW_RELATIVE_PATH).read_text()
    memory_before = (workspace / "MEMORY.md").read_text()
    capsys.readouterr()
    code = main(
        ["--workspace", str(workspace), "--data-dir", str(workspace.parent / "data")]
        + ["promote", "reject", VLAN_KEY, "--now", "2026-04-04T12:00:00Z"]
    )
    assert code == 2
    err = capsys.readouterr().err
    assert "already promoted" in err and "undo the approval first" in err
    assert (workspace / REVIEW_RELATIVE_PATH).read_text() == store_before
    assert (workspace / "MEMORY.md").read_text() == memory_before


def test_include_promoted_lists_decided_candidates_with_their_decision(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_dream_cli(workspace, "promote", "apply", VLAN_KEY) == 0
    assert run_dream_cli(workspace, "promote", "reject", BACKUP_KEY, "--reason", "stale") == 0
    capsys.readouterr()
    assert run_dream_cli(workspace, "promote", "--all", "--include-promoted", "--json") == 0
    listed = {c["key"]: c for c in json.loads(capsys.readouterr().out)["candidates"]}
    assert set(listed) == {VLAN_KEY, BACKUP_KEY}
    assert listed[VLAN_KEY]["review"]["decision"] == "approved"
    assert listed[VLAN_KEY]["promotedAt"]
    assert listed[BACKUP_KEY]["review"]["decision"] == "rejected"
    assert listed[BACKUP_KEY]["review"]["reason"] == "stale"
    assert run_dream_cli(workspace, "promote", "--all", "--include-promoted") == 0
    out = capsys.readouterr().out
    assert "decision: approved 2026-04-04T12:00:00.000Z" in out
    assert "decision: rejected 2026-04-04T12:00:00.000Z: stale" in out
    # without the flag both stay hidden, as before
    assert run_dream_cli(workspace, "promote", "--all", "--json") == 0
    assert json.loads(capsys.readouterr().out)["candidates"] == []
