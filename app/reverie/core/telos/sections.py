"""The vocabulary of Telos files: section names, id prefixes and the purpose chain.

Real files name their sections many ways (``## GOALS``, ``### Company Strategic Priorities &
Goals (What we want to achieve)``, ``## LOG (Journal)``, ``## Company CURRENT STATE``, a split
``telos/GOALS.md``, Chinese ``## 目标``); :func:`section_for_heading` maps a heading to one
canonical section, or ``None`` when the heading names no Telos section.
"""

from __future__ import annotations

import re

PROBLEM = "problem"
MISSION = "mission"
NARRATIVE = "narrative"
GOAL = "goal"
CHALLENGE = "challenge"
STRATEGY = "strategy"
PROJECT = "project"
METRIC = "metric"
RISK = "risk"
JOURNAL = "journal"
OTHER = "other"

CHAIN_LEVELS: dict[str, int] = {
    PROBLEM: 0,
    MISSION: 1,
    GOAL: 2,
    CHALLENGE: 3,
    STRATEGY: 3,
    PROJECT: 4,
}
"""The purpose chain Problem -> Mission -> Goal -> Challenge/Strategy -> Project, by level."""

CHAIN_SECTIONS: tuple[str, ...] = (PROBLEM, MISSION, GOAL, CHALLENGE, STRATEGY, PROJECT)

NEGLECTABLE: frozenset[str] = frozenset({GOAL, PROJECT})
"""Sections whose items are expected to show up in daily notes."""

SECTION_TITLES: dict[str, str] = {
    PROBLEM: "Problems",
    MISSION: "Mission",
    NARRATIVE: "Narratives",
    GOAL: "Goals",
    CHALLENGE: "Challenges",
    STRATEGY: "Strategies",
    PROJECT: "Projects",
    METRIC: "Metrics",
    RISK: "Risks",
    JOURNAL: "Journal",
    "idea": "Ideas",
    "prediction": "Predictions",
    "belief": "Beliefs",
    "model": "Models",
    "frame": "Frames",
    "trauma": "Traumas",
    "wisdom": "Wisdom",
    "lesson": "Lessons",
    "wrong": "Things I've been wrong about",
    OTHER: "Other",
}

# whole phrases first (they would otherwise match a weaker word)
_PHRASES: tuple[tuple[str, str], ...] = (
    ("current state", JOURNAL),
    ("risk register", RISK),
    ("key results", METRIC),
    ("been wrong", "wrong"),
    ("document purpose", OTHER),
    ("status updates", JOURNAL),
)

_WORDS: dict[str, str] = {
    "problem": PROBLEM,
    "problems": PROBLEM,
    "mission": MISSION,
    "missions": MISSION,
    "vision": MISSION,
    "narrative": NARRATIVE,
    "narratives": NARRATIVE,
    "goal": GOAL,
    "goals": GOAL,
    "objectives": GOAL,
    "okrs": GOAL,
    "challenge": CHALLENGE,
    "challenges": CHALLENGE,
    "obstacles": CHALLENGE,
    "strategy": STRATEGY,
    "strategies": STRATEGY,
    "project": PROJECT,
    "projects": PROJECT,
    "metric": METRIC,
    "metrics": METRIC,
    "kpi": METRIC,
    "kpis": METRIC,
    "risk": RISK,
    "risks": RISK,
    "log": JOURNAL,
    "journal": JOURNAL,
    "activity": JOURNAL,
    "updates": JOURNAL,
    "chronicle": JOURNAL,
    "idea": "idea",
    "ideas": "idea",
    "prediction": "prediction",
    "predictions": "prediction",
    "belief": "belief",
    "beliefs": "belief",
    "values": "belief",
    "model": "model",
    "models": "model",
    "frame": "frame",
    "frames": "frame",
    "trauma": "trauma",
    "traumas": "trauma",
    "wisdom": "wisdom",
    "lesson": "lesson",
    "lessons": "lesson",
}

_CJK_WORDS: tuple[tuple[str, str], ...] = (
    ("问题", PROBLEM),
    ("使命", MISSION),
    ("愿景", MISSION),
    ("叙事", NARRATIVE),
    ("目标", GOAL),
    ("挑战", CHALLENGE),
    ("策略", STRATEGY),
    ("战略", STRATEGY),
    ("项目", PROJECT),
    ("指标", METRIC),
    ("风险", RISK),
    ("日志", JOURNAL),
    ("日记", JOURNAL),
    ("想法", "idea"),
    ("预测", "prediction"),
    ("信念", "belief"),
)

PREFIX_SECTIONS: dict[str, str] = {
    "P": PROBLEM,
    "M": MISSION,
    "N": NARRATIVE,
    "G": GOAL,
    "C": CHALLENGE,
    "S": STRATEGY,
    "STS": STRATEGY,
    "PRJ": PROJECT,
    "K": METRIC,
    "R": RISK,
    "CR": RISK,
    "I": "idea",
    "B": "belief",
    "MO": "model",
    "FR": "frame",
    "TR": "trauma",
    "SM": MISSION,
    "SG": GOAL,
    "SK": METRIC,
}
"""What section an id prefix belongs to (``SG``/``SK``/``SM`` are a team's goals, KPIs and
mission in the corporate form)."""

_PARENS_RE = re.compile(r"\([^)]*\)|（[^）]*）")
_WORD_RE = re.compile(r"[a-z]+")


def clean_heading(raw: str) -> str:
    """A heading's text without ``#``, emphasis, links' brackets and trailing ``#``s."""
    text = raw.strip().lstrip("#").strip().rstrip("#").strip()
    text = re.sub(r"[*_`]+", "", text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return text.strip()


def section_for_heading(heading: str) -> str | None:
    """The canonical section a heading names, or ``None`` (not a Telos section)."""
    text = _PARENS_RE.sub(" ", clean_heading(heading)).casefold()
    for phrase, section in _PHRASES:
        if phrase in text:
            return section
    words = _WORD_RE.findall(text)
    for word in reversed(words):  # "Strategic Priorities & Goals" -> the last word decides
        if word in _WORDS:
            return _WORDS[word]
    for word, section in _CJK_WORDS:
        if word in text:
            return section
    return None


def section_for_filename(stem: str) -> str | None:
    """The section a split Telos file stands for (``GOALS`` -> ``goal``), or ``None``."""
    return section_for_heading(stem.replace("_", " ").replace("-", " "))


def section_for_prefix(prefix: str) -> str | None:
    """The section an id prefix belongs to, when it is a known one."""
    return PREFIX_SECTIONS.get(prefix.upper())


def section_title(section: str) -> str:
    """An English display title for a canonical section."""
    return SECTION_TITLES.get(section, section.replace("_", " ").title())


SPLIT_FILE_ORDER: tuple[str, ...] = (
    PROBLEM,
    MISSION,
    NARRATIVE,
    GOAL,
    CHALLENGE,
    STRATEGY,
    PROJECT,
    METRIC,
    RISK,
)
"""The order in which the files of a split Telos folder are read (others follow by name)."""
