"""Why the review refused to act (the messages of :class:`~.actions.HealthActionError` and
:class:`~.actions.FileChanged`), as phrases an interface can translate
(:mod:`reverie.core.phrase`): the values are paths, line numbers and action numbers."""

from __future__ import annotations

from ..phrase import template

NOT_UTF8 = template(
    "{path} is not valid UTF-8 (byte {byte}); save it as UTF-8 before acting on its entries"
    " (nothing was written)"
)
LINE_MOVED = template("{path} line {line} is not what the edit expects")
ARCHIVE_MOVED = template("the archive is not what the action expects")
ENTRY_GONE = template("{path} line {line} no longer holds this entry")
CHANGED_SINCE_FINDING = template(
    "{path} changed since this finding was computed; refresh the review"
)
BUDGET_ONLY_KEEP = template("a budget finding can only be kept or snoozed; retire entries instead")
MERGE_DUPLICATES = template("merge applies to duplicate findings")
UPDATE_NEEDS_TEXT = template("update needs the new text of the entry")
ONE_LINE = template("the new text is one entry: write it on one line (it had a line break)")
SAME_TEXT = template("the new text is the same as the entry; edit it first")
NO_WORDS = template("the new text has no words of its own (only a bullet, spaces or punctuation)")
HTML_COMMENT = template(
    "the new text may not hold an HTML comment (<!-- or -->): it would hide the entry, and "
    "Reverie and OpenClaw keep their markers in comments"
)
SNOOZE_NO_DAY = template("no day comes {days} days after {today}")
SNOOZE_FORMAT = template("snooze until must be YYYY-MM-DD, not {given}")
SNOOZE_NOT_AFTER = template(
    "snooze until {day} is not after today ({today}): the finding would show again at once; "
    "pick a later day or keep it"
)
KEPT_ENTRY_GONE = template("{path} no longer holds the entry this one duplicates")
CHANGED_ON_DISK = template("{path} changed on disk; refresh the review and try again")
ANOTHER_ACTION = template("another action was recorded since this one was planned; refresh")
NOTHING_TO_UNDO = template("nothing to undo")
CHANGED_SINCE_ACTION = template("{path} changed since action {seq}; undo refused")
ARCHIVE_GONE = template("the archive no longer holds the entry of action {seq}")
ALREADY_BACK = template(
    "the entry of action {seq} is already in {path} at line {line}; nothing was restored (its"
    " archived copy stays in the archive)"
)
