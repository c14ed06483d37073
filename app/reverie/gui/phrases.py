"""Sentences the core composes for people (:mod:`reverie.core.phrase`), in the interface's
language: each part's English template is looked up in the catalog (context
``CorePhrases``). Every template the core declares is listed here, so that the catalogs hold
them all (a test checks the two lists agree)."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from ..core.phrase import Phrase, Said

CONTEXT = "CorePhrases"

MESSAGES: tuple[str, ...] = (
    # core/atomic.py
    QT_TRANSLATE_NOOP(
        "CorePhrases",
        "{path} is a symbolic link: Reverie does not write through links (its index does not read them either); put the file itself in the workspace",
    ),
    QT_TRANSLATE_NOOP(
        "CorePhrases",
        "{path} is read-only: Reverie leaves it as it is; make it writable to change it",
    ),
    # core/context.py
    QT_TRANSLATE_NOOP("CorePhrases", "no OpenClaw state folder: documented defaults"),
    QT_TRANSLATE_NOOP("CorePhrases", "cannot read: {error}"),
    QT_TRANSLATE_NOOP("CorePhrases", "broken symbolic link"),
    QT_TRANSLATE_NOOP("CorePhrases", "not a regular file"),
    QT_TRANSLATE_NOOP("CorePhrases", "{size} bytes, over maxFileBytes ({limit})"),
    QT_TRANSLATE_NOOP("CorePhrases", "not injected: the total budget is spent"),
    QT_TRANSLATE_NOOP(
        "CorePhrases", "not injected: under {chars} characters of the total budget were left"
    ),
    QT_TRANSLATE_NOOP("CorePhrases", "missing"),
    QT_TRANSLATE_NOOP("CorePhrases", "cut to the {chars} characters left of the total budget"),
    QT_TRANSLATE_NOOP("CorePhrases", "unreadable"),
    QT_TRANSLATE_NOOP("CorePhrases", "maxTotalChars spent"),
    QT_TRANSLATE_NOOP("CorePhrases", "cut to maxFileChars ({chars})"),
    QT_TRANSLATE_NOOP("CorePhrases", "cut to the {chars} characters left of maxTotalChars"),
    QT_TRANSLATE_NOOP(
        "CorePhrases",
        "{name} is {chars} characters; the agent sees {injected} (cap {cap}): {cut} characters in the middle are cut",
    ),
    QT_TRANSLATE_NOOP("CorePhrases", "{name} is not injected: {note}"),
    QT_TRANSLATE_NOOP("CorePhrases", "{name} cannot be read: {reason}"),
    QT_TRANSLATE_NOOP(
        "CorePhrases",
        "{name} is {chars} characters, {percent}% of its cap ({cap}): it will be cut soon",
    ),
    QT_TRANSLATE_NOOP("CorePhrases", "no {path}: documented defaults"),
    QT_TRANSLATE_NOOP("CorePhrases", "{error}; documented defaults used"),
    # core/dreaming/refusals.py
    QT_TRANSLATE_NOOP("CorePhrases", "the edited text is empty"),
    QT_TRANSLATE_NOOP("CorePhrases", "the edited text may not hold an HTML comment (<!-- or -->)"),
    QT_TRANSLATE_NOOP("CorePhrases", "{key} was already promoted at {when}"),
    QT_TRANSLATE_NOOP("CorePhrases", "{key} is already promoted ({when}); undo the approval first"),
    QT_TRANSLATE_NOOP("CorePhrases", "MEMORY.md has no line {line}"),
    QT_TRANSLATE_NOOP("CorePhrases", "there is no approval to undo"),
    QT_TRANSLATE_NOOP("CorePhrases", "MEMORY.md changed after the last approval; undo it by hand"),
    QT_TRANSLATE_NOOP("CorePhrases", "MEMORY.md changed while undoing; nothing was changed"),
    QT_TRANSLATE_NOOP(
        "CorePhrases",
        "the snooze date must be after {today} (today); {day} would not hide the candidate",
    ),
    # core/health/budget.py
    QT_TRANSLATE_NOOP("CorePhrases", "defaults"),
    # core/health/reasons.py
    QT_TRANSLATE_NOOP(
        "CorePhrases", "newer line in {path}{when}{since} about the same subject ({shared}): {why}"
    ),
    QT_TRANSLATE_NOOP("CorePhrases", " ({day})"),
    QT_TRANSLATE_NOOP("CorePhrases", " after the entry ({day}, {how})"),
    QT_TRANSLATE_NOOP("CorePhrases", 'says "{words}"'),
    QT_TRANSLATE_NOOP("CorePhrases", "says what it became"),
    QT_TRANSLATE_NOOP("CorePhrases", 'says "{words}": {change}'),
    QT_TRANSLATE_NOOP("CorePhrases", "date {old} → {new}"),
    QT_TRANSLATE_NOOP("CorePhrases", "different value"),
    QT_TRANSLATE_NOOP("CorePhrases", "{why}; {old} → {new}"),
    QT_TRANSLATE_NOOP("CorePhrases", "{why}; {kind} {old} → {new}"),
    QT_TRANSLATE_NOOP("CorePhrases", "near-duplicate of line {line}: {how}"),
    QT_TRANSLATE_NOOP("CorePhrases", "{percent}% of their words are the same"),
    QT_TRANSLATE_NOOP("CorePhrases", "one contains the other"),
    QT_TRANSLATE_NOOP("CorePhrases", "{matched} of its {size} words said again"),
    QT_TRANSLATE_NOOP(
        "CorePhrases", "{matched} of its {size} words said again, some in the other language"
    ),
    QT_TRANSLATE_NOOP("CorePhrases", "the same number ({number}) about the same thing"),
    QT_TRANSLATE_NOOP("CorePhrases", "the same day ({day}) of the same thing"),
    QT_TRANSLATE_NOOP("CorePhrases", "says the same in other words (similar in meaning: {cosine})"),
    QT_TRANSLATE_NOOP(
        "CorePhrases",
        "likely says the same in other words (similar in meaning: {cosine}; {matched} of its {size} words said again)",
    ),
    QT_TRANSLATE_NOOP("CorePhrases", '"{quoted}": {day} has passed ({days} days ago)'),
    QT_TRANSLATE_NOOP("CorePhrases", '"{words}" is relative to a day the entry does not name'),
    QT_TRANSLATE_NOOP("CorePhrases", '"{words}" was written {days} days ago ({day})'),
    QT_TRANSLATE_NOOP(
        "CorePhrases", "ongoing work not mentioned or recalled for {days} days; {where}"
    ),
    QT_TRANSLATE_NOOP("CorePhrases", "last mentioned in {path} ({day})"),
    QT_TRANSLATE_NOOP("CorePhrases", "last seen {day}"),
    QT_TRANSLATE_NOOP(
        "CorePhrases",
        "MEMORY.md has {chars} characters, over the {limit} the agent gets ({percent}%): lines {start}-{end} ({cut} characters) are cut from every session",
    ),
    QT_TRANSLATE_NOOP(
        "CorePhrases",
        "MEMORY.md has {chars} characters, {percent}% of the {limit} the agent gets; past that the middle is cut",
    ),
    # core/health/refusals.py
    QT_TRANSLATE_NOOP(
        "CorePhrases",
        "{path} is not valid UTF-8 (byte {byte}); save it as UTF-8 before acting on its entries (nothing was written)",
    ),
    QT_TRANSLATE_NOOP("CorePhrases", "{path} line {line} is not what the edit expects"),
    QT_TRANSLATE_NOOP("CorePhrases", "the archive is not what the action expects"),
    QT_TRANSLATE_NOOP("CorePhrases", "{path} line {line} no longer holds this entry"),
    QT_TRANSLATE_NOOP(
        "CorePhrases", "{path} changed since this finding was computed; refresh the review"
    ),
    QT_TRANSLATE_NOOP(
        "CorePhrases", "a budget finding can only be kept or snoozed; retire entries instead"
    ),
    QT_TRANSLATE_NOOP("CorePhrases", "merge applies to duplicate findings"),
    QT_TRANSLATE_NOOP("CorePhrases", "update needs the new text of the entry"),
    QT_TRANSLATE_NOOP(
        "CorePhrases", "the new text is one entry: write it on one line (it had a line break)"
    ),
    QT_TRANSLATE_NOOP("CorePhrases", "the new text is the same as the entry; edit it first"),
    QT_TRANSLATE_NOOP(
        "CorePhrases", "the new text has no words of its own (only a bullet, spaces or punctuation)"
    ),
    QT_TRANSLATE_NOOP(
        "CorePhrases",
        "the new text may not hold an HTML comment (<!-- or -->): it would hide the entry, and Reverie and OpenClaw keep their markers in comments",
    ),
    QT_TRANSLATE_NOOP("CorePhrases", "no day comes {days} days after {today}"),
    QT_TRANSLATE_NOOP("CorePhrases", "snooze until must be YYYY-MM-DD, not {given}"),
    QT_TRANSLATE_NOOP(
        "CorePhrases",
        "snooze until {day} is not after today ({today}): the finding would show again at once; pick a later day or keep it",
    ),
    QT_TRANSLATE_NOOP("CorePhrases", "{path} no longer holds the entry this one duplicates"),
    QT_TRANSLATE_NOOP("CorePhrases", "{path} changed on disk; refresh the review and try again"),
    QT_TRANSLATE_NOOP(
        "CorePhrases", "another action was recorded since this one was planned; refresh"
    ),
    QT_TRANSLATE_NOOP("CorePhrases", "nothing to undo"),
    QT_TRANSLATE_NOOP("CorePhrases", "{path} changed since action {seq}; undo refused"),
    QT_TRANSLATE_NOOP("CorePhrases", "the archive no longer holds the entry of action {seq}"),
    QT_TRANSLATE_NOOP(
        "CorePhrases",
        "the entry of action {seq} is already in {path} at line {line}; nothing was restored (its archived copy stays in the archive)",
    ),
    # core/index/indexer.py
    QT_TRANSLATE_NOOP("CorePhrases", "reading {path}"),
    QT_TRANSLATE_NOOP("CorePhrases", "index up to date"),
    QT_TRANSLATE_NOOP("CorePhrases", "compacting the keyword index"),
    QT_TRANSLATE_NOOP("CorePhrases", "embedding"),
    # core/layers.py
    QT_TRANSLATE_NOOP(
        "CorePhrases",
        "an override needs a path or pattern in the workspace, e.g. memory/people.md, memory/archive/ or memory/*-decisions.md",
    ),
    QT_TRANSLATE_NOOP(
        "CorePhrases",
        "{pattern} is an absolute path: an override names files by their path inside the workspace folder, e.g. memory/people.md",
    ),
    QT_TRANSLATE_NOOP(
        "CorePhrases",
        "{pattern} has a '..' step, which no path inside the workspace has: an override names files by their path inside the workspace folder, e.g. memory/people.md",
    ),
    # core/paths.py
    QT_TRANSLATE_NOOP("CorePhrases", "workspace folder not found: {path}"),
    QT_TRANSLATE_NOOP(
        "CorePhrases",
        "{path} is a file, not a workspace folder: give the folder that holds MEMORY.md",
    ),
    # core/service.py
    QT_TRANSLATE_NOOP("CorePhrases", "the text analysis changed (a new version of it)"),
    QT_TRANSLATE_NOOP("CorePhrases", "the chunking settings changed"),
    QT_TRANSLATE_NOOP("CorePhrases", "the way notes are embedded changed ({old} -> {new})"),
    QT_TRANSLATE_NOOP("CorePhrases", "the embedding model changed ({old} -> {new})"),
    QT_TRANSLATE_NOOP("CorePhrases", "rebuilding the index ({reason}): {step}"),
    # core/telos/checks.py
    QT_TRANSLATE_NOOP("CorePhrases", "{item} refers to {ref}, which no Telos file defines"),
    QT_TRANSLATE_NOOP("CorePhrases", "cycle in the chain: {cycle}"),
    # core/telos/dates.py
    QT_TRANSLATE_NOOP("CorePhrases", "confidence {value}% is over 100%"),
    # core/telos/parser.py
    QT_TRANSLATE_NOOP(
        "CorePhrases", "code block is never closed; the rest of the file was skipped"
    ),
    QT_TRANSLATE_NOOP(
        "CorePhrases", "no Telos section found (## PROBLEMS, ## MISSION, ## GOALS, ...)"
    ),
    QT_TRANSLATE_NOOP("CorePhrases", "journal line without a date (write it as 'DD/MM/YYYY: ...')"),
    QT_TRANSLATE_NOOP("CorePhrases", "{id} has no text"),
    QT_TRANSLATE_NOOP("CorePhrases", "item has no text"),
    QT_TRANSLATE_NOOP("CorePhrases", "row has no text"),
    QT_TRANSLATE_NOOP("CorePhrases", "id '{prefix}' has no number (write it as G1, G2 ...)"),
    QT_TRANSLATE_NOOP(
        "CorePhrases", "{id} is written under {section} (its prefix is for {expected})"
    ),
    QT_TRANSLATE_NOOP("CorePhrases", "row has {cells} cells, the header above has {header}"),
    QT_TRANSLATE_NOOP("CorePhrases", "duplicate id {id} (also at line {line})"),
    QT_TRANSLATE_NOOP("CorePhrases", "duplicate id {id} (also at {path}:{line})"),
    # core/telos/sources.py
    QT_TRANSLATE_NOOP("CorePhrases", "symbolic link: linked files are not read"),
    # core/transcripts.py
    QT_TRANSLATE_NOOP("CorePhrases", "not valid JSON"),
    QT_TRANSLATE_NOOP("CorePhrases", "not a JSON object"),
    QT_TRANSLATE_NOOP("CorePhrases", "message record without a message object"),
    QT_TRANSLATE_NOOP("CorePhrases", "line {shown}"),
    QT_TRANSLATE_NOOP("CorePhrases", "lines {shown}"),
    QT_TRANSLATE_NOOP("CorePhrases", "lines {shown} and {rest} more"),
    QT_TRANSLATE_NOOP("CorePhrases", "{lines}: {reason}"),
    QT_TRANSLATE_NOOP("CorePhrases", "{first}; {rest}"),
    QT_TRANSLATE_NOOP("CorePhrases", "{count} broken line skipped ({parts})"),
    QT_TRANSLATE_NOOP("CorePhrases", "{count} broken lines skipped ({parts})"),
    # core/workspace.py
    QT_TRANSLATE_NOOP("CorePhrases", "{path}: {reason}"),
    QT_TRANSLATE_NOOP("CorePhrases", "cannot read folder: {error}"),
    QT_TRANSLATE_NOOP("CorePhrases", "cannot read file: {error}"),
    QT_TRANSLATE_NOOP("CorePhrases", "cannot read entry: {error}"),
    QT_TRANSLATE_NOOP("CorePhrases", "symbolic link: linked folders are not indexed"),
    QT_TRANSLATE_NOOP("CorePhrases", "symbolic link: linked files are not indexed"),
    QT_TRANSLATE_NOOP("CorePhrases", "symbolic link: linked entries are not indexed"),
    QT_TRANSLATE_NOOP("CorePhrases", "folder loop: already walked"),
    QT_TRANSLATE_NOOP("CorePhrases", "file name is not valid UTF-8: rename it to be indexed"),
    QT_TRANSLATE_NOOP("CorePhrases", "extraPaths entry {what}"),
    QT_TRANSLATE_NOOP("CorePhrases", "file too large ({size} bytes; the limit is {limit} bytes)"),
    QT_TRANSLATE_NOOP("CorePhrases", "file not found"),
    QT_TRANSLATE_NOOP("CorePhrases", "permission denied"),
    QT_TRANSLATE_NOOP("CorePhrases", "permission denied while writing"),
    QT_TRANSLATE_NOOP(
        "CorePhrases", "binary file (NUL byte at offset {offset}); not Markdown text"
    ),
    QT_TRANSLATE_NOOP("CorePhrases", "not valid UTF-8 (byte offset {offset}); save it as UTF-8"),
    QT_TRANSLATE_NOOP(
        "CorePhrases",
        "{path} changed on disk since it was opened; reload it or merge the changes before saving",
    ),
    QT_TRANSLATE_NOOP(
        "CorePhrases", "{path} was deleted on disk since it was opened; reload before saving"
    ),
    QT_TRANSLATE_NOOP("CorePhrases", "{path} is read-only; make it writable to save it"),
    # value kinds and how an entry's date is known (core/health/reasons.py)
    QT_TRANSLATE_NOOP("CorePhrases", "source-note"),
    QT_TRANSLATE_NOOP("CorePhrases", "promotion"),
    QT_TRANSLATE_NOOP("CorePhrases", "first-note"),
    QT_TRANSLATE_NOOP("CorePhrases", "first-seen"),
    QT_TRANSLATE_NOOP("CorePhrases", "rewritten"),
    QT_TRANSLATE_NOOP("CorePhrases", "ip"),
    QT_TRANSLATE_NOOP("CorePhrases", "phone"),
    QT_TRANSLATE_NOOP("CorePhrases", "age"),
    QT_TRANSLATE_NOOP("CorePhrases", "version"),
    QT_TRANSLATE_NOOP("CorePhrases", "tier"),
    QT_TRANSLATE_NOOP("CorePhrases", "grade"),
    QT_TRANSLATE_NOOP("CorePhrases", "quantity"),
    QT_TRANSLATE_NOOP("CorePhrases", "duration"),
    QT_TRANSLATE_NOOP("CorePhrases", "time"),
    QT_TRANSLATE_NOOP("CorePhrases", "money"),
    QT_TRANSLATE_NOOP("CorePhrases", "percent"),
    QT_TRANSLATE_NOOP("CorePhrases", "port"),
    QT_TRANSLATE_NOOP("CorePhrases", "room"),
    QT_TRANSLATE_NOOP("CorePhrases", "code"),
    QT_TRANSLATE_NOOP("CorePhrases", "weekday"),
    QT_TRANSLATE_NOOP("CorePhrases", "host"),
    QT_TRANSLATE_NOOP("CorePhrases", "number"),
    QT_TRANSLATE_NOOP("CorePhrases", "holder"),
    QT_TRANSLATE_NOOP("CorePhrases", "arrow"),
)


def translate(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text) if text else text


def phrase_text(said: Phrase | None, english: str) -> str:
    """``said`` in the interface's language (None: the English text as it is)."""
    return english if said is None else said.render(translate)


def say(text: str | None) -> str:
    """A core ``str`` in the interface's language when it is a :class:`Said` (else as it
    is; None: empty)."""
    if text is None:
        return ""
    return text.phrase.render(translate) if isinstance(text, Said) else text
