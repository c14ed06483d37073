"""The ``reverie`` command line: one module per group of commands, ``main`` wires them."""

from .main import main

__all__ = ["main"]
