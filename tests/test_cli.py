"""The command line: search output, the agent's own OpenClaw profile, refused paths."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reverie.cli import main


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_search_json_has_traces(capsys, workspace: Path, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = _run(
        capsys, "search", "restore test", "--json", "--workspace", str(workspace),
        "--data-dir", str(data_dir), "--model", "hash",
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert data["profile"] == "reverie"
    assert data["results"][0]["path"] == "memory/2026-10-01.md"
    assert "vectorScore" in data["results"][0]["trace"]


def test_explain_names_the_english_rendering_of_a_chinese_question(
    capsys, workspace: Path, data_dir: Path
) -> None:  # type: ignore[no-untyped-def]
    common = ("--workspace", str(workspace), "--data-dir", str(data_dir), "--model", "hash")
    code, out, _ = _run(capsys, "search", "备份恢复测试", "--explain", *common)
    assert code == 0
    line = next(x for x in out.splitlines() if x.startswith("query vector mixed with"))
    assert line.endswith(": backup to reinstate to resume to test to test")
    assert out.count("query vector mixed with") == 1  # once, not per result
    code, out, _ = _run(capsys, "search", "restore test", "--explain", *common)
    assert code == 0 and "query vector mixed with" not in out


def test_openclaw_profile_is_the_agents_config(
    capsys, workspace: Path, data_dir: Path, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    state = tmp_path / "state"
    state.mkdir()
    (state / "openclaw.json").write_text(
        "{\n  // JSON5, as OpenClaw writes it\n  agents: {\n"
        f"    defaults: {{ workspace: {json.dumps(str(workspace))},\n"
        "      memorySearch: { query: { maxResults: 3, minScore: 0.1 } }, },\n"
        "  },\n}\n",
        encoding="utf-8",
    )
    code, out, _ = _run(
        capsys, "search", "gateway", "--json", "--profile", "openclaw", "--workspace",
        str(workspace), "--data-dir", str(data_dir), "--state-dir", str(state), "--model", "hash",
    )  # fmt: skip
    assert code == 0
    settings = json.loads(out)["settings"]
    assert settings["profile"] == "openclaw"
    assert settings["maxResults"] == 3 and settings["minScore"] == 0.1


def test_get_refuses_paths_outside_memory(capsys, workspace: Path, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    (workspace.parent / "secret.md").write_text("no", encoding="utf-8")
    code, out, err = _run(
        capsys, "get", "../secret.md", "--workspace", str(workspace), "--data-dir", str(data_dir),
    )  # fmt: skip
    assert code == 2 and out == "" and "reverie:" in err and "Traceback" not in err
    code, out, _ = _run(
        capsys, "get", "memory/2026-11-02.md", "--from", "4", "--lines", "1",
        "--workspace", str(workspace), "--data-dir", str(data_dir),
    )  # fmt: skip
    assert code == 0 and out == "- Moved the staging gateway to VLAN 30.\n"


def test_get_takes_a_location_as_search_prints_it(capsys, workspace: Path, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    where = ("--workspace", str(workspace), "--data-dir", str(data_dir))
    code, out, _ = _run(capsys, "get", "memory/2026-11-02.md:4", *where)
    assert code == 0 and out == "- Moved the staging gateway to VLAN 30.\n"
    code, out, _ = _run(capsys, "get", "memory/2026-11-02.md:3-4", *where)
    assert code == 0 and out.splitlines()[1] == "- Moved the staging gateway to VLAN 30."
    assert len(out.splitlines()) == 2
    code, out, err = _run(capsys, "get", "memory/2026-11-02.md:4-3", *where)
    assert code == 2 and out == "" and "ends (line 3) before it starts (line 4)" in err
    code, out, err = _run(capsys, "get", "memory/2026-11-02.md:4", "--from", "1", *where)
    assert code == 2 and "drop --from and --lines" in err


def test_search_batch_answers_good_lines_and_names_what_is_wrong_with_bad_ones(
    capsys, monkeypatch, workspace: Path, data_dir: Path
) -> None:  # type: ignore[no-untyped-def]
    import io

    lines = [
        '{"id": "q1", "query": "staging gateway", "k": 2}',
        '{"id": "q2", "query": "staging gateway", "k": 0}',
        '{"id": "q3", "query": "staging gateway", "k": "2"}',
        '["not", "an", "object"]',
        "not json",
        '{"id": "q4", "query": "staging gateway"}',
        '{"id": "q5", "query": 5}',
    ]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    code, out, err = _run(
        capsys, "search", "--batch", "--workspace", str(workspace),
        "--data-dir", str(data_dir), "--model", "hash",
    )  # fmt: skip
    assert code == 0
    answers = [json.loads(line) for line in out.splitlines()]
    assert [a["id"] for a in answers] == ["q1", "q4"]
    assert len(answers[0]["results"]) <= 2
    assert "line 2 ignored: k must be a whole number of at least 1, not 0" in err
    assert 'line 3 ignored: k must be a whole number of at least 1, not "2"' in err
    assert "line 4 ignored: not a JSON object with id and query" in err
    assert "line 5 ignored: not JSON" in err
    assert "line 7 ignored: the query must be a string, not 5" in err


def test_dropped_candidates_are_listed_by_score(capsys, workspace: Path, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = _run(
        capsys, "search", "staging gateway VLAN backups", "--dropped", "--k", "1",
        "--min-score", "0.3",
        "--workspace", str(workspace), "--data-dir", str(data_dir), "--model", "hash",
    )  # fmt: skip
    assert code == 0
    listed = out.split("\ndropped (", 1)[1].splitlines()[1:]
    scores = [float(line.split()[0]) for line in listed if line.startswith("  ")]
    assert len(scores) >= 2 and scores == sorted(scores, reverse=True)


def test_status_says_a_memory_file_it_cannot_read(
    capsys: pytest.CaptureFixture[str], workspace: Path, data_dir: Path
) -> None:
    """A MEMORY.md that is there but cannot be read is not indexed: status says so, and why."""
    where = ("--workspace", str(workspace), "--data-dir", str(data_dir), "--model", "hash")
    code, out, err = _run(capsys, "status", *where)
    assert code == 0 and "cannot be read" not in out, err
    code, out, err = _run(capsys, "status", "--json", *where)
    assert code == 0 and json.loads(out)["memoryUnreadable"] is None, err
    (workspace / "MEMORY.md").write_bytes(b"# Memory\n\n- caf\xe9 with Ana\n")  # Latin-1
    reason = "not valid UTF-8 (byte offset 15); save it as UTF-8"
    code, out, err = _run(capsys, "status", *where)
    assert code == 0 and err == ""
    assert [line for line in out.splitlines() if "MEMORY.md" in line] == [
        f"MEMORY.md   cannot be read: {reason}"
    ]
    code, out, err = _run(capsys, "status", "--json", *where)
    assert code == 0 and json.loads(out)["memoryUnreadable"] == reason, err
