"""The archive of entries moved out of ``MEMORY.md`` (``.reverie/health/archive.md``).

Out of the agent's reach but never deleted: see :mod:`reverie.core.health.locations` for
why this file is neither injected nor indexed by OpenClaw. Each moved entry becomes one
block, appended at the end, that a person can read::

    ## 2026-12-01 · retired from MEMORY.md line 12
    <!-- reverie-archive:3 -->
    > - Coffee: oat flat white, no sugar, from Common Ground near the office.

    - Reason: order changed
    - Superseded by: Coffee: decaf oat latte (since Nov 2).
    - Evidence: memory/2026-11-28.md:10 (2026-11-28) Jun's order now is a decaf oat latte

The number in the comment is the audit-log sequence number of the action, so restoring is
one action (undo it, or :func:`reverie.core.health.actions.restore`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from .model import EvidenceRef

ARCHIVE_HEADER = (
    "# Archived MEMORY.md entries\n"
    "\n"
    "Entries moved out of MEMORY.md by Reverie's health review: kept here, out of the agent's\n"
    "bootstrap context and memory search. Restore one from Reverie (Health page,\n"
    "Archived…; or `reverie audit restore N`).\n"
)
VERBS = {
    "retire": "retired",
    "update": "replaced",
    "merge": "merged",
    "supersede": "superseded",
}
_BLOCK_ID = re.compile(r"<!-- reverie-archive:(\d+) -->")


def _one_line(text: str) -> str:
    return " ".join(text.split())


def archive_block(
    seq: int,
    day: str,
    action: str,
    path: str,
    line: int,
    raw: str,
    reason: str | None,
    superseded_by: str | None,
    evidence: Sequence[EvidenceRef],
) -> str:
    """The Markdown block recording one moved entry (starts with a blank line)."""
    quoted = "\n".join(f"> {part}" if part else ">" for part in raw.split("\n"))
    lines = [
        "",
        f"## {day} · {VERBS.get(action, action)} from {path} line {line}",
        f"<!-- reverie-archive:{seq} -->",
        quoted,
        "",
    ]
    if reason:
        lines.append(f"- Reason: {_one_line(reason)}")
    if superseded_by:
        lines.append(f"- Superseded by: {_one_line(superseded_by)}")
    for ref in evidence:
        when = f" ({ref.date})" if ref.date else ""
        lines.append(f"- Evidence: {ref.path}:{ref.start_line}{when} {_one_line(ref.text)}")
    return "\n".join(lines) + "\n"


def append_block(archive_text: str, block: str) -> str:
    base = archive_text if archive_text else ARCHIVE_HEADER
    if not base.endswith("\n"):
        base += "\n"
    return base + block


@dataclass(frozen=True)
class ArchivedEntry:
    seq: int
    heading: str
    quoted: str


def archived_entries(archive_text: str) -> list[ArchivedEntry]:
    """The blocks of the archive (for display), oldest first."""
    out: list[ArchivedEntry] = []
    lines = archive_text.split("\n")
    for index, line in enumerate(lines):
        match = _BLOCK_ID.search(line)
        if not match or index == 0:
            continue
        quoted: list[str] = []
        for follow in lines[index + 1 :]:
            if not follow.startswith(">"):
                break
            quoted.append(follow[2:] if follow.startswith("> ") else follow[1:])
        out.append(
            ArchivedEntry(int(match.group(1)), lines[index - 1].lstrip("# "), "\n".join(quoted))
        )
    return out
