"""Every entry point that takes a file path refuses paths outside the memory files, with a
clear error, and writes nothing."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from reverie.cli import main
from reverie.core.errors import PathRefused
from reverie.core.service import MemoryService
from reverie.core.workspace import Workspace
from reverie.mcp.server import MemoryTools

from .helpers import checksums

SECRET = "- the outside secret\n"
DAILY = "# 2026-11-02\n\n- inside note\n"


def _layout(tmp_path: Path) -> Path:
    """A workspace beside an outside folder, with links both ways."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text(SECRET, encoding="utf-8")
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "memory" / "2026-11-02.md").write_text(DAILY, encoding="utf-8")
    (root / "SOUL.md").write_text("- persona\n", encoding="utf-8")
    (root / "memory" / "link-out.md").symlink_to(outside / "secret.md")
    (root / "memory" / "dir-out").symlink_to(outside, target_is_directory=True)
    (root / "memory.md").symlink_to(outside / "secret.md")
    (root / "alias.md").symlink_to(root / "memory" / "2026-11-02.md")
    (root / "notes").symlink_to(root / "memory", target_is_directory=True)
    return root


BAD_PATHS: dict[str, Callable[[Path], str]] = {
    "dotdot": lambda root: "../outside/secret.md",
    "dotdot-inside-memory": lambda root: "memory/../../outside/secret.md",
    "dotdot-backslash": lambda root: "memory\\..\\..\\outside\\secret.md",
    "absolute-outside": lambda root: str(root.parent / "outside" / "secret.md"),
    "absolute-inside": lambda root: str(root / "memory" / "2026-11-02.md"),
    "symlink-file-out": lambda root: "memory/link-out.md",
    "symlink-dir-out": lambda root: "memory/dir-out/secret.md",
    "symlinked-memory-md": lambda root: "memory.md",
    "symlink-into-memory": lambda root: "alias.md",
    "symlinked-dir-into-memory": lambda root: "notes/2026-11-02.md",
    "non-memory-file": lambda root: "SOUL.md",
    "not-markdown": lambda root: "memory/2026-11-02.txt",
}


def _cli_get(root: Path, rel: str, capsys: pytest.CaptureFixture[str]) -> str:
    code = main(["get", rel, "--workspace", str(root), "--data-dir", str(root.parent / "data")])
    out, err = capsys.readouterr()
    assert code == 2 and out == "", (code, out)
    assert err.startswith("reverie: Path refused") and "Traceback" not in err
    return err


def _refused(action: Callable[[], object]) -> str:
    with pytest.raises(PathRefused) as info:
        action()
    return str(info.value)


def _mcp_get(root: Path, rel: str) -> str:
    service = MemoryService(root, root.parent / "data", model_name="hash")
    try:
        result = MemoryTools(service, watch=False, record_recalls=False).memory_get(rel)
    finally:
        service.close()
    assert result["disabled"] is True and result["text"] == "" and result["path"] == rel
    return str(result["error"])


ENTRY_POINTS = ("cli-get", "read_text", "read_lines", "write_text", "resolve", "mcp-memory_get")


@pytest.mark.parametrize("entry", ENTRY_POINTS)
@pytest.mark.parametrize("bad", sorted(BAD_PATHS))
def test_every_entry_point_refuses_paths_outside_memory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], entry: str, bad: str
) -> None:
    root = _layout(tmp_path)
    rel = BAD_PATHS[bad](root)
    before = checksums(tmp_path, "")
    links = sorted(p.name for p in tmp_path.rglob("*") if p.is_symlink())
    ws = Workspace(root)
    if entry == "cli-get":
        message = _cli_get(root, rel, capsys)
    elif entry == "read_text":
        message = _refused(lambda: ws.read_text(rel))
    elif entry == "read_lines":
        message = _refused(lambda: ws.read_lines(rel, 1, 2))
    elif entry == "write_text":
        message = _refused(lambda: ws.write_text(rel, "- overwritten\n"))
    elif entry == "resolve":
        message = _refused(lambda: ws.resolve(rel))
    else:
        message = _mcp_get(root, rel)
    assert "refused" in message.lower() and repr(rel) in message, message
    assert SECRET.strip() not in message
    after = checksums(tmp_path, "")
    assert {k: v for k, v in after.items() if not k.startswith("data/")} == before
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_symlink()) == links
    assert (tmp_path / "outside" / "secret.md").read_text(encoding="utf-8") == SECRET
