"""Every CLI error is a message: permissions, encodings, paths and out-of-range input.

The commands run in a child process, as a person runs them. Permission cases need a user
that cannot write the files: as root (which may write anything) the child runs as
``nobody`` through ``setpriv``; as any other user the files are made read-only.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

NOW = "2026-11-30T12:00:00Z"
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
NOBODY = 65534


def _can_drop_to_nobody() -> bool:
    if not IS_ROOT or shutil.which("setpriv") is None:
        return False
    probe = subprocess.run(
        ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", sys.executable]
        + ["-c", "import reverie"],
        capture_output=True,
        check=False,
    )
    return probe.returncode == 0


AS_OTHER = _can_drop_to_nobody()
needs_permissions = pytest.mark.skipif(
    IS_ROOT and not AS_OTHER, reason="root writes anything and cannot switch to another user"
)


def reverie(
    *args: str, unprivileged: bool = False, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``reverie ARGS`` in a child process (as ``nobody`` when asked and root)."""
    command = [sys.executable, "-m", "reverie", *args]
    if unprivileged and IS_ROOT:
        command = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"] + command
    child_env = {**os.environ, "HOME": tempfile.gettempdir(), **(env or {})}
    return subprocess.run(
        command,
        capture_output=True,
        text=True,
        errors="surrogateescape",
        timeout=180,
        check=False,
        env=child_env,
        cwd=tempfile.gettempdir(),
    )


def assert_message(result: subprocess.CompletedProcess[str], *needles: str) -> str:
    """An error message (no traceback) that contains every needle."""
    err = result.stderr
    assert result.returncode not in (0, None), (result.stdout, err)
    assert "Traceback" not in err, err
    # "reverie: why" from the command, "reverie CMD: error: why" from the option parser
    assert re.search(r"(^|\n)reverie( [\w-]+)*: ", err), err
    for needle in needles:
        assert re.search(needle, err, re.IGNORECASE), (needle, err)
    return err


def make_read_only(path: Path) -> None:
    """Read-only for the child: as root the child is ``nobody`` (root owns the files);
    otherwise the write bits go."""
    if IS_ROOT:
        return
    for folder, _dirs, files in os.walk(path):
        for name in files:
            os.chmod(Path(folder) / name, 0o444)
        os.chmod(folder, 0o555)


def make_writable(path: Path) -> None:
    """Writable for the child (as root: by ``nobody``)."""
    for folder, _dirs, files in os.walk(path):
        os.chmod(folder, 0o777)
        for name in files:
            os.chmod(Path(folder) / name, 0o666)


def snapshot(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="module")
def shared() -> Iterator[Path]:
    """A folder the unprivileged child can read (pytest's own tmp folder is private)."""
    base = Path(tempfile.mkdtemp(prefix="reverie-round2-"))
    os.chmod(base, 0o755)
    yield base
    for folder, _dirs, files in os.walk(base):
        os.chmod(folder, 0o777)
        for name in files:
            os.chmod(Path(folder) / name, 0o666)
    shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(scope="module")
def demo(shared: Path) -> Path:
    """A data folder holding the demo copy and its index (made by a first real command)."""
    data = shared / "demo-data"
    result = reverie("index", "--data-dir", str(data), "--model", "hash")
    assert result.returncode == 0, result.stderr
    return data


@pytest.fixture
def fresh(shared: Path, demo: Path, request: pytest.FixtureRequest) -> Path:
    """A private copy of the demo data folder (workspace, state and index)."""
    target = shared / re.sub(r"\W", "_", request.node.name)
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(demo, target)
    os.chmod(target, 0o755)
    for folder, _dirs, _files in os.walk(target):
        os.chmod(folder, 0o755)
    return target


def ws_args(data: Path) -> list[str]:
    return [
        "--data-dir",
        str(data),
        "--workspace",
        str(data / "demo" / "workspace"),
        "--state-dir",
        str(data / "demo" / "state"),
        "--model",
        "hash",
    ]


def candidate_keys(data: Path) -> list[str]:
    result = reverie("promote", *ws_args(data), "--now", NOW, "--json")
    assert result.returncode == 0, result.stderr
    keys = [c["key"] for c in json.loads(result.stdout)["candidates"]]
    assert keys, "the demo has candidates waiting for review"
    return keys


# ---------------------------------------------------------------- out-of-range input


