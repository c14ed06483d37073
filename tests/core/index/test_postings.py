"""The keyword postings held in memory: the same lists as the index holds after every kind
of write, BM25 over every chunk holding a word, and used only where they should be."""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import apsw
import pytest

from reverie.core.index import postings
from reverie.core.search import keyword
from reverie.core.search.engine import reverie_scorer
from reverie.core.search.keyword import BM25_B, BM25_K1, bm25_from_counts
from reverie.core.service import MemoryService
from reverie.core.settings import SearchSettings
from reverie.core.text.analysis import fts_or_query

WORDS = ("walrus", "penguin", "otter", "heron")


def _workspace(root: Path, days: int = 28) -> Path:
    ws = root / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("# Memory\n\n- the walrus pen is cleaned on Fridays\n")
    for day in range(1, days + 1):
        animals = [w for i, w in enumerate(WORDS) if day % (i + 2) == 0] or ["seal"]
        extra = " walrus" * (day % 3)
        note = ws / "memory" / f"2026-02-{day:02d}.md"
        note.write_text(f"# Note\n\n- fed the {' and the '.join(animals)} today{extra}\n")
    return ws


@contextlib.contextmanager
def _synced(tmp_path: Path, days: int = 28) -> Iterator[tuple[MemoryService, Path]]:
    """A service over a fresh workspace of ``days`` notes, synced; closed afterwards."""
    ws = _workspace(tmp_path, days)
    svc = MemoryService(ws, data_dir=tmp_path / "data", model_name="hash")
    try:
        svc.sync()
        yield svc, ws
    finally:
        svc.close()


def _reference(conn: apsw.Connection) -> tuple[dict[str, dict[int, int]], dict[int, int]]:
    """Each word's chunks and counts, and each chunk's length, read from the chunk rows."""
    lists: dict[str, dict[int, int]] = {}
    lengths: dict[int, int] = {}
    for rowid, terms, n_terms in conn.execute("SELECT rowid, terms, n_terms FROM chunks"):
        lengths[rowid] = n_terms
        for word, count in Counter(str(terms).split()).items():
            lists.setdefault(word, {})[rowid] = count
    return lists, lengths


def _positions(conn: apsw.Connection, word: str) -> dict[int, list[int]]:
    """Where ``word`` is in each chunk holding it (its token numbers), from the rows."""
    out: dict[int, list[int]] = {}
    for rowid, terms in conn.execute("SELECT rowid, terms FROM chunks"):
        found = [i for i, w in enumerate(str(terms).split()) if w == word]
        if found:
            out[rowid] = found
    return out


def _held(lists: postings.TermPostings, word: str) -> dict[int, int]:
    held = lists.lists[word]
    return {int(r): int(c) for r, c in zip(held.rid, held.tf, strict=True)}


def _held_positions(lists: postings.TermPostings, word: str) -> dict[int, list[int]]:
    held = lists.lists[word]
    return {
        int(r): [int(p) for p in held.positions[held.first[i] : held.first[i + 1]]]
        for i, r in enumerate(held.rid)
    }


def _check(conn: apsw.Connection, words: tuple[str, ...]) -> postings.TermPostings:
    conn.execute("BEGIN DEFERRED")
    try:
        lists = postings.for_search(conn, dict.fromkeys(words, 1))
        assert lists is not None
        for word in words:
            lists.postings(conn, word)
        ref, lengths = _reference(conn)
        for word in words:
            assert _held(lists, word) == ref.get(word, {}), word
            assert _held_positions(lists, word) == _positions(conn, word), word
            held = lists.lists[word]
            assert [int(x) for x in held.dl] == [lengths[int(r)] for r in held.rid]
        assert lists.lengths is not None
        assert {i: int(n) for i, n in enumerate(lists.lengths) if n} == lengths
        return lists
    finally:
        conn.execute("COMMIT")


def test_the_lists_follow_every_kind_of_write(tmp_path: Path) -> None:
    with _synced(tmp_path) as (svc, ws):
        conn = svc.reader()
        lists = _check(conn, WORDS)
        # a line appended to the newest note: its chunk removed and written again with
        # the same row id (SQLite gives the largest row id again)
        newest = ws / "memory" / "2026-02-28.md"
        newest.write_text(newest.read_text() + "- a heron and an otter and an otter\n")
        svc.sync()
        assert _check(conn, WORDS) is lists
        (ws / "memory" / "2026-02-10.md").unlink()  # a note removed
        (ws / "memory" / "2026-03-01.md").write_text("# Note\n\n- a new walrus arrived\n")
        note = ws / "memory" / "2026-02-12.md"  # a note in the middle rewritten
        note.write_text("# Note\n\n- the penguin moult started\n\n- the heron left\n")
        svc.sync()
        assert _check(conn, WORDS) is lists
        assert lists.reads == len(WORDS)  # patched in place, never read again


