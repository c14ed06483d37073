"""``reverie context``: what the agent loads at the start of a session, and what is cut."""

from __future__ import annotations

import argparse

from ..core.context import BootstrapFile, SessionContext, load_session_context
from .common import agent_scope_of, resolve_workspace_and_state
from .json_output import dumps


def add_context_command(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
    parent: argparse.ArgumentParser,
) -> None:
    p = subparsers.add_parser(
        "context",
        parents=[parent],
        help="what the agent loads at session start (bootstrap files, caps, truncation)",
        description="Show each bootstrap file OpenClaw injects at the start of a session "
        "(AGENTS.md, SOUL.md, IDENTITY.md, USER.md, BOOTSTRAP.md, MEMORY.md) with its raw and "
        "injected characters and the cap that applies, what truncation cuts, the startup "
        "prelude's daily notes and a token estimate. Caps come from openclaw.json, else "
        "OpenClaw's documented defaults.",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument(
        "--legacy",
        action="store_true",
        help="also count TOOLS.md and HEARTBEAT.md, as older OpenClaw versions inject them",
    )
    p.set_defaults(func=cmd_context, needs_service=False)


def cmd_context(args: argparse.Namespace) -> int:
    root, state = resolve_workspace_and_state(args)
    scope = agent_scope_of(args, root, state)
    view = load_session_context(root, state, scope.agent_id, legacy=args.legacy)
    if args.json:
        print(dumps(view.to_json()))
        return 0
    print_context(view)
    return 0


def _state(f: BootstrapFile) -> str:
    if not f.exists:
        if f.unreadable:  # there, but not read (a warning below says why)
            return "unreadable"
        return "missing" if f.included else "absent"
    if not f.included:
        return "NOT INJECTED"
    if f.truncated:
        return "CUT"
    return {"near": "near cap", "over": "over cap"}.get(f.level, "whole")


def print_context(view: SessionContext) -> None:
    limits = view.limits
    print(f"workspace   {view.workspace}")
    print(f"agent       {view.agent_id or '(none)'}")
    if view.config_note:
        print(f"config      {view.config_note}")
    print(
        f"caps        {limits.bootstrap_max_chars:,} per file ({limits.origin.get('bootstrapMaxChars', 'default')}), "
        f"{limits.bootstrap_total_max_chars:,} in total "
        f"({limits.origin.get('bootstrapTotalMaxChars', 'default')}), USER.md "
        f"{limits.cap_for('USER.md'):,}"
    )
    print()
    print(f"{'file':<14}{'raw':>9}{'injected':>10}{'cap':>9}{'tokens':>8}  state")
    for f in view.files:
        raw = f"{f.raw_chars:,}" if f.exists else "-"
        print(f"{f.name:<14}{raw:>9}{f.injected_chars:>10,}{f.cap:>9,}{f.tokens:>8,}  {_state(f)}")
    print(f"{'total':<14}{'':>9}{view.total_chars:>10,}{limits.bootstrap_total_max_chars:>9,}")
    for f in view.files:
        if not f.truncated:
            continue
        lines = f" (lines {f.cut_lines[0]}-{f.cut_lines[1]})" if f.cut_lines else ""
        print(f"\n{f.name}: {f.cut_chars:,} characters cut{lines}")
        print("  kept head ends: " + _oneline(f.head[-120:]))
        if f.tail:
            print("  kept tail starts: " + _oneline(f.tail[:120]))
    print()
    if limits.startup_enabled:
        print(
            f"startup prelude ({', '.join(limits.startup_apply_on)} runs; "
            f"{limits.daily_memory_days} days up to {view.today.isoformat()}; "
            f"{limits.startup_max_file_chars:,} per file, {limits.startup_max_total_chars:,} "
            "in total)"
        )
        if not view.startup:
            print("  no daily note for these days")
        for note in view.startup:
            extra = f"  ({note.reason})" if note.reason else ""
            print(f"  {note.path}: {note.injected_chars:,} of {note.raw_chars:,}{extra}")
    else:
        print("startup prelude: off")
    print(f"\nabout {view.tokens:,} tokens at session start")
    for warning in view.warnings:
        print(f"warning: {warning}")


def _oneline(text: str) -> str:
    return " ".join(text.split())
