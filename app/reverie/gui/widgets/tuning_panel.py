"""What-if tuning: sliders and toggles over a working copy of the search settings."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ...core.search.trace import ScoreTrace
from ...core.settings import SearchSettings
from .layer_tuning import LayerTuning
from .value_slider import ValueSlider


class TuningPanel(QWidget):
    sig_changed = Signal(object)
    """The tuned SearchSettings."""
    sig_save = Signal()
    sig_export = Signal()
    sig_reset = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._base = SearchSettings.for_profile("reverie")
        self._loading = False
        self.vector_weight = ValueSlider()
        self.multiplier = QSpinBox()
        self.multiplier.setRange(1, 20)
        self.min_score = ValueSlider()
        self.mmr = QCheckBox(self.tr("on"))
        self.mmr_lambda = ValueSlider()
        self.decay = QCheckBox(self.tr("on"))
        self.half_life = QSpinBox()
        self.half_life.setRange(1, 3650)
        self.half_life.setSuffix(self.tr(" days"))
        self.fusion = QComboBox()
        for key, label in (
            ("calibrated", self.tr("calibrated (Reverie)")),
            ("openclaw", self.tr("weighted raw scores (OpenClaw)")),
            ("rrf", self.tr("reciprocal rank fusion (QMD)")),
        ):
            self.fusion.addItem(label, key)
        self.identifiers = QCheckBox(self.tr("identifiers in the question match whole"))
        self.state_intent = QCheckBox(self.tr("current facts first on state questions"))
        self.date_match = QCheckBox(self.tr("notes of a day or month the question names"))
        self.cross_language = QCheckBox(self.tr("the question's words in Chinese / English too"))
        self.boosts = QCheckBox(self.tr("OpenViking boosts"))
        self.translated_vector = QCheckBox(
            self.tr("query vector: a Chinese question's English rendering too")
        )
        self.query_calibration = QCheckBox(
            self.tr("calibrated cosine: the question's own unrelated level")
        )
        self.stages = QVBoxLayout()
        self.stages.setContentsMargins(0, 0, 0, 0)
        for box in self.stage_boxes():
            self.stages.addWidget(box)
        self.layers = LayerTuning()
        self.effective = QLabel()
        self.effective.setObjectName("paneNotice")
        self.effective.setWordWrap(True)
        form = QFormLayout()
        # labels go above their fields when the panel is narrow (it sits beside the
        # trace; side by side its rows needed 650 px and were cut off behind a scroll bar)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.addRow(self.tr("Vector weight (text = 1 − it)"), self.vector_weight)
        form.addRow("", self.effective)
        form.addRow(self.tr("Candidate multiplier"), self.multiplier)
        form.addRow("minScore", self.min_score)
        form.addRow("MMR", self.mmr)
        form.addRow(self.tr("MMR λ (relevance vs diversity)"), self.mmr_lambda)
        form.addRow(self.tr("Temporal decay"), self.decay)
        form.addRow(self.tr("Half-life"), self.half_life)
        form.addRow(self.tr("Fusion"), self.fusion)
        form.addRow(self.tr("Stages"), self.stages)
        form.addRow(self.tr("Memory layers"), self.layers)
        self.reset_btn = QPushButton(self.tr("Reset to saved"))
        self.save_btn = QPushButton(self.tr("Save as workspace profile"))
        self.export_btn = QPushButton(self.tr("Export OpenClaw JSON…"))
        buttons = QHBoxLayout()
        for b in (self.reset_btn, self.save_btn, self.export_btn):
            buttons.addWidget(b)
        title = QLabel(self.tr("What-if tuning"))
        title.setObjectName("sectionTitle")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(title)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addStretch(1)
        for slider in (self.vector_weight, self.min_score, self.mmr_lambda):
            slider.slider.valueChanged.connect(self._emit)
        for spin in (self.multiplier, self.half_life):
            spin.valueChanged.connect(self._emit)
        for box in (self.mmr, self.decay, *self.stage_boxes()):
            box.toggled.connect(self._emit)
        self.fusion.currentIndexChanged.connect(self._emit)
        self.layers.sig_changed.connect(self._emit)
        self.reset_btn.clicked.connect(self.sig_reset)
        self.save_btn.clicked.connect(self.sig_save)
        self.export_btn.clicked.connect(self.sig_export)

    def set_settings(self, settings: SearchSettings) -> None:
        """Show ``settings`` without emitting a change."""
        self._loading = True
        self._base = settings
        vw, _tw = settings.normalised_weights()
        self.vector_weight.set_value(vw)
        self.multiplier.setValue(int(settings.candidate_multiplier))
        self.min_score.set_value(settings.min_score)
        self.mmr.setChecked(settings.mmr_enabled)
        self.mmr_lambda.set_value(settings.mmr_lambda)
        self.decay.setChecked(settings.decay_enabled)
        self.half_life.setValue(round(settings.half_life_days))
        self.fusion.setCurrentIndex(max(0, self.fusion.findData(settings.fusion)))
        self.identifiers.setChecked(settings.identifiers)
        self.state_intent.setChecked(settings.state_intent)
        self.date_match.setChecked(settings.date_match)
        self.cross_language.setChecked(settings.cross_language)
        self.boosts.setChecked(settings.boosts)
        self.translated_vector.setChecked(settings.translated_vector)
        self.query_calibration.setChecked(settings.query_calibration)
        self.layers.set_settings(settings)
        self._loading = False
        self._sync_enabled()

    def settings(self) -> SearchSettings:
        vw = self.vector_weight.value()
        return self._base.with_changes(
            vector_weight=vw,
            text_weight=round(1.0 - vw, 4),
            candidate_multiplier=self.multiplier.value(),
            min_score=self.min_score.value(),
            mmr_enabled=self.mmr.isChecked(),
            mmr_lambda=self.mmr_lambda.value(),
            decay_enabled=self.decay.isChecked(),
            half_life_days=float(self.half_life.value()),
            fusion=self.fusion.currentData() or self._base.fusion,
            identifiers=self.identifiers.isChecked(),
            state_intent=self.state_intent.isChecked(),
            date_match=self.date_match.isChecked(),
            cross_language=self.cross_language.isChecked(),
            boosts=self.boosts.isChecked(),
            translated_vector=self.translated_vector.isChecked(),
            query_calibration=self.query_calibration.isChecked(),
            **self.layers.changes(),
        )

    def stage_boxes(self) -> tuple[QCheckBox, ...]:
        """The switches of the optional and intent stages."""
        return (
            self.identifiers,
            self.state_intent,
            self.date_match,
            self.cross_language,
            self.boosts,
            self.translated_vector,
            self.query_calibration,
        )

    def show_effective(self, trace: ScoreTrace | None) -> None:
        """Say which weights the last search really used (the lexical tilt moves them)."""
        if trace is None or trace.base_vector_weight is None:
            self.effective.setText("")
            return
        if trace.lexical_confidence is None:
            text = self.tr("This query used vector {vw}, text {tw}.")
        else:
            text = self.tr(
                "This query used vector {vw}, text {tw}: tilted by its keyword evidence "
                "{confidence} (the trace shows the sum)."
            )
        self.effective.setText(
            text.format(
                vw=f"{trace.vector_weight:.3f}",
                tw=f"{trace.text_weight:.3f}",
                confidence=f"{trace.lexical_confidence or 0.0:.2f}",
            )
        )

    def _sync_enabled(self) -> None:
        self.mmr_lambda.setEnabled(self.mmr.isChecked())
        self.half_life.setEnabled(self.decay.isChecked())

    def _emit(self, *_args: object) -> None:
        self._sync_enabled()
        if not self._loading:
            self.sig_changed.emit(self.settings())
