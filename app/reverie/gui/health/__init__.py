"""The Health page: a review of MEMORY.md (possible updates, duplicates, stale entries,
size against the bootstrap cap) with previewed, undoable actions."""

from .health_page import HealthPage

__all__ = ["HealthPage"]
