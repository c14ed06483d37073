"""Stage 5b, current facts first: a question about the current state ("where does she live
now", "还在用 InfluxDB 吗", "目前的价格") wants the newest statement, while relevance and a
gentle decay often leave an older, fuller statement on top.

When the query reads as a state question, the best dated candidate near the top and the
dated candidates that say something about the same thing (fused score within
``SUBJECT_SHARE`` of its, and the passage that answers the query close to its own in
embedding space) form a group; the newest of them takes the group's first place (and its
score), the others keep their order in the places left. Nothing else moves; the trace says
which candidates were re-ordered and how many there were. (Entries the health review
retired or replaced are moved out of ``MEMORY.md`` into ``.reverie/health/archive.md``,
outside the indexed paths, so they do not compete at all.)
"""

from __future__ import annotations

import re

import numpy as np

from .ordering import timestamp_rule
from .state import Candidate, SearchState

STATE_INTENT_RE = re.compile(
    r"\b(?:now|nowadays|currently|current|still|anymore|any\s+more|latest|these\s+days"
    r"|at\s+the\s+moment|at\s+present|so\s+far|as\s+of\s+today)\b"
    r"|现在|目前|当前|如今|眼下|还|仍|依然|依旧|至今|最新|已经|最近",
    re.IGNORECASE,
)
HEAD = 10
"""Only candidates among the first HEAD (after decay) take part."""
SUBJECT_SHARE = 0.5
"""A candidate can be about the same subject as the best dated one when its fused score is
at least this share of that one's."""
SAME_PASSAGE = 0.6
"""... and when the cosine between their passages that answer the query reaches this."""


def is_state_question(query: str) -> bool:
    return STATE_INTENT_RE.search(query) is not None


def current_first(state: SearchState) -> None:
    """Stage 5b: newest first among same-subject dated candidates of a state question."""
    if not state.settings.state_intent or not is_state_question(state.query):
        return
    state.state_intent = True
    group = _same_subject(state, state.ordered[:HEAD])
    if len(group) < 2:
        return
    slots = sorted((c.score for c in group), reverse=True)
    by_score = sorted(group, key=lambda c: -c.score)
    newest = max(group, key=lambda c: c.timestamp_ms or 0.0)
    order = [newest] + [c for c in by_score if c is not newest]
    for cand, score in zip(order, slots, strict=True):
        cand.score = score
        cand.score_after_state = score
        cand.state_group = len(group)
        cand.state_newest = cand is newest
    state.ordered = sorted(state.ordered, key=lambda c: -c.score)
    for i, cand in enumerate(state.ordered, start=1):
        cand.rank_after_state = i


def _same_subject(state: SearchState, head: list[Candidate]) -> list[Candidate]:
    """The best dated candidate of the head and the dated candidates that say something
    about the same thing: fused score within ``SUBJECT_SHARE`` of its, and the passage that
    answers the query similar to its own (cosine >= ``SAME_PASSAGE``)."""
    if any(c.timestamp_ms is None and c.decay_reason == "off" for c in head):
        timestamp = timestamp_rule(state)
        for cand in head:
            cand.timestamp_ms, _ = timestamp(cand)
    dated = [c for c in head if c.timestamp_ms is not None and c.decay_reason != "evergreen"]
    if not dated:
        return []
    lead = max(dated, key=lambda c: c.score)
    lead_passage = _answer_passage(state, lead)
    group = [lead]
    for cand in dated:
        if cand is lead or cand.weighted < SUBJECT_SHARE * lead.weighted:
            continue
        passage = _answer_passage(state, cand)
        if lead_passage is None or passage is None:
            continue
        if float(np.dot(lead_passage, passage)) >= SAME_PASSAGE:
            group.append(cand)
    return group


def _answer_passage(state: SearchState, cand: Candidate) -> np.ndarray | None:
    """The candidate's passage closest to the query (None without vectors)."""
    vectors = state.vectors.get(cand.rowid)
    if vectors is None or state.qvec is None:
        return None
    passage: np.ndarray = vectors.passages[int(np.argmax(vectors.passages @ state.qvec))]
    return passage
