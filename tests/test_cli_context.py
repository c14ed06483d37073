"""``reverie context``, the shared options before and after the subcommand, the cap warning
of ``promote apply``, and the JSON outputs' version field (docs/cli-json.md)."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from reverie.cli.main import build_parser, main
from reverie.core.dreaming import ledger
from tests.core.dreaming.conftest import BACKUP_KEY, MEMORY, NOTE, VLAN_KEY, at, recall_week
from tests.fixtures.refused_read import refuse_reading

CONFIG = """
{
  // JSON5: comments, unquoted keys, trailing commas
  agents: {
    defaults: {
      workspace: "WS",
      userTimezone: "UTC",
      bootstrapMaxChars: 300,
      bootstrapTotalMaxChars: 2000,
      startupContext: { dailyMemoryDays: 1, maxFileChars: 40, },
    },
    list: [
      { id: "main", default: true },
      { id: "research", workspace: "RESEARCH", bootstrapMaxChars: 5000 },
    ],
  },
}
"""


@pytest.fixture
def setup(tmp_path: Path) -> dict[str, Path]:
    ws = tmp_path / "ws"
    research = tmp_path / "research"
    (ws / "memory").mkdir(parents=True)
    (research / "memory").mkdir(parents=True)
    (ws / "AGENTS.md").write_text("Search memory before answering.\n", "utf-8")
    (ws / "MEMORY.md").write_text("".join(f"- fact {i:03d} kept\n" for i in range(40)), "utf-8")
    (research / "MEMORY.md").write_text("- research facts\n", "utf-8")
    state = tmp_path / "state"
    state.mkdir()
    text = CONFIG.replace("RESEARCH", str(research)).replace("WS", str(ws))
    (state / "openclaw.json").write_text(text, "utf-8")
    return {"ws": ws, "research": research, "state": state, "data": tmp_path / "data"}


def test_context_json_has_the_documented_keys(
    setup: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [
        "context",
        "--json",
        "--state-dir",
        str(setup["state"]),
        "--data-dir",
        str(setup["data"]),
    ]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["version"] == 1
    assert {"files", "totalChars", "totalCap", "startup"} <= set(data)
    assert data["agent"] == "main" and data["totalCap"] == 2000
    memory = next(f for f in data["files"] if f["path"] == "MEMORY.md")
    assert {"path", "rawChars", "injectedChars", "truncated", "cap"} <= set(memory)
    assert memory["rawChars"] == 40 * 16 and memory["cap"] == 300 and memory["truncated"]
    assert memory["injectedChars"] < memory["rawChars"]
    assert memory["head"] == "".join(f"- fact {i:03d} kept\n" for i in range(40))[:210]
    assert any("MEMORY.md" in w for w in data["warnings"])

    assert main([*argv, "--agent", "research"]) == 0  # its own workspace and caps
    data = json.loads(capsys.readouterr().out)
    memory = next(f for f in data["files"] if f["path"] == "MEMORY.md")
    assert data["agent"] == "research" and memory["cap"] == 5000 and not memory["truncated"]


def test_context_text_names_the_cut(
    setup: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        main(["--state-dir", str(setup["state"]), "--data-dir", str(setup["data"]), "context"]) == 0
    )
    out = capsys.readouterr().out
    assert "MEMORY.md" in out and "CUT" in out and "characters cut" in out
    assert "300 per file (config)" in out


def test_context_says_a_memory_file_it_cannot_read_is_there(
    setup: dict[str, Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A MEMORY.md that is there but cannot be read is said so, and why, in one line (it
    was shown as if there were none, or as a whole file without a word)."""
    memory = setup["ws"] / "MEMORY.md"
    memory.write_bytes(b"- caf\xe9 with Ana\n")  # Latin-1
    argv = ["context", "--state-dir", str(setup["state"]), "--data-dir", str(setup["data"])]
    reason = "not valid UTF-8 (byte offset 5); save it as UTF-8"
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert f"warning: MEMORY.md cannot be read: {reason}\n" in out
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    file = next(f for f in data["files"] if f["path"] == "MEMORY.md")
    assert file["unreadable"] == reason and file["exists"]  # OpenClaw injects it, U+FFFD and all
    assert f"MEMORY.md cannot be read: {reason}" in data["warnings"]

    # a read refused (chmod 000 for another user; the permission bits do not bind root)
    refuse_reading(monkeypatch)
    assert main(argv) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith("MEMORY.md "))
    assert row.split()[-1] == "unreadable"  # not "absent"
    assert "warning: MEMORY.md cannot be read: permission denied\n" in out
    assert main([*argv, "--json"]) == 0
    file = next(f for f in json.loads(capsys.readouterr().out)["files"] if f["path"] == "MEMORY.md")
    assert file["unreadable"] == "permission denied" and not file["exists"]


