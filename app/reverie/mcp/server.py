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
import re
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..core.errors import PathRefused
from ..core.jscompat import replace_lone_surrogates
from ..core.paths import settings_file
from ..core.reindex_batch import ReindexBatch
from ..core.search.trace import SearchHit, SearchResponse
from ..core.service import MemoryService
from ..core.settings import AppSettings, SearchSettings, resolve_search_settings
from ..core.text import chinese, crosslingual
from ..core.watch import DebouncedWatcher
from ..core.workspace import FileMissing, watched_folders
from .purpose import purpose_for

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
    "Read a memory file (MEMORY.md, memory/*.md or a file of memorySearch.extraPaths) or a "
    "line range of it, after memory_search. 'from' is the 1-based first line, 'lines' how "
    "many lines to read; with neither, the whole file is returned. A session transcript "
    "(sessions/<file>.jsonl) is read as the flattened lines the search index holds; "
    "'from'/'lines' then count JSONL lines, as its search results do, and lineMap gives the "
    "JSONL line of each returned line."
)
CORPORA = ("memory", "wiki", "all", "sessions")
"""OpenClaw's ``corpus`` values; Reverie registers no wiki supplement."""
RECALL_DESCRIPTION = (
    "Auto-recall: the top memories for a prompt, formatted as a Markdown block ready to be "
    "added to the model's context (for client hooks that inject memory without a tool call)."
)

CORPUS_SCHEMA: dict[str, Any] = {
    "type": "string",
    "enum": list(CORPORA),
    "description": "memory (default) and all: every source this agent searches; sessions: "
    "the agent's own transcripts only; wiki: registered supplements (none here)",
}


def search_schema(default_max_results: int) -> dict[str, Any]:
    """``memory_search``'s input schema; the documented default is the server's real one."""
    return {
        "type": "object",
        "properties": {
            "query": {"type": "string", "minLength": 1, "description": "what to recall"},
            "maxResults": {
                "type": "integer",
                "minimum": 1,
                "description": f"how many results, an integer >= 1 (default {default_max_results})",
            },
            "minScore": {
                "type": "number",
                "minimum": 0,
                "maximum": 1,
                "description": "drop results scoring below this (0 to 1)",
            },
            "corpus": CORPUS_SCHEMA,
        },
        "required": ["query"],
    }


GET_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "path": {
            "type": "string",
            "description": "as memory_search gives it, e.g. memory/2026-09-17.md, "
            "../team-docs/x.md (extraPaths) or sessions/<file>.jsonl",
        },
        "from": {"type": "integer", "minimum": 1, "description": "first line, 1-based"},
        "lines": {"type": "integer", "minimum": 1, "description": "number of lines"},
        "corpus": CORPUS_SCHEMA,
    },
    "required": ["path"],
}
RECALL_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "prompt": {"type": "string", "minLength": 1, "description": "the user's prompt"},
        "maxResults": {
            "type": "integer",
            "minimum": 1,
            "description": f"an integer >= 1 (default {RECALL_BLOCK_DEFAULT})",
        },
        "minScore": {"type": "number", "minimum": 0, "maximum": 1},
    },
    "required": ["prompt"],
}


class ToolArgumentError(ValueError):
    """A tool was called with an argument outside its schema: an MCP error (``isError``),
    not a search failure. The message names the argument and the valid range."""


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
    if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
        raise ToolArgumentError(f"{name} must be a number, not {value!r}")
    return float(value)


def positive_int(value: Any, name: str) -> int | None:
    """``value`` as an integer >= 1 (None when not given); anything else is an argument
    error naming the valid range (``-1``, ``0``, ``2.5``, ``"3"`` are refused)."""
    if value is None:
        return None
    number = _number(value, name)
    assert number is not None
    if not number.is_integer() or number < 1:
        raise ToolArgumentError(f"{name} must be an integer >= 1, not {value!r}")
    return int(number)


def _score(value: Any, name: str) -> float | None:
    number = _number(value, name)
    if number is not None and not 0.0 <= number <= 1.0:
        raise ToolArgumentError(f"{name} must be a number from 0 to 1, not {value!r}")
    return number


def _text(value: Any, name: str) -> str:
    """A required non-blank string argument (lone surrogates become U+FFFD, as Node.js
    turns them when it encodes text)."""
    if not isinstance(value, str) or not value.strip():
        raise ToolArgumentError(f"{name} is required: a non-empty string")
    return replace_lone_surrogates(value)


