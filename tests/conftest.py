"""Shared fixtures. GUI tests run offscreen; no test touches a real index or workspace."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("HF_HUB_OFFLINE", "1")


@pytest.fixture(autouse=True, scope="session")
def _dictionary_cache_in_a_temp_folder(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The parsed CC-CEDICT tables go to a temp folder, not the user's cache folder."""
    from reverie.core.text import crosslingual

    crosslingual.CACHE_FOLDER = tmp_path_factory.mktemp("cedict-cache")


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """A small bilingual workspace with a long-term file and three daily notes."""
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text(
        "# Long-Term Memory\n\n"
        "- The staging gateway lives on VLAN 20.\n"
        "- Backups go to S3 glacier every night.\n"
        "- 我在北京工作，喜欢喝拿铁。\n",
        encoding="utf-8",
    )
    (root / "memory" / "2026-11-02.md").write_text(
        "# 2026-11-02\n\n## 09:00 ops\n- Moved the staging gateway to VLAN 30.\n"
        "- Meetings with Dana about the router cluster.\n",
        encoding="utf-8",
    )
    (root / "memory" / "2026-10-01.md").write_text(
        "# 2026-10-01\n\n## 10:00 家庭\n- 周末去杭州看望外婆，坐高铁两个小时。\n"
        "- The restore test took 11 minutes.\n",
        encoding="utf-8",
    )
    (root / "memory" / "2026-09-15.md").write_text(
        "# 2026-09-15\n\n- Discussed the API rate limit bug with the vendor.\n"
        "- Coffee preference: flat white.\n",
        encoding="utf-8",
    )
    return root


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"
