"""A MEMORY.md this user may not read: the commands that only read it say they cannot read
it (exit 2), not that they cannot write it. Run in a child process as another user, as in
:mod:`tests.reliability.test_round2_cli`."""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from .test_round2_cli import AS_OTHER, IS_ROOT, assert_message, reverie

pytestmark = pytest.mark.skipif(
    IS_ROOT and not AS_OTHER, reason="root reads anything and cannot switch to another user"
)


@pytest.fixture
def unreadable() -> Iterator[list[str]]:
    """The options of a workspace whose MEMORY.md its user may not read."""
    base = Path(tempfile.mkdtemp(prefix="reverie-unreadable-"))
    os.chmod(base, 0o755)
    root = base / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# Memory\n\n- The gateway is on VLAN 30.\n")
    (root / "memory" / "2026-11-02.md").write_text("# 2026-11-02\n\n- Met Dana.\n")
    for folder in (root, root / "memory"):
        os.chmod(folder, 0o755)
    for folder in ("data", "state"):
        (base / folder).mkdir()
        os.chmod(base / folder, 0o777)  # the child (nobody, as root) writes its index there
    os.chmod(root / "MEMORY.md", 0o000)
    yield [
        "--workspace", str(root), "--data-dir", str(base / "data"),
        "--state-dir", str(base / "state"), "--model", "hash",
    ]  # fmt: skip
    os.chmod(root / "MEMORY.md", 0o644)
    shutil.rmtree(base, ignore_errors=True)


@pytest.mark.parametrize(
    "command",
    [
        ["audit"],
        ["audit", "--json"],
        ["audit", "--kind", "stale"],
        ["audit", "apply", "abc123", "--action", "keep"],
        ["dream", "status"],
        ["promote"],
    ],
    ids=lambda command: "-".join(command),
)
def test_an_unreadable_memory_file_cannot_be_read(
    unreadable: list[str], command: list[str]
) -> None:
    result = reverie(*command, *unreadable, unprivileged=True)
    assert result.returncode == 2, result.stderr
    err = assert_message(result, r"cannot read .*MEMORY\.md: permission denied")
    assert "write" not in err and "read-only" not in err
    assert re.search(r"(^|\n)reverie: cannot read", err)
