"""Document frequencies kept by the indexer (``term_df``) agree with the keyword index's
vocabulary after any sequence of writes, deletions and failed transactions."""

from __future__ import annotations

import random
from pathlib import Path

import apsw
import pytest

from reverie.core.index import db, indexer
from reverie.core.search.keyword import TermStats
from reverie.core.service import MemoryService

WORDS = ["gateway", "vlan", "网关", "备份", "walrus", "deploy", "b41d7c9", "OPS-512", "budget"]


def _vocab(conn: apsw.Connection) -> dict[str, int]:
    return {str(t): int(d) for t, d in conn.execute("SELECT term, doc FROM terms_vocab")}


def _kept(conn: apsw.Connection) -> dict[str, int]:
    return {str(t): int(d) for t, d in conn.execute("SELECT term, df FROM term_df")}


def _note(rng: random.Random) -> str:
    lines = [" ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 6))) for _ in range(4)]
    return "# note\n\n" + "\n".join(f"- {line}" for line in lines) + "\n"


@pytest.fixture
def service(tmp_path: Path) -> MemoryService:
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("# Memory\n\n- walrus budget\n", encoding="utf-8")
    svc = MemoryService(ws, data_dir=tmp_path / "data", model_name="hash")
    yield svc
    svc.close()


def test_counts_follow_every_write(service: MemoryService) -> None:
    rng = random.Random(5)
    memory = service.root / "memory"
    for day in range(1, 8):
        (memory / f"2026-03-0{day}.md").write_text(_note(rng), encoding="utf-8")
    service.sync()
    conn = service.writer()
    assert db.get_meta(conn, indexer.TERM_DF_KEY) == "1"
    assert _kept(conn) == _vocab(conn)
    for step in range(40):
        notes = sorted(memory.glob("*.md"))
        action = rng.random()
        if action < 0.4 and notes:
            note = rng.choice(notes)
            with note.open("a", encoding="utf-8") as f:
                f.write(f"- {rng.choice(WORDS)} {rng.choice(WORDS)}\n")
            rel = f"memory/{note.name}"
            service.sync(only_paths=[rel]) if step % 2 else service.sync()
        elif action < 0.6 and notes:
            rng.choice(notes).unlink()
            service.sync()
        elif action < 0.8 and notes:
            note = rng.choice(notes)
            note.rename(memory / f"2026-04-{step + 10:02d}.md")
            service.sync()
        else:
            (memory / f"2026-05-{step + 10:02d}.md").write_text(_note(rng), encoding="utf-8")
            service.sync()
        assert _kept(conn) == _vocab(conn), f"step {step}"
    stats = TermStats(service.reader())
    assert stats.table == "term_df"
    assert stats.doc_freqs(["walrus", "nowhere"])["nowhere"] == 0


def test_a_failed_write_leaves_no_count(
    service: MemoryService, monkeypatch: pytest.MonkeyPatch
) -> None:
    note = service.root / "memory" / "2026-03-01.md"
    note.write_text("# note\n\n- walrus gateway\n", encoding="utf-8")
    service.sync()
    conn = service.writer()
    before = _kept(conn)
    note.write_text("# note\n\n- penguin deploy\n", encoding="utf-8")
    other = service.root / "memory" / "2026-03-02.md"
    other.write_text("# other\n\n- vlan budget\n", encoding="utf-8")
    real = indexer.analyse_text
    calls: list[str] = []

    def failing(text: str) -> str:
        calls.append(text)
        if len(calls) > 1:  # the first chunk is written and counted, then the disk fails
            raise apsw.IOError("disk went away")
        return real(text)

    writer = service.indexer()  # one indexer for both passes, as a long-lived caller has
    monkeypatch.setattr(indexer, "analyse_text", failing)
    with pytest.raises(apsw.IOError):
        writer.sync()
    assert _kept(conn) == before == _vocab(conn)  # rolled back with the rows
    monkeypatch.setattr(indexer, "analyse_text", real)
    writer.sync()  # no count of the failed transaction is left over to add
    assert _kept(conn) == _vocab(conn) and {"penguin", "vlan"} <= set(_kept(conn))


def test_an_index_without_the_counts_reads_the_vocabulary_then_fills_them(
    service: MemoryService,
) -> None:
    service.sync()
    conn = service.writer()
    with conn:  # an index written before the table was kept
        conn.execute("DELETE FROM term_df")
        conn.execute("DELETE FROM meta WHERE key = ?", (indexer.TERM_DF_KEY,))
    stats = TermStats(service.reader())
    assert stats.table == "terms_vocab" and stats.doc_freqs(["walrus"]) == {"walrus": 1}
    (service.root / "memory" / "2026-03-02.md").write_text("# n\n\n- walrus\n", encoding="utf-8")
    service.sync()
    assert db.get_meta(conn, indexer.TERM_DF_KEY) == "1"
    assert _kept(conn) == _vocab(conn)
    assert TermStats(service.reader()).doc_freqs(["walrus"]) == {"walrus": 2}
