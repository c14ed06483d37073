"""A session transcript shown read-only as a conversation."""

from __future__ import annotations

import html

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
from PySide6.QtWidgets import QTextBrowser, QWidget

from ...core.transcripts import Message, render_conversation

_ROLE_STYLE = {
    "user": (QT_TRANSLATE_NOOP("ConversationView", "You / user"), "#eef4ff", "#3b7dd8"),
    "assistant": (QT_TRANSLATE_NOOP("ConversationView", "Assistant"), "#f6f6f6", "#7a3e9d"),
}


def conversation_html(messages: list[Message]) -> str:
    parts = ["<html><body style='font-family: sans-serif;'>"]
    if not messages:
        empty = QCoreApplication.translate(
            "ConversationView", "No user or assistant messages in this transcript."
        )
        parts.append(f"<p><i>{empty}</i></p>")
    for msg in messages:
        title, bg, accent = _ROLE_STYLE.get(str(msg.role), (str(msg.role), "#ffffff", "#555555"))
        when = msg.timestamp.strftime("%Y-%m-%d %H:%M") if msg.timestamp else ""
        if str(msg.role) in _ROLE_STYLE:
            title = QCoreApplication.translate("ConversationView", title)
        where = QCoreApplication.translate("ConversationView", "{when} · line {line}").format(
            when=when, line=msg.jsonl_line
        )
        body = html.escape(msg.text).replace("\n", "<br>")
        parts.append(
            f"<table width='100%' cellpadding='6' style='background:{bg}; margin-bottom:6px'>"
            f"<tr><td><b style='color:{accent}'>{html.escape(title)}</b> "
            f"<span style='color:#8a8f96'>{where}</span><br>{body}"
            "</td></tr></table>"
        )
    parts.append("</body></html>")
    return "".join(parts)


class ConversationView(QTextBrowser):
    def __init__(self, rel_path: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rel_path = rel_path
        self.setReadOnly(True)
        self.setOpenLinks(False)
        self.messages: list[Message] = []

    def show_transcript(self, jsonl_text: str) -> None:
        self.messages = render_conversation(jsonl_text)
        self.setHtml(conversation_html(self.messages))

    def loadResource(self, kind: int, url: object) -> object:
        return None
