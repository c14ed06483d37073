"""Reverie-mode chunking: the budget holds, texts are real substrings, lines are covered."""

from __future__ import annotations

import hashlib
import random
import time

import pytest

from reverie.core.chunking import Chunk, chunk_budget_chars, chunk_markdown, filter_nonempty
from reverie.core.jscompat import (
    char_weight,
    estimate_string_chars,
    from_utf16_units,
    is_cjk_char,
    js_utf8_bytes,
    to_utf16_units,
    truncate_utf16_safe,
    utf16_len,
)

WORDS = ["gateway", "backup", "router", "latency", "memory", "网关", "备份", "kernel", "数据库"]


def _normalized(content: str) -> str:
    """The content as reverie mode sees it: a line-final "\\r" removed."""
    return "\n".join(line.removesuffix("\r") for line in content.split("\n"))


def _check_invariants(content: str, chunks: list[Chunk], tokens: int) -> None:
    """Budget, substring, line-mapping and coverage invariants of reverie mode."""
    budget = chunk_budget_chars(tokens)
    normalized = _normalized(content)
    lines = normalized.split("\n")
    covered: set[int] = set()
    for chunk in chunks:
        assert estimate_string_chars(chunk.text) <= budget
        assert chunk.text in normalized
        assert chunk.hash == hashlib.sha256(chunk.text.encode("utf-8")).hexdigest()
        assert 1 <= chunk.start_line <= chunk.end_line <= len(lines)
        span = "\n".join(lines[chunk.start_line - 1 : chunk.end_line])
        if chunk.start_line == chunk.end_line:
            # Whole line or an exact piece of that one line.
            assert chunk.text in span
        else:
            assert chunk.text == span
        covered.update(range(chunk.start_line, chunk.end_line + 1))
    for number, line in enumerate(lines, start=1):
        if line.strip():
            assert number in covered, f"line {number} is in no chunk"


def test_budget_helper() -> None:
    assert chunk_budget_chars(400) == 1600
    assert chunk_budget_chars(1) == 32
    assert chunk_budget_chars(0) == 32


def test_3000_a_stays_within_budget() -> None:
    content = "a" * 3000
    chunks = chunk_markdown(content)
    _check_invariants(content, chunks, 400)
    assert all(len(c.text) <= 1600 for c in chunks)
    assert "".join(c.text for c in chunks) != content  # consecutive pieces overlap
    assert chunks[0].text == content[: len(chunks[0].text)]
    assert chunks[-1].text == content[-len(chunks[-1].text) :]
    assert all((c.start_line, c.end_line) == (1, 1) for c in chunks)


def test_cjk_long_line_weighs_at_most_budget() -> None:
    content = "我们决定把网关的备份策略改成每天凌晨三点执行。" * 200
    chunks = chunk_markdown(content)
    _check_invariants(content, chunks, 400)
    assert len(chunks) >= 5
    # The baseline produced ~3200-weight chunks here.
    assert max(estimate_string_chars(c.text) for c in chunks) <= 1600
    # Cuts prefer the full stop when it is near the limit.
    assert all(c.text.endswith("。") for c in chunks[:-1])


def test_long_line_cut_at_whitespace_not_mid_word() -> None:
    rng = random.Random(7)
    line = " ".join(rng.choice(["alpha", "latency", "gateway", "router"]) for _ in range(2000))
    chunks = chunk_markdown("intro\n" + line + "\noutro")
    _check_invariants("intro\n" + line + "\noutro", chunks, 400)
    pieces = [c for c in chunks if c.start_line == 2]
    assert len(pieces) >= 6
    for piece in pieces[:-1]:
        assert piece.text.endswith(" ")
    for piece in pieces[1:]:
        assert piece.text.split(" ")[0] in {"alpha", "latency", "gateway", "router"}
    assert [c.start_line for c in chunks][0] == 1 and chunks[-1].end_line == 3


def test_no_newline_invented_for_long_lines() -> None:
    content = "x" * 5000 + "\nshort line\n" + "y" * 4000
    chunks = chunk_markdown(content, 400, 80)
    _check_invariants(content, chunks, 400)
    for chunk in chunks:
        if chunk.start_line in (1, 3):
            assert "\n" not in chunk.text


def test_astral_characters_never_split() -> None:
    content = ("\U00020000\U0001f642a" * 900) + "\n" + "😀" * 1000
    for tokens in (7, 10, 400):
        chunks = chunk_markdown(content, tokens, min(3, tokens - 1))
        _check_invariants(content, chunks, tokens)
        for chunk in chunks:
            chunk.text.encode("utf-8")  # no lone surrogate anywhere


def test_overlap_between_consecutive_chunks_of_short_lines() -> None:
    content = "\n".join(f"line {i:03d} " + "word " * 8 for i in range(200))
    chunks = chunk_markdown(content, 100, 20)
    _check_invariants(content, chunks, 100)
    assert len(chunks) > 5
    for before, after in zip(chunks, chunks[1:], strict=False):
        assert after.start_line <= before.end_line  # shares at least one line
        assert after.end_line > before.end_line  # and makes progress
        shared = before.end_line - after.start_line + 1
        assert shared >= 1
        overlap_text = "\n".join(after.text.split("\n")[:shared])
        assert estimate_string_chars(overlap_text) <= 20 * 4


