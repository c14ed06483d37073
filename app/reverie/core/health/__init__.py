"""Health review of ``MEMORY.md``: possible updates, duplicates, stale entries and the
bootstrap budget, with undoable actions, an archive and an append-only audit log.

Qt-free and deterministic. Entry points: :func:`findings.review_workspace` (the report),
:func:`actions.plan_action` / :func:`actions.apply_action` / :func:`actions.undo_last` /
:func:`actions.restore`.
"""
