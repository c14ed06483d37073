"""Reverie: a desktop workbench for the Markdown memory of AI agents."""

__version__ = "0.1.0"
APP_NAME = "reverie"
"""The name of the per-user folders (platformdirs)."""
