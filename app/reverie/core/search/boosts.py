"""Optional stage 4b: OpenViking's recall boosts (its OpenClaw plugin's ``memory-ranking``).

``rank = clamp01(score) + 0.12 for a leaf + 0.10 when the query is temporal and the item is
an event + 0.08 when the query asks a preference and the item is a preference + lexical
overlap min(0.2, 0.2 x matched / min(n, 4))`` over the query's first 8 tokens
(``[a-z0-9]{2,}`` minus stop words). Every indexed chunk is full text (a leaf); an event is
a chunk of a dated daily note; a preference is a chunk that states one.
"""

from __future__ import annotations

import re

from ..text.analysis import ENGLISH_STOP_WORDS
from .decay import parse_memory_date_from_path_reverie
from .state import Candidate, SearchState

LEAF_BOOST = 0.12
TEMPORAL_BOOST = 0.10
PREFERENCE_BOOST = 0.08
LEXICAL_MAX = 0.2

TEMPORAL_QUERY_RE = re.compile(
    r"\b(?:when|date|yesterday|today|tomorrow|last|next|ago|since|until|what\s+time"
    r"|which\s+day)\b|什么时候|哪天|几号|何时|日期|昨天|今天|明天|上周|下周|上个月|下个月",
    re.IGNORECASE,
)
PREFERENCE_QUERY_RE = re.compile(
    r"\b(?:prefer\w*|favou?rite|like|likes|love|loves|enjoy\w*)\b|偏好|喜欢|爱|最爱|习惯",
    re.IGNORECASE,
)
PREFERENCE_ITEM_RE = PREFERENCE_QUERY_RE
_QUERY_TOKEN_RE = re.compile(r"[a-z0-9]{2,}")


def boost(state: SearchState) -> None:
    """Stage 4b (``boosts`` on): each candidate's boosts, with their reasons."""
    if not state.settings.boosts:
        return
    temporal = TEMPORAL_QUERY_RE.search(state.query) is not None
    preference = PREFERENCE_QUERY_RE.search(state.query) is not None
    tokens = [
        t for t in _QUERY_TOKEN_RE.findall(state.query.lower()) if t not in ENGLISH_STOP_WORDS
    ][:8]
    for cand in state.cands.values():
        parts = _boosts(cand, temporal, preference, tokens)
        cand.boost = sum(value for _, value in parts)
        cand.boost_reasons = tuple(f"{name} +{value:.3f}" for name, value in parts)


def _boosts(
    cand: Candidate, temporal: bool, preference: bool, tokens: list[str]
) -> list[tuple[str, float]]:
    parts = [("leaf", LEAF_BOOST)]
    if temporal and parse_memory_date_from_path_reverie(cand.path) is not None:
        parts.append(("temporal question, event", TEMPORAL_BOOST))
    if preference and PREFERENCE_ITEM_RE.search(cand.text):
        parts.append(("preference question, preference", PREFERENCE_BOOST))
    if tokens:
        text = cand.text.lower()
        matched = sum(1 for t in tokens if t in text)
        overlap = min(LEXICAL_MAX, LEXICAL_MAX * matched / min(len(tokens), 4))
        if overlap > 0:
            parts.append(("lexical overlap", overlap))
    return parts
