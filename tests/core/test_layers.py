"""Memory layers: the rules, the per-workspace overrides and where they are stored."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reverie.core.layers import (
    Layer,
    LayerRules,
    classify_layer,
    load_overrides,
    overrides_path,
    rule_layer,
    set_override,
    workspace_rules,
)


@pytest.mark.parametrize(
    ("path", "layer", "reason"),
    [
        ("memory/2026-11-02.md", Layer.L0, "daily note"),
        ("memory/2026-10-03-vendor-pitch.md", Layer.L0, "daily note"),
        ("sessions/2026-11-28-a1b2c3.jsonl", Layer.L0, "session transcript"),
        ("memory/.dreams/session-corpus/2026-11-28.md", Layer.L0, "session corpus"),
        ("memory/people.md", Layer.L1, "topic file"),
        ("memory/notes/2026-11-02.md", Layer.L1, "topic file"),
        ("DREAMS.md", Layer.L1, "dreaming output"),
        ("memory/dreaming/deep/2026-11-02.md", Layer.L1, "dreaming output"),
        ("MEMORY.md", Layer.L2, "long-term memory"),
        ("memory.md", Layer.L2, "long-term memory"),
        ("USER.md", Layer.L2, "session-start file"),
        ("TELOS.md", Layer.L3, "telos"),
        ("memory/TELOS.md", Layer.L3, "telos"),
        ("telos/GOALS.md", Layer.L3, "telos"),
        ("memory/telos/MISSION.md", Layer.L3, "telos"),
        ("memory/telos/old/GOALS.md", Layer.L1, "topic file"),
    ],
)
def test_rules(path: str, layer: Layer, reason: str) -> None:
    decision = rule_layer(path)
    assert (decision.layer, decision.reason) == (layer, reason)


def test_overrides_exact_folder_and_glob() -> None:
    rules = LayerRules(
        {
            "memory/archive/": Layer.L0,
            "memory/archive/keep.md": Layer.L2,
            "memory/*-decisions.md": Layer.L2,
        }
    )
    assert rules.layer("memory/archive/2025.md") == Layer.L0
    assert rules.decide("memory/archive/keep.md").reason == "override memory/archive/keep.md"
    assert rules.layer("memory/archive/keep.md") == Layer.L2
    assert rules.layer("memory/team-decisions.md") == Layer.L2
    assert rules.layer("memory/people.md") == Layer.L1
    assert classify_layer("memory/people.md", {"memory/people.md": Layer.L2}) == Layer.L2
    # a leading "./" is the same path; "../" is outside the workspace, not a folder in it
    assert rules.layer("./memory/team-decisions.md") == Layer.L2
    assert classify_layer("../memory/people.md", {"memory/people.md": Layer.L2}) != Layer.L2


def test_layer_parse() -> None:
    assert Layer.parse("l2") is Layer.L2
    assert Layer.parse(3) is Layer.L3
    assert Layer.L0.code == "L0" and Layer.L3.title == "purpose"
    with pytest.raises(ValueError):
        Layer.parse("L7")


def test_overrides_are_saved_per_workspace_in_the_data_dir(tmp_path: Path) -> None:
    data = tmp_path / "data"
    one, two = tmp_path / "one", tmp_path / "two"
    one.mkdir()
    two.mkdir()
    set_override(data, one, "memory/people.md", Layer.L2)
    set_override(data, two, "memory/archive/", Layer.L0)
    assert load_overrides(data, one) == {"memory/people.md": Layer.L2}
    assert workspace_rules(data, two).layer("memory/archive/x.md") == Layer.L0
    stored = json.loads(overrides_path(data).read_text(encoding="utf-8"))
    assert len(stored["workspaces"]) == 2
    # nothing is written into the workspaces themselves
    assert list(one.iterdir()) == [] and list(two.iterdir()) == []
    set_override(data, one, "memory/people.md", None)
    assert load_overrides(data, one) == {}
    assert workspace_rules(None, one).layer("memory/people.md") == Layer.L1


def test_broken_overrides_file_falls_back_to_rules(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    overrides_path(data).write_text("{not json", encoding="utf-8")
    assert load_overrides(data, tmp_path) == {}
    path = overrides_path(data)
    path.write_text(
        json.dumps(
            {"version": 1, "workspaces": {str(tmp_path.resolve()): {"a.md": "L9", "b.md": "L2"}}}
        ),
        encoding="utf-8",
    )
    assert load_overrides(data, tmp_path) == {"b.md": Layer.L2}
