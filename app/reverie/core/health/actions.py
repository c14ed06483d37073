"""Acting on a health finding: update, retire, merge, keep, snooze; undo; restore.

Every action is first planned (:func:`plan_action`: the new ``MEMORY.md``, the archive
block and a unified diff to show the person), then applied (:func:`apply_action`):

* refused with :class:`FileChanged` when ``MEMORY.md`` is not byte for byte what the finding
  was computed from (or the archive changed since the plan);
* the archive is written first, then ``MEMORY.md``, each atomically and re-checked right
  before the rename, so a crash never loses the moved entry;
* the audit log gets one appended line with everything needed to undo it.

:func:`undo_last` reverses the latest action not yet undone (refused when either file has
changed since); :func:`restore` brings an archived entry back into ``MEMORY.md`` as a new,
itself undoable, action.
"""

from __future__ import annotations

import contextlib
import difflib
import hashlib
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from ..appended import grown_from
from ..atomic import atomic_write_bytes, write_refusal
from ..errors import UserError
from ..phrase import said
from . import refusals as R
from .archive import append_block, archive_block
from .audit_log import AuditLog
from .entries import Entry, split_entries, strip_entry
from .locations import ARCHIVE_PATH, MEMORY_PATH
from .model import BUDGET, DUPLICATE, EvidenceRef, Finding

EDIT_ACTIONS = ("update", "retire", "merge")
ACTIONS = (*EDIT_ACTIONS, "keep", "snooze")
DEFAULT_SNOOZE_DAYS = 14
_BULLET = re.compile(r"^(\s*(?:[-*+]|\d+[.)])\s+)")


class HealthActionError(UserError):
    """A health action cannot be carried out as asked."""


class FileChanged(HealthActionError):
    """A file changed since the finding (or the action) was computed; refresh and retry."""


