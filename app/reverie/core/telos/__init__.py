"""The purpose layer (L3): Telos files read, linked into a chain and to the memory."""

from __future__ import annotations

from .links import (
    DEFAULT_NEGLECT_DAYS,
    ItemStatus,
    Link,
    MemoryLine,
    Mention,
    TelosReport,
    build_report,
    index_memory_lines,
    memory_lines,
    telos_report,
)
from .model import Deadline, JournalEntry, TelosDocument, TelosItem, TelosProblem
from .parser import TelosSource, parse_sources, parse_telos
from .sources import find_telos_paths, is_telos_path, load_telos

__all__ = [
    "DEFAULT_NEGLECT_DAYS",
    "Deadline",
    "ItemStatus",
    "JournalEntry",
    "Link",
    "MemoryLine",
    "Mention",
    "TelosDocument",
    "TelosItem",
    "TelosProblem",
    "TelosReport",
    "TelosSource",
    "build_report",
    "find_telos_paths",
    "index_memory_lines",
    "is_telos_path",
    "load_telos",
    "memory_lines",
    "parse_sources",
    "parse_telos",
    "telos_report",
]
