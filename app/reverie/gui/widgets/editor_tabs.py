"""The tabs of open files: Markdown editors and read-only conversations."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QMessageBox, QTabWidget, QWidget

from ...core.errors import UserError
from ...core.workspace import FileKind, MemoryFile, UnreadableFile, sha256_hex
from ..controller import Controller
from ..phrases import say
from ..tasks import refusal_text
from .conversation_view import ConversationView
from .editor import EditorPage


class UnreadablePage(QLabel):
    """The tab of a file opened without the person asking (MEMORY.md at start) that cannot
    be read as text: why, and nothing to edit or save. The file opens in it once it reads."""

    def __init__(self, rel_path: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rel_path = rel_path
        self.sentence = ""
        """Why the file cannot be read, in a sentence (what the status bar says)."""
        self.setWordWrap(True)
        self.setMargin(24)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

    def show_reason(self, error: UnreadableFile) -> None:
        reason = say(error.reason) if error.reason is not None else refusal_text(error)
        self.sentence = self.tr("Cannot read {path}: {reason}.").format(
            path=self.rel_path, reason=reason
        )
        self.setText(
            self.sentence
            + "\n\n"
            + self.tr(
                "Nothing was written to it; this tab opens it for editing once it can be read."
            )
        )


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

    def open_file(
        self, mf: MemoryFile | str, lines: tuple[int, int] | None = None, *, asked: bool = True
    ) -> QWidget:
        """The tab of ``mf``, opened if it is not. A Markdown file that cannot be read as
        text raises :class:`UnreadableFile`, or, when the person did not ask for it
        (``asked`` False: MEMORY.md at start), gets a tab that says why."""
        rel = mf if isinstance(mf, str) else mf.rel_path
        page = self.page_for(rel)
        if isinstance(page, UnreadablePage):
            page = self._read_again(page, asked)
        if page is None:
            if not isinstance(mf, str) and mf.kind is FileKind.SESSION:
                view = ConversationView(rel)
                view.show_transcript(self.controller.read_session(mf))
                page = view
                index = self.addTab(page, "💬 " + rel.rsplit("/", 1)[-1])
            elif rel.startswith("sessions/"):
                raise ValueError(f"{rel} is a transcript; open it from the tree")
            else:
                try:
                    page = self._editor(rel)
                except UnreadableFile as exc:
                    if asked:
                        raise
                    notice = UnreadablePage(rel)
                    notice.show_reason(exc)
                    page = notice
                    index = self.addTab(page, "⚠ " + rel.rsplit("/", 1)[-1])
                    self.sig_status.emit(notice.sentence)
                else:
                    index = self.addTab(page, rel.rsplit("/", 1)[-1])
            self.setTabToolTip(index, rel)
        self.setCurrentWidget(page)
        if lines is not None and isinstance(page, EditorPage):
            page.editor.mark_lines(*lines)
        return page

    def _editor(self, rel: str) -> EditorPage:
        """An editor on ``rel`` (raises :class:`UnreadableFile` when it cannot be read)."""
        editor = EditorPage(self.controller, rel)
        editor.sig_dirty_changed.connect(lambda _d, e=editor: self._update_title(e))
        editor.sig_readable_changed.connect(lambda _r, e=editor: self._update_title(e))
        editor.sig_status.connect(self.sig_status)
        editor.sig_close_requested.connect(lambda e=editor: self._close_page(e))
        return editor

    def _read_again(self, page: UnreadablePage, asked: bool) -> QWidget:
        """The file of ``page`` read again: an editor in its place once it reads, else
        ``page`` saying why now (and, ``asked``, the :class:`UnreadableFile` raised)."""
        try:
            editor = self._editor(page.rel_path)
        except UnreadableFile as exc:
            page.show_reason(exc)
            if asked:
                raise
            return page
        index, current = self.indexOf(page), self.currentWidget() is page
        self.insertTab(index, editor, page.rel_path.rsplit("/", 1)[-1])
        self.setTabToolTip(index, page.rel_path)
        self.removeTab(index + 1)
        page.deleteLater()
        if current:
            self.setCurrentWidget(editor)
        return editor

    def _update_title(self, page: EditorPage) -> None:
        index = self.indexOf(page)
        if index >= 0:
            name = page.rel_path.rsplit("/", 1)[-1]
            name = f"● {name}" if page.dirty else name
            self.setTabText(index, name if page.unreadable is None else f"⚠ {name}")

    def _on_controller_disk_changed(self, rels: set[str]) -> None:
        for rel in sorted(rels):
            page = self.page_for(rel)
            if isinstance(page, EditorPage):
                moved_to = self._moved_to(page, rels)
                if moved_to is not None:
                    self.follow_rename(page, moved_to)
                else:
                    page.on_disk_changed()
            elif isinstance(page, UnreadablePage):
                self._read_again(page, asked=False)
            elif isinstance(page, ConversationView):
                for mf in self.controller.service.workspace.list_memory_files()[0]:  # type: ignore[union-attr]
                    if mf.rel_path == rel:
                        page.show_transcript(self.controller.read_session(mf))
                        break

    def _moved_to(self, page: EditorPage, changed: set[str]) -> str | None:
        """Where the file of ``page`` went when it was renamed (None: it was not): a path
        changed in the same burst, not open in a tab, holding the bytes the page loaded."""
        ws = self.controller.service.workspace if self.controller.service else None
        if ws is None or not page.loaded_hash or ws.resolve(page.rel_path).exists():
            return None
        for rel in sorted(changed - {page.rel_path}):
            if self.page_for(rel) is not None:
                continue
            try:
                data = ws.read_bytes(rel)
            except UserError:
                continue
            if sha256_hex(data) == page.loaded_hash:
                return rel
        return None

    def follow_rename(self, page: EditorPage, new_rel: str) -> None:
        """The file of ``page`` is now ``new_rel``: the tab shows it under that name."""
        page.follow_rename(new_rel)
        index = self.indexOf(page)
        if index >= 0:
            self.setTabToolTip(index, new_rel)
        self._update_title(page)

    def _close_page(self, page: EditorPage) -> None:
        index = self.indexOf(page)
        if index >= 0:
            self.close_tab(index)

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
