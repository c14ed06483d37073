"""``reverie audit``: the JSON shape, apply / undo / log, refusal after a change."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reverie.cli import main
from reverie.core.health.locations import ARCHIVE_PATH, AUDIT_LOG_PATH

from .core.health.conftest import MEMORY, make_workspace

NOW = "2026-06-01T09:30:00+00:00"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def ws(tmp_path: Path) -> list[str]:
    root = make_workspace(tmp_path / "ws")
    return [
        "--workspace",
        str(root),
        "--data-dir",
        str(tmp_path / "data"),
        "--state-dir",
        str(tmp_path / "state"),
    ]


def _findings(capsys: pytest.CaptureFixture[str], ws: list[str], *extra: str) -> dict:
    code, out, err = _run(capsys, "audit", "--json", "--now", NOW, *extra, *ws)
    assert code == 0, err
    return json.loads(out)


def test_json_shape(capsys: pytest.CaptureFixture[str], ws: list[str]) -> None:
    data = _findings(capsys, ws)
    assert set(data) == {"version", "findings", "memoryChars", "bootstrapMaxChars"}
    assert data["memoryChars"] == len(MEMORY) and data["bootstrapMaxChars"] == 20000
    kinds = [f["kind"] for f in data["findings"]]
    assert kinds.count("possible-update") == 5 and "duplicate" in kinds and "stale" in kinds
    first = next(f for f in data["findings"] if "The build server" in f["text"])
    assert list(first) == [
        "id",
        "kind",
        "path",
        "startLine",
        "endLine",
        "text",
        "reason",
        "score",
        "evidence",
        "suggestion",
    ]
    assert (first["path"], first["startLine"], first["endLine"]) == ("MEMORY.md", 4, 4)
    assert first["evidence"] == [
        {
            "path": "memory/2026-04-10.md",
            "startLine": 3,
            "endLine": 3,
            "text": "ci-old-3 was shut down today; builds run on ci-new-1 now.",
            "date": "2026-04-10",
        }
    ]
    only = _findings(capsys, ws, "--kind", "stale")
    assert {f["kind"] for f in only["findings"]} == {"stale"}


def test_text_output_groups_by_kind(capsys: pytest.CaptureFixture[str], ws: list[str]) -> None:
    code, out, _ = _run(capsys, "audit", "--now", NOW, *ws)
    assert code == 0
    assert "possible-update (5)" in out and "duplicate (1)" in out
    assert "newer: memory/2026-04-10.md:3 (2026-04-10)" in out
    assert out.startswith("MEMORY.md: ")


def test_apply_undo_and_log(capsys: pytest.CaptureFixture[str], ws: list[str]) -> None:
    root = Path(ws[1])
    target = next(f for f in _findings(capsys, ws)["findings"] if "Releases" in f["text"])
    code, out, err = _run(
        capsys,
        "audit",
        "apply",
        target["id"],
        "--action",
        "update",
        "--text",
        "Releases are cut on Tuesdays.",
        "--reason",
        "new release day",
        "--now",
        NOW,
        *ws,
    )
    assert code == 0, err
    assert "-- Releases are cut on Fridays." in out and "+- Releases are cut on Tuesdays." in out
    assert "- Releases are cut on Tuesdays.\n" in (root / "MEMORY.md").read_text(encoding="utf-8")
    assert "> - Releases are cut on Fridays." in (root / ARCHIVE_PATH).read_text(encoding="utf-8")

    code, out, _ = _run(capsys, "audit", "log", *ws)
    assert code == 0 and out.startswith("#1  ") and "update MEMORY.md:5" in out
    assert "(new release day)" in out

    code, out, _ = _run(capsys, "audit", "undo", *ws)
    assert code == 0 and "undid #1 (update)" in out
    assert (root / "MEMORY.md").read_bytes() == MEMORY.encode()
    code, out, _ = _run(capsys, "audit", "log", "--json", *ws)
    entries = json.loads(out)["entries"]
    assert [e["action"] for e in entries] == ["update", "undo"]
    assert (root / AUDIT_LOG_PATH).read_text(encoding="utf-8").count("\n") == 2

    code, _, err = _run(capsys, "audit", "undo", *ws)
    assert code == 2 and "nothing to undo" in err


def test_keep_and_snooze_hide_a_finding(capsys: pytest.CaptureFixture[str], ws: list[str]) -> None:
    ids = {f["id"]: f for f in _findings(capsys, ws)["findings"]}
    release = next(i for i, f in ids.items() if "Releases" in f["text"])
    chinese = next(i for i, f in ids.items() if "王芳" in f["text"])
    assert (
        _run(
            capsys,
            "audit",
            "apply",
            release,
            "--action",
            "keep",
            "--reason",
            "fine",
            "--now",
            NOW,
            *ws,
        )[0]
        == 0
    )
    code, out, _ = _run(
        capsys,
        "audit",
        "apply",
        chinese,
        "--action",
        "snooze",
        "--until",
        "2026-07-01",
        "--now",
        NOW,
        *ws,
    )
    assert code == 0 and "snooze until 2026-07-01: done" in out
    left = {f["id"] for f in _findings(capsys, ws)["findings"]}
    assert release not in left and chinese not in left
    code, out, _ = _run(capsys, "audit", "--json", "--now", "2026-07-02T00:00:00+00:00", *ws)
    assert chinese in {f["id"] for f in json.loads(out)["findings"]}


def test_apply_refuses_a_finding_that_is_gone(
    capsys: pytest.CaptureFixture[str], ws: list[str]
) -> None:
    root = Path(ws[1])
    target = next(f for f in _findings(capsys, ws)["findings"] if "The build server" in f["text"])
    edited = MEMORY.replace("ci-old-3 (Jenkins", "ci-new-1 (Jenkins")
    (root / "MEMORY.md").write_text(edited, encoding="utf-8")
    code, _, err = _run(
        capsys, "audit", "apply", target["id"], "--action", "retire", "--now", NOW, *ws
    )
    assert code == 2 and f"no finding {target['id']}" in err
    assert (root / "MEMORY.md").read_text(encoding="utf-8") == edited
    assert not (root / ARCHIVE_PATH).exists()


def test_wrong_action_for_the_finding(capsys: pytest.CaptureFixture[str], ws: list[str]) -> None:
    target = next(f for f in _findings(capsys, ws)["findings"] if f["kind"] == "possible-update")
    code, _, err = _run(
        capsys, "audit", "apply", target["id"], "--action", "merge", "--now", NOW, *ws
    )
    assert code == 2 and "merge applies to duplicate findings" in err


def test_duplicates_in_other_words_use_the_model_and_say_when_they_cannot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = make_workspace(
        tmp_path / "ws",
        "# MEMORY.md\n\n- VAT returns every 2 months through ROS.\n"
        "- Keeps a paper diary for meetings.\n- VAT return filed bi-monthly on ROS.\n",
        {},
    )
    args = ["audit", "--now", NOW, "--kind", "duplicate", "--workspace", str(root)]
    args += ["--data-dir", str(tmp_path / "data"), "--state-dir", str(tmp_path / "state")]
    code, out, err = _run(capsys, *args)
    assert code == 0 and "says the same in other words" in out and "MEMORY.md:5" in out
    code, out, err = _run(capsys, *args, "--model", "hash")
    assert code == 0 and "no findings" in out
    assert "duplicates by their words only" in err and "'hash'" in err


def test_update_needs_text_and_names_the_suggested_update(
    capsys: pytest.CaptureFixture[str], ws: list[str]
) -> None:
    """`audit` prints a suggested update; `apply --action update` still needs --text (a
    suggestion is read from the note and can be wrong), and its refusal quotes it."""
    code, out, _ = _run(capsys, "audit", "--now", NOW, *ws)
    assert code == 0
    assert "suggested update: Redis cache 在 cache-01 上，端口 6380。" in out
    data = _findings(capsys, ws)
    redis = next(
        f for f in data["findings"] if "Redis" in f["text"] and f["kind"] == "possible-update"
    )
    for text in ((), ("--text", "  ")):
        code, _, err = _run(
            capsys, "audit", "apply", redis["id"], "--action", "update", *text, "--now", NOW, *ws
        )
        assert code != 0 and '--text "Redis cache 在 cache-01 上，端口 6380。"' in err
    assert (Path(ws[1]) / "MEMORY.md").read_text(encoding="utf-8") == MEMORY


def test_a_review_as_of_another_time_records_no_first_seen_days(
    capsys: pytest.CaptureFixture[str], ws: list[str]
) -> None:
    """`--now` in the past dated every entry back and later reviews called them stale."""
    from reverie.core.health.locations import FIRST_SEEN_PATH

    seen = Path(ws[1]) / FIRST_SEEN_PATH
    code, _, err = _run(capsys, "audit", "--now", "2020-01-01T00:00:00+00:00", *ws)
    assert code == 0, err
    assert not seen.exists()
    code, _, err = _run(capsys, "audit", *ws)  # a review as of now records them
    assert code == 0, err
    assert seen.exists()


def test_an_empty_workspace_option_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """An unset shell variable in --workspace "$WS" must not reach the default workspace."""
    code, _, err = _run(capsys, "audit", "--workspace", "", "--data-dir", str(tmp_path / "d"))
    assert code != 0 and "--workspace is empty" in err


def test_a_missing_memory_file_is_said_and_a_lowercase_one_named(
    capsys: pytest.CaptureFixture[str], ws: list[str]
) -> None:
    root = Path(ws[1])
    (root / "MEMORY.md").rename(root / "memory.md")
    code, out, err = _run(capsys, "audit", "--now", NOW, *ws)
    assert code == 0 and "MEMORY.md does not exist" in err and "keeps memory.md" in err
    (root / "memory.md").unlink()
    code, out, err = _run(capsys, "audit", "--now", NOW, *ws)
    assert code == 0 and "nothing to review" in err


def test_a_linked_memory_file_is_reviewed_and_said_to_be_read_only(
    capsys: pytest.CaptureFixture[str], ws: list[str], tmp_path: Path
) -> None:
    root = Path(ws[1])
    real = tmp_path / "elsewhere.md"
    (root / "MEMORY.md").rename(real)
    (root / "MEMORY.md").symlink_to(real)
    code, out, err = _run(capsys, "audit", "--now", NOW, *ws)
    assert code == 0 and "is a symbolic link" in err and "will not write through it" in err
    assert "possible update" in out.lower() or "stale" in out.lower()


def test_restore_of_an_update_notes_the_replacement(
    capsys: pytest.CaptureFixture[str], ws: list[str]
) -> None:
    data = _findings(capsys, ws)
    releases = next(f for f in data["findings"] if "Releases" in f["text"])
    code, _, err = _run(
        capsys, "audit", "apply", releases["id"], "--action", "update",
        "--text", "Releases are cut on Tuesdays.", "--now", NOW, *ws,
    )  # fmt: skip
    assert code == 0, err
    code, out, err = _run(capsys, "audit", "restore", "1", *ws)
    assert code == 0, err
    assert "the text that replaced it is still at line" in out


def test_reopen_lists_and_reopens_a_kept_finding(
    capsys: pytest.CaptureFixture[str], ws: list[str]
) -> None:
    ids = {f["id"]: f for f in _findings(capsys, ws)["findings"]}
    release = next(i for i, f in ids.items() if "Releases" in f["text"])
    code, _, err = _run(capsys, "audit", "apply", release, "--action", "keep", "--now", NOW, *ws)
    assert code == 0, err
    code, out, _ = _run(capsys, "audit", "reopen", "--now", NOW, *ws)
    assert code == 0 and out.startswith("#1 keep possible-update: Releases are cut")
    code, out, _ = _run(capsys, "audit", "reopen", "1", "--now", NOW, *ws)
    assert code == 0 and "reopened #1 (keep)" in out
    assert release in {f["id"] for f in _findings(capsys, ws)["findings"]}
    code, out, _ = _run(capsys, "audit", "reopen", "--now", NOW, *ws)
    assert out.strip() == "nothing is kept or snoozed"
    code, _, err = _run(capsys, "audit", "reopen", "7", *ws)
    assert code != 0 and "only a keep or a snooze can be reopened" in err


def test_now_and_json_before_the_action_are_kept(
    capsys: pytest.CaptureFixture[str], ws: list[str]
) -> None:
    """`audit --now T apply ID` reviewed as of the real clock (the action's own --now reset
    it) and refused a finding of that day, writing first-seen days meanwhile."""
    from reverie.core.health.locations import FIRST_SEEN_PATH

    finding = _findings(capsys, ws)["findings"][0]
    code, out, err = _run(
        capsys, "audit", "--now", NOW, "--json", "apply", finding["id"], "--action", "keep", *ws
    )
    assert code == 0, err
    assert json.loads(out)["record"]["action"] == "keep"
    assert not (Path(ws[1]) / FIRST_SEEN_PATH).exists()
    for bad in ("0001-01-01", "9999-12-31T12:00"):
        code, _, err = _run(capsys, "audit", "--now", bad, *ws)
        assert code == 2 and "between the years 1900 and 9000" in err
    code, _, err = _run(capsys, "audit", "--now", "", *ws)
    assert code == 2 and "--now is empty" in err


def test_a_folder_alone_opens_the_app_on_it(tmp_path: Path) -> None:
    from reverie.cli.main import _folder_opens_the_app, build_parser

    parser = build_parser()
    assert _folder_opens_the_app(parser, [str(tmp_path)]) == ["gui", "--workspace", str(tmp_path)]
    assert _folder_opens_the_app(parser, ["search", "x"]) == ["search", "x"]
    missing = str(tmp_path / "nope")  # a path: the app says it is not there
    assert _folder_opens_the_app(parser, [missing]) == ["gui", "--workspace", missing]
    assert _folder_opens_the_app(parser, ["serch"]) == ["serch"]  # a mistyped command
    assert _folder_opens_the_app(parser, []) == []  # the app on the default workspace
    assert _folder_opens_the_app(parser, ["--version"]) == ["--version"]


def test_the_app_without_a_display_is_a_clear_refusal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("sys.platform", "linux")
    assert main(["gui"]) == 2
    assert "no display to open the desktop app on" in capsys.readouterr().err


def test_the_app_on_an_x_display_nobody_serves_is_a_clear_refusal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from reverie.cli.main import x_display_answers

    for name in ("WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DISPLAY", ":987")  # no server there
    monkeypatch.setattr("sys.platform", "linux")
    assert not x_display_answers(":987")
    assert x_display_answers("otherhost:0")  # not checked
    assert main(["gui"]) == 2
    assert "no X server answers on DISPLAY=:987" in capsys.readouterr().err


def test_no_arguments_opens_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    cli_main = importlib.import_module("reverie.cli.main")
    opened: list[object] = []
    monkeypatch.setattr(cli_main, "cmd_gui", lambda args: opened.append(args.workspace) or 0)
    assert cli_main.main([]) == 0 and opened == [None]
