"""The review's actions by the names the interface gives them (the audit log and the core
name them ``retire``, ``update``...)."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

CONTEXT = "HealthActions"

NAMES = {
    "update": QT_TRANSLATE_NOOP("HealthActions", "update"),
    "retire": QT_TRANSLATE_NOOP("HealthActions", "retire"),
    "merge": QT_TRANSLATE_NOOP("HealthActions", "merge"),
    "keep": QT_TRANSLATE_NOOP("HealthActions", "keep"),
    "snooze": QT_TRANSLATE_NOOP("HealthActions", "snooze"),
    "restore": QT_TRANSLATE_NOOP("HealthActions", "restore"),
    "undo": QT_TRANSLATE_NOOP("HealthActions", "undo"),
}


def action_name(action: object) -> str:
    """``action`` in the interface's language (an unknown one as it is)."""
    text = str(action or "")
    return QCoreApplication.translate(CONTEXT, NAMES[text]) if text in NAMES else text
