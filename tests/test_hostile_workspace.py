"""Issue 7: every command survives the hostile workspace battery, reports each problem once
with the file and the reason, keeps working on the good files, and changes nothing on disk."""

from __future__ import annotations

import hashlib
import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from reverie.cli import main
from tests.fixtures.hostile_workspace import (
    BAD_LEDGER_WORKSPACE,
    GOOD_NOTES,
    SESSIONS,
    STATE,
    WORKSPACE,
    build_hostile_workspace,
)
from tests.fixtures.refused_read import refuse_reading

NOW = "2026-11-02T12:00:00Z"
LEDGER = "memory/.dreams/short-term-recall.json"

LISTED_PROBLEMS = (
    "memory/binary.md",
    "memory/latin1.md",
    "memory/large.md",
    "memory/loop",
    "memory/cycle.md",
    "memory/x.md",
)
"""Workspace-relative paths that every sync must report as skipped."""

SESSION = "sessions/s1.jsonl"
SESSION_WARNING = (
    f"warning: {SESSION}: 5 broken lines skipped (lines 3, 4, 5: not valid JSON; "
    "line 6: not a JSON object; line 7: message record without a message object)"
)
"""The transcript is indexed from its good lines; every sync names the broken ones once."""

MARKER_PROBLEMS = (
    "MEMORY.md:7: promotion marker has an empty key",
    "MEMORY.md:9: promotion marker is not closed (no -->)",
    "MEMORY.md:12: duplicate promotion marker (key 'dup-key' first on line 11)",
    "MEMORY.md:14: promotion marker key has control or invisible characters (U+007F, U+200B)",
)
"""The malformed promotion markers of the battery's MEMORY.md, each with its line."""

GET_REASONS = {
    "memory/binary.md": "binary file",
    "memory/latin1.md": "not valid UTF-8",
    "memory/large.md": "file too large",
    "memory/loop": "not a Markdown (.md) file",
    "memory/cycle.md": "symbolic link",
    "memory/x.md": "not a regular file",
    "memory/2026-01-01.md": "not a regular file",
}


class Battery:
    def __init__(self, root: Path, problems: dict[str, str]) -> None:
        self.root = root
        self.problems = problems
        self.ws = root / WORKSPACE
        self.bad = root / BAD_LEDGER_WORKSPACE
        self.state = root / STATE
        self.data = root.parent / f"{root.name}-data"

    def problem(self, rel: str, workspace: str = WORKSPACE) -> str:
        return self.problems[f"{workspace}/{rel}"]

    def run(
        self,
        capsys: pytest.CaptureFixture[str],
        *argv: str,
        workspace: Path | None = None,
        data: Path | None = None,
    ) -> tuple[int, str, str]:
        capsys.readouterr()
        code = main(
            [
                *argv,
                "--workspace",
                str(workspace or self.ws),
                "--data-dir",
                str(data or self.data),
                "--state-dir",
                str(self.state),
                "--model",
                "hash",
            ]
        )
        out, err = capsys.readouterr()
        assert "Traceback" not in err and "Traceback" not in out
        return code, out, err


def snapshot(root: Path) -> dict[str, str]:
    """Path -> sha256 of content (files), link target (links) or type (FIFOs, folders).

    Nothing is followed or opened except regular files, so loops and FIFOs are safe.
    """
    result: dict[str, str] = {}
    for folder, dirs, files in os.walk(root, followlinks=False):
        for name in [*dirs, *files]:
            path = Path(folder) / name
            rel = path.relative_to(root).as_posix()
            info = path.lstat()
            if stat.S_ISLNK(info.st_mode):
                result[rel] = "link:" + os.readlink(path)
            elif stat.S_ISREG(info.st_mode):
                with open(path, "rb") as handle:  # not Path.read_bytes: tests patch it
                    result[rel] = hashlib.file_digest(handle, "sha256").hexdigest()
            elif stat.S_ISDIR(info.st_mode):
                result[rel] = "dir"
            else:
                result[rel] = f"special:{stat.S_IFMT(info.st_mode):o}"
    return result


@pytest.fixture(scope="module")
def battery(tmp_path_factory: pytest.TempPathFactory) -> Battery:
    root = tmp_path_factory.mktemp("hostile") / "battery"
    problems = build_hostile_workspace(root)
    return Battery(root, problems)


