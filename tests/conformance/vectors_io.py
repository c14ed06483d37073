"""Load the conformance vectors and decode their JSON encoding of JavaScript values.

The vectors encode what JSON cannot hold (see ``vectors/README.md``):

* ``{"$num": "NaN" | "Infinity" | "-Infinity" | "-0"}``: a non-finite number or -0;
* ``{"$undefined": true}``: ``undefined`` inside an array (decoded to :data:`UNDEFINED`);
* ``{"$set": [...]}``: a ``Set`` (decoded to a Python ``set``; its members are scalars).

The loader also writes ``workspace_files`` tables to disk with their mtimes.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

VECTORS_DIR = Path(__file__).resolve().parent / "vectors"

_NUMBERS = {
    "NaN": math.nan,
    "Infinity": math.inf,
    "-Infinity": -math.inf,
    "-0": -0.0,
}


class _Undefined:
    """JavaScript's ``undefined`` where the vectors keep it (inside arrays)."""

    _instance: _Undefined | None = None

    def __new__(cls) -> _Undefined:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNDEFINED"


UNDEFINED = _Undefined()


def decode(value: Any) -> Any:
    """Decode the ``$num`` / ``$set`` / ``$undefined`` markers, recursively."""
    if isinstance(value, list):
        return [decode(v) for v in value]
    if isinstance(value, dict):
        if len(value) == 1:
            if "$num" in value:
                return _NUMBERS[value["$num"]]
            if "$set" in value:
                return {decode(v) for v in value["$set"]}
            if value.get("$undefined") is True:
                return UNDEFINED
        return {k: decode(v) for k, v in value.items()}
    return value


def load_vectors(filename: str) -> dict[str, Any]:
    """Load and decode ``vectors/<filename>``."""
    with (VECTORS_DIR / filename).open(encoding="utf-8") as handle:
        return decode(json.load(handle))


def case_ids(cases: list[dict[str, Any]]) -> list[str]:
    """Readable, unique pytest ids for a list of vector cases."""
    return [f"{i:02d}-{case['name']}" for i, case in enumerate(cases)]


def write_workspace_files(root: Path, workspace_files: Mapping[str, Any]) -> None:
    """Create ``{files: {relpath: text}, mtimes: {relpath: epoch_ms}}`` under ``root``."""
    for relpath, text in workspace_files.get("files", {}).items():
        target = root / relpath
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    for relpath, mtime_ms in workspace_files.get("mtimes", {}).items():
        ns = int(mtime_ms) * 1_000_000
        os.utime(root / relpath, ns=(ns, ns))