def test_a_copy_far_behind_starts_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with _synced(tmp_path) as (svc, ws):
        conn = svc.reader()
        lists = _check(conn, WORDS)
        for day in range(1, 5):
            (ws / "memory" / f"2026-03-{day:02d}.md").write_text(f"# Note\n\n- walrus {day}\n")
        svc.sync()
        writer = svc.writer()
        with writer:
            postings.prune_log(writer, keep=1)
        assert writer.execute("SELECT count(*) FROM chunk_log").fetchone() == (1,)
        assert _check(conn, WORDS) is lists
        assert lists.reads == 2 * len(WORDS)  # read again, not patched
        monkeypatch.setattr(postings, "PATCH_MOST", 3)  # more changed chunks than that
        for day in range(5, 9):
            (ws / "memory" / f"2026-03-{day:02d}.md").write_text(f"# Note\n\n- otter {day}\n")
        svc.sync()
        assert _check(conn, WORDS) is lists
        assert lists.reads == 3 * len(WORDS)


def test_best_is_bm25_over_every_chunk_holding_a_word(tmp_path: Path) -> None:
    with _synced(tmp_path, 60) as (svc, _ws):
        conn = svc.reader()
        lists = _check(conn, WORDS)
        idfs = {"walrus": 0.4, "otter": 1.7, "heron": 2.5}
        avgdl = 9.5
        ref, lengths = _reference(conn)
        expected = {
            rowid: bm25_from_counts(
                {w: ref[w][rowid] for w in idfs if rowid in ref[w]}, n, idfs, avgdl
            )
            for rowid, n in lengths.items()
        }
        order = sorted((r for r, v in expected.items() if v > 0), key=lambda r: -expected[r])
        conn.execute("BEGIN DEFERRED")
        try:
            best = lists.best(conn, idfs, avgdl, 15, BM25_K1, BM25_B)
            everything = lists.best(conn, idfs, avgdl, 10_000, BM25_K1, BM25_B)
        finally:
            conn.execute("COMMIT")
        assert len(best) == 15
        assert [expected[r] for r in best] == pytest.approx([expected[r] for r in order[:15]])
        assert set(everything) == set(order)  # every chunk holding a word, none else


def test_lists_rank_a_word_from_its_second_search_in_a_read_snapshot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(postings, "ALWAYS_READ_DF", 0)  # every word counts as common
    monkeypatch.setattr(keyword, "CANDIDATE_ROW_BUDGET", 5)  # FTS5 then ranks an AND
    with _synced(tmp_path, 90) as (svc, _ws):
        conn = svc.reader()
        settings = SearchSettings.for_profile("reverie")
        query = "walrus fed"

        def ran() -> tuple[str | None, str | None, list[int]]:
            conn.execute("BEGIN DEFERRED")
            try:
                scorer = reverie_scorer(conn, query, settings)
                hits = scorer.search(10)  # a pool of 40 of the 70 chunks with both
                return scorer.ran, scorer.candidate_match, [h.rowid for h in hits]
            finally:
                conn.execute("COMMIT")

        first, fts5, first_hits = ran()
        assert first == fts5 == '"walrus" AND "fed"'  # first search: FTS5 ranks
        second, _, second_hits = ran()
        assert second == fts_or_query(["walrus", "fed"])  # from the lists, every chunk
        assert second_hits[:3] == first_hits[:3]
        lists = postings.held(conn)
        assert lists is not None and set(lists.lists) == {"walrus", "fed"}
        # outside a read snapshot (a bare scorer) the lists are not used
        scorer = reverie_scorer(conn, query, settings)
        scorer.search(10)
        assert scorer.ran == fts5
        # the service's own searches take them, and find the same
        assert [r.path for r in svc.search(query).results][:3] == [
            r.path for r in svc.search(query, settings).results
        ][:3]


def test_an_index_without_the_log_ranks_in_fts5(tmp_path: Path) -> None:
    with _synced(tmp_path) as (svc, ws):
        conn = apsw.Connection(str(svc.db_path))
        with conn:
            conn.execute("DROP TABLE chunk_log")
        conn.execute("BEGIN DEFERRED")
        assert postings.for_search(conn, {"walrus": 1}) is None
        conn.execute("COMMIT")
        conn.close()


def test_the_budget_lets_the_least_recently_used_lists_go(tmp_path: Path) -> None:
    with _synced(tmp_path) as (svc, ws):
        conn = svc.reader()
        lists = _check(conn, WORDS)
        conn.execute("BEGIN DEFERRED")
        try:
            lists.postings(conn, "walrus")
            lists.postings(conn, "penguin")
        finally:
            conn.execute("COMMIT")
        lists.budget = lists.lists["walrus"].nbytes + lists.lists["penguin"].nbytes
        lists._store("walrus", lists.lists["walrus"])  # trims to the budget (in bytes)
        assert list(lists.lists) == ["penguin", "walrus"]
        assert lists.held == lists.budget