def _corpus(value: Any) -> str:
    if value is None:
        return "memory"
    if value not in CORPORA:
        raise ToolArgumentError(f"corpus must be one of {', '.join(CORPORA)}, not {value!r}")
    return str(value)


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
            folders = [self.service.root, *watched_folders(self.service.workspace)]
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
            # every search analyses its question: jieba's dictionary (about a second) and
            # CC-CEDICT's tables are read here, not by the agent's first memory_search
            chinese.preload()
            crosslingual.preload()
            self.service.load_model()
            if self.service.model.error:
                log.warning("%s; keyword-only search", self.service.model.error)
            elif not self._stop.is_set():
                self.service.embed_pending(cancel=self._cancelled)
                self.service.warm_vector_scan()  # once the index is large enough to gain
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
    def _search(
        self, query: str, k: int | None, score: float | None, sources: tuple[str, ...] | None
    ) -> SearchResponse:
        self.synced.wait(INITIAL_SYNC_WAIT_S)
        changes: dict[str, Any] = {}
        if k is not None:
            changes["max_results"] = k
        if score is not None:
            changes["min_score"] = score
        settings = self.settings.with_changes(**changes) if changes else self.settings
        return self.service.search(query, settings, sources=sources)

    def _corpus_sources(self, corpus: str) -> tuple[str, ...] | None:
        """The sources a corpus covers for this agent (None: the profile's own)."""
        if corpus == "sessions":
            allowed = self.service.sources_for(self.settings.profile) or ("memory", "sessions")
            return ("sessions",) if "sessions" in allowed else ()
        if corpus == "wiki":
            return ()
        return None

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
        self, query: Any, max_results: Any = None, min_score: Any = None, corpus: Any = None
    ) -> dict[str, Any]:
        """OpenClaw's ``memory_search`` result (or its error shape when the search fails).

        Raises :class:`ToolArgumentError` for arguments outside the schema.
        """
        started = time.perf_counter()
        text = _text(query, "query")
        k = positive_int(max_results, "maxResults")
        score = _score(min_score, "minScore")
        sources = self._corpus_sources(_corpus(corpus))
        try:
            if sources == ():
                response = SearchResponse(text, self.settings.profile, "empty", ())
            else:
                response = self._search(text, k, score, sources)
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
        results = [self._result(hit, self.service.agent_id) for hit in response.results]
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
        if sources == ():
            payload["notices"] = [
                "Session transcripts are not searched for this agent."
                if corpus == "sessions"
                else "No wiki supplement is registered."
            ]
        if response.notices:
            payload["notices"] = list(response.notices)
        payload["debug"]["recallsRecorded"] = recorded
        payload["debug"]["profile"] = response.profile
        purpose = purpose_for(self.service, text)
        if purpose is not None:
            payload["purpose"] = purpose
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
    def _result(hit: SearchHit, agent: str | None = None) -> dict[str, Any]:
        citation = citation_for(hit.path, hit.start_line, hit.end_line)
        return {
            "agent": agent,
            "path": hit.path,
            "startLine": hit.start_line,
            "endLine": hit.end_line,
            "score": round(hit.score, 6),
            "snippet": f"{hit.snippet.strip()}\n\nSource: {citation}",
            "source": hit.source,
            "citation": citation,
            "corpus": "memory",
        }

    def memory_get(
        self, path: Any, from_line: Any = None, lines: Any = None, corpus: Any = None
    ) -> dict[str, Any]:
        """OpenClaw's ``memory_get``: ``{text, path}``; a refused path is ``disabled``.

        Memory files, files of ``extraPaths`` and the agent's own transcripts (flattened,
        with ``lineMap``) can be read. Raises :class:`ToolArgumentError` for arguments
        outside the schema.
        """
        rel = _text(path, "path")
        start = positive_int(from_line, "from")
        count = positive_int(lines, "lines")
        kind = _corpus(corpus)
        ws = self.service.workspace
        try:
            if rel.replace("\\", "/").startswith("sessions/"):
                text, line_map = ws.read_session_lines(rel, start, count)
                return {
                    "text": text,
                    "path": rel,
                    "source": "sessions",
                    "agent": self.service.agent_id,
                    "lineMap": list(line_map),
                }
            if kind == "sessions":
                raise PathRefused(f"Path refused: {rel!r} is not a session transcript")
            if not (ws.is_memory_path(rel) or ws.is_extra_path(rel)):
                raise PathRefused(f"Path refused: {rel!r} is not a memory file")
            text = ws.read_lines(rel, start, count)
        except FileMissing:
            return {"text": "", "path": rel}
        except Exception as exc:  # PathRefused, unreadable files
            return {"path": rel, "text": "", "disabled": True, "error": str(exc)}
        return {"text": text, "path": rel}

    def recall_block(
        self, prompt: Any, max_results: Any = None, min_score: Any = None
    ) -> dict[str, Any]:
        """The top memories for ``prompt`` as a Markdown block for context injection."""
        k = positive_int(max_results, "maxResults") or RECALL_BLOCK_DEFAULT
        found = self.memory_search(_text(prompt, "prompt"), k, min_score)
        if found.get("disabled"):
            return {"text": "", "count": 0, "error": found.get("error")}
        results = found["results"]
        purpose = found.get("purpose", {}).get("text", "")
        if not results:
            return {"text": purpose, "count": 0}
        lines = [
            *([purpose.rstrip(), ""] if purpose else []),
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
                arguments.get("query"),
                arguments.get("maxResults"),
                arguments.get("minScore"),
                arguments.get("corpus"),
            )
        if name == "memory_get":
            return self.memory_get(
                arguments.get("path"),
                arguments.get("from"),
                arguments.get("lines"),
                arguments.get("corpus"),
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
            name="memory_search",
            description=SEARCH_DESCRIPTION,
            input_schema=search_schema(tools.settings.max_results),
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
        try:
            payload = await to_thread.run_sync(tools.call, params.name, arguments)
        except ToolArgumentError as exc:
            message = replace_lone_surrogates(f"{params.name}: {exc}")
            return types.CallToolResult(
                content=[types.TextContent(type="text", text=message)], is_error=True
            )
        if params.name == "memory_recall_block":
            text = payload.get("text") or ""
        else:
            text = json.dumps(payload, ensure_ascii=False, indent=2)
        # text a client sent may hold lone surrogates: they cannot be written as UTF-8
        text = replace_lone_surrogates(text)
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


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def _without_lone_surrogates(value: Any) -> Any:
    if isinstance(value, str):
        return replace_lone_surrogates(value)
    if isinstance(value, list):
        return [_without_lone_surrogates(v) for v in value]
    if isinstance(value, dict):
        return {_without_lone_surrogates(k): _without_lone_surrogates(v) for k, v in value.items()}
    return value


def sanitize_json_line(line: str) -> str:
    """A JSON-RPC line with every lone surrogate escape (``\\ud800`` without its pair)
    turned into U+FFFD, as a JavaScript client's own encoder would.

    The SDK's strict JSON parser rejects such a line and drops the request without an
    answer, so a client that sends one (a cut emoji in a query) would wait forever.
    Lines without surrogate escapes, and lines that are not JSON, pass unchanged.
    """
    if not _SURROGATE_ESCAPE.search(line):
        return line
    try:
        data = json.loads(line)
    except ValueError:
        return line
    text = json.dumps(_without_lone_surrogates(data), ensure_ascii=False)
    return text + "\n" if line.endswith("\n") else text


class _SanitizedLines:
    """Async line iterator over another one, each line passed through
    :func:`sanitize_json_line` (the only thing the SDK's stdio transport does with stdin)."""

    def __init__(self, source: Any) -> None:
        self._source = source

    def __aiter__(self) -> Any:
        return self._lines()

    async def _lines(self) -> Any:
        async for line in self._source:
            yield sanitize_json_line(line)


def serve_stdio(tools: MemoryTools) -> None:
    """Start the background indexing and serve MCP on stdin/stdout until the client leaves."""
    import io
    import sys

    import anyio
    from mcp.server.stdio import stdio_server

    server = build_server(tools)

    async def run() -> None:
        stdin = _SanitizedLines(
            anyio.wrap_file(io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace"))
        )
        async with stdio_server(stdin=stdin) as (read_stream, write_stream):  # type: ignore[arg-type]
            await server.run(read_stream, write_stream, server.create_initialization_options())

    tools.start()
    try:
        anyio.run(run)
    finally:
        tools.stop()
