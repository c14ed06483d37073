"""OpenClaw-mode chunking against the vectors generated from OpenClaw's own TypeScript."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from reverie.core.chunking import Chunk, chunk_markdown, filter_nonempty
from reverie.core.jscompat import estimate_string_chars, utf16_len

VECTORS = Path(__file__).parent / "vectors" / "chunk_markdown.json"
DATA: dict[str, Any] = json.loads(VECTORS.read_text(encoding="utf-8"))
CASES: list[dict[str, Any]] = DATA["cases"]


def _as_dicts(chunks: list[Chunk]) -> list[dict[str, Any]]:
    """Chunks in the vector file's shape."""
    return [
        {"startLine": c.start_line, "endLine": c.end_line, "text": c.text, "hash": c.hash}
        for c in chunks
    ]


def test_vector_file_has_all_cases() -> None:
    assert DATA["case_count"] == 30
    assert len(CASES) == 30


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_openclaw_chunks_match_vectors(case: dict[str, Any]) -> None:
    chunking = case["input"]["chunking"]
    chunks = chunk_markdown(
        case["input"]["content"], chunking["tokens"], chunking["overlap"], mode="openclaw"
    )
    assert _as_dicts(chunks) == case["output"]["chunks"]
    assert _as_dicts(filter_nonempty(chunks)) == case["output"]["indexed"]


@pytest.mark.parametrize(
    "row",
    DATA["helper_cases"]["estimateStringChars"],
    ids=[repr(r["text"]) for r in DATA["helper_cases"]["estimateStringChars"]],
)
def test_estimate_string_chars_helper_cases(row: dict[str, Any]) -> None:
    assert estimate_string_chars(row["text"]) == row["estimateStringChars"]
    assert utf16_len(row["text"]) == row["utf16Length"]


@pytest.mark.parametrize(
    ("text", "weight"),
    [
        ("hello world", 11),
        ("你好世", 12),
        ("hi你好", 10),
        ("\U00020000", 4),
        ("你\U00020000好", 12),
        ("\U0001f600", 2),
        ("你\U0001f600", 6),
    ],
)
def test_estimate_string_chars_spec_values(text: str, weight: int) -> None:
    assert estimate_string_chars(text) == weight


def _shape(chunks: list[Chunk]) -> list[tuple[int, int, int]]:
    return [(c.start_line, c.end_line, len(c.text)) for c in chunks]


def test_spec_100_lines_of_50_chars() -> None:
    content = "\n".join(f"{i:02d}" + "x" * 48 for i in range(100))
    chunks = chunk_markdown(content, 400, 80, mode="openclaw")
    assert [(c.start_line, c.end_line) for c in chunks] == [(1, 31), (25, 55), (49, 79), (73, 100)]
    assert len(chunks[0].text) == 1580
    assert len(chunks[-1].text) == 1427


def test_spec_six_short_lines_small_budget() -> None:
    content = "\n".join(chr(ord("a") + i) * 15 for i in range(6))
    with_overlap = chunk_markdown(content, 10, 2, mode="openclaw")
    assert [(c.start_line, c.end_line) for c in with_overlap] == [
        (1, 2),
        (2, 3),
        (3, 4),
        (4, 5),
        (5, 6),
    ]
    no_overlap = chunk_markdown(content, 10, 0, mode="openclaw")
    assert [(c.start_line, c.end_line) for c in no_overlap] == [(1, 2), (3, 4), (5, 6)]


def test_spec_long_line_and_overlap_bug() -> None:
    assert _shape(chunk_markdown("a" * 100, 10, 0, mode="openclaw")) == [
        (1, 1, 40),
        (1, 1, 40),
        (1, 1, 20),
    ]
    assert _shape(chunk_markdown("a" * 100, 10, 5, mode="openclaw")) == [
        (1, 1, 40),
        (1, 1, 81),
        (1, 1, 61),
    ]
    assert [len(c.text) for c in chunk_markdown("a" * 3000, mode="openclaw")] == [1600, 3001]


def test_spec_cjk_fine_split() -> None:
    assert _shape(chunk_markdown("中" * 50, 10, 0, mode="openclaw")) == [(1, 1, 10)] * 5


def test_spec_empty_and_three_lines() -> None:
    empty = chunk_markdown("", mode="openclaw")
    assert _shape(empty) == [(1, 1, 0)]
    assert filter_nonempty(empty) == []
    assert [(c.start_line, c.end_line) for c in chunk_markdown("alpha\nbeta\ngamma")] == [(1, 3)]
    trailing = chunk_markdown("a\n", mode="openclaw")
    assert [(c.start_line, c.end_line, c.text) for c in trailing] == [(1, 2, "a\n")]


def test_spec_chunk_hash() -> None:
    (chunk,) = chunk_markdown("# Title\nSome text here.", mode="openclaw")
    assert chunk.hash == "cbb43f150f098e3515dd1f2602dea74960841c4612bc2eddf40cd0be11741118"
    assert chunk.hash == hashlib.sha256(chunk.text.encode("utf-8")).hexdigest()