def test_overlap_zero_gives_disjoint_chunks() -> None:
    content = "\n".join(f"entry {i}" for i in range(300))
    chunks = chunk_markdown(content, 20, 0)
    _check_invariants(content, chunks, 20)
    for before, after in zip(chunks, chunks[1:], strict=False):
        assert after.start_line == before.end_line + 1


def test_overlap_dropped_when_next_line_would_not_fit() -> None:
    # Small lines followed by a line that fills almost the whole budget.
    big = "b" * 1500
    content = "\n".join(["s" * 60] * 30 + [big, "tail"])
    chunks = chunk_markdown(content)
    _check_invariants(content, chunks, 400)
    holding_big = [c for c in chunks if big in c.text]
    assert len(holding_big) == 1


def test_crlf_lines_lose_the_carriage_return() -> None:
    content = "# Title\r\n\r\nFirst line\r\nSecond line\r\n"
    (chunk,) = chunk_markdown(content)
    assert chunk.text == "# Title\n\nFirst line\nSecond line\n"
    assert "\r" not in chunk.text
    assert (chunk.start_line, chunk.end_line) == (1, 5)
    # OpenClaw mode keeps them.
    (raw,) = chunk_markdown(content, mode="openclaw")
    assert raw.text == content


def test_crlf_long_file_invariants() -> None:
    rng = random.Random(3)
    lines = [" ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 30))) for _ in range(400)]
    content = "\r\n".join(lines) + "\r\n"
    chunks = chunk_markdown(content, 60, 10)
    _check_invariants(content, chunks, 60)
    assert all("\r" not in c.text for c in chunks)


@pytest.mark.parametrize(("tokens", "overlap"), [(1, 0), (10, 2), (10, 9), (50, 49), (400, 80)])
def test_random_documents_keep_invariants(tokens: int, overlap: int) -> None:
    rng = random.Random(tokens * 1000 + overlap)
    lines: list[str] = []
    for _ in range(300):
        kind = rng.random()
        if kind < 0.1:
            lines.append("")
        elif kind < 0.15:
            lines.append(" ".join(rng.choice(WORDS) for _ in range(rng.randint(50, 600))))
        elif kind < 0.2:
            lines.append("中文" * rng.randint(1, 500))
        else:
            lines.append(" ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 12))))
    content = "\n".join(lines)
    _check_invariants(content, chunk_markdown(content, tokens, overlap), tokens)


def test_empty_and_blank_content() -> None:
    assert [(c.start_line, c.end_line, c.text) for c in chunk_markdown("")] == [(1, 1, "")]
    assert filter_nonempty(chunk_markdown("")) == []
    assert filter_nonempty(chunk_markdown("\n\n  \n\t\n")) == []
    assert filter_nonempty(chunk_markdown("\u3000\n\u00a0")) == []


def test_unknown_mode_is_rejected() -> None:
    with pytest.raises(ValueError):
        chunk_markdown("x", mode="other")  # type: ignore[arg-type]


def test_hundred_thousand_lines_chunk_fast() -> None:
    rng = random.Random(11)
    content = "\n".join(
        " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 15))) for _ in range(100_000)
    )
    started = time.perf_counter()
    chunks = chunk_markdown(content)
    elapsed = time.perf_counter() - started
    assert chunks[-1].end_line == 100_000
    assert elapsed < 2.0


def test_cjk_helpers() -> None:
    assert is_cjk_char("中") and is_cjk_char("\U00020000") and is_cjk_char("\u3001")
    assert not is_cjk_char("a") and not is_cjk_char("\uff41") and not is_cjk_char("😀")
    assert [char_weight(c) for c in "a中😀\U00020000"] == [1, 4, 2, 4]
    with pytest.raises(ValueError):
        is_cjk_char("ab")
    assert utf16_len("a😀\U00020000") == 5
    units = to_utf16_units("a😀b")
    assert len(units) == 4
    assert from_utf16_units(units) == "a😀b"
    assert from_utf16_units(units[:2]) == "a\ud83d"
    assert js_utf8_bytes("a\ud83d") == b"a\xef\xbf\xbd"
    assert truncate_utf16_safe("ab😀cd", 3) == "ab"
    assert truncate_utf16_safe("ab😀cd", 4) == "ab😀"
    assert truncate_utf16_safe("short", 700) == "short"


def test_truncate_utf16_safe_matches_cutting_the_utf16_units() -> None:
    """The fast path (no astral character or surrogate before the cut) and the unit path
    give what cutting the UTF-16 units and dropping a split pair's first half gives."""
    rng = random.Random(5)
    alphabet = ["a", "中", "，", "😀", "\U00020000", "\ud800", "\udc00", "é", "\uffff"]
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 14)))
        limit = rng.randint(0, 16)
        units = to_utf16_units(text)
        end = min(limit, len(units))
        if len(units) > limit and end > 0 and 0xD800 <= ord(units[end - 1]) <= 0xDBFF:
            end -= 1
        expected = text if len(units) <= limit else from_utf16_units(units[:end])
        assert truncate_utf16_safe(text, limit) == expected, (text, limit)
