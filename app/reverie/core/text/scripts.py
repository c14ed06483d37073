"""Traditional Chinese characters read as simplified ones.

People write the same word in both scripts (換 / 换, 醫院 / 医院), and a question in one
should find a note in the other. The analysed terms (index and query) read every
traditional character in its simplified form, one character for one, from CC-CEDICT's
table (``crosslingual.Dictionary.simplified``: a character that simplified words use as it
is, such as 么 or 覆, is never rewritten). Without the dictionary the text is left as it is.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .crosslingual import Dictionary


def simplified(text: str) -> str:
    """``text`` with its traditional characters in their simplified forms (same length)."""
    found = _dictionary()
    return found.simplify(text) if found is not None else text


@lru_cache(maxsize=1)
def _dictionary() -> Dictionary | None:
    from .crosslingual import dictionary  # imported here: crosslingual imports analysis

    return dictionary()
