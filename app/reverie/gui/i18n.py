"""The UI language: English source text, or a Qt translation chosen from the system locale
or the setting.

``install_translator(app, "zh_CN")`` loads ``resources/i18n/reverie_zh_CN.qm`` (and Qt's own
``qtbase_zh_CN.qm`` for standard dialogs and buttons, when Qt ships it); calling it again
first removes what the previous call installed, so ``"en"`` brings the English text back.
Widgets read their text when they are built: switch the language before building them.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from ..core.paths import I18N_DIR

log = logging.getLogger(__name__)

TRANSLATIONS_DIR = I18N_DIR
"""Where the compiled ``reverie_<language>.qm`` catalogs ship."""
CATALOG = "reverie"
SOURCE_LANGUAGE = "en"
TRANSLATED_LANGUAGES: tuple[str, ...] = ("zh_CN",)
LANGUAGE_CHOICES: tuple[str, ...] = ("system", SOURCE_LANGUAGE, *TRANSLATED_LANGUAGES)

_installed: list[QTranslator] = []
"""Translators installed by the last call; kept referenced so they are not collected."""
_catalog_bytes: list[bytes] = []
"""The catalog each of them reads (Qt does not copy it)."""
_current = SOURCE_LANGUAGE


def available_languages() -> list[tuple[str, str]]:
    """``(code, name)`` of every choice, each name in its own language ("System" translated)."""
    return [
        ("system", QCoreApplication.translate("i18n", "System")),
        ("en", "English"),
        ("zh_CN", "简体中文"),
    ]


def _supported(name: str) -> str | None:
    """The language we ship for a locale name such as ``zh_CN``, ``zh-Hans-CN`` or ``en``."""
    lower = name.replace("-", "_").lower()
    if lower == "zh" or lower.startswith("zh_"):
        return "zh_CN"
    if lower in ("en", "c", "posix") or lower.startswith("en_"):
        return SOURCE_LANGUAGE
    return None


def system_language() -> str:
    """The language for ``"system"``: the first of the locale's UI languages we ship.

    Reads the default locale, which is the system locale unless ``QLocale.setDefault`` was
    called; Chinese of any region gives ``zh_CN``, anything else English.
    """
    locale = QLocale()
    for name in [*locale.uiLanguages(), locale.name()]:
        found = _supported(name)
        if found is not None:
            return found
    return SOURCE_LANGUAGE


def resolve_language(language: str | None) -> str:
    """``"en"`` or a shipped translation for a setting value (unknown values: English)."""
    if not language or language == "system":
        return system_language()
    return _supported(language) or SOURCE_LANGUAGE


def current_language() -> str:
    """The language the last :func:`install_translator` call put in place."""
    return _current


def remove_translators(app: QCoreApplication | None = None) -> None:
    """Uninstall the translators of the last call (the UI goes back to English)."""
    global _current
    target = app or QCoreApplication.instance()
    for translator in _installed:
        if target is not None:
            target.removeTranslator(translator)
    _installed.clear()
    _catalog_bytes.clear()
    _current = SOURCE_LANGUAGE


def install_translator(app: QCoreApplication, language: str = "system") -> str:
    """Install the translation for ``language`` ("system", "en" or "zh_CN") and return the
    language actually used ("en" when the catalog is missing or cannot be loaded)."""
    global _current
    remove_translators(app)
    lang = resolve_language(language)
    if lang == SOURCE_LANGUAGE:
        return lang
    ours = QTranslator()
    # read into memory, not mapped from the file: a catalog rewritten while the app runs
    # (an upgrade, a rebuilt translation) would otherwise turn the interface English
    try:
        catalog = (TRANSLATIONS_DIR / f"{CATALOG}_{lang}.qm").read_bytes()
    except OSError:
        catalog = b""
    if not catalog or not ours.load(catalog, str(TRANSLATIONS_DIR)):
        log.warning("no %s translation in %s; using English", lang, TRANSLATIONS_DIR)
        return SOURCE_LANGUAGE
    qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    qt_base = QTranslator()
    if qt_base.load(f"qtbase_{lang}", qt_dir):
        app.installTranslator(qt_base)  # installed first: our catalog is searched before it
        _installed.append(qt_base)
    app.installTranslator(ours)
    _installed.append(ours)
    _catalog_bytes.append(catalog)
    _current = lang
    return lang
