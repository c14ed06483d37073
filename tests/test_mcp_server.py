"""``reverie mcp`` driven by the MCP SDK's own stdio client, as an agent would use it."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from reverie.mcp.server import citation_for

DAILY = "memory/2026-11-02.md"
DAILY_TEXT = """# 2026-11-02

- Moved the staging server to VLAN 42; the old VLAN 17 is retired.
- Marta prefers short status mails on Fridays.

## Backups
- Nightly backups now go to the Hetzner storage box.
"""
MEMORY_TEXT = """# Memory

- The team's deploy window is Tuesday afternoon.
"""


def _workspace(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text(MEMORY_TEXT, encoding="utf-8")
    (ws / DAILY).write_text(DAILY_TEXT, encoding="utf-8")
    (ws / "notes.md").write_text("not a memory file\n", encoding="utf-8")
    return ws


def _payload(result: Any) -> dict[str, Any]:
    assert not result.is_error, result.content
    text = result.content[0].text
    data = json.loads(text)
    assert result.structured_content == data
    return data


async def _session(ws: Path, data_dir: Path, *extra: str) -> dict[str, Any]:
    params = StdioServerParameters(
        command=sys.executable,
        args=[
            "-m",
            "reverie",
            "mcp",
            "--workspace",
            str(ws),
            "--data-dir",
            str(data_dir),
            "--state-dir",
            str(data_dir / "no-state"),
            "--model",
            "hash",
            *extra,
        ],
    )
    out: dict[str, Any] = {}
    with anyio.fail_after(90):
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            listed = await session.list_tools()
            out["tools"] = {tool.name: tool for tool in listed.tools}
            out["search"] = _payload(
                await session.call_tool(
                    "memory_search", {"query": "staging server VLAN", "maxResults": 3}
                )
            )
            out["get"] = _payload(
                await session.call_tool("memory_get", {"path": DAILY, "from": 3, "lines": 1})
            )
            out["whole"] = _payload(await session.call_tool("memory_get", {"path": "MEMORY.md"}))
            out["refused"] = _payload(await session.call_tool("memory_get", {"path": "notes.md"}))
            out["escape"] = _payload(
                await session.call_tool("memory_get", {"path": "memory/../../etc/passwd.md"})
            )
            out["missing"] = _payload(
                await session.call_tool("memory_get", {"path": "memory/2020-01-01.md"})
            )
            out["empty"] = await session.call_tool("memory_search", {"query": "  "})
            block = await session.call_tool(
                "memory_recall_block", {"prompt": "where do the nightly backups go?"}
            )
            out["block"] = block.content[0].text
    return out


def _ledger(ws: Path) -> dict[str, Any]:
    path = ws / "memory" / ".dreams" / "short-term-recall.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def test_citation_format() -> None:
    assert citation_for("memory/a.md", 4, 4) == "memory/a.md#L4"
    assert citation_for("memory/a.md", 4, 9) == "memory/a.md#L4-L9"


def test_stdio_session_search_get_refuse_and_ledger(tmp_path: Path) -> None:
    ws = _workspace(tmp_path)
    out = anyio.run(_session, ws, tmp_path / "data")

    tools = out["tools"]
    assert {"memory_search", "memory_get", "memory_recall_block"} <= set(tools)
    assert tools["memory_search"].input_schema["required"] == ["query"]
    assert set(tools["memory_get"].input_schema["properties"]) == {
        "path",
        "from",
        "lines",
        "corpus",
    }

    found = out["search"]
    assert {"results", "provider", "model", "mode", "citations", "debug"} <= set(found)
    assert 1 <= len(found["results"]) <= 3
    top = found["results"][0]
    assert top["path"] == DAILY
    assert top["source"] == "memory"
    assert top["citation"] == citation_for(DAILY, top["startLine"], top["endLine"])
    assert "VLAN 42" in top["snippet"]
    assert top["snippet"].endswith(f"\n\nSource: {top['citation']}")
    assert set(top) >= {"path", "startLine", "endLine", "score", "snippet", "source"}

    assert out["get"] == {
        "text": "- Moved the staging server to VLAN 42; the old VLAN 17 is retired.",
        "path": DAILY,
    }
    assert out["whole"] == {"text": MEMORY_TEXT, "path": "MEMORY.md"}
    for key, rel in (("refused", "notes.md"), ("escape", "memory/../../etc/passwd.md")):
        refused = out[key]
        assert refused["disabled"] is True and refused["text"] == ""
        assert refused["path"] == rel and refused["error"]
    assert out["missing"] == {"text": "", "path": "memory/2020-01-01.md"}

    empty = out["empty"]  # an argument error is an MCP error, not "search unavailable"
    assert empty.is_error and "query is required" in empty.content[0].text

    assert out["block"].startswith("## Relevant memories")
    assert "Hetzner" in out["block"]

    ledger = _ledger(ws)
    recorded = {entry["path"] for entry in ledger["entries"].values()}
    assert DAILY in recorded
    assert "MEMORY.md" not in recorded  # long-term memory is not a short-term recall
    queries = {q for entry in ledger["entries"].values() for q in entry.get("queryHashes", [])}
    assert queries  # the recalls carry their queries


async def _watch_session(ws: Path, data_dir: Path) -> list[str]:
    """Search, write a new daily note while the server runs, search until it is found."""
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "reverie", "mcp", "--workspace", str(ws), "--data-dir", str(data_dir)]
        + ["--state-dir", str(data_dir / "no-state"), "--model", "hash", "--no-record-recalls"],
    )
    query = {"query": "zeppelin hangar lease"}
    seen: list[str] = []
    with anyio.fail_after(90):
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            first = _payload(await session.call_tool("memory_search", query))
            seen.append(",".join(r["path"] for r in first["results"]))
            note = ws / "memory" / "2026-11-03.md"
            note.write_text("# 2026-11-03\n\n- Signed the zeppelin hangar lease.\n", "utf-8")
            for _ in range(100):
                await anyio.sleep(0.1)
                found = _payload(await session.call_tool("memory_search", query))
                paths = [r["path"] for r in found["results"]]
                if "memory/2026-11-03.md" in paths:
                    seen.append(",".join(paths))
                    break
    return seen


def test_watcher_indexes_new_notes_and_no_record_recalls(tmp_path: Path) -> None:
    ws = _workspace(tmp_path)
    seen = anyio.run(_watch_session, ws, tmp_path / "data")
    assert "2026-11-03" not in seen[0]
    assert len(seen) == 2 and seen[1].split(",")[0] == "memory/2026-11-03.md"
    assert not (ws / "memory" / ".dreams" / "short-term-recall.json").exists()


def test_saved_settings_fall_back_to_the_apps_search_defaults(tmp_path: Path) -> None:
    from reverie.core.paths import settings_file
    from reverie.core.settings import AppSettings, SearchSettings
    from reverie.mcp.server import saved_settings

    root, other = tmp_path / "ws", tmp_path / "other"
    data = tmp_path / "data"
    assert saved_settings(root, data) == SearchSettings.for_profile("reverie")  # no file yet
    defaults = SearchSettings.for_profile("reverie").with_changes(max_results=9, min_score=0.1)
    saved = SearchSettings.for_profile("openclaw").with_changes(max_results=3)
    AppSettings(search={str(other): saved.to_json()}, search_defaults=defaults.to_json()).save(
        settings_file(data)
    )
    assert saved_settings(root, data) == defaults  # a workspace with no saved profile
    assert saved_settings(other, data) == saved  # its own saved profile wins


def test_change_reports_during_a_pass_join_one_waiting_pass(tmp_path: Path) -> None:
    import threading
    import time

    from reverie.core.service import MemoryService
    from reverie.mcp.server import MemoryTools

    ws = _workspace(tmp_path)
    service = MemoryService(ws, data_dir=tmp_path / "data", model_name="hash")
    try:
        service.sync()
        tools = MemoryTools(service, watch=False)
        calls: list[list[str] | None] = []
        running = threading.Event()
        release = threading.Event()
        real_sync = service.sync

        def slow_sync(*args: Any, only_paths: Any = None, **kwargs: Any) -> Any:
            calls.append(only_paths)
            if len(calls) == 1:
                running.set()
                release.wait(10)  # the first pass takes a while
            return real_sync(*args, only_paths=only_paths, **kwargs)

        service.sync = slow_sync  # type: ignore[method-assign]
        notes = [ws / "memory" / f"2026-12-{day:02d}.md" for day in range(1, 11)]
        first = threading.Thread(target=tools._on_change, args=({ws / "MEMORY.md"},))
        first.start()
        assert running.wait(10)
        reporters = [threading.Thread(target=tools._on_change, args=({n},)) for n in notes]
        for t in reporters:  # ten watcher flushes while the first pass runs
            t.start()
        deadline = time.monotonic() + 10
        while sum(t.is_alive() for t in reporters) > 1 and time.monotonic() < deadline:
            time.sleep(0.01)  # all but the one that waits for the pass return at once
        assert sum(t.is_alive() for t in reporters) == 1
        release.set()
        for t in [first, *reporters]:
            t.join(10)
        assert calls[0] == ["MEMORY.md"]
        assert len(calls) == 2 and calls[1] == sorted(f"memory/{n.name}" for n in notes)
    finally:
        service.close()
