"""``reverie mcp`` with two agents: own transcripts only, ``--agent``, extraPaths, ``corpus``,
argument errors as MCP errors, and a query with a lone surrogate still answered."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from reverie.core.settings import SearchSettings

CONFIG = """
{
  agents: {
    defaults: {
      memorySearch: { sources: ["memory", "sessions"], experimental: { sessionMemory: true } },
    },
    list: [
      { id: "main", default: true, workspace: "MAIN", memorySearch: { extraPaths: ["../docs"] } },
      { id: "research", workspace: "RESEARCH" },
    ],
  },
}
"""


def _message(role: str, text: str) -> str:
    return json.dumps({"type": "message", "message": {"role": role, "content": text}})


@pytest.fixture
def setup(tmp_path: Path) -> dict[str, Path]:
    main_ws, research_ws = tmp_path / "main", tmp_path / "research"
    for ws in (main_ws, research_ws):
        (ws / "memory").mkdir(parents=True)
    (main_ws / "memory" / "2026-11-02.md").write_text(
        "# 2026-11-02\n\n- Moved the staging server to VLAN 42.\n", "utf-8"
    )
    (research_ws / "memory" / "2026-11-03.md").write_text("- Read a paper.\n", "utf-8")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "runbook.md").write_text("# Runbook\n\nFailover drill monthly.\n", "utf-8")
    state = tmp_path / "state"
    for agent, words in (("main", "staging VLAN 42 moved"), ("research", "quokka vendor quote")):
        folder = state / "agents" / agent / "sessions"
        folder.mkdir(parents=True)
        lines = [json.dumps({"type": "session"}), _message("user", f"note: {words}")]
        (folder / f"{agent}.jsonl").write_text("\n".join(lines) + "\n", "utf-8")
    config = CONFIG.replace("MAIN", str(main_ws)).replace("RESEARCH", str(research_ws))
    (state / "openclaw.json").write_text(config, "utf-8")
    return {"main": main_ws, "research": research_ws, "state": state, "data": tmp_path / "data"}


def _args(setup: dict[str, Path], *extra: str) -> list[str]:
    return [
        "-m", "reverie", "mcp", "--state-dir", str(setup["state"]),
        "--data-dir", str(setup["data"]), "--model", "hash", "--no-record-recalls",
        "--no-watch", *extra,
    ]  # fmt: skip


def _payload(result: Any) -> dict[str, Any]:
    assert not result.is_error, result.content
    return json.loads(result.content[0].text)


async def _calls(setup: dict[str, Path], extra: list[str], calls: list[tuple[str, dict]]) -> Any:
    params = StdioServerParameters(command=sys.executable, args=_args(setup, *extra))
    out: list[Any] = []
    with anyio.fail_after(90):
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            listed = await session.list_tools()
            out.append({tool.name: tool for tool in listed.tools})
            for name, arguments in calls:
                out.append(await session.call_tool(name, arguments))
    return out


def test_main_sees_its_own_transcript_extra_paths_and_reads_them(setup: dict[str, Path]) -> None:
    calls = [
        ("memory_search", {"query": "quokka vendor quote staging VLAN", "maxResults": 10,
                           "minScore": 0}),
        ("memory_search", {"query": "staging VLAN", "corpus": "sessions", "minScore": 0}),
        ("memory_search", {"query": "staging", "corpus": "wiki"}),
        ("memory_search", {"query": "failover drill", "minScore": 0}),
        ("memory_get", {"path": "sessions/main.jsonl"}),
        ("memory_get", {"path": "sessions/research.jsonl"}),
        ("memory_get", {"path": "../docs/runbook.md", "from": 3, "lines": 1}),
    ]  # fmt: skip
    tools, mixed, sessions, wiki, extra, own, other, doc = anyio.run(
        _calls, setup, ["--workspace", str(setup["main"])], calls
    )
    schema = tools["memory_search"].input_schema
    default = SearchSettings.for_profile("reverie").max_results
    assert schema["properties"]["maxResults"]["type"] == "integer"
    assert schema["properties"]["maxResults"]["minimum"] == 1
    assert f"default {default})" in schema["properties"]["maxResults"]["description"]
    assert schema["properties"]["corpus"]["enum"] == ["memory", "wiki", "all", "sessions"]

    results = _payload(mixed)["results"]
    paths = [r["path"] for r in results]
    assert "sessions/main.jsonl" in paths and "sessions/research.jsonl" not in paths
    assert {r["agent"] for r in results} == {"main"}
    assert {r["source"] for r in _payload(sessions)["results"]} == {"sessions"}
    assert _payload(wiki)["results"] == [] and _payload(wiki)["notices"]
    assert _payload(extra)["results"][0]["path"] == "../docs/runbook.md"

    got = _payload(own)
    assert got["text"] == "User: note: staging VLAN 42 moved" and got["lineMap"] == [2]
    assert got["agent"] == "main"
    refused = _payload(other)
    assert refused["disabled"] is True and refused["text"] == ""
    assert _payload(doc) == {"text": "Failover drill monthly.", "path": "../docs/runbook.md"}


def test_agent_option_serves_that_agents_memory(setup: dict[str, Path]) -> None:
    calls = [("memory_search", {"query": "quokka vendor quote", "minScore": 0})]
    _tools, found = anyio.run(_calls, setup, ["--agent", "research"], calls)
    results = _payload(found)["results"]
    assert results and results[0]["path"] == "sessions/research.jsonl"
    assert {r["agent"] for r in results} == {"research"}


def test_argument_errors_are_mcp_errors_naming_the_valid_range(setup: dict[str, Path]) -> None:
    calls = [
        ("memory_search", {"query": "staging", "maxResults": -1}),
        ("memory_search", {"query": "staging", "maxResults": 0}),
        ("memory_search", {"query": "staging", "maxResults": 2.5}),
        ("memory_search", {"query": "staging", "minScore": 2}),
        ("memory_search", {"query": "staging", "corpus": "everything"}),
        ("memory_search", {"query": 42}),
        ("memory_get", {"path": "memory/2026-11-02.md", "from": -5}),
        ("memory_get", {"path": "memory/2026-11-02.md", "lines": 0}),
        ("memory_search", {"query": "staging", "maxResults": 1, "minScore": 0}),
    ]
    out = anyio.run(_calls, setup, ["--workspace", str(setup["main"])], calls)
    errors = out[1:-1]
    for (name, arguments), result in zip(calls, errors, strict=False):
        assert result.is_error, (name, arguments, result.content)
        text = result.content[0].text
        assert "unavailable" not in text
    texts = [r.content[0].text for r in errors]
    assert "maxResults must be an integer >= 1, not -1" in texts[0]
    assert "maxResults must be an integer >= 1, not 0" in texts[1]
    assert "maxResults must be an integer >= 1, not 2.5" in texts[2]
    assert "minScore must be a number from 0 to 1" in texts[3]
    assert "corpus must be one of memory, wiki, all, sessions" in texts[4]
    assert "query is required" in texts[5]
    assert "from must be an integer >= 1, not -5" in texts[6]
    assert "lines must be an integer >= 1, not 0" in texts[7]
    assert len(_payload(out[-1])["results"]) == 1  # 1 is one result, as asked


def _rpc(proc: subprocess.Popen[bytes], message: dict[str, Any]) -> None:
    assert proc.stdin is not None
    # ensure_ascii: a lone surrogate travels as the JSON escape \\ud800, as clients send it
    proc.stdin.write((json.dumps(message, ensure_ascii=True) + "\n").encode("ascii"))
    proc.stdin.flush()


def _read_response(proc: subprocess.Popen[bytes], wanted: int, timeout: float) -> dict[str, Any]:
    assert proc.stdout is not None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        message = json.loads(line)
        if message.get("id") == wanted:
            return message
    raise AssertionError(f"no answer to request {wanted}")


def test_a_query_with_a_lone_surrogate_gets_an_answer(setup: dict[str, Path]) -> None:
    args = [sys.executable, *_args(setup, "--workspace", str(setup["main"]))]
    proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        _rpc(proc, {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "test", "version": "1"}}})  # fmt: skip
        _read_response(proc, 1, 60)
        _rpc(proc, {"jsonrpc": "2.0", "method": "notifications/initialized"})
        for request_id, query in ((2, "staging \ud800 VLAN"), (3, "\udfff")):
            _rpc(proc, {"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": {
                "name": "memory_search", "arguments": {"query": query, "minScore": 0}}})  # fmt: skip
            answer = _read_response(proc, request_id, 60)
            result = answer["result"]
            assert not result.get("isError"), result
            payload = json.loads(result["content"][0]["text"])
            assert "results" in payload and not payload.get("disabled")
        paths = [r["path"] for r in payload["results"]]
        assert isinstance(paths, list)
    finally:
        proc.kill()
        proc.wait(timeout=10)
