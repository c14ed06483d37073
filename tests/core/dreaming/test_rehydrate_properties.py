"""Property tests: rehydration finds a recalled snippet again, or says it is gone.

Before a promotion is written, a ledger entry's ``startLine``/``endLine``/``snippet`` is
located again in the current note (OpenClaw's ``relocateCandidateRange``, lines split on
``\\r?\\n``). For generated notes (English, Chinese, emoji, CRLF and LF, blank lines,
headings, list items) rehydration must only ever return text that is in the file at the
returned lines, follow the snippet when lines above it are inserted or removed, report it
missing when it was removed (never make text up), and never raise on odd ranges.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from reverie.core.dreaming.rehydrate import rehydrate, split_lines
from reverie.core.dreaming.snippets import is_unpromotable_snippet, normalize_snippet

NOTE = "memory/2026-04-01.md"

RECALLED_WORDS = st.sampled_from(
    ["αλφα", "βήτα", "γάμμα", "δέλτα", "バックアップ", "ルーター", "Ωμέγα", "ζήτα", "🦉", "ß"]
)
"""The recalled text's own vocabulary: no other line can be a piece of it."""
WORDS = st.sampled_from(
    [
        "router", "backup", "VLAN", "moved", "to", "Tuesday", "Priya", "v2.3.1", "PR", "#4312",
        "备份", "路由器", "迁移", "周二", "晓峰", "负责", "网关", "😀", "🚀", "👩‍💻", "𠀀", "café",
    ]
)  # fmt: skip
SPACE = st.sampled_from([" ", " ", " ", "  ", "\t", "\u3000", "\u00a0"])


@st.composite
def prose(draw: st.DrawFn, min_words: int = 1, words: Any = WORDS) -> str:
    words = draw(st.lists(words, min_size=min_words, max_size=8))
    out = ""
    for i, word in enumerate(words):
        out += (draw(SPACE) if i else "") + word
    return out


@st.composite
def note_line(draw: st.DrawFn, words: Any = WORDS) -> str:
    kind = draw(st.sampled_from(["blank", "spaces", "heading", "bullet", "numbered", "text"]))
    if kind == "blank":
        return ""
    if kind == "spaces":
        return draw(st.sampled_from([" ", "\t", "   "]))
    text = draw(prose(words=words))
    if kind == "heading":
        return "#" * draw(st.integers(1, 3)) + " " + text
    if kind == "bullet":
        return draw(st.sampled_from(["- ", "* ", "  - ", "+ "])) + text
    if kind == "numbered":
        return f"{draw(st.integers(1, 12))}. {text}"
    return text


LINES = st.lists(note_line(), max_size=25)
EOL = st.sampled_from(["\n", "\r\n"])


@st.composite
def joined(draw: st.DrawFn, lines: list[str]) -> str:
    """The lines with LF, CRLF or a mix, with or without a final newline."""
    if not lines:
        return ""
    eols = [draw(EOL) for _ in lines]
    text = "".join(line + eol for line, eol in zip(lines, eols, strict=True))
    return text if draw(st.booleans()) else text[: -len(eols[-1])]


def write_note(root: Path, text: str, junk: bytes = b"") -> Path:
    path = root / NOTE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8") + junk)
    return path


def file_lines(path: Path) -> list[str]:
    """The file's lines as OpenClaw splits them: ``text.split(/\\r?\\n/)``, bytes as is."""
    return split_lines(path.read_bytes().decode("utf-8", errors="replace"))


def range_text(lines: list[str], start: int, end: int) -> str:
    return normalize_snippet(" ".join(lines[start - 1 : end]))


def rehydrate_in(text: str, candidate: dict[str, Any], junk: bytes = b"") -> tuple[Any, list[str]]:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        path = write_note(root, text, junk)
        result = rehydrate(root, candidate)
        return result, file_lines(path)


def assert_truthful(result: Any, lines: list[str]) -> None:
    """A located candidate names lines of the file, and its snippet is their text."""
    if not result.ok:
        assert result.reason
        return
    cand = result.candidate
    start, end = cand["startLine"], cand["endLine"]
    assert 1 <= start <= end <= len(lines), (start, end, len(lines))
    assert cand["snippet"] == range_text(lines, start, end)
    assert cand["snippet"]
    assert not is_unpromotable_snippet(cand["snippet"])
    assert list(result.lines) == lines


ODD_LINE = st.one_of(st.integers(-5, 40), st.sampled_from([0, -1, 10**9, 2**31]))