def _decoded(data: bytes, name: object) -> str:
    """``data`` as UTF-8 text; a clear refusal (nothing written) when it is not."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise HealthActionError(said(R.NOT_UTF8, path=str(name), byte=exc.start)) from exc


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None


def _stamp(now: datetime | None) -> datetime:
    return (now or datetime.now().astimezone()).replace(microsecond=0)


@dataclass(frozen=True)
class LineEdit:
    """Lines ``line .. line+len(old)-1`` (1-based) replaced by ``new``."""

    line: int
    old: tuple[str, ...]
    new: tuple[str, ...]

    def as_json(self) -> dict[str, Any]:
        return {"line": self.line, "old": list(self.old), "new": list(self.new)}

    @staticmethod
    def from_json(raw: dict[str, Any]) -> LineEdit:
        return LineEdit(int(raw["line"]), tuple(raw["old"]), tuple(raw["new"]))


def apply_edits(text: str, edits: Sequence[LineEdit]) -> str:
    """Apply edits given in file order (they must not overlap)."""
    lines = text.split("\n")
    for edit in sorted(edits, key=lambda e: e.line, reverse=True):
        start = edit.line - 1
        if tuple(lines[start : start + len(edit.old)]) != edit.old:
            raise FileChanged(said(R.LINE_MOVED, path=MEMORY_PATH, line=edit.line))
        lines[start : start + len(edit.old)] = list(edit.new)
    return "\n".join(lines)


def reverse_edits(edits: Sequence[LineEdit]) -> list[LineEdit]:
    """The edits that undo ``edits`` (line numbers shifted to the edited text)."""
    out: list[LineEdit] = []
    shift = 0
    for edit in sorted(edits, key=lambda e: e.line):
        out.append(LineEdit(edit.line + shift, edit.new, edit.old))
        shift += len(edit.new) - len(edit.old)
    return out


@dataclass(frozen=True)
class ArchiveEdit:
    """``removed`` at character ``offset`` of the archive replaced by ``inserted``."""

    offset: int
    removed: str
    inserted: str
    created: bool = False
    """The archive did not exist before (undo removes it)."""

    def as_json(self) -> dict[str, Any]:
        return {
            "offset": self.offset,
            "removed": self.removed,
            "inserted": self.inserted,
            "created": self.created,
        }

    @staticmethod
    def from_json(raw: dict[str, Any]) -> ArchiveEdit:
        return ArchiveEdit(
            int(raw["offset"]), str(raw["removed"]), str(raw["inserted"]), bool(raw.get("created"))
        )

    def apply(self, text: str) -> str:
        if text[self.offset : self.offset + len(self.removed)] != self.removed:
            raise FileChanged(said(R.ARCHIVE_MOVED))
        return text[: self.offset] + self.inserted + text[self.offset + len(self.removed) :]

    def reversed(self) -> ArchiveEdit:
        return ArchiveEdit(self.offset, self.inserted, self.removed, self.created)


@dataclass(frozen=True)
class ActionPlan:
    """What an action would do, before anything is written."""

    action: str
    finding: Finding
    memory_before: str
    memory_after: str
    memory_sha_before: str
    archive_before: str
    archive_after: str
    archive_sha_before: str
    edits: tuple[LineEdit, ...] = ()
    archive_edit: ArchiveEdit | None = None
    new_text: str | None = None
    reason: str | None = None
    until: str | None = None
    at: str = ""
    seq: int = 0
    before: str = ""
    after: str | None = None
    evidence: tuple[EvidenceRef, ...] = field(default_factory=tuple)

    @property
    def diff(self) -> str:
        """Unified diff of MEMORY.md, then of the archive (empty for keep / snooze)."""
        parts = [
            "".join(
                difflib.unified_diff(
                    self.memory_before.splitlines(keepends=True),
                    self.memory_after.splitlines(keepends=True),
                    f"a/{MEMORY_PATH}",
                    f"b/{MEMORY_PATH}",
                )
            )
        ]
        if self.archive_after != self.archive_before:
            parts.append(
                "".join(
                    difflib.unified_diff(
                        self.archive_before.splitlines(keepends=True),
                        self.archive_after.splitlines(keepends=True),
                        f"a/{ARCHIVE_PATH.as_posix()}",
                        f"b/{ARCHIVE_PATH.as_posix()}",
                    )
                )
            )
        return "".join(parts)


def _check_words(text: str) -> None:
    """Refuse new text that would hide the entry or fake a marker: an HTML comment (the
    promotion and archive markers are comments), or nothing but a bullet and punctuation."""
    if "<!--" in text or "-->" in text:
        raise HealthActionError(said(R.HTML_COMMENT))
    if not re.search(r"\w", strip_entry(text.strip())):
        raise HealthActionError(said(R.NO_WORDS))


def _entry_for(memory: str, finding: Finding) -> Entry:
    for entry in split_entries(memory):
        if entry.start_line == finding.start_line and entry.key == finding.entry_key:
            return entry
    raise FileChanged(said(R.ENTRY_GONE, path=MEMORY_PATH, line=finding.start_line))


def _removal_edit(memory_lines: list[str], entry: Entry) -> LineEdit:
    start = entry.start_line
    if entry.marker_line is not None and entry.marker_line == entry.start_line - 1:
        start = entry.marker_line
    return LineEdit(start, tuple(memory_lines[start - 1 : entry.end_line]), ())


_INDENT = re.compile(r"[ \t]*")


def _with_sub_items(lines: list[str], entry: Entry) -> Entry:
    """The entry with the lines indented under it ("- Flight to Lisbon" and its "  - Seat
    14C"), which go where it goes: retired alone, they would be left without their item."""
    first = lines[entry.start_line - 1]
    depth = len(_INDENT.match(first).group(0))  # type: ignore[union-attr]
    end = entry.end_line
    while end < len(lines) and lines[end].strip():
        indent = len(_INDENT.match(lines[end]).group(0))  # type: ignore[union-attr]
        if indent <= depth:
            break
        end += 1
    if end == entry.end_line:
        return entry
    return replace(entry, end_line=end, raw="\n".join(lines[entry.start_line - 1 : end]))


def _replacement_lines(entry: Entry, text: str, eol: str) -> tuple[str, ...]:
    first = entry.raw.split("\n")[0]
    bom = "\ufeff" if first.startswith("\ufeff") else ""  # the file's BOM stays first
    bullet = _BULLET.match(first[len(bom) :])
    lines = [line.rstrip("\r") for line in text.lstrip("\ufeff").strip("\n").split("\n")]
    if bullet and not _BULLET.match(lines[0]):
        lines[0] = bullet.group(1) + lines[0]
    lines[0] = bom + lines[0]
    return tuple(line + eol for line in lines)


def _day_of(value: object) -> date | None:
    """A day given as a date, ``YYYY-MM-DD`` or an ISO time (None: none of these)."""
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    text = str(value).strip()
    try:
        return date.fromisoformat(text)
    except ValueError:
        pass
    try:
        return datetime.fromisoformat(text).date()
    except ValueError:
        return None


def plan_action(
    workspace_root: Path,
    finding: Finding,
    action: str,
    *,
    text: str | None = None,
    reason: str | None = None,
    until: date | str | None = None,
    now: datetime | None = None,
) -> ActionPlan:
    """Plan ``action`` on ``finding`` against the files as they are now.

    Raises :class:`FileChanged` when MEMORY.md is no longer what the finding saw, and
    :class:`HealthActionError` for an action that does not fit the finding.
    """
    if action not in ACTIONS:
        raise HealthActionError(f"unknown action {action!r}; use one of {', '.join(ACTIONS)}")
    root = Path(workspace_root)
    memory_bytes = _read(root / MEMORY_PATH) or b""
    memory_sha = _sha(memory_bytes)
    if (
        finding.file_sha256
        and memory_sha != finding.file_sha256
        # lines an agent appended since the review leave the entry where it was
        and grown_from(memory_bytes, finding.file_sha256) is None
    ):
        raise FileChanged(said(R.CHANGED_SINCE_FINDING, path=MEMORY_PATH))
    memory = _decoded(memory_bytes, MEMORY_PATH)
    archive_bytes = _read(root / ARCHIVE_PATH)
    archive = _decoded(archive_bytes or b"", ARCHIVE_PATH)
    moment = _stamp(now)
    seq = AuditLog(root).next_seq()

    def make_plan(
        memory_after: str,
        archive_after: str,
        edits: tuple[LineEdit, ...] = (),
        archive_edit: ArchiveEdit | None = None,
        until_day: str | None = None,
        before: str = "",
        after: str | None = None,
    ) -> ActionPlan:
        return ActionPlan(
            action=action,
            finding=finding,
            memory_before=memory,
            memory_after=memory_after,
            memory_sha_before=memory_sha,
            archive_before=archive,
            archive_after=archive_after,
            archive_sha_before=_sha(archive_bytes or b""),
            edits=edits,
            archive_edit=archive_edit,
            new_text=text,
            reason=reason or None,
            until=until_day,
            at=moment.isoformat(),
            seq=seq,
            before=before,
            after=after,
            evidence=finding.evidence,
        )

    if action in ("keep", "snooze"):
        until_text: str | None = None
        if action == "snooze":
            if until is None:
                try:
                    day = moment.date() + timedelta(days=DEFAULT_SNOOZE_DAYS)
                except OverflowError as exc:
                    raise HealthActionError(
                        said(R.SNOOZE_NO_DAY, days=DEFAULT_SNOOZE_DAYS, today=str(moment.date()))
                    ) from exc
                until_text = day.isoformat()
            else:
                given = _day_of(until)
                if given is None:
                    raise HealthActionError(said(R.SNOOZE_FORMAT, given=repr(until)))
                until_text = given.isoformat()
                if given <= moment.date():
                    raise HealthActionError(
                        said(R.SNOOZE_NOT_AFTER, day=until_text, today=str(moment.date()))
                    )
        return make_plan(memory, archive, until_day=until_text, before=finding.raw or finding.text)
    if finding.kind == BUDGET:
        raise HealthActionError(said(R.BUDGET_ONLY_KEEP))
    if action == "merge" and finding.kind != DUPLICATE:
        raise HealthActionError(said(R.MERGE_DUPLICATES))
    if action == "update" and not (text and text.strip()):
        raise HealthActionError(said(R.UPDATE_NEEDS_TEXT))
    if text and ("\n" in text.strip() or "\r" in text.strip()):
        # a second line would start another entry, or a heading, under this one's name
        raise HealthActionError(said(R.ONE_LINE))
    if text is not None and text.strip():
        _check_words(text)
    entry = _entry_for(memory, finding)
    lines = memory.split("\n")
    eol = "\r" if lines[entry.start_line - 1].endswith("\r") else ""
    edits: list[LineEdit] = []
    superseded_by: str | None = None
    after: str | None = None
    removed = entry.raw
    """What leaves MEMORY.md (or is rewritten): the archive keeps it, restore brings it back."""
    if action == "update":
        assert text is not None
        new_lines = _replacement_lines(entry, text, eol)
        if new_lines == tuple(lines[entry.start_line - 1 : entry.end_line]):
            raise HealthActionError(said(R.SAME_TEXT))
        edits.append(
            LineEdit(
                entry.start_line, tuple(lines[entry.start_line - 1 : entry.end_line]), new_lines
            )
        )
        superseded_by = " ".join(strip_entry(line) for line in new_lines)
        after = "\n".join(new_lines)
    elif action == "retire":
        entry = _with_sub_items(lines, entry)
        edits.append(_removal_edit(lines, entry))
        removed = "\n".join(edits[-1].old)  # with a promotion's marker comment above it
        newer = [ref for ref in finding.evidence if ref.role == "newer"]
        superseded_by = newer[0].text if newer else None
    else:  # merge: the duplicate goes, the first entry stays (or takes the merged text)
        first_ref = finding.evidence[0] if finding.evidence else None
        first = next(
            (
                e
                for e in split_entries(memory)
                if first_ref and e.start_line == first_ref.start_line
            ),
            None,
        )
        if first is None:
            raise FileChanged(said(R.KEPT_ENTRY_GONE, path=MEMORY_PATH))
        kept_before: str | None = None
        if text and text.strip():
            new_lines = _replacement_lines(first, text, eol)
            edits.append(
                LineEdit(
                    first.start_line, tuple(lines[first.start_line - 1 : first.end_line]), new_lines
                )
            )
            after = "\n".join(new_lines)
            if tuple(lines[first.start_line - 1 : first.end_line]) != new_lines:
                kept_before = " ".join(strip_entry(part) for part in first.raw.split("\n"))
        else:
            after = first.raw
        entry = _with_sub_items(lines, entry)
        edits.append(_removal_edit(lines, entry))
        removed = "\n".join(edits[-1].old)
        superseded_by = " ".join(strip_entry(part) for part in (after or "").split("\n"))
        if kept_before is not None:  # the kept entry's own words go to the archive too
            superseded_by += f" (line {first.start_line} said before: {kept_before})"
    memory_after = apply_edits(memory, edits)
    block = archive_block(
        seq,
        moment.date().isoformat(),
        action,
        MEMORY_PATH,
        entry.start_line,
        removed.replace("\r", ""),
        reason,
        superseded_by,
        [ref for ref in finding.evidence if ref.path != MEMORY_PATH],
    )
    archive_after = append_block(archive, block)
    archive_edit = ArchiveEdit(
        len(archive), "", archive_after[len(archive) :], created=archive_bytes is None
    )
    return make_plan(
        memory_after, archive_after, tuple(edits), archive_edit, before=removed, after=after
    )


def _check(path: Path, expected_sha: str, name: str) -> None:
    current = _read(path)
    if _sha(current or b"") != expected_sha:
        raise FileChanged(said(R.CHANGED_ON_DISK, path=str(name)))


def _write(path: Path, data: str, expected_sha: str, name: str) -> None:
    refusal = write_refusal(path)
    if refusal is not None:
        raise HealthActionError(refusal)
    _check(path, expected_sha, name)
    atomic_write_bytes(
        path, data.encode("utf-8"), before_replace=lambda: _check(path, expected_sha, name)
    )


def _write_pair(
    root: Path,
    memory_before_sha: str,
    memory_after: str | None,
    archive_before_sha: str,
    archive_after: str | None,
    archive_previous: bytes | None,
    remove_archive: bool = False,
) -> None:
    """Write the archive, then MEMORY.md; put the archive back if MEMORY.md fails."""
    memory_path = root / MEMORY_PATH
    archive_path = root / ARCHIVE_PATH
    _check(memory_path, memory_before_sha, MEMORY_PATH)
    _check(archive_path, archive_before_sha, ARCHIVE_PATH.as_posix())
    archive_written = False
    if remove_archive:
        pass  # removed after MEMORY.md is safely written
    elif archive_after is not None:
        _write(archive_path, archive_after, archive_before_sha, ARCHIVE_PATH.as_posix())
        archive_written = True
    try:
        if memory_after is not None:
            _write(memory_path, memory_after, memory_before_sha, MEMORY_PATH)
    except BaseException:
        if archive_written:
            if archive_previous is None:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(archive_path)
            else:
                atomic_write_bytes(archive_path, archive_previous)
        raise
    if remove_archive:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(archive_path)


def apply_action(workspace_root: Path, plan: ActionPlan) -> dict[str, Any]:
    """Carry out a plan and append it to the audit log; returns the log record."""
    root = Path(workspace_root)
    audit = AuditLog(root)
    if audit.next_seq() != plan.seq:
        raise FileChanged(said(R.ANOTHER_ACTION))
    finding = plan.finding
    record: dict[str, Any] = {
        "seq": plan.seq,
        "at": plan.at,
        "action": plan.action,
        "findingId": finding.id,
        "kind": finding.kind,
        "entryKey": finding.entry_key,
        "path": finding.path,
        "startLine": finding.start_line,
        "endLine": finding.end_line,
        "before": plan.before,
        "after": plan.after,
        "reason": plan.reason,
        "evidence": [ref.as_json() for ref in plan.evidence],
    }
    if plan.action == "snooze":
        record["until"] = plan.until
    memory_previous: bytes | None = None
    previous: bytes | None = None
    memory_after = plan.memory_after
    memory_sha_before = plan.memory_sha_before
    if plan.action in EDIT_ACTIONS:
        assert plan.archive_edit is not None
        memory_previous = _read(root / MEMORY_PATH)
        previous = _read(root / ARCHIVE_PATH)
        current = memory_previous or b""
        if _sha(current) != memory_sha_before:
            # an agent appended lines since the plan: they stay after the edited file
            cut = grown_from(current, memory_sha_before)
            if cut is not None:
                memory_after = plan.memory_after + _decoded(current[cut:], MEMORY_PATH)
                memory_sha_before = _sha(current)
        removal = next((e for e in plan.edits if not e.new), None)
        first, last = (
            (removal.line, removal.line + len(removal.old) - 1)
            if removal is not None
            else (finding.start_line, finding.end_line)
        )
        if memory_previous is not None:  # where a restore puts the entry back
            record["place"] = entry_place(
                memory_previous.decode("utf-8", errors="replace"), first, last
            )
        _write_pair(
            root,
            memory_sha_before,
            memory_after,
            plan.archive_sha_before,
            plan.archive_after,
            previous,
        )
        record.update(
            {
                "edits": [edit.as_json() for edit in plan.edits],
                "archiveEdit": plan.archive_edit.as_json(),
                "memorySha256Before": memory_sha_before,
                "memorySha256After": _sha(memory_after.encode("utf-8")),
                "archiveSha256Before": plan.archive_sha_before,
                "archiveSha256After": _sha(plan.archive_after.encode("utf-8")),
            }
        )
    else:  # keep, snooze: MEMORY.md as planned, or only grown at its end
        current = _read(root / MEMORY_PATH) or b""
        if (
            _sha(current) != plan.memory_sha_before
            and grown_from(current, memory_sha_before) is None
        ):
            raise FileChanged(said(R.CHANGED_ON_DISK, path=MEMORY_PATH))
    try:
        audit.append(record)
    except BaseException:
        if plan.action in EDIT_ACTIONS:  # unrecorded, it could not be undone: take it back
            _take_back(root, memory_after, memory_previous, plan.archive_after, previous)
        raise
    return record


def _take_back(
    root: Path,
    memory_now: str,
    memory_before: bytes | None,
    archive_now: str | None,
    archive_before: bytes | None,
) -> None:
    """Put MEMORY.md and the archive back as they were before a change whose audit record
    could not be written (unrecorded, it could not be undone); ``archive_now`` None: the
    change removed the archive."""
    with contextlib.suppress(HealthActionError, OSError, UnicodeDecodeError):
        _write_pair(
            root,
            _sha(memory_now.encode("utf-8")),
            (memory_before or b"").decode("utf-8"),
            _sha((archive_now or "").encode("utf-8")),
            None if archive_before is None else archive_before.decode("utf-8"),
            None if archive_now is None else archive_now.encode("utf-8"),
            remove_archive=archive_before is None,
        )


def act(
    workspace_root: Path,
    finding: Finding,
    action: str,
    *,
    text: str | None = None,
    reason: str | None = None,
    until: date | str | None = None,
    now: datetime | None = None,
) -> dict[str, Any]:
    """Plan and apply in one step."""
    plan = plan_action(
        workspace_root, finding, action, text=text, reason=reason, until=until, now=now
    )
    return apply_action(workspace_root, plan)


def _last_active(audit: AuditLog) -> dict[str, Any] | None:
    active = audit.active()
    return active[-1] if active else None


def undo_last(workspace_root: Path, now: datetime | None = None) -> dict[str, Any]:
    """Undo the latest action not yet undone; returns the undo record."""
    root = Path(workspace_root)
    audit = AuditLog(root)
    record = _last_active(audit)
    if record is None:
        raise HealthActionError(said(R.NOTHING_TO_UNDO))
    undo = _undo_record(audit, record, now)
    if "edits" in record:
        memory_path = root / MEMORY_PATH
        archive_path = root / ARCHIVE_PATH
        memory_now = _read(memory_path) or b""
        archive_now = _read(archive_path)
        if _sha(memory_now) != record.get("memorySha256After"):
            raise FileChanged(said(R.CHANGED_SINCE_ACTION, path=MEMORY_PATH, seq=record["seq"]))
        if _sha(archive_now or b"") != record.get("archiveSha256After"):
            raise FileChanged(
                said(R.CHANGED_SINCE_ACTION, path=ARCHIVE_PATH.as_posix(), seq=record["seq"])
            )
        edits = [LineEdit.from_json(e) for e in record["edits"]]
        memory_after = apply_edits(_decoded(memory_now, MEMORY_PATH), reverse_edits(edits))
        archive_edit = ArchiveEdit.from_json(record["archiveEdit"]).reversed()
        archive_after = archive_edit.apply(_decoded(archive_now or b"", ARCHIVE_PATH))
        remove = archive_edit.created and archive_after == "" and archive_edit.removed != ""
        _write_pair(
            root,
            _sha(memory_now),
            memory_after,
            _sha(archive_now or b""),
            None if remove else archive_after,
            archive_now,
            remove_archive=remove,
        )
        undo["memorySha256After"] = _sha(memory_after.encode("utf-8"))
        try:
            audit.append(undo)
        except BaseException:
            _take_back(
                root, memory_after, memory_now, None if remove else archive_after, archive_now
            )
            raise
        return undo
    audit.append(undo)
    return undo


@dataclass(frozen=True)
class Decision:
    """A keep or snooze that still hides its finding: :func:`reopen` shows it again."""

    seq: int
    action: str
    at: str
    kind: str
    text: str
    """The entry the finding was about."""
    until: str | None
    reason: str | None


def decisions_in_force(workspace_root: Path, today: date | None = None) -> list[Decision]:
    """The keep and snooze actions not undone or reopened whose entry is still in MEMORY.md,
    newest first (a snooze only until its day: after it, the finding shows again by
    itself)."""
    today = today or date.today()
    root = Path(workspace_root)
    memory = (_read(root / MEMORY_PATH) or b"").decode("utf-8", errors="replace")
    present = {entry.key for entry in split_entries(memory)}
    found: list[Decision] = []
    for record in AuditLog(root).active():
        action = record.get("action")
        until = record.get("until")
        if action not in ("keep", "snooze"):
            continue
        if action == "snooze" and (not until or str(until) <= today.isoformat()):
            continue
        if record.get("entryKey") and record["entryKey"] not in present:
            continue  # its entry is gone or was rewritten: the decision hides nothing
        found.append(
            Decision(
                int(record.get("seq", 0)),
                str(action),
                str(record.get("at") or ""),
                str(record.get("kind") or ""),
                " ".join(strip_entry(line) for line in str(record.get("before") or "").split("\n")),
                str(until) if until else None,
                record.get("reason") or None,
            )
        )
    return found[::-1]


def reopen(workspace_root: Path, seq: int, now: datetime | None = None) -> dict[str, Any]:
    """Undo keep or snooze ``seq`` whatever came after it (it wrote no file): its finding
    shows again at the next review. Returns the undo record."""
    root = Path(workspace_root)
    audit = AuditLog(root)
    record = next((r for r in audit.active() if int(r.get("seq", 0)) == seq), None)
    if record is None or record.get("action") not in ("keep", "snooze"):
        what = f"a {record.get('action')}" if record is not None else "no action in force"
        raise HealthActionError(
            f"action {seq} is {what}; only a keep or a snooze can be reopened"
            " (Undo or restore reverse the others)"
        )
    undo = _undo_record(audit, record, now)
    audit.append(undo)
    return undo


def _undo_record(audit: AuditLog, record: dict[str, Any], now: datetime | None) -> dict[str, Any]:
    """The audit record that undoes ``record`` (appended by the caller)."""
    return {
        "seq": audit.next_seq(),
        "at": _stamp(now).isoformat(),
        "action": "undo",
        "undoes": int(record["seq"]),
        "undoneAction": record.get("action"),
        "findingId": record.get("findingId"),
    }


def _archived_block(record: dict[str, Any]) -> str:
    """The block an action appended to the archive (without the archive's header, which the
    first block brought along)."""
    block = ArchiveEdit.from_json(record["archiveEdit"]).inserted
    if block.startswith("# "):
        block = block[block.index("\n\n## ") + 1 :] if "\n\n## " in block else block
    return block


@dataclass(frozen=True)
class ArchivedEntry:
    """An entry an action moved into the archive, still there: :func:`restore` brings it back."""

    seq: int
    action: str
    at: str
    text: str
    """The entry as it was in ``MEMORY.md``."""
    reason: str | None
    start_line: int


def archived_entries(workspace_root: Path) -> list[ArchivedEntry]:
    """The entries that can be restored, newest first: moved out by an action that is not
    undone, not restored since, and whose block the archive still holds."""
    root = Path(workspace_root)
    active = AuditLog(root).active()
    restored = {
        int(r["restores"]) for r in active if r.get("action") == "restore" and "restores" in r
    }
    archive = (_read(root / ARCHIVE_PATH) or b"").decode("utf-8", errors="replace")
    found: list[ArchivedEntry] = []
    for record in active:
        seq = int(record.get("seq", 0))
        if record.get("action") == "restore" or "archiveEdit" not in record or seq in restored:
            continue
        block = _archived_block(record)
        if not block or block not in archive or not record.get("before"):
            continue
        found.append(
            ArchivedEntry(
                seq,
                str(record.get("action")),
                str(record.get("at") or ""),
                str(record["before"]),
                record.get("reason") or None,
                int(record.get("startLine") or 0),
            )
        )
    return found[::-1]


def restore(workspace_root: Path, seq: int, now: datetime | None = None) -> dict[str, Any]:
    """Bring the entry archived by action ``seq`` back into MEMORY.md (where it was, found
    by the lines around it: :func:`restore_line`) and take its block out of the archive."""
    root = Path(workspace_root)
    audit = AuditLog(root)
    active = audit.active()
    source = next((r for r in active if int(r.get("seq", 0)) == seq and "archiveEdit" in r), None)
    if source is None:
        raise HealthActionError(f"no archived entry from action {seq} (undone or never archived)")
    if source.get("action") == "restore" or not source.get("before"):
        raise HealthActionError(
            f"action {seq} is a {source.get('action')}, which archived no entry;"
            " `audit log` lists the actions that did"
        )
    block = _archived_block(source)
    archive_bytes = _read(root / ARCHIVE_PATH) or b""
    archive = _decoded(archive_bytes, ARCHIVE_PATH)
    offset = archive.find(block)
    if offset < 0:
        raise HealthActionError(said(R.ARCHIVE_GONE, seq=seq))
    memory_bytes = _read(root / MEMORY_PATH) or b""
    memory = _decoded(memory_bytes, MEMORY_PATH)
    lines = memory.split("\n")
    plain = [line.rstrip("\r") for line in str(source["before"]).split("\n")]
    there = _lines_at(lines, plain)
    if there is not None:
        raise HealthActionError(said(R.ALREADY_BACK, seq=seq, path=MEMORY_PATH, line=there))
    at, heading = _place_back(lines, active, source)
    if source.get("action") == "update" and source.get("after"):
        replaced = [line.rstrip("\r") for line in str(source["after"]).split("\n")]
        standing = _lines_at(lines, replaced)
        if standing is not None:  # the old text comes back right under the text that replaced it
            at, heading = standing + len(replaced), None
    crlf = sum(line.endswith("\r") for line in lines) * 2 > len(lines)
    raw_lines = tuple(line + ("\r" if crlf else "") for line in plain)
    if heading is not None:  # its section is gone: it comes back under its heading, at the end
        eol = "\r" if crlf else ""
        raw_lines = (eol, heading.rstrip("\r") + eol, *raw_lines)
    edit = LineEdit(at, (), raw_lines)
    memory_after = apply_edits(memory, [edit])
    next_seq = audit.next_seq()
    archive_edit = ArchiveEdit(offset, block, _after_restore(source, block, next_seq))
    archive_after = archive_edit.apply(archive)
    _write_pair(
        root, _sha(memory_bytes), memory_after, _sha(archive_bytes), archive_after, archive_bytes
    )
    record = {
        "seq": next_seq,
        "at": _stamp(now).isoformat(),
        "action": "restore",
        "restores": seq,
        "findingId": source.get("findingId"),
        "kind": source.get("kind"),
        "entryKey": source.get("entryKey"),
        "path": MEMORY_PATH,
        "startLine": at + (2 if heading is not None else 0),
        "endLine": at + len(raw_lines) - 1,
        "before": None,
        "after": source["before"],
        "reason": None,
        "evidence": [],
        "edits": [edit.as_json()],
        "archiveEdit": archive_edit.as_json(),
        "memorySha256Before": _sha(memory_bytes),
        "memorySha256After": _sha(memory_after.encode("utf-8")),
        "archiveSha256Before": _sha(archive_bytes),
        "archiveSha256After": _sha(archive_after.encode("utf-8")),
    }
    replacement = _replacement_line(source, memory_after, at, len(raw_lines))
    if replacement is not None:
        # an update's old text comes back beside the text that replaced it: both are there
        record["replacementLine"] = replacement
    if heading is not None:
        record["headingAdded"] = heading.rstrip("\r")
    try:
        audit.append(record)
    except BaseException:
        _take_back(root, memory_after, memory_bytes, archive_after, archive_bytes or None)
        raise
    return record


def _place_back(
    lines: list[str], active: list[dict[str, Any]], source: dict[str, Any]
) -> tuple[int, str | None]:
    """Where ``source``'s entry goes back in ``lines`` (MEMORY.md now), and the heading to
    write above it when its section is gone.

    The lines around it when it left may have left since: the entries retired after it and
    still archived are put back first, in a copy of the file (latest first, each where it
    left, as :func:`restore_line` finds it); the entry takes its place among them, and the
    real lines before that place say where it goes in the file (retire B, then A above it,
    then C below it, and restore B first: B goes where it stood between A and C)."""
    restored = {int(r.get("restores", 0)) for r in active if r.get("action") == "restore"}
    later = sorted(
        (
            r
            for r in active
            if r.get("action") in ("retire", "merge")
            and r.get("before")
            and "archiveEdit" in r
            and int(r.get("seq", 0)) > int(source.get("seq", 0))
            and int(r.get("seq", 0)) not in restored
        ),
        key=lambda r: -int(r.get("seq", 0)),
    )
    virtual = [(line, True) for line in lines]
    for record in later:
        texts = [line for line, _ in virtual]
        at, heading = restore_line(
            texts, int(record["startLine"]), record.get("place"), *_restored_before(active, record)
        )
        if heading is None:
            entry = [(line, False) for line in str(record["before"]).split("\n")]
            virtual[at - 1 : at - 1] = entry
    texts = [line for line, _ in virtual]
    at, heading = restore_line(
        texts, int(source["startLine"]), source.get("place"), *_restored_before(active, source)
    )
    real_before = sum(1 for _, real in virtual[: at - 1] if real)
    return real_before + 1, heading


def _after_restore(source: dict[str, Any], block: str, seq: int) -> str:
    """What stays of an archive block when its entry goes back: nothing, except for a merge
    that rewrote the entry it kept, whose words before the merge stay here (the merged text
    still stands in MEMORY.md)."""
    if source.get("action") != "merge" or "said before: " not in block:
        return ""
    kept = [line for line in block.split("\n") if not line.startswith(">")]
    return (
        "\n".join(kept).rstrip("\n")
        + f"\n- The duplicate went back to {MEMORY_PATH} (action {seq}).\n"
    )


def _anchors(place: dict[str, Any] | None) -> dict[str, str]:
    """The lines above and below of a place, line endings aside (a CRLF file's lines keep
    their CR)."""
    return {
        side: str(place[side]).rstrip("\r")
        for side in ("above", "below")
        if place and isinstance(place.get(side), str)
    }


def _restored_before(
    active: list[dict[str, Any]], source: dict[str, Any]
) -> tuple[frozenset[str], frozenset[str]]:
    """The lines of entries retired before ``source`` and restored since (among ``active``,
    the audit log's actions in force) that stood between ``source``'s entry and the line
    above it, and between the entry and the line below it.

    One stood above the entry when it was retired under the same line above, or over the
    entry itself (or over another such entry); below it when retired over the same line
    below, or under the entry (or under another such entry)."""
    by_seq = {int(r.get("seq", 0)): r for r in active}
    place = _anchors(source.get("place"))
    own = {line.rstrip("\r") for line in str(source.get("before") or "").split("\n")}
    restored: list[tuple[dict[str, str], set[str]]] = []
    """Each entry restored since and retired before ``source``: the lines around it when it
    left ("after": an update's old text, under the line that replaced it), its lines."""
    for record in active:
        if record.get("action") != "restore":
            continue
        earlier = by_seq.get(int(record.get("restores", 0)))
        if earlier is None or int(earlier.get("seq", 0)) >= int(source.get("seq", 0)):
            continue
        lines = {line.rstrip("\r") for line in str(earlier.get("before") or "").split("\n")}
        where = _anchors(earlier.get("place"))
        if earlier.get("action") == "update" and earlier.get("after"):
            # an update's old text came back right under the text that replaced it: it
            # stands above whatever was under that text
            replacement = [line.rstrip("\r") for line in str(earlier["after"]).split("\n")]
            where = {"after": replacement[-1]}
        restored.append((where, lines))
    above: set[str] = set()
    below: set[str] = set()
    placed: set[int] = set()
    while True:
        grew = False
        for index, (where, lines) in enumerate(restored):
            if index in placed:
                continue
            if (
                (place.get("above") is not None and where.get("above") == place["above"])
                or where.get("below") in own | above
                or (where.get("after") is not None and where["after"] == place.get("above"))
            ):
                above.update(lines)
            elif (place.get("below") is not None and where.get("below") == place["below"]) or (
                where.get("above") in own | below
            ):
                below.update(lines)
            else:
                continue
            placed.add(index)
            grew = True
        if not grew:
            return frozenset(above), frozenset(below)


def _lines_at(lines: list[str], wanted: list[str]) -> int | None:
    """The 1-based line where ``wanted`` stands in ``lines`` (line endings aside), if it does."""
    plain = [line.rstrip("\r") for line in lines]
    n = len(wanted)
    for i in range(len(plain) - n + 1):
        if plain[i : i + n] == wanted:
            return i + 1
    return None


def entry_place(memory: str, start: int, end: int) -> dict[str, Any]:
    """Where lines ``start``-``end`` of ``memory`` sit: the nearest non-blank line above
    them and below them (with the blank lines in between) and the heading they are under,
    so that :func:`restore_line` finds the spot again after other edits moved the lines."""
    lines = memory.split("\n")
    place: dict[str, Any] = {}
    above = start - 2  # 0-based index of the line just above
    while above >= 0 and not lines[above].strip():
        above -= 1
    if above >= 0:
        place["above"] = lines[above]
        place["gapAbove"] = start - 2 - above
    below = end  # 0-based index of the line just below
    while below < len(lines) and not lines[below].strip():
        below += 1
    if below < len(lines):
        place["below"] = lines[below]
        place["gapBelow"] = below - end
    heading = next((lines[i] for i in range(start - 2, -1, -1) if _is_heading(lines[i])), None)
    if heading is not None:
        place["heading"] = heading
    return place


def restore_line(
    lines: list[str],
    old_start: int,
    place: dict[str, Any] | None,
    earlier: frozenset[str] = frozenset(),
    earlier_below: frozenset[str] = frozenset(),
) -> tuple[int, str | None]:
    """Where a restored entry goes in ``lines`` (MEMORY.md now), and the heading to write
    above it when its section is gone (else None).

    Next to the lines that were around it (the occurrence nearest its old line): before the
    line below when the line above is found too, above it (so that entries retired one after
    another, top down, come back in their order whatever the order of the restores), else
    after the line above or before the line below; else at the end of its section; else,
    its section gone, at the end of the file under its heading. Records made before places
    were kept go to the old line (the end when the file is shorter now). ``earlier`` and
    ``earlier_below``: the lines of entries that stood between it and the line above, and
    between it and the line below (:func:`_restored_before`), back already: it goes after
    the first, before the second."""
    fallback = max(1, min(old_start, len(lines)))
    if not place:
        return fallback, None

    def nearest(text: object) -> int | None:
        if not isinstance(text, str):
            return None
        wanted = text.rstrip("\r")  # line endings may have changed since
        found = [i for i, line in enumerate(lines) if line.rstrip("\r") == wanted]
        return min(found, key=lambda i: abs(i + 1 - old_start), default=None)

    def after_above(above: int) -> int:
        gap = int(place.get("gapAbove") or 0)
        blanks = all(not line.strip() for line in lines[above + 1 : above + 1 + gap])
        at = above + 2 + (gap if blanks and above + 1 + gap <= len(lines) else 0)
        while at <= len(lines) and lines[at - 1].rstrip("\r") in earlier:
            at += 1  # an entry that stood between them, retired before this one, is back
        return at

    def before_below(below: int) -> int:
        gap = int(place.get("gapBelow") or 0)
        blanks = gap <= below and all(not line.strip() for line in lines[below - gap : below])
        at = below + 1 - (gap if blanks else 0)
        while at > 1 and lines[at - 2].rstrip("\r") in earlier_below:
            at -= 1  # an entry that stood between them, retired before this one, is back
        return at

    above, below = nearest(place.get("above")), nearest(place.get("below"))
    if place.get("heading") is not None and nearest(place.get("heading")) is None:
        # its section is gone: another section's heading is no place for it
        above = None if above is None or _is_heading(lines[above]) else above
        below = None if below is None or _is_heading(lines[below]) else below
    if above is not None and below is not None and above < below:
        return before_below(below), None  # after what was restored between them before
    if above is not None:
        return after_above(above), None
    if below is not None:
        return before_below(below), None
    heading = nearest(place.get("heading"))
    if heading is not None:  # after the section's last non-blank line
        end = next((i for i in range(heading + 1, len(lines)) if _is_heading(lines[i])), len(lines))
        last = max((i for i in range(heading, end) if lines[i].strip()), default=heading)
        return last + 2, None
    if isinstance(place.get("heading"), str):
        last = max((i for i, line in enumerate(lines) if line.strip()), default=-1)
        return last + 2, str(place["heading"])
    return fallback, None


def _is_heading(line: str) -> bool:
    return line.lstrip().startswith("#")


def _replacement_line(
    source: dict[str, Any], memory: str, restored_at: int, restored_lines: int
) -> int | None:
    """The line where the text that replaced an updated entry still stands in ``memory``
    (None: the action was no update, or its text is gone)."""
    after = source.get("after") if source.get("action") == "update" else None
    if not after:
        return None
    first = str(after).split("\n")[0].rstrip("\r")
    restored = range(restored_at, restored_at + restored_lines)
    for number, line in enumerate(memory.split("\n"), start=1):
        if number not in restored and line.rstrip("\r") == first:
            return number
    return None
