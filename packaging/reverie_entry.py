"""Entry point of the bundled ``reverie`` executable: the same as the console script.

With a subcommand it is the CLI; with none it opens the desktop app.
"""

from __future__ import annotations

import sys

from reverie.cli import main

if __name__ == "__main__":
    sys.exit(main())
