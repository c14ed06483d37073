"""Lines a dream promotion replaces go to the health archive, not to a section of MEMORY.md.

When the dashboard (or ``reverie promote apply --replace-line``) approves a candidate in
place of an old ``MEMORY.md`` line, the old line (and its promotion marker) is appended to
``.reverie/health/archive.md`` with the key of the promotion that superseded it, and a
``supersede`` record goes to the audit log. Kept in ``MEMORY.md``, a ``## Superseded``
section would still be injected into every session and searched.

Undoing the approval (the dreaming engine's undo) takes the block out of the archive again,
when it is still the archive's last block, and records that in the audit log.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from ..atomic import atomic_write_bytes
from .archive import append_block, archive_block
from .audit_log import AuditLog
from .locations import ARCHIVE_PATH, MEMORY_PATH

SUPERSEDE = "supersede"


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def archive_superseded(
    workspace_root: Path,
    old_lines: Sequence[str],
    line: int,
    superseded_by: str,
    promotion_key: str,
    now: datetime,
) -> dict[str, Any]:
    """Append ``old_lines`` (formerly at ``line``) to the archive; returns the log record."""
    root = Path(workspace_root)
    path = root / ARCHIVE_PATH
    try:
        before_bytes: bytes | None = path.read_bytes()
    except FileNotFoundError:
        before_bytes = None
    before = (before_bytes or b"").decode("utf-8")
    audit = AuditLog(root)
    seq = audit.next_seq()
    block = archive_block(
        seq,
        now.date().isoformat(),
        SUPERSEDE,
        MEMORY_PATH,
        line,
        "\n".join(old_lines),
        f"replaced by the dream promotion {promotion_key}",
        superseded_by,
        (),
    )
    after = append_block(before, block)
    atomic_write_bytes(path, after.encode("utf-8"))
    record: dict[str, Any] = {
        "seq": seq,
        "at": now.replace(microsecond=0).isoformat(),
        "action": SUPERSEDE,
        "promotionKey": promotion_key,
        "path": MEMORY_PATH,
        "startLine": line,
        "endLine": line + len(old_lines) - 1,
        "before": "\n".join(old_lines),
        "after": superseded_by,
        "reason": None,
        "evidence": [],
        "archiveEdit": {
            "offset": len(before),
            "removed": "",
            "inserted": after[len(before) :],
            "created": before_bytes is None,
        },
        "archiveSha256Before": _sha(before_bytes or b""),
        "archiveSha256After": _sha(after.encode("utf-8")),
    }
    audit.append(record)
    return record


def unarchive_superseded(workspace_root: Path, promotion_key: str, now: datetime) -> bool:
    """Take back the archive block of the latest supersede by ``promotion_key`` when the
    archive has not changed since; returns whether it did."""
    root = Path(workspace_root)
    audit = AuditLog(root)
    undone = audit.undone()
    record = next(
        (
            r
            for r in reversed(audit.records())
            if r.get("action") == SUPERSEDE
            and r.get("promotionKey") == promotion_key
            and int(r.get("seq", 0)) not in undone
        ),
        None,
    )
    if record is None:
        return False
    path = root / ARCHIVE_PATH
    try:
        current = path.read_bytes()
    except FileNotFoundError:
        return False
    if _sha(current) != record.get("archiveSha256After"):
        return False
    edit = record["archiveEdit"]
    text = current.decode("utf-8")
    restored = text[: int(edit["offset"])]
    if edit.get("created") and not restored:
        path.unlink()
    else:
        atomic_write_bytes(path, restored.encode("utf-8"))
    audit.append(
        {
            "seq": audit.next_seq(),
            "at": now.replace(microsecond=0).isoformat(),
            "action": "undo",
            "undoes": int(record["seq"]),
            "undoneAction": SUPERSEDE,
            "findingId": None,
        }
    )
    return True