@pytest.fixture
def unchanged(battery: Battery) -> Iterator[None]:
    """Every test: the battery is byte for byte the same afterwards (no file added either)."""
    before = snapshot(battery.root)
    yield
    assert snapshot(battery.root) == before


def warnings_of(err: str) -> list[str]:
    lines = [line for line in err.splitlines() if line.startswith("warning:")]
    assert len(lines) == len(set(lines)), f"duplicate warnings:\n{err}"
    return lines


def assert_each_problem_once(battery: Battery, err: str) -> None:
    lines = warnings_of(err)
    for rel in LISTED_PROBLEMS:
        naming = [line for line in lines if f"skipped {rel}:" in line]
        assert len(naming) == 1, f"{rel} reported {len(naming)} times:\n{err}"
        assert battery.problem(rel) in naming[0]
    assert [line for line in lines if SESSION in line] == [SESSION_WARNING], err
    assert battery.problems[f"{SESSIONS}/s1.jsonl"] in SESSION_WARNING
    assert len(lines) == len(LISTED_PROBLEMS) + 1, err


def assert_each_marker_once(text: str, prefix: str) -> None:
    """Each malformed MEMORY.md marker is named exactly once, in file order."""
    naming = [line for line in text.splitlines() if "MEMORY.md:" in line]
    assert naming == [prefix + problem for problem in MARKER_PROBLEMS], text


def test_fixture_builds_every_problem(battery: Battery) -> None:
    snap = snapshot(battery.root)
    for rel in battery.problems:
        assert rel in snap
    assert snap[f"{WORKSPACE}/memory/x.md"].startswith("special:")
    assert snap[f"{WORKSPACE}/memory/loop"] == "link:."
    assert snap[f"{WORKSPACE}/memory/2026-01-01.md"] == "dir"
    assert (battery.ws / "memory" / "large.md").stat().st_size > 20 * 1024 * 1024
    assert b"\r\n" in (battery.ws / "memory" / "crlf.md").read_bytes()
    many = (battery.ws / "memory" / "many-lines.md").read_text(encoding="utf-8")
    assert many.count("\n") == 100_000


def test_index_reports_each_problem_once(
    battery: Battery, capsys: pytest.CaptureFixture[str], unchanged: None
) -> None:
    code, out, err = battery.run(capsys, "index")
    assert code == 0, err
    assert "files:" in out
    assert_each_problem_once(battery, err)


def test_search_finds_every_good_note(
    battery: Battery, capsys: pytest.CaptureFixture[str], unchanged: None
) -> None:
    first = True
    for rel, word in GOOD_NOTES.items():
        workspace_name, _, inner = rel.partition("/")
        workspace = battery.root / workspace_name
        code, out, err = battery.run(capsys, "search", word, "--json", workspace=workspace)
        assert code == 0, err
        paths = [hit["path"] for hit in json.loads(out)["results"]]
        assert paths and paths[0] == inner, (word, paths)
        if workspace == battery.ws:
            if first:  # every sync lists the same problems again, once each
                assert_each_problem_once(battery, err)
                first = False
        else:  # its notes are fine, and agent main's transcript is not its own
            assert warnings_of(err) == []
    code, out, err = battery.run(capsys, "search", "capybara", "--json")
    assert code == 0, err
    assert [hit["path"] for hit in json.loads(out)["results"]][:1] == ["sessions/s1.jsonl"]


def test_status(battery: Battery, capsys: pytest.CaptureFixture[str], unchanged: None) -> None:
    battery.run(capsys, "index")
    code, out, err = battery.run(capsys, "status", "--json")
    assert code == 0, err
    status = json.loads(out)
    assert status["files"] == 6  # 5 readable Markdown notes and the transcript
    assert status["pending"] == 0
    assert warnings_of(err) == []


