"""Opening an index: a small one is checked page by page, a big one is not read whole (the
window would wait for it), and a damaged big one is still rebuilt from the files."""

from __future__ import annotations

from pathlib import Path

import apsw
import pytest

from reverie.core.index import db
from reverie.core.service import MemoryService


def _workspace(root: Path) -> Path:
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# Memory\n\n- walrus facts\n", encoding="utf-8")
    return root


def test_a_big_index_gets_the_light_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ws = _workspace(tmp_path / "ws")
    first = MemoryService(ws, data_dir=tmp_path / "data", model_name="hash")
    first.sync()
    path = first.db_path
    first.close()
    conn = apsw.Connection(str(path))
    checks: list[str] = []
    conn.exec_trace = lambda _c, sql, _b: checks.append(sql) or True
    assert db.integrity_ok(conn, size=db.QUICK_CHECK_MAX_BYTES + 1)
    assert not any("quick_check" in sql for sql in checks)
    assert db.integrity_ok(conn, size=1000)
    assert any("quick_check" in sql for sql in checks)
    conn.close()


def test_a_damaged_big_index_is_rebuilt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ws = _workspace(tmp_path / "ws")
    first = MemoryService(ws, data_dir=tmp_path / "data", model_name="hash")
    first.sync()
    path = first.db_path
    first.close()
    path.write_bytes(b"garbage" * 1000)
    monkeypatch.setattr(db, "QUICK_CHECK_MAX_BYTES", 0)
    again = MemoryService(ws, data_dir=tmp_path / "data", model_name="hash")
    try:
        again.sync()
        assert again.search("walrus").results
        assert before_bytes(ws) == "# Memory\n\n- walrus facts\n"
    finally:
        again.close()


def before_bytes(ws: Path) -> str:
    return (ws / "MEMORY.md").read_text(encoding="utf-8")
