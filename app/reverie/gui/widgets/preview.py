"""Rendered Markdown preview: markdown-it-py with raw HTML off and no remote resources."""

from __future__ import annotations

from typing import Any

from markdown_it import MarkdownIt
from PySide6.QtCore import QUrl
from PySide6.QtWidgets import QTextBrowser, QWidget

_md: MarkdownIt | None = None


def render_markdown(text: str) -> str:
    """HTML for ``text``; raw HTML in the source is shown as text, never interpreted."""
    global _md
    if _md is None:
        _md = MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table")
    return _md.render(text)


class MarkdownPreview(QTextBrowser):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setOpenLinks(False)
        self.setOpenExternalLinks(False)
        self.blocked: list[str] = []

    def show_markdown(self, text: str) -> None:
        self.blocked = []
        self.setHtml(render_markdown(text))

    def loadResource(self, kind: int, url: QUrl | str) -> Any:
        """Nothing is fetched: images and style sheets referenced by notes are not loaded."""
        self.blocked.append(url.toString() if isinstance(url, QUrl) else str(url))
        return None
