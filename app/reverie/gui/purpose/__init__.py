"""The Purpose page: the Telos view (L3) and the life of every memory layer."""

from __future__ import annotations

from .purpose_page import PurposePage

__all__ = ["PurposePage"]
