"""Fixtures shared by the conformance tests."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest


@pytest.fixture
def utc_host(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The vectors were generated with TZ=UTC (the host-local fallback day)."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()
