"""Where the health review keeps its files inside the workspace.

Everything lives in ``<workspace>/.reverie/health/``:

* ``archive.md``: entries moved out of ``MEMORY.md`` (retired, replaced, merged), each
  with its date, reason, evidence and the line that superseded it;
* ``audit-log.jsonl``: the append-only record of every action and undo;
* ``first-seen.json``: the first day Reverie saw each ``MEMORY.md`` entry.

Why there: OpenClaw injects only named bootstrap files from the workspace root
(``AGENTS.md``, ``SOUL.md``, ``USER.md``, ``MEMORY.md``...), and its memory search indexes
``MEMORY.md``, ``memory.md`` and every ``.md`` under ``memory/``, hidden folders included
(so ``memory/.dreams/archive.md`` would still be searched and recalled). A hidden folder at
the workspace root is neither injected nor walked, stays with the workspace when it is
copied or synced, and is never mistaken for a memory file by Reverie's own listing. Only a
``memorySearch.extraPaths`` entry that names the workspace root or ``.reverie`` would bring
it into search; :func:`archive_indexed_by` reports that case.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

HEALTH_DIR = Path(".reverie") / "health"
ARCHIVE_PATH = HEALTH_DIR / "archive.md"
AUDIT_LOG_PATH = HEALTH_DIR / "audit-log.jsonl"
FIRST_SEEN_PATH = HEALTH_DIR / "first-seen.json"
MEMORY_PATH = "MEMORY.md"


def archive_indexed_by(workspace: Path, extra_paths: Sequence[str]) -> str | None:
    """The ``extraPaths`` entry that would make OpenClaw index the archive, if any."""
    archive = os.path.realpath(Path(workspace) / ARCHIVE_PATH)
    for entry in extra_paths:
        text = entry.strip()
        if not text:
            continue
        target = Path(text).expanduser()
        if not target.is_absolute():
            target = Path(workspace) / target
        real = os.path.realpath(target)
        if archive == real or archive.startswith(real.rstrip(os.sep) + os.sep):
            return entry
    return None
