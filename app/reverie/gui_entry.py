"""Entry point for the ``reverie-gui`` launcher: always opens the desktop app."""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    from .cli import main as cli_main

    args = list(sys.argv[1:] if argv is None else argv)
    return cli_main(["gui", *args])


if __name__ == "__main__":
    sys.exit(main())
