"""The life of each memory layer: volume over time against reuse, and what to archive.

"Information volume grows with time, reuse value decays" is why memory is layered. For each
layer and each week (or month) this computes

* **volume**: files, characters and index chunks that exist by the end of the period (a
  daily note exists from its day, any other file from its last change);
* **reuse**: recalls recorded in the dreaming ledger (its ``recallDays``) and search results
  that surfaced the layer's files (the ledger's ``events.jsonl``), in that period;

and lists the **archive candidates**: L0 notes older than N days that no recall and no search
ever surfaced. Nothing is moved or deleted; the list is for the person to decide.

OpenClaw's ledger records recalls of daily notes and session notes only, so reuse of L1-L3
shows as zero unless another tool wrote those events. A daily note counts from its day, any
other file from its last change (a file copied today counts from today).
"""

from __future__ import annotations

import datetime as _dt
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from .dreaming.ledger import read_events, read_store
from .layers import Layer, LayerRules
from .workspace import MemoryFile, UnreadableFile, Workspace, daily_date

Bucket = Literal["week", "month"]
DEFAULT_ARCHIVE_DAYS = 30


@dataclass(frozen=True)
class FileVolume:
    """One file's size in a layer, and the day it counts from."""

    path: str
    layer: Layer
    chars: int
    chunks: int
    born: _dt.date


@dataclass(frozen=True)
class LayerPoint:
    """One layer in one period."""

    start: _dt.date
    layer: Layer
    files: int
    chars: int
    chunks: int
    recalls: int
    surfaced: int

    def to_json(self) -> dict[str, Any]:
        return {
            "start": self.start.isoformat(),
            "layer": self.layer.code,
            "files": self.files,
            "chars": self.chars,
            "chunks": self.chunks,
            "recalls": self.recalls,
            "surfaced": self.surfaced,
        }


@dataclass(frozen=True)
class ArchiveCandidate:
    """An L0 note that nothing has reused since it was written."""

    path: str
    date: _dt.date
    age_days: int
    chars: int

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "date": self.date.isoformat(),
            "ageDays": self.age_days,
            "chars": self.chars,
        }


@dataclass(frozen=True)
class LayerLife:
    """Per-layer volume and reuse over time, and the archive candidates."""

    bucket: Bucket
    starts: tuple[_dt.date, ...]
    points: tuple[LayerPoint, ...]
    archive: tuple[ArchiveCandidate, ...]
    archive_after_days: int
    today: _dt.date

    def series(self, layer: Layer) -> list[LayerPoint]:
        return [p for p in self.points if p.layer == layer]

    def totals(self, layer: Layer) -> LayerPoint | None:
        """The layer's volume at the end and its reuse summed over every period."""
        points = self.series(layer)
        if not points:
            return None
        last = points[-1]
        return LayerPoint(
            start=points[0].start,
            layer=layer,
            files=last.files,
            chars=last.chars,
            chunks=last.chunks,
            recalls=sum(p.recalls for p in points),
            surfaced=sum(p.surfaced for p in points),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "bucket": self.bucket,
            "today": self.today.isoformat(),
            "points": [p.to_json() for p in self.points],
            "archive": [c.to_json() for c in self.archive],
            "archiveAfterDays": self.archive_after_days,
        }


def period_start(day: _dt.date, bucket: Bucket) -> _dt.date:
    """The Monday of ``day``'s week, or the first of its month."""
    if bucket == "month":
        return day.replace(day=1)
    return day - _dt.timedelta(days=day.weekday())


def _next_start(start: _dt.date, bucket: Bucket) -> _dt.date:
    if bucket == "month":
        return (start.replace(day=28) + _dt.timedelta(days=4)).replace(day=1)
    return start + _dt.timedelta(days=7)


def _parse_day(value: Any) -> _dt.date | None:
    if not isinstance(value, str) or len(value) < 10:
        return None
    try:
        return _dt.date.fromisoformat(value[:10])
    except ValueError:
        return None


