"""Managed markdown blocks written by the dreaming phases (OpenClaw's markers)."""

from __future__ import annotations

import re

MANAGED_BLOCKS: dict[str, str] = {
    "light": "## Light Sleep",
    "rem": "## REM Sleep",
    "deep": "## Deep Sleep",
}


def markers(phase: str) -> tuple[str, str]:
    """``(start, end)`` comment markers of a phase's managed block."""
    return f"<!-- openclaw:dreaming:{phase}:start -->", f"<!-- openclaw:dreaming:{phase}:end -->"


def replace_managed_block(
    original: str, heading: str | None, start: str, end: str, body: str
) -> str:
    """Replace the block (heading + markers) if present, else append it after a blank line."""
    block = f"{heading + chr(10) if heading else ''}{start}\n{body}\n{end}"
    pattern = re.compile(
        (re.escape(heading) + r"\n" if heading else "")
        + re.escape(start)
        + r"[\s\S]*?"
        + re.escape(end)
    )
    if pattern.search(original):
        return pattern.sub(lambda _m: block, original, count=1)
    trimmed = original.rstrip()
    if not trimmed:
        return block + "\n"
    return f"{trimmed}\n\n{block}\n"


def blank_managed_blocks(text: str) -> str:
    """Blank every light/REM managed block and the heading just above it, keeping line
    numbers, so dreaming never re-ingests its own output."""
    lines = text.split("\n")
    for phase in ("light", "rem"):
        start, end = markers(phase)
        heading = MANAGED_BLOCKS[phase]
        index = 0
        while index < len(lines):
            if lines[index].strip() == start:
                first = index
                if index > 0 and lines[index - 1].strip() == heading:
                    first = index - 1
                last = index
                while last < len(lines) and lines[last].strip() != end:
                    last += 1
                for i in range(first, min(last + 1, len(lines))):
                    lines[i] = ""
                index = last + 1
            else:
                index += 1
    return "\n".join(lines)
