"""Loader for the dreaming conformance vectors (OpenClaw's own outputs).

Decodes the JSON conventions described in ``vectors/README.md``: ``{"$num": ...}`` for
non-finite numbers and -0, ``{"$set": [...]}`` for sets and ``{"$undefined": true}`` for
``undefined`` inside arrays (decoded as None).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

VECTORS_DIR = Path(__file__).parent / "vectors"

_NUMS = {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf, "-0": -0.0}


def decode(value: Any) -> Any:
    """Turn the vector encodings back into Python values."""
    if isinstance(value, dict):
        if set(value) == {"$num"}:
            return _NUMS[value["$num"]]
        if set(value) == {"$set"}:
            return [decode(v) for v in value["$set"]]
        if set(value) == {"$undefined"}:
            return None
        return {k: decode(v) for k, v in value.items()}
    if isinstance(value, list):
        return [decode(v) for v in value]
    return value


def load(name: str) -> dict[str, Any]:
    """The decoded vector file ``vectors/<name>.json``."""
    with (VECTORS_DIR / f"{name}.json").open(encoding="utf-8") as handle:
        return decode(json.load(handle))


def cases(name: str) -> list[tuple[str, dict[str, Any]]]:
    """``(case name, case)`` pairs for pytest parametrisation."""
    return [(case["name"], case) for case in load(name)["cases"]]
