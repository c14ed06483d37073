"""The one shape rule of every ``--json`` output of the CLI (see docs/cli-json.md).

Every JSON object the CLI prints carries ``"version"`` (:data:`JSON_VERSION`), raised when a
key is removed or changes meaning; new keys may appear without a new version. Keys are
camelCase.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

JSON_VERSION = 1


_SNAKE = re.compile(r"_([a-z0-9])")


def camel(key: str) -> str:
    """``vector_score`` -> ``vectorScore`` (keys without an underscore are kept)."""
    return _SNAKE.sub(lambda m: m.group(1).upper(), key)


def camel_keys(value: Any) -> Any:
    """``value`` with every mapping key camelCased, at every depth: for core objects that
    serialise their dataclass fields as they are named (never for mappings whose keys are
    data, such as file patterns)."""
    if isinstance(value, Mapping):
        return {camel(str(k)): camel_keys(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [camel_keys(v) for v in value]
    return value


def versioned(payload: Mapping[str, Any]) -> dict[str, Any]:
    """``payload`` with ``"version"`` first."""
    return {"version": JSON_VERSION, **payload}


def dumps(payload: Mapping[str, Any], indent: int | None = 2) -> str:
    """``payload`` as JSON text with the version field (non-ASCII kept as is)."""
    return json.dumps(versioned(payload), ensure_ascii=False, indent=indent)
