"""Render icons/reverie.svg to the PNG sizes the desktop and the installers use, and pack the
Windows ``reverie.ico`` and the macOS ``reverie.icns`` from the same renderings.

usage: python icons/build_icons.py   (needs PySide6; runs headless)

Both container formats are written by hand (PNG-compressed entries), so no imaging library is
needed: an ICO is a 6-byte header, a 16-byte directory entry per image and the PNG data; an
ICNS is an 8-byte header and one ``(type, length, PNG)`` block per image.
"""

from __future__ import annotations

import os
import shutil
import struct
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
"""The PNG files kept in the repository (``reverie-<size>.png``)."""
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
"""Sizes packed into ``reverie.ico`` (256 is the largest an ICO directory entry can state)."""
ICNS_TYPES: tuple[tuple[str, int], ...] = (
    ("ic11", 32),  # 16x16@2x
    ("ic12", 64),  # 32x32@2x
    ("ic07", 128),
    ("ic13", 256),  # 128x128@2x
    ("ic08", 256),
    ("ic14", 512),  # 256x256@2x
    ("ic09", 512),
    ("ic10", 1024),  # 512x512@2x
)
"""ICNS element types (all PNG-compressed) and the pixel size each one holds."""
HERE = Path(__file__).resolve().parent
PACKAGED = HERE.parent / "resources" / "icons"
"""Where the rendered icons go: packaged with the app (``reverie.resources``) and the bundle."""


def ico_bytes(pngs: Mapping[int, bytes]) -> bytes:
    """An ICO file holding one PNG-compressed image per size (sizes up to 256)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries = b""
    for size in sizes:
        if not 0 < size <= 256:
            raise ValueError(f"an ICO entry cannot be {size} px")
        data = pngs[size]
        dim = 0 if size == 256 else size  # 0 means 256 in an ICO directory entry
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    return header + entries + b"".join(pngs[size] for size in sizes)


def icns_bytes(elements: Iterable[tuple[str, bytes]]) -> bytes:
    """An ICNS file from ``(OSType, PNG data)`` pairs."""
    body = b""
    for kind, data in elements:
        code = kind.encode("ascii")
        if len(code) != 4:
            raise ValueError(f"bad ICNS type {kind!r}")
        body += code + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def build(svg: Path = HERE / "reverie.svg", out_dir: Path = PACKAGED) -> list[Path]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"cannot read {svg}")

    def render(size: int) -> bytes:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        renderer.render(painter)
        painter.end()
        array = QByteArray()
        buffer = QBuffer(array)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        if not image.save(buffer, "PNG"):
            raise SystemExit(f"cannot encode the {size} px icon")
        buffer.close()
        return bytes(array.data())

    pngs = {size: render(size) for size in sorted({*SIZES, *ICO_SIZES, *dict(ICNS_TYPES).values()})}
    written: list[Path] = []
    for size in SIZES:
        target = out_dir / f"reverie-{size}.png"
        target.write_bytes(pngs[size])
        written.append(target)
    ico = out_dir / "reverie.ico"
    ico.write_bytes(ico_bytes({size: pngs[size] for size in ICO_SIZES}))
    written.append(ico)
    icns = out_dir / "reverie.icns"
    icns.write_bytes(icns_bytes((kind, pngs[size]) for kind, size in ICNS_TYPES))
    written.append(icns)
    packaged = out_dir / "reverie.svg"
    if not packaged.is_file() or packaged.read_bytes() != svg.read_bytes():
        shutil.copyfile(svg, packaged)  # the installed app finds its icon here
        written.append(packaged)
    return written


if __name__ == "__main__":
    for path in build():
        print(path)
