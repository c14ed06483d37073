"""A small bilingual workspace with known findings."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

MEMORY = """# MEMORY.md

## Work
- The build server is ci-old-3 (Jenkins, Frankfurt rack).
- Releases are cut on Fridays.
- 王芳负责移动端团队。
- Redis cache 在 cache-01 上，端口 6379。
- Code freeze until 2026-03-03 for the audit.

## Personal
- Likes pour-over coffee.
- Runs 5 km on Tuesday mornings.

## Promoted From Short-Term Memory (2026-02-10)

<!-- openclaw-memory-promotion:memory:memory/2026-02-03.md:3:3 -->
- Builds run on ci-old-3 in the Frankfurt rack (Jenkins). [score=0.812 recalls=4 avg=0.700 source=memory/2026-02-03.md:3-3]
"""

NOTES = {
    "memory/2026-02-03.md": "# 2026-02-03\n\n- Builds run on ci-old-3 in the Frankfurt rack (Jenkins).\n",
    "memory/2026-04-10.md": "# 2026-04-10\n\n- ci-old-3 was shut down today; builds run on ci-new-1 now.\n",
    "memory/2026-05-06.md": "# 2026-05-06\n\n- From now on we release on Tuesdays.\n",
    "memory/2026-05-12.md": (
        "# 2026-05-12\n\n- Also drinks Longjing tea in the afternoon now.\n"
        "- Ran 7 km this morning, felt great.\n"
    ),
    "memory/2026-05-20.md": "# 2026-05-20\n\n- 王芳下个月转去基础架构组，移动端由李强接手。\n",
    "memory/2026-05-22.md": "# 2026-05-22\n\n- Redis 端口改成 6380 了，6379 关掉。\n",
}

NOW = date(2026, 6, 1)


def make_workspace(root: Path, memory: str = MEMORY, notes: dict[str, str] | None = None) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "MEMORY.md").write_bytes(memory.encode("utf-8"))
    for rel, text in (NOTES if notes is None else notes).items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))
    return root


@pytest.fixture
def health_ws(tmp_path: Path) -> Path:
    return make_workspace(tmp_path / "ws")
