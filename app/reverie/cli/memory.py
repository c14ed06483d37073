"""The memory commands: ``index``, ``search``, ``get`` and ``status``."""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path
from typing import Any

from ..core.errors import UserError
from ..core.index.indexer import SyncReport
from ..core.layers import file_layers_json, workspace_rules
from ..core.search.trace import SearchHit, SearchResponse
from ..core.service import MemoryService
from ..core.settings import PROFILES, SearchSettings
from .common import ProgressBar, openclaw_profile_of
from .json_output import camel_keys, dumps, versioned
from .ranges import at_least, between, check_line_range, check_utf8, utf8_problem


def add_memory_commands(sub: Any, common: argparse.ArgumentParser) -> None:
    """``index``, ``search``, ``get`` and ``status``."""
    p = sub.add_parser("index", parents=[common], help="index the workspace (incremental)")
    p.add_argument("--rebuild", action="store_true", help="rebuild the index from scratch")
    p.add_argument("--no-embed", action="store_true", help="keyword index only; skip embeddings")
    p.set_defaults(func=cmd_index)

    p = sub.add_parser("search", parents=[common], help="search the memory and explain the ranking")
    p.add_argument("query", nargs="?", help="the query (omit with --batch)")
    p.add_argument(
        "--k", "-k", type=at_least(1), default=None, help="number of results (1 or more)"
    )
    p.add_argument("--profile", choices=PROFILES, default="reverie")
    p.add_argument(
        "--min-score",
        type=between(0.0, 1.0),
        default=None,
        help="override the profile's minScore (0 to 1)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object with traces")
    p.add_argument("--explain", action="store_true", help="print every result's score trace")
    p.add_argument("--dropped", action="store_true", help="also list dropped candidates")
    p.add_argument(
        "--batch",
        action="store_true",
        help='read {"id","query","k"} JSON lines on stdin, write one result line each',
    )
    p.add_argument(
        "--record-recalls",
        action="store_true",
        help="record the surfaced results in the dreaming ledger, as OpenClaw's tool does",
    )
    p.add_argument("--no-sync", action="store_true", help="search the index as it is")
    p.set_defaults(func=cmd_search, check=check_search)

    p = sub.add_parser(
        "get",
        parents=[common],
        help="print lines of a memory file, an extraPaths file or a transcript",
        description="Print lines of a memory file (MEMORY.md, memory/...), of a file of "
        "memorySearch.extraPaths (as search shows it, e.g. ../team-docs/x.md) or of one of "
        "the agent's transcripts (sessions/<file>.jsonl): a transcript is printed as the "
        "flattened lines the index holds, and --from/--lines count its JSONL lines, as "
        "search results do.",
    )
    p.add_argument(
        "path",
        help="path as search shows it, e.g. memory/2026-11-02.md, or with its lines as "
        "search prints them (MEMORY.md:26-48, memory/2026-11-02.md:7)",
    )
    p.add_argument("--from", dest="from_line", type=int, default=None, help="first line (1-based)")
    p.add_argument("--lines", type=at_least(1), default=None, help="number of lines (1 or more)")
    p.add_argument(
        "--json", action="store_true", help="print {path, text, ...}; transcripts add lineMap"
    )
    p.set_defaults(func=cmd_get)

    p = sub.add_parser("status", parents=[common], help="files, chunks, embeddings, model, DB")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_status)


def _settings(
    args: argparse.Namespace, k: int | None = None, root: Path | None = None
) -> SearchSettings:
    """The profile's settings; ``openclaw`` on an OpenClaw agent's workspace is that agent's
    own memorySearch config (what the agent sees)."""
    settings = SearchSettings.for_profile(args.profile)
    if args.profile == "openclaw" and root is not None:
        settings = openclaw_profile_of(args, root) or settings
    changes: dict[str, Any] = {}
    if k is not None:
        changes["max_results"] = int(k)
    if args.min_score is not None:
        changes["min_score"] = float(args.min_score)
    return settings.with_changes(**changes) if changes else settings


def _warn_sync_problems(report: SyncReport) -> None:
    """One warning line per skipped file and per file indexed from its good parts only."""
    for skipped in report.skipped:
        print(f"warning: skipped {skipped.path}: {skipped.reason}", file=sys.stderr)
    for damaged in report.damaged:
        print(f"warning: {damaged.path}: {damaged.reason}", file=sys.stderr)


def _prepare(service: MemoryService, embed: bool = True) -> None:
    bar = ProgressBar()
    try:
        report = service.sync(bar)
        _warn_sync_problems(report)
        if embed:
            service.load_model()
            if service.model.error:
                print(f"warning: {service.model.error}; keyword-only search", file=sys.stderr)
            service.embed_pending(bar)
    finally:
        bar.close()


