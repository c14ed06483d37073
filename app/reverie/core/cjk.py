"""JavaScript-compatible string measurement: UTF-16 lengths and CJK-weighted sizes.

OpenClaw measures text the way JavaScript strings do: in UTF-16 code units, with CJK
characters weighted 4 so that ``chars / 4`` estimates tokens for every script
(``estimateStringChars`` in ``src/utils/cjk-chars.ts``, spec section 3). Python strings index
code points, so an astral character (an emoji, a CJK Extension B ideograph) is one Python
character but two UTF-16 units. The helpers here bridge the two models:

* :func:`utf16_len`, :func:`estimate_string_chars`, :func:`is_cjk_char`, :func:`char_weight`
  measure text as OpenClaw does;
* :func:`to_utf16_units` / :func:`from_utf16_units` convert between a normal string and a
  "unit string" holding one Python character per UTF-16 code unit (astral characters become
  two surrogate characters), so that JavaScript slicing can be reproduced exactly;
* :func:`js_utf8_bytes` encodes like Node.js does (a lone surrogate becomes U+FFFD);
* :func:`js_trim` and :data:`JS_WHITESPACE` follow JavaScript's definition of whitespace,
  which differs slightly from :meth:`str.isspace`.
"""

from __future__ import annotations

import re
import sys
from array import array

CHARS_PER_TOKEN_ESTIMATE = 4
"""OpenClaw's characters-per-token ratio for Latin text."""

_NON_LATIN_RANGES: tuple[tuple[int, int], ...] = (
    (0x2E80, 0x9FFF),
    (0xA000, 0xA4FF),
    (0xAC00, 0xD7AF),
    (0xF900, 0xFAFF),
    (0x20000, 0x2FA1F),
)
"""Code point ranges that OpenClaw weighs as one token per character."""

_NON_LATIN_RE = re.compile(
    "[\u2e80-\u9fff\ua000-\ua4ff\uac00-\ud7af\uf900-\ufaff\U00020000-\U0002fa1f]"
)
# OpenClaw subtracts one unit per surrogate pair whose high half is D840-D87E, i.e. every
# code point in U+20000..U+2FBFF (slightly wider than the weighted range).
_CJK_PAIR_RE = re.compile("[\U00020000-\U0002fbff]")
_SURROGATE_RE = re.compile("[\ud800-\udfff]")

JS_WHITESPACE = (
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008"
    "\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)
"""Characters matched by JavaScript's ``\\s`` and removed by ``String.prototype.trim``."""

JS_WS_CLASS = (
    "[\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]"
)
"""A regular-expression character class equivalent to JavaScript's ``\\s``."""


def js_trim(text: str) -> str:
    """Return ``text`` trimmed exactly like JavaScript's ``String.prototype.trim``."""
    return text.strip(JS_WHITESPACE)


def _recombine(text: str) -> str:
    """Join adjacent surrogate characters into astral characters, as a JS string would."""
    if not _SURROGATE_RE.search(text):
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


def utf16_len(text: str) -> int:
    """Length of ``text`` in UTF-16 code units (JavaScript's ``string.length``)."""
    if text.isascii():
        return len(text)
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def is_cjk_char(ch: str) -> bool:
    """True when the single character ``ch`` is weighted 4 by OpenClaw.

    The ranges are U+2E80-U+9FFF, U+A000-U+A4FF, U+AC00-U+D7AF, U+F900-U+FAFF and
    U+20000-U+2FA1F (CJK radicals, punctuation, kana, ideographs, Yi, Hangul syllables,
    compatibility ideographs and the supplementary ideograph planes).
    """
    if len(ch) != 1:
        raise ValueError(f"is_cjk_char expects one character, got {len(ch)}")
    code = ord(ch)
    return any(lo <= code <= hi for lo, hi in _NON_LATIN_RANGES)


def char_weight(ch: str) -> int:
    """Weight of one character when measured alone: 4 for CJK, else its UTF-16 length.

    Summing this over a string gives an upper bound of :func:`estimate_string_chars` (equal
    for every string except ones mixing CJK with unassigned U+2FA20-U+2FBFF code points).
    """
    if is_cjk_char(ch):
        return CHARS_PER_TOKEN_ESTIMATE
    return 2 if ord(ch) > 0xFFFF else 1


def estimate_string_chars(text: str) -> int:
    """CJK-weighted size of ``text``, exactly as OpenClaw's ``estimateStringChars``.

    Start from the UTF-16 length; when the text contains any weighted (CJK) character,
    subtract one for each surrogate pair in U+20000-U+2FBFF so those count once, then add 3
    per weighted character. A CJK character therefore weighs 4, Latin text its length and an
    emoji 2 (its UTF-16 length).
    """
    if not text:
        return 0
    if text.isascii():
        return len(text)
    text = _recombine(text)
    non_latin = len(_NON_LATIN_RE.findall(text))
    units = utf16_len(text)
    if non_latin == 0:
        return units
    pairs = len(_CJK_PAIR_RE.findall(text))
    return units - pairs + non_latin * (CHARS_PER_TOKEN_ESTIMATE - 1)


def to_utf16_units(text: str) -> str:
    """Return a string with one Python character per UTF-16 code unit of ``text``.

    Astral characters become a high and a low surrogate character, so ordinary slicing of
    the result behaves like JavaScript's ``slice`` (it may cut a pair in two).
    """
    if text.isascii():
        return text
    codes = array("H")
    codes.frombytes(text.encode("utf-16-le", "surrogatepass"))
    if sys.byteorder == "big":
        codes.byteswap()
    return "".join(map(chr, codes))


def from_utf16_units(units: str) -> str:
    """Inverse of :func:`to_utf16_units`: adjacent surrogate halves become one character.

    Lone surrogates (from a slice that cut a pair) are kept as they are.
    """
    return _recombine(units)


def truncate_utf16_safe(text: str, max_units: int) -> str:
    """Cut ``text`` to at most ``max_units`` UTF-16 units without splitting a surrogate pair.

    This mirrors OpenClaw's ``truncateUtf16Safe``, used for the 700-unit search snippets.
    """
    limit = max(0, int(max_units))
    if utf16_len(text) <= limit:
        return text
    units = to_utf16_units(text)
    end = limit
    if end > 0 and 0xD800 <= ord(units[end - 1]) <= 0xDBFF:
        end -= 1
    return from_utf16_units(units[:end])


def js_utf8_bytes(text: str) -> bytes:
    """Encode ``text`` to UTF-8 the way Node.js does: a lone surrogate becomes U+FFFD.

    Hashes of chunk texts are computed on these bytes, so texts holding half of a cut
    surrogate pair hash exactly as in OpenClaw.
    """
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        fixed = _SURROGATE_RE.sub("\ufffd", _recombine(text))
        return fixed.encode("utf-8")


def replace_lone_surrogates(text: str) -> str:
    """Return ``text`` with surrogate pairs joined and any lone surrogate made U+FFFD."""
    if not _SURROGATE_RE.search(text):
        return text
    return _SURROGATE_RE.sub("\ufffd", _recombine(text))
