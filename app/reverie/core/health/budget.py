"""``budget``: ``MEMORY.md`` against OpenClaw's bootstrap caps, and what truncation cuts.

The caps come from ``openclaw.json`` (``agents.defaults.bootstrapMaxChars``, 20,000 by
default, and ``bootstrapTotalMaxChars``, 60,000 by default; an agent's own entry may
override them), and the truncation is OpenClaw's own, both computed by
:mod:`reverie.core.context` (the session-start view): over its budget a file keeps its
first 70% and its last 20%, the other bootstrap files before it use up the total first.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..context import bootstrap_files, load_limits
from ..jscompat import utf16_len
from ..phrase import Phrase, phrase, template
from .model import BudgetInfo

NEAR_LIMIT = 0.85
_PROMOTED_HEADING = re.compile(r"^##\s+Promoted From Short-Term Memory", re.IGNORECASE)


def promoted_chars(memory_text: str) -> int:
    """Characters of MEMORY.md inside dreaming's promotion sections."""
    total = 0
    inside = False
    for line in memory_text.split("\n"):
        if line.startswith("#"):
            inside = bool(_PROMOTED_HEADING.match(line))
        if inside:
            total += utf16_len(line) + 1
    return total


DEFAULTS = template("defaults")


def measure_budget(
    workspace: Path,
    memory_text: str,
    state_dir: Path | None = None,
    agent_id: str | None = None,
) -> BudgetInfo:
    """MEMORY.md (as ``memory_text``) among the workspace's bootstrap files."""
    limits, note = load_limits(state_dir, agent_id)
    files = bootstrap_files(Path(workspace), limits, overrides={"MEMORY.md": memory_text})
    if note is None:
        note = Phrase(str(Path(state_dir) / "openclaw.json")) if state_dir else phrase(DEFAULTS)
    source = str(note)
    index = next((i for i, f in enumerate(files) if f.name in ("MEMORY.md", "memory.md")), None)
    if index is None:  # an empty MEMORY.md: OpenClaw injects nothing for it
        before = sum(f.injected_chars for f in files if f.included)
        room = max(0, limits.bootstrap_total_max_chars - before)
        return BudgetInfo(
            memory_chars=utf16_len(memory_text),
            per_file_max=limits.bootstrap_max_chars,
            total_max=limits.bootstrap_total_max_chars,
            other_bootstrap_chars=before,
            effective_max=min(limits.bootstrap_max_chars, room),
            truncated=False,
            kept_head_chars=0,
            kept_tail_chars=0,
            cut_start_line=None,
            cut_end_line=None,
            cut_chars=0,
            config_source=source,
            config_source_phrase=note,
        )
    memory = files[index]
    before = sum(f.injected_chars for f in files[:index] if f.included)
    cut = memory.cut_lines
    dropped = not memory.included and memory.raw_chars > 0
    return BudgetInfo(
        memory_chars=memory.raw_chars,
        per_file_max=limits.bootstrap_max_chars,
        total_max=limits.bootstrap_total_max_chars,
        other_bootstrap_chars=before,
        effective_max=memory.budget if memory.included else 0,
        truncated=memory.truncated or dropped,
        kept_head_chars=utf16_len(memory.head) if memory.truncated else memory.injected_chars,
        kept_tail_chars=utf16_len(memory.tail),
        cut_start_line=cut[0] if cut else (1 if dropped else None),
        cut_end_line=cut[1] if cut else (memory_text.count("\n") + 1 if dropped else None),
        cut_chars=memory.cut_chars,
        config_source=source,
        config_source_phrase=note,
        promoted_chars=promoted_chars(memory_text),
        visible_text=memory.injected_text,
    )
