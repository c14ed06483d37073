"""Write ``app/reverie/gui/phrases.py``'s list of the core's phrase templates.

Every ``template("...")`` the core declares (:mod:`reverie.core.phrase`) is listed there with
``QT_TRANSLATE_NOOP("CorePhrases", ...)`` so that ``pyside6-lupdate`` puts it in the
catalogs; run this after adding or changing a template, then
``scripts/update_translations.py`` (a test checks the list against the core).

    python scripts/core_phrases.py
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "app" / "reverie" / "core"
TARGET = ROOT / "app" / "reverie" / "gui" / "phrases.py"
BEGIN = "MESSAGES: tuple[str, ...] = (\n"
END = "\n)\n"


def declared(path: Path) -> list[str]:
    """The literal templates ``path`` declares, in file order (a template built from a
    variable, as ``reasons.py``'s kinds are, is found by :func:`named`)."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", None) == "template"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
            and node.args[0].value
        ):
            found.append((node.lineno, node.args[0].value))
    return [text for _, text in sorted(found)]


def named() -> list[str]:
    """Templates made from names (value kinds, how an entry's date is known)."""
    sys.path.insert(0, str(ROOT / "app"))
    from reverie.core.health import reasons

    return [*reasons.DATE_SOURCES.values(), *reasons.VALUE_KINDS.values()]


def main() -> int:
    lines: list[str] = []
    seen: set[str] = set()
    for path in sorted(CORE.rglob("*.py")):
        texts = [t for t in declared(path) if t not in seen]
        if not texts:
            continue
        lines.append(f"    # {path.relative_to(CORE.parent).as_posix()}")
        for text in texts:
            seen.add(text)
            lines.append(f'    QT_TRANSLATE_NOOP("CorePhrases", {text!r}),')
    extra = [t for t in named() if t not in seen]
    if extra:
        lines.append("    # value kinds and how an entry's date is known (core/health/reasons.py)")
        lines += [f'    QT_TRANSLATE_NOOP("CorePhrases", {t!r}),' for t in extra]
    source = TARGET.read_text(encoding="utf-8")
    start = source.index(BEGIN) + len(BEGIN)
    end = source.index(END, start)
    TARGET.write_text(source[:start] + "\n".join(lines) + source[end:], encoding="utf-8")
    print(f"{len(seen) + len(extra)} templates in {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
