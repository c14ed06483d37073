"""Update the UI translations: extract the GUI's source text, merge it into the ``.ts``
catalogs, compile them to ``.qm``, and report what is left to translate.

English is the source language. Every ``app/reverie/gui/**/*.py`` is scanned by Qt's
``pyside6-lupdate`` (``self.tr(...)``, ``QCoreApplication.translate(...)``,
``QT_TRANSLATE_NOOP(...)``); the catalogs live in ``app/reverie/resources/i18n``.

    python scripts/update_translations.py            # lupdate + lrelease, print counts
    python scripts/update_translations.py --check    # no tools needed; non-zero on gaps

``--check`` parses the sources itself (Python's ``ast``, the same calls lupdate reads) and
fails when a source string is missing from a catalog, a message is unfinished or empty, a
translation loses a ``{placeholder}``, ``%1`` or ``&`` accelerator, a ``tr()`` gets an
f-string, or the compiled ``.qm`` does not match its ``.ts``.
"""

from __future__ import annotations

import argparse
import ast
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GUI_DIR = ROOT / "app" / "reverie" / "gui"
I18N_DIR = ROOT / "resources" / "i18n"
CATALOG = "reverie"
LANGUAGES: tuple[str, ...] = ("zh_CN",)

_PLACEHOLDER = re.compile(r"\{[^{}\s]*\}|%L?\d+|%n")
_ACCELERATOR = re.compile(r"(?<!&)&(?!&)(\w)")


@dataclass(frozen=True, order=True)
class Key:
    """A message as Qt identifies it: context, source text, disambiguation comment."""

    context: str
    source: str
    comment: str = ""


@dataclass
class Catalog:
    """The messages of one ``.ts`` file (vanished and obsolete ones apart)."""

    translations: dict[Key, str] = field(default_factory=dict)
    unfinished: set[Key] = field(default_factory=set)
    stale: set[Key] = field(default_factory=set)

    @property
    def contexts(self) -> set[str]:
        return {key.context for key in self.translations}


# --------------------------------------------------------------------------- extraction


def sources(gui_dir: Path = GUI_DIR) -> list[Path]:
    """Every Python file of the GUI, in a stable order."""
    return sorted(p for p in gui_dir.rglob("*.py") if "__pycache__" not in p.parts)


def _literal(node: ast.expr | None) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return ""


class _Extractor(ast.NodeVisitor):
    def __init__(self, path: Path) -> None:
        self.path = path
        self.classes: list[str] = []
        self.keys: set[Key] = set()
        self.problems: list[str] = []

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.classes.append(node.name)
        self.generic_visit(node)
        self.classes.pop()

    def _problem(self, node: ast.AST, what: str) -> None:
        self.problems.append(f"{self.path}:{getattr(node, 'lineno', 0)}: {what}")

    def _text(self, node: ast.Call, arg: ast.expr) -> str | None:
        text = _literal(arg)
        if text is None and isinstance(arg, ast.JoinedStr | ast.BinOp):
            self._problem(node, "translated text must be a plain literal (format it after tr)")
        return text

    def visit_Call(self, node: ast.Call) -> None:
        name = _name(node.func)
        args = node.args
        if name in ("tr", "QT_TR_NOOP") and args:
            text = self._text(node, args[0])
            if text is not None:
                if not self.classes:
                    self._problem(node, f"{name}() outside a class has no context")
                else:
                    comment = _literal(args[1]) if len(args) > 1 else None
                    self.keys.add(Key(self.classes[-1], text, comment or ""))
        elif name.lstrip("_") in ("tr", "t", "translate") and name.startswith("_") and args:
            if _literal(args[0]) is not None:  # lupdate reads tr(), translate(), not wrappers
                self._problem(node, f"literal text passed to {name}(), which lupdate does not read")
        elif name in ("translate", "QT_TRANSLATE_NOOP") and len(args) >= 2:
            context = _literal(args[0])
            if context is not None:
                text = self._text(node, args[1])
                if text is not None:
                    comment = _literal(args[2]) if len(args) > 2 else None
                    self.keys.add(Key(context, text, comment or ""))
        self.generic_visit(node)


def extract(paths: Iterable[Path]) -> tuple[set[Key], list[str]]:
    """The messages the sources ask to translate, and misuse found on the way."""
    keys: set[Key] = set()
    problems: list[str] = []
    for path in paths:
        try:
            shown = path.relative_to(ROOT)
        except ValueError:
            shown = path
        extractor = _Extractor(shown)
        extractor.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        keys |= extractor.keys
        problems += extractor.problems
    return keys, problems


# --------------------------------------------------------------------------- catalogs


def ts_path(language: str) -> Path:
    return I18N_DIR / f"{CATALOG}_{language}.ts"


def qm_path(language: str) -> Path:
    return I18N_DIR / f"{CATALOG}_{language}.qm"


def read_ts(path: Path) -> Catalog:
    """Parse a Qt ``.ts`` file."""
    catalog = Catalog()
    if not path.exists():
        return catalog
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            key = Key(name, message.findtext("source") or "", message.findtext("comment") or "")
            element = message.find("translation")
            kind = element.get("type", "") if element is not None else "unfinished"
            text = (element.text or "") if element is not None else ""
            if kind in ("vanished", "obsolete"):
                catalog.stale.add(key)
                continue
            catalog.translations[key] = text
            if kind == "unfinished" or not text.strip():
                catalog.unfinished.add(key)
    return catalog


def translation_problems(key: Key, text: str) -> list[str]:
    """Placeholders and accelerators a translation must keep."""
    problems = []
    if sorted(_PLACEHOLDER.findall(key.source)) != sorted(_PLACEHOLDER.findall(text)):
        problems.append("placeholders differ")
    if _ACCELERATOR.search(key.source) and not _ACCELERATOR.search(text):
        problems.append("accelerator (&) lost")
    return problems


