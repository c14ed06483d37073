"""The session-start view: bootstrap files, caps, truncation and the startup prelude."""

from __future__ import annotations

import datetime as _dt
from pathlib import Path

import pytest

from reverie.core.context import (
    DEFAULT_BOOTSTRAP_MAX_CHARS,
    DEFAULT_BOOTSTRAP_TOTAL_MAX_CHARS,
    ContextLimits,
    bootstrap_files,
    estimate_tokens,
    level_for,
    limits_from_config,
    load_limits,
    load_session_context,
    memory_growth,
    session_context,
    trim_bootstrap_content,
    truncation_marker,
)
from reverie.core.openclaw_config import read_openclaw_json

CONFIG = """
// the agents' own config: JSON5 with comments, unquoted keys and trailing commas
{
  agents: {
    defaults: {
      workspace: "WS_MAIN",
      userTimezone: "Asia/Singapore",
      bootstrapMaxChars: 1000,
      bootstrapTotalMaxChars: 5000.9, // floored, as OpenClaw does
      startupContext: { dailyMemoryDays: 3, maxFileChars: 50, maxTotalChars: 120, },
    },
    list: [
      { id: "main", default: true },
      {
        id: "research",
        workspace: "WS_RESEARCH",
        bootstrapMaxChars: 300,
        startupContext: { enabled: false },
      },
      { id: "broken", bootstrapMaxChars: -5, bootstrapTotalMaxChars: "many" },
    ],
  },
}
"""

NOW = _dt.datetime(2026, 11, 30, 20, 0, tzinfo=_dt.UTC)  # 1 December 04:00 in Singapore


@pytest.fixture
def state(tmp_path: Path) -> Path:
    state = tmp_path / "state"
    state.mkdir()
    (tmp_path / "ws-main").mkdir()
    (tmp_path / "ws-research").mkdir()
    text = CONFIG.replace("WS_MAIN", str(tmp_path / "ws-main")).replace(
        "WS_RESEARCH", str(tmp_path / "ws-research")
    )
    (state / "openclaw.json").write_text(text, encoding="utf-8")
    return state


def write(root: Path, rel: str, text: str) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


# ---------------------------------------------------------------------- limits


def test_limits_come_from_the_json5_config_with_per_agent_overrides(state: Path) -> None:
    raw = read_openclaw_json(state / "openclaw.json")
    main = limits_from_config(raw, "main")
    assert main.bootstrap_max_chars == 1000
    assert main.bootstrap_total_max_chars == 5000
    assert main.daily_memory_days == 3
    assert main.startup_max_file_chars == 50
    assert main.startup_max_total_chars == 120
    assert main.startup_max_file_bytes == 16_384  # documented default
    assert main.timezone == "Asia/Singapore"
    assert main.origin["bootstrapMaxChars"] == "config"
    assert main.origin["startupContext.maxFileBytes"] == "default"
    assert main.origin["startupContext.maxFileChars"] == "config"

    research = limits_from_config(raw, "research")
    assert research.bootstrap_max_chars == 300  # the agent's own value wins
    assert research.bootstrap_total_max_chars == 5000  # inherited from defaults
    assert research.startup_enabled is False
    assert research.daily_memory_days == 3  # key by key: the rest from defaults

    broken = limits_from_config(raw, "broken")  # invalid values: the defaults' values
    assert broken.bootstrap_max_chars == 1000
    assert broken.bootstrap_total_max_chars == 5000


def test_no_config_means_the_documented_defaults(tmp_path: Path) -> None:
    limits, note = load_limits(tmp_path, "main")
    assert note is not None and "documented defaults" in str(note)
    assert limits.bootstrap_max_chars == DEFAULT_BOOTSTRAP_MAX_CHARS == 20_000
    assert limits.bootstrap_total_max_chars == DEFAULT_BOOTSTRAP_TOTAL_MAX_CHARS == 60_000
    assert limits.user_max_chars == 4_000
    assert (limits.daily_memory_days, limits.startup_max_file_chars) == (2, 1200)
    assert limits.startup_max_total_chars == 2800
    assert set(limits.origin.values()) == {"default"}


def test_a_broken_config_is_named_and_the_defaults_are_used(tmp_path: Path) -> None:
    (tmp_path / "openclaw.json").write_text("{ agents: [", encoding="utf-8")
    limits, note = load_limits(tmp_path, "main")
    assert note is not None and "openclaw.json" in str(note) and "not valid JSON5" in str(note)
    assert limits.bootstrap_max_chars == 20_000


def test_user_md_has_its_own_cap_that_config_can_only_lower() -> None:
    assert ContextLimits(bootstrap_max_chars=20_000).cap_for("USER.md") == 4_000
    assert ContextLimits(bootstrap_max_chars=3_000).cap_for("USER.md") == 3_000
    assert ContextLimits(bootstrap_max_chars=20_000).cap_for("MEMORY.md") == 20_000


