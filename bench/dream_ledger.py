"""Large recall ledgers: how long listing every promotion candidate takes.

The demo workspace (``resources/demo/workspace``) is copied and its recall ledger grown to
each ``--sizes`` entry count by duplicating its 78 entries under new keys (``<key>:dupN``,
the same note, lines and snippet). Each size is timed three ways:

* ``cli``: ``reverie promote --all --limit 100000 --json`` in a child process (start-up
  and the JSON output included), as a person would run it;
* ``preview``: ``DreamEngine.preview`` of every candidate, in process;
* ``snapshot``: ``load_snapshot``, what the Dreaming page reads before it shows anything.

The clock is fixed (``--now``), so two runs (before and after a change) can be compared
byte for byte: ``--out DIR`` keeps each size's JSON output there.

    .venv/bin/python bench/dream_ledger.py                        # 3,078 and 30,078 entries
    .venv/bin/python bench/dream_ledger.py --sizes 1078,3078 --out /tmp/ledger-json
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "app"))

from reverie.core.dreaming.engine import DreamEngine  # noqa: E402
from reverie.core.dreaming.ledger import LEDGER_RELATIVE_PATH  # noqa: E402
from reverie.core.dreaming.snapshot import load_snapshot, review_thresholds  # noqa: E402

DEMO = ROOT / "resources" / "demo" / "workspace"


def grown_workspace(target: Path, size: int) -> Path:
    """A copy of the demo workspace whose ledger has ``size`` entries."""
    shutil.copytree(DEMO, target)
    path = target / LEDGER_RELATIVE_PATH
    store = json.loads(path.read_text(encoding="utf-8"))
    base = list(store["entries"].items())
    entries = dict(base)
    n = 0
    while len(entries) < size:
        key, entry = base[n % len(base)]
        entries[f"{key}:dup{n}"] = {**entry, "key": f"{key}:dup{n}"}
        n += 1
    store["entries"] = entries
    path.write_text(json.dumps(store, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return target


def timed_cli(workspace: Path, data_dir: Path, now: str, out: Path | None) -> float:
    command = [sys.executable, "-m", "reverie", "--workspace", str(workspace)]
    command += ["--data-dir", str(data_dir), "promote", "--all", "--limit", "100000"]
    command += ["--json", "--now", now]
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, check=True, cwd=ROOT)
    seconds = time.perf_counter() - start
    if out is not None:
        out.write_bytes(result.stdout)
    return seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="3078,30078", help="ledger entry counts")
    parser.add_argument("--now", default="2026-11-12T09:00:00Z", help="the fixed clock")
    parser.add_argument("--out", type=Path, help="keep each size's JSON output here")
    args = parser.parse_args()
    now = datetime.fromisoformat(args.now.replace("Z", "+00:00"))
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
    print("| entries | ledger MB | cli s | preview s | snapshot s | candidates |")
    print("|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory(prefix="reverie-ledger-") as scratch:
        for size in (int(s) for s in args.sizes.split(",")):
            workspace = grown_workspace(Path(scratch) / f"ws{size}", size)
            megabytes = (workspace / LEDGER_RELATIVE_PATH).stat().st_size / 1e6
            out = args.out / f"promote-{size}.json" if args.out is not None else None
            cli = timed_cli(workspace, Path(scratch) / "data", args.now, out)
            engine = DreamEngine(workspace, now=now, timezone="UTC")
            start = time.perf_counter()
            candidates = engine.preview(
                review_thresholds(engine), include_failing=True, include_decided=True
            )
            preview = time.perf_counter() - start
            start = time.perf_counter()
            load_snapshot(engine)
            snapshot = time.perf_counter() - start
            print(
                f"| {size:,} | {megabytes:.1f} | {cli:.1f} | {preview:.1f} | {snapshot:.1f} "
                f"| {len(candidates):,} |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
