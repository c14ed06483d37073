"""``python -m reverie``: the same as the ``reverie`` command."""

import sys

from .cli import main

sys.exit(main())
