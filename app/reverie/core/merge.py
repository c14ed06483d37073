"""Three-way merge of an edited buffer with the file another program changed.

``base`` is the text the buffer was loaded from, ``mine`` the buffer and ``theirs`` the file
on disk now. Changes on one side only are taken as they are; changes both sides made alike
are taken once; lines both sides changed differently are conflicts, which the person
resolves (:class:`Resolution` per conflict). The line matching is breezy's ``merge3``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

import merge3


class Resolution(StrEnum):
    """How one conflict is resolved."""

    MINE = "mine"
    THEIRS = "theirs"
    MINE_THEN_THEIRS = "mine+theirs"
    THEIRS_THEN_MINE = "theirs+mine"
    BASE = "base"
    """Neither side's change: the lines as they were loaded."""


@dataclass(frozen=True)
class Conflict:
    """Lines both sides changed differently (each with its line endings)."""

    base: tuple[str, ...]
    mine: tuple[str, ...]
    theirs: tuple[str, ...]

    def resolve(self, how: Resolution) -> tuple[str, ...]:
        if how is Resolution.MINE:
            return self.mine
        if how is Resolution.THEIRS:
            return self.theirs
        if how is Resolution.BASE:
            return self.base
        first, second = (
            (self.mine, self.theirs)
            if how is Resolution.MINE_THEN_THEIRS
            else (self.theirs, self.mine)
        )
        return (*_ended(first), *second)


@dataclass(frozen=True)
class MergeResult:
    """The merged text as agreed lines and conflicts, in file order."""

    parts: tuple[tuple[str, ...] | Conflict, ...]

    @property
    def conflicts(self) -> tuple[Conflict, ...]:
        return tuple(part for part in self.parts if isinstance(part, Conflict))

    @property
    def conflict_count(self) -> int:
        return len(self.conflicts)

    @property
    def clean(self) -> bool:
        return not self.conflicts

    def text(self, resolutions: Sequence[Resolution | str] = ()) -> str:
        """The merged text, with conflict ``i`` resolved by ``resolutions[i]``.

        Raises ValueError unless there is one resolution per conflict.
        """
        if len(resolutions) != self.conflict_count:
            raise ValueError(
                f"{self.conflict_count} conflict(s) need a resolution each, got {len(resolutions)}"
            )
        lines: list[str] = []
        chosen = iter(Resolution(r) for r in resolutions)
        for part in self.parts:
            piece = part.resolve(next(chosen)) if isinstance(part, Conflict) else part
            if lines and piece:
                lines[-1] = _ended((lines[-1],))[0]
            lines.extend(piece)
        return "".join(lines)


def three_way_merge(base: str, mine: str, theirs: str) -> MergeResult:
    """Merge ``mine`` and ``theirs``, both edited from ``base``, line by line."""
    merger = merge3.Merge3(
        base.splitlines(keepends=True),
        mine.splitlines(keepends=True),
        theirs.splitlines(keepends=True),
    )
    parts: list[tuple[str, ...] | Conflict] = []
    for group in merger.merge_groups():
        if group[0] == "conflict":
            _kind, base_lines, mine_lines, their_lines = group
            conflict = Conflict(tuple(base_lines), tuple(mine_lines), tuple(their_lines))
            parts.append(_edit_beside_insert(conflict) or conflict)
        else:
            parts.append(tuple(group[1]))
    return MergeResult(tuple(parts))


def _edit_beside_insert(conflict: Conflict) -> tuple[str, ...] | None:
    """The merge of a change to some lines with lines the other side only added right
    after (or right before) them, which ``merge3`` reports as one conflict because the two
    touch: an agent appending below the line the person is editing. None when it is not
    that case (both sides added, or both changed the lines)."""
    base = conflict.base
    if not base:
        return None
    for keeps, changes, after in (
        (conflict.theirs, conflict.mine, True),
        (conflict.mine, conflict.theirs, True),
        (conflict.theirs, conflict.mine, False),
        (conflict.mine, conflict.theirs, False),
    ):
        if _adds_to(keeps, base, after) and not _adds_to(changes, base, after):
            extra = keeps[len(base) :] if after else keeps[: len(keeps) - len(base)]
            return (*_ended(changes), *extra) if after else (*_ended(extra), *changes)
    return None


def _adds_to(lines: tuple[str, ...], base: tuple[str, ...], after: bool) -> bool:
    """True when ``lines`` are ``base`` plus added lines after it (``after``) or before it,
    a missing final line break aside."""
    if len(lines) <= len(base):
        return False
    kept = lines[: len(base)] if after else lines[len(lines) - len(base) :]
    return _ended(kept) == _ended(base)


def _ended(lines: Sequence[str]) -> tuple[str, ...]:
    """``lines`` with a line break after the last one, so more lines can follow it."""
    if not lines or lines[-1].endswith(("\n", "\r")):
        return tuple(lines)
    return (*lines[:-1], lines[-1] + "\n")
