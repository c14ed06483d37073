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
    p.set_defaults(func=cmd_layers)


def cmd_layers(args: argparse.Namespace, service: MemoryService) -> int:
    if args.set:
        pattern, value = args.set
        try:
            layer = Layer.parse(value)
        except ValueError as exc:
            raise UserError(str(exc)) from exc
        set_override(service.data_dir, service.root, pattern, layer)
    if args.unset:
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