def cmd_index(args: argparse.Namespace, service: MemoryService) -> int:
    bar = ProgressBar()
    started = time.perf_counter()
    embed = None
    try:
        if not args.no_embed:
            service.load_model()
        if args.rebuild:
            report = service.rebuild(bar)
        else:
            report = service.sync(bar)
            embed = None if args.no_embed else service.embed_pending(bar)
    finally:
        bar.close()
    _warn_sync_problems(report)
    if args.rebuild:
        print(f"rebuilt {service.db_path}")
        return 0
    print(
        f"files: {report.files_seen} seen, {report.files_changed} changed, "
        f"{report.files_unchanged} unchanged, {report.files_removed} removed; "
        f"chunks: {report.chunks_written} written, {report.chunks_removed} removed"
    )
    if embed is not None:
        print(
            f"embeddings: {embed.chunks} needed, {embed.cache_hits} from cache, "
            f"{embed.embedded} embedded in {embed.encode_seconds:.1f}s"
        )
    elif service.model.error:
        print(f"warning: {service.model.error}; keyword-only index", file=sys.stderr)
    print(f"done in {time.perf_counter() - started:.1f}s ({service.db_path})")
    return 0


def _record(service: MemoryService, response: SearchResponse) -> None:
    """Record surfaced results in the dreaming ledger; never fails the search."""
    try:
        service.record_recalls(response)
    except Exception as exc:  # best effort, as OpenClaw's tool
        print(f"warning: recall not recorded: {exc}", file=sys.stderr)


def check_search(args: argparse.Namespace) -> None:
    """A query and ``--batch`` (which reads its queries from stdin) are not both given."""
    if args.batch and args.query is not None:
        raise UserError(
            f"give a query or --batch, not both: --batch reads its queries from stdin "
            f"(drop {args.query!r}, or drop --batch to search for it)"
        )


def cmd_search(args: argparse.Namespace, service: MemoryService) -> int:
    if not args.batch and (not args.query or not args.query.strip()):
        raise UserError("give a query, e.g. reverie search 'staging server VLAN'")
    if not args.batch:
        check_utf8(args.query, "the query")
    if not args.no_sync:
        _prepare(service)
    else:
        service.load_model()
    if args.batch:
        return _batch(args, service)
    response = service.search(args.query, _settings(args, args.k, service.root))
    if args.record_recalls:
        _record(service, response)
    if args.json:
        print(dumps(_response_json(response, service.agent_id)))
        return 0
    _print_response(response, explain=args.explain, dropped=args.dropped, agent=service.agent_id)
    return 0


def _response_json(response: SearchResponse, agent: str | None) -> dict[str, Any]:
    """The search response with the agent on the response and on each result."""
    data = response.to_json()
    # the trace, the settings and the timings are the core's dataclass fields: camelCase
    for key in ("settings", "timingsMs"):
        if key in data:
            data[key] = camel_keys(data[key])
    for key in ("results", "dropped"):
        for item in data[key]:
            if "trace" in item:
                item["trace"] = camel_keys(item["trace"])
    data["agent"] = agent
    for key in ("results", "dropped"):
        for item in data[key]:
            item["agent"] = agent
    return data


def _batch(args: argparse.Namespace, service: MemoryService) -> int:
    for line_no, line in enumerate(sys.stdin, start=1):
        if not line.strip():
            continue
        try:
            req = json.loads(line)
        except ValueError as exc:
            print(f"warning: stdin line {line_no} ignored: not JSON ({exc})", file=sys.stderr)
            continue
        if not isinstance(req, dict) or "id" not in req or "query" not in req:
            print(
                f"warning: stdin line {line_no} ignored: not a JSON object with id and query",
                file=sys.stderr,
            )
            continue
        if not isinstance(req["query"], str):
            print(
                f"warning: stdin line {line_no} ignored: the query must be a string, not"
                f" {json.dumps(req['query'], ensure_ascii=False)}",
                file=sys.stderr,
            )
            continue
        qid, query = req["id"], req["query"]
        k = req.get("k", args.k or 10)
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            print(
                f"warning: stdin line {line_no} ignored: k must be a whole number of at least"
                f" 1, not {json.dumps(k, ensure_ascii=False)}",
                file=sys.stderr,
            )
            continue
        problem = utf8_problem(query)
        if problem is not None:
            print(f"warning: stdin line {line_no} ignored: the query {problem}", file=sys.stderr)
            continue
        t0 = time.perf_counter()
        response = service.search(query, _settings(args, int(k), service.root))
        ms = (time.perf_counter() - t0) * 1000
        if args.record_recalls:
            _record(service, response)
        out = {
            "id": qid,
            "results": [
                {
                    "path": h.path,
                    "startLine": h.start_line,
                    "endLine": h.end_line,
                    "score": h.score,
                    "source": h.source,
                    "agent": service.agent_id,
                }
                for h in response.results
            ],
            "ms": round(ms, 3),
        }
        sys.stdout.write(json.dumps(versioned(out), ensure_ascii=False) + "\n")
        sys.stdout.flush()
    return 0


