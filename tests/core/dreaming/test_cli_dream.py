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
