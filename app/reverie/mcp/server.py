"""An MCP server over stdio with OpenClaw's memory tools on a Reverie index.

Any MCP client (desktop assistants, coding agents, OpenClaw through its MCP support) gets
``memory_search`` and ``memory_get`` with OpenClaw's parameter and result shapes, plus an
optional ``memory_recall_block`` that formats the top memories for a prompt so a client
hook can inject them. Searches record their surfaced results in the dreaming ledger
(best effort, as OpenClaw's tool does), so agent recalls feed the person's review.

:class:`MemoryTools` holds everything that is not MCP: the initial sync, the background
model load and embedding, the watcher that keeps the index fresh, and the three tool
bodies returning plain JSON-ready dicts. :func:`build_server` wraps it in the SDK's
low-level ``Server`` with explicit input schemas (``from`` is a Python keyword, so the
schemas are written out rather than derived from signatures).
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..core.errors import PathRefused
from ..core.paths import settings_file
from ..core.reindex_batch import ReindexBatch
from ..core.search.trace import SearchHit, SearchResponse
from ..core.service import MemoryService
from ..core.settings import AppSettings, SearchSettings, resolve_search_settings
from ..core.watch import DebouncedWatcher
from ..core.workspace import FileMissing

log = logging.getLogger(__name__)

SERVER_NAME = "reverie-memory"
INITIAL_SYNC_WAIT_S = 60.0
"""How long a tool call waits for the first index sync before searching what there is."""
RECALL_BLOCK_DEFAULT = 5

SEARCH_DESCRIPTION = (
    "Mandatory recall step: semantically search MEMORY.md + memory/*.md (and optional "
    "session transcripts) before answering questions about prior work, decisions, dates, "
    "people, preferences, or todos; returns top snippets with path + lines. Then use "
    "memory_get to read only the needed lines."
)
GET_DESCRIPTION = (
    "Read a memory file (MEMORY.md or memory/*.md) or a line range of it, after "
    "memory_search. 'from' is the 1-based first line, 'lines' how many lines to read; with "
    "neither, the whole file is returned."
)
RECALL_DESCRIPTION = (
    "Auto-recall: the top memories for a prompt, formatted as a Markdown block ready to be "
    "added to the model's context (for client hooks that inject memory without a tool call)."
)

SEARCH_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "query": {"type": "string", "description": "what to recall"},
        "maxResults": {"type": "number", "description": "how many results (default 10)"},
        "minScore": {"type": "number", "description": "drop results scoring below this"},
    },
    "required": ["query"],
}
GET_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "path": {"type": "string", "description": "workspace-relative, e.g. memory/2026-09-17.md"},
        "from": {"type": "integer", "description": "first line, 1-based"},
        "lines": {"type": "integer", "description": "number of lines"},
    },
    "required": ["path"],
}
RECALL_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "prompt": {"type": "string", "description": "the user's prompt"},
        "maxResults": {"type": "number", "description": f"default {RECALL_BLOCK_DEFAULT}"},
        "minScore": {"type": "number"},
    },
    "required": ["prompt"],
}


def citation_for(path: str, start_line: int, end_line: int) -> str:
    """OpenClaw's citation: ``path#L<start>`` or ``path#L<start>-L<end>``."""
    if start_line == end_line:
        return f"{path}#L{start_line}"
    return f"{path}#L{start_line}-L{end_line}"


def saved_settings(
    root: Path, data_dir: Path | None, openclaw: SearchSettings | None = None
) -> SearchSettings:
    """The search settings the app would use for ``root`` (see :func:`resolve_search_settings`)."""
    return resolve_search_settings(AppSettings.load(settings_file(data_dir)), root, openclaw)


