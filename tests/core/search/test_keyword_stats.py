"""The keyword scorer's corpus statistics: read once per index state, refreshed by any
write; candidate generation keeps the rarest terms within a row budget."""

from __future__ import annotations

from pathlib import Path

import apsw

from reverie.core.search.keyword import TermStats, within_budget
from reverie.core.service import MemoryService


def test_within_budget_keeps_the_rarest_terms_in_query_order() -> None:
    dfs = {"a": 5000, "b": 10, "c": 2500, "d": 400}
    assert within_budget(["a", "b", "c", "d"], dfs, 3000) == ["b", "c", "d"]
    assert within_budget(["a", "b", "c", "d"], dfs, 1000) == ["b", "d"]
    assert within_budget(["a", "b", "c", "d"], dfs, 10_000) == ["a", "b", "c", "d"]
    # the rarest term is kept even when it alone is over the budget
    assert within_budget(["a", "c"], dfs, 100) == ["c"]
    assert within_budget([], dfs, 100) == []


def _add_note_and_check(svc: MemoryService, ws: Path, conn: apsw.Connection) -> None:
    first = TermStats(conn)
    walruses = first.doc_freqs(["walrus"])["walrus"]
    chunks = first.n_docs
    assert TermStats(conn).doc_freqs(["walrus"]) == {"walrus": walruses}  # cached
    index = len(list((ws / "memory").glob("*.md"))) + 1
    note = ws / "memory" / f"2026-01-0{index}.md"
    note.write_text("# note\n\n- another walrus\n", encoding="utf-8")
    svc.sync()
    again = TermStats(conn)
    assert again.n_docs == chunks + 1
    assert again.doc_freqs(["walrus"]) == {"walrus": walruses + 1}


def test_stats_follow_writes_of_another_connection_and_of_its_own(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("# Memory\n\n- walrus facts\n", encoding="utf-8")
    svc = MemoryService(ws, data_dir=tmp_path / "data", model_name="hash")
    try:
        svc.sync()
        _add_note_and_check(svc, ws, svc.reader())  # the writer commits: data_version
        _add_note_and_check(svc, ws, svc.writer())  # its own writes: total_changes
        assert len(svc.search("walrus").results) == 3
    finally:
        svc.close()
