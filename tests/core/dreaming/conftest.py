"""A small workspace with recalls spread over several days."""

from __future__ import annotations

import argparse
from datetime import UTC, datetime
from pathlib import Path

import pytest

from reverie.core.dreaming import ledger

NOTE = (
    "# 2026-04-01\n"
    "\n"
    "## Network\n"
    "- Router VLAN 20 hosts the staging cluster.\n"
    "- Gateway backup runs nightly at 03:00 UTC.\n"
    "\n"
    "We decided the MMR lambda stays at 0.7 for search.\n"
)
MEMORY = "# Long-Term Memory\n\n- Gateway backup runs nightly at 02:00 UTC.\n- Prefers tea over coffee.\n"
VLAN_KEY = "memory:memory/2026-04-01.md:4:4"
BACKUP_KEY = "memory:memory/2026-04-01.md:5:5"


def at(day: int, hour: int = 10) -> datetime:
    """A UTC moment in April 2026."""
    return datetime(2026, 4, day, hour, tzinfo=UTC)


def hit(start: int, snippet: str, score: float) -> dict:
    """A search result on the daily note."""
    return {
        "path": "memory/2026-04-01.md",
        "startLine": start,
        "endLine": start,
        "snippet": snippet,
        "score": score,
        "source": "memory",
    }


def recall_week(root: Path, days: range = range(1, 5)) -> None:
    """Four days of searches that surface both lines."""
    queries = [
        "gateway backup",
        "when does backup run",
        "backup schedule",
        "nightly jobs",
        "vlan layout",
    ]
    for day in days:
        ledger.record_recalls(
            root,
            queries[(day - 1) % len(queries)],
            [
                hit(5, "- Gateway backup runs nightly at 03:00 UTC.", 0.9),
                hit(4, "- Router VLAN 20 hosts the staging cluster.", 0.8),
            ],
            now=at(day),
            timezone="UTC",
        )


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """Daily note, MEMORY.md and four days of recalls."""
    (tmp_path / "memory").mkdir()
    (tmp_path / "memory" / "2026-04-01.md").write_text(NOTE, encoding="utf-8")
    (tmp_path / "MEMORY.md").write_text(MEMORY, encoding="utf-8")
    recall_week(tmp_path)
    for phase in ("light", "rem"):
        ledger.record_phase_signals(tmp_path, phase, [VLAN_KEY, BACKUP_KEY], now=at(4, 3))
    return tmp_path


def dream_cli_parser() -> argparse.ArgumentParser:
    """The ``reverie`` parser with just the dream and promote commands."""
    from reverie.cli import dream as cli_dream

    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--workspace")
    common.add_argument("--data-dir")
    parser = argparse.ArgumentParser(prog="reverie", parents=[common])
    sub = parser.add_subparsers(dest="command")
    cli_dream.add_dream_commands(sub, common)
    return parser


def run_dream_cli(workspace: Path, *argv: str) -> int:
    """Run a ``reverie dream|promote ...`` command on ``workspace`` with a fixed clock."""
    args = dream_cli_parser().parse_args(
        [*argv, "--workspace", str(workspace), "--now", "2026-04-04T12:00:00Z", "--timezone", "UTC"]
    )
    return int(args.func(args))
