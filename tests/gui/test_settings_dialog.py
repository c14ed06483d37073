"""The settings dialog: every setting changed through its widgets survives a restart (a new
controller and window on the same data folder), bad values are refused inline, a new
embedding model re-indexes in the background, and a broken settings file is kept."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QKeySequence, QPalette
from PySide6.QtWidgets import QApplication, QDialog, QToolBar

from reverie.core.index.indexer import vector_key
from reverie.core.settings import AppSettings, SearchSettings
from reverie.gui.app import apply_startup_settings, initial_workspace
from reverie.gui.controller import Controller, install_language
from reverie.gui.dialogs.settings_dialog import SettingsDialog
from reverie.gui.main_window import MainWindow
from reverie.gui.theme import apply_theme, current_theme, is_dark

from .conftest import open_window, wait_idle


def app() -> QApplication:
    instance = QApplication.instance()
    assert isinstance(instance, QApplication)
    return instance


@pytest.fixture(autouse=True)
def restore_look(qapp) -> Iterator[None]:  # type: ignore[no-untyped-def]
    """Theme and language are application-wide: put them back for the next tests."""
    yield
    apply_theme(app(), "system")
    install_language(app(), "en")


@pytest.fixture
def second_workspace(tmp_path: Path) -> Path:
    root = tmp_path / "ws2"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# Memory\n\n- The lab printer is on floor 3.\n", "utf-8")
    return root


@pytest.fixture
def state_dir(tmp_path: Path) -> Path:
    state = tmp_path / "openclaw-state"
    (state / "agents" / "main" / "sessions").mkdir(parents=True)
    return state


def window_ini(data_dir: Path) -> QSettings:
    return QSettings(str(data_dir / "window.ini"), QSettings.Format.IniFormat)


def start(qtbot, data_dir: Path, workspace: Path) -> MainWindow:  # type: ignore[no-untyped-def]
    """What run_app does: a controller on the data folder, the window, the workspace."""
    win, _ctl = open_window(qtbot, workspace, data_dir, model_name=None)
    return win


def click_ok(qtbot, dialog: SettingsDialog) -> None:  # type: ignore[no-untyped-def]
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)


def test_every_setting_survives_a_restart(  # type: ignore[no-untyped-def]
    qtbot, workspace: Path, second_workspace: Path, state_dir: Path, data_dir: Path
) -> None:
    AppSettings(embedding_model="hash").save(data_dir / "settings.json")
    ctl = Controller(data_dir=data_dir)
    assert ctl.model_name == "hash"
    win = MainWindow(ctl, window_ini(data_dir))
    qtbot.addWidget(win)
    win.show()
    dialog = SettingsDialog(ctl, win)
    qtbot.addWidget(dialog)

    # General: two workspaces, the second opened at start; the OpenClaw state folder
    for folder in (workspace, second_workspace):
        dialog.workspace_edit.setText(str(folder))
        qtbot.mouseClick(dialog.add_workspace_btn, Qt.MouseButton.LeftButton)
    assert dialog.workspace_paths() == [str(workspace), str(second_workspace)]
    dialog.default_workspace_combo.setCurrentIndex(
        dialog.default_workspace_combo.findData(str(second_workspace))
    )
    dialog.state_edit.setText(str(state_dir))
    assert "found" in dialog.state_info.text()
    # Model: any name typed in
    dialog.model_combo.setEditText("hash-32")
    # Search defaults: the openclaw profile, tuned
    dialog.profile_combo.setCurrentIndex(dialog.profile_combo.findData("openclaw"))
    dialog.max_results_spin.setValue(11)
    dialog.min_score_spin.setValue(0.45)
    dialog.vector_weight_spin.setValue(0.6)
    dialog.text_weight_spin.setValue(0.4)
    dialog.mmr_check.setChecked(True)
    dialog.mmr_lambda_spin.setValue(0.65)
    dialog.decay_check.setChecked(True)
    dialog.half_life_spin.setValue(14.0)
    # Dreaming and appearance
    dialog.timezone_combo.setEditText("Asia/Shanghai")
    dialog.theme_combo.setCurrentIndex(dialog.theme_combo.findData("dark"))
    assert is_dark(app().palette())  # applied live
    dialog.language_combo.setCurrentIndex(dialog.language_combo.findData("zh_CN"))

    click_ok(qtbot, dialog)
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert not dialog.message.isVisible()
    assert ctl.model_name == "hash-32"  # used by the next workspace opened

    # the window layout: size, both splitters, a hidden toolbar
    win.resize(790, 600)  # within the offscreen screen (800 x 800), over the panes' minimum
    toolbar = win.findChild(QToolBar, "mainToolbar")
    assert toolbar is not None
    toolbar.hide()
    qtbot.wait(20)
    for splitter, first in ((win.splitter, 100), (win.right, 150)):  # sizes that fit
        splitter.setSizes([first, sum(splitter.sizes()) - first])
    qtbot.wait(20)
    split, right, size = win.splitter.sizes(), win.right.sizes(), win.size()
    assert split[0] == 100 and right[0] == 150
    assert (size.width(), size.height()) != (768, 752)  # not the default size
    assert win.close()
    qtbot.waitUntil(lambda: not win.isVisible())
    apply_theme(app(), "system")  # what a fresh process starts with

    # ---- restart: a new controller and window on the same data folder
    reborn = Controller(data_dir=data_dir)
    saved = reborn.app_settings
    assert reborn.settings_problem is None
    assert saved.embedding_model == "hash-32" and reborn.model_name == "hash-32"
    assert saved.workspaces == (str(workspace), str(second_workspace))
    assert saved.default_workspace == str(second_workspace)
    assert saved.openclaw_state_dir == str(state_dir)
    assert (
        saved.dreaming_timezone == "Asia/Shanghai" and reborn.dreaming_timezone == "Asia/Shanghai"
    )
    assert saved.theme == "dark" and saved.language == "zh_CN"
    expected_search = SearchSettings.for_profile("openclaw").with_changes(
        max_results=11,
        min_score=0.45,
        vector_weight=0.6,
        text_weight=0.4,
        mmr_enabled=True,
        mmr_lambda=0.65,
        decay_enabled=True,
        half_life_days=14.0,
    )
    assert saved.default_search() == expected_search
    # start-up applies the look and picks the default workspace and the state folder
    apply_startup_settings(app(), saved)
    assert current_theme(app()) == "dark" and is_dark(app().palette())
    args = argparse.Namespace(workspace=None, state_dir=None, data_dir=str(data_dir))
    assert initial_workspace(args, saved) == (second_workspace.resolve(), state_dir)
    explicit = argparse.Namespace(workspace=str(workspace), state_dir=None, data_dir=None)
    assert initial_workspace(explicit, saved)[0] == workspace.resolve()  # command line wins

    win2 = MainWindow(reborn, window_ini(data_dir))
    qtbot.addWidget(win2)
    win2.show()
    assert win2.size() == size
    assert win2.splitter.sizes() == split
    # the restarted window is in Chinese: its status bar may be a few pixels taller, which
    # the vertical splitter absorbs; the proportions are what was saved
    top, bottom = win2.right.sizes()
    assert abs(top - right[0]) <= 6 and abs(bottom - right[1]) <= 6
    assert abs(top / (top + bottom) - right[0] / sum(right)) < 0.01
    toolbar2 = win2.findChild(QToolBar, "mainToolbar")
    assert toolbar2 is not None and toolbar2.isHidden()
    with qtbot.waitSignal(
        reborn.sig_model, timeout=10000, check_params_cb=lambda s, _d: s == "loaded"
    ):
        win2.open_workspace(second_workspace)
    wait_idle(qtbot, reborn)
    assert reborn.service is not None
    assert reborn.service.status().model == vector_key("hash-32")
    assert reborn.saved_search_settings() == expected_search  # no saved profile: the defaults
    assert win2.search.current == expected_search

    # the dialog shows the saved values again
    again = SettingsDialog(reborn, win2)
    qtbot.addWidget(again)
    assert again.settings() == reborn.app_settings
    assert again.workspace_paths() == [str(workspace), str(second_workspace)]
    assert again.default_workspace_combo.currentData() == str(second_workspace)
    assert again.state_edit.text() == str(state_dir)
    assert again.model_name() == "hash-32"
    assert again.timezone_combo.currentText() == "Asia/Shanghai"
    assert again.theme_combo.currentData() == "dark"
    assert again.language_combo.currentData() == "zh_CN"
    assert again.max_results_spin.value() == 11 and again.mmr_check.isChecked()
    again.reject()
    win2.close()


def test_invalid_values_are_refused_inline_and_not_saved(  # type: ignore[no-untyped-def]
    qtbot, controller: Controller, tmp_path: Path, state_dir: Path, monkeypatch
) -> None:
    before = controller.settings_file.read_bytes()
    dialog = SettingsDialog(controller)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.timezone_combo.setEditText("Mars/Olympus_Mons")
    assert "Unknown" in dialog.timezone_info.text()
    click_ok(qtbot, dialog)
    assert dialog.result() != QDialog.DialogCode.Accepted and dialog.isVisible()
    assert dialog.message.isVisible() and "Mars/Olympus_Mons" in dialog.message.text()
    assert dialog.tabs.currentIndex() == 3  # the Dreaming page, where the problem is
    assert controller.settings_file.read_bytes() == before
    assert controller.app_settings.dreaming_timezone is None

    dialog.timezone_combo.setEditText("Europe/Berlin")
    dialog.state_edit.setText(str(tmp_path / "no-such-state"))
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert "does not exist" in dialog.message.text() and dialog.tabs.currentIndex() == 0
    assert controller.settings_file.read_bytes() == before
    a_file = tmp_path / "state.txt"
    a_file.write_text("x", encoding="utf-8")
    dialog.state_edit.setText(str(a_file))
    assert "not a folder" in dialog.state_info.text()
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert "is not a folder" in dialog.message.text()
    dialog.state_edit.setText(str(tmp_path / "no-such-state"))

    # both weights 0: no share of the score left for either side
    dialog.hybrid_check.setChecked(True)
    dialog.vector_weight_spin.setValue(0.0)
    dialog.text_weight_spin.setValue(0.0)
    dialog.state_edit.setText("")
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert "both 0" in dialog.message.text() and dialog.tabs.currentIndex() == 2
    assert controller.settings_file.read_bytes() == before
    dialog.text_weight_spin.setValue(0.3)
    dialog.state_edit.setText(str(tmp_path / "no-such-state"))

    dialog.workspace_edit.setText(str(tmp_path / "not-a-folder"))
    qtbot.mouseClick(dialog.add_workspace_btn, Qt.MouseButton.LeftButton)
    assert dialog.workspace_paths() == [] and "Not a folder" in dialog.message.text()

    monkeypatch.setenv("OPENCLAW_STATE_DIR", str(state_dir))
    qtbot.mouseClick(dialog.detect_state_btn, Qt.MouseButton.LeftButton)
    assert dialog.state_edit.text() == str(state_dir)
    dialog.workspace_edit.setText(str(tmp_path))
    qtbot.mouseClick(dialog.add_workspace_btn, Qt.MouseButton.LeftButton)
    with qtbot.waitSignal(dialog.sig_open_workspace) as opened:
        qtbot.mouseClick(dialog.open_workspace_btn, Qt.MouseButton.LeftButton)
    assert opened.args == [str(tmp_path)]
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert not dialog.message.isVisible()
    saved = AppSettings.load(controller.settings_file)
    assert saved.dreaming_timezone == "Europe/Berlin"
    assert saved.openclaw_state_dir == str(state_dir) and saved.workspaces == (str(tmp_path),)
    qtbot.mouseClick(dialog.remove_workspace_btn, Qt.MouseButton.LeftButton)
    dialog.state_edit.setText("")  # automatic again
    click_ok(qtbot, dialog)
    saved = AppSettings.load(controller.settings_file)
    assert saved.workspaces == () and saved.openclaw_state_dir is None


def test_model_change_reembeds_in_the_background_with_progress(  # type: ignore[no-untyped-def]
    qtbot, controller: Controller
) -> None:
    service = controller.service
    assert service is not None
    assert service.status().model == vector_key("hash-64")
    dialog = SettingsDialog(controller)
    qtbot.addWidget(dialog)

    dialog.model_combo.setEditText("hash-32")  # the Test button loads it off the UI thread
    qtbot.mouseClick(dialog.test_model_btn, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.last_test is not None, timeout=10000)
    assert "32 dimensions" in dialog.model_result.text()
    dialog.model_combo.setEditText("hash-x")
    qtbot.mouseClick(dialog.test_model_btn, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "Cannot load" in dialog.model_result.text(), timeout=10000)

    dialog.model_combo.setEditText("hash-32")
    progress: list[tuple[str, int, int]] = []
    controller.sig_task.connect(lambda label, done, total: progress.append((label, done, total)))
    with qtbot.waitSignal(
        controller.sig_model,
        timeout=10000,
        check_params_cb=lambda s, d: (s, d) == ("loaded", "hash-32"),
    ):
        qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not controller.busy, timeout=15000)
    status = service.status()
    assert status.model == vector_key("hash-32")
    assert status.pending == 0 and status.embedded == status.chunks > 0
    steps = [(d, t) for label, d, t in progress if label.startswith("re-embedding") and t > 0]
    assert steps and steps[-1][0] == steps[-1][1]  # progress ran to the end
    assert progress[-1][2] < 0  # and the task finished

    # a model that cannot load keeps the current one, in use and in the settings
    errors: list[str] = []
    controller.sig_error.connect(lambda message, _details: errors.append(message))
    dialog.model_combo.setEditText("hash-x")
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(errors), timeout=10000)
    assert "hash-x" in errors[0] and "still using 'hash-32'" in errors[0]
    assert controller.model_name == "hash-32" and service.model.name == "hash-32"
    assert AppSettings.load(controller.settings_file).embedding_model == "hash-32"


def test_theme_previews_live_and_cancel_restores_it(qtbot, controller: Controller) -> None:  # type: ignore[no-untyped-def]
    start_window = app().palette().color(QPalette.ColorRole.Window)
    dialog = SettingsDialog(controller)
    qtbot.addWidget(dialog)
    dialog.theme_combo.setCurrentIndex(dialog.theme_combo.findData("dark"))
    assert is_dark(app().palette()) and app().style().name().lower() == "fusion"
    dialog.reject()
    assert current_theme(app()) == "system"
    assert app().palette().color(QPalette.ColorRole.Window) == start_window
    assert AppSettings.load(controller.settings_file).theme == "system"
    dialog = SettingsDialog(controller)
    qtbot.addWidget(dialog)
    dialog.theme_combo.setCurrentIndex(dialog.theme_combo.findData("light"))
    click_ok(qtbot, dialog)
    assert current_theme(app()) == "light" and not is_dark(app().palette())
    assert AppSettings.load(controller.settings_file).theme == "light"


def test_a_broken_settings_file_is_kept_not_lost(  # type: ignore[no-untyped-def]
    qtbot, workspace: Path, data_dir: Path
) -> None:
    data_dir.mkdir(parents=True)
    broken = b'{"embedding_model": "hash", "workspaces": ["/my/notes"'  # cut short
    (data_dir / "settings.json").write_bytes(broken)
    ctl = Controller(data_dir=data_dir, model_name="hash")
    assert ctl.settings_problem is not None and "bad-" in ctl.settings_problem
    (copy,) = data_dir.glob("settings.json.bad-*")
    assert copy.read_bytes() == broken
    dialog = SettingsDialog(ctl)
    qtbot.addWidget(dialog)
    dialog.timezone_combo.setEditText("UTC")
    click_ok(qtbot, dialog)  # saving replaces the file ...
    assert json.loads((data_dir / "settings.json").read_text("utf-8"))["dreaming_timezone"] == "UTC"
    assert copy.read_bytes() == broken  # ... and the user's text is still there
    ctl.shutdown()


def test_settings_action_in_the_file_menu(qtbot, controller: Controller, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    win = MainWindow(controller, window_ini(data_dir))
    qtbot.addWidget(win)
    file_menu = win.menuBar().actions()[0].menu()
    assert win.act_settings in file_menu.actions()
    assert not win.act_settings.shortcut().isEmpty()
    standard = QKeySequence.keyBindings(QKeySequence.StandardKey.Preferences)
    assert win.act_settings.shortcut() == (standard[0] if standard else QKeySequence("Ctrl+,"))
