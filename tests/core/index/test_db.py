"""Opening the index while another connection writes."""

from __future__ import annotations

import time
from pathlib import Path

from reverie.core.index import db


def test_open_does_not_wait_for_a_writer(tmp_path: Path) -> None:
    path = tmp_path / "index.sqlite"
    first = db.connect(path)
    first.execute("BEGIN IMMEDIATE")  # a long sync holds the write lock
    try:
        began = time.perf_counter()
        second = db.connect(path)  # already migrated: only reads the schema version
        waited = time.perf_counter() - began
        assert second.execute("SELECT count(*) FROM files").fetchone() == (0,)
        assert waited < 2.0  # the busy timeout is 5 s: it must not have been used
        second.close()
    finally:
        first.execute("ROLLBACK")
        first.close()


def test_new_database_is_migrated_to_the_latest_version(tmp_path: Path) -> None:
    conn = db.connect(tmp_path / "new.sqlite")
    assert db.migrate(conn) == db.MIGRATIONS[-1][0]
    conn.close()
