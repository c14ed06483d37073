"""Per-agent sources: each workspace searches only its own agent's transcripts, and only when
that agent's config enables them; extraPaths are indexed, readable and listed.

Everything runs through the ``reverie`` command on a real JSON5 ``openclaw.json`` with two
agents, each with its own workspace and transcripts.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from reverie.cli.main import main
from reverie.core.agent_scope import UnknownAgent, resolve_agent_scope
from reverie.core.service import MemoryService
from reverie.core.settings import AppSettings, SearchSettings
from reverie.core.workspace import FileKind, Workspace

CONFIG = """
// two agents; JSON5 as people write it
{
  agents: {
    defaults: {
      workspace: "BASE/ws-main",
      memorySearch: {
        sources: ["memory", "sessions"],
        extraPaths: [" ../team-docs ", "ABSFILE"],
      },
    },
    list: [
      {
        id: "main",
        default: true,
        memorySearch: { experimental: { sessionMemory: true } }, // transcripts on
      },
      {
        id: "research",
        workspace: "BASE/ws-research",
        // sources lists sessions, but without experimental.sessionMemory OpenClaw drops it
        memorySearch: { extraPaths: [] },
      },
    ],
  },
}
"""


def _message(role: str, text: str) -> str:
    return json.dumps({"type": "message", "message": {"role": role, "content": text}})


MAIN_SESSION = "\n".join(
    [
        json.dumps({"type": "session", "id": "m1"}),
        _message("user", "Which port does the staging Postgres use?"),
        json.dumps({"type": "custom", "customType": "note"}),
        _message("assistant", "Staging Postgres listens on port 5433 (zebrafinch)."),
    ]
)
RESEARCH_SESSION = "\n".join(
    [
        json.dumps({"type": "session", "id": "r1"}),
        _message("user", "The zebrafinch vendor quoted 38k a year; keep it private."),
        _message("assistant", "Noted the zebrafinch quote of 38k."),
    ]
)


@pytest.fixture
def setup(tmp_path: Path) -> dict[str, Path]:
    base = tmp_path
    state = base / "state"
    main_ws = base / "ws-main"
    research_ws = base / "ws-research"
    for ws in (main_ws, research_ws):
        (ws / "memory").mkdir(parents=True)
    (main_ws / "MEMORY.md").write_text("# Memory\n\n- Jun leads the SRE team.\n", "utf-8")
    (main_ws / "memory" / "2026-11-02.md").write_text(
        "# 2026-11-02\n\n- Moved staging to VLAN 30.\n", "utf-8"
    )
    (research_ws / "MEMORY.md").write_text("# Research\n\n- Reads papers.\n", "utf-8")
    team = base / "team-docs"
    (team / "ops").mkdir(parents=True)
    (team / "ops" / "runbook.md").write_text(
        "# Runbook\n\nFailover drill: first Thursday, 14:00.\nPager rota: weekly.\n", "utf-8"
    )
    (team / "notes.txt").write_text("failover drill (not Markdown)\n", "utf-8")
    single = base / "elsewhere" / "glossary.md"
    single.parent.mkdir()
    single.write_text("# Glossary\n\nKestrel: a columnar log format.\n", "utf-8")
    for agent, text in (("main", MAIN_SESSION), ("research", RESEARCH_SESSION)):
        folder = state / "agents" / agent / "sessions"
        folder.mkdir(parents=True)
        (folder / f"{agent}-1.jsonl").write_text(text + "\n", "utf-8")
    config = CONFIG.replace("BASE", base.as_posix()).replace("ABSFILE", single.as_posix())
    (state / "openclaw.json").write_text(config, "utf-8")
    return {
        "state": state,
        "main": main_ws,
        "research": research_ws,
        "data": base / "data",
        "team": team,
        "single": single,
    }


def run(capsys: pytest.CaptureFixture[str], s: dict[str, Path], *argv: str) -> tuple[int, str, str]:
    code = main(
        [
            *argv,
            "--data-dir",
            str(s["data"]),
            "--state-dir",
            str(s["state"]),
            "--model",
            "hash",
        ]
    )
    out, err = capsys.readouterr()
    return code, out, err


def search_json(
    capsys: pytest.CaptureFixture[str], s: dict[str, Path], *argv: str
) -> dict[str, Any]:
    code, out, err = run(capsys, s, "search", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


# ---------------------------------------------------------------------- scope


def test_the_scope_follows_openclaws_source_rules(setup: dict[str, Path]) -> None:
    main_scope = resolve_agent_scope(setup["main"], setup["state"])
    assert main_scope.agent_id == "main" and main_scope.configured
    assert main_scope.openclaw_sources == ("memory", "sessions")
    assert main_scope.sessions_dirs() == [("main", setup["state"] / "agents" / "main" / "sessions")]
    research = resolve_agent_scope(setup["research"], setup["state"])
    assert research.agent_id == "research"
    assert research.openclaw_sources == ("memory",)  # no experimental.sessionMemory
    assert research.sessions_dirs() == []  # not even indexed
    opted = resolve_agent_scope(setup["research"], setup["state"], own_transcripts=True)
    assert opted.sources("openclaw") == ("memory",)
    assert opted.sources("reverie") == ("memory", "sessions")
    assert opted.sessions_dirs() == [
        ("research", setup["state"] / "agents" / "research" / "sessions")
    ]
    nobody = resolve_agent_scope(setup["data"].parent / "elsewhere", setup["state"])
    assert nobody.agent_id is None and nobody.sessions_dirs() == []
    with pytest.raises(UnknownAgent, match="main, research"):
        resolve_agent_scope(setup["main"], setup["state"], "coder")


# ---------------------------------------------------------------------- transcripts


def test_a_workspace_never_sees_another_agents_transcripts(
    setup: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    for profile in ("reverie", "openclaw"):
        found = search_json(
            capsys, setup, "zebrafinch quote", "--workspace", str(setup["main"]),
            "--profile", profile, "--min-score", "0",
        )  # fmt: skip
        paths = [r["path"] for r in found["results"]]
        assert "sessions/research-1.jsonl" not in paths, (profile, paths)
        assert "sessions/main-1.jsonl" in paths  # main's own, enabled by its config
        for result in found["results"]:
            assert result["agent"] == "main"
        assert found["version"] == 1 and found["agent"] == "main"


def test_transcripts_need_the_agents_config_and_the_reverie_opt_in_is_own_only(
    setup: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    ws = str(setup["research"])
    for profile in ("reverie", "openclaw"):
        found = search_json(
            capsys, setup, "zebrafinch", "--workspace", ws, "--profile", profile,
            "--min-score", "0",
        )  # fmt: skip
        assert all(r["source"] == "memory" for r in found["results"]), found["results"]

    AppSettings(own_transcripts=True).save(setup["data"] / "settings.json")
    found = search_json(capsys, setup, "zebrafinch", "--workspace", ws, "--min-score", "0")
    paths = [r["path"] for r in found["results"]]
    assert paths[:1] == ["sessions/research-1.jsonl"]  # its own, on opt-in
    assert "sessions/main-1.jsonl" not in paths
    assert found["results"][0]["agent"] == "research"
    # the openclaw profile stays what the agent sees: no transcripts for this agent
    found = search_json(
        capsys, setup, "zebrafinch", "--workspace", ws, "--profile", "openclaw",
        "--min-score", "0",
    )  # fmt: skip
    assert all(r["source"] == "memory" for r in found["results"])


def test_get_reads_every_result_search_returns(
    setup: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    ws = str(setup["main"])
    found = search_json(
        capsys, setup, "staging port failover kestrel", "--workspace", ws, "-k", "20",
        "--min-score", "0",
    )  # fmt: skip
    sources = {r["source"] for r in found["results"]}
    assert sources == {"memory", "sessions"}
    for result in found["results"]:
        lines = result["endLine"] - result["startLine"] + 1
        code, out, err = run(
            capsys, setup, "get", result["path"], "--workspace", ws, "--json",
            "--from", str(result["startLine"]), "--lines", str(lines),
        )  # fmt: skip
        assert code == 0, (result["path"], err)
        got = json.loads(out)
        assert got["text"].strip(), result["path"]
        assert got["version"] == 1
        if result["source"] == "sessions":
            assert got["lineMap"] and got["agent"] == "main"
            assert all(result["startLine"] <= n <= result["endLine"] for n in got["lineMap"])


def test_get_gives_a_transcripts_flattened_lines_and_line_map(
    setup: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    ws = str(setup["main"])
    code, out, err = run(capsys, setup, "get", "sessions/main-1.jsonl", "--workspace", ws)
    assert code == 0, err
    assert out.splitlines() == [
        "User: Which port does the staging Postgres use?",
        "Assistant: Staging Postgres listens on port 5433 (zebrafinch).",
    ]
    code, out, err = run(
        capsys, setup, "get", "sessions/main-1.jsonl", "--workspace", ws, "--json",
        "--from", "4", "--lines", "1",
    )  # fmt: skip
    got = json.loads(out)
    assert got["lineMap"] == [4] and got["text"].startswith("Assistant: Staging")
    # another agent's transcript is not readable from this workspace
    code, out, err = run(capsys, setup, "get", "sessions/research-1.jsonl", "--workspace", ws)
    assert code == 2 and "not a listed session transcript" in err


# ---------------------------------------------------------------------- extraPaths


def test_extra_paths_are_indexed_stored_readable_and_listed(
    setup: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    ws = str(setup["main"])
    found = search_json(capsys, setup, "failover drill", "--workspace", ws, "--min-score", "0")
    paths = [r["path"] for r in found["results"]]
    assert paths[0] == "../team-docs/ops/runbook.md"  # stored as OpenClaw stores it
    assert all(not p.endswith(".txt") for p in paths)
    single = os.path.relpath(setup["single"], setup["main"]).replace(os.sep, "/")
    found = search_json(capsys, setup, "Kestrel columnar", "--workspace", ws, "--min-score", "0")
    assert single in [r["path"] for r in found["results"]]

    code, out, err = run(capsys, setup, "get", "../team-docs/ops/runbook.md", "--workspace", ws)
    assert code == 0, err
    assert out.startswith("# Runbook")
    code, out, err = run(capsys, setup, "get", str(setup["single"]), "--workspace", ws)
    assert code == 0 and "Kestrel" in out
    code, out, err = run(capsys, setup, "get", "../team-docs/notes.txt", "--workspace", ws)
    assert code == 2 and "refused" in err  # not Markdown
    code, out, err = run(capsys, setup, "get", "../ws-research/MEMORY.md", "--workspace", ws)
    assert code == 2 and "refused" in err  # outside every extra path

    code, out, err = run(capsys, setup, "status", "--workspace", ws, "--json")
    status = json.loads(out)
    assert status["version"] == 1 and status["agent"] == "main"
    assert [e["rel"] for e in status["extraPaths"]] == ["../team-docs", single]
    assert status["sources"] == {
        "reverie": ["memory", "sessions"],
        "openclaw": ["memory", "sessions"],
    }
    code, out, err = run(capsys, setup, "status", "--workspace", ws)
    assert "../team-docs (folder)" in out and "agent       main" in out


def test_a_linked_extra_folder_is_reported_not_indexed(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    real = tmp_path / "real"
    real.mkdir()
    (real / "x.md").write_text("linked secret\n", "utf-8")
    (tmp_path / "link").symlink_to(real, target_is_directory=True)
    workspace = Workspace(ws, extra_paths=["../link", "../missing", "../real"])
    files, skipped = workspace.list_memory_files()
    assert [f.rel_path for f in files] == ["../real/x.md"]
    assert files[0].kind is FileKind.EXTRA
    assert any(s.path == "../link" and "symbolic link" in s.reason for s in skipped)
    assert not workspace.is_extra_path("../link/x.md")


def test_the_service_indexes_extra_paths_and_own_transcripts_only(
    setup: dict[str, Path],
) -> None:
    scope = resolve_agent_scope(setup["main"], setup["state"])
    service = MemoryService(setup["main"], setup["data"], model_name="hash", scope=scope)
    try:
        service.sync()
        rows = service.reader().execute("SELECT path, source, agent_id FROM files").fetchall()
        paths = {str(p) for p, _s, _a in rows}
        assert "sessions/main-1.jsonl" in paths and "sessions/research-1.jsonl" not in paths
        assert "../team-docs/ops/runbook.md" in paths
        settings = SearchSettings.for_profile("openclaw").with_changes(min_score=0.0)
        only = service.search("zebrafinch", settings, sources=("sessions",))
        assert {h.source for h in only.results} == {"sessions"}
    finally:
        service.close()


# ---------------------------------------------------------------------- --agent


def test_agent_option_picks_that_agents_workspace_and_refuses_unknown_ones(
    setup: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, setup, "--agent", "research", "status", "--json")
    assert code == 0, err
    status = json.loads(out)
    assert status["agent"] == "research"
    assert Path(status["workspace"]) == setup["research"].resolve()
    code, out, err = run(capsys, setup, "status", "--agent", "coder")
    assert code == 2 and "unknown agent 'coder'" in err and "main, research" in err
