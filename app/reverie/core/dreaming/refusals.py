"""Why the dreaming engine refused an approval or an undo, as phrases an interface can
translate (:mod:`reverie.core.phrase`): the values are candidate keys, days and lines."""

from __future__ import annotations

from ..phrase import template

EDIT_EMPTY = template("the edited text is empty")
EDIT_COMMENT = template("the edited text may not hold an HTML comment (<!-- or -->)")
ALREADY_PROMOTED = template("{key} was already promoted at {when}")
PROMOTED_UNDO_FIRST = template("{key} is already promoted ({when}); undo the approval first")
NO_LINE = template("MEMORY.md has no line {line}")
NOTHING_TO_UNDO = template("there is no approval to undo")
CHANGED_SINCE_APPROVAL = template("MEMORY.md changed after the last approval; undo it by hand")
CHANGED_WHILE_UNDOING = template("MEMORY.md changed while undoing; nothing was changed")
SNOOZE_NOT_AFTER_TODAY = template(
    "the snooze date must be after {today} (today); {day} would not hide the candidate"
)
