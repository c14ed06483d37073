"""Maximal Marginal Relevance re-ranking as OpenClaw does it (spec section 8).

Greedy selection of the candidate maximising ``lambda * relevance - (1 - lambda) *
max_similarity_to_already_selected``, where relevance is the min-max normalised score and
similarity defaults to Jaccard over :func:`tokenize` token sets (a caller may pass another
similarity, e.g. embedding cosine). :func:`mmr_rerank` also returns what every step saw, so
a score trace can show the penalty each result paid.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from reverie.core.search.fts_query import normalize_lower

DEFAULT_MMR_LAMBDA = 0.7

_ASCII_TOKEN_RE = re.compile("[a-z0-9_]+")
# Hiragana, katakana, CJK Extension A, CJK Unified Ideographs, Hangul syllables, Hangul jamo.
_CJK_RE = re.compile(
    "[\u3040-\u309f\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\u1100-\u11ff]"
)

Similarity = Callable[[int, int], float]
"""``similarity(candidate_index, selected_index)`` over indexes into the item list."""

_R = TypeVar("_R", bound=Mapping[str, Any])


@dataclass(frozen=True)
class MMRConfig:
    """MMR settings: off by default, lambda 0.7 (1 = relevance only, 0 = diversity only)."""

    enabled: bool = False
    lam: float = DEFAULT_MMR_LAMBDA

    @classmethod
    def from_partial(cls, partial: Mapping[str, Any] | None) -> MMRConfig:
        """Defaults overridden by OpenClaw-style keys (``enabled``, ``lambda``)."""
        partial = partial or {}
        return cls(
            enabled=bool(partial.get("enabled", cls.enabled)),
            lam=partial.get("lambda", cls.lam),
        )


@dataclass(frozen=True)
class MMRItem:
    """One candidate: an id, its relevance score and the text used for similarity."""

    id: str
    score: float
    content: str


@dataclass(frozen=True)
class MMRStep:
    """What MMR saw when it selected one item.

    ``step`` is 1-based; ``index`` points into the input list; ``relevance`` is the min-max
    normalised score; ``max_similarity`` is the largest similarity to the items selected
    before (0 for the first, and never below 0); ``penalty`` is
    ``(1 - lambda) * max_similarity`` and ``mmr_score`` is ``lambda * relevance - penalty``
    as computed by :func:`compute_mmr_score`.
    """

    step: int
    index: int
    id: str
    score: float
    relevance: float
    max_similarity: float
    penalty: float
    mmr_score: float


@dataclass(frozen=True)
class MMRResult:
    """The re-ranked order and the per-step details.

    ``order`` holds indexes into the input list, ``selected`` the items in that order and
    ``steps`` one :class:`MMRStep` per selected item, in the same order. ``applied`` is
    ``False`` when MMR was disabled or had fewer than two items, in which case the input
    order is returned and ``steps`` is empty. ``lam`` is the clamped lambda.
    """

    order: tuple[int, ...]
    selected: tuple[MMRItem, ...]
    steps: tuple[MMRStep, ...]
    lam: float
    applied: bool


def tokenize_ordered(text: str) -> tuple[str, ...]:
    """The tokens of :func:`tokenize` in OpenClaw's insertion order.

    ASCII runs first, then CJK bigrams, then CJK unigrams, each kept at its first
    occurrence.
    """
    lower = normalize_lower(text)
    ascii_tokens = _ASCII_TOKEN_RE.findall(lower)
    cjk = [(i, ch) for i, ch in enumerate(lower) if _CJK_RE.match(ch)]
    bigrams = [
        first + second for (i, first), (j, second) in zip(cjk, cjk[1:], strict=False) if j == i + 1
    ]
    unigrams = [ch for _, ch in cjk]
    return tuple(dict.fromkeys([*ascii_tokens, *bigrams, *unigrams]))


def tokenize(text: str) -> set[str]:
    """Token set for Jaccard similarity.

    The text is trimmed and lower-cased; tokens are the ``[a-z0-9_]+`` runs, every
    CJK-family character (kana, CJK ideographs, Hangul) and every pair of CJK characters
    adjacent in the text. Other letters are ignored: ``café`` gives ``caf``.
    """
    return set(tokenize_ordered(text))


def jaccard_similarity(a: set[str] | frozenset[str], b: set[str] | frozenset[str]) -> float:
    """``|a ∩ b| / |a ∪ b|``; two empty sets are identical (1), one empty set gives 0."""
    if not a and not b:
        return 1.0
    if not a or not b:
        return 0.0
    intersection = len(a & b)
    union = len(a) + len(b) - intersection
    return 0.0 if union == 0 else intersection / union


def text_similarity(a: str, b: str) -> float:
    """Jaccard similarity of the token sets of two texts."""
    return jaccard_similarity(tokenize(a), tokenize(b))


def compute_mmr_score(relevance: float, max_similarity: float, lam: float) -> float:
    """``lam * relevance - (1 - lam) * max_similarity``."""
    return lam * relevance - (1 - lam) * max_similarity


def _clamp_lambda(lam: float) -> float:
    if math.isnan(lam):
        return lam
    return max(0.0, min(1.0, lam))


def _default_similarity(items: Sequence[MMRItem]) -> Similarity:
    # Tokens are cached by id, so items sharing an id all use the tokens of the last one.
    tokens_by_id: dict[str, set[str]] = {}
    for item in items:
        tokens_by_id[item.id] = tokenize(item.content)
    tokens = [tokens_by_id[item.id] for item in items]

    def similarity(i: int, j: int) -> float:
        return jaccard_similarity(tokens[i], tokens[j])

    return similarity


class _Selection:
    """The state of one MMR run: relevance of each item and its largest similarity to the
    items selected so far."""

    def __init__(self, items: Sequence[MMRItem], sim: Similarity, lam: float) -> None:
        self.items, self.sim, self.lam = items, sim, lam
        scores = [item.score for item in items]
        self.min_score = min(scores)
        self.score_range = max(scores) - self.min_score
        self.max_sims = [0.0] * len(items)

    def relevance(self, score: float) -> float:
        return 1.0 if self.score_range == 0 else (score - self.min_score) / self.score_range

    def select(self, index: int, step: int) -> MMRStep:
        item = self.items[index]
        rel = self.relevance(item.score)
        max_sim = self.max_sims[index]
        return MMRStep(
            step=step,
            index=index,
            id=item.id,
            score=item.score,
            relevance=rel,
            max_similarity=max_sim,
            penalty=(1 - self.lam) * max_sim,
            mmr_score=compute_mmr_score(rel, max_sim, self.lam),
        )

    def update_max_sims(self, chosen: int, remaining: Sequence[int]) -> None:
        for index in remaining:
            value = self.sim(index, chosen)
            if value > self.max_sims[index]:
                self.max_sims[index] = value

    def by_score(self) -> list[MMRStep]:
        """lambda 1: a stable sort by score (the steps still record the similarities)."""
        order = sorted(range(len(self.items)), key=lambda i: self.items[i].score, reverse=True)
        steps: list[MMRStep] = []
        for position, index in enumerate(order):
            steps.append(self.select(index, position + 1))
            self.update_max_sims(index, order[position + 1 :])
        return steps

    def greedy(self) -> list[MMRStep]:
        steps: list[MMRStep] = []
        remaining = list(range(len(self.items)))
        while remaining:
            best = self.best_of(remaining, len(steps) + 1)
            if best is None:
                break
            steps.append(best)
            remaining.remove(best.index)
            self.update_max_sims(best.index, remaining)
        return steps

    def best_of(self, remaining: Sequence[int], step: int) -> MMRStep | None:
        """The highest MMR score; on an exact tie a strictly higher score, else the first."""
        best: MMRStep | None = None
        for index in remaining:
            candidate = self.select(index, step)
            best_mmr = best.mmr_score if best is not None else -math.inf
            best_score = best.score if best is not None else -math.inf
            if candidate.mmr_score > best_mmr or (
                candidate.mmr_score == best_mmr and candidate.score > best_score
            ):
                best = candidate
        return best


def mmr_rerank(
    items: Sequence[MMRItem],
    lam: float = DEFAULT_MMR_LAMBDA,
    enabled: bool = True,
    similarity: Similarity | None = None,
) -> MMRResult:
    """Re-rank ``items`` by Maximal Marginal Relevance.

    Each step picks the remaining item with the highest :func:`compute_mmr_score`; on an
    exact tie the one with a strictly higher original score wins, otherwise the earlier one.
    ``lam`` is clamped to [0, 1]; with ``lam == 1`` the items are simply sorted by score
    (stable). Scores are never changed. ``similarity`` defaults to Jaccard over
    :func:`tokenize` of the contents.
    """
    clamped = _clamp_lambda(lam)
    n = len(items)
    if not enabled or n <= 1:
        return MMRResult(
            order=tuple(range(n)), selected=tuple(items), steps=(), lam=clamped, applied=False
        )
    selection = _Selection(items, similarity or _default_similarity(items), clamped)
    steps = selection.by_score() if clamped == 1 else selection.greedy()
    order_t = tuple(step.index for step in steps)
    return MMRResult(
        order=order_t,
        selected=tuple(items[i] for i in order_t),
        steps=tuple(steps),
        lam=clamped,
        applied=True,
    )


def js_number_string(value: float) -> str:
    """Format a number as JavaScript's ``String(number)`` does for ordinary values."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def hybrid_mmr_items(results: Sequence[Mapping[str, Any]]) -> list[MMRItem]:
    """MMR items for hybrid results: id ``path:startLine:index``, the snippet as content."""
    return [
        MMRItem(
            id=f"{r['path']}:{js_number_string(r['startLine'])}:{index}",
            score=r["score"],
            content=r["snippet"],
        )
        for index, r in enumerate(results)
    ]


def apply_mmr_to_hybrid_results(results: Sequence[_R], config: MMRConfig) -> list[_R]:
    """Re-order hybrid results (mappings with ``path``, ``startLine``, ``score``, ``snippet``).

    The result objects themselves are returned, re-ordered; disabled MMR keeps the order.
    """
    if not results:
        return list(results)
    reranked = mmr_rerank(hybrid_mmr_items(results), config.lam, config.enabled)
    return [results[i] for i in reranked.order]
