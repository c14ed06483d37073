"""The one shape rule of every ``--json`` output of the CLI (see docs/cli-json.md).

Every JSON object the CLI prints carries ``"version"`` (:data:`JSON_VERSION`), raised when a
key is removed or changes meaning; new keys may appear without a new version. Keys are
camelCase.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

JSON_VERSION = 1


def versioned(payload: Mapping[str, Any]) -> dict[str, Any]:
    """``payload`` with ``"version"`` first."""
    return {"version": JSON_VERSION, **payload}


def dumps(payload: Mapping[str, Any], indent: int | None = 2) -> str:
    """``payload`` as JSON text with the version field (non-ASCII kept as is)."""
    return json.dumps(versioned(payload), ensure_ascii=False, indent=indent)
