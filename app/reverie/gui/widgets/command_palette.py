"""Quick open and command palette (Ctrl+P): type a few letters of a file or a command.

Plain text matches memory files and commands; ``>`` restricts to commands; ``:N`` goes to
line N of the current editor. Matching is fuzzy (the letters in order, not necessarily
adjacent), ranked by how tight and how early the match is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

MAX_ROWS = 200


def fuzzy_score(query: str, text: str) -> float | None:
    """How well ``query`` matches ``text`` (higher is better), or None when it does not.

    Every character of the query must appear in order (case-insensitive). Consecutive
    characters, matches at word starts and an early first match score higher; a
    substring match beats any scattered one. Whitespace in the query separates words that
    must each match.
    """
    words = query.lower().split()
    if not words:
        return 0.0
    haystack = text.lower()
    total = 0.0
    for word in words:
        score = _word_score(word, haystack)
        if score is None:
            return None
        total += score
    return total - len(text) * 0.01  # shorter names first among equals


def _word_score(word: str, haystack: str) -> float | None:
    at = haystack.find(word)
    if at >= 0:
        start_bonus = 3.0 if at == 0 or not haystack[at - 1].isalnum() else 0.0
        return 10.0 + len(word) * 2.0 + start_bonus - at * 0.05
    score = 0.0
    pos = -1
    previous = -2
    for char in word:
        pos = haystack.find(char, pos + 1)
        if pos < 0:
            return None
        if pos == previous + 1:
            score += 1.5
        elif pos == 0 or not haystack[pos - 1].isalnum():
            score += 1.0
        else:
            score += 0.2
        previous = pos
    return score


@dataclass(frozen=True)
class PaletteEntry:
    kind: str  # "file" or "command"
    label: str
    detail: str
    key: str  # the file's relative path, or the command's label


def command_label(action: QAction) -> str:
    """An action's menu text without accelerator marks and ellipsis."""
    return action.text().replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…")


class CommandPalette(QDialog):
    """A small popup listing matching files and commands; Enter runs the selected one."""

    sig_open_file = Signal(str)
    sig_go_to_line = Signal(int)

    def __init__(
        self,
        parent: QWidget,
        actions: Callable[[], Sequence[QAction]],
        files: Callable[[], Sequence[str]],
    ) -> None:
        super().__init__(parent)
        self.setObjectName("commandPalette")
        self.setWindowTitle(self.tr("Go to file or command"))
        self.setWindowFlag(Qt.WindowType.FramelessWindowHint, True)
        self.setModal(True)
        self._actions_of = actions
        self._files_of = files
        self._actions: dict[str, QAction] = {}
        self.edit = QLineEdit()
        self.edit.setPlaceholderText(self.tr("File name, > command, or :line number"))
        self.edit.setClearButtonEnabled(True)
        self.list = QListWidget()
        self.list.setUniformItemSizes(True)
        self.hint = QLabel()
        self.hint.setObjectName("paletteHint")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addWidget(self.edit)
        layout.addWidget(self.list)
        layout.addWidget(self.hint)
        self.resize(620, 420)
        self.edit.textChanged.connect(self.refresh)
        self.edit.returnPressed.connect(self.accept_current)
        self.list.itemActivated.connect(lambda _item: self.accept_current())
        self.edit.installEventFilter(self)

    # ------------------------------------------------------------ content
    def popup(self, text: str = "") -> None:
        """Show centred near the top of the parent window, with ``text`` typed."""
        self._actions = {}
        for action in self._actions_of():
            if action.isEnabled() and action.isVisible() and action.text():
                self._actions.setdefault(command_label(action), action)
        self.edit.setText(text)
        self.refresh()
        parent = self.parentWidget()
        if parent is not None:
            geometry = parent.geometry()
            self.move(geometry.x() + (geometry.width() - self.width()) // 2, geometry.y() + 80)
        self.show()
        self.raise_()
        self.activateWindow()
        self.edit.setFocus()

    def entries(self, text: str) -> list[PaletteEntry]:
        """The entries matching ``text``, best first (what the list shows)."""
        query = text.strip()
        commands_only = query.startswith(">")
        if commands_only:
            query = query[1:].strip()
        scored: list[tuple[float, int, PaletteEntry]] = []
        for label, action in self._actions.items():
            score = fuzzy_score(query, label)
            if score is not None:
                shortcut = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
                entry = PaletteEntry("command", label, shortcut, label)
                scored.append((score, 1, entry))
        if not commands_only:
            for rel in self._files_of():
                name = rel.rsplit("/", 1)[-1]
                score = fuzzy_score(query, rel)
                if score is None:
                    continue
                name_score = fuzzy_score(query, name)
                if name_score is not None:
                    score = max(score, name_score + 1.0)
                scored.append((score, 0, PaletteEntry("file", name, rel, rel)))
        # with nothing typed, files first (quick open); otherwise by score
        scored.sort(
            key=lambda row: (-row[0], row[1], row[2].key) if query else (row[1], row[2].key)
        )
        return [entry for _score, _kind, entry in scored[:MAX_ROWS]]

    def refresh(self) -> None:
        text = self.edit.text()
        self.list.clear()
        line = re.fullmatch(r"\s*:(\d+)\s*", text)
        if line:
            item = QListWidgetItem(self.tr("Go to line {n}").format(n=int(line.group(1))))
            item.setData(Qt.ItemDataRole.UserRole, ("line", line.group(1)))
            self.list.addItem(item)
        else:
            for entry in self.entries(text):
                label = entry.label if entry.kind == "command" else entry.key
                item = QListWidgetItem(
                    f"{label}    {entry.detail}"
                    if entry.kind == "command" and entry.detail
                    else label
                )
                item.setData(Qt.ItemDataRole.UserRole, (entry.kind, entry.key))
                item.setToolTip(entry.detail)
                self.list.addItem(item)
        if self.list.count():
            self.list.setCurrentRow(0)
        self.hint.setText(
            self.tr("{n} matches · Enter to open · Esc to close").format(n=self.list.count())
        )

    # ------------------------------------------------------------ running
    def accept_current(self) -> None:
        item = self.list.currentItem()
        if item is None:
            return
        kind, key = item.data(Qt.ItemDataRole.UserRole)
        self.hide()
        if kind == "file":
            self.sig_open_file.emit(key)
        elif kind == "line":
            self.sig_go_to_line.emit(int(key))
        else:
            action = self._actions.get(key)
            if action is not None:
                action.trigger()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.edit and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            key = event.key()
            if key in (Qt.Key.Key_Down, Qt.Key.Key_Up, Qt.Key.Key_PageDown, Qt.Key.Key_PageUp):
                step = {Qt.Key.Key_Down: 1, Qt.Key.Key_Up: -1}.get(
                    key, 10 if key == Qt.Key.Key_PageDown else -10
                )
                count = self.list.count()
                if count:
                    row = min(max(self.list.currentRow() + step, 0), count - 1)
                    self.list.setCurrentRow(row)
                return True
            if key == Qt.Key.Key_Escape:
                self.hide()
                return True
        return super().eventFilter(watched, event)
