"""``duplicate``: near-duplicate entries inside ``MEMORY.md``.

Promotion sections often repeat a hand-written fact. Two entries are near-duplicates when
their word sets (Chinese compared by word and by character pair, values typed) overlap
strongly, or one is contained in the other, and they give no different values (different
values make them an update, not a duplicate). The later entry is the finding; the earlier
one is its evidence.
"""

from __future__ import annotations

from dataclasses import dataclass

from .entries import Entry
from .text import char_shingles, jaccard, value_conflict


@dataclass(frozen=True)
class DuplicateParams:
    jaccard: float = 0.6
    containment: float = 0.85
    min_tokens: int = 4


@dataclass(frozen=True)
class DuplicatePair:
    first: Entry
    second: Entry
    similarity: float
    how: str


def find_duplicates(
    entries: list[Entry], params: DuplicateParams | None = None
) -> list[DuplicatePair]:
    params = params or DuplicateParams()
    shingles = [char_shingles(e.text) for e in entries]
    pairs: list[DuplicatePair] = []
    claimed: set[int] = set()
    for j, later in enumerate(entries):
        if j in claimed:
            continue
        best: DuplicatePair | None = None
        for i in range(j):
            a, b = shingles[i], shingles[j]
            if not a or not b:
                continue
            sim = jaccard(a, b)
            small = min(len(a), len(b))
            contained = len(a & b) / small if small else 0.0
            if sim >= params.jaccard:
                how = f"{round(sim * 100)}% of their words are the same"
            elif small >= params.min_tokens and contained >= params.containment:
                how = "one contains the other"
                sim = max(sim, contained * 0.9)
            else:
                continue
            if value_conflict(entries[i].text, later.text) or value_conflict(
                later.text, entries[i].text
            ):
                continue
            if best is None or sim > best.similarity:
                best = DuplicatePair(entries[i], later, sim, how)
        if best is not None:
            claimed.add(j)
            pairs.append(best)
    return pairs