@pytest.mark.parametrize(
    ("rel", "lines", "expected"),
    [
        ("MEMORY.md", (), "zephyrlongterm"),
        ("memory/2026-11-02.md", (), "quokkadaily"),
        ("memory/crlf.md", (), "walruscrlf"),
        ("memory/2026-01-01.md/inside.md", (), "ocelotinside"),
        ("memory/many-lines.md", ("--from", "50001", "--lines", "1"), "narwhalmanylines"),
    ],
)
def test_get_good_file(
    battery: Battery,
    capsys: pytest.CaptureFixture[str],
    unchanged: None,
    rel: str,
    lines: tuple[str, ...],
    expected: str,
) -> None:
    code, out, err = battery.run(capsys, "get", rel, *lines)
    assert code == 0, err
    assert expected in out
    assert err == ""


def test_get_many_lines_slice_is_exact(
    battery: Battery, capsys: pytest.CaptureFixture[str], unchanged: None
) -> None:
    code, out, err = battery.run(capsys, "get", "memory/many-lines.md", "--from", "99999")
    assert code == 0, err
    assert out == "- line 99999 of a long note\n- line 100000 of a long note\n"


@pytest.mark.parametrize("rel", sorted(GET_REASONS))
def test_get_bad_file_is_refused_in_one_line(
    battery: Battery, capsys: pytest.CaptureFixture[str], unchanged: None, rel: str
) -> None:
    code, out, err = battery.run(capsys, "get", rel)
    assert code == 2
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("reverie: ")
    assert rel in lines[0]
    assert GET_REASONS[rel] in lines[0]


def test_permission_denied_is_reported_once(
    battery: Battery,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    unchanged: None,
) -> None:
    """Root reads any file whatever its mode, so the denial is injected at the read."""
    refuse_reading(monkeypatch, "2026-11-02.md")
    code, out, err = battery.run(capsys, "index", data=tmp_path / "data")
    assert code == 0, err
    naming = [line for line in warnings_of(err) if "memory/2026-11-02.md" in line]
    assert len(naming) == 1, err
    assert "permission denied" in naming[0]
    code, out, err = battery.run(capsys, "get", "memory/2026-11-02.md")
    assert code == 2
    assert err == "reverie: memory/2026-11-02.md: permission denied\n"


def test_dream_status_reports_odd_ledger(
    battery: Battery, capsys: pytest.CaptureFixture[str], unchanged: None
) -> None:
    code, out, err = battery.run(capsys, "dream", "status", "--now", NOW)
    assert code == 0, err
    assert str(battery.ws / LEDGER) in out
    issues = [line for line in out.splitlines() if "recall-store" in line]
    assert len(issues) == 1, out
    assert battery.problem(LEDGER) in issues[0]
    assert "2 invalid entries" in issues[0]
    assert "entries 1," in out  # the valid entry (with its unknown field) still counts
    assert warnings_of(err) == []
    assert_each_marker_once(out, "warn: memory-marker: ")


def test_dream_status_json_lists_each_malformed_marker(
    battery: Battery, capsys: pytest.CaptureFixture[str], unchanged: None
) -> None:
    code, out, err = battery.run(capsys, "dream", "status", "--json", "--now", NOW)
    assert code == 0, err
    issues = [i for i in json.loads(out)["issues"] if i["code"] == "memory-marker"]
    assert [i["message"] for i in issues] == list(MARKER_PROBLEMS)
    assert {i["severity"] for i in issues} == {"warn"}
    assert not any(i["fixable"] for i in issues)
    assert err == ""


