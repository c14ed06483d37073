"""Where each line of a chunk's analysed terms starts, in the keyword index's positions.

The keyword scorer needs the line of every occurrence of a query term in a candidate (the
best passage, the snippet). FTS5 already stores each occurrence's position (its token
number in the ``terms`` column); with the position at which each line starts, kept per
chunk in ``chunks.line_starts`` (migration 7), the lines come from the posting lists held
in memory (``postings.py``) instead of from finding each term in each candidate's text
again (``search/keyword_positions.py``).

The positions are FTS5's own: a line's start is the number of tokens the keyword index's
tokenizer reads before it. Analysed text is words of letters and digits joined by spaces
and newlines; where every character is of a script both Python and FTS5 have long read as
letters (Latin, Greek, Cyrillic, Chinese, Japanese kana, Hangul) or is an identifier's
private-use character, it splits at its spaces into exactly FTS5's tokens. Other text (a
script with combining marks, such as Hindi or Thai) is read by FTS5's tokenizer itself,
about 240 us a chunk where splitting takes a few.
"""

from __future__ import annotations

import re
import sys
from array import array
from bisect import bisect_left
from collections.abc import Iterator
from itertools import accumulate

import apsw
import numpy as np

TOKENIZER = "unicode61"
TOKENIZER_ARGS = ["remove_diacritics", "0"]
"""The tokenizer of ``terms_fts`` (``db.py``, migration 1)."""
FILLED_KEY = "line_starts"
"""``meta``: present once every chunk has its line starts (rows written before migration 7
get them from the indexer's next sync)."""
DTYPE = np.dtype("<u4")

_PLAIN = re.compile(
    r"[a-zA-Z0-9 \n\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff\u3040-\u30ff\u3400-\u4dbf"
    r"\u4e00-\u9fff\uac00-\ud7af\ue000-\uf8ff]*"
)
"""Analysed text that splits at its spaces as FTS5 reads it (its characters are the
analysis's word characters, so within these blocks letters and digits only)."""

Tokenizer = apsw.FTS5Tokenizer


def tokenizer(conn: apsw.Connection) -> Tokenizer:
    """The keyword index's tokenizer, as ``conn`` runs it."""
    return conn.fts5_tokenizer(TOKENIZER, TOKENIZER_ARGS)


def tokens(terms: str, tok: Tokenizer) -> Iterator[tuple[str, int, int]]:
    """Each token of an analysed text as the keyword index reads it: (token, its position,
    its line)."""
    if _PLAIN.fullmatch(terms):
        position = 0
        for line, text in enumerate(terms.split("\n")):
            for word in text.split():
                yield word, position, line
                position += 1
        return
    data = terms.encode("utf-8")
    breaks = [m.start() for m in re.finditer(b"\n", data)]
    read = tok(data, apsw.FTS5_TOKENIZE_DOCUMENT, None)
    for position, token in enumerate(read):
        if isinstance(token, tuple) and len(token) > 2:  # (start, end, token, ...)
            yield str(token[2]), position, bisect_left(breaks, int(token[0]))


def line_starts(terms: str, tok: Tokenizer) -> bytes:
    """The position of the first token of each line of ``terms`` (an empty line: that of
    the next token), as little-endian 32-bit integers."""
    if _PLAIN.fullmatch(terms):
        counts = [len(text.split()) for text in terms.split("\n")]
    else:
        counts = [0] * (terms.count("\n") + 1)
        for _word, _position, line in tokens(terms, tok):
            counts[line] += 1
    starts = array("I", [0])  # (a list and an array: a fifth of numpy's time for 15 lines)
    starts.extend(accumulate(counts[:-1]))
    if sys.byteorder != "little":
        starts.byteswap()
    return starts.tobytes()


FILL_BATCH = 2000


def fill_missing(conn: apsw.Connection) -> int:
    """Give every chunk without line starts its own (in batches, one transaction each);
    return how many were filled."""
    tok = tokenizer(conn)
    filled = 0
    while True:
        with conn:
            rows = conn.execute(
                "SELECT rowid, terms FROM chunks WHERE line_starts IS NULL LIMIT ?", (FILL_BATCH,)
            ).fetchall()
            conn.executemany(
                "UPDATE chunks SET line_starts = ? WHERE rowid = ?",
                [(line_starts(str(terms), tok), rowid) for rowid, terms in rows],
            )
        filled += len(rows)
        if len(rows) < FILL_BATCH:
            return filled
