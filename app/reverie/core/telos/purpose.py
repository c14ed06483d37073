"""Recall with purpose: the top goals and their recent memories, for priority questions.

When a prompt asks what to work on first ("what should I work on first", "我应该优先做什么"),
the purpose layer is what answers it: :func:`asks_about_priorities` recognises such prompts
and :func:`purpose_block` formats the top goals with their weights, deadlines, the projects
that serve them and the memory lines that mention them lately, within a character budget.
Entries that do not fit are left out whole rather than cut, as OpenViking's auto-recall does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .links import ItemStatus, TelosReport
from .sections import GOAL, PROJECT

DEFAULT_BUDGET = 2000
DEFAULT_GOALS = 5
MEMORIES_PER_GOAL = 2

_PRIORITY_PATTERNS = (
    re.compile(
        r"\b(?:what|which)\b[^?.!]{0,40}\b(?:should|shall|must|do|to)\b[^?.!]{0,40}"
        r"\b(?:work on|focus on|do|tackle|start|pick|prioriti[sz]e)\b[^?.!]{0,30}"
        r"\b(?:first|next|now|today|tomorrow|this week|this month)\b",
        re.IGNORECASE,
    ),
    re.compile(r"\bpriorit(?:y|ies|i[sz]e|i[sz]ing)\b", re.IGNORECASE),
    re.compile(r"\bwhat(?:'s| is| are)? (?:most important|matters most)\b", re.IGNORECASE),
    re.compile(r"\bmost important (?:thing|task|goal|work)s?\b", re.IGNORECASE),
    re.compile(r"\b(?:my|our) (?:goals|mission|okrs|objectives)\b", re.IGNORECASE),
    re.compile(r"\bwhere should I (?:put|spend) my (?:time|energy|effort)\b", re.IGNORECASE),
    re.compile(r"优先|先做什么|先做哪|最重要|当务之急|重点做|该做什么|应该做什么|我的目标"),
)


def asks_about_priorities(prompt: str) -> bool:
    """Does ``prompt`` ask about priorities (what to work on first, what matters most)?"""
    text = prompt.strip()
    return len(text) >= 5 and any(p.search(text) for p in _PRIORITY_PATTERNS)


@dataclass(frozen=True)
class PurposeBlock:
    """The purpose layer as text for a model's context, and the items it holds."""

    text: str
    items: tuple[dict[str, Any], ...] = ()
    left_out: int = 0
    """Goals that did not fit the budget."""
    sources: tuple[str, ...] = field(default_factory=tuple)

    def to_json(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "items": list(self.items),
            "leftOut": self.left_out,
            "sources": list(self.sources),
        }


def _goal_entry(report: TelosReport, rank: int, status: ItemStatus) -> tuple[str, str]:
    """(the goal's line, its detail lines) in Markdown."""
    item = status.item
    facts = [f"weight {item.weight:.2f}"]
    if item.deadline is not None:
        facts.append(f"due {item.deadline.date.isoformat()}")
    if status.neglected:
        facts.append(f"no mention in {report.neglect_days} days")
    head = f"{rank}. {item.label} ({', '.join(facts)})"
    details: list[str] = []
    projects = [
        s
        for s in (report.status(key) for key in status.children)
        if s and s.item.section == PROJECT
    ]
    if projects:
        names = "; ".join(
            s.item.label + (f" [{s.item.priority}]" if s.item.priority else "") for s in projects
        )
        details.append(f"   Projects: {names}")
    dated = [m for m in status.mentions if m.date is not None][:MEMORIES_PER_GOAL]
    for mention in dated:
        text = re.sub(r"^[-*+]\s+", "", mention.text)
        if len(text) > 160:
            text = text[:157] + "..."
        day = mention.date.isoformat() if mention.date else ""
        details.append(f"   - {day} {mention.path}#L{mention.line}: {text}")
    return head, "\n".join(details)


def purpose_block(
    report: TelosReport, budget: int = DEFAULT_BUDGET, goals: int = DEFAULT_GOALS
) -> PurposeBlock:
    """The top ``goals`` goals by weight with their projects and recent mentions, in at most
    ``budget`` characters (an empty block when there are no goals)."""
    ranked = report.ranked([GOAL])[: max(0, goals)]
    if not ranked:
        return PurposeBlock("")
    header = (
        "## Purpose (Telos)\n\n"
        "Goals from the person's Telos file, most important first (each item weighs half "
        "the one before). Weigh priorities against them:\n\n"
    )
    footer = "\nSource: " + ", ".join(report.document.sources) + "\n"
    used = len(header) + len(footer)
    body: list[str] = []
    items: list[dict[str, Any]] = []
    left_out = 0
    for rank, status in enumerate(ranked, start=1):
        head, details = _goal_entry(report, rank, status)
        full = head + ("\n" + details if details else "") + "\n"
        if used + len(full) <= budget:
            chosen = full
        elif used + len(head) + 1 <= budget:
            chosen = head + "\n"
        else:
            left_out += 1
            continue
        body.append(chosen)
        used += len(chosen)
        items.append(
            {
                "id": status.item.id,
                "text": status.item.text,
                "weight": status.item.weight,
                "neglected": status.neglected,
                "mentions": [m.to_json() for m in status.mentions[:MEMORIES_PER_GOAL]],
            }
        )
    if not body:
        return PurposeBlock("", left_out=left_out)
    text = header + "".join(body) + footer
    return PurposeBlock(text, tuple(items), left_out, tuple(report.document.sources))
