"""The Chinese lunar calendar from 1990 to 2060, as China's calendar office publishes it.

Each year is one number (the layout of the widely used lunar tables, here from the
MIT-licensed LunarCalendar package): bits 12 down to 0 say whether each month of the year,
leap month included, has 30 days (1) or 29 (0); bits 16-13 the month a leap month follows
(0: none). The first day of each lunar year is its Gregorian month x 100 + day.

A table, not astronomy: ICU's Chinese calendar computes new moons a few minutes off and puts
a month's first day a day late or early when the new moon falls near midnight in Beijing
(the lunar new year of 2027 on 7 February instead of the 6th, of 2030 on 2 February instead
of the 3rd).
"""

from __future__ import annotations

from datetime import date, timedelta

FIRST_YEAR = 1990
LAST_YEAR = 2060

_MONTH_LENGTHS = (
    0x0A92F, 0x0092E, 0x00C96, 0x06D4A, 0x01D4A, 0x10D65, 0x00B58, 0x0156C,
    0x0B26D, 0x0125C, 0x0192C, 0x09A95, 0x01A94, 0x01B4A, 0x04B55, 0x00AD4,
    0x0F55B, 0x004BA, 0x0125A, 0x0B92B, 0x0152A, 0x01694, 0x096AA, 0x015AA,
    0x12AB5, 0x00974, 0x014B6, 0x0CA57, 0x00A56, 0x01526, 0x08E95, 0x00D54,
    0x015AA, 0x049B5, 0x0096C, 0x0D4AE, 0x0149C, 0x01A4C, 0x0BD26, 0x01AA6,
    0x00B54, 0x06D6A, 0x012DA, 0x1695D, 0x0095A, 0x0149A, 0x0DA4B, 0x01A4A,
    0x01AA4, 0x0BB54, 0x016B4, 0x00ADA, 0x0495B, 0x00936, 0x0F497, 0x01496,
    0x0154A, 0x0B6A5, 0x00DA4, 0x015B4, 0x06AB6, 0x0126E, 0x1092F, 0x0092E,
    0x00C96, 0x0CD4A, 0x01D4A, 0x00D64, 0x0956C, 0x0155C, 0x0125C,
)  # fmt: skip
_NEW_YEAR = (
    127, 215, 204, 123, 210, 131, 219, 207, 128, 216, 205, 124,
    212, 201, 122, 209, 129, 218, 207, 126, 214, 203, 123, 210,
    131, 219, 208, 128, 216, 205, 125, 212, 201, 122, 210, 129,
    217, 206, 126, 213, 203, 123, 211, 131, 219, 208, 128, 215,
    204, 124, 212, 201, 122, 210, 130, 217, 206, 126, 214, 202,
    123, 211, 201, 219, 208, 128, 215, 204, 124, 212, 202,
)  # fmt: skip


def lunar_to_solar(year: int, month: int, day: int, leap: bool = False) -> date | None:
    """The Gregorian day of ``day`` of lunar ``month`` (its leap month when ``leap``) of
    the lunar year that starts in Gregorian ``year``; None outside the table or for a day
    or leap month the year lacks."""
    if not FIRST_YEAR <= year <= LAST_YEAR or not 1 <= month <= 12 or not 1 <= day <= 30:
        return None
    bits = _MONTH_LENGTHS[year - FIRST_YEAR]
    leap_after = (bits >> 13) & 0xF
    if leap and leap_after != month:
        return None
    # months in the year's order: 1 .. leap_after, the leap month, leap_after + 1 .. 12
    index = month if leap or (leap_after and month > leap_after) else month - 1
    if day > (30 if (bits >> (12 - index)) & 1 else 29):
        return None
    offset = sum(30 if (bits >> (12 - i)) & 1 else 29 for i in range(index)) + day - 1
    first = _NEW_YEAR[year - FIRST_YEAR]
    return date(year, first // 100, first % 100) + timedelta(days=offset)
