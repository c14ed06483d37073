"""AppSettings: a full round trip, old files still load, a broken file is kept, not lost."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from reverie.core.settings import AppSettings, SearchSettings


def full_settings(tmp_path: Path) -> AppSettings:
    return AppSettings(
        embedding_model="sentence-transformers/all-MiniLM-L6-v2",
        search={"/ws/a": SearchSettings.for_profile("openclaw").to_json()},
        search_defaults={"profile": "openclaw", "max_results": 12, "mmr_enabled": True},
        dreaming_timezone="Asia/Shanghai",
        theme="dark",
        language="zh_CN",
        recent_workspaces=("/ws/a", "/ws/b"),
        workspaces=("/ws/a", "/ws/c"),
        default_workspace="/ws/c",
        openclaw_state_dir=str(tmp_path / "state"),
    )


def test_round_trip_keeps_every_field(tmp_path: Path) -> None:
    path = tmp_path / "cfg" / "settings.json"
    original = full_settings(tmp_path)
    original.save(path)
    loaded, problem = AppSettings.load_checked(path)
    assert problem is None
    assert loaded == original
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["workspaces"] == ["/ws/a", "/ws/c"]  # JSON lists, readable by hand
    assert not list(path.parent.glob("*.bad-*"))


def test_search_defaults_apply_to_workspaces_without_a_profile() -> None:
    assert AppSettings().default_search() == SearchSettings.for_profile("reverie")
    tuned = AppSettings(search_defaults={"profile": "openclaw", "max_results": 12})
    expected = SearchSettings.for_profile("openclaw").with_changes(max_results=12)
    assert tuned.default_search() == expected


def test_an_old_file_loads_and_unknown_keys_are_ignored(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    old = {  # a settings.json written before workspaces and search defaults existed
        "embedding_model": "minilm",
        "search": {"/ws": {"profile": "reverie", "max_results": 9}},
        "dreaming_timezone": None,
        "theme": "light",
        "language": "system",
        "recent_workspaces": ["/ws"],
        "openclaw_state_dir": None,
        "from_a_newer_version": {"x": 1},
    }
    path.write_text(json.dumps(old), encoding="utf-8")
    loaded, problem = AppSettings.load_checked(path)
    assert problem is None
    assert loaded.embedding_model == "minilm"
    assert loaded.theme == "light"
    assert loaded.recent_workspaces == ("/ws",)
    assert loaded.workspaces == () and loaded.default_workspace is None
    assert loaded.search_defaults == {}
    assert not list(tmp_path.glob("*.bad-*"))  # nothing wrong: no copy


def test_missing_file_gives_defaults_without_a_copy(tmp_path: Path) -> None:
    assert AppSettings.load(tmp_path / "nope.json") == AppSettings()
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "raw",
    [b'{"embedding_model": "minilm", "theme": "da', b"[1, 2, 3]", b"\xff\xfe\x00 not text"],
)
def test_an_unparsable_file_is_copied_before_it_can_be_overwritten(
    tmp_path: Path, raw: bytes, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(raw)
    with caplog.at_level(logging.WARNING, logger="reverie.core.settings"):
        loaded, problem = AppSettings.load_checked(path)
    assert loaded == AppSettings()
    assert problem is not None and "settings.json.bad-" in problem
    copies = list(tmp_path.glob("settings.json.bad-*"))
    assert len(copies) == 1 and copies[0].read_bytes() == raw
    assert any("settings.json.bad-" in r.getMessage() for r in caplog.records)
    loaded.save(path)  # the next save replaces the file; the copy keeps the user's text
    assert copies[0].read_bytes() == raw
    assert AppSettings.load_checked(path) == (AppSettings(), None)
    assert len(list(tmp_path.glob("settings.json.bad-*"))) == 1


def test_loading_the_same_broken_file_twice_keeps_one_copy(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{not json", encoding="utf-8")
    AppSettings.load(path)
    AppSettings.load(path)
    assert len(list(tmp_path.glob("settings.json.bad-*"))) == 1


def test_wrongly_typed_values_fall_back_and_the_file_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    data = {
        "embedding_model": "minilm",
        "theme": "purple",
        "workspaces": "/not/a/list",
        "search_defaults": {"profile": "nonsense"},
        "dreaming_timezone": "Europe/Berlin",
    }
    path.write_text(json.dumps(data), encoding="utf-8")
    loaded, problem = AppSettings.load_checked(path)
    assert loaded.embedding_model == "minilm"  # the good values survive
    assert loaded.dreaming_timezone == "Europe/Berlin"
    assert loaded.theme == "system" and loaded.workspaces == () and loaded.search_defaults == {}
    assert problem is not None
    for name in ("theme", "workspaces", "search_defaults"):
        assert name in problem
    (copy,) = tmp_path.glob("settings.json.bad-*")
    assert json.loads(copy.read_text(encoding="utf-8")) == data
