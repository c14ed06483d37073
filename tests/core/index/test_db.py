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


def test_switch_to_wal_waits_for_a_connection_creating_the_index(tmp_path: Path) -> None:
    """SQLite does not busy-wait for a journal-mode change: connect() retries it."""
    import threading

    import apsw

    path = tmp_path / "racing.sqlite"
    other = apsw.Connection(str(path))  # another service, mid-way through creating it
    other.execute("BEGIN IMMEDIATE")
    other.execute("CREATE TABLE early(x)")
    done = threading.Timer(0.3, lambda: other.execute("COMMIT"))
    done.start()
    try:
        conn = db.connect(path)  # waits instead of IndexBusy
        assert str(conn.execute("PRAGMA journal_mode").fetchone()[0]).lower() == "wal"
        conn.close()
    finally:
        done.join()
        other.close()