def compute_layer_life(
    volumes: Sequence[FileVolume],
    recall_days: Iterable[tuple[str, _dt.date]],
    surfaced: Iterable[tuple[str, _dt.date]],
    rules: LayerRules,
    today: _dt.date,
    bucket: Bucket = "week",
    archive_after_days: int = DEFAULT_ARCHIVE_DAYS,
) -> LayerLife:
    """Volume and reuse per layer and period.

    ``recall_days`` are ``(path, day)`` recall records (one per ledger recall day),
    ``surfaced`` ``(path, day)`` search results; both are classified with ``rules``.
    """
    recalls = list(recall_days)
    shown = list(surfaced)
    days = [v.born for v in volumes] + [d for _p, d in recalls] + [d for _p, d in shown]
    first = min((d for d in days if d <= today), default=today)
    starts: list[_dt.date] = []
    start = period_start(first, bucket)
    while start <= today:
        starts.append(start)
        start = _next_start(start, bucket)
    index = {s: i for i, s in enumerate(starts)}

    def slot(day: _dt.date) -> int | None:
        return index.get(period_start(day, bucket))

    added: dict[Layer, list[list[int]]] = {layer: [[0, 0, 0] for _ in starts] for layer in Layer}
    reuse: dict[Layer, list[list[int]]] = {layer: [[0, 0] for _ in starts] for layer in Layer}
    for volume in volumes:
        at = slot(max(volume.born, first))
        if at is None:
            continue
        cell = added[volume.layer][at]
        cell[0] += 1
        cell[1] += volume.chars
        cell[2] += volume.chunks
    for column, records in ((0, recalls), (1, shown)):
        for path, day in records:
            at = slot(day)
            if at is not None:
                reuse[rules.layer(path)][at][column] += 1
    points: list[LayerPoint] = []
    for layer in Layer:
        files = chars = chunks = 0
        for i, begin in enumerate(starts):
            files += added[layer][i][0]
            chars += added[layer][i][1]
            chunks += added[layer][i][2]
            points.append(
                LayerPoint(
                    begin, layer, files, chars, chunks, reuse[layer][i][0], reuse[layer][i][1]
                )
            )
    reused = {path for path, _day in recalls} | {path for path, _day in shown}
    archive = [
        ArchiveCandidate(v.path, v.born, (today - v.born).days, v.chars)
        for v in volumes
        if v.layer == Layer.L0
        and not v.path.startswith("sessions/")
        and (today - v.born).days >= archive_after_days
        and v.path not in reused
    ]
    archive.sort(key=lambda c: (c.date, c.path))
    return LayerLife(
        bucket, tuple(starts), tuple(points), tuple(archive), archive_after_days, today
    )


# ---------------------------------------------------------------------- gathering


def file_volumes(
    workspace: Workspace,
    files: Sequence[MemoryFile],
    rules: LayerRules,
    chunks_by_path: Mapping[str, int],
    extra_paths: Sequence[str] = (),
) -> list[FileVolume]:
    """Each listed file's layer, characters, chunks and day; ``extra_paths`` are further
    workspace files (Telos files outside ``memory/``) counted by their size."""
    volumes: list[FileVolume] = []
    for file in files:
        if file.source == "memory":
            try:
                chars = len(workspace.read_text(file.rel_path))
            except UnreadableFile:
                chars = file.size
        else:
            chars = file.size
        born = file.date or daily_date(file.rel_path)
        if born is None:
            born = _dt.datetime.fromtimestamp(file.mtime_ms / 1000.0).date()
        volumes.append(
            FileVolume(
                file.rel_path,
                rules.layer(file.rel_path),
                chars,
                chunks_by_path.get(file.rel_path, 0),
                born,
            )
        )
    listed = {v.path for v in volumes}
    for rel in extra_paths:
        if rel in listed:
            continue
        try:
            info = (Path(workspace.root) / rel).stat()
        except OSError:
            continue
        born = _dt.datetime.fromtimestamp(info.st_mtime).date()
        volumes.append(FileVolume(rel, rules.layer(rel), info.st_size, 0, born))
    return volumes


def ledger_reuse(root: Path) -> tuple[list[tuple[str, _dt.date]], list[tuple[str, _dt.date]]]:
    """``(recall records, surfaced results)`` from the workspace's dreaming ledger."""
    recalls: list[tuple[str, _dt.date]] = []
    for entry in read_store(root)["entries"].values():
        for value in entry.get("recallDays", []):
            day = _parse_day(value)
            if day is not None:
                recalls.append((entry["path"], day))
    shown: list[tuple[str, _dt.date]] = []
    for event in read_events(root):
        if event.get("type") != "memory.recall.recorded":
            continue
        day = _parse_day(event.get("timestamp"))
        results = event.get("results")
        if day is None or not isinstance(results, list):
            continue
        for result in results:
            if isinstance(result, dict) and isinstance(result.get("path"), str):
                shown.append((result["path"], day))
    return recalls, shown


def chunk_counts(conn: Any) -> dict[str, int]:
    """Chunks per path in an index connection (apsw)."""
    rows = conn.execute("SELECT path, count(*) FROM chunks GROUP BY path").fetchall()
    return {str(path): int(count) for path, count in rows}


def by_layer(volumes: Iterable[FileVolume]) -> dict[Layer, list[FileVolume]]:
    grouped: dict[Layer, list[FileVolume]] = defaultdict(list)
    for volume in volumes:
        grouped[volume.layer].append(volume)
    return grouped


def collect_layer_life(
    workspace: Workspace,
    rules: LayerRules,
    chunks_by_path: Mapping[str, int] | None = None,
    today: _dt.date | None = None,
    bucket: Bucket = "week",
    archive_after_days: int = DEFAULT_ARCHIVE_DAYS,
) -> LayerLife:
    """Read the workspace's files and ledger and compute its :class:`LayerLife`."""
    from .telos.sources import find_telos_paths

    files, _skipped = workspace.list_memory_files()
    volumes = file_volumes(
        workspace, files, rules, chunks_by_path or {}, find_telos_paths(workspace.root)
    )
    recalls, shown = ledger_reuse(workspace.root)
    return compute_layer_life(
        volumes,
        recalls,
        shown,
        rules,
        today or _dt.date.today(),
        bucket,
        archive_after_days,
    )
