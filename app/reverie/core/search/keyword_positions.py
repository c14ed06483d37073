"""The query's terms in candidate chunks, read from the posting lists held in memory.

The keyword scorer needs, for each candidate, how often each query term occurs, the line
of every occurrence (for the best passage and the snippet) and from them the chunk's BM25
and best passage. Found in each candidate's analysed text (``keyword.term_lines``), that
took about 12 us a chunk in Python, for some 60-120 candidates a search. The posting lists
in memory (``index/postings.py``) hold each occurrence's token position and each chunk
stores where its lines start (``index/line_starts.py``): here every candidate's counts,
lines, BM25 and best passage come from numpy operations over them all, with the same
arithmetic in the same order as the scorer's own functions, so that the values are the
same to the last bit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import apsw
import numpy as np

from ..index import line_starts
from ..index.postings import TermPostings

_CHUNK_SHIFT = 32
"""A candidate's index in the high bits, a position in the low: one sorted key space for
every candidate's line starts."""
MOST_WORDS = 62
"""A passage's words are bits of one 64-bit integer: a query of more words is scored from
the chunks' text."""


@dataclass(frozen=True)
class Occurrences:
    """Every occurrence of the query's words in the candidates, by candidate, then word
    (in the query's order), then position."""

    chunk: np.ndarray
    """The candidate's index."""
    word: np.ndarray
    """The word's index."""
    line: np.ndarray
    """The line of the candidate it is on."""
    bounds: np.ndarray
    """Where each candidate's occurrences start (one more than candidates: the end)."""


def occurrences(
    lists: TermPostings,
    conn: apsw.Connection,
    words: Sequence[str],
    rowids: Sequence[int],
    starts: Sequence[bytes],
) -> Occurrences:
    """The occurrences of ``words`` in the chunks of ``rowids`` (each with its stored line
    starts ``starts``)."""
    n = len(rowids)
    ids = np.asarray(rowids, dtype=np.int32)  # the lists' type: searchsorted copies neither
    sizes = np.array([len(blob) // line_starts.DTYPE.itemsize for blob in starts], np.int64)
    first_line = np.cumsum(sizes) - sizes
    keys = np.repeat(np.arange(n, dtype=np.int64) << _CHUNK_SHIFT, sizes)
    keys += np.frombuffer(b"".join(starts), dtype=line_starts.DTYPE)
    chunk_parts: list[np.ndarray] = [np.zeros(0, dtype=np.int64)]
    position_parts: list[np.ndarray] = [np.zeros(0, dtype=np.int64)]
    found_words: list[int] = []
    found_counts: list[int] = []
    for j, word in enumerate(words):
        held = lists.postings(conn, word)
        if not len(held.rid) or not n:
            continue
        at = np.searchsorted(held.rid, ids)
        holds = np.flatnonzero(held.rid[np.minimum(at, len(held.rid) - 1)] == ids)
        if not len(holds):
            continue
        lo = held.first[at[holds]]
        count = held.first[at[holds] + 1] - lo
        ends = np.cumsum(count)
        index = np.repeat(lo - (ends - count), count) + np.arange(ends[-1])
        chunk_parts.append(np.repeat(holds, count))
        position_parts.append(held.positions[index])
        found_words.append(j)
        found_counts.append(len(index))
    chunks = np.concatenate(chunk_parts)
    positions = np.concatenate(position_parts).astype(np.int64)
    lines = np.searchsorted(keys, (chunks << _CHUNK_SHIFT) + positions, side="right") - 1
    order = np.argsort(chunks, kind="stable")  # by chunk, then word, then position
    chunks = chunks[order]
    return Occurrences(
        chunks,
        np.repeat(np.array(found_words, dtype=np.int64), found_counts)[order],
        lines[order] - first_line[chunks],
        np.searchsorted(chunks, np.arange(n + 1)),
    )


@dataclass(frozen=True)
class Scored:
    """Each candidate's keyword evidence, as the scorer's functions compute it from the
    lines of the query's terms in its text."""

    raw: list[float]
    """BM25 (``keyword.bm25_from_counts``)."""
    mass: list[float]
    """The best passage's IDF mass (``keyword.passage_mass``)."""
    matched: list[tuple[str, ...]]
    """The words it holds, in the query's order."""
    hit_lines: list[tuple[int, ...]]
    """The line of each occurrence, word by word."""


def score(
    found: Occurrences,
    idfs: Mapping[str, float],
    n_terms: Sequence[int],
    avgdl: float,
    k1: float,
    b: float,
) -> Scored:
    """BM25 and best passage (two adjacent lines) of each candidate from ``found`` (the
    words in the order of ``idfs``)."""
    words = list(idfs)
    n, width = len(found.bounds) - 1, len(words)
    counts = np.bincount(found.chunk * width + found.word, minlength=n * width)
    counts = counts.reshape(n, width).astype(np.float64)
    length = np.asarray(n_terms, dtype=np.float64)
    norm = k1 * (1.0 - b + b * (length / avgdl if avgdl > 0 else np.ones(n)))
    raw = np.zeros(n)
    for j, word in enumerate(words):  # term by term, as bm25_from_counts adds them
        tf = counts[:, j]
        raw += np.where(tf > 0, idfs[word] * (tf * (k1 + 1.0)) / (tf + norm), 0.0)
    mass = _best_passages(found, [idfs[w] for w in words], n)
    held = ((counts > 0) * (np.int64(1) << np.arange(width, dtype=np.int64))).sum(axis=1)
    named: dict[int, tuple[str, ...]] = {}
    matched = []
    for mask in held.tolist():  # the words each holds, as a bit mask
        if mask not in named:
            named[mask] = tuple(w for j, w in enumerate(words) if mask >> j & 1)
        matched.append(named[mask])
    lines = found.line.tolist()
    bounds = found.bounds.tolist()
    return Scored(
        raw.tolist(),
        mass.tolist(),
        matched,
        [tuple(lines[lo:hi]) for lo, hi in zip(bounds[:-1], bounds[1:], strict=True)],
    )


def _best_passages(found: Occurrences, weights: Sequence[float], n: int) -> np.ndarray:
    """Each candidate's largest IDF mass of the distinct words on one line and the next,
    the words' weights added in the query's order (as ``keyword.passage_mass`` adds them)."""
    best = np.zeros(n)
    if not len(found.chunk):
        return best
    span = int(found.line.max()) + 2
    key = found.chunk * span + found.line
    order = np.argsort(key, kind="stable")
    key = key[order]
    bits = np.left_shift(np.int64(1), found.word[order])
    starts = np.flatnonzero(np.diff(key, prepend=-1))
    lines = key[starts]
    masks = np.bitwise_or.reduceat(bits, starts)
    after = np.searchsorted(lines, lines + 1)
    inside = after < len(lines)
    follows = inside & (lines[np.where(inside, after, 0)] == lines + 1)
    runs = masks | np.where(follows, masks[np.where(follows, after, 0)], 0)
    mass = np.zeros(len(runs))
    for j, weight in enumerate(weights):
        mass += np.where((runs >> j) & 1, weight, 0.0)
    np.maximum.at(best, lines // span, mass)
    return best
