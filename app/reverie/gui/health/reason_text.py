"""A finding's reason in the interface's language: the core keeps each reason in its
parts (:class:`~reverie.core.phrase.Phrase`), and each part's English template is looked up
here (context ``HealthReasons``). Every template of :mod:`reverie.core.health.reasons` is
listed, so the catalogs hold them all (a test checks the two lists agree)."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from ...core.health.model import Finding
from ...core.phrase import Phrase

CONTEXT = "HealthReasons"

MESSAGES: tuple[str, ...] = (
    QT_TRANSLATE_NOOP(
        "HealthReasons",
        "newer line in {path}{when}{since} about the same subject ({shared}): {why}",
    ),
    QT_TRANSLATE_NOOP("HealthReasons", " ({day})"),
    QT_TRANSLATE_NOOP("HealthReasons", " after the entry ({day}, {how})"),
    QT_TRANSLATE_NOOP("HealthReasons", 'says "{words}"'),
    QT_TRANSLATE_NOOP("HealthReasons", "says what it became"),
    QT_TRANSLATE_NOOP("HealthReasons", 'says "{words}": {change}'),
    QT_TRANSLATE_NOOP("HealthReasons", "date {old} → {new}"),
    QT_TRANSLATE_NOOP("HealthReasons", "different value"),
    QT_TRANSLATE_NOOP("HealthReasons", "{why}; {old} → {new}"),
    QT_TRANSLATE_NOOP("HealthReasons", "{why}; {kind} {old} → {new}"),
    QT_TRANSLATE_NOOP("HealthReasons", "near-duplicate of line {line}: {how}"),
    QT_TRANSLATE_NOOP("HealthReasons", "{percent}% of their words are the same"),
    QT_TRANSLATE_NOOP("HealthReasons", "one contains the other"),
    QT_TRANSLATE_NOOP("HealthReasons", "{matched} of its {size} words said again"),
    QT_TRANSLATE_NOOP(
        "HealthReasons", "{matched} of its {size} words said again, some in the other language"
    ),
    QT_TRANSLATE_NOOP("HealthReasons", "the same number ({number}) about the same thing"),
    QT_TRANSLATE_NOOP(
        "HealthReasons", "says the same in other words (similar in meaning: {cosine})"
    ),
    QT_TRANSLATE_NOOP("HealthReasons", '"{quoted}": {day} has passed ({days} days ago)'),
    QT_TRANSLATE_NOOP("HealthReasons", '"{words}" is relative to a day the entry does not name'),
    QT_TRANSLATE_NOOP("HealthReasons", '"{words}" was written {days} days ago ({day})'),
    QT_TRANSLATE_NOOP(
        "HealthReasons", "ongoing work not mentioned or recalled for {days} days; {where}"
    ),
    QT_TRANSLATE_NOOP("HealthReasons", "last mentioned in {path} ({day})"),
    QT_TRANSLATE_NOOP("HealthReasons", "last seen {day}"),
    QT_TRANSLATE_NOOP(
        "HealthReasons",
        "MEMORY.md has {chars} characters, {percent}% of the {limit} the agent gets; past that the middle is cut",
    ),
    QT_TRANSLATE_NOOP(
        "HealthReasons",
        "MEMORY.md has {chars} characters, over the {limit} the agent gets ({percent}%): lines {start}-{end} ({cut} characters) are cut from every session",
    ),
    # where the size caps come from
    QT_TRANSLATE_NOOP("HealthReasons", "no OpenClaw state folder: documented defaults"),
    QT_TRANSLATE_NOOP("HealthReasons", "no {path}: documented defaults"),
    QT_TRANSLATE_NOOP("HealthReasons", "{error}; documented defaults used"),
    QT_TRANSLATE_NOOP("HealthReasons", "defaults"),
    # how the entry's date is known
    QT_TRANSLATE_NOOP("HealthReasons", "source-note"),
    QT_TRANSLATE_NOOP("HealthReasons", "promotion"),
    QT_TRANSLATE_NOOP("HealthReasons", "first-note"),
    QT_TRANSLATE_NOOP("HealthReasons", "first-seen"),
    QT_TRANSLATE_NOOP("HealthReasons", "rewritten"),
    # the kinds of value a line changes
    QT_TRANSLATE_NOOP("HealthReasons", "ip"),
    QT_TRANSLATE_NOOP("HealthReasons", "phone"),
    QT_TRANSLATE_NOOP("HealthReasons", "age"),
    QT_TRANSLATE_NOOP("HealthReasons", "version"),
    QT_TRANSLATE_NOOP("HealthReasons", "quantity"),
    QT_TRANSLATE_NOOP("HealthReasons", "duration"),
    QT_TRANSLATE_NOOP("HealthReasons", "time"),
    QT_TRANSLATE_NOOP("HealthReasons", "money"),
    QT_TRANSLATE_NOOP("HealthReasons", "percent"),
    QT_TRANSLATE_NOOP("HealthReasons", "port"),
    QT_TRANSLATE_NOOP("HealthReasons", "room"),
    QT_TRANSLATE_NOOP("HealthReasons", "code"),
    QT_TRANSLATE_NOOP("HealthReasons", "weekday"),
    QT_TRANSLATE_NOOP("HealthReasons", "host"),
    QT_TRANSLATE_NOOP("HealthReasons", "number"),
    QT_TRANSLATE_NOOP("HealthReasons", "holder"),
    QT_TRANSLATE_NOOP("HealthReasons", "arrow"),
)


def translate(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text) if text else text


def phrase_text(said: Phrase | None, english: str) -> str:
    """``said`` in the interface's language (None: the English text as it is)."""
    return english if said is None else said.render(translate)


def reason_text(finding: Finding) -> str:
    """The finding's reason, translated where the catalog has its parts (a finding read
    back without them: the English reason)."""
    return phrase_text(finding.reason_phrase, finding.reason)
