"""Listing candidates on a large ledger (issue: 100 s for 3,078 entries, the Dreaming page
never done with 30,078): each candidate used to re-read its note, search every window of
it testing the candidate's own text again for each window, and take every MEMORY.md entry
apart into words again. The work shared by the candidates of one preview is now done once;
the candidates are the same as before (checked against the former algorithms here)."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from reverie.core.dreaming import engine as engine_mod
from reverie.core.dreaming import rehydrate as rehydrate_mod
from reverie.core.dreaming import review
from reverie.core.dreaming.engine import Candidate, DreamEngine
from reverie.core.dreaming.ledger import LEDGER_RELATIVE_PATH
from reverie.core.dreaming.promote import read_memory
from reverie.core.dreaming.rehydrate import (
    NoteCache,
    WindowTexts,
    relocate_candidate_range,
    split_lines,
)
from reverie.core.dreaming.snapshot import review_thresholds
from reverie.core.dreaming.snippets import is_unpromotable_snippet, normalize_snippet

DEMO = Path(__file__).resolve().parents[3] / "resources" / "demo" / "workspace"
NOW = datetime(2026, 11, 12, 9, tzinfo=UTC)


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    """The demo workspace, its ledger grown to three times its entries (copies under new
    keys, as the report's 3,078-entry ledger was made)."""
    root = tmp_path / "demo"
    shutil.copytree(DEMO, root)
    path = root / LEDGER_RELATIVE_PATH
    store = json.loads(path.read_text(encoding="utf-8"))
    entries = dict(store["entries"])
    for copy in range(2):
        for key, entry in list(store["entries"].items()):
            entries[f"{key}:copy{copy}"] = {**entry, "key": f"{key}:copy{copy}"}
    store["entries"] = entries
    path.write_text(json.dumps(store, indent=2, ensure_ascii=False), encoding="utf-8")
    return root


def _everything(root: Path) -> list[Candidate]:
    """Every candidate, as the Dreaming page lists them."""
    eng = DreamEngine(root, now=NOW, timezone="UTC")
    return eng.preview(review_thresholds(eng), include_failing=True, include_decided=True)


def _counting(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> Counter[Any]:
    """Replace ``module.name`` with a wrapper that counts its calls by first argument."""
    calls: Counter[Any] = Counter()
    real: Callable[..., Any] = getattr(module, name)

    def counted(first: Any, *args: Any, **kwargs: Any) -> Any:
        calls[first] += 1
        return real(first, *args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


def test_memory_entries_are_taken_apart_once_per_preview(
    demo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    entries = review.memory_entries(read_memory(demo))
    calls = _counting(monkeypatch, review, "_tokens")
    candidates = _everything(demo)
    assert len(candidates) == 234 and len(entries) > 10
    # each entry once, each candidate's text once (it was both, for every pair)
    assert sum(calls.values()) <= len(entries) + len(candidates)


def test_each_note_is_read_once_per_preview(demo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    reads = _counting(monkeypatch, rehydrate_mod, "read_note")
    candidates = _everything(demo)
    notes = {c.path for c in candidates}
    assert len(candidates) > 3 * len(notes)
    assert set(reads.values()) == {1}, "every note read once, not once per candidate"


def test_relocation_tests_the_candidates_text_once(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = [f"- line {n} about nothing in particular" for n in range(200)]
    lines[150] = "- The staging cluster moved to VLAN 30."
    candidate = {
        "startLine": 3,
        "endLine": 3,
        "snippet": "- The staging cluster moved to VLAN 30.",
    }
    calls = _counting(monkeypatch, rehydrate_mod, "is_unpromotable_snippet")
    found = relocate_candidate_range(lines, candidate)
    assert found == {"startLine": 151, "endLine": 151, "snippet": lines[150]}
    # each text once, and only windows that hold (or are part of) the target: it was the
    # target and the window for each of the 1,600 windows
    assert max(calls.values()) <= 2 and sum(calls.values()) < 50


# --- the same answers as the former algorithms -------------------------------------------


def _former_window_quality(target: str, window: str) -> int:
    if not target or not window:
        return 0
    if is_unpromotable_snippet(target) or is_unpromotable_snippet(window):
        return 0
    if window == target:
        return 3
    if target in window:
        return 2
    if window in target:
        return 1
    return 0


def _former_range_snippet(lines: Sequence[str], start: int, end: int) -> str:
    start_index = max(0, start - 1)
    end_index = min(len(lines), end)
    if start_index >= end_index:
        return ""
    return normalize_snippet(" ".join(lines[start_index:end_index]))


def _former_relocate(lines: Sequence[str], candidate: Mapping[str, Any]) -> dict[str, Any] | None:
    """``relocate_candidate_range`` as it was before windows were shared."""
    target = normalize_snippet(candidate.get("snippet") or "")
    start_line = int(candidate["startLine"])
    end_line = int(candidate["endLine"])
    preferred_span = max(1, end_line - start_line + 1)
    if not target:
        fallback = _former_range_snippet(lines, start_line, end_line)
        if not fallback:
            return None
        return {"startLine": start_line, "endLine": end_line, "snippet": fallback}
    exact = _former_range_snippet(lines, start_line, end_line)
    if exact == target:
        return {"startLine": start_line, "endLine": end_line, "snippet": exact}
    max_span = min(len(lines), max(preferred_span + 3, 8))
    best: dict[str, Any] | None = None
    for start_index in range(len(lines)):
        span = 1
        while span <= max_span and start_index + span <= len(lines):
            window_start = start_index + 1
            window_end = start_index + span
            snippet = _former_range_snippet(lines, window_start, window_end)
            quality = _former_window_quality(target, snippet)
            if quality:
                distance = abs(window_start - start_line)
                if (
                    best is None
                    or quality > best["quality"]
                    or (quality == best["quality"] and distance < best["distance"])
                    or (
                        quality == best["quality"]
                        and distance == best["distance"]
                        and abs(span - preferred_span)
                        < abs(best["endLine"] - best["startLine"] + 1 - preferred_span)
                    )
                ):
                    best = {
                        "startLine": window_start,
                        "endLine": window_end,
                        "snippet": snippet,
                        "quality": quality,
                        "distance": distance,
                    }
            span += 1
    if best is None:
        return None
    return {"startLine": best["startLine"], "endLine": best["endLine"], "snippet": best["snippet"]}


def _shifted_candidates(root: Path) -> list[tuple[list[str], dict[str, Any]]]:
    """A third of the demo ledger's entries against their notes, as stored and with the
    note's lines moved (a line inserted at the top), plus variants whose snippet is a part
    of the text, holds more than it, is a bare heading or is empty."""
    store = json.loads((root / LEDGER_RELATIVE_PATH).read_text(encoding="utf-8"))
    cases: list[tuple[list[str], dict[str, Any]]] = []
    for entry in list(store["entries"].values())[::3]:
        note = root / entry["path"]
        if not note.is_file():
            continue
        lines = split_lines(note.read_text(encoding="utf-8"))
        words = str(entry["snippet"]).split()
        for variant in (
            entry,
            {**entry, "snippet": " ".join(words[2:9])},
            {**entry, "snippet": entry["snippet"] + " and more"},
            {**entry, "snippet": "## 09:00"},
            {**entry, "snippet": "", "startLine": 2, "endLine": 4},
        ):
            cases.append((lines, dict(variant)))
            cases.append((["# moved", *lines], dict(variant)))
    return cases


def test_relocation_finds_what_it_found_before() -> None:
    cases = _shifted_candidates(DEMO)
    assert len(cases) > 200
    shared: dict[int, WindowTexts] = {}
    for lines, candidate in cases:
        windows = shared.setdefault(id(lines), WindowTexts(lines))
        expected = _former_relocate(lines, candidate)
        assert relocate_candidate_range(lines, candidate) == expected
        assert relocate_candidate_range(lines, candidate, windows) == expected


def test_cached_rehydration_is_the_same(demo: Path) -> None:
    store = json.loads((demo / LEDGER_RELATIVE_PATH).read_text(encoding="utf-8"))
    notes = NoteCache()
    for entry in store["entries"].values():
        alone = rehydrate_mod.rehydrate(demo, entry)
        shared = rehydrate_mod.rehydrate(demo, entry, notes)
        assert shared == alone
        if shared.candidate is not None:  # each answer is its own dict
            shared.candidate["startLine"] = -1
            assert rehydrate_mod.rehydrate(demo, entry, notes) == alone


_WORD = re.compile(r"[^\W_]+", re.UNICODE)


def _former_nearest(
    candidate_text: str,
    memory_text: str,
    vector_similarity: Callable[[str, Sequence[str]], Sequence[float]] | None = None,
) -> list[review.NearbyEntry]:
    """``nearest_memory_entries`` as it was before MEMORY.md was taken apart once."""
    target = review.entry_text(candidate_text)
    entries = review.memory_entries(memory_text)
    if not target or not entries:
        return []
    vectors = (
        list(vector_similarity(target, [e.text for e in entries])) if vector_similarity else None
    )
    scored: list[review.NearbyEntry] = []
    for index, entry in enumerate(entries):
        lexical = review.lexical_similarity(target, entry.text)
        vector = float(vectors[index]) if vectors is not None and index < len(vectors) else None
        similarity = max(lexical, vector or 0.0)
        same = target.lower() == entry.text.lower() or (
            len(target) > 12
            and (target.lower() in entry.text.lower() or entry.text.lower() in target.lower())
        )
        why = review.conflict_reason(target, entry.text) if similarity >= 0.3 else None
        flag = None
        if same or (similarity >= 0.8 and why is None):
            flag, why = "already present", None
        elif why is not None:
            flag = "may conflict"
        scored.append(review.NearbyEntry(entry.line, entry.text, lexical, vector, flag, why))
    scored.sort(key=lambda e: (-e.similarity, e.line))
    return [e for e in scored[:3] if e.similarity > 0]


def test_nearest_entries_are_the_same() -> None:
    memory = read_memory(DEMO) + "\n- ---\n- 2026-11-01\n- 每月 350 元\n- The the and of\n"
    index = review.MemoryIndex(memory)
    store = json.loads((DEMO / LEDGER_RELATIVE_PATH).read_text(encoding="utf-8"))
    texts = [str(e["snippet"]) for e in store["entries"].values()]
    texts += [e.text for e in index.entries]  # each entry finds itself
    texts += ["---", "2026-11-01", "the and of", "每月 400 元", "Not on Fridays"]

    def by_length(text: str, others: Sequence[str]) -> list[float]:
        return [1 / (1 + abs(len(text) - len(o))) for o in others]

    for text in texts:
        assert review.nearest_memory_entries(text, index) == _former_nearest(text, memory)
        assert review.nearest_memory_entries(text, memory) == _former_nearest(text, memory)
        assert review.nearest_memory_entries(
            text, index, vector_similarity=by_length
        ) == _former_nearest(text, memory, by_length)


def test_shared_preview_lists_what_single_candidates_show(demo: Path) -> None:
    """A preview of every candidate (shared reads) and one built per key agree."""
    eng = DreamEngine(demo, now=NOW, timezone="UTC")
    everything = {c.key: c for c in _everything(demo)}
    assert len(everything) == 234
    for key in list(everything)[::25]:
        assert eng.candidate(key) == everything[key]
    assert engine_mod.NoteCache is NoteCache


def test_window_texts_of_a_long_note_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rehydrate_mod, "WINDOW_CHARS", 1000)
    lines = [f"- line {n} of a long session transcript" for n in range(400)]
    windows = WindowTexts(lines)
    candidate = {"startLine": 1, "endLine": 1, "snippet": "line 399 of a long session"}
    expected = _former_relocate(lines, candidate)
    assert expected is not None
    assert relocate_candidate_range(lines, candidate, windows) == expected
    assert sum(len(t) for t in windows._texts.values()) < 1100
    assert relocate_candidate_range(lines, candidate, windows) == expected