def test_dream_status_fix_leaves_malformed_markers_alone(
    battery: Battery, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """--fix repairs the ledger (on a copy), never MEMORY.md; the markers are still named."""
    import shutil

    workspace = tmp_path / "ws"
    workspace.mkdir()
    shutil.copyfile(battery.ws / "MEMORY.md", workspace / "MEMORY.md")
    before = (workspace / "MEMORY.md").read_bytes()
    code, out, err = battery.run(
        capsys, "dream", "status", "--fix", "--now", NOW, workspace=workspace
    )
    assert code == 0, err
    assert_each_marker_once(out, "warn: memory-marker: ")
    assert (workspace / "MEMORY.md").read_bytes() == before


def test_dream_status_reports_unparsable_ledger(
    battery: Battery, capsys: pytest.CaptureFixture[str], unchanged: None
) -> None:
    code, out, err = battery.run(capsys, "dream", "status", "--now", NOW, workspace=battery.bad)
    assert code == 1  # an error-severity audit issue: the health check fails
    assert str(battery.bad / LEDGER) in out
    issues = [line for line in out.splitlines() if "recall-store" in line]
    assert len(issues) == 1, out
    assert battery.problem(LEDGER, BAD_LEDGER_WORKSPACE) in issues[0]
    assert "line 1 column" in issues[0]
    assert err == ""


def test_promote_preview_keeps_odd_ledger_and_memory_md(
    battery: Battery, capsys: pytest.CaptureFixture[str], unchanged: None
) -> None:
    code, out, err = battery.run(capsys, "promote", "--json", "--all", "--now", NOW)
    assert code == 0, err
    keys = [c["key"] for c in json.loads(out)["candidates"]]
    assert keys == ["memory:memory/2026-11-02.md:1:3"]
    assert warnings_of(err) == [f"warning: {problem}" for problem in MARKER_PROBLEMS]


def test_promote_text_preview_names_each_malformed_marker(
    battery: Battery, capsys: pytest.CaptureFixture[str], unchanged: None
) -> None:
    code, out, err = battery.run(capsys, "promote", "--all", "--now", NOW)
    assert code == 0, err
    assert "memory:memory/2026-11-02.md:1:3" in out  # the rest still works
    assert_each_marker_once(err, "warning: ")
    assert "MEMORY.md:" not in out


def test_promote_preview_refuses_unparsable_ledger_without_touching_it(
    battery: Battery, capsys: pytest.CaptureFixture[str]
) -> None:
    before = snapshot(battery.root)
    code, out, err = battery.run(capsys, "promote", "--json", "--now", NOW, workspace=battery.bad)
    assert code == 2
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("reverie: ")
    assert str(battery.bad / LEDGER) in lines[0]
    assert "does not parse" in lines[0]
    assert "left unchanged" in lines[0]
    after = snapshot(battery.root)
    added = sorted(set(after) - set(before))
    # the only addition is the documented backup copy of the unparsable ledger
    assert [Path(rel).name.split(".unreadable-")[0] for rel in added] == ["short-term-recall.json"]
    backup = battery.root / added[0]
    assert backup.read_bytes() == (battery.bad / LEDGER).read_bytes()
    assert {rel: after[rel] for rel in before} == before


def test_a_real_process_warns_once_per_problem(battery: Battery, tmp_path: Path) -> None:
    """The command as a person runs it (logging configured by main()), not in-process."""
    import subprocess
    import sys

    before = snapshot(battery.root)
    proc = subprocess.run(
        [sys.executable, "-m", "reverie", "index", "--workspace", str(battery.ws),
         "--data-dir", str(tmp_path / "data"), "--state-dir", str(battery.state),
         "--model", "hash"],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    for rel in LISTED_PROBLEMS:
        assert proc.stderr.count(f"{rel}:") == 1, proc.stderr
    assert proc.stderr.count(f"{SESSION}:") == 1, proc.stderr
    assert SESSION_WARNING in proc.stderr.splitlines(), proc.stderr
    assert snapshot(battery.root) == before


def test_a_real_process_names_each_malformed_marker_once(battery: Battery, tmp_path: Path) -> None:
    import subprocess
    import sys

    before = snapshot(battery.root)
    common = ["--workspace", str(battery.ws), "--data-dir", str(tmp_path / "data"),
              "--state-dir", str(battery.state), "--model", "hash", "--now", NOW]  # fmt: skip
    for command, stream in ((["dream", "status"], "stdout"), (["promote", "--all"], "stderr")):
        proc = subprocess.run(
            [sys.executable, "-m", "reverie", *command, *common],
            capture_output=True, text=True, timeout=300, check=False,
        )  # fmt: skip
        assert proc.returncode == 0, proc.stderr
        assert "Traceback" not in proc.stderr
        text = proc.stdout if stream == "stdout" else proc.stderr
        for problem in MARKER_PROBLEMS:
            line = problem.split(": ", 1)[0] + ":"
            assert text.count(line) == 1, (command, text)
            assert (proc.stdout + proc.stderr).count(line) == 1, (command, proc)
            assert problem in text
    assert snapshot(battery.root) == before
