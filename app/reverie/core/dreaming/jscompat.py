"""Small helpers that reproduce the JavaScript behaviour OpenClaw's files depend on.

OpenClaw writes its dreaming state with ``JSON.stringify``, formats numbers with
``Number.prototype.toFixed``, parses timestamps with ``Date.parse`` and sorts paths with
``String.prototype.localeCompare``. Reverie shares those files with a running OpenClaw, so
the bytes it writes must be the bytes OpenClaw would write.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ..cjk import js_trim

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


def utf16_len(text: str) -> int:
    """``String.prototype.length``: UTF-16 code units."""
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


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
