"""``reverie dream …`` and ``reverie promote …``: dreaming and reviewed promotion from the shell.

Every command takes ``--now ISO-TIME`` and ``--timezone`` so results are reproducible, plus
the common ``--workspace`` and ``--data-dir``. Threshold flags are named as in OpenClaw's
``openclaw memory promote``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from reverie.cli.json_output import camel_keys, dumps
from reverie.cli.ranges import at_least, between
from reverie.core.dreaming.engine import Candidate, DreamEngine, StatusReport
from reverie.core.dreaming.scoring import Thresholds
from reverie.core.errors import UserError
from reverie.core.jscompat import js_to_fixed, resolve_zone


def parse_now(text: str | None) -> datetime | None:
    """``--now``: an ISO-8601 time (``Z`` or an offset; naive means UTC)."""
    if not text:
        return None
    try:
        moment = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError as exc:
        raise UserError(
            f"--now must be an ISO time like 2026-04-15T03:00:00Z, not {text!r}"
        ) from exc
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _workspace(args: argparse.Namespace) -> Path:
    from reverie.cli.common import resolve_workspace

    return Path(resolve_workspace(args))


def _engine(args: argparse.Namespace) -> DreamEngine:
    timezone = getattr(args, "timezone", None)
    if timezone and resolve_zone(timezone) is None:
        raise UserError(f"unknown timezone {timezone!r} (use an IANA name like Europe/Berlin)")
    transcripts: list[Path] = []
    for folder in getattr(args, "sessions", None) or []:
        path = Path(folder).expanduser()
        if not path.is_dir():
            raise UserError(f"sessions folder not found: {path}")
        transcripts += sorted(path.glob("*.jsonl"))
    return DreamEngine(
        _workspace(args), now=parse_now(args.now), timezone=timezone, transcripts=transcripts
    )


def _thresholds(args: argparse.Namespace, engine: DreamEngine) -> Thresholds:
    deep = engine.config.deep
    return Thresholds(
        min_score=args.min_score if args.min_score is not None else deep.min_score,
        min_recall_count=args.min_recall_count
        if args.min_recall_count is not None
        else deep.min_recall_count,
        min_unique_queries=(
            args.min_unique_queries
            if args.min_unique_queries is not None
            else deep.min_unique_queries
        ),
        max_age_days=deep.max_age_days,
        limit=args.limit if args.limit is not None else deep.limit,
        include_promoted=bool(args.include_promoted),
    )


def _add_time(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--now", metavar="ISO-TIME", help="the time to act at (default: the clock)")
    parser.add_argument("--timezone", metavar="TZ", help="dreaming timezone, e.g. Europe/Berlin")


def _add_thresholds(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--min-score",
        type=between(0.0, 1.0),
        default=None,
        help="minimum score, 0 to 1 (default 0.8)",
    )
    parser.add_argument(
        "--min-recall-count",
        type=at_least(0),
        default=None,
        help="minimum signals (default 3)",
    )
    parser.add_argument(
        "--min-unique-queries",
        type=at_least(0),
        default=None,
        help="minimum distinct queries or days (default 3)",
    )
    parser.add_argument(
        "--limit",
        type=at_least(1),
        default=None,
        help="at most this many candidates, 1 or more (default 10)",
    )
    parser.add_argument(
        "--include-promoted",
        action="store_true",
        help="also show promoted entries and those approved, rejected or snoozed (with "
        "their decision)",
    )


def add_dream_commands(subparsers: Any, common_parent: argparse.ArgumentParser) -> None:
    """Register ``dream run``, ``dream status`` and ``promote [explain|apply|reject]``."""
    dream = subparsers.add_parser(
        "dream", parents=[common_parent], help="run dreaming phases, check the ledger"
    )
    dream_sub = dream.add_subparsers(dest="dream_command", metavar="ACTION", required=True)

    p = dream_sub.add_parser(
        "run", parents=[common_parent], help="run light, REM and deep (or one phase)"
    )
    p.add_argument(
        "--phase", choices=("light", "rem", "deep"), default=None, help="run only this phase"
    )
    p.add_argument(
        "--dry-run", action="store_true", help="show what would be written; write nothing"
    )
    p.add_argument(
        "--sessions",
        action="append",
        metavar="DIR",
        help="also ingest session transcripts (*.jsonl) from DIR",
    )
    _add_time(p)
    p.set_defaults(func=cmd_dream_run, needs_service=False)

    p = dream_sub.add_parser("status", parents=[common_parent], help="audit the recall ledger")
    p.add_argument(
        "--fix", action="store_true", help="repair what can be repaired, as OpenClaw does"
    )
    p.add_argument("--json", action="store_true")
    _add_time(p)
    p.set_defaults(func=cmd_dream_status, needs_service=False)

    promote = subparsers.add_parser(
        "promote", parents=[common_parent], help="review promotion candidates (preview by default)"
    )
    _add_thresholds(promote)
    _add_time(promote)
    promote.add_argument("--json", action="store_true", help="print the candidates as JSON")
    promote.add_argument("--all", action="store_true", help="also list candidates that fail a gate")
    promote.set_defaults(func=cmd_promote_preview, needs_service=False)
    promote_sub = promote.add_subparsers(dest="promote_command", metavar="ACTION")

    p = promote_sub.add_parser(
        "explain", parents=[common_parent], help="explain one candidate's numbers"
    )
    p.add_argument("selector", help="a key, or text in the path or snippet")
    p.add_argument("--json", action="store_true")
    _add_thresholds(p)
    _add_time(p)
    p.set_defaults(func=cmd_promote_explain, needs_service=False)

    p = promote_sub.add_parser(
        "apply", parents=[common_parent], help="approve candidates into MEMORY.md"
    )
    p.add_argument("keys", nargs="+", metavar="KEY")
    p.add_argument(
        "--edit", metavar="TEXT", help="write this text instead of the snippet (one key)"
    )
    p.add_argument(
        "--replace-line",
        type=int,
        metavar="N",
        help="replace MEMORY.md line N (it moves to .reverie/health/archive.md)",
    )
    p.add_argument(
        "--style",
        choices=("openclaw", "reverie"),
        default="openclaw",
        help="openclaw (default): OpenClaw's own bullet and section, byte for byte; reverie: "
        "the proposed fact (the matched lines without headings or list markers) under today's"
        " section, as the Dreaming page writes it",
    )
    _add_thresholds(p)
    _add_time(p)
    p.set_defaults(func=cmd_promote_apply, needs_service=False)

    p = promote_sub.add_parser("reject", parents=[common_parent], help="reject a candidate")
    p.add_argument("key", metavar="KEY")
    p.add_argument("--reason", metavar="TEXT")
    _add_time(p)
    p.set_defaults(func=cmd_promote_reject, needs_service=False)

    p = promote_sub.add_parser(
        "snooze", parents=[common_parent], help="hide a candidate until a date"
    )
    p.add_argument("key", metavar="KEY")
    p.add_argument("--until", required=True, metavar="YYYY-MM-DD")
    _add_time(p)
    p.set_defaults(func=cmd_promote_snooze, needs_service=False)

    p = promote_sub.add_parser("undo", parents=[common_parent], help="undo the last approval")
    _add_time(p)
    p.set_defaults(func=cmd_promote_undo, needs_service=False)


# --- output ------------------------------------------------------------------------------


def _fmt(value: float) -> str:
    return js_to_fixed(value, 3)


def _print_candidate(c: Candidate, verbose: bool = False) -> None:
    status = "passes" if c.passes else "fails " + ", ".join(c.failed_gates)
    print(f"{c.key}")
    print(
        f"  score {_fmt(c.score)}  signals {c.signal_count}  queries {c.unique_queries}  {status}"
    )
    print(f"  {c.snippet}")
    if c.blocked_reason:
        print(f"  not promotable: {c.blocked_reason}")
    for near in c.nearest:
        if near.flag:
            why = f" ({near.why})" if near.why else ""
            print(f"  {near.flag}{why}: MEMORY.md:{near.line} {near.text}")
    if c.resurfaced:
        print("  rejected before; its evidence has grown since")
    elif c.review is not None:
        reason = f": {c.review.reason}" if c.review.reason else ""
        until = f" until {c.review.snoozed_until}" if c.review.snoozed_until else ""
        print(f"  decision: {c.review.kind} {c.review.decided_at}{until}{reason}")
    elif c.promoted_at:
        print(f"  promoted {c.promoted_at}")
    if not verbose:
        return
    comps = "  ".join(f"{name} {_fmt(value)}" for name, value in c.components.items())
    print(f"  components: {comps}")
    print(
        f"  phase boost {_fmt(c.phase_boost)}  raw score {c.raw_score:.4f}  age {c.age_days:.2f} days"
    )
    print(f"  recalls {c.recall_count}  daily {c.daily_count}  grounded {c.grounded_count}")
    print(f"  recall days: {', '.join(c.recall_days) or '-'}")
    print(f"  concept tags: {', '.join(c.concept_tags) or '-'}")
    print("  gates: " + ", ".join(f"{k}={'pass' if v else 'FAIL'}" for k, v in c.gates.items()))
    if c.context:
        print("  source:")
        for line in c.context:
            mark = ">" if line.in_range else " "
            print(f"   {mark}{line.number:5d} | {line.text}")
    for event in c.recall_history[-10:]:
        print(f"  recalled {event.timestamp} score {_fmt(event.score)}: {event.query}")


def _candidates_json(candidates: Sequence[Candidate]) -> str:
    return dumps({"candidates": camel_keys([c.as_json() for c in candidates])})


# --- handlers ----------------------------------------------------------------------------


def cmd_dream_run(args: argparse.Namespace) -> int:
    """``dream run``: ingest, then the phases; deep ranks and reports."""
    engine = _engine(args)
    report = engine.run_phase(args.phase or "all", dry_run=args.dry_run)
    prefix = "would write" if args.dry_run else "wrote"
    for ingest in report.ingested:
        if ingest.files_scanned or ingest.signals:
            what = "daily note(s)" if ingest.source == "daily" else "transcript(s)"
            print(
                f"{ingest.phase or report.phase}: ingested {len(ingest.signals)} signal(s) "
                f"from {len(ingest.files_scanned)} {what}"
            )
    for output in report.outputs:
        where = ", ".join(p for p in (output.inline_path, output.report_path) if p) or "nowhere"
        print(f"{output.phase}: {len(output.keys)} key(s); {prefix} {where}")
        if args.dry_run:
            for line in output.body:
                print(f"  {line}")
    if report.phase in ("deep", "all"):
        for line in report.deep_lines:
            print(f"deep: {line[2:] if line.startswith('- ') else line}")
    return 0


MARKER_ISSUE_CODE = "memory-marker"
"""Audit issue code of a malformed promotion marker in MEMORY.md."""


def _marker_issues(status: StatusReport) -> list[dict[str, Any]]:
    """The malformed MEMORY.md markers as audit issues (warnings; never auto-fixed)."""
    return [
        {"severity": "warn", "code": MARKER_ISSUE_CODE, "message": str(p), "fixable": False}
        for p in status.marker_problems
    ]


def cmd_dream_status(args: argparse.Namespace) -> int:
    """``dream status [--fix]``: the ledger audit (and repair), plus malformed promotion
    markers in MEMORY.md (reported only: ``--fix`` never rewrites MEMORY.md)."""
    engine = _engine(args)
    status = engine.status(fix=args.fix)
    audit = status.audit
    marker_issues = _marker_issues(status)
    if args.json:
        payload = {
            "storePath": str(audit.store_path),
            "exists": audit.exists,
            "updatedAt": audit.updated_at,
            "entryCount": audit.entry_count,
            "promotedCount": audit.promoted_count,
            "spacedEntryCount": audit.spaced_entry_count,
            "conceptTaggedEntryCount": audit.concept_tagged_entry_count,
            "invalidEntryCount": audit.invalid_entry_count,
            "conceptTagScripts": audit.concept_tag_scripts,
            "issues": [i.__dict__ for i in audit.issues] + marker_issues,
            "phaseSignals": status.phase_signal_count,
            "review": dict(status.review_counts),
            "waitingForReview": status.waiting,
            "repair": camel_keys(status.repair.__dict__) if status.repair else None,
        }
        print(dumps(payload))
        return 0
    print(f"recall store: {audit.store_path}{'' if audit.exists else ' (not created yet)'}")
    print(
        f"entries {audit.entry_count}, promoted {audit.promoted_count}, spaced {audit.spaced_entry_count}, "
        f"concept-tagged {audit.concept_tagged_entry_count}, invalid {audit.invalid_entry_count}"
    )
    print(f"phase signals {status.phase_signal_count}; waiting for review {status.waiting}")
    print("review: " + ", ".join(f"{k} {v}" for k, v in status.review_counts.items()))
    if status.repair is not None:
        r = status.repair
        print(
            f"repair: {'changed' if r.changed else 'nothing to do'} (removed {r.removed_invalid_entries} invalid "
            f"entries, rewrote store: {r.rewrote_store}, removed stale lock: {r.removed_stale_lock})"
        )
    for issue in audit.issues:
        print(
            f"{issue.severity}: {issue.code}: {issue.message}{' (fixable with --fix)' if issue.fixable else ''}"
        )
    for marker in marker_issues:
        print(f"{marker['severity']}: {marker['code']}: {marker['message']}")
    return 1 if any(i.severity == "error" for i in audit.issues) else 0


def cmd_promote_preview(args: argparse.Namespace) -> int:
    """``promote``: the ranked candidates waiting for review."""
    engine = _engine(args)
    candidates = engine.preview(
        _thresholds(args, engine),
        include_failing=args.all,
        # promoted ones are approved ones too: hiding the decided ones hid most of them
        include_decided=bool(args.include_promoted),
    )
    for problem in engine.marker_problems():
        print(f"warning: {problem}", file=sys.stderr)
    if args.json:
        print(_candidates_json(candidates))
        return 0
    if not candidates:
        print("no candidates pass the gates")
        return 0
    for candidate in candidates:
        _print_candidate(candidate)
    return 0


def cmd_promote_explain(args: argparse.Namespace) -> int:
    """``promote explain SELECTOR``: components, thresholds and gates of matching entries."""
    engine = _engine(args)
    matches = engine.explain(args.selector)
    if not matches:
        raise UserError(f"no recall-ledger entry matches {args.selector!r}")
    t = _thresholds(args, engine).resolved()
    if args.json:
        print(
            dumps(
                {
                    "thresholds": {
                        "minScore": t.min_score,
                        "minRecallCount": t.min_recall_count,
                        "minUniqueQueries": t.min_unique_queries,
                        "maxAgeDays": t.max_age_days,
                    },
                    "candidates": camel_keys([c.as_json() for c in matches]),
                }
            )
        )
        return 0
    print(
        f"thresholds: minScore {t.min_score}, minRecallCount {t.min_recall_count}, "
        f"minUniqueQueries {t.min_unique_queries}, maxAgeDays {t.max_age_days}"
    )
    for candidate in matches:
        _print_candidate(candidate, verbose=True)
    return 0


def cmd_promote_apply(args: argparse.Namespace) -> int:
    """``promote apply KEY... [--edit TEXT]``."""
    engine = _engine(args)
    engine.config = replace(engine.config, promotion_style=args.style)
    _warn_memory_cap(args, engine)
    outcome = engine.apply(
        args.keys,
        edit_text=args.edit,
        replace_line=args.replace_line,
        thresholds=_thresholds(args, engine),
    )
    for key in outcome.applied:
        print(f"promoted {key}: {outcome.written[key]}")
    if outcome.replaced_line is not None:
        print(f"moved to .reverie/health/archive.md: {outcome.replaced_line}")
    if outcome.result is not None:
        for key, reason in outcome.result.dropped:
            print(f"skipped {key}: {reason}")
    return 0


def _warn_memory_cap(args: argparse.Namespace, engine: DreamEngine) -> None:
    """Say on stderr, before writing, when the approval pushes MEMORY.md over (or near)
    the cap OpenClaw injects at session start (the agent would not see all of it)."""
    from ..core.context import memory_cap_check
    from ..core.dreaming.approval import memory_after
    from ..core.dreaming.promote import read_memory
    from .common import state_dir_of

    try:
        cands = [engine.candidate(key, with_nearest=False) for key in args.keys]
    except UserError:
        return  # apply reports the unknown key
    after = memory_after(
        read_memory(engine.workspace),
        cands,
        engine.now_ms(),
        engine.timezone,
        edit_text=args.edit,
        replace_line=args.replace_line,
        style=engine.config.promotion_style,
    )
    check = memory_cap_check(
        engine.workspace, after, state_dir_of(args), getattr(args, "agent", None)
    )
    if check.warning:
        print(f"warning: {check.warning}", file=sys.stderr)


def cmd_promote_reject(args: argparse.Namespace) -> int:
    """``promote reject KEY [--reason TEXT]``."""
    decision = _engine(args).reject(args.key, args.reason)
    print(f"rejected {decision.key}" + (f": {decision.reason}" if decision.reason else ""))
    return 0


def cmd_promote_snooze(args: argparse.Namespace) -> int:
    """``promote snooze KEY --until DATE``."""
    decision = _engine(args).snooze(args.key, args.until)
    print(f"snoozed {decision.key} until {decision.snoozed_until}")
    return 0


def cmd_promote_undo(args: argparse.Namespace) -> int:
    """``promote undo``: undo the last approval while MEMORY.md is unchanged."""
    key = _engine(args).undo_last()
    print(f"undid the approval of {key}")
    return 0
