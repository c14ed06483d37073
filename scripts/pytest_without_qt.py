"""Run pytest with PySide6 and shiboken6 made unimportable.

The core, the CLI and the conformance tests must pass on a machine without Qt:
``python scripts/pytest_without_qt.py tests/core tests/conformance``. Any import of Qt from
the code under test fails with ImportError, so a stray Qt import in the core fails CI.
"""

from __future__ import annotations

import importlib.abc
import sys
from collections.abc import Sequence
from types import ModuleType

BLOCKED = ("PySide6", "shiboken6")


class _QtBlocker(importlib.abc.MetaPathFinder):
    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> None:
        if fullname.split(".", 1)[0] in BLOCKED:
            raise ImportError(f"{fullname} is blocked: this run checks the code needs no Qt")
        return None


def main(argv: Sequence[str]) -> int:
    for name in list(sys.modules):
        if name.split(".", 1)[0] in BLOCKED:
            del sys.modules[name]
    sys.meta_path.insert(0, _QtBlocker())
    import pytest

    return int(
        pytest.main(["-p", "no:pytest-qt", "-W", "ignore::pytest.PytestConfigWarning", *argv])
    )


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
