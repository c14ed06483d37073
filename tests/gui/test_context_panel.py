"""The session-start panel shows each bootstrap file, what is cut, and warns about MEMORY.md."""

from __future__ import annotations

import datetime as _dt
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from reverie.core.context import ContextLimits, session_context  # noqa: E402
from reverie.gui.widgets.context_panel import ContextDialog, ContextPanel  # noqa: E402
from tests.fixtures.refused_read import refuse_reading

NOW = _dt.datetime(2026, 12, 1, 9, 0, tzinfo=_dt.UTC)


def _workspace(tmp_path: Path, memory_chars: int) -> Path:
    (tmp_path / "memory").mkdir()
    (tmp_path / "AGENTS.md").write_text("Follow the house rules.\n", encoding="utf-8")
    (tmp_path / "MEMORY.md").write_text(
        "".join(f"- remembered fact {i:05d}\n" for i in range(memory_chars // 24)),
        encoding="utf-8",
    )
    (tmp_path / "memory" / "2026-12-01.md").write_text("# Today\n- met Marta\n", "utf-8")
    return tmp_path


def test_the_panel_lists_files_and_shows_the_cut_part_of_memory(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    root = _workspace(tmp_path, 2400)
    limits = ContextLimits(bootstrap_max_chars=1000, timezone="UTC")
    panel = ContextPanel(lambda: session_context(root, limits, "main", now=NOW))
    qtbot.addWidget(panel)
    with qtbot.waitSignal(panel.sig_loaded, timeout=10000):
        panel.refresh()
    names = [panel.table.item(r, 0).text() for r in range(panel.table.rowCount())]
    assert names[0] == "AGENTS.md" and names[-1] == "MEMORY.md"
    memory_row = names.index("MEMORY.md")
    assert panel.table.item(memory_row, 3).text() == "1,000"
    assert "cut" in panel.table.item(memory_row, 5).text()
    assert not panel.warning.isHidden() and "over its cap" in panel.warning.text()
    detail = panel.detail.toPlainText()  # MEMORY.md is selected first
    assert "Kept head (700 characters)" in detail and "Kept tail (200 characters)" in detail
    assert "remembered fact 00000" in detail
    startup = panel.startup.toPlainText()
    assert "memory/2026-12-01.md" in startup


def test_a_small_memory_gives_no_warning_and_the_dialog_opens(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    root = _workspace(tmp_path, 240)
    dialog = ContextDialog(lambda: session_context(root, ContextLimits(), "main", now=NOW))
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: dialog.panel.context is not None, timeout=10000)
    assert dialog.panel.warning.isHidden()
    assert "Agent <b>main</b>" in dialog.panel.summary.text()


def _shown(qtbot, root: Path) -> ContextPanel:  # type: ignore[no-untyped-def]
    panel = ContextPanel(lambda: session_context(root, ContextLimits(), "main", now=NOW))
    qtbot.addWidget(panel)
    with qtbot.waitSignal(panel.sig_loaded, timeout=10000):
        panel.refresh()
    return panel


def _state_of(panel: ContextPanel, name: str) -> str:
    rows = [panel.table.item(r, 0).text() for r in range(panel.table.rowCount())]
    return panel.table.item(rows.index(name), 5).text()


def test_a_memory_file_there_but_not_readable_is_not_called_absent(  # type: ignore[no-untyped-def]
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A MEMORY.md whose read is refused is there: its row says so and why (it said
    "absent (not injected)"), and the warning above the table says it as ``reverie
    context`` does."""
    root = _workspace(tmp_path, 240)
    refuse_reading(monkeypatch)
    panel = _shown(qtbot, root)
    state = _state_of(panel, "MEMORY.md")
    assert state == "there, but cannot be read: permission denied (not injected)"
    assert not panel.warning.isHidden()
    assert panel.warning.text() == "MEMORY.md cannot be read: permission denied"
    detail = panel.detail.toPlainText()  # MEMORY.md is selected first
    assert "MEMORY.md cannot be read: permission denied" in detail
    assert "0 characters on disk" not in detail  # its size is not known, and not 0
    assert _state_of(panel, "BOOTSTRAP.md") == "absent (not injected)"  # not there at all


def test_a_memory_file_not_in_utf8_gets_the_warning_the_cli_gives(  # type: ignore[no-untyped-def]
    qtbot, tmp_path: Path
) -> None:
    """A Latin-1 MEMORY.md is injected (U+FFFD for the bytes that are not UTF-8), with the
    warning ``reverie context`` prints above the table, not only among the startup notes."""
    root = _workspace(tmp_path, 240)
    (root / "MEMORY.md").write_bytes(b"- caf\xe9 with Ana\n")
    panel = _shown(qtbot, root)
    warning = "MEMORY.md cannot be read: not valid UTF-8 (byte offset 5); save it as UTF-8"
    assert not panel.warning.isHidden() and panel.warning.text() == warning
    assert _state_of(panel, "MEMORY.md") == "whole"  # what the agent gets, as the CLI says
    detail = panel.detail.toPlainText()
    assert warning in detail and "- caf\ufffd with Ana" in detail
