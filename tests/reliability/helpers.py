"""Running the child process of the reliability tests, and looking at files afterwards."""

from __future__ import annotations

import hashlib
import json
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from reverie.core.dreaming import ledger
from tests.core.dreaming.conftest import BACKUP_KEY, MEMORY, NOTE, VLAN_KEY, at, recall_week

CHILD = Path(__file__).with_name("child.py")
KILLED = -signal.SIGKILL


def run_child(cfg: dict[str, Any], timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """Run the child to its end (or its injected death)."""
    return subprocess.run(
        [sys.executable, str(CHILD)],
        input=json.dumps(cfg),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def spawn_child(cfg: dict[str, Any]) -> subprocess.Popen[str]:
    """Start the child; the caller reads its stdout lines and waits for it."""
    proc = subprocess.Popen(
        [sys.executable, str(CHILD)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdin is not None
    proc.stdin.write(json.dumps(cfg))
    proc.stdin.close()
    proc.stdin = None  # sent: communicate() must not touch it again
    return proc


def read_line(proc: subprocess.Popen[str]) -> str:
    """The child's next stdout line (fails the test when it died without one)."""
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line:
        proc.wait(timeout=30)
        err = proc.stderr.read() if proc.stderr else ""
        raise AssertionError(f"child ended (code {proc.returncode}) without output: {err}")
    return line.strip()


def finish(proc: subprocess.Popen[str], timeout: float = 30) -> tuple[str, str]:
    """Wait up to ``timeout`` seconds for the child (0: do not wait), then kill it."""
    if timeout > 0:
        try:
            return proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            pass
    proc.kill()
    return proc.communicate(timeout=30)


def child_pid(stdout: str) -> int:
    """The pid the child printed first."""
    first = stdout.splitlines()[0]
    assert first.startswith("pid "), stdout
    return int(first.split()[1])


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def checksums(root: Path, suffix: str = ".md") -> dict[str, str]:
    """sha256 of every file under ``root`` whose name ends with ``suffix``."""
    return {
        p.relative_to(root).as_posix(): sha(p.read_bytes())
        for p in sorted(root.rglob(f"*{suffix}"))
        if p.is_file()
    }


def short_lock_timeout(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """Make the 10 s wait for the ledger lock short (the lock protocol is unchanged)."""
    real = ledger.ledger_lock

    def quick(workspace_root: Path, **kwargs: Any) -> Any:
        return real(workspace_root, **{**kwargs, "timeout": seconds})

    monkeypatch.setattr(ledger, "ledger_lock", quick)


def hold_lock(
    root: Path, watched: list[str], hold: float, release_file: Path | None = None
) -> subprocess.Popen[str]:
    """Another process holding OpenClaw's promotion lock; it prints the digests of
    ``watched`` when it takes the lock and again when it lets it go."""
    proc = spawn_child(
        {"op": "hold_lock", "root": str(root), "watched": watched, "hold": hold}
        | {"release_file": str(release_file) if release_file else None}
    )
    assert read_line(proc).startswith("pid ")
    return proc


def digests(root: Path, names: list[str]) -> dict[str, str]:
    return {name: sha((root / name).read_bytes()) for name in names}


def dream_workspace(root: Path) -> Path:
    """A daily note, MEMORY.md, a week of recalls and light/REM signals: two candidates
    (VLAN_KEY, BACKUP_KEY) ready for the deep phase."""
    (root / "memory").mkdir(parents=True)
    (root / "memory" / "2026-04-01.md").write_text(NOTE, encoding="utf-8")
    (root / "MEMORY.md").write_text(MEMORY, encoding="utf-8")
    recall_week(root)
    for phase in ("light", "rem"):
        ledger.record_phase_signals(root, phase, [VLAN_KEY, BACKUP_KEY], now=at(4, 3))
    return root