def qm_mismatches(qm: Path, catalog: Catalog) -> list[Key] | None:
    """Messages whose compiled translation differs from the ``.ts`` (None: no Qt here)."""
    try:
        from PySide6.QtCore import QTranslator
    except ImportError:  # pragma: no cover - the GUI always has Qt
        return None
    translator = QTranslator()
    if not translator.load(str(qm)):
        return sorted(k for k in catalog.translations if k not in catalog.unfinished)
    wrong = []
    for key, text in catalog.translations.items():
        if key in catalog.unfinished:
            continue
        got = translator.translate(key.context, key.source, key.comment or None)
        if got != text:
            wrong.append(key)
    return sorted(wrong)


@dataclass
class Report:
    language: str
    contexts: int
    messages: int
    translated: int
    unfinished: list[Key]
    missing: list[Key]
    stale: int
    bad: list[tuple[Key, str]]
    qm_wrong: list[Key]
    problems: list[str]

    @property
    def ok(self) -> bool:
        return not (self.unfinished or self.missing or self.bad or self.qm_wrong or self.problems)

    def summary(self) -> str:
        return (
            f"{self.language}: {self.contexts} contexts, {self.messages} messages, "
            f"{self.translated} translated, {len(self.unfinished)} unfinished, "
            f"{len(self.missing)} missing from the .ts, {self.stale} stale"
        )


def check_language(language: str, paths: Sequence[Path] | None = None) -> Report:
    """Compare the sources with one language's ``.ts`` and ``.qm`` (no Qt tools needed)."""
    keys, problems = extract(sources() if paths is None else paths)
    catalog = read_ts(ts_path(language))
    current = {k: v for k, v in catalog.translations.items() if k in keys}
    unfinished = sorted(k for k in current if k in catalog.unfinished)
    bad = [
        (k, why)
        for k, text in sorted(current.items())
        if k not in catalog.unfinished
        for why in translation_problems(k, text)
    ]
    qm = qm_path(language)
    qm_wrong = qm_mismatches(qm, catalog) if qm.exists() else sorted(current)
    return Report(
        language=language,
        contexts=len({k.context for k in current}),
        messages=len(current),
        translated=len(current) - len(unfinished),
        unfinished=unfinished,
        missing=sorted(keys - set(catalog.translations)),
        stale=len(set(catalog.translations) - keys) + len(catalog.stale),
        bad=bad,
        qm_wrong=qm_wrong or [],
        problems=problems,
    )


def check(languages: Sequence[str] = LANGUAGES, verbose: bool = True) -> int:
    """Number of problems over all catalogs (0: every message is present and translated)."""
    failures = 0
    for language in languages:
        report = check_language(language)
        if verbose:
            print(report.summary())
            _print_report(report)
        failures += (
            len(report.unfinished)
            + len(report.missing)
            + len(report.bad)
            + len(report.qm_wrong)
            + len(report.problems)
        )
    return failures


def _print_report(report: Report, limit: int = 40) -> None:
    def show(title: str, items: Sequence[object]) -> None:
        if not items:
            return
        print(f"  {title}: {len(items)}")
        for item in items[:limit]:
            print(f"    {item}")
        if len(items) > limit:
            print(f"    … {len(items) - limit} more")

    show("missing from the .ts (run without --check)", [_fmt(k) for k in report.missing])
    show("unfinished", [_fmt(k) for k in report.unfinished])
    show("translation problems", [f"{_fmt(k)}: {why}" for k, why in report.bad])
    show(".qm out of date (run without --check)", [_fmt(k) for k in report.qm_wrong])
    show("source problems", report.problems)


def _fmt(key: Key) -> str:
    comment = f" ({key.comment})" if key.comment else ""
    return f"[{key.context}] {key.source!r}{comment}"


# --------------------------------------------------------------------------- Qt tools


def find_tool(name: str) -> str:
    """A PySide6 tool (``pyside6-lupdate``…): next to this Python first, then on PATH."""
    beside = Path(sys.executable).parent / name
    if beside.exists():
        return str(beside)
    found = shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} not found; install PySide6 in this environment")
    return found


def update(languages: Sequence[str] = LANGUAGES) -> None:
    """Run lupdate over the GUI sources and lrelease over the catalogs."""
    lupdate, lrelease = find_tool("pyside6-lupdate"), find_tool("pyside6-lrelease")
    I18N_DIR.mkdir(parents=True, exist_ok=True)
    files = [str(p.relative_to(ROOT)) for p in sources()]
    for language in languages:
        ts = str(ts_path(language).relative_to(ROOT))
        qm = str(qm_path(language).relative_to(ROOT))
        subprocess.run(
            [
                lupdate,
                "-silent",
                "-no-obsolete",
                "-locations",
                "relative",
                "-source-language",
                "en",
                "-target-language",
                language,
                *files,
                "-ts",
                ts,
            ],
            cwd=ROOT,
            check=True,
        )
        subprocess.run([lrelease, "-silent", ts, "-qm", qm], cwd=ROOT, check=True)
        keys, _ = extract(sources())
        found = set(read_ts(ts_path(language)).translations)
        for key in sorted(keys - found):
            print(f"warning: lupdate did not extract {_fmt(key)}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--check",
        action="store_true",
        help="only verify: exit 1 if a message is missing, unfinished or not compiled",
    )
    parser.add_argument("--language", action="append", help="only this language (repeatable)")
    args = parser.parse_args(argv)
    languages = tuple(args.language or LANGUAGES)
    if not args.check:
        update(languages)
    failures = check(languages)
    if args.check and failures:
        print(f"{failures} translation problem(s)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
