"""The main window: workspace tree, editor tabs, the search pane and the status bar."""

from __future__ import annotations

import logging
from functools import cache
from operator import attrgetter
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings, Qt, QUrl
from PySide6.QtGui import QAction, QCloseEvent, QDesktopServices, QKeySequence
from PySide6.QtWidgets import (
    QFileDialog,
    QInputDialog,
    QMainWindow,
    QMenu,
    QMessageBox,
    QSplitter,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from ..core.context import load_session_context
from ..core.errors import ReverieError
from ..core.layers import Layer, set_override, workspace_rules
from ..core.openclaw_config import known_agent_workspaces
from ..core.paths import is_demo_workspace
from ..core.search.trace import SearchHit
from ..core.workspace import MemoryFile
from .controller import Controller
from .dialogs.shortcuts_dialog import ShortcutsDialog
from .dialogs.why_not_dialog import WhyNotDialog
from .health import HealthPage
from .purpose import PurposePage
from .resources import STYLE_SHEET, app_icon, icon
from .status_panel import StatusPanel
from .tasks import refusal_text
from .widgets.command_palette import CommandPalette
from .widgets.context_panel import ContextDialog
from .widgets.demo_bar import DemoBar
from .widgets.editor import EditorPage
from .widgets.editor_tabs import EditorTabs
from .widgets.search_pane import SearchPane
from .widgets.workspace_tree import WorkspaceTree

log = logging.getLogger(__name__)
_rel_path = attrgetter("rel_path")


def preferences_shortcut() -> QKeySequence:
    """The platform's Preferences shortcut, else Ctrl+, (most Linux desktops have none)."""
    standard = QKeySequence(QKeySequence.StandardKey.Preferences)
    return standard if not standard.isEmpty() else QKeySequence("Ctrl+,")


@cache
def _dashboard_class() -> type[QWidget] | None:
    """The dreaming dashboard's class, imported once (None: QtCharts is not there)."""
    try:
        from .dashboard import DreamDashboard  # type: ignore[attr-defined]
    except ImportError:
        log.warning("the dreaming dashboard is not available", exc_info=True)
        return None
    dashboard: type[QWidget] = DreamDashboard
    return dashboard


class MainWindow(QMainWindow):
    def __init__(self, controller: Controller, qsettings: QSettings | None = None) -> None:
        super().__init__()
        self.controller = controller
        self.qsettings = qsettings or QSettings("reverie", "reverie")
        self.files: dict[str, MemoryFile] = {}
        self.palette: CommandPalette | None = None
        self.log_file: Path | None = None
        """Where the rotating log is written (shown in error dialogs), when there is one."""
        self.last_error_box: QMessageBox | None = None
        self.setWindowTitle("Reverie")
        self.setWindowIcon(app_icon())
        self.setStyleSheet(STYLE_SHEET)
        self.resize(1400, 880)
        screen = self.screen().availableGeometry() if self.screen() else None
        if screen is not None and (screen.width() < 1500 or screen.height() < 950):
            self.resize(int(screen.width() * 0.96), int(screen.height() * 0.94))

        self.tree = WorkspaceTree()
        self.tabs = EditorTabs(controller)
        self.search = SearchPane(controller)
        self.right = QSplitter(Qt.Orientation.Vertical)
        self.right.addWidget(self.tabs)
        self.right.addWidget(self.search)
        self.right.setSizes([380, 500])
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.tree)
        self.splitter.addWidget(self.right)
        self.splitter.setSizes([250, 1150])
        self.pages = QTabWidget()
        self.pages.setDocumentMode(True)
        self.pages.addTab(self.splitter, self.tr("Memory"))
        self.dashboard: QWidget | None = None
        # imported now, while no workspace's workers run: imported at the first opening,
        # under their load, it stalled the window 100-300 ms (bench/gui_stalls.py --stacks)
        _dashboard_class()
        self.purpose: PurposePage | None = None
        self.health: HealthPage | None = None
        self._making_pages = False
        """The workspace's pages are being replaced (the old ones must not refresh)."""
        self.demo_bar = DemoBar()
        central = QWidget()
        column = QVBoxLayout(central)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.demo_bar)
        column.addWidget(self.pages, 1)
        self.setCentralWidget(central)
        self.status = StatusPanel()
        self.setStatusBar(self.status)
        self._build_actions()
        self._connect()
        geometry = self.qsettings.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        for key, splitter in (("window/split", self.splitter), ("window/right", self.right)):
            state = self.qsettings.value(key)
            if isinstance(state, QByteArray):
                splitter.restoreState(state)
        layout = self.qsettings.value("window/state")
        if isinstance(layout, QByteArray):
            self.restoreState(layout)  # toolbars and docks

    def _make_dashboard(self) -> None:
        """(Re)create the dreaming dashboard page for the open workspace, when available."""
        if self.dashboard is not None:
            self.dashboard.close_down()  # type: ignore[attr-defined]
            self.pages.removeTab(self.pages.indexOf(self.dashboard))
            self.dashboard.deleteLater()
            self.dashboard = None
        dashboard_class = _dashboard_class()
        if dashboard_class is None:
            return
        try:
            self.dashboard = dashboard_class(
                self.controller.service,
                self,
                timezone=self.controller.dreaming_timezone,
                active=False,
            )
        except Exception:  # the dashboard is optional: the workbench works without it
            log.exception("the dreaming dashboard could not be created")
            return
        self.pages.addTab(self.dashboard, self.tr("Dreaming"))

    def _make_health(self) -> None:
        """(Re)create the Health page (the review of MEMORY.md), right after Dreaming."""
        if self.health is not None:
            self.health.close_down()
            self.pages.removeTab(self.pages.indexOf(self.health))
            self.health.deleteLater()
        self.health = HealthPage(self.controller.service, self, active=False)
        self.health.sig_open.connect(self._open_at)
        self.health.unsaved_memory = lambda: any(
            page.rel_path == "MEMORY.md" for page in self.tabs.dirty_pages()
        )
        self.health.sig_message.connect(lambda text: self.status.showMessage(text, 6000))
        self.controller.sig_disk_changed.connect(self.health.schedule_refresh)
        self.controller.sig_model.connect(self.health.on_model)
        at = self.pages.indexOf(self.dashboard) + 1 if self.dashboard is not None else 1
        self.pages.insertTab(at, self.health, self.tr("Health"))

    def _make_purpose(self) -> None:
        """(Re)create the Purpose page (Telos and layer life) for the open workspace."""
        if self.purpose is not None:
            self.purpose.close_down()
            self.pages.removeTab(self.pages.indexOf(self.purpose))
            self.purpose.deleteLater()
        service = self.controller.service
        if service is not None:
            self.tree.set_layer_rules(workspace_rules(service.data_dir, service.root))
        self.purpose = PurposePage(service, self, active=False)
        self.purpose.sig_open.connect(self._open_at)
        self.controller.sig_disk_changed.connect(self.purpose.schedule_refresh)
        self.controller.sig_index_changed.connect(self.purpose.schedule_refresh)
        self.pages.addTab(self.purpose, self.tr("Purpose"))

    def _follow_current_page(self, _index: int = -1) -> None:
        """Only the page on show follows the files: the Dreaming, Health and Purpose pages
        refresh while they are the current tab; a hidden one refreshes once when shown."""
        if self._making_pages:
            return
        current = self.pages.currentWidget()
        for page in (self.dashboard, self.health, self.purpose):
            if page is not None:
                page.set_active(page is current)  # type: ignore[attr-defined]

    def set_layer(self, rel: str, layer: Layer | None) -> None:
        """Override ``rel``'s memory layer in this workspace (None: back to the rules)."""
        service = self.controller.service
        if service is None:
            return
        set_override(service.data_dir, service.root, rel, layer)
        self.tree.set_layer_rules(workspace_rules(service.data_dir, service.root))
        if self.purpose is not None:
            self.purpose.schedule_refresh()

    def _open_at(self, rel: str, line: int) -> None:
        """Open a memory file at ``line`` (files outside the memory files are only named)."""
        if rel not in self.files:
            self.status.showMessage(
                self.tr("{path} is not a memory file; edit it in another editor").format(path=rel),
                6000,
            )
            return
        self.open_file(self.files[rel], (line, line))
        self.pages.setCurrentIndex(0)

    # ------------------------------------------------------------ actions
    def _action(
        self,
        text: str,
        slot: object,
        shortcut: QKeySequence | str | None = None,
        icon_name: str | None = None,
    ) -> QAction:
        action = QAction(text, self)
        if icon_name:
            action.setIcon(icon(icon_name))
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        return action

    def _build_actions(self) -> None:
        self.act_open = self._action(
            self.tr("&Open workspace…"),
            self.ask_open_workspace,
            QKeySequence.StandardKey.Open,
            "open",
        )
        self.act_new = self._action(
            self.tr("&New daily note"), self.new_daily_note, "Ctrl+N", "new-note"
        )
        self.act_save = self._action(
            self.tr("&Save"), self.save_current, QKeySequence.StandardKey.Save, "save"
        )
        self.act_quit = self._action(self.tr("&Quit"), self.close, QKeySequence.StandardKey.Quit)
        self.act_settings = self._action(
            self.tr("&Settings…"), self.open_settings, preferences_shortcut()
        )
        self.act_settings.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.act_find = self._action(
            self.tr("&Find…"), lambda: self._find(False), QKeySequence.StandardKey.Find, "find"
        )
        self.act_replace = self._action(self.tr("&Replace…"), lambda: self._find(True), "Ctrl+H")
        self.act_goto = self._action(self.tr("&Go to line…"), self._go_to_line, "Ctrl+G")
        self.act_preview = self._action(
            self.tr("&Preview"), self._toggle_preview, "Ctrl+Shift+P", "preview"
        )
        self.act_search = self._action(self.tr("Focus &search"), self._focus_search, "Ctrl+Shift+F")
        self.act_search.setShortcuts([QKeySequence("Ctrl+Shift+F"), QKeySequence("Ctrl+K")])
        self.act_palette = self._action(
            self.tr("&Go to file or command…"), lambda: self.show_palette(), "Ctrl+P"
        )
        self.act_page_memory = self._action(
            self.tr("&Memory page"), lambda: self.pages.setCurrentIndex(0), "Ctrl+1"
        )
        self.act_page_dreaming = self._action(
            self.tr("&Dreaming page"), self._show_dreaming, "Ctrl+2"
        )
        self.act_page_health = self._action(
            self.tr("&Health page"),
            lambda: self.health is not None and self.pages.setCurrentWidget(self.health),
            "Ctrl+3",
        )
        self.act_page_purpose = self._action(
            self.tr("&Purpose page"),
            lambda: self.purpose is not None and self.pages.setCurrentWidget(self.purpose),
            "Ctrl+4",
        )
        self.act_shortcuts = self._action(
            self.tr("&Keyboard shortcuts"),
            self.show_shortcuts,
            QKeySequence.StandardKey.HelpContents,
        )
        self.act_logs = self._action(self.tr("Open &log folder"), self.open_log_folder)
        self.act_why = self._action(
            self.tr("&Why not this?"), self.why_not, "Ctrl+Shift+W", "why-not"
        )
        self.act_export = self._action(
            self.tr("&Export OpenClaw memorySearch…"), self.search.export_openclaw, None, "export"
        )
        self.act_reindex = self._action(
            self.tr("&Re-index workspace"), lambda: self.controller.reindex(None), None, "reindex"
        )
        self.act_cancel = self._action(
            self.tr("&Cancel background work"), self.controller.cancel_tasks, None, "cancel"
        )
        self.act_context = self._action(
            self.tr("What the agent sees at session &start…"), self.show_session_context
        )
        self.act_own_transcripts = self._action(
            self.tr("Search the agent's own &transcripts (reverie profile)"),
            self._toggle_own_transcripts,
        )
        self.act_own_transcripts.setCheckable(True)
        self.act_own_transcripts.setChecked(self.controller.app_settings.own_transcripts)
        bar = self.menuBar()
        file_menu = bar.addMenu(self.tr("&File"))
        file_menu.addAction(self.act_open)
        self.openclaw_menu = file_menu.addMenu(self.tr("OpenClaw &agents"))
        self.recent_menu = file_menu.addMenu(self.tr("&Recent workspaces"))
        self.openclaw_menu.aboutToShow.connect(self._fill_openclaw_menu)
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        file_menu.addSeparator()
        for a in (self.act_new, self.act_save):
            file_menu.addAction(a)
        file_menu.addSeparator()
        file_menu.addAction(self.act_settings)
        file_menu.addSeparator()
        file_menu.addAction(self.act_quit)
        edit_menu = bar.addMenu(self.tr("&Edit"))
        for a in (self.act_find, self.act_replace, self.act_goto):
            edit_menu.addAction(a)
        view_menu = bar.addMenu(self.tr("&View"))
        for a in (
            self.act_palette,
            self.act_search,
            self.act_preview,
            self.act_page_memory,
            self.act_page_dreaming,
            self.act_page_health,
            self.act_page_purpose,
            self.act_context,
        ):
            view_menu.addAction(a)
        search_menu = bar.addMenu(self.tr("&Search"))
        for a in (self.act_why, self.act_export, self.act_reindex, self.act_cancel):
            search_menu.addAction(a)
        search_menu.addSeparator()
        search_menu.addAction(self.act_own_transcripts)
        help_menu = bar.addMenu(self.tr("&Help"))
        help_menu.addAction(self.act_shortcuts)
        help_menu.addAction(self.act_logs)
        help_menu.addSeparator()
        help_menu.addAction(self._action(self.tr("&About Reverie"), self._about))
        toolbar = QToolBar(self.tr("Main"))
        toolbar.setObjectName("mainToolbar")
        toolbar.setMovable(False)
        for a in (
            self.act_open,
            self.act_new,
            self.act_save,
            None,
            self.act_find,
            self.act_preview,
            None,
            self.act_why,
            self.act_reindex,
        ):
            if a is None:
                toolbar.addSeparator()
            else:
                toolbar.addAction(a)
        self.addToolBar(toolbar)

    def _connect(self) -> None:
        c = self.controller
        c.sig_files.connect(self._on_controller_files)
        c.sig_status.connect(self.status.show_status)
        c.sig_model.connect(self.status.show_model)
        c.sig_task.connect(self.status.show_task)
        c.sig_saved.connect(self._on_controller_saved)
        c.sig_error.connect(self.show_error)
        c.sig_workspace_changed.connect(self._on_controller_workspace_changed)
        c.sig_settings_changed.connect(self._on_settings_changed)
        self.status.sig_cancel.connect(c.cancel_tasks)
        self.demo_bar.sig_open.connect(self.ask_open_workspace)
        self.demo_bar.sig_agents.connect(self._show_agents_menu)
        self.demo_bar.sig_settings.connect(self.open_settings)
        self.tree.sig_open.connect(self.open_file)
        self.tree.sig_new_daily.connect(self.new_daily_note)
        self.tree.sig_rename.connect(self.rename_file)
        self.tree.sig_delete.connect(self.delete_file)
        self.tree.sig_set_layer.connect(self.set_layer)
        self.tabs.sig_status.connect(lambda text: self.status.showMessage(text, 6000))
        self.pages.currentChanged.connect(self._follow_current_page)
        self.search.sig_open_hit.connect(self.open_hit)
        self.search.sig_message.connect(lambda text: self.status.showMessage(text, 6000))

    # ------------------------------------------------------------ workspace
    def _on_controller_workspace_changed(self) -> None:
        self.tabs.close_all()
        self.files = {}
        if self.controller.service is not None:
            self.setWindowTitle(f"Reverie — {self.controller.service.root}")
        self.search.reset()
        shown = self.pages.currentWidget()
        kept = [name for name in ("dashboard", "health", "purpose") if getattr(self, name) is shown]
        self._making_pages = True  # removing a page shows another: no old page may refresh
        try:
            self._make_dashboard()
            self._make_health()
            self._make_purpose()
        finally:
            self._making_pages = False
        page = getattr(self, kept[0]) if kept else None
        if page is not None:  # the new workspace opens on the page the old one was on
            self.pages.setCurrentWidget(page)
        self._follow_current_page()
        service = self.controller.service
        demo = service is not None and is_demo_workspace(service.root, self.controller.data_dir)
        self.demo_bar.setVisible(demo)

    def _on_controller_files(self, listing: tuple[list[MemoryFile], list[object]]) -> None:
        files, problems = listing
        self.status.show_problems(problems)  # type: ignore[arg-type]
        first = not self.files
        self.files = dict(zip(map(_rel_path, files), files, strict=True))  # no Python loop
        self.tree.set_files(files)
        if first and self.tabs.count() == 0:
            for rel in ("MEMORY.md", "memory.md"):
                if rel in self.files:  # not asked for: unreadable, its tab says why
                    self.open_file(self.files[rel], asked=False)
                    break

    def ask_open_workspace(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Open workspace"))
        if folder:
            self.open_workspace(Path(folder))

    def open_workspace(self, root: Path, state: Path | None = None) -> None:
        if self.tabs.dirty_pages() and not self.tabs.close_all():
            return
        try:
            self.controller.open_workspace(root, state)
        except ReverieError as exc:
            self.show_error(refusal_text(exc), "")
            return
        self.controller.load_model()

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        for path in self.controller.app_settings.recent_workspaces:
            self.recent_menu.addAction(path, lambda p=path: self.open_workspace(Path(p)))
        if not self.recent_menu.actions():
            self.recent_menu.addAction(self.tr("(none)")).setEnabled(False)

    def _show_agents_menu(self) -> None:
        """The File > OpenClaw agents menu, dropped down under the demo bar's button."""
        button = self.demo_bar.agents_btn
        self.openclaw_menu.popup(button.mapToGlobal(button.rect().bottomLeft()))

    def _fill_openclaw_menu(self) -> None:
        menu: QMenu = self.openclaw_menu
        menu.clear()
        # the open workspace's state folder first (the demo has its own), else the default
        state = self.controller.state_dir or self.controller.openclaw_state_dir()
        for agent, folder in known_agent_workspaces(state):
            menu.addAction(f"{agent}: {folder}", lambda f=folder: self.open_workspace(f, state))
        if not menu.actions():
            menu.addAction(self.tr("(no OpenClaw workspace found)")).setEnabled(False)

    # ------------------------------------------------------------ settings
    def open_settings(self) -> None:
        from .dialogs.settings_dialog import open_settings

        open_settings(self.controller, self, lambda path: self.open_workspace(Path(path)))

    def _on_settings_changed(self, changed: frozenset[str]) -> None:
        """Views that read a setting when they are built pick up its new value."""
        dashboard = self.dashboard
        if "dreaming_timezone" in changed and dashboard is not None:
            dashboard.timezone = self.controller.dreaming_timezone  # type: ignore[attr-defined]
            dashboard.refresh()  # type: ignore[attr-defined]
        if "search_defaults" in changed and self.controller.service is not None:
            self.search.reset()

    # ------------------------------------------------------------ files
    def open_file(
        self, mf: MemoryFile | str, lines: tuple[int, int] | None = None, *, asked: bool = True
    ) -> None:
        """Open ``mf`` in a tab; why it cannot be is said in a message box when the person
        asked for it (``asked`` False, as for MEMORY.md at start: in its tab)."""
        try:
            self.tabs.open_file(mf, lines, asked=asked)
        except (ReverieError, ValueError) as exc:
            self.show_error(refusal_text(exc), "")

    def open_hit(self, hit: SearchHit) -> None:
        target: MemoryFile | str = self.files.get(hit.path, hit.path)
        self.open_file(target, None if hit.source == "sessions" else (hit.start_line, hit.end_line))
        self.tree.select_path(hit.path)

    def save_current(self) -> None:
        page = self.tabs.current_editor()
        if page is not None:
            page.save()

    def _on_controller_saved(self, rel: str, ms: float) -> None:
        self.status.showMessage(
            self.tr("Saved {path}; searchable after {ms} ms").format(path=rel, ms=f"{ms:.0f}"),
            8000,
        )

    def new_daily_note(self) -> None:
        try:
            rel = self.controller.new_daily_note()
        except ReverieError as exc:
            self.show_error(refusal_text(exc), "")
            return
        self.open_file(rel)

    def rename_file(self, mf: MemoryFile) -> None:
        new, ok = QInputDialog.getText(
            self,
            self.tr("Rename"),
            self.tr("New path for {path}:").format(path=mf.rel_path),
            text=mf.rel_path,
        )
        if not ok or not new.strip() or new.strip() == mf.rel_path:
            return
        try:
            moved = self.controller.rename(mf.rel_path, new.strip())
        except (ReverieError, OSError) as exc:
            self.show_error(self.tr("Rename failed: {error}").format(error=exc), "")
            return
        page = self.tabs.page_for(mf.rel_path)
        if isinstance(page, EditorPage):
            # the note stays open under its new name, unsaved edits and all (saving writes
            # the new file: the page still holds the bytes it was loaded from)
            self.tabs.follow_rename(page, moved)

    def delete_file(self, mf: MemoryFile) -> None:
        answer = QMessageBox.question(
            self,
            self.tr("Move to trash"),
            self.tr("Move {path} to the system trash?").format(path=mf.rel_path),
        )
        if answer != QMessageBox.StandardButton.Yes:
            return
        page = self.tabs.page_for(mf.rel_path)
        if page is not None and not self.tabs.close_tab(self.tabs.indexOf(page)):
            return
        try:
            self.controller.delete(mf.rel_path)
        except (ReverieError, OSError) as exc:
            self.show_error(refusal_text(exc), "")

    # ------------------------------------------------------------ editor commands
    def _find(self, replace: bool) -> None:
        page = self.tabs.current_editor()
        if page is not None:
            page.find_bar.open(replace)

    def _go_to_line(self) -> None:
        page = self.tabs.current_editor()
        if page is not None:
            page.ask_go_to_line()

    def _toggle_preview(self) -> None:
        page = self.tabs.current_editor()
        if page is not None:
            page.toggle_preview()

    def _focus_search(self) -> None:
        self.search.query_edit.setFocus()
        self.search.query_edit.selectAll()

    def why_not(self) -> None:
        dialog = self.why_not_dialog()
        if dialog is not None:
            dialog.exec()

    def why_not_dialog(self) -> WhyNotDialog | None:
        """Explain why the selected lines of the current file did (not) rank for the query."""
        page = self.tabs.current_editor()
        query = self.search.query_edit.text().strip()
        if page is None or not query:
            self.show_error(
                self.tr("Type a query in the search pane and select lines in a file first."), ""
            )
            return None
        start, end = page.editor.selected_lines()
        explanations = None
        if self.controller.can_explain:
            try:
                explanations = self.controller.explain(
                    query, page.rel_path, start, end, self.search.current
                )
            except ReverieError as exc:
                self.show_error(refusal_text(exc), "")
                return None
        response = self.search.last_outcome.response if self.search.last_outcome else None
        return WhyNotDialog(query, page.rel_path, start, end, explanations, response, self)

    # ------------------------------------------------------------ keyboard
    def show_palette(self, text: str = "") -> None:
        """Quick open (Ctrl+P): memory files by name, ``>`` commands, ``:N`` a line."""
        if self.palette is None:
            self.palette = CommandPalette(self, self._palette_actions, lambda: sorted(self.files))
            self.palette.sig_open_file.connect(self._open_rel)
            self.palette.sig_go_to_line.connect(self._go_to_line_number)
        self.palette.popup(text)

    def _palette_actions(self) -> list[QAction]:
        actions: list[QAction] = []
        for top in self.menuBar().actions():
            menu = top.menu()
            if isinstance(menu, QMenu):
                actions.extend(
                    a for a in menu.actions() if a.menu() is None and not a.isSeparator()
                )
        return [a for a in actions if a is not self.act_palette]

    def _open_rel(self, rel: str) -> None:
        self.open_file(self.files.get(rel, rel))
        self.tree.select_path(rel)

    def _go_to_line_number(self, line: int) -> None:
        page = self.tabs.current_editor()
        if page is not None:
            page.editor.go_to_line(line)
            page.editor.setFocus()

    def _show_dreaming(self) -> None:
        if self.dashboard is not None:
            self.pages.setCurrentWidget(self.dashboard)

    def session_context_dialog(self) -> ContextDialog | None:
        """The session-start view of the open workspace's agent (computed off the UI thread)."""
        service = self.controller.service
        if service is None:
            return None
        root, state, agent = service.root, self.controller.state_dir, service.agent_id
        return ContextDialog(lambda: load_session_context(root, state, agent), self)

    def show_session_context(self) -> None:
        dialog = self.session_context_dialog()
        if dialog is not None:
            dialog.show()

    def _toggle_own_transcripts(self, checked: bool) -> None:
        """The reverie profile's opt-in for the agent's own transcripts (re-indexes)."""
        from dataclasses import replace

        settings = replace(self.controller.app_settings, own_transcripts=bool(checked))
        self.controller.apply_settings(settings)

    def show_shortcuts(self) -> None:
        ShortcutsDialog(self.menuBar(), self).exec()

    def open_log_folder(self) -> None:
        if self.log_file is not None:
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.log_file.parent)))

    # ------------------------------------------------------------ errors and closing
    def show_error(self, message: str, details: str) -> None:
        """A message box; unexpected errors (with ``details``) also say where the log is."""
        log.error("%s\n%s", message, details)
        box = QMessageBox(QMessageBox.Icon.Warning, "Reverie", message, parent=self)
        if details:
            box.setDetailedText(details)
            if self.log_file is not None:
                box.setInformativeText(
                    self.tr("The details were also written to the log: {path}").format(
                        path=self.log_file
                    )
                )
                logs = box.addButton(self.tr("Open log folder"), QMessageBox.ButtonRole.HelpRole)
                logs.clicked.connect(self.open_log_folder)
            box.addButton(QMessageBox.StandardButton.Close)
        self.last_error_box = box
        box.open()

    def _about(self) -> None:
        QMessageBox.about(
            self,
            self.tr("About Reverie"),
            self.tr(
                "<b>Reverie</b><br>A workbench for the Markdown memory of AI agents: browse and "
                "edit it, see why search ranks what it ranks, and review what dreaming promotes."
            ),
        )

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.tabs.close_all():
            event.ignore()
            return
        self.qsettings.setValue("window/geometry", self.saveGeometry())
        self.qsettings.setValue("window/split", self.splitter.saveState())
        self.qsettings.setValue("window/right", self.right.saveState())
        self.qsettings.setValue("window/state", self.saveState())
        if self.dashboard is not None:
            self.dashboard.close_down()  # type: ignore[attr-defined]
        if self.purpose is not None:
            self.purpose.close_down()
        if self.health is not None:
            self.health.close_down()
        self.tree.close_down()
        self.controller.shutdown()
        event.accept()