@pytest.mark.parametrize(
    "args, needle",
    [
        (["search", "-k", "0", "staging"], r"-k.*at least 1"),
        (["search", "-k", "-3", "staging"], r"-k.*at least 1"),
        (["search", "--min-score", "2", "staging"], r"--min-score.*between 0 and 1"),
        (["search", "--min-score", "-0.5", "staging"], r"--min-score.*between 0 and 1"),
        (["search", "--min-score", "nan", "staging"], r"--min-score.*between 0 and 1"),
        (["promote", "--limit", "-1"], r"--limit.*at least 1"),
        (["promote", "--limit", "0"], r"--limit.*at least 1"),
        (["promote", "--min-score", "2"], r"--min-score.*between 0 and 1"),
        (["promote", "--min-recall-count", "-1"], r"--min-recall-count.*at least 0"),
        (["promote", "--min-unique-queries", "-2"], r"--min-unique-queries.*at least 0"),
    ],
)
def test_out_of_range_options_are_errors_naming_the_range(
    fresh: Path, args: list[str], needle: str
) -> None:
    command, rest = args[0], args[1:]
    result = (
        reverie(command, *ws_args(fresh), "--no-sync", *rest)
        if command == "search"
        else (reverie(command, *ws_args(fresh), "--now", NOW, *rest))
    )
    assert result.returncode == 2
    assert_message(result, needle)


@pytest.mark.parametrize(
    "extra, needle",
    [
        (["--from", "-5"], r"--from.*between 1 and 15"),
        (["--from", "0"], r"--from.*between 1 and 15"),
        (["--from", "16"], r"--from.*between 1 and 15"),
        (["--from", "2", "--lines", "0"], r"--lines.*at least 1"),
        (["--lines", "-4"], r"--lines.*at least 1"),
    ],
)
def test_get_line_range_is_checked(fresh: Path, extra: list[str], needle: str) -> None:
    note = fresh / "demo" / "workspace" / "memory" / "2026-08-01.md"
    assert len(note.read_text(encoding="utf-8").split("\n")) == 16  # 15 lines + final break
    result = reverie("get", *ws_args(fresh), "memory/2026-08-01.md", *extra)
    assert result.returncode == 2
    assert_message(result, needle)
    ok = reverie("get", *ws_args(fresh), "memory/2026-08-01.md", "--from", "15", "--lines", "9")
    assert ok.returncode == 0 and ok.stdout.count("\n") == 1


def test_snooze_date_in_the_past_is_an_error(fresh: Path) -> None:
    key = candidate_keys(fresh)[0]
    result = reverie(
        "promote", "snooze", *ws_args(fresh), "--now", NOW, key, "--until", "2026-11-29"
    )
    assert result.returncode == 2
    assert_message(result, r"snooze date.*after 2026-11-30")
    today = reverie(
        "promote", "snooze", *ws_args(fresh), "--now", NOW, key, "--until", "2026-11-30"
    )
    assert_message(today, r"after 2026-11-30")
    later = reverie(
        "promote", "snooze", *ws_args(fresh), "--now", NOW, key, "--until", "2026-12-05"
    )
    assert later.returncode == 0, later.stderr


# ---------------------------------------------------------------- encodings and paths


def test_non_utf8_query_is_a_message(fresh: Path) -> None:
    query = os.fsdecode(b"caf\xe9 server")  # Latin-1 bytes from a misconfigured terminal
    result = reverie("search", *ws_args(fresh), "--no-sync", query)
    assert result.returncode == 2
    assert_message(result, r"not valid UTF-8")


def test_non_utf8_workspace_path_is_a_message(shared: Path) -> None:
    root = Path(os.fsdecode(bytes(shared) + b"/notes-\xff"))
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# Memory\n\n- The staging gateway is on VLAN 30.\n")
    data = shared / "latin-data"
    for command in (["search", "VLAN"], ["status"], ["index"]):
        result = reverie(
            *command, "--workspace", str(root), "--data-dir", str(data), "--model", "hash"
        )
        assert result.returncode == 2
        assert_message(result, r"not valid UTF-8", r"rename")
    # dreaming works on the files by path: it needs no index
    dream = reverie("dream", "status", "--workspace", str(root), "--data-dir", str(data))
    assert dream.returncode == 0, dream.stderr


def test_data_dir_pointing_at_a_file_is_a_message(shared: Path) -> None:
    afile = shared / "not-a-folder"
    afile.write_text("x")
    for command in (["search", "staging"], ["status"], ["index"], ["dream", "status"]):
        result = reverie(*command, "--data-dir", str(afile), "--model", "hash")
        assert_message(result, r"not a folder", re.escape(str(afile)))
    assert afile.read_text() == "x"


# ---------------------------------------------------------------- permissions


