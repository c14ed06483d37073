"""Re-locating a candidate in the current file before anything is written.

Recall entries remember the line range and snippet that search returned; by the time a
promotion is applied the note may have been edited. OpenClaw's ``relocateCandidateRange``
finds the snippet again (exact range first, then every window of up to
``max(span + 3, 8)`` lines, best quality then nearest then closest span) and
``rehydratePromotionCandidate`` tries the stored path and, for bare ``YYYY-MM-DD.md``
paths, ``memory/<basename>``. A candidate that cannot be located, that lands inside a
dreaming-managed block, or whose text is dreaming output is never promotable; the
``Rehydration`` result says why.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reverie.core.dreaming.snippets import (
    is_unpromotable_snippet,
    normalize_memory_path,
    normalize_snippet,
    unpromotable_reason,
)

_LINE_SPLIT_RE = re.compile(r"\r?\n")
FENCE_START_RE = re.compile(r"<!--\s*openclaw:dreaming:[a-z][a-z0-9-]*:start\s*-->", re.IGNORECASE)
FENCE_END_RE = re.compile(r"<!--\s*openclaw:dreaming:[a-z][a-z0-9-]*:end\s*-->", re.IGNORECASE)


def read_note(path: Path) -> str:
    """The file's text as OpenClaw reads it (``fs.readFile(path, "utf-8")``): line ends kept
    as they are (a lone CR is not a line break for :func:`split_lines`), invalid UTF-8
    replaced by U+FFFD rather than failing."""
    return path.read_bytes().decode("utf-8", errors="replace")


def split_lines(text: str) -> list[str]:
    """Split like JavaScript's ``text.split(/\\r?\\n/)`` (a trailing newline gives a last '')."""
    return _LINE_SPLIT_RE.split(text)


def _range_snippet(lines: Sequence[str], start: int, end: int) -> str:
    start_index = max(0, start - 1)
    end_index = min(len(lines), end)
    if start_index >= end_index:
        return ""
    return normalize_snippet(" ".join(lines[start_index:end_index]))


WINDOW_CHARS = 4_000_000
"""How many characters of window texts one note keeps (:class:`WindowTexts`)."""


class WindowTexts:
    """The normalised text of windows of one file's lines, each worked out once.

    Relocation looks at every window of up to eight or more lines around each candidate; a
    preview relocates every ledger entry of a note in the same lines, so the windows (and
    whether each can be promoted) are shared rather than joined and normalised again for
    every entry. A long note's windows are kept up to :data:`WINDOW_CHARS` characters (the
    rest are worked out when asked), so a preview's memory stays bounded."""

    def __init__(self, lines: Sequence[str]) -> None:
        self.lines = lines
        self._texts: dict[tuple[int, int], str] = {}
        self._unpromotable: dict[str, bool] = {}
        self._chars = 0

    def text(self, start: int, end: int) -> str:
        """:func:`_range_snippet` of lines ``start``..``end`` (1-based)."""
        found = self._texts.get((start, end))
        if found is None:
            found = _range_snippet(self.lines, start, end)
            if self._chars < WINDOW_CHARS:
                self._texts[(start, end)] = found
                self._chars += len(found)
        return found

    def unpromotable(self, text: str) -> bool:
        """:func:`is_unpromotable_snippet` of a window's text (asked only of windows that
        hold or are part of a candidate's text: few)."""
        found = self._unpromotable.get(text)
        if found is None:
            found = self._unpromotable[text] = is_unpromotable_snippet(text)
        return found


def _window_quality(
    target: str, window: str, windows: WindowTexts | None = None, target_ok: bool | None = None
) -> int:
    """3: the window is the target; 2: it holds it; 1: it is part of it; 0: none of these,
    or either text can never be promoted. ``target_ok`` is the target's promotability when
    the caller knows it already (it is the same for every window)."""
    if not target or not window:
        return 0
    if window == target:
        quality = 3
    elif target in window:
        quality = 2
    elif window in target:
        quality = 1
    else:
        return 0
    # the text tests come last: they are costly, and most windows share no text
    if target_ok is None:
        target_ok = not is_unpromotable_snippet(target)
    unpromotable = windows.unpromotable(window) if windows else is_unpromotable_snippet(window)
    return 0 if not target_ok or unpromotable else quality


