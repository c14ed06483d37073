"""A finding's reason in the interface's language (:mod:`reverie.gui.phrases`)."""

from __future__ import annotations

from ...core.health.model import Finding
from ..phrases import phrase_text


def reason_text(finding: Finding) -> str:
    """The finding's reason, translated where the catalog has its parts (a finding read
    back without them: the English reason)."""
    return phrase_text(finding.reason_phrase, finding.reason)