def _number(value: Any, name: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{name} must be a number")
    return float(value)


class MemoryTools:
    """The tools' behaviour on one :class:`MemoryService`, free of MCP and of asyncio."""

    def __init__(
        self,
        service: MemoryService,
        settings: SearchSettings | None = None,
        record_recalls: bool = True,
        watch: bool = True,
        now: Callable[[], float] = time.time,
    ) -> None:
        self.service = service
        self.settings = settings or SearchSettings.for_profile("reverie")
        self.record = record_recalls
        self.watch = watch
        self._now = now
        self.synced = threading.Event()
        self.model_settled = threading.Event()
        self._stop = threading.Event()
        self._pass_lock = threading.Lock()
        """Held by the re-index pass that runs."""
        self._batch_lock = threading.Lock()
        self._waiting: ReindexBatch | None = None
        """The pass waiting for the running one; later change reports join it."""
        self._thread: threading.Thread | None = None
        self.watcher: DebouncedWatcher | None = None

    # ------------------------------------------------------------ lifecycle
    def start(self) -> None:
        """Sync, then load the model and embed, in a background thread; start the watcher.

        Until the model is loaded, searches run keyword-only.
        """
        if self.watch:
            folders = [self.service.root, *(f for _a, f in self.service.workspace.sessions_dirs)]
            self.watcher = DebouncedWatcher(folders, self._on_change, delay=0.3)
            self.watcher.start()
        self._thread = threading.Thread(target=self._prepare, name="reverie-mcp-index", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self.watcher is not None:
            self.watcher.stop()
            self.watcher = None
        if self._thread is not None:
            self._thread.join(timeout=5.0)
            self._thread = None

    def _cancelled(self) -> bool:
        return self._stop.is_set()

    def _prepare(self) -> None:
        try:
            report = self.service.sync(cancel=self._cancelled)
            for skipped in report.skipped:
                log.warning("skipped %s: %s", skipped.path, skipped.reason)
            for damaged in report.damaged:
                log.warning("%s: %s", damaged.path, damaged.reason)
        except Exception:
            log.exception("index sync failed")
        finally:
            self.synced.set()
        try:
            if self._stop.is_set():
                return
            self.service.load_model()
            if self.service.model.error:
                log.warning("%s; keyword-only search", self.service.model.error)
            elif not self._stop.is_set():
                self.service.embed_pending(cancel=self._cancelled)
        except Exception:
            log.exception("embedding failed; keyword-only search")
        finally:
            self.model_settled.set()

    def _on_change(self, paths: set[Path]) -> None:
        """Re-index the changed files (on the watcher's timer thread).

        One pass runs at a time; reports that arrive meanwhile join the single pass waiting
        for it (ReindexBatch), so a stream of agent writes never piles up threads or passes.
        """
        rels = sorted(
            {rel for rel in (self.service.workspace.changed_rel(p) for p in paths) if rel}
        )
        if not rels or self._stop.is_set():
            return
        with self._batch_lock:
            waiting = self._waiting
            if waiting is not None and waiting.join(rels):
                return
            batch = ReindexBatch(rels)
            self._waiting = batch
        with self._pass_lock:
            with self._batch_lock:
                if self._waiting is batch:
                    self._waiting = None
                only = batch.start()
            if self._stop.is_set():
                return
            self.service.sync(cancel=self._cancelled, only_paths=only)
            if self.service.model.get() is not None:
                self.service.embed_pending(cancel=self._cancelled)

    # ------------------------------------------------------------ tools
    def _search(self, query: str, max_results: Any, min_score: Any) -> SearchResponse:
        self.synced.wait(INITIAL_SYNC_WAIT_S)
        changes: dict[str, Any] = {}
        k = _number(max_results, "maxResults")
        if k is not None:
            changes["max_results"] = max(1, int(k))
        score = _number(min_score, "minScore")
        if score is not None:
            changes["min_score"] = score
        settings = self.settings.with_changes(**changes) if changes else self.settings
        return self.service.search(query, settings)

    def _record(self, response: SearchResponse) -> int:
        """Record the surfaced results in the ledger; never fails the search."""
        if not self.record or not response.results:
            return 0
        try:
            return self.service.record_recalls(response, now=self._now())
        except Exception as exc:  # best effort, as OpenClaw's tool
            log.warning("recall not recorded: %s", exc)
            return 0

    def _provider(self) -> tuple[str, str]:
        embedder = self.service.model.get()
        if embedder is None:
            return "none", "fts-only"
        return "local", embedder.model_id

    def memory_search(
        self, query: Any, max_results: Any = None, min_score: Any = None
    ) -> dict[str, Any]:
        """OpenClaw's ``memory_search`` result (or its error shape)."""
        started = time.perf_counter()
        provider, model = self._provider()
        try:
            if not isinstance(query, str) or not query.strip():
                raise ValueError("query required")
            response = self._search(query, max_results, min_score)
        except Exception as exc:
            log.warning("memory_search failed: %s", exc)
            return {
                "results": [],
                "disabled": True,
                "unavailable": True,
                "error": str(exc),
                "warning": "Memory search is unavailable right now.",
                "action": "Answer without memory, or retry; check the server's log if it persists.",
                "debug": self._debug("error", started, 0),
            }
        provider, model = self._provider()
        results = [self._result(hit) for hit in response.results]
        recorded = self._record(response)
        payload: dict[str, Any] = {
            "results": results,
            "provider": provider,
            "model": model,
            "fallback": None if provider != "none" else "keyword-only",
            "citations": "on",
            "mode": response.mode,
            "debug": self._debug(response.mode, started, len(results)),
        }
        if response.notices:
            payload["notices"] = list(response.notices)
        payload["debug"]["recallsRecorded"] = recorded
        payload["debug"]["profile"] = response.profile
        return payload

    def _debug(self, mode: str, started: float, hits: int) -> dict[str, Any]:
        return {
            "backend": "reverie",
            "configuredMode": "hybrid",
            "effectiveMode": mode,
            "fallback": None if self.service.model.get() is not None else "keyword-only",
            "searchMs": round((time.perf_counter() - started) * 1000, 1),
            "hits": hits,
        }

    @staticmethod
    def _result(hit: SearchHit) -> dict[str, Any]:
        citation = citation_for(hit.path, hit.start_line, hit.end_line)
        return {
            "path": hit.path,
            "startLine": hit.start_line,
            "endLine": hit.end_line,
            "score": round(hit.score, 6),
            "snippet": f"{hit.snippet.strip()}\n\nSource: {citation}",
            "source": hit.source,
            "citation": citation,
            "corpus": "memory",
        }

    def memory_get(self, path: Any, from_line: Any = None, lines: Any = None) -> dict[str, Any]:
        """OpenClaw's ``memory_get``: ``{text, path}``; a refused path is ``disabled``."""
        rel = path if isinstance(path, str) else ""
        try:
            if not rel.strip():
                raise PathRefused("path required")
            start = None if from_line is None else int(_number(from_line, "from") or 0)
            count = None if lines is None else int(_number(lines, "lines") or 0)
            if not self.service.workspace.is_memory_path(rel):
                raise PathRefused(f"Path refused: {rel!r} is not a memory file")
            text = self.service.workspace.read_lines(rel, start, count)
        except FileMissing:
            return {"text": "", "path": rel}
        except Exception as exc:  # PathRefused, unreadable files, bad numbers
            return {"path": rel, "text": "", "disabled": True, "error": str(exc)}
        return {"text": text, "path": rel}

    def recall_block(
        self, prompt: Any, max_results: Any = None, min_score: Any = None
    ) -> dict[str, Any]:
        """The top memories for ``prompt`` as a Markdown block for context injection."""
        k = max_results if max_results is not None else RECALL_BLOCK_DEFAULT
        found = self.memory_search(prompt, k, min_score)
        if found.get("disabled"):
            return {"text": "", "count": 0, "error": found.get("error")}
        results = found["results"]
        if not results:
            return {"text": "", "count": 0}
        lines = [
            "## Relevant memories",
            "",
            "Recalled from the agent's memory files (cite the source when you use one):",
            "",
        ]
        for result in results:
            body = result["snippet"].split("\n\nSource: ")[0].strip()
            quoted = "\n".join(f"> {line}" if line else ">" for line in body.split("\n"))
            lines += [f"### {result['citation']} (score {result['score']:.2f})", quoted, ""]
        return {"text": "\n".join(lines).rstrip() + "\n", "count": len(results)}

    def call(self, name: str, arguments: Mapping[str, Any]) -> dict[str, Any]:
        """Dispatch one tool call by name."""
        if name == "memory_search":
            return self.memory_search(
                arguments.get("query"), arguments.get("maxResults"), arguments.get("minScore")
            )
        if name == "memory_get":
            return self.memory_get(
                arguments.get("path"), arguments.get("from"), arguments.get("lines")
            )
        if name == "memory_recall_block":
            return self.recall_block(
                arguments.get("prompt"), arguments.get("maxResults"), arguments.get("minScore")
            )
        raise ValueError(f"unknown tool {name!r}")


def build_server(tools: MemoryTools) -> Any:
    """The SDK's low-level server exposing ``tools`` (imported lazily: MCP is optional)."""
    from anyio import to_thread
    from mcp import types
    from mcp.server import Server, ServerRequestContext

    from .. import __version__

    specs = [
        types.Tool(
            name="memory_search", description=SEARCH_DESCRIPTION, input_schema=SEARCH_SCHEMA
        ),
        types.Tool(name="memory_get", description=GET_DESCRIPTION, input_schema=GET_SCHEMA),
        types.Tool(
            name="memory_recall_block", description=RECALL_DESCRIPTION, input_schema=RECALL_SCHEMA
        ),
    ]
    names = {spec.name for spec in specs}

    async def list_tools(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=specs)

    async def call_tool(
        ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        if params.name not in names:
            return types.CallToolResult(
                content=[types.TextContent(type="text", text=f"unknown tool {params.name!r}")],
                is_error=True,
            )
        arguments = dict(params.arguments or {})
        payload = await to_thread.run_sync(tools.call, params.name, arguments)
        if params.name == "memory_recall_block":
            text = payload.get("text") or ""
        else:
            text = json.dumps(payload, ensure_ascii=False, indent=2)
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=text)], structured_content=payload
        )

    return Server(
        SERVER_NAME,
        version=__version__,
        instructions=(
            "Agent memory (MEMORY.md and memory/*.md). Run memory_search before answering "
            "about prior work, decisions, dates, people, preferences or todos; then "
            "memory_get for the lines you need, and cite path#L<start>-L<end>."
        ),
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )


def serve_stdio(tools: MemoryTools) -> None:
    """Start the background indexing and serve MCP on stdin/stdout until the client leaves."""
    import anyio
    from mcp.server.stdio import stdio_server

    server = build_server(tools)

    async def run() -> None:
        async with stdio_server() as (read_stream, write_stream):
            await server.run(read_stream, write_stream, server.create_initialization_options())

    tools.start()
    try:
        anyio.run(run)
    finally:
        tools.stop()
