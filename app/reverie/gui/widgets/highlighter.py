"""Markdown syntax highlighting: headings, lists, code fences, emphasis, links, HTML
comments (OpenClaw's promotion markers are HTML comments), block quotes."""

from __future__ import annotations

import re

from PySide6.QtGui import QColor, QFont, QSyntaxHighlighter, QTextCharFormat, QTextDocument

IN_FENCE = 1
IN_COMMENT = 2

_FENCE = re.compile(r"^\s{0,3}(```|~~~)")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s.*$")
_LIST = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s(?:\[[ xX]\]\s)?")
_QUOTE = re.compile(r"^\s{0,3}>.*$")
_BOLD = re.compile(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1")
_ITALIC = re.compile(r"(?<![*_\w])([*_])(?=\S)(.+?)(?<=\S)\1(?![*_\w])")
_CODE = re.compile(r"`[^`\n]+`")
_LINK = re.compile(r"!?\[[^\]\n]*\]\([^)\n]*\)|<https?://[^>\s]+>|https?://\S+")


def _fmt(
    color: str, bold: bool = False, italic: bool = False, mono: bool = False
) -> QTextCharFormat:
    fmt = QTextCharFormat()
    fmt.setForeground(QColor(color))
    if bold:
        fmt.setFontWeight(QFont.Weight.Bold)
    if italic:
        fmt.setFontItalic(True)
    if mono:
        fmt.setFontFamilies(["monospace"])
    return fmt


class MarkdownHighlighter(QSyntaxHighlighter):
    def __init__(self, document: QTextDocument) -> None:
        super().__init__(document)
        self.formats = {
            "heading": _fmt("#1f4e99", bold=True),
            "list": _fmt("#b35c00", bold=True),
            "quote": _fmt("#5c6b73", italic=True),
            "bold": _fmt("#222222", bold=True),
            "italic": _fmt("#333333", italic=True),
            "code": _fmt("#7a3e9d", mono=True),
            "fence": _fmt("#7a3e9d", mono=True),
            "link": _fmt("#0b7a75"),
            "comment": _fmt("#8a8f96", italic=True),
        }

    def highlightBlock(self, text: str) -> None:
        prev = self.previousBlockState()
        if prev == IN_FENCE:
            self.setFormat(0, len(text), self.formats["fence"])
            self.setCurrentBlockState(-1 if _FENCE.match(text) else IN_FENCE)
            return
        if _FENCE.match(text):
            self.setFormat(0, len(text), self.formats["fence"])
            self.setCurrentBlockState(IN_FENCE)
            return
        self.setCurrentBlockState(-1)
        if _HEADING.match(text):
            self.setFormat(0, len(text), self.formats["heading"])
        elif _QUOTE.match(text):
            self.setFormat(0, len(text), self.formats["quote"])
        match = _LIST.match(text)
        if match:
            self.setFormat(0, match.end(), self.formats["list"])
        for pattern, name in (
            (_BOLD, "bold"),
            (_ITALIC, "italic"),
            (_LINK, "link"),
            (_CODE, "code"),
        ):
            for m in pattern.finditer(text):
                self.setFormat(m.start(), m.end() - m.start(), self.formats[name])
        self._comments(text, prev == IN_COMMENT)

    def _comments(self, text: str, continuing: bool) -> None:
        pos = 0
        if continuing:
            end = text.find("-->")
            if end < 0:
                self.setFormat(0, len(text), self.formats["comment"])
                self.setCurrentBlockState(IN_COMMENT)
                return
            self.setFormat(0, end + 3, self.formats["comment"])
            pos = end + 3
        while (start := text.find("<!--", pos)) >= 0:
            end = text.find("-->", start + 4)
            if end < 0:
                self.setFormat(start, len(text) - start, self.formats["comment"])
                self.setCurrentBlockState(IN_COMMENT)
                return
            self.setFormat(start, end + 3 - start, self.formats["comment"])
            pos = end + 3