def _fmt(value: float | None, digits: int = 3) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _print_hit(rank: int, hit: SearchHit, explain: bool, agent: str | None = None) -> None:
    t = hit.trace
    source = f"{hit.source}:{agent}" if hit.source == "sessions" and agent else hit.source
    if hit.layer:
        source += f", {hit.layer}"
    print(f"{rank:>2}. {hit.score:.3f}  {hit.path}:{hit.start_line}-{hit.end_line}  [{source}]")
    snippet = " ".join(hit.snippet.split())
    print(f"    {snippet[:200]}")
    if explain:
        print(
            f"    vector  cos={_fmt(t.vector_score)} rank={t.vector_rank or '-'}"
            f"  x{t.vector_weight:.2f} -> {t.vector_part:.3f}"
        )
        print(
            f"    keyword bm25={_fmt(t.bm25_raw, 4)} norm={_fmt(t.keyword_score)}"
            f" rank={t.keyword_rank or '-'}  x{t.text_weight:.2f} -> {t.keyword_part:.3f}"
            + (f"  terms={','.join(t.keyword_matched_terms)}" if t.keyword_matched_terms else "")
        )
        if t.keyword_translated_terms:
            print(f"    in the other language: {', '.join(t.keyword_translated_terms)}")
        if t.exact_identifiers:
            print(f"    exact identifiers: {', '.join(t.exact_identifiers)}")
        if t.boost_reasons:
            print(f"    boosts +{t.boost:.3f} ({', '.join(t.boost_reasons)})")
        if t.date_bonus or t.from_date:
            joined = ", joined for its date" if t.from_date else ""
            print(f"    date +{t.date_bonus:.3f} ({t.date_reason or 'no bonus'}{joined})")
        age = "-" if t.decay_age_days is None else f"{t.decay_age_days:.0f}d"
        if t.decay_age_days is not None and t.decay_anchor:
            age += f" to {t.decay_anchor}, " + (
                "the newest note" if t.decay_anchor_newest else "today"
            )
        print(
            f"    sum={t.weighted_sum:.3f} (rank {t.rank_before_decay})"
            + (f" + date {t.date_bonus:.3f}" if t.date_bonus else "")
            + f"  decay x{t.decay_multiplier:.3f} [{t.decay_reason}, age {age}]"
            f" -> {t.score_after_decay:.3f} (rank {t.rank_after_decay})"
        )
        if t.state_group is not None:
            role = "the newest, put first" if t.state_newest else "not the newest"
            print(
                f"    current facts first: one of {t.state_group} statements about this"
                f" ({role}) -> {_fmt(t.score_after_state)} (rank {t.rank_after_state})"
            )
        if t.mmr_step is not None:
            print(
                f"    mmr step {t.mmr_step}: relevance {_fmt(t.mmr_relevance)}"
                f" max-sim {_fmt(t.mmr_max_similarity)} penalty {_fmt(t.mmr_penalty)}"
                f" -> rank {t.rank_after_mmr}"
            )
        if t.layer is not None and t.layer_weight != 1.0:
            print(f"    layer {t.layer} x{t.layer_weight:g} -> {t.final_score:.3f}")


def _print_response(
    response: SearchResponse, explain: bool, dropped: bool, agent: str | None = None
) -> None:
    for notice in response.notices:
        print(f"note: {notice}")
    if explain and response.results:
        print(f"keyword query: {response.results[0].trace.keyword_query}")
        if response.results[0].trace.vector_rendering:
            print(
                f"query vector mixed with the English: {response.results[0].trace.vector_rendering}"
            )
    if not response.results:
        print(f"no results for {response.query!r} ({response.profile} profile)")
    for rank, hit in enumerate(response.results, start=1):
        _print_hit(rank, hit, explain, agent)
    if dropped and response.dropped:
        print(f"\ndropped ({len(response.dropped)}):")
        # by score, as the search pane lists them (below-minScore and beyond-k drops mixed)
        for d in sorted(response.dropped, key=lambda d: -d.hit.score):
            h = d.hit
            print(f"  {h.score:.3f}  {h.path}:{h.start_line}-{h.end_line}  [{d.stage}] {d.reason}")
    ms = response.timings_ms.get("total")
    if ms is not None:
        print(f"\n{response.profile} profile, {response.mode}, {ms:.1f} ms")


