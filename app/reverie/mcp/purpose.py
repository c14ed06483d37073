"""The purpose layer for MCP clients: offered when a prompt asks about priorities."""

from __future__ import annotations

import logging
from typing import Any

from ..core.service import MemoryService
from ..core.telos import telos_report
from ..core.telos.purpose import DEFAULT_BUDGET, asks_about_priorities, purpose_block

log = logging.getLogger(__name__)


def purpose_for(
    service: MemoryService, prompt: str, budget: int = DEFAULT_BUDGET
) -> dict[str, Any] | None:
    """``{"text", "items", "leftOut", "sources"}`` for a priority question on a workspace
    with Telos goals; ``None`` otherwise (or when the Telos files cannot be read)."""
    if not asks_about_priorities(prompt):
        return None
    try:
        block = purpose_block(telos_report(service.workspace, index=service.reader()), budget)
    except Exception:  # the purpose layer is an extra: never fail the search for it
        log.exception("the purpose layer could not be read")
        return None
    return block.to_json() if block.text else None
