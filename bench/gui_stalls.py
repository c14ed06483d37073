"""GUI stall benchmark: the longest event-loop stall on a big workspace.

A ``QTimer`` heartbeat ticks every ``--tick-ms`` on the GUI thread; a stall is the time
between two ticks beyond the interval (the window could not repaint or take input that
long). The window is driven as a person would, in phases, and each phase's longest stall
is printed (target: none over 100 ms):

1. ``open``: the window opens the workspace (listing, tree, status, the start-up sync);
2. ``tree``: the daily-notes group and every month in it are expanded, the tree scrolled
   from top to bottom;
3. ``type``: a query typed into the search box one key at a time (``--type-delay-ms``
   between keys), then its results arriving;
4. ``results``: the results selected one by one (each opens its note at its lines) and the
   list scrolled;
5. ``retype``: the query changed while results are shown.

The workspace is synthetic (``bench/_synth.py``, ``--chunks`` chunks, default 100,000)
and indexed beforehand with hashing vectors (the app's own ``hash-512`` model), so the
window opens an index that is up to date, as it would on a person's machine. Both are
kept under ``--work-dir`` (default ``bench/cache/gui_stalls``) and reused by the next run.

    .venv/bin/python bench/gui_stalls.py                     # about 6 min the first time
    .venv/bin/python bench/gui_stalls.py --chunks 10000 --json out.json
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from _synth import generate_workspace  # noqa: E402
from PySide6.QtCore import QEventLoop, QSettings, QTimer  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402
from speed import MemoHashEmbedder, table  # noqa: E402

from reverie.core.index.indexer import Indexer  # noqa: E402
from reverie.core.service import MemoryService  # noqa: E402

TARGET_STALL_MS = 100.0
MODEL = "hash-512"


def log(msg: str) -> None:
    print(f"[gui-stalls {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


@dataclass
class Phase:
    name: str
    started: float = 0.0
    seconds: float = 0.0
    ticks: int = 0
    stalls_ms: list[float] = field(default_factory=list)
    """Every gap between ticks beyond the interval, in ms."""

    @property
    def max_ms(self) -> float:
        return max(self.stalls_ms, default=0.0)

    def over(self, limit: float) -> int:
        return sum(1 for s in self.stalls_ms if s > limit)

    def to_json(self) -> dict[str, Any]:
        worst = sorted(self.stalls_ms, reverse=True)[:5]
        return {
            "name": self.name,
            "seconds": self.seconds,
            "ticks": self.ticks,
            "max_stall_ms": self.max_ms,
            "stalls_over_100_ms": self.over(TARGET_STALL_MS),
            "worst_stalls_ms": worst,
        }


class Heartbeat:
    """Ticks on the GUI thread; gaps beyond the interval go to the current phase."""

    def __init__(self, tick_ms: int) -> None:
        self.tick_ms = tick_ms
        self.timer = QTimer()
        self.timer.setInterval(tick_ms)
        self.timer.timeout.connect(self._tick)
        self.last = time.perf_counter()
        self.phase: Phase | None = None
        self.phases: list[Phase] = []

    def _tick(self) -> None:
        now = time.perf_counter()
        gap = (now - self.last) * 1000.0 - self.tick_ms
        self.last = now
        if self.phase is not None:
            self.phase.ticks += 1
            if gap > 1.0:
                self.phase.stalls_ms.append(gap)

    def start(self) -> None:
        self.last = time.perf_counter()
        self.timer.start()

    def begin(self, name: str) -> Phase:
        self.end()
        self.phase = Phase(name, started=time.perf_counter())
        self.phases.append(self.phase)
        log(f"phase {name}")
        return self.phase

    def end(self) -> None:
        if self.phase is not None:
            ph = self.phase
            ph.seconds = time.perf_counter() - ph.started
            log(f"phase {ph.name}: {ph.seconds:.1f} s, max stall {ph.max_ms:.0f} ms")
            self.phase = None


class StallSampler(threading.Thread):
    """``--stacks``: where the GUI thread is when the heartbeat has been silent for over
    the target (one sample a stall, taken from another thread)."""

    def __init__(self, beat: Heartbeat, limit_ms: float = TARGET_STALL_MS) -> None:
        super().__init__(name="stall-sampler", daemon=True)
        self.beat = beat
        self.limit_ms = limit_ms
        self.gui = threading.get_ident()
        self.samples: list[tuple[str, float, list[str]]] = []
        self.done = threading.Event()

    def run(self) -> None:
        sampled = False
        while not self.done.wait(0.02):
            silent = (time.perf_counter() - self.beat.last) * 1000.0
            if silent <= self.limit_ms:
                sampled = False
                continue
            frame = sys._current_frames().get(self.gui)
            if sampled or frame is None or self.beat.phase is None:
                continue
            sampled = True
            stack = traceback.format_stack(frame)[-40:]
            self.samples.append((self.beat.phase.name, silent, stack))

    def report(self) -> None:
        for phase, silent, stack in self.samples:
            log(f"GUI thread silent {silent:.0f} ms in phase {phase}, at:")
            print("".join(stack), file=sys.stderr)


def pump(ms: int) -> None:
    """Run the event loop for ``ms`` as the app's own loop does. ``QTest.qWait`` keeps the
    interpreter lock while it waits: a worker thread then got it only when it asked for it
    (every switch interval), and ran about 10x slower (a 100,000-row read: 1.3-1.9 s
    against 0.13 s under ``QEventLoop.exec``, which gives the lock up)."""
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def wait_until(cond: Callable[[], bool], timeout_s: float, step_ms: int = 10) -> bool:
    deadline = time.perf_counter() + timeout_s
    while time.perf_counter() < deadline:
        if cond():
            return True
        pump(step_ms)
    return cond()


def prepare_index(root: Path, data: Path) -> tuple[int, int]:
    """Index the workspace with hashing vectors (reused when already up to date)."""
    svc = MemoryService(root, data_dir=data, model_name=MODEL)
    try:
        log("syncing the index")
        svc.sync()
        if svc.load_model() is None:
            raise SystemExit(f"{MODEL} is unavailable: {svc.model.error}")
        indexer = Indexer(svc.writer(), svc.workspace, svc.chunking)
        if indexer.pending_embeddings(MODEL):
            log("filling vectors with the hashing embedder")
            indexer.embed_pending(MemoHashEmbedder(dim=512))
        svc.writer().execute("PRAGMA wal_checkpoint(TRUNCATE)")
        status = svc.status()
        return status.files, status.chunks
    finally:
        svc.close()


def drive(args: argparse.Namespace, root: Path, data: Path) -> list[Phase]:
    from reverie.gui.app import GUI_SWITCH_INTERVAL_S, responsive_interpreter, start_text_preload
    from reverie.gui.controller import Controller
    from reverie.gui.main_window import MainWindow
    from reverie.gui.tasks import GuiThreadCollector

    # started as the app starts (run_app)
    responsive_interpreter(
        GUI_SWITCH_INTERVAL_S if args.switch_interval is None else args.switch_interval / 1000
    )
    start_text_preload()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    GuiThreadCollector.install(app)
    ctl = Controller(data_dir=data, model_name=MODEL)
    win = MainWindow(ctl, QSettings(str(data / "window.ini"), QSettings.Format.IniFormat))
    beat = Heartbeat(args.tick_ms)
    beat.start()
    sampler = StallSampler(beat) if args.stacks else None
    if sampler is not None:
        sampler.start()
    win.show()
    pump(200)
    loaded: list[str] = []
    ctl.sig_model.connect(lambda state, _detail: loaded.append(state))

    beat.begin("open")
    win.open_workspace(root)
    wait_until(lambda: win.tree.model.tree.files > 0, 120)
    wait_until(lambda: "loaded" in loaded and not ctl.busy and not win.tree.busy, args.timeout)
    pump(300)

    beat.begin("tree")
    view = win.tree.view
    shown = view.model()
    daily = shown.index(1, 0)
    view.expand(daily)
    for row in range(shown.rowCount(daily)):
        view.expand(shown.index(row, 0, daily))
        pump(5)
    bar = view.verticalScrollBar()
    steps = 60
    for i in range(steps + 1):
        bar.setValue(bar.maximum() * i // steps)
        pump(16)

    results: list[int] = []
    ctl.sig_search_result.connect(lambda request, _outcome: results.append(request))

    def type_query(text: str) -> None:
        edit = win.search.query_edit
        edit.setFocus()
        edit.clear()
        before = len(results)
        for ch in text:
            if ch.isascii():
                QTest.keyClicks(edit, ch)
            else:  # what an input method commits: QTest types ASCII keys only
                edit.insert(ch)
            pump(args.type_delay_ms)
        pane = win.search

        def answered() -> bool:  # the last request sent (after the debounce) came back
            return not pane._debounce.isActive() and pane.request_id in results[before:]

        wait_until(answered, 30)
        pump(300)

    beat.begin("type")
    type_query(args.query)
    rows = win.search.model.rowCount()

    beat.begin("results")
    table_view = win.search.table
    for row in range(rows):
        table_view.selectRow(row)
        pump(60)
    rbar = table_view.verticalScrollBar()
    for i in range(21):
        rbar.setValue(rbar.maximum() * i // 20)
        pump(16)

    beat.begin("retype")
    type_query(args.query2)
    beat.end()
    beat.timer.stop()
    if sampler is not None:
        sampler.done.set()
        sampler.report()
    ctl.shutdown()
    win.close()
    return beat.phases


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="bench/gui_stalls.py", description=__doc__.split("\n")[0])
    p.add_argument("--chunks", type=int, default=100_000)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--work-dir", type=Path, default=HERE / "cache" / "gui_stalls")
    p.add_argument("--tick-ms", type=int, default=5, help="heartbeat interval (default 5)")
    p.add_argument("--type-delay-ms", type=int, default=90, help="between keys (default 90)")
    p.add_argument("--query", default="when did Priya move the Tidepool review")
    p.add_argument("--query2", default="northwind invoice 晓峰")
    p.add_argument("--timeout", type=float, default=600.0, help="wait for the open, s")
    p.add_argument("--json", type=Path, default=None, metavar="OUT")
    p.add_argument(
        "--switch-interval",
        type=float,
        default=None,
        metavar="MS",
        help="the interpreter's switch interval in ms (default: the app's; Python's is 5)",
    )
    p.add_argument(
        "--stacks",
        action="store_true",
        help="print where the GUI thread was in each stall over 100 ms (diagnostic)",
    )
    args = p.parse_args(list(sys.argv[1:] if argv is None else argv))

    command = shlex.join([sys.executable, *sys.argv])
    work = args.work_dir
    work.mkdir(parents=True, exist_ok=True)
    log(f"workspace of {args.chunks:,} chunks")
    ws = generate_workspace(work / f"ws-{args.chunks}", args.chunks, seed=args.seed)
    data = work / f"data-{args.chunks}-{MODEL}"
    files, chunks = prepare_index(Path(ws.root), data)
    phases = drive(args, Path(ws.root), data)

    print("# Reverie GUI stall benchmark\n")
    print(f"Command: `{command}`\n")
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"Workspace: {files:,} files, {chunks:,} chunks (synthetic, seed {args.seed}); "
        f"heartbeat every {args.tick_ms} ms on the GUI thread; interpreter switch interval "
        f"{sys.getswitchinterval() * 1000:g} ms; {os.cpu_count()} CPUs, load average {load}.\n"
    )
    print(
        table(
            ["phase", "seconds", "heartbeats", "max stall ms", f"stalls > {TARGET_STALL_MS:.0f} ms",
             "worst stalls ms", f"max <= {TARGET_STALL_MS:.0f} ms"],
            [[ph.name, ph.seconds, ph.ticks, ph.max_ms, ph.over(TARGET_STALL_MS),
              ", ".join(f"{s:.0f}" for s in sorted(ph.stalls_ms, reverse=True)[:3]),
              "yes" if ph.max_ms <= TARGET_STALL_MS else "**no**"] for ph in phases],
        )
    )  # fmt: skip
    worst = max((ph.max_ms for ph in phases), default=0.0)
    print(f"\nMax event-loop stall over all phases: **{worst:.0f} ms**.")
    if args.json:
        out = {
            "command": command,
            "files": files,
            "chunks": chunks,
            "max_stall_ms": worst,
            "phases": [ph.to_json() for ph in phases],
        }
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
