"""Input the CLI cannot act on is refused with one line and exit 2, nothing done: patterns
that match no file, options that contradict or do not apply, a file given for a folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reverie.cli import main
from tests.fixtures.refused_read import refuse_reading


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _one_line_error(code: int, out: str, err: str, *needles: str) -> None:
    assert code == 2, (out, err)
    assert out == "" and "Traceback" not in err
    assert err.startswith("reverie: ") and err.count("\n") == 1, err
    for needle in needles:
        assert needle in err, (needle, err)


# ---------------------------------------------------------------- layers


def _overrides(capsys: pytest.CaptureFixture[str], where: tuple[str, ...]) -> dict[str, str]:
    code, out, err = _run(capsys, "layers", "--json", *where)
    assert code == 0, err
    overrides: dict[str, str] = json.loads(out)["overrides"]
    return overrides


@pytest.mark.parametrize(
    "pattern, needle",
    [
        ("", "needs a path or pattern"),
        ("   ", "needs a path or pattern"),
        ("../x", "'..'"),
        ("memory/../../x.md", "'..'"),
        ("/etc/*", "is an absolute path"),
    ],
)
def test_layers_refuses_a_pattern_that_can_match_no_file(
    capsys: pytest.CaptureFixture[str], workspace: Path, data_dir: Path, pattern: str, needle: str
) -> None:
    where = ("--workspace", str(workspace), "--data-dir", str(data_dir))
    _one_line_error(*_run(capsys, "layers", "--set", pattern, "L1", *where), "--set", needle)
    assert _overrides(capsys, where) == {}
    _one_line_error(*_run(capsys, "layers", "--unset", pattern, *where), "--unset", needle)


def test_layers_pattern_with_a_leading_dot_slash_is_the_workspace_path(
    capsys: pytest.CaptureFixture[str], workspace: Path, data_dir: Path
) -> None:
    where = ("--workspace", str(workspace), "--data-dir", str(data_dir))
    code, out, _ = _run(capsys, "layers", "--set", "./memory/2026-11-02.md", "L3", *where)
    assert code == 0 and "L3  memory/2026-11-02.md  (override memory/2026-11-02.md)" in out
    assert _overrides(capsys, where) == {"memory/2026-11-02.md": "L3"}


def test_layers_set_and_unset_of_one_pattern_is_refused(
    capsys: pytest.CaptureFixture[str], workspace: Path, data_dir: Path
) -> None:
    where = ("--workspace", str(workspace), "--data-dir", str(data_dir))
    result = _run(capsys, "layers", "--set", "memory/x.md", "L1", "--unset", "memory/x.md", *where)
    _one_line_error(*result, "--set and --unset both name 'memory/x.md'")
    assert _overrides(capsys, where) == {}


def test_layers_unset_of_no_override_says_so(
    capsys: pytest.CaptureFixture[str], workspace: Path, data_dir: Path
) -> None:
    where = ("--workspace", str(workspace), "--data-dir", str(data_dir))
    result = _run(capsys, "layers", "--unset", "nothere", *where)
    _one_line_error(*result, "no layer override 'nothere' in this workspace")
    # --set of one pattern and --unset of a missing one: refused as a whole, nothing saved
    result = _run(capsys, "layers", "--set", "memory/x.md", "L1", "--unset", "nothere", *where)
    _one_line_error(*result, "no layer override 'nothere'")
    assert _overrides(capsys, where) == {}
    code, _, _ = _run(capsys, "layers", "--set", "memory/x.md", "L1", *where)
    assert code == 0
    code, _, err = _run(capsys, "layers", "--unset", "memory/x.md", *where)
    assert code == 0, err
    assert _overrides(capsys, where) == {}


# ---------------------------------------------------------------- reverie PATH


def test_a_file_given_for_the_folder_is_said_to_be_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile.txt").write_text("x", encoding="utf-8")
    _one_line_error(*_run(capsys, "afile.txt"), "afile.txt is a file, not a workspace folder")
    _one_line_error(*_run(capsys, str(tmp_path / "afile.txt")), "is a file, not a workspace")
    _one_line_error(*_run(capsys, "./nothere"), "workspace folder not found: ./nothere")
    # the same for --workspace with no command, and for gui (before the app would start)
    _one_line_error(*_run(capsys, "--workspace", "afile.txt"), "afile.txt is a file, not a")
    _one_line_error(*_run(capsys, "gui", "--workspace", "nothere"), "folder not found: nothere")
    # a command's name is the command, a name that is no path and no command a usage error
    (tmp_path / "status").write_text("x", encoding="utf-8")
    code, out, _ = _run(
        capsys, "status", "--workspace", str(tmp_path), "--data-dir", str(tmp_path / "data"),
        "--model", "hash",
    )  # fmt: skip
    assert code == 0 and "workspace" in out
    with pytest.raises(SystemExit) as exit_:
        main(["nothere"])
    assert exit_.value.code == 2 and "invalid choice" in capsys.readouterr().err


# ---------------------------------------------------------------- unreadable files


@pytest.mark.parametrize(
    "command",
    [["audit"], ["audit", "--json"], ["audit", "--kind", "stale"]],
    ids=["audit", "audit-json", "audit-kind"],
)
def test_audit_of_an_unreadable_memory_file_says_it_cannot_be_read(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    workspace: Path,
    data_dir: Path,
    command: list[str],
) -> None:
    import errno

    from reverie.core.health import findings

    memory = workspace / "MEMORY.md"

    def refused(_workspace: object) -> tuple[str, str]:
        raise PermissionError(errno.EACCES, "Permission denied", str(memory))

    # the permission bits do not bind root: the read is refused as it is for another user
    monkeypatch.setattr(findings, "read_memory", refused)
    result = _run(
        capsys, *command, "--workspace", str(workspace), "--data-dir", str(data_dir),
        "--state-dir", str(data_dir / "state"), "--model", "hash",
    )  # fmt: skip
    code, out, err = result
    assert code == 2 and out == "" and "Traceback" not in err and "write" not in err
    # (the line before, if any, says that 'hash' finds duplicates by their words only)
    assert err.splitlines()[-1] == f"reverie: cannot read {memory}: permission denied"


@pytest.mark.parametrize(
    "command",
    [["audit"], ["audit", "--json"], ["audit", "apply", "x1", "--action", "keep"]],
    ids=["audit", "audit-json", "audit-apply"],
)
@pytest.mark.parametrize("how", ["latin1", "refused"])
def test_audit_of_a_memory_file_it_cannot_read_fails_before_the_model_loads(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    workspace: Path,
    data_dir: Path,
    command: list[str],
    how: str,
) -> None:
    """Loading the model takes seconds: a MEMORY.md that is there but cannot be read (not
    UTF-8, or a read refused) is said first, in the words of ``reverie get``."""
    from reverie.cli import audit

    memory = workspace / "MEMORY.md"
    if how == "latin1":
        memory.write_bytes(b"- caf\xe9 with Ana\n")
        reason = "not valid UTF-8 (byte offset 5); save it as UTF-8"
    else:  # the permission bits do not bind root: the read is refused as for another user
        refuse_reading(monkeypatch)
        reason = "permission denied"
    loads: list[str] = []
    monkeypatch.setattr(audit, "load_embedder", lambda name: loads.append(name))
    audit._embedder.cache_clear()
    where = ("--workspace", str(workspace), "--data-dir", str(data_dir))
    code, out, err = _run(capsys, *command, *where, "--state-dir", str(data_dir / "state"))
    _one_line_error(code, out, err)
    assert err == f"reverie: cannot read {memory}: {reason}\n"
    assert loads == []
    audit._embedder.cache_clear()


def test_a_refused_read_is_said_to_be_one(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import errno
    import os

    from reverie.cli import common

    there = tmp_path / "MEMORY.md"
    there.write_text("x", encoding="utf-8")
    refused = PermissionError(errno.EACCES, "Permission denied", str(there))
    monkeypatch.setattr(common.os, "access", lambda path, mode: mode != os.R_OK)
    assert common.describe_os_error(refused) == f"cannot read {there}: permission denied"
    monkeypatch.setattr(common.os, "access", lambda path, mode: True)
    assert common.describe_os_error(refused).startswith(f"cannot write {there}:")
    created = PermissionError(errno.EACCES, "Permission denied", str(tmp_path / "new.md"))
    assert common.describe_os_error(created).startswith("cannot write ")
    assert common.describe_os_error(created, reading=True).startswith("cannot read ")


# ---------------------------------------------------------------- options that do not apply


def test_search_refuses_a_query_with_batch(
    capsys: pytest.CaptureFixture[str], workspace: Path, data_dir: Path
) -> None:
    result = _run(
        capsys, "search", "staging", "--batch", "--workspace", str(workspace),
        "--data-dir", str(data_dir), "--model", "hash",
    )  # fmt: skip
    _one_line_error(*result, "give a query or --batch, not both")
    assert not data_dir.exists()  # refused before the index was opened


@pytest.mark.parametrize(
    "action, extra, needle",
    [
        ("keep", ["--text", "x"], "--text does not apply to keep"),
        ("retire", ["--text", "x"], "--text does not apply to retire"),
        ("snooze", ["--text", "x"], "--text does not apply to snooze"),
        ("retire", ["--until", "2027-01-01"], "--until does not apply to retire"),
        ("keep", ["--until", "2027-01-01"], "--until does not apply to keep"),
        ("update", ["--text", "x", "--until", "2027-01-01"], "--until does not apply to update"),
    ],
)
def test_audit_apply_refuses_options_the_action_does_not_take(
    capsys: pytest.CaptureFixture[str],
    workspace: Path,
    data_dir: Path,
    action: str,
    extra: list[str],
    needle: str,
) -> None:
    before = (workspace / "MEMORY.md").read_bytes()
    result = _run(
        capsys, "audit", "apply", "abc123", "--action", action, *extra,
        "--workspace", str(workspace), "--data-dir", str(data_dir), "--model", "hash",
    )  # fmt: skip
    _one_line_error(*result, needle)
    assert (workspace / "MEMORY.md").read_bytes() == before


# ---------------------------------------------------------------- get PATH:LINES


@pytest.mark.parametrize(
    "location, needle",
    [
        ("MEMORY.md:abc", "the line range 'abc' is not valid"),
        ("MEMORY.md:", "the line range '' is not valid"),
        ("MEMORY.md:3-", "the line range '3-' is not valid"),
        ("memory/2026-11-02.md:x-y", "e.g. memory/2026-11-02.md:3-5"),
        ("MEMORY.md:0", "lines are counted from 1, not 0"),
    ],
)
def test_get_says_which_line_range_is_not_valid(
    capsys: pytest.CaptureFixture[str], workspace: Path, data_dir: Path, location: str, needle: str
) -> None:
    result = _run(
        capsys, "get", location, "--workspace", str(workspace), "--data-dir", str(data_dir)
    )
    _one_line_error(*result, needle)
    assert "Markdown" not in result[2]
