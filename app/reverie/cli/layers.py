"""``reverie layers``: each file's memory layer (L0-L3), and per-workspace overrides."""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

from ..core.errors import UserError
from ..core.layers import (
    Layer,
    file_layers_json,
    load_overrides,
    override_pattern,
    set_override,
    workspace_rules,
)
from ..core.service import MemoryService
from .common import noun
from .json_output import dumps


def add_layers_command(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "layers",
        parents=[common],
        help="each file's memory layer (L0 context .. L3 purpose); set overrides",
        description="List every file with its layer and why. --set PATTERN LAYER overrides "
        "the rules for a path, a folder ('memory/archive/') or a glob "
        "('memory/*-decisions.md') in this workspace; --unset PATTERN removes it. "
        "Overrides are kept in Reverie's data folder, not in the workspace.",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--set", nargs=2, metavar=("PATTERN", "LAYER"), help="add an override")
    p.add_argument("--unset", metavar="PATTERN", help="remove an override")
    p.set_defaults(func=cmd_layers, check=check_layers)


def _pattern(option: str, pattern: str) -> str:
    try:
        return override_pattern(pattern)
    except ValueError as exc:
        raise UserError(f"{option}: {exc}") from exc


def check_layers(args: argparse.Namespace) -> None:
    """Refuse, before anything is opened or saved, a pattern that can match no file and an
    ``--unset`` of the pattern that ``--set`` sets in the same call."""
    set_pattern = _pattern("--set", args.set[0]) if args.set else None
    unset_pattern = _pattern("--unset", args.unset) if args.unset is not None else None
    if args.set:
        try:
            Layer.parse(args.set[1])
        except ValueError as exc:
            raise UserError(str(exc)) from exc
    if set_pattern is not None and set_pattern == unset_pattern:
        raise UserError(
            f"--set and --unset both name {set_pattern!r}: give one of them "
            "(--set PATTERN LAYER adds or changes an override, --unset PATTERN removes it)"
        )


def cmd_layers(args: argparse.Namespace, service: MemoryService) -> int:
    check_layers(args)
    if args.unset is not None:
        pattern = override_pattern(args.unset)
        if pattern not in load_overrides(service.data_dir, service.root):
            raise UserError(
                f"there is no layer override {pattern!r} in this workspace: nothing to remove "
                "(`reverie layers --json` lists the overrides)"
            )
    if args.set:
        pattern, value = args.set
        set_override(service.data_dir, service.root, pattern, Layer.parse(value))
    if args.unset is not None:
        set_override(service.data_dir, service.root, args.unset, None)
    rules = workspace_rules(service.data_dir, service.root)
    files = file_layers_json(service.workspace, rules)
    overrides = {
        p: layer.code for p, layer in load_overrides(service.data_dir, service.root).items()
    }
    if args.json:
        print(dumps({"files": files, "overrides": overrides}))
        return 0
    counts = Counter(entry["layer"] for entry in files)
    for layer in Layer:
        count = counts.get(layer.code, 0)
        print(f"{layer.code} {layer.title:<10} {count:>5} {noun(count, 'file')}")
    print()
    for entry in files:
        print(f"{entry['layer']}  {entry['path']}  ({entry['reason']})")
    return 0
