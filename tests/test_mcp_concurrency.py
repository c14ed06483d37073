"""The MCP server and a second writer (as an open GUI would be) on one workspace and index."""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path
from typing import Any

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from reverie.core.service import MemoryService

DAILY = "memory/2026-11-02.md"
NEW_NOTE = "memory/2026-11-04.md"
ROUNDS = 40
NOTES = 40
"""Daily notes the writer touches each round, so both sides' syncs overlap on real work."""


def _workspace(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("# Memory\n\n- Deploys happen on Tuesdays.\n", "utf-8")
    (ws / DAILY).write_text(
        "# 2026-11-02\n\n- Moved the staging server to VLAN 42.\n", encoding="utf-8"
    )
    for day in range(1, NOTES + 1):
        text = f"# 2026-10-{day:02d}\n\n" + "".join(
            f"- Item {n} of day {day}: reviewed the backlog entry {day * 100 + n}.\n"
            for n in range(30)
        )
        (ws / "memory" / f"2026-10-{day:02d}.md").write_text(text, encoding="utf-8")
    return ws.resolve()


def _payload(result: Any) -> dict[str, Any]:
    assert not result.is_error, result.content
    return json.loads(result.content[0].text)


class Writer(threading.Thread):
    """Appends to a daily note, syncs, embeds and searches in a loop, recording failures."""

    def __init__(self, ws: Path, data_dir: Path, started: threading.Event) -> None:
        super().__init__(name="second-writer", daemon=True)
        self.ws = ws
        self.data_dir = data_dir
        self.started = started
        self.errors: list[str] = []
        self.found: list[list[str]] = []
        self.rounds = 0

    def run(self) -> None:
        service = MemoryService(self.ws, data_dir=self.data_dir, model_name="hash")
        try:
            service.load_model()
            self.started.set()
            for i in range(ROUNDS):
                for day in range(1, NOTES + 1):
                    with (self.ws / "memory" / f"2026-10-{day:02d}.md").open("a") as handle:
                        handle.write(f"- Round {i}: checked drawer {day * 1000 + i}.\n")
                with (self.ws / DAILY).open("a", encoding="utf-8") as handle:
                    handle.write(f"- Writer round {i}: calibrated the ocelot sensor {i}.\n")
                try:
                    service.sync()
                    service.embed_pending()
                    response = service.search("ocelot sensor")
                    self.found.append([hit.path for hit in response.results])
                except Exception as exc:  # every failure is a finding, not a crash
                    self.errors.append(f"round {i}: {type(exc).__name__}: {exc}")
                self.rounds += 1
            if service.recovered_from is not None:
                self.errors.append(f"index treated as damaged: {service.recovered_from}")
        finally:
            self.started.set()
            service.close()


async def _concurrent_session(ws: Path, data_dir: Path, errlog: Path) -> dict[str, Any]:
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "reverie", "mcp", "--workspace", str(ws), "--data-dir", str(data_dir)]
        + ["--state-dir", str(data_dir / "no-state"), "--model", "hash"],
    )
    started = threading.Event()
    writer = Writer(ws, data_dir, started)
    out: dict[str, Any] = {"server": [], "during": [], "writer": writer}
    with (
        anyio.fail_after(120),
        errlog.open("w", encoding="utf-8") as log_file,
    ):
        async with (
            stdio_client(params, errlog=log_file) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            writer.start()
            await anyio.to_thread.run_sync(started.wait, 30.0)
            # the server searches (and records recalls in the ledger) while the writer works
            while writer.is_alive():
                found = _payload(await session.call_tool("memory_search", {"query": "VLAN 42"}))
                out["server"].append(found)
                out["during"].append(found)
                await anyio.sleep(0.02)
            await anyio.to_thread.run_sync(writer.join, 30.0)
            # a note appended by the other process shows up in the server's search
            note = ws / NEW_NOTE
            note.write_text("# 2026-11-04\n\n", encoding="utf-8")
            with note.open("a", encoding="utf-8") as handle:
                handle.write("- Renewed the quokka sanctuary permit.\n")
            query = {"query": "quokka sanctuary permit"}
            for _ in range(150):
                await anyio.sleep(0.1)
                found = _payload(await session.call_tool("memory_search", query))
                out["server"].append(found)
                if NEW_NOTE in [r["path"] for r in found["results"]]:
                    out["new_note"] = found
                    break
    return out


def test_server_and_second_writer_share_the_index(tmp_path: Path) -> None:
    ws = _workspace(tmp_path)
    errlog = tmp_path / "server-stderr.txt"
    out = anyio.run(_concurrent_session, ws, tmp_path / "data", errlog)

    # the server's background sync, embedding and watcher never hit a locked database
    server_log = errlog.read_text(encoding="utf-8")
    for sign in ("locked", "BusyError", "sync failed", "embedding failed", "damaged"):
        assert sign not in server_log, server_log

    writer: Writer = out["writer"]
    assert writer.rounds == ROUNDS
    assert writer.errors == []
    assert all(DAILY in paths for paths in writer.found)

    server = out["server"]
    assert len(server) > 1
    failures = [r.get("error") for r in server if r.get("disabled") or r.get("unavailable")]
    assert failures == []
    assert not any("locked" in json.dumps(r) for r in server)
    during = out["during"]
    assert during, "the server was not searched while the writer worked"
    assert all(DAILY in [hit["path"] for hit in r["results"]] for r in during)
    assert sum(r["debug"]["recallsRecorded"] for r in during) >= 1  # ledger writes too

    assert "new_note" in out, "the server never found the appended note"
    top = out["new_note"]["results"][0]
    assert top["path"] == NEW_NOTE and "quokka" in top["snippet"]
