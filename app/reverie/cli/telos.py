"""``reverie telos``: the purpose layer (Telos) and how the memory serves it."""

from __future__ import annotations

import argparse
import datetime as _dt
from typing import Any

from ..core.errors import UserError
from ..core.service import MemoryService
from ..core.telos import DEFAULT_NEGLECT_DAYS, ItemStatus, TelosReport, telos_report
from ..core.telos.sections import CHAIN_SECTIONS, section_title
from .common import plural
from .json_output import dumps


def add_telos_command(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "telos",
        parents=[common],
        help="the purpose layer: Telos goals, their chain and mentions",
        description="Read the workspace's Telos files (TELOS.md or a telos/ folder, at the "
        "root or under memory/) and show each item's weight, its place in the chain "
        "Problem -> Mission -> Goal -> Challenge/Strategy -> Project, the memory lines that "
        "mention it, and the goals and projects no daily note mentioned lately.",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument(
        "--neglect-days",
        type=int,
        default=DEFAULT_NEGLECT_DAYS,
        metavar="N",
        help=f"a goal or project is neglected after N days without a mention "
        f"(default {DEFAULT_NEGLECT_DAYS})",
    )
    p.add_argument("--today", metavar="YYYY-MM-DD", help="the day to count from (default: today)")
    p.add_argument("--no-sync", action="store_true", help="read the index as it is")
    p.set_defaults(func=cmd_telos)


def _today(value: str | None) -> _dt.date | None:
    if not value:
        return None
    try:
        return _dt.date.fromisoformat(value)
    except ValueError as exc:
        raise UserError(f"--today: not a date: {value!r} (use YYYY-MM-DD)") from exc


def cmd_telos(args: argparse.Namespace, service: MemoryService) -> int:
    if args.neglect_days < 0:
        raise UserError("--neglect-days must be 0 or more")
    if not args.no_sync:
        service.sync()
    report = telos_report(
        service.workspace, _today(args.today), args.neglect_days, index=service.reader()
    )
    if args.json:
        print(dumps(report.to_json()))
        return 0
    print_report(report)
    return 0


def _line(status: ItemStatus) -> str:
    item = status.item
    flags = []
    if item.deadline is not None:
        flags.append(f"due {item.deadline.date.isoformat()}")
    if item.priority:
        flags.append(item.priority)
    if status.mention_count:
        last = f", last {status.last_mentioned.isoformat()}" if status.last_mentioned else ""
        flags.append(f"{plural(status.mention_count, 'mention')}{last}")
    if status.neglected:
        flags.append("NEGLECTED")
    if status.unlinked:
        flags.append("unlinked")
    if item.done:
        flags.append("done")
    label = item.id or "-"
    extra = f"  [{'; '.join(flags)}]" if flags else ""
    return f"  {label:<6} {item.weight:5.3f}  {item.text}{extra}"


def print_report(report: TelosReport) -> None:
    document = report.document
    if not document.sources:
        print("No Telos file found (TELOS.md or telos/*.md, at the root or under memory/).")
        return
    print(f"Telos: {', '.join(document.sources)}")
    shown = set(CHAIN_SECTIONS)
    order = [*CHAIN_SECTIONS]
    for status in report.items:
        if status.item.section not in shown:
            shown.add(status.item.section)
            order.append(status.item.section)
    for section in order:
        statuses = [s for s in report.items if s.item.section == section]
        if not statuses:
            continue
        print(f"\n{section_title(section).upper()}")
        for status in statuses:
            print(_line(status))
            if status.parents:
                print(f"         serves {', '.join(status.parents)}")
    neglected = [s for s in report.items if s.neglected]
    if neglected:
        print(f"\nNeglected (no mention in the last {report.neglect_days} days):")
        for status in neglected:
            print(f"  {status.item.label}")
    if document.problems:
        print("\nProblems:")
        for problem in document.problems:
            where = f"{problem.path}:{problem.line}" if problem.line else problem.path
            print(f"  {where}: {problem.message}")