# ---------------------------------------------------------------------- options anywhere


@pytest.mark.parametrize(
    ("option", "value", "dest"),
    [
        ("--workspace", "/tmp/somewhere", "workspace"),
        ("--data-dir", "/tmp/data", "data_dir"),
        ("--model", "hash", "model"),
        ("--state-dir", "/tmp/state", "state_dir"),
        ("--agent", "research", "agent"),
    ],
)
def test_shared_options_work_before_and_after_the_subcommand(
    option: str, value: str, dest: str
) -> None:
    parser = build_parser()
    for argv in (
        [option, value, "status"],
        ["status", option, value],
        [option, value, "dream", "status"],
        [option, value, "promote", "explain", "x"],
        ["promote", "explain", "x", option, value],
    ):
        assert getattr(parser.parse_args(argv), dest) == value, argv
    assert getattr(parser.parse_args(["status"]), dest) is None  # the default stays


def test_verbose_works_before_and_after_the_subcommand() -> None:
    parser = build_parser()
    assert parser.parse_args(["-v", "status"]).verbose is True
    assert parser.parse_args(["status", "-v"]).verbose is True
    assert parser.parse_args(["--verbose", "dream", "status"]).verbose is True
    assert parser.parse_args(["status"]).verbose is False


def test_workspace_before_the_subcommand_is_the_one_used(
    setup: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    data = setup["data"]
    argv = ["--workspace", str(setup["research"]), "--data-dir", str(data)]
    argv += ["--state-dir", str(setup["state"]), "--model", "hash", "-v", "status", "--json"]
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    root.handlers.clear()  # basicConfig applies -v only when no handler is set yet
    try:
        assert main(argv) == 0
        verbose = root.level
    finally:
        root.handlers[:], root.level = handlers, level
    status = json.loads(capsys.readouterr().out)
    assert Path(status["workspace"]) == setup["research"].resolve()
    assert Path(status["dbPath"]).is_relative_to(data)  # not the home folder
    assert status["agent"] == "research" and status["version"] == 1
    assert verbose == logging.INFO  # -v before the subcommand counts
    assert not (data / "demo").exists()  # the demo was not opened instead


# ---------------------------------------------------------------------- promote apply


def test_promote_apply_warns_before_memory_goes_over_its_cap(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "memory" / "2026-04-01.md").write_text(NOTE, encoding="utf-8")
    (ws / "MEMORY.md").write_text(MEMORY, encoding="utf-8")
    recall_week(ws)
    for phase in ("light", "rem"):
        ledger.record_phase_signals(ws, phase, [VLAN_KEY, BACKUP_KEY], now=at(4, 3))
    state = tmp_path / "state"
    state.mkdir()
    cap = len(MEMORY) + 20  # fits now; one more promotion does not
    (state / "openclaw.json").write_text(
        f'{{agents: {{defaults: {{bootstrapMaxChars: {cap}}}, list: [{{id: "main", '
        f'workspace: "{ws}"}}]}}}}',
        "utf-8",
    )
    common = ["--workspace", str(ws), "--state-dir", str(state), "--data-dir", str(tmp_path)]
    common += ["--now", "2026-04-04T12:00:00Z", "--timezone", "UTC"]
    assert main(["promote", "apply", VLAN_KEY, *common]) == 0
    err = capsys.readouterr().err
    assert "pushes MEMORY.md over its injection cap" in err
    assert f"cap of {cap:,}" in err
    assert len((ws / "MEMORY.md").read_text("utf-8")) > cap  # warned, then written


def test_promote_apply_is_quiet_when_memory_stays_small(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "memory" / "2026-04-01.md").write_text(NOTE, encoding="utf-8")
    (ws / "MEMORY.md").write_text(MEMORY, encoding="utf-8")
    recall_week(ws)
    for phase in ("light", "rem"):
        ledger.record_phase_signals(ws, phase, [VLAN_KEY, BACKUP_KEY], now=at(4, 3))
    common = ["--workspace", str(ws), "--state-dir", str(tmp_path / "none")]
    common += ["--data-dir", str(tmp_path), "--now", "2026-04-04T12:00:00Z", "--timezone", "UTC"]
    assert main(["promote", "apply", VLAN_KEY, *common]) == 0
    assert "injection cap" not in capsys.readouterr().err