def relocate_candidate_range(
    lines: Sequence[str], candidate: Mapping[str, Any], windows: WindowTexts | None = None
) -> dict[str, Any] | None:
    """``{startLine, endLine, snippet}`` of the candidate's text in ``lines``, or None.

    ``windows`` (of these ``lines``) may carry window texts worked out for other
    candidates of the same file."""
    texts = windows if windows is not None and windows.lines is lines else WindowTexts(lines)
    target = normalize_snippet(candidate.get("snippet") or "")
    start_line = int(candidate["startLine"])
    end_line = int(candidate["endLine"])
    preferred_span = max(1, end_line - start_line + 1)
    if not target:
        fallback = texts.text(start_line, end_line)
        if not fallback:
            return None
        return {"startLine": start_line, "endLine": end_line, "snippet": fallback}
    exact = texts.text(start_line, end_line)
    if exact == target:
        return {"startLine": start_line, "endLine": end_line, "snippet": exact}
    if is_unpromotable_snippet(target):
        return None  # no window can be of quality: each would be 0
    max_span = min(len(lines), max(preferred_span + 3, 8))
    best: dict[str, Any] | None = None
    for start_index in range(len(lines)):
        span = 1
        while span <= max_span and start_index + span <= len(lines):
            window_start = start_index + 1
            window_end = start_index + span
            snippet = texts.text(window_start, window_end)
            quality = _window_quality(target, snippet, texts, True)
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


_LIST_MARKER_RE = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")


def relocate_loose(lines: Sequence[str], candidate: Mapping[str, Any]) -> dict[str, Any] | None:
    """Relocation that ignores list markers and a ``"Heading: "`` prefix.

    The daily-note chunker records list items joined by ``"; "`` under a heading prefix,
    which the strict relocation cannot find again; later OpenClaw versions match these
    forms too. Used only after :func:`relocate_candidate_range` fails.
    """
    target = normalize_snippet(candidate.get("snippet") or "")
    if not target:
        return None
    targets = [target]
    if ": " in target:
        targets.append(target.split(": ", 1)[1])
    start_line = int(candidate["startLine"])
    preferred_span = max(1, int(candidate["endLine"]) - start_line + 1)
    max_span = min(len(lines), max(preferred_span + 3, 8))
    best: tuple[int, int, int, int] | None = None
    for start_index in range(len(lines)):
        for span in range(1, max_span + 1):
            if start_index + span > len(lines):
                break
            window = [
                _LIST_MARKER_RE.sub("", line).strip()
                for line in lines[start_index : start_index + span]
            ]
            if not window[0] or not window[-1]:
                continue
            parts = [w for w in window if w]
            quality = 0
            for joiner in ("; ", " "):
                text = normalize_snippet(joiner.join(parts))
                for wanted in targets:
                    if text == wanted:
                        quality = max(quality, 3)
                    elif wanted in text:
                        quality = max(quality, 2)
            if not quality:
                continue
            distance = abs(start_index + 1 - start_line)
            rank = (-quality, distance, abs(span - preferred_span), start_index)
            if best is None or rank < best:
                best = rank
                found = (start_index + 1, start_index + span)
    if best is None:
        return None
    return {
        "startLine": found[0],
        "endLine": found[1],
        "snippet": _range_snippet(lines, found[0], found[1]),
    }


def range_overlaps_dreaming_fence(lines: Sequence[str], start_line: int, end_line: int) -> bool:
    """Whether any line of the range sits inside an ``openclaw:dreaming`` managed block."""
    if not lines:
        return False
    safe_start = max(1, min(start_line, len(lines)))
    safe_end = max(safe_start, min(end_line, len(lines)))
    inside = False
    for index in range(safe_end):
        line = lines[index]
        if FENCE_START_RE.search(line):
            inside = True
            continue
        if FENCE_END_RE.search(line):
            inside = False
            continue
        if inside and safe_start <= index + 1 <= safe_end:
            return True
    return False


def source_path_candidates(workspace_root: Path, candidate_path: str) -> list[Path]:
    """The stored path, then ``memory/<basename>`` for paths outside ``memory/``."""
    normalized = normalize_memory_path(candidate_path)
    relatives = [normalized]
    if not normalized.startswith("memory/"):
        relatives.append("memory/" + normalized.rsplit("/", 1)[-1])
    seen: set[Path] = set()
    out: list[Path] = []
    for rel in relatives:
        absolute = (Path(workspace_root) / rel).resolve()
        if absolute not in seen:
            seen.add(absolute)
            out.append(absolute)
    return out


