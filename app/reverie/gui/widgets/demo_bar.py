"""The bar over the window while the bundled demo workspace is open (the first run)."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QToolButton, QWidget


class DemoBar(QFrame):
    """Says that this is the demo and how to open the agent's own memory instead."""

    sig_open = Signal()
    sig_agents = Signal()
    sig_settings = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("demoBar")
        self.message = QLabel(
            self.tr(
                "<b>This is a demo workspace</b>, a private copy: edit, search and approve "
                "freely. To work on your agent's memory, open its workspace folder (OpenClaw: "
                "<code>~/.openclaw/workspace</code>)."
            )
        )
        self.message.setWordWrap(True)
        self.open_btn = QPushButton(self.tr("Open workspace…"))
        self.agents_btn = QPushButton(self.tr("OpenClaw agents…"))
        self.settings_btn = QPushButton(self.tr("Settings…"))
        self.close_btn = QToolButton()
        self.close_btn.setText("×")
        self.close_btn.setToolTip(self.tr("Hide"))
        self.close_btn.setAutoRaise(True)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self.message, 1)
        for button in (self.open_btn, self.agents_btn, self.settings_btn, self.close_btn):
            layout.addWidget(button)
        self.open_btn.clicked.connect(self.sig_open)
        self.agents_btn.clicked.connect(self.sig_agents)
        self.settings_btn.clicked.connect(self.sig_settings)
        self.close_btn.clicked.connect(self.hide)
        self.setStyleSheet("#demoBar { background: palette(alternate-base); }")
        self.hide()
