"""Property tests: Reverie's chunker covers every line and never exceeds its budget."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from reverie.core.chunking import chunk_budget_chars, chunk_markdown
from reverie.core.jscompat import estimate_string_chars

LINE = st.text(
    alphabet=st.sampled_from(list("abc xyz.,-#*") + list("中文记忆") + ["😀", "𠀀"]),
    max_size=120,
)


@settings(max_examples=200, deadline=None)
@given(lines=st.lists(LINE, max_size=40), tokens=st.integers(8, 120), overlap=st.integers(0, 40))
def test_reverie_chunks_cover_lines_within_budget(
    lines: list[str], tokens: int, overlap: int
) -> None:
    content = "\n".join(lines)
    chunks = chunk_markdown(content, tokens, overlap, mode="reverie")
    budget = chunk_budget_chars(tokens)
    for ch in chunks:
        assert estimate_string_chars(ch.text) <= budget
        assert ch.text in content
        assert 1 <= ch.start_line <= ch.end_line <= max(1, len(lines))
    for number, line in enumerate(lines, start=1):
        if line.strip():
            assert any(c.start_line <= number <= c.end_line for c in chunks), number
