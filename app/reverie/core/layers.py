"""Memory layers L0-L3: how long a file's content lives and how it is used.

* **L0 context**: daily notes, session transcripts and dreaming's session corpus (hours to
  days; recalled most; to be compressed and archived);
* **L1 experience**: topic files under ``memory/`` (``people.md``, ``projects.md``) and the
  dreaming output (``DREAMS.md``, ``memory/dreaming/``) (days to months);
* **L2 long-term**: ``MEMORY.md`` and the files loaded at every session start (``USER.md``,
  ``SOUL.md``, ``IDENTITY.md``, ``AGENTS.md``) (months to years; must stay small);
* **L3 purpose**: the Telos files (``TELOS.md``, ``telos/*.md``) (years; read for priority
  decisions).

Rules classify every path; a per-workspace override (an exact path, a folder ``dir/`` or a
glob such as ``memory/archive/**``) wins over the rules. Overrides live in Reverie's data
folder (``layers.json``), never in the agent's files.
"""

from __future__ import annotations

import fnmatch
import json
import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import IntEnum
from functools import lru_cache
from pathlib import Path
from typing import Any

from .atomic import atomic_write_text
from .phrase import said, template
from .telos.sources import find_telos_paths, is_telos_path
from .workspace import FileKind, Workspace, classify

log = logging.getLogger(__name__)

OVERRIDES_FILE = "layers.json"

_BOOTSTRAP_FILES = frozenset({"USER.md", "SOUL.md", "IDENTITY.md", "AGENTS.md", "BOOTSTRAP.md"})


class Layer(IntEnum):
    """A memory layer; the number is its lifetime rank (L0 shortest)."""

    L0 = 0
    L1 = 1
    L2 = 2
    L3 = 3

    @property
    def code(self) -> str:
        return f"L{int(self)}"

    @property
    def title(self) -> str:
        return LAYER_TITLES[self]

    @classmethod
    def parse(cls, value: Any) -> Layer:
        """``"L2"``, ``"l2"``, ``"2"`` or ``2`` as a layer; ``ValueError`` otherwise."""
        text = str(value).strip().upper().removeprefix("L")
        if text.isdigit() and 0 <= int(text) <= 3:
            return cls(int(text))
        raise ValueError(f"not a memory layer: {value!r} (use L0, L1, L2 or L3)")


LAYER_TITLES: dict[Layer, str] = {
    Layer.L0: "context",
    Layer.L1: "experience",
    Layer.L2: "long-term",
    Layer.L3: "purpose",
}


@dataclass(frozen=True)
class LayerDecision:
    """A path's layer and why it has it."""

    layer: Layer
    reason: str
    """``override <pattern>`` or the rule (``daily note``, ``telos``, ...)."""


@lru_cache(maxsize=65536)
def rule_layer(rel_path: str) -> LayerDecision:
    """The layer the built-in rules give a workspace-relative posix path (memoised: every
    search labels each of its ~40 candidates, mostly the same files from one search to
    the next)."""
    rel = rel_path.replace("\\", "/")
    if is_telos_path(rel):
        return LayerDecision(Layer.L3, "telos")
    if rel.startswith("memory/.dreams/session-corpus/"):
        return LayerDecision(Layer.L0, "session corpus")
    kind = classify(rel)
    if kind is FileKind.SESSION:
        return LayerDecision(Layer.L0, "session transcript")
    if kind is FileKind.DAILY:
        return LayerDecision(Layer.L0, "daily note")
    if kind is FileKind.LONG_TERM:
        return LayerDecision(Layer.L2, "long-term memory")
    if "/" not in rel and rel in _BOOTSTRAP_FILES:
        return LayerDecision(Layer.L2, "session-start file")
    if kind is FileKind.DREAMING:
        return LayerDecision(Layer.L1, "dreaming output")
    return LayerDecision(Layer.L1, "topic file")


def _pattern_matches(pattern: str, rel: str) -> bool:
    if pattern.endswith("/"):
        return rel.startswith(pattern)
    if any(ch in pattern for ch in "*?["):
        return fnmatch.fnmatchcase(rel, pattern) or fnmatch.fnmatchcase(
            rel, pattern.replace("/**/", "/")
        )
    return rel == pattern


def _specificity(pattern: str) -> tuple[int, int]:
    """Exact paths beat folders and globs; longer literal parts beat shorter ones."""
    exact = not pattern.endswith("/") and not any(ch in pattern for ch in "*?[")
    literal = len(pattern.split("*", 1)[0].split("?", 1)[0].split("[", 1)[0])
    return (1 if exact else 0, literal)


@dataclass(frozen=True)
class LayerRules:
    """The rules plus one workspace's overrides (pattern -> layer)."""

    overrides: Mapping[str, Layer] = field(default_factory=dict)

    def decide(self, rel_path: str) -> LayerDecision:
        rel = rel_path.replace("\\", "/")
        while rel.startswith("./"):  # not lstrip("./"): "../team/x.md" is outside, not "team/x.md"
            rel = rel[2:]
        matching = [p for p in self.overrides if _pattern_matches(p, rel)]
        if matching:
            best = max(matching, key=_specificity)
            return LayerDecision(self.overrides[best], f"override {best}")
        return rule_layer(rel)

    def layer(self, rel_path: str) -> Layer:
        return self.decide(rel_path).layer


