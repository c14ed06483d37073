"""Render icons/reverie.svg to the PNG sizes the desktop and the installers use.

usage: python icons/build_icons.py   (needs PySide6; runs headless)
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
HERE = Path(__file__).resolve().parent


def build(svg: Path = HERE / "reverie.svg", out_dir: Path = HERE) -> list[Path]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"cannot read {svg}")
    written: list[Path] = []
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        renderer.render(painter)
        painter.end()
        target = out_dir / f"reverie-{size}.png"
        if not image.save(str(target)):
            raise SystemExit(f"cannot write {target}")
        written.append(target)
    packaged = HERE.parent / "app" / "reverie" / "resources" / "icons" / "reverie.svg"
    packaged.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(svg, packaged)  # the installed app finds its icon here
    written.append(packaged)
    return written


if __name__ == "__main__":
    for path in build():
        print(path)