@dataclass(frozen=True)
class Rehydration:
    """Where a candidate's text is now, or why it cannot be promoted."""

    candidate: dict[str, Any] | None
    source_file: Path | None
    lines: tuple[str, ...]
    reason: str | None

    @property
    def ok(self) -> bool:
        """Whether the candidate was located and may be promoted."""
        return self.candidate is not None


class NoteCache:
    """What the rehydrations of one preview share: each source file is read and split into
    lines once, the texts of its windows are worked out once (:class:`WindowTexts`), and an
    entry relocated before (the same file, lines and snippet, as a grounded entry and the
    plain one of the same lines are) is not searched for again.

    Only for reads that belong together (one preview): a file written meanwhile is not
    read again."""

    def __init__(self) -> None:
        self._sources: dict[tuple[Path, str], list[Path]] = {}
        self._notes: dict[Path, tuple[tuple[str, ...], WindowTexts] | None] = {}
        self._found: dict[tuple[Path, int, int, str], dict[str, Any] | None] = {}

    def sources(self, workspace_root: Path, candidate_path: str) -> list[Path]:
        """:func:`source_path_candidates`, once per path."""
        key = (Path(workspace_root), candidate_path)
        found = self._sources.get(key)
        if found is None:
            found = self._sources[key] = source_path_candidates(workspace_root, candidate_path)
        return found

    def lines(self, source: Path) -> tuple[tuple[str, ...], WindowTexts] | None:
        """The file's lines and its window texts; None when it is missing or a folder
        (other read errors are raised, every time, as by an uncached read)."""
        if source in self._notes:
            return self._notes[source]
        try:
            lines = tuple(split_lines(read_note(source)))
        except (FileNotFoundError, IsADirectoryError):
            self._notes[source] = None
            return None
        self._notes[source] = (lines, WindowTexts(lines))
        return self._notes[source]

    def relocate(
        self,
        source: Path,
        lines: tuple[str, ...],
        windows: WindowTexts,
        candidate: Mapping[str, Any],
    ) -> dict[str, Any] | None:
        """The strict relocation, else the loose one, once per file, lines and snippet."""
        key = (
            source,
            int(candidate["startLine"]),
            int(candidate["endLine"]),
            str(candidate.get("snippet") or ""),
        )
        if key not in self._found:
            self._found[key] = relocate_candidate_range(
                lines, candidate, windows
            ) or relocate_loose(lines, candidate)
        found = self._found[key]
        return None if found is None else dict(found)


def rehydrate(
    workspace_root: Path, candidate: Mapping[str, Any], notes: NoteCache | None = None
) -> Rehydration:
    """Locate ``candidate`` in its current file; say why when that fails. ``notes`` shares
    the reading and searching of the files between the candidates of one preview."""
    reason = "source file not found"
    notes = notes or NoteCache()
    for source in notes.sources(workspace_root, candidate["path"]):
        note = notes.lines(source)
        if note is None:
            continue
        lines, windows = note
        relocated = notes.relocate(source, lines, windows, candidate)
        if relocated is None:
            reason = "text no longer found in the file"
            continue
        # an empty snippet takes the stored range as is (OpenClaw's fallback); name only the
        # lines that exist, which are the lines its text was read from
        relocated["startLine"] = max(1, relocated["startLine"])
        relocated["endLine"] = min(len(lines), relocated["endLine"])
        if range_overlaps_dreaming_fence(lines, relocated["startLine"], relocated["endLine"]):
            reason = "inside a dreaming-managed block"
            continue
        bad = unpromotable_reason(relocated["snippet"])
        if bad:
            return Rehydration(None, source, lines, bad)
        updated = dict(candidate)
        updated.update(relocated)
        return Rehydration(updated, source, lines, None)
    return Rehydration(None, None, (), reason)


def rehydrate_promotion_candidate(
    workspace_root: Path, candidate: Mapping[str, Any]
) -> dict[str, Any] | None:
    """OpenClaw's ``rehydratePromotionCandidate``: the relocated candidate or None."""
    for source in source_path_candidates(workspace_root, candidate["path"]):
        try:
            raw = read_note(source)
        except (FileNotFoundError, IsADirectoryError):
            continue
        lines = split_lines(raw)
        relocated = relocate_candidate_range(lines, candidate)
        if relocated is None:
            continue
        if range_overlaps_dreaming_fence(lines, relocated["startLine"], relocated["endLine"]):
            continue
        updated = dict(candidate)
        updated.update(relocated)
        return updated
    return None
