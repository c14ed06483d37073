"""The approval diff as coloured HTML (the text itself comes from core.dreaming.approval)."""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication

from reverie.core.dreaming.approval import diff_lines


def diff_html(before: str, after: str) -> str:
    """The diff as coloured HTML lines."""
    rows = []
    label = QCoreApplication.translate("ApprovalPreview", "MEMORY.md (after approval)")
    for line in diff_lines(before, after, after_label=label):
        color = ""
        if line.startswith("+") and not line.startswith("+++"):
            color = "background:#e6ffec;color:#116329"
        elif line.startswith("-") and not line.startswith("---"):
            color = "background:#ffebe9;color:#a40e26"
        elif line.startswith("@@"):
            color = "color:#6e7781"
        rows.append(f'<div style="{color}">{html.escape(line) or "&nbsp;"}</div>')
    return (
        '<div style="font-family:monospace;white-space:pre-wrap">' + "".join(rows) + "</div>"
        if rows
        else "<i>{}</i>".format(
            QCoreApplication.translate(
                "ApprovalPreview", "No change: the entry is already in MEMORY.md."
            )
        )
    )
