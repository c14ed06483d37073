"""Typed reads of SQLite column values.

apsw gives each column as ``int | float | bytes | str | None``. The index schema fixes
the type of every column it reads, so these helpers say which one the caller expects and
fail with a clear message when a damaged or foreign database holds something else
(``None`` where a number belongs, text where a vector blob belongs).
"""

from __future__ import annotations

import apsw


class ColumnTypeError(TypeError):
    """A column value of another type than the index schema gives it."""


def _mismatch(expected: str, value: object) -> ColumnTypeError:
    return ColumnTypeError(f"expected {expected} in the index, found {type(value).__name__}")


def as_int(value: object) -> int:
    """An integer column (numeric text is accepted, as :func:`int` does)."""
    if isinstance(value, (int, float, str)):
        return int(value)
    raise _mismatch("an integer", value)


def as_float(value: object) -> float:
    """A real column (integers and numeric text are accepted, as :func:`float` does)."""
    if isinstance(value, (int, float, str)):
        return float(value)
    raise _mismatch("a number", value)


def as_bytes(value: object) -> bytes:
    """A blob column."""
    if isinstance(value, bytes):
        return value
    if isinstance(value, (bytearray, memoryview)):
        return bytes(value)
    raise _mismatch("a blob", value)


def fetch_row(cursor: apsw.Cursor) -> tuple[object, ...]:
    """The first row of a query that always yields one (``count(*)``, ``sum(...)``)."""
    row = cursor.fetchone()
    if row is None:
        raise LookupError("the index query returned no row")
    return tuple(row)


def count_of(conn: apsw.Connection, sql: str, bindings: apsw.Bindings = ()) -> int:
    """The integer in the first column of the one row ``sql`` yields (``count(*)``)."""
    return as_int(fetch_row(conn.execute(sql, bindings))[0])
