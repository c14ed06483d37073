"""Every item model passes qtmodeltester, and shows what the core data says."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from PySide6.QtCore import QModelIndex, Qt

from reverie.core.service import MemoryService
from reverie.core.settings import SearchSettings
from reverie.core.workspace import FileKind, MemoryFile
from reverie.gui.models.search_results_model import (
    BAR_ROLE,
    COL_DELTA,
    COL_LOCATION,
    COL_RANK,
    COL_REASON,
    COLUMNS,
    SPANS_ROLE,
    SearchResultsModel,
)
from reverie.gui.models.workspace_tree_model import FILE_ROLE, WorkspaceTreeModel


def _files() -> list[MemoryFile]:
    def mf(
        rel: str, kind: FileKind, date: dt.date | None = None, agent: str | None = None
    ) -> MemoryFile:
        return MemoryFile(
            rel, Path("/x") / rel, kind, "sessions" if agent else "memory", date, agent, 100, 0.0
        )

    return [
        mf("MEMORY.md", FileKind.LONG_TERM),
        mf("memory/2026-11-02.md", FileKind.DAILY, dt.date(2026, 11, 2)),
        mf("memory/2026-10-01.md", FileKind.DAILY, dt.date(2026, 10, 1)),
        mf("memory/2026-11-20-vendor.md", FileKind.DAILY, dt.date(2026, 11, 20)),
        mf("memory/people.md", FileKind.MEMORY_OTHER),
        mf("DREAMS.md", FileKind.DREAMING),
        mf("sessions/a.jsonl", FileKind.SESSION, agent="main"),
        mf("sessions/b.jsonl", FileKind.SESSION, agent="ops"),
    ]


def test_tree_model_passes_modeltester_and_groups(qtmodeltester) -> None:  # type: ignore[no-untyped-def]
    model = WorkspaceTreeModel()
    qtmodeltester.check(model)
    model.set_files(_files())
    qtmodeltester.check(model)
    groups = [model.index(r, 0).data() for r in range(model.rowCount())]
    assert groups == [
        "Long-term (1)",
        "Daily notes (3)",
        "Other memory files (1)",
        "Session transcripts (2)",
        "Dreaming (1)",
    ]
    daily = model.index(1, 0)
    months = [model.index(r, 0, daily).data() for r in range(model.rowCount(daily))]
    assert months == ["November 2026 (2)", "October 2026 (1)"]  # newest first
    november = model.index(0, 0, daily)
    first = model.index(0, 0, november)
    assert first.data(FILE_ROLE).rel_path == "memory/2026-11-20-vendor.md"
    assert "vendor" in first.data()
    sessions = model.index(3, 0)
    assert [model.index(r, 0, sessions).data() for r in range(2)] == [
        "agent main (1)",
        "agent ops (1)",
    ]
    assert model.index(1, 1).data() == "300 B"
    assert model.index_for_path("DREAMS.md").data(FILE_ROLE).kind is FileKind.DREAMING


def test_tree_filter_passes_modeltester(qtmodeltester) -> None:  # type: ignore[no-untyped-def]
    model = WorkspaceTreeModel()
    model.set_files(_files())
    model.set_filter("PEOPLE")
    qtmodeltester.check(model)
    assert model.rowCount() == 1
    other = model.index(0, 0)
    assert other.data() == "Other memory files (1)"
    assert model.index(0, 0, other).data(FILE_ROLE).rel_path == "memory/people.md"


def test_results_model_passes_modeltester_with_real_search(
    qtmodeltester, workspace: Path, data_dir: Path
) -> None:  # type: ignore[no-untyped-def]
    service = MemoryService(workspace, data_dir=data_dir, model_name="hash")
    try:
        service.sync()
        service.load_model()
        service.embed_pending()
        # a minScore cut as well, so that the model shows dropped rows of both kinds
        settings = SearchSettings.for_profile("reverie").with_changes(min_score=0.2)
        response = service.search("staging gateway VLAN", settings)
        baseline = service.search(
            "staging gateway VLAN", settings.with_changes(vector_weight=0.0, text_weight=1.0)
        )
    finally:
        service.close()
    assert response.results and response.dropped
    model = SearchResultsModel()
    qtmodeltester.check(model)
    ranks = {h.chunk_id: i + 1 for i, h in enumerate(baseline.results)}
    model.set_response(response, ranks)
    qtmodeltester.check(model)
    assert model.rowCount() == len(response.results)
    assert [model.headerData(c, Qt.Orientation.Horizontal) for c in range(len(COLUMNS))] == list(
        COLUMNS
    )
    top = response.results[0]
    assert model.index(0, COL_LOCATION).data() == f"{top.path}:{top.start_line}-{top.end_line}"
    assert model.index(0, COL_RANK).data() == "1"
    assert model.index(0, 4).data().startswith(f"{top.trace.vector_score:.3f}")
    assert model.index(0, 5).data() == f"{top.trace.bm25_raw:.2f}"
    bar = model.index(0, 3).data(BAR_ROLE)
    assert abs(bar.vector + bar.keyword + bar.decay_loss - top.trace.weighted_sum) < 1e-9
    snippet_spans = model.index(0, 11).data(SPANS_ROLE)
    assert snippet_spans, "query terms are highlighted in the snippet"
    deltas = {model.index(r, COL_DELTA).data() for r in range(model.rowCount())}
    assert deltas & {"=", "new"} or any(d.startswith(("▲", "▼")) for d in deltas)

    model.set_show_dropped(True)
    qtmodeltester.check(model)
    assert model.rowCount() == len(response.results) + len(response.dropped)
    last = model.rowCount() - 1
    assert model.index(last, COL_RANK).data() == "–"
    assert model.index(last, COL_REASON).data()  # a short "dropped because"
    assert model.index(last, 0).data(Qt.ItemDataRole.ToolTipRole).startswith("Dropped at")
    assert model.index(last, 0).data(Qt.ItemDataRole.ForegroundRole) is not None
    assert not model.index(0, 0, model.index(0, 0)).isValid()
    assert model.rowCount(QModelIndex()) == last + 1
