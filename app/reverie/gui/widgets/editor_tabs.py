"""The tabs of open files: Markdown editors and read-only conversations."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QMessageBox, QTabWidget, QWidget

from ...core.workspace import FileKind, MemoryFile
from ..controller import Controller
from .conversation_view import ConversationView
from .editor import EditorPage


class EditorTabs(QTabWidget):
    sig_status = Signal(str)

    def __init__(self, controller: Controller, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.setTabsClosable(True)
        self.setMovable(True)
        self.setDocumentMode(True)
        self.tabCloseRequested.connect(self._on_tab_close_requested)
        controller.sig_disk_changed.connect(self._on_controller_disk_changed)

    def pages(self) -> list[QWidget]:
        return [self.widget(i) for i in range(self.count())]

    def page_for(self, rel: str) -> QWidget | None:
        for page in self.pages():
            if getattr(page, "rel_path", None) == rel:
                return page
        return None

    def current_editor(self) -> EditorPage | None:
        page = self.currentWidget()
        return page if isinstance(page, EditorPage) else None

    def open_file(self, mf: MemoryFile | str, lines: tuple[int, int] | None = None) -> QWidget:
        rel = mf if isinstance(mf, str) else mf.rel_path
        page = self.page_for(rel)
        if page is None:
            if not isinstance(mf, str) and mf.kind is FileKind.SESSION:
                view = ConversationView(rel)
                view.show_transcript(self.controller.read_session(mf))
                page = view
                index = self.addTab(page, "💬 " + rel.rsplit("/", 1)[-1])
            elif rel.startswith("sessions/"):
                raise ValueError(f"{rel} is a transcript; open it from the tree")
            else:
                editor = EditorPage(self.controller, rel)
                editor.sig_dirty_changed.connect(lambda _d, e=editor: self._update_title(e))
                editor.sig_status.connect(self.sig_status)
                page = editor
                index = self.addTab(page, rel.rsplit("/", 1)[-1])
            self.setTabToolTip(index, rel)
        self.setCurrentWidget(page)
        if lines is not None and isinstance(page, EditorPage):
            page.editor.mark_lines(*lines)
        return page

    def _update_title(self, page: EditorPage) -> None:
        index = self.indexOf(page)
        if index >= 0:
            name = page.rel_path.rsplit("/", 1)[-1]
            self.setTabText(index, f"● {name}" if page.dirty else name)

    def _on_controller_disk_changed(self, rels: set[str]) -> None:
        for rel in rels:
            page = self.page_for(rel)
            if isinstance(page, EditorPage):
                page.on_disk_changed()
            elif isinstance(page, ConversationView):
                for mf in self.controller.service.workspace.list_memory_files()[0]:  # type: ignore[union-attr]
                    if mf.rel_path == rel:
                        page.show_transcript(self.controller.read_session(mf))
                        break

    def dirty_pages(self) -> list[EditorPage]:
        return [p for p in self.pages() if isinstance(p, EditorPage) and p.dirty]

    def _on_tab_close_requested(self, index: int) -> None:
        self.close_tab(index)

    def close_tab(self, index: int) -> bool:
        page = self.widget(index)
        if isinstance(page, EditorPage) and page.dirty:
            answer = QMessageBox.question(
                self,
                self.tr("Unsaved changes"),
                self.tr("Save the changes to {path}?").format(path=page.rel_path),
                QMessageBox.StandardButton.Save
                | QMessageBox.StandardButton.Discard
                | QMessageBox.StandardButton.Cancel,
            )
            if answer == QMessageBox.StandardButton.Cancel:
                return False
            if answer == QMessageBox.StandardButton.Save and not page.save():
                return False
        self.removeTab(index)
        page.deleteLater()
        return True

    def close_all(self) -> bool:
        while self.count():
            if not self.close_tab(0):
                return False
        return True
