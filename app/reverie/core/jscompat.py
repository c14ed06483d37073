"""JavaScript compatibility: the string, number, date and JSON behaviour OpenClaw relies on.

OpenClaw is written in TypeScript. It measures text the way JavaScript strings do (UTF-16
code units, CJK characters weighted 4 so that ``chars / 4`` estimates tokens: spec section 3),
writes its dreaming state with ``JSON.stringify``, formats numbers with ``toFixed``, parses
timestamps with ``Date.parse`` and sorts paths with ``localeCompare``. Reverie shares those
files with a running OpenClaw, so the bytes it writes and the sizes it computes must be
OpenClaw's. This module is the one place that reproduces that behaviour:

* :func:`utf16_len`, :func:`estimate_string_chars`, :func:`is_cjk_char`, :func:`char_weight`
  measure text as OpenClaw does;
* :func:`to_utf16_units` / :func:`from_utf16_units` convert between a normal string and a
  "unit string" holding one Python character per UTF-16 code unit, so that JavaScript
  slicing can be reproduced exactly;
* :func:`js_utf8_bytes` encodes like Node.js does (a lone surrogate becomes U+FFFD);
* :func:`js_trim` and :data:`JS_WHITESPACE` follow JavaScript's definition of whitespace;
* :func:`js_number`, :func:`js_to_fixed`, :func:`js_stringify`, :func:`parse_js_date`,
  :func:`locale_compare_key`, :func:`js_to_number` and the millisecond-time helpers
  reproduce JavaScript's number, JSON and date behaviour.
"""

from __future__ import annotations

import math
import re
import sys
from array import array
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

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


_NOT_ONE_UNIT = re.compile("[\ud800-\udfff\U00010000-\U0010ffff]")
"""Characters that are not exactly one UTF-16 unit: astral ones and lone surrogates."""


def truncate_utf16_safe(text: str, max_units: int) -> str:
    """Cut ``text`` to at most ``max_units`` UTF-16 units without splitting a surrogate pair.

    This mirrors OpenClaw's ``truncateUtf16Safe``, used for the 700-unit search snippets.
    """
    limit = max(0, int(max_units))
    if len(text) <= limit and (text.isascii() or utf16_len(text) <= limit):
        return text
    head = text[:limit]
    if len(text) > limit and head and not _NOT_ONE_UNIT.search(head):
        return head  # no astral character and no surrogate before the cut: units = chars
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


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
DAY_MS = 24 * 60 * 60 * 1000