# ---------------------------------------------------------------------- truncation


def test_truncation_keeps_70_percent_head_and_20_percent_tail_with_the_marker() -> None:
    text = "".join(f"line {i:03d}\n" for i in range(100))  # 900 chars
    trimmed = trim_bootstrap_content(text, "MEMORY.md", 200)
    body = text.rstrip()
    assert trimmed.truncated and trimmed.original_length == len(body)
    assert trimmed.head == body[:140] and trimmed.tail == body[-40:]
    marker = truncation_marker("MEMORY.md", 140, 40, len(body))
    assert "[...truncated, read MEMORY.md for full content...]" in marker
    assert f"…(truncated MEMORY.md: kept 140+40 chars of {len(body)})…" in marker
    assert trimmed.content == "\n".join([body[:140], marker, body[-40:]])


def test_sizes_are_counted_in_utf16_units_like_javascript() -> None:
    emoji = "😀" * 60  # 120 UTF-16 units
    trimmed = trim_bootstrap_content(emoji, "SOUL.md", 100)
    assert trimmed.original_length == 120 and trimmed.truncated
    assert trim_bootstrap_content("😀" * 50, "SOUL.md", 100).truncated is False


def test_bootstrap_files_report_raw_injected_cap_and_the_cut_lines(tmp_path: Path) -> None:
    write(tmp_path, "AGENTS.md", "Be helpful.\n")
    write(tmp_path, "SOUL.md", "Calm.\n")
    write(tmp_path, "IDENTITY.md", "Name: Tide\n")
    write(tmp_path, "USER.md", "Jun\n")
    memory = "".join(f"- fact number {i:04d} worth keeping\n" for i in range(200))
    write(tmp_path, "MEMORY.md", memory)
    limits = ContextLimits(bootstrap_max_chars=1000, bootstrap_total_max_chars=10_000)
    files = {f.name: f for f in bootstrap_files(tmp_path, limits)}

    assert list(files) == [
        "AGENTS.md", "SOUL.md", "IDENTITY.md", "USER.md", "BOOTSTRAP.md", "MEMORY.md"
    ]  # fmt: skip
    assert files["AGENTS.md"].injected_chars == len("Be helpful.")  # trimEnd
    assert files["AGENTS.md"].truncated is False and files["AGENTS.md"].level == "ok"
    assert files["BOOTSTRAP.md"].included is False  # first run only: missing is normal
    mem = files["MEMORY.md"]
    assert mem.raw_chars == len(memory) and mem.cap == 1000 and mem.truncated
    assert mem.level == "over"
    assert mem.head == memory[:700] and mem.tail == memory.rstrip()[-200:]
    assert mem.cut_chars == len(memory.rstrip()) - 900
    assert mem.injected_chars == len(mem.injected_text)
    assert mem.injected_text.startswith(memory[:700])
    # 33 chars per line: the cut starts in line 22 (char 700) and ends in line 194,
    # where the 200-char tail of the 6599 end-trimmed chars starts
    assert mem.cut_lines == (700 // 33 + 1, (6599 - 200 - 1) // 33 + 1)


def test_missing_standard_files_are_injected_as_missing_lines(tmp_path: Path) -> None:
    write(tmp_path, "MEMORY.md", "facts\n")
    files = {f.name: f for f in bootstrap_files(tmp_path, ContextLimits())}
    soul = files["SOUL.md"]
    assert not soul.exists and soul.included
    assert soul.injected_text == f"[MISSING] Expected at: {tmp_path / 'SOUL.md'}"
    assert soul.injected_chars == len(soul.injected_text)


def test_lowercase_memory_md_is_used_when_there_is_no_memory_md(tmp_path: Path) -> None:
    write(tmp_path, "memory.md", "lower case facts\n")
    names = [f.name for f in bootstrap_files(tmp_path, ContextLimits())]
    assert names[-1] == "memory.md"


def test_the_total_budget_cuts_later_files_and_stops_under_64_chars(tmp_path: Path) -> None:
    write(tmp_path, "AGENTS.md", "a" * 300)
    write(tmp_path, "SOUL.md", "b" * 300)
    write(tmp_path, "IDENTITY.md", "c" * 300)
    write(tmp_path, "USER.md", "d" * 10)
    write(tmp_path, "MEMORY.md", "e" * 10)
    limits = ContextLimits(bootstrap_max_chars=1000, bootstrap_total_max_chars=700)
    files = {f.name: f for f in bootstrap_files(tmp_path, limits)}
    assert files["AGENTS.md"].injected_chars == 300
    assert files["SOUL.md"].injected_chars == 300
    identity = files["IDENTITY.md"]  # 100 left: trimmed to a 100-char budget
    assert identity.budget == 100 and identity.truncated
    assert identity.injected_chars == 100
    # nothing is left: OpenClaw leaves its loop, USER.md and MEMORY.md are not injected
    assert files["USER.md"].included is False and files["MEMORY.md"].included is False
    assert "total budget" in (files["MEMORY.md"].note or "")

    limits = ContextLimits(bootstrap_max_chars=1000, bootstrap_total_max_chars=660)
    files = {f.name: f for f in bootstrap_files(tmp_path, limits)}
    assert files["IDENTITY.md"].included is False  # 60 < 64 left
    assert "64" in (files["IDENTITY.md"].note or "")


def test_levels_warn_from_85_percent() -> None:
    assert level_for(849, 1000) == "ok"
    assert level_for(850, 1000) == "near"
    assert level_for(1000, 1000) == "near"
    assert level_for(1001, 1000) == "over"


def test_token_estimate_weighs_cjk_like_openclaw() -> None:
    assert estimate_tokens("hello world!") == 3
    assert estimate_tokens("你好世界") == 4  # 4 chars weigh 16
    assert estimate_tokens("") == 0


# ---------------------------------------------------------------------- startup prelude


def test_the_startup_prelude_reads_the_last_days_in_the_users_timezone(state: Path) -> None:
    root = state.parent / "ws-main"
    write(root, "memory/2026-12-01.md", "today " * 5)  # 30 chars, 29 after trimEnd
    write(root, "memory/2026-12-01-standup.md", "slugged note counts too")
    write(root, "memory/2026-11-30.md", "x" * 80)  # cut to maxFileChars 50
    write(root, "memory/2026-11-29.md", "y" * 80)  # the third day: total budget left
    write(root, "memory/2026-11-28.md", "too old")
    write(root, "AGENTS.md", "rules")
    view = load_session_context(root, state, "main", now=NOW)
    assert view.today == _dt.date(2026, 12, 1)  # Singapore, not UTC's 30 November
    by_path = {n.path: n for n in view.startup}
    assert list(by_path) == [
        "memory/2026-12-01.md",
        "memory/2026-12-01-standup.md",
        "memory/2026-11-30.md",
        "memory/2026-11-29.md",
    ]
    assert by_path["memory/2026-12-01.md"].injected_chars == 29
    assert by_path["memory/2026-11-30.md"].injected_chars == 50
    assert by_path["memory/2026-11-30.md"].truncated
    left = 120 - 29 - len("slugged note counts too") - 50
    assert by_path["memory/2026-11-29.md"].injected_chars == left
    assert "maxTotalChars" in (by_path["memory/2026-11-29.md"].reason or "")
    assert view.startup_chars == 120


def test_the_startup_prelude_skips_files_over_max_file_bytes(tmp_path: Path) -> None:
    write(tmp_path, "memory/2026-12-01.md", "z" * 100)
    limits = ContextLimits(startup_max_file_bytes=50, timezone="UTC")
    view = session_context(tmp_path, limits, now=NOW.replace(day=1, month=12))
    (note,) = view.startup
    assert not note.included and "maxFileBytes" in (note.reason or "")


def test_a_disabled_prelude_is_empty(state: Path) -> None:
    root = state.parent / "ws-research"
    write(root, "memory/2026-12-01.md", "note")
    assert load_session_context(root, state, "research", now=NOW).startup == ()


# ---------------------------------------------------------------------- the whole view


def test_the_json_view_has_the_documented_keys(state: Path) -> None:
    root = state.parent / "ws-main"
    write(root, "MEMORY.md", "m" * 900)  # 90% of 1000: near
    view = load_session_context(root, state, "main", now=NOW)
    data = view.to_json()
    for key in ("files", "totalChars", "totalCap", "startup"):
        assert key in data
    memory = next(f for f in data["files"] if f["path"] == "MEMORY.md")
    assert {"path", "rawChars", "injectedChars", "truncated", "cap"} <= set(memory)
    assert memory["level"] == "near" and data["totalCap"] == 5000
    assert data["totalChars"] == sum(f["injectedChars"] for f in data["files"] if f["included"])
    assert any("MEMORY.md" in w and "90%" in w for w in data["warnings"])


def test_memory_growth_warns_before_an_append_crosses_the_cap(tmp_path: Path) -> None:
    write(tmp_path, "MEMORY.md", "m" * 700)
    limits = ContextLimits(bootstrap_max_chars=1000)
    small = memory_growth(tmp_path, limits, "m" * 720)
    assert small.warning is None and not small.crosses_cap
    near = memory_growth(tmp_path, limits, "m" * 900)
    assert near.after_level == "near" and "90%" in (near.warning or "")
    over = memory_growth(tmp_path, limits, "m" * 1500)
    assert over.crosses_cap and over.truncated_after
    assert over.cut_after == 1500 - 900
    assert "pushes MEMORY.md over" in (over.warning or "")
