"""Typed errors raised by the core.

``UserError`` covers problems in the user's input or environment (a bad path, an unreadable
file, a missing workspace); the CLI prints them as one line and exits non-zero. Anything else
is a bug and keeps its traceback.
"""

from __future__ import annotations


class ReverieError(Exception):
    """Base class of every error the core raises on purpose."""


class UserError(ReverieError):
    """The user's input or environment is wrong; the message says how to fix it."""


class PathRefused(UserError):
    """A path points outside the workspace's memory files."""


class WorkspaceNotFound(UserError):
    """The workspace folder does not exist or is not a folder."""


class IndexCorrupt(ReverieError):
    """The index database is unreadable; it can be rebuilt from the files."""


class IndexUnwritable(UserError):
    """The index folder or file cannot be written by this user (a permission problem, not
    damage: nothing is deleted or rebuilt)."""


class IndexBusy(ReverieError):
    """Another process holds the index database's lock longer than the busy timeout."""


class ModelUnavailable(ReverieError):
    """No embedding model could be loaded; search falls back to keywords only."""


class Cancelled(ReverieError):
    """The caller asked the running work (a sync, an embedding pass, a review) to stop."""