def js_number(value: float | int) -> str:
    """Format a number the way JavaScript's ``String(number)`` does.

    Non-finite numbers become ``null`` (as ``JSON.stringify`` writes them); integral
    values print without a fractional part; exponents are used only outside
    ``1e-7 <= |x| < 1e21`` and are written ``1e+21`` / ``1e-7``.
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        value = float(value) if abs(value) >= 2**53 else value
        if isinstance(value, int):
            return str(value)
    x = float(value)
    if not math.isfinite(x):
        return "null"
    if x == 0:
        return "0"
    sign = "-" if x < 0 else ""
    x = abs(x)
    digits_repr = repr(x)
    mantissa, _, exp_part = digits_repr.partition("e")
    exponent = int(exp_part) if exp_part else 0
    int_part, _, frac_part = mantissa.partition(".")
    if frac_part == "0":
        frac_part = ""
    digits = (int_part + frac_part).lstrip("0")
    # Position of the decimal point relative to the first significant digit.
    point = len(int_part) + exponent
    if int_part == "0":
        stripped = frac_part.lstrip("0")
        point = exponent - (len(frac_part) - len(stripped))
        digits = stripped
    digits = digits.rstrip("0") or "0"
    k = len(digits)
    n = point
    if k <= n <= 21:
        return sign + digits + "0" * (n - k)
    if 0 < n <= 21:
        return sign + digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return sign + "0." + "0" * (-n) + digits
    exp = n - 1
    exp_str = f"e+{exp}" if exp >= 0 else f"e-{-exp}"
    if k == 1:
        return sign + digits + exp_str
    return sign + digits[0] + "." + digits[1:] + exp_str


def js_to_fixed(value: float, digits: int) -> str:
    """``Number.prototype.toFixed``: exact binary value, ties rounded away from zero."""
    if not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    if abs(value) >= 1e21:
        return js_number(value)
    quantum = Decimal(1).scaleb(-digits)
    rounded = Decimal(value).quantize(quantum, rounding=ROUND_HALF_UP)
    text = f"{rounded:f}"
    if text.startswith("-") and Decimal(text) == 0:
        text = text[1:]
    return text


def _is_array_index(key: str) -> bool:
    if not key or (len(key) > 1 and key[0] == "0") or not key.isascii() or not key.isdigit():
        return False
    return int(key) < 2**32 - 1


def _ordered_items(obj: Mapping[str, Any]) -> list[tuple[str, Any]]:
    items = list(obj.items())
    index_items = sorted((kv for kv in items if _is_array_index(kv[0])), key=lambda kv: int(kv[0]))
    if not index_items:
        return items
    return index_items + [kv for kv in items if not _is_array_index(kv[0])]


_ESCAPES = {
    '"': '\\"',
    "\\": "\\\\",
    "\b": "\\b",
    "\f": "\\f",
    "\n": "\\n",
    "\r": "\\r",
    "\t": "\\t",
}
_NEEDS_ESCAPE = re.compile(r'["\\\x00-\x1f\ud800-\udfff]')


def _quote(text: str) -> str:
    def repl(match: re.Match[str]) -> str:
        ch = match.group(0)
        return _ESCAPES.get(ch) or f"\\u{ord(ch):04x}"

    return '"' + _NEEDS_ESCAPE.sub(repl, text) + '"'


def js_stringify(value: Any, indent: int | None = None) -> str:
    """``JSON.stringify(value, null, indent)`` for plain data (dicts, lists, str, numbers)."""
    pad = " " * indent if indent else ""

    def encode(item: Any, depth: int) -> str | None:
        if item is None:
            return "null"
        if item is True:
            return "true"
        if item is False:
            return "false"
        if isinstance(item, str):
            return _quote(item)
        if isinstance(item, (int, float)):
            return js_number(item)
        if isinstance(item, Mapping):
            parts = []
            for key, sub in _ordered_items(item):
                encoded = encode(sub, depth + 1)
                if encoded is None:
                    continue
                sep = ": " if pad else ":"
                parts.append(_quote(str(key)) + sep + encoded)
            if not parts:
                return "{}"
            if not pad:
                return "{" + ",".join(parts) + "}"
            inner = "\n" + pad * (depth + 1)
            return "{" + inner + ("," + inner).join(parts) + "\n" + pad * depth + "}"
        if isinstance(item, Sequence):
            parts = []
            for sub in item:
                encoded = encode(sub, depth + 1)
                parts.append("null" if encoded is None else encoded)
            if not parts:
                return "[]"
            if not pad:
                return "[" + ",".join(parts) + "]"
            inner = "\n" + pad * (depth + 1)
            return "[" + inner + ("," + inner).join(parts) + "\n" + pad * depth + "]"
        raise TypeError(f"cannot serialise {type(item).__name__}")

    result = encode(value, 0)
    return "null" if result is None else result


def to_ms(moment: datetime) -> int:
    """Epoch milliseconds of an aware datetime (naive values are taken as UTC)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return (moment - _EPOCH) // timedelta(milliseconds=1)


def from_ms(ms: float) -> datetime:
    """Aware UTC datetime for epoch milliseconds."""
    return _EPOCH + timedelta(milliseconds=ms)


def iso_from_ms(ms: float) -> str:
    """``new Date(ms).toISOString()``: ``YYYY-MM-DDTHH:mm:ss.sssZ``."""
    moment = from_ms(math.floor(ms))
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def resolve_zone(timezone: str | None) -> ZoneInfo | None:
    """The IANA zone for ``timezone``, or None when it is missing or unknown."""
    if not timezone or not isinstance(timezone, str):
        return None
    try:
        return ZoneInfo(timezone.strip())
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return None