def classify_layer(rel_path: str, overrides: Mapping[str, Layer] | None = None) -> Layer:
    """The layer of a workspace-relative path (overrides first, then the rules)."""
    return LayerRules(dict(overrides or {})).layer(rel_path)


# ---------------------------------------------------------------------- overrides store


def overrides_path(data_dir: Path) -> Path:
    """The file that holds every workspace's layer overrides."""
    return Path(data_dir) / OVERRIDES_FILE


def _workspace_key(root: Path) -> str:
    return os.path.realpath(Path(root).expanduser())


def _read_all(path: Path) -> dict[str, Any]:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {"version": 1, "workspaces": {}}
    except (OSError, ValueError) as err:
        log.warning("layer overrides %s cannot be read (%s); using the rules only", path, err)
        return {"version": 1, "workspaces": {}}
    if not isinstance(raw, dict) or not isinstance(raw.get("workspaces"), dict):
        return {"version": 1, "workspaces": {}}
    return raw


def load_overrides(data_dir: Path, root: Path) -> dict[str, Layer]:
    """The layer overrides saved for the workspace at ``root`` (invalid entries skipped)."""
    entry = _read_all(overrides_path(data_dir))["workspaces"].get(_workspace_key(root), {})
    result: dict[str, Layer] = {}
    if isinstance(entry, dict):
        for pattern, value in entry.items():
            try:
                result[str(pattern)] = Layer.parse(value)
            except ValueError:
                log.warning("ignoring layer override %r: %r", pattern, value)
    return result


def save_overrides(data_dir: Path, root: Path, overrides: Mapping[str, Layer]) -> None:
    """Replace the workspace's overrides (atomically; other workspaces' are kept)."""
    path = overrides_path(data_dir)
    data = _read_all(path)
    key = _workspace_key(root)
    if overrides:
        data["workspaces"][key] = {p: Layer(v).code for p, v in sorted(overrides.items())}
    else:
        data["workspaces"].pop(key, None)
    atomic_write_text(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")


OVERRIDE_NEEDS_PATTERN = template(
    "an override needs a path or pattern in the workspace, e.g. memory/people.md, "
    "memory/archive/ or memory/*-decisions.md"
)
OVERRIDE_ABSOLUTE = template(
    "{pattern} is an absolute path: an override names files by their path inside the "
    "workspace folder, e.g. memory/people.md"
)
OVERRIDE_LEAVES_WORKSPACE = template(
    "{pattern} has a '..' step, which no path inside the workspace has: an override names "
    "files by their path inside the workspace folder, e.g. memory/people.md"
)


def override_pattern(pattern: str) -> str:
    """``pattern`` as an override is stored: ``/`` separators, no leading ``./``.

    Raises ``ValueError`` (its message a :class:`~reverie.core.phrase.Said`) for an empty
    pattern and for one that can match no file of the workspace: an absolute path, or one
    that climbs out of it with ``..`` (files are matched by their path in the workspace).
    """
    clean = pattern.replace("\\", "/").strip()
    while clean.startswith("./"):
        clean = clean[2:].lstrip("/")
    if not clean:
        raise ValueError(said(OVERRIDE_NEEDS_PATTERN))
    if clean.startswith("/") or (len(clean) > 1 and clean[1] == ":" and clean[0].isalpha()):
        raise ValueError(said(OVERRIDE_ABSOLUTE, pattern=repr(pattern)))
    if ".." in clean.split("/"):
        raise ValueError(said(OVERRIDE_LEAVES_WORKSPACE, pattern=repr(pattern)))
    return clean


def set_override(data_dir: Path, root: Path, pattern: str, layer: Layer | None) -> dict[str, Layer]:
    """Set (or with ``None`` remove) one override; returns the workspace's overrides.
    ``ValueError`` for a pattern :func:`override_pattern` refuses (nothing is saved)."""
    clean = override_pattern(pattern)
    overrides = load_overrides(data_dir, root)
    if layer is None:
        overrides.pop(clean, None)
    else:
        overrides[clean] = Layer(layer)
    save_overrides(data_dir, root, overrides)
    return overrides


def workspace_rules(data_dir: Path | None, root: Path) -> LayerRules:
    """The rules with the workspace's saved overrides (none without a data folder)."""
    return LayerRules(load_overrides(data_dir, root) if data_dir is not None else {})


def workspace_file_layers(
    workspace: Workspace, rules: LayerRules
) -> list[tuple[str, LayerDecision]]:
    """Every file of the workspace (the listed memory files and transcripts, and Telos files
    outside ``memory/``) with its layer and the reason."""
    files, _skipped = workspace.list_memory_files()
    paths = [file.rel_path for file in files]
    listed = set(paths)
    paths.extend(rel for rel in find_telos_paths(workspace.root) if rel not in listed)
    return [(rel, rules.decide(rel)) for rel in paths]


def file_layers_json(workspace: Workspace, rules: LayerRules) -> list[dict[str, str]]:
    """:func:`workspace_file_layers` as ``[{"path", "layer", "title", "reason"}]``."""
    return [
        {"path": rel, "layer": d.layer.code, "title": d.layer.title, "reason": d.reason}
        for rel, d in workspace_file_layers(workspace, rules)
    ]