@needs_permissions
@pytest.mark.parametrize(
    "command",
    [["search", "staging"], ["search", "--no-sync", "staging"], ["status"], ["index"]],
    ids=["search", "search-no-sync", "status", "index"],
)
def test_read_only_data_folder_is_not_damage(shared: Path, command: list[str]) -> None:
    data = shared / f"ro-data-{command[-1]}-{len(command)}"
    shutil.rmtree(data, ignore_errors=True)
    demo = reverie("index", "--data-dir", str(data), "--model", "hash")  # demo copy + index
    assert demo.returncode == 0, demo.stderr
    for index in (data / "index").iterdir():
        index.unlink()  # a data folder with the demo but no index (first start)
    make_read_only(data)
    before = snapshot(data)
    result = reverie(*command, *ws_args(data), unprivileged=True)
    err = assert_message(result, r"permission|read-only|cannot write", re.escape(str(data)))
    assert "damage" not in err.lower() and "rebuild" not in err.lower()
    assert snapshot(data) == before


def own_index(data: Path) -> Path:
    """The index of the copy's workspace (the copied one belongs to another path)."""
    result = reverie("index", *ws_args(data))
    assert result.returncode == 0, result.stderr
    return max((data / "index").glob("*.sqlite"), key=lambda p: p.stat().st_mtime_ns)


@needs_permissions
def test_read_only_index_is_not_deleted_or_rebuilt(fresh: Path) -> None:
    index = own_index(fresh)
    make_read_only(fresh)
    before = snapshot(fresh)
    for command in (["search", "staging"], ["search", "--no-sync", "staging"], ["status"]):
        result = reverie(*command, *ws_args(fresh), unprivileged=True)
        err = assert_message(result, r"permission|read-only|cannot write")
        assert "damage" not in err.lower() and "rebuild" not in err.lower()
        assert index.exists()
    assert snapshot(fresh) == before


@needs_permissions
def test_read_only_index_file_in_a_writable_folder(fresh: Path) -> None:
    index = own_index(fresh)
    data = index.read_bytes()
    if IS_ROOT:
        os.chmod(index.parent, 0o777)  # nobody may create files beside it, not write it
    else:
        os.chmod(index, 0o444)
    result = reverie("search", *ws_args(fresh), "staging", unprivileged=True)
    err = assert_message(result, r"permission|read-only|cannot write", re.escape(index.name))
    assert "damage" not in err.lower()
    assert index.read_bytes() == data


@needs_permissions
@pytest.mark.parametrize(
    "action", ["dream run", "dream status --fix", "promote apply", "promote reject"]
)
def test_read_only_workspace_is_a_message(fresh: Path, action: str) -> None:
    workspace = fresh / "demo" / "workspace"
    keys = candidate_keys(fresh)
    # the child may write its index and settings, not the workspace
    make_writable(fresh / "index")
    make_read_only(workspace)
    before = snapshot(workspace)
    args = action.split()
    if action.startswith("promote"):
        args.append(keys[0])
    result = reverie(*args, *ws_args(fresh), "--now", NOW, unprivileged=True)
    assert_message(result, r"permission|read-only|cannot write", re.escape(str(workspace)))
    assert snapshot(workspace) == before


# ---------------------------------------------------------------- dream run --dry-run


def _run_lines(output: str) -> list[str]:
    """The count lines of ``dream run`` with the dry run's wording made the real run's."""
    lines = []
    for line in output.splitlines():
        if line.startswith("  "):
            continue  # the dry run's preview of the text it would write
        if "Repaired recall artifacts" in line:
            continue  # repairs are done by the real run only
        lines.append(line.replace("would write", "wrote"))
    return lines


def test_dry_run_reports_the_counts_of_the_real_run(fresh: Path) -> None:
    workspace = fresh / "demo" / "workspace"
    (workspace / "memory" / "2026-11-29.md").write_text(
        "# 2026-11-29\n\n## 09:00 ops\n- The staging gateway moved to VLAN 40.\n"
        "- Dana owns the router cluster now.\n\n## 18:00 home\n- Booked the dentist.\n",
        encoding="utf-8",
    )
    args = [*ws_args(fresh), "--now", NOW]
    before = snapshot(workspace)
    dry = reverie("dream", "run", *args, "--dry-run")
    assert dry.returncode == 0, dry.stderr
    assert snapshot(workspace) == before, "a dry run writes nothing"
    real = reverie("dream", "run", *args)
    assert real.returncode == 0, real.stderr
    assert _run_lines(dry.stdout) == _run_lines(real.stdout)
    ingested = [line for line in real.stdout.splitlines() if "ingested" in line]
    assert ingested, real.stdout
    for line in ingested:
        assert re.match(r"(light|rem): ingested \d+ signal", line), line
    assert any(line.startswith("light:") for line in ingested)