@settings(max_examples=200, deadline=None)
@given(
    data=st.data(),
    lines=LINES,
    start=ODD_LINE,
    end=ODD_LINE,
    snippet_kind=st.sampled_from(["from file", "made up", "empty", "whitespace"]),
    stray_cr=st.booleans(),
    junk=st.sampled_from([b"", b"\xff\xfe broken", b"\n\xe4\xb8", b"\r\n\x80"]),
)
def test_rehydration_only_returns_text_at_the_returned_lines(
    data: st.DataObject,
    lines: list[str],
    start: int,
    end: int,
    snippet_kind: str,
    stray_cr: bool,
    junk: bytes,
) -> None:
    if stray_cr and lines:  # a lone CR inside a line is not a line break for OpenClaw
        i = data.draw(st.integers(0, len(lines) - 1))
        lines[i] = lines[i] + "\r" + data.draw(prose())
    text = data.draw(joined(lines))
    if snippet_kind == "from file" and lines:
        a = data.draw(st.integers(1, len(lines)))
        b = data.draw(st.integers(a, min(len(lines), a + 4)))
        snippet = " ".join(lines[a - 1 : b])
    elif snippet_kind == "made up":
        snippet = data.draw(prose())
    else:
        snippet = "" if snippet_kind == "empty" else " \t "
    candidate = {"path": NOTE, "startLine": start, "endLine": end, "snippet": snippet}
    # never raises, not even on bytes that are not UTF-8 (a damaged or foreign file)
    result, on_disk = rehydrate_in(text, candidate, junk)
    assert_truthful(result, on_disk)
    if result.ok and normalize_snippet(snippet):
        got = result.candidate["snippet"]
        target = normalize_snippet(snippet)
        loose = target.split(": ", 1)[-1]
        # strict relocation: equal, or one contains the other; the loose form drops list
        # markers, which changes the text, so the words must still all be there
        assert (
            target in got
            or got in target
            or set(loose.split()) <= set(got.replace(";", " ").split()) | {"-", "*", "+"}
        )


MARK = st.integers(0, 10**6).map(lambda n: f"⟦{n}⟧")
"""A token that no generated line contains: the recalled text is unique in the note."""


@st.composite
def recalled_note(draw: st.DrawFn) -> tuple[list[str], list[str], list[str], str]:
    """(lines above, the recalled lines (last one ends with a unique mark), lines below)."""
    above = draw(LINES)
    body = draw(st.lists(note_line(RECALLED_WORDS), min_size=0, max_size=3))
    mark = draw(MARK)
    body.append(draw(prose(words=RECALLED_WORDS)) + " " + mark)
    below = draw(st.lists(note_line(), max_size=8))
    return above, body, below, mark


@settings(max_examples=150, deadline=None)
@given(note=recalled_note(), edit=st.data())
def test_snippet_is_found_again_after_lines_change_above_it(
    note: tuple[list[str], list[str], list[str], str], edit: st.DataObject
) -> None:
    above, body, below, _mark = note
    start = len(above) + 1
    end = len(above) + len(body)
    original = above + body + below
    target = range_text(original, start, end)
    assume(not is_unpromotable_snippet(target))
    candidate = {"path": NOTE, "startLine": start, "endLine": end, "snippet": target}
    # insert new lines and delete old ones, all above the recalled text
    new_above = list(above)
    for _ in range(edit.draw(st.integers(0, 4))):
        if new_above and edit.draw(st.booleans()):
            del new_above[edit.draw(st.integers(0, len(new_above) - 1))]
        else:
            pos = edit.draw(st.integers(0, len(new_above)))
            new_above.insert(pos, edit.draw(note_line()))
    text = edit.draw(joined(new_above + body + below))
    result, on_disk = rehydrate_in(text, candidate)
    assert_truthful(result, on_disk)
    assert result.ok, result.reason
    got = result.candidate
    assert got["snippet"] == target
    # the range covers the recalled lines where they are now, plus at most blank lines
    new_start = len(new_above) + 1
    new_end = len(new_above) + len(body)
    mark_line = new_end
    assert got["startLine"] <= mark_line <= got["endLine"]
    for n in range(got["startLine"], got["endLine"] + 1):
        if not new_start <= n <= new_end:
            assert not on_disk[n - 1].strip(), (n, on_disk[n - 1])


@settings(max_examples=150, deadline=None)
@given(note=recalled_note(), edit=st.data())
def test_removed_snippet_is_reported_missing(
    note: tuple[list[str], list[str], list[str], str], edit: st.DataObject
) -> None:
    above, body, below, mark = note
    start = len(above) + 1
    end = len(above) + len(body)
    target = range_text(above + body + below, start, end)
    assume(not is_unpromotable_snippet(target))
    candidate = {"path": NOTE, "startLine": start, "endLine": end, "snippet": target}
    # the recalled lines are deleted (the last one, with the mark, always) and replaced
    kept = body[: edit.draw(st.integers(0, len(body) - 1))]
    filler = edit.draw(st.lists(note_line(), max_size=3))
    text = edit.draw(joined(above + kept + filler + below))
    assert mark not in text
    result, on_disk = rehydrate_in(text, candidate)
    assert_truthful(result, on_disk)
    if not kept:  # nothing of it is left: reported missing, nothing made up
        assert not result.ok
        assert result.candidate is None
        assert result.reason == "text no longer found in the file"
    elif result.ok:
        # OpenClaw's quality 1: a window that the stored snippet contains. Only a piece
        # of the recalled text that is still there, on the lines it kept.
        got = result.candidate
        assert got["snippet"] in target
        for n in range(got["startLine"], got["endLine"] + 1):
            assert len(above) < n <= len(above) + len(kept) or not on_disk[n - 1].strip()
    # and a note that is gone altogether is reported, not guessed at
    with tempfile.TemporaryDirectory() as tmp:
        gone = rehydrate(Path(tmp), candidate)
    assert not gone.ok and gone.reason == "source file not found"
