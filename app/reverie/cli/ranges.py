"""Option values checked against their valid range: out-of-range input is an error that
names the range, never silently clamped or replaced by a default."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

from ..core.errors import UserError


def at_least(low: int) -> Callable[[str], int]:
    """An argparse ``type``: a whole number ``>= low``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low} (got {value})")
        return value

    parse.__name__ = f"whole number >= {low}"
    return parse


def between(low: float, high: float) -> Callable[[str], float]:
    """An argparse ``type``: a number from ``low`` to ``high`` inclusive."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a number, not {text!r}") from None
        if math.isnan(value) or not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be between {low:g} and {high:g} (got {text})")
        return value

    parse.__name__ = f"number from {low:g} to {high:g}"
    return parse


def check_line_range(first: int | None, count: int | None, total: int) -> None:
    """``--from`` / ``--lines`` of a file with ``total`` lines, or :class:`UserError`."""
    if first is not None and not 1 <= first <= max(total, 1):
        raise UserError(
            f"--from must be between 1 and {max(total, 1)} (the file has {total} lines), "
            f"not {first}"
        )
    if count is not None and count < 1:
        raise UserError(f"--lines must be at least 1, not {count}")


def utf8_problem(text: str) -> str | None:
    """Why ``text`` (from the command line or stdin) is not UTF-8 text, or None. Bytes
    that are not UTF-8 reach Python as lone surrogates."""
    for index, char in enumerate(text):
        if "\udc80" <= char <= "\udcff":
            return (
                f"is not valid UTF-8 text (byte 0x{ord(char) - 0xDC00:02X} at character "
                f"{index + 1}); set the terminal to UTF-8 and type it again"
            )
        if "\ud800" <= char <= "\udfff":
            return f"contains an unpaired surrogate (character {index + 1})"
    return None


def check_utf8(text: str, what: str) -> str:
    """``text``, or :class:`UserError` naming ``what`` when it is not UTF-8 text."""
    problem = utf8_problem(text)
    if problem is not None:
        raise UserError(f"{what} {problem}")
    return text
