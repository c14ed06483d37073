"""The sentences that say why the review raised a finding (:mod:`reverie.core.phrase`):
every template, in one place, so the interface's translations can be checked against them.

Field values are the person's own words (quoted), line numbers, days and paths: they are
shown as they are."""

from __future__ import annotations

from ..phrase import Phrase, phrase, template

# possible update: the finding's reason, then why the line reads as a change
UPDATE_REASON = template(
    "newer line in {path}{when}{since} about the same subject ({shared}): {why}"
)
UPDATE_WHEN = template(" ({day})")
UPDATE_SINCE = template(" after the entry ({day}, {how})")
SAYS = template('says "{words}"')
SAYS_WHAT_IT_BECAME = template("says what it became")
SAYS_DATE_CHANGE = template('says "{words}": {change}')
DATE_CHANGE = template("date {old} → {new}")
DIFFERENT_VALUE = template("different value")
WHY_VALUE = template("{why}; {old} → {new}")
WHY_KIND_VALUE = template("{why}; {kind} {old} → {new}")

# how the entry's date is known (Finding.entry_date_source)
DATE_SOURCES = {
    name: template(name)
    for name in ("source-note", "promotion", "first-note", "first-seen", "rewritten")
}

# the kinds of value a line can change (values.py, and "holder" of a role, "arrow" for
# "A → B")
VALUE_KINDS = {
    name: template(name)
    for name in (
        "ip",
        "phone",
        "age",
        "version",
        "tier",
        "grade",
        "quantity",
        "duration",
        "time",
        "money",
        "percent",
        "port",
        "room",
        "code",
        "weekday",
        "host",
        "number",
        "holder",
        "arrow",
    )
}

# duplicates
DUPLICATE_REASON = template("near-duplicate of line {line}: {how}")
SAME_WORDS = template("{percent}% of their words are the same")
CONTAINS = template("one contains the other")
SAID_AGAIN = template("{matched} of its {size} words said again")
SAID_AGAIN_TRANSLATED = template(
    "{matched} of its {size} words said again, some in the other language"
)
SAME_NUMBER = template("the same number ({number}) about the same thing")
SAME_DAY = template("the same day ({day}) of the same thing")
SAME_MEANING = template("says the same in other words (similar in meaning: {cosine})")
LIKELY_SAME_MEANING = template(
    "likely says the same in other words (similar in meaning: {cosine};"
    " {matched} of its {size} words said again)"
)

# stale
DATE_PASSED = template('"{quoted}": {day} has passed ({days} days ago)')
RELATIVE_UNDATED = template('"{words}" is relative to a day the entry does not name')
RELATIVE_OLD = template('"{words}" was written {days} days ago ({day})')
QUIET = template("ongoing work not mentioned or recalled for {days} days; {where}")
LAST_MENTIONED = template("last mentioned in {path} ({day})")
LAST_SEEN = template("last seen {day}")

# size
OVER_BUDGET = template(
    "MEMORY.md has {chars} characters, over the {limit} the agent gets ({percent}%): "
    "lines {start}-{end} ({cut} characters) are cut from every session"
)
NEAR_BUDGET = template(
    "MEMORY.md has {chars} characters, {percent}% of the {limit} the agent gets; "
    "past that the middle is cut"
)


def kind_phrase(kind: str) -> Phrase:
    """The name of a kind of value (its own word when it has no template)."""
    return phrase(VALUE_KINDS[kind]) if kind in VALUE_KINDS else Phrase(kind)


def date_source_phrase(how: str) -> Phrase:
    return phrase(DATE_SOURCES[how]) if how in DATE_SOURCES else Phrase(how)
