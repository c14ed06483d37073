"""Reading OpenClaw's ``openclaw.json`` (JSON5): agents, folders and search settings."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from reverie.cli.common import openclaw_profile_of, resolve_workspace_and_state
from reverie.core.errors import UserError
from reverie.core.openclaw_config import (
    OpenClawConfigError,
    load_openclaw_config,
    load_openclaw_config_or_none,
    memory_sources,
    merge_memory_search,
    normalize_agent_id,
    openclaw_state_dir,
    search_settings_for,
)
from reverie.core.settings import AppSettings, SearchSettings
from reverie.mcp.server import saved_settings

CONFIG = """
// OpenClaw config, as people write it: comments, unquoted keys, trailing commas.
{
  agents: {
    defaults: {
      workspace: "WS_BASE",
      userTimezone: "Europe/Vienna",
      memorySearch: {
        sources: ["memory", "sessions"],
        extraPaths: ["../team-docs", " notes "],
        query: {
          maxResults: 8,
          minScore: 0.25,
          hybrid: {
            vectorWeight: 0.6,
            textWeight: 0.4,
            mmr: { enabled: true, lambda: 0.5 },
            temporalDecay: { enabled: true, halfLifeDays: 10 },
          },
        },
      },
    },
    list: [
      {
        id: "Main",
        default: true,
        memorySearch: {
          experimental: { sessionMemory: true },
          query: { hybrid: { candidateMultiplier: 7.9, mmr: { lambda: 0.9 } } },
        },
      },
      {
        id: "research",
        name: "Research",
        workspace: "RESEARCH_WS",
        memorySearch: {
          extraPaths: ["notes", "papers"],
          query: {
            minScore: 1.7, // clamped to 1
            hybrid: {
              enabled: false,
              vectorWeight: 3, // clamped to 1, then normalised with textWeight
              textWeight: 1,
              candidateMultiplier: 50,
              temporalDecay: { enabled: false },
            },
          },
        },
      },
      { id: "coder" },
    ],
  },
  plugins: {
    entries: {
      "memory-core": {
        config: {
          dreaming: { enabled: true, phases: { deep: { minScore: 0.7, }, }, },
        },
      },
    },
  },
}
"""


def _state(tmp_path: Path, text: str = CONFIG) -> Path:
    state = tmp_path / "state"
    state.mkdir()
    base = tmp_path / "agents-ws"
    research = tmp_path / "research"
    text = text.replace("WS_BASE", str(base)).replace("RESEARCH_WS", str(research))
    (state / "openclaw.json").write_text(text, encoding="utf-8")
    return state


def test_agents_workspaces_and_sessions(tmp_path: Path) -> None:
    state = _state(tmp_path)
    config = load_openclaw_config(state, home=tmp_path / "home")
    assert config.exists and config.path == state / "openclaw.json"
    assert [a.id for a in config.agents] == ["main", "research", "coder"]
    main, research, coder = config.agents
    assert main.default and not research.default and not coder.default
    assert config.default_agent is main
    # defaults.workspace for the default agent, <defaults.workspace>/<id> for the others
    assert main.workspace == tmp_path / "agents-ws"
    assert research.workspace == tmp_path / "research"
    assert coder.workspace == tmp_path / "agents-ws" / "coder"
    assert research.name == "Research" and coder.name is None
    for agent in config.agents:
        assert agent.sessions_dir == state / "agents" / agent.id / "sessions"
    assert config.agent("RESEARCH") is research
    assert config.agent("nobody") is None
    (tmp_path / "research").mkdir()
    assert config.agent_for_workspace(tmp_path / "research" / ".." / "research") is research
    assert config.agent_for_workspace(tmp_path) is None


def test_workspace_fallbacks_without_defaults(tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.mkdir()
    (state / "openclaw.json").write_text(
        '{agents: {list: [{id: "ops"}, {id: "writer", default: true}]}}', encoding="utf-8"
    )
    home = tmp_path / "home"
    ops, writer = load_openclaw_config(state, home=home).agents
    assert writer.default and writer.workspace == home / ".openclaw" / "workspace"
    assert ops.workspace == state / "workspace-ops"


def test_missing_file_means_the_default_main_agent(tmp_path: Path) -> None:
    home = tmp_path / "home"
    config = load_openclaw_config(tmp_path / "nothing", home=home)
    assert not config.exists and config.raw == {}
    (agent,) = config.agents
    assert agent.id == "main" and agent.default
    assert agent.workspace == home / ".openclaw" / "workspace"
    assert agent.memory_search == {} and agent.sources == ("memory",)
    assert search_settings_for(agent) == SearchSettings.for_profile("openclaw")


def test_memory_search_merged_key_by_key(tmp_path: Path) -> None:
    main, research, coder = load_openclaw_config(_state(tmp_path), home=tmp_path).agents
    hybrid = main.memory_search["query"]["hybrid"]
    assert main.memory_search["query"]["maxResults"] == 8  # from the defaults
    assert hybrid["vectorWeight"] == 0.6 and hybrid["candidateMultiplier"] == 7.9
    assert hybrid["mmr"] == {"enabled": True, "lambda": 0.9}  # nested keys merged
    assert hybrid["temporalDecay"] == {"enabled": True, "halfLifeDays": 10}
    assert research.memory_search["query"]["hybrid"]["temporalDecay"] == {
        "enabled": False,
        "halfLifeDays": 10,
    }
    assert research.memory_search["extraPaths"] == ["../team-docs", "notes", "papers"]
    assert coder.memory_search["extraPaths"] == ["../team-docs", "notes"]
    # sessions are searched only with experimental.sessionMemory
    assert main.searches_sessions and main.sources == ("memory", "sessions")
    assert not research.searches_sessions and research.sources == ("memory",)
    # dreaming is the plugin's block, the timezone falls back to userTimezone
    assert coder.dreaming["timezone"] == "Europe/Vienna"
    dreaming = research.dreaming_config()
    assert dreaming.deep.min_score == 0.7 and dreaming.timezone == "Europe/Vienna"


def test_merge_does_not_mutate_and_null_keeps_default() -> None:
    defaults = {"query": {"maxResults": 3, "hybrid": {"enabled": True}}}
    merged = merge_memory_search(defaults, {"query": {"maxResults": None, "hybrid": {"x": 1}}})
    assert merged == {"query": {"maxResults": 3, "hybrid": {"enabled": True, "x": 1}}}
    assert defaults == {"query": {"maxResults": 3, "hybrid": {"enabled": True}}}


def test_search_settings_mapping_and_clamps(tmp_path: Path) -> None:
    main, research, coder = load_openclaw_config(_state(tmp_path), home=tmp_path).agents
    stock = SearchSettings.for_profile("openclaw")

    s = search_settings_for(main)
    assert s.profile == "openclaw" and s.keyword_mode == stock.keyword_mode
    assert s.max_results == 8 and s.min_score == pytest.approx(0.25)
    assert s.hybrid_enabled is True
    assert (s.vector_weight, s.text_weight) == pytest.approx((0.6, 0.4))
    assert s.candidate_multiplier == 7
    assert s.mmr_enabled is True and s.mmr_lambda == pytest.approx(0.9)
    assert s.decay_enabled is True and s.half_life_days == 10

    r = research.search_settings()
    assert r.min_score == 1.0
    assert r.hybrid_enabled is False
    assert (r.vector_weight, r.text_weight) == pytest.approx((0.5, 0.5))
    assert r.candidate_multiplier == 20
    assert r.decay_enabled is False and r.mmr_lambda == pytest.approx(0.5)

    c = search_settings_for(coder)
    assert c.candidate_multiplier == stock.candidate_multiplier == 4
    assert c.mmr_lambda == pytest.approx(0.5)


def test_search_settings_bad_values_fall_back() -> None:
    block = {
        "query": {
            "maxResults": 0,
            "minScore": -3,
            "hybrid": {
                "enabled": "yes",
                "vectorWeight": 0,
                "textWeight": -1,
                "candidateMultiplier": "9",
                "temporalDecay": {"halfLifeDays": 0},
            },
        }
    }
    s = search_settings_for(block)
    assert s.max_results == 6 and s.min_score == 0.0 and s.hybrid_enabled is True
    assert (s.vector_weight, s.text_weight) == (0.7, 0.3)
    assert s.candidate_multiplier == 4 and s.half_life_days == 30.0


def test_sources_rules() -> None:
    assert memory_sources({}) == ("memory",)
    assert memory_sources({"sources": ["sessions"]}) == ("memory",)
    assert memory_sources({"sources": ["sessions"], "experimental": {"sessionMemory": True}}) == (
        "sessions",
    )
    assert memory_sources({"sources": ["memory", "bogus", "memory"]}) == ("memory",)


def test_agent_ids_and_state_dir(tmp_path: Path) -> None:
    assert normalize_agent_id("  My Agent! ") == "my-agent"
    assert normalize_agent_id("") == "main" and normalize_agent_id(None) == "main"
    assert openclaw_state_dir({"OPENCLAW_STATE_DIR": str(tmp_path)}) == tmp_path
    assert openclaw_state_dir({}, home=tmp_path) == tmp_path / ".openclaw"


@pytest.mark.parametrize(
    "text", ['{agents: {list: [{id: "a",}]', "[1, 2]", "{a: 1} trailing garbage"]
)
def test_broken_file_gives_a_typed_error(tmp_path: Path, text: str) -> None:
    state = _state(tmp_path, text)
    with pytest.raises(OpenClawConfigError) as info:
        load_openclaw_config(state)
    assert isinstance(info.value, UserError)
    assert str(state / "openclaw.json") in str(info.value)
    assert load_openclaw_config_or_none(state) is None


def test_cli_and_mcp_use_the_agents_profile(tmp_path: Path) -> None:
    state = _state(tmp_path)
    research = tmp_path / "research"
    research.mkdir()
    args = argparse.Namespace(state_dir=str(state), workspace=str(research), data_dir=None)
    profile = openclaw_profile_of(args, research)
    assert profile is not None and profile.candidate_multiplier == 20
    assert openclaw_profile_of(args, tmp_path) is None

    data_dir = tmp_path / "data"
    # no saved profile: the MCP server keeps the reverie default
    assert saved_settings(research, data_dir, profile) == SearchSettings.for_profile("reverie")
    # a saved openclaw profile starts from the agent's config, keeping the saved tweaks
    tweaked = SearchSettings.for_profile("openclaw").with_changes(max_results=3)
    AppSettings(search={str(research): tweaked.to_json()}).save(data_dir / "settings.json")
    chosen = saved_settings(research, data_dir, profile)
    assert chosen.max_results == 3 and chosen.candidate_multiplier == 20
    assert chosen.hybrid_enabled is False and chosen.min_score == 1.0
    assert saved_settings(research, data_dir) == tweaked

    # without --workspace, the config's default agent workspace is used when it exists
    (tmp_path / "agents-ws").mkdir()
    root, found_state = resolve_workspace_and_state(
        argparse.Namespace(state_dir=str(state), workspace=None, data_dir=str(data_dir))
    )
    assert root == (tmp_path / "agents-ws").resolve() and found_state == state


def test_known_agent_workspaces_lists_config_agents_then_layout(tmp_path: Path) -> None:
    from reverie.core.openclaw_config import known_agent_workspaces

    state = _state(tmp_path)
    (tmp_path / "research").mkdir()
    (tmp_path / "agents-ws").mkdir()
    (state / "workspace-extra").mkdir()
    found = known_agent_workspaces(state, home=tmp_path / "home")
    assert found == [
        ("main", tmp_path / "agents-ws"),
        ("research", tmp_path / "research"),
        ("extra", state / "workspace-extra"),
    ]  # coder's folder does not exist, so it is not offered