def format_dreaming_day(ms: float, timezone: str | None = None) -> str:
    """``formatMemoryDreamingDay``: the ``YYYY-MM-DD`` of ``ms`` in the dreaming timezone.

    A missing or invalid zone falls back to the host's local day, as OpenClaw does.
    """
    zone = resolve_zone(timezone)
    moment = from_ms(ms)
    local = moment.astimezone(zone) if zone is not None else moment.astimezone()
    return local.strftime("%Y-%m-%d")


_ISO_DATE_RE = re.compile(
    r"^([+-]\d{6}|\d{4})(?:-(\d{2})(?:-(\d{2}))?)?"
    r"(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:\d{2})?)?$"
)


def parse_js_date(text: Any) -> float | None:
    """``Date.parse`` for the ISO-8601 forms OpenClaw writes; None when unparsable.

    Date-only forms are UTC; date-time forms without an offset are local time, as in
    JavaScript.
    """
    if not isinstance(text, str):
        return None
    match = _ISO_DATE_RE.match(text.strip())
    if not match:
        return None
    year_s, month_s, day_s, hh, mm, ss, frac, offset = match.groups()
    try:
        year = int(year_s)
        month = int(month_s or 1)
        day = int(day_s or 1)
        hour = int(hh or 0)
        minute = int(mm or 0)
        second = int(ss or 0)
        millis = int((frac or "0")[:3].ljust(3, "0"))
        if hour == 24 and minute == 0 and second == 0 and millis == 0:
            base = datetime(year, month, day, tzinfo=UTC) + timedelta(days=1)
            hour = 0
        else:
            base = datetime(year, month, day, hour, minute, second, tzinfo=UTC)
    except ValueError:
        return None
    ms = float(to_ms(base) + millis)
    if hh is None:
        return ms
    if offset is None:
        naive = base.replace(tzinfo=None)
        local = naive.astimezone()
        return float(to_ms(local) + millis)
    if offset == "Z":
        return ms
    sign = 1 if offset[0] == "+" else -1
    off_minutes = int(offset[1:3]) * 60 + int(offset[4:6])
    return ms - sign * off_minutes * 60_000


try:  # pragma: no cover - exercised through locale_compare_key
    import icu as _icu

    _COLLATOR: Any = _icu.Collator.createInstance(_icu.Locale.getRoot())
except Exception:  # noqa: BLE001 - ICU is optional; fall back to a simpler key
    _COLLATOR = None


def locale_compare_key(text: str) -> Any:
    """Sort key matching ``a.localeCompare(b)`` (ICU root collation) when ICU is present.

    Without ICU the key approximates it: punctuation before digits before letters,
    accents and case compared only after the base letters.
    """
    if _COLLATOR is not None:
        return _COLLATOR.getSortKey(text)
    import unicodedata

    def primary(ch: str) -> tuple[int, str]:
        base = unicodedata.normalize("NFD", ch)[0].lower()
        cat = unicodedata.category(base)
        if cat.startswith("Z"):
            return (0, base)
        if cat.startswith("P") or cat.startswith("S"):
            return (1, base)
        if cat.startswith("N"):
            return (2, base)
        return (3, base)

    return (
        [primary(ch) for ch in text],
        [unicodedata.normalize("NFD", ch) for ch in text.lower()],
        [0 if ch.islower() else 1 for ch in text],
    )


def js_to_number(value: Any) -> float:
    """``Number(value)`` for JSON values."""
    if value is None:
        return 0.0
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        text = js_trim(value)
        if not text:
            return 0.0
        try:
            if text.lower().startswith(("0x", "0o", "0b")):
                return float(int(text, 0))
            if text in ("Infinity", "+Infinity"):
                return math.inf
            if text == "-Infinity":
                return -math.inf
            if text.lower() in ("inf", "+inf", "-inf", "nan", "infinity", "-infinity"):
                return math.nan
            return float(text)
        except ValueError:
            return math.nan
    if isinstance(value, list):
        if not value:
            return 0.0
        if len(value) == 1:
            return js_to_number(
                value[0] if not isinstance(value[0], (list, dict)) else str(value[0])
            )
        return math.nan
    return math.nan
