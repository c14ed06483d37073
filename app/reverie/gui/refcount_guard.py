"""A guard against PySide6 releases that drop references to Python's singletons.

PySide6 6.12.0 returns ``True`` from ``SignalInstance.emit()`` without a reference of its
own, so every signal emitted from Python takes one reference from ``True``; Python slots
called from Qt take from ``None`` the same way. A long session emits hundreds of thousands
of signals: once such a count reaches zero, the interpreter stops with ``Fatal Python
error: bool_dealloc`` (or ``none_dealloc``), usually while it finalizes on exit.

On CPython before 3.12 these singletons are reference-counted like any object (3.12 made
them immortal). :func:`guard_singletons` measures whether the installed PySide6 has the
leak and, only then, gives ``True``, ``False`` and ``None`` a reserve of references that
no session can use up. The singletons are never freed anyway, so the reserve changes
nothing else. PySide6 6.11.3 does not have the leak.
"""

from __future__ import annotations

import ctypes
import logging
import sys

log = logging.getLogger(__name__)

RESERVE = 1 << 40
"""References added to each singleton when the leak is found (never used up: 2**40 emits
at a million a second take twelve days)."""

_guarded = False


def emit_leaks_true(samples: int = 64) -> bool:
    """True when emitting a Qt signal from Python takes a reference from ``True``."""
    from PySide6.QtCore import QObject, Signal

    class _Probe(QObject):
        ping = Signal()

    probe = _Probe()
    before = sys.getrefcount(True)
    for _ in range(samples):
        probe.ping.emit()
    leaked = before - sys.getrefcount(True)
    probe.deleteLater()
    return leaked >= samples // 2


def guard_singletons() -> bool:
    """Reserve references for ``True``, ``False`` and ``None`` when the installed PySide6
    leaks them (see the module text); returns True when the reserve was added."""
    global _guarded
    if _guarded or sys.implementation.name != "cpython" or sys.version_info >= (3, 12):
        return False
    if hasattr(sys, "gettotalrefcount"):  # a debug build: the count is not the first field
        return False
    if not emit_leaks_true():
        return False
    import PySide6

    for singleton in (True, False, None):
        refcount = ctypes.c_ssize_t.from_address(id(singleton))
        refcount.value += RESERVE
    _guarded = True
    log.info(
        "PySide6 %s drops references to True/None on signal emission; reserved references "
        "so a long session cannot crash on them (PySide6 6.11.3 has no such leak)",
        PySide6.__version__,
    )
    return True