LINES_SUFFIX = re.compile(r"^(?P<path>.+\.(?:md|jsonl)):(?P<start>\d+)(?:-(?P<end>\d+))?$", re.I)
"""``path:start-end`` or ``path:line``, as search prints a result's location."""

ANY_SUFFIX = re.compile(r"^(?P<path>.+\.(?:md|jsonl)):(?P<lines>[^/]*)$", re.I | re.S)
"""A memory file or transcript with anything after a colon (no such file can be listed)."""


def split_location(path: str) -> tuple[str, int | None, int | None]:
    """``(path, first line, line count)`` of a location as search prints it; a plain path
    gives ``(path, None, None)``. Raises UserError for lines that are no line or range and
    for an end before the start."""
    found = LINES_SUFFIX.match(path)
    if not found:
        other = ANY_SUFFIX.match(path)
        if other is not None:
            raise UserError(
                f"{path}: the line range {other['lines']!r} is not valid: give a line or a "
                f"range of lines after the colon, e.g. {other['path']}:3-5 or {other['path']}:7"
            )
        return path, None, None
    start = int(found["start"])
    if start < 1:
        raise UserError(f"{path}: lines are counted from 1, not {start}")
    end = int(found["end"]) if found["end"] else start
    if end < start:
        raise UserError(f"{path}: the range ends (line {end}) before it starts (line {start})")
    return found["path"], start, end - start + 1


def cmd_get(args: argparse.Namespace, service: MemoryService) -> int:
    ws = service.workspace
    path, first, count = split_location(args.path)
    if first is not None:
        if args.from_line is not None or args.lines is not None:
            raise UserError(f"{args.path} gives its lines already: drop --from and --lines")
        args.path, args.from_line, args.lines = path, first, count
    if args.from_line is not None and not args.path.replace("\\", "/").startswith("sessions/"):
        whole = ws.read_lines(args.path)
        total = len(whole.split("\n")) - (1 if whole.endswith("\n") else 0)
        check_line_range(args.from_line, args.lines, total)
    elif args.from_line is not None and args.from_line < 1:
        raise UserError(f"--from must be at least 1, not {args.from_line}")
    payload: dict[str, Any] = {"path": args.path}
    if args.path.replace("\\", "/").startswith("sessions/"):
        text, line_map = ws.read_session_lines(args.path, args.from_line, args.lines)
        payload.update(source="sessions", agent=service.agent_id, lineMap=list(line_map))
    else:
        text = ws.read_lines(args.path, args.from_line, args.lines)
        payload["source"] = "memory"
    if args.json:
        print(dumps({**payload, "text": text}))
        return 0
    sys.stdout.write(text if text.endswith("\n") or not text else text + "\n")
    return 0


def cmd_status(args: argparse.Namespace, service: MemoryService) -> int:
    status = service.status()
    unreadable = service.workspace.unreadable("MEMORY.md")  # there, but not indexed
    if args.json:
        data = status.to_json()
        data["memoryUnreadable"] = unreadable
        data["layers"] = file_layers_json(
            service.workspace, workspace_rules(service.data_dir, service.root)
        )
        print(dumps(data))
        return 0
    last = (
        time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(status.last_sync))
        if status.last_sync
        else "never"
    )
    print(f"workspace   {status.workspace}")
    print(f"index       {status.db_path}")
    print(f"files       {status.files}")
    if unreadable:
        print(f"MEMORY.md   cannot be read: {unreadable}")
    print(f"chunks      {status.chunks}")
    print(f"embeddings  {status.embedded} done, {status.pending} pending, {status.stale} stale")
    print(f"model       {status.model} ({status.model_state}), dims {status.vector_dims or '-'}")
    print(f"sqlite-vec  {'loaded' if status.vec_extension else 'unavailable (numpy fallback)'}")
    print(f"last sync   {last}")
    print(f"agent       {status.agent or '(none)'}")
    for profile, sources in status.sources.items():
        print(f"sources     {profile}: {', '.join(sources)}")
    if status.sessions:
        print(f"transcripts {status.sessions}")
    if status.extra_paths:
        print("extraPaths")
        for entry in service.workspace.extra_paths:
            print(f"  {entry.describe()} -> {entry.rel}")
    return 0
