"""The built-in retrieval check: saved queries with the lines they should find.

A person saves a query together with the file and lines that answer it (from the search
pane). Running the check searches every saved query and reports, for the whole set, the
same metrics as the benchmarks (``bench/retrieval_eval.py``): recall@k (the expected lines
are among the first k results) and MRR@k (the mean of 1 / rank of the first result that
overlaps the expected lines, 0 beyond k). Running it under two settings (the saved ones and
a what-if) shows what a tuning change does to the person's own memory.

The cases live in Reverie's data folder, one JSON file per workspace, never in the agent's
workspace. Nothing here imports Qt.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reverie import APP_NAME

from .atomic import atomic_write_text
from .errors import UserError
from .search.trace import SearchHit, SearchResponse
from .settings import SearchSettings

FORMAT_VERSION = 1
DEFAULT_K = 10

SearchFn = Callable[[str, SearchSettings], SearchResponse]
"""Runs one query under some settings (e.g. ``MemoryService.search``)."""


def checks_dir(data_dir: Path | None) -> Path:
    """``<data_dir>/checks`` with ``--data-dir``, else the per-user data folder's."""
    if data_dir is not None:
        return Path(data_dir) / "checks"
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False)) / "checks"


def checks_file(workspace_root: Path, data_dir: Path | None) -> Path:
    """The file holding one workspace's saved checks (named like its index file)."""
    real = os.path.realpath(str(workspace_root))
    digest = hashlib.sha256(real.encode("utf-8")).hexdigest()[:16]
    name = "".join(c if c.isalnum() or c in "-_" else "_" for c in Path(real).name)[:40]
    return checks_dir(data_dir) / f"{name or 'workspace'}-{digest}.json"


@dataclass(frozen=True)
class CheckCase:
    """A query and the lines of a memory file that should answer it (1-based, inclusive)."""

    query: str
    path: str
    start_line: int
    end_line: int

    def found_by(self, hit: SearchHit) -> bool:
        """Whether ``hit`` overlaps the expected lines."""
        return (
            hit.path == self.path
            and hit.start_line <= self.end_line
            and (self.start_line <= hit.end_line)
        )

    def label(self) -> str:
        return f"{self.path}:{self.start_line}-{self.end_line}"

    def to_json(self) -> dict[str, Any]:
        return {
            "query": self.query,
            "path": self.path,
            "startLine": self.start_line,
            "endLine": self.end_line,
        }

    @staticmethod
    def from_json(data: Any) -> CheckCase:
        if not isinstance(data, dict):
            raise ValueError("a check is not an object")
        query, path = data.get("query"), data.get("path")
        start, end = data.get("startLine"), data.get("endLine")
        if not isinstance(query, str) or not query.strip() or not isinstance(path, str):
            raise ValueError("a check needs a query and a path")
        if not isinstance(start, int) or not isinstance(end, int) or not 1 <= start <= end:
            raise ValueError("a check needs 1 <= startLine <= endLine")
        return CheckCase(query.strip(), path, start, end)


class CheckStore:
    """The saved checks of one workspace; every change is written atomically."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._cases: list[CheckCase] = []
        self.problem: str | None = None
        """Why the file could not be read (its cases are then not shown, and not overwritten
        until the person saves a new check)."""
        self.reload()

    @staticmethod
    def for_workspace(workspace_root: Path, data_dir: Path | None) -> CheckStore:
        return CheckStore(checks_file(workspace_root, data_dir))

    @property
    def cases(self) -> tuple[CheckCase, ...]:
        return tuple(self._cases)

    def reload(self) -> None:
        self._cases, self.problem = [], None
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return
        except (OSError, ValueError) as exc:
            self.problem = f"{self.path} cannot be read: {exc}"
            return
        items = raw.get("cases") if isinstance(raw, dict) else None
        if not isinstance(items, list):
            self.problem = f"{self.path} has no list of cases"
            return
        for item in items:
            try:
                self._cases.append(CheckCase.from_json(item))
            except ValueError as exc:
                self.problem = f"{self.path}: a check was skipped ({exc})"

    def add(self, case: CheckCase) -> bool:
        """Save ``case``; False (and nothing written) when the same check is already saved."""
        if case in self._cases:
            return False
        self._cases.append(case)
        self._save()
        return True

    def remove(self, case: CheckCase) -> None:
        if case in self._cases:
            self._cases.remove(case)
            self._save()

    def _save(self) -> None:
        data = {"version": FORMAT_VERSION, "cases": [c.to_json() for c in self._cases]}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(self.path, json.dumps(data, ensure_ascii=False, indent=2) + "\n")
        except OSError as exc:
            raise UserError(f"cannot save the retrieval checks to {self.path}: {exc}") from exc
        self.problem = None


@dataclass(frozen=True)
class CaseResult:
    """Where one saved query's expected lines came in (``rank`` None: not in the first k)."""

    case: CheckCase
    rank: int | None
    top: tuple[str, ...] = ()
    """``path:start-end`` of the first results, to see what came instead."""

    @property
    def reciprocal_rank(self) -> float:
        return 1.0 / self.rank if self.rank else 0.0


@dataclass(frozen=True)
class CheckReport:
    """Recall@k and MRR@k of every saved check under one set of settings."""

    k: int
    results: tuple[CaseResult, ...] = field(default_factory=tuple)

    @property
    def recall(self) -> float:
        if not self.results:
            return 0.0
        return sum(1 for r in self.results if r.rank is not None) / len(self.results)

    @property
    def mrr(self) -> float:
        if not self.results:
            return 0.0
        return sum(r.reciprocal_rank for r in self.results) / len(self.results)


def first_rank(case: CheckCase, hits: Iterable[SearchHit], k: int) -> int | None:
    """1-based rank of the first of ``hits`` that overlaps the case's lines, within ``k``."""
    for rank, hit in enumerate(hits, start=1):
        if rank > k:
            break
        if case.found_by(hit):
            return rank
    return None


def run_checks(
    search: SearchFn,
    cases: Sequence[CheckCase],
    settings: SearchSettings,
    k: int = DEFAULT_K,
    cancel: Callable[[], bool] | None = None,
) -> CheckReport:
    """Search every case's query under ``settings`` (returning ``k`` results) and score it."""
    if k < 1:
        raise UserError(f"k must be at least 1 (got {k})")
    wanted = settings.with_changes(max_results=k)
    results: list[CaseResult] = []
    for case in cases:
        if cancel is not None and cancel():
            break
        response = search(case.query, wanted)
        top = tuple(f"{h.path}:{h.start_line}-{h.end_line}" for h in response.results[:3])
        results.append(CaseResult(case, first_rank(case, response.results, k), top))
    return CheckReport(k, tuple(results))


@dataclass(frozen=True)
class CheckComparison:
    """The same checks under the saved settings and under a what-if."""

    saved: CheckReport
    trial: CheckReport | None = None


def compare(
    search: SearchFn,
    cases: Sequence[CheckCase],
    saved: SearchSettings,
    trial: SearchSettings | None,
    k: int = DEFAULT_K,
) -> CheckComparison:
    """Run the checks under ``saved`` and, when it differs, under ``trial``."""
    base = run_checks(search, cases, saved, k)
    if trial is None or trial.with_changes(max_results=k) == saved.with_changes(max_results=k):
        return CheckComparison(base, None)
    return CheckComparison(base, run_checks(search, cases, trial, k))
