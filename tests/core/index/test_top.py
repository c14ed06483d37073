"""The top-n of a long score array: the same rows, in the same order, as sorting them all."""

from __future__ import annotations

import numpy as np
import pytest

from reverie.core.index import top
from reverie.core.index.top import top_n


def _sorted_top(scores: np.ndarray, n: int, positive: bool) -> np.ndarray:
    rows = np.arange(len(scores))
    if positive:
        rows = rows[scores > 0]
    return rows[np.lexsort((rows, -scores[rows]))][:n]


@pytest.mark.parametrize("zero_share", [0.0, 0.5, 0.9, 0.999, 1.0])
@pytest.mark.parametrize("size", [0, 1, 100, 9_000, 60_000])
def test_same_rows_and_order_as_a_full_sort(zero_share: float, size: int) -> None:
    """Ties (a tenth of the rows share one score, most may be 0) are broken by index."""
    rng = np.random.default_rng(size)
    scores = rng.random(size).astype(np.float32)
    scores[rng.random(size) < zero_share] = 0
    scores[rng.random(size) < 0.1] = 0.5
    for n in (0, 1, 56, 200, 5_000, size + 3):
        for positive in (False, True):
            got = top_n(scores, n, positive)
            assert np.array_equal(got, _sorted_top(scores, n, positive)), (n, positive)


def test_the_sample_singles_out_the_rows_it_ranks(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a long array the rows ranked are those at or above the sample's cut, about 2n of
    them, not every row; a cut that leaves fewer than n rows falls back to every row."""
    scores = np.random.default_rng(3).random(100_000)
    ranked: list[int] = []
    first_n = top._first_n

    def counted(values: np.ndarray, rows: np.ndarray, n: int) -> np.ndarray:
        ranked.append(len(rows))
        return first_n(values, rows, n)

    monkeypatch.setattr(top, "_first_n", counted)
    assert np.array_equal(top_n(scores, 56), _sorted_top(scores, 56, False))
    assert ranked == [] or max(ranked) < 1_000
    scores[:] = 1.0  # every row ties: the cut singles out nothing
    assert np.array_equal(top_n(scores, 56), np.arange(56))
    assert ranked[-1] == 100_000
