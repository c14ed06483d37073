"""Typed settings with defaults: OpenClaw's, and Reverie's own search profile.

The ``openclaw`` profile reproduces OpenClaw's builtin memory search exactly (spec sections
7-10, 12). The ``reverie`` profile is the default; each field that differs fixes one of the
pitfalls listed in spec section 18.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Literal

from .atomic import atomic_write_text

Profile = Literal["reverie", "openclaw"]
PROFILES: tuple[Profile, ...] = ("reverie", "openclaw")


@dataclass(frozen=True)
class ChunkingSettings:
    tokens: int = 400
    overlap: int = 80
    mode: Literal["reverie", "openclaw"] = "reverie"
    """``openclaw`` keeps the baseline overlap bug (chunks up to ~2x the budget)."""


@dataclass(frozen=True)
class SearchSettings:
    """Every knob of the search pipeline; one code path serves both profiles."""

    profile: Profile = "reverie"
    max_results: int = 6
    min_score: float = 0.35
    hybrid_enabled: bool = True
    vector_weight: float = 0.7
    text_weight: float = 0.3
    candidate_multiplier: int = 4
    mmr_enabled: bool = False
    mmr_lambda: float = 0.7
    decay_enabled: bool = False
    half_life_days: float = 30.0
    # --- behaviour switches that differ between the profiles ---
    keyword_mode: Literal["openclaw-and", "reverie"] = "openclaw-and"
    """openclaw-and: quoted tokens joined with AND (buildFtsQuery). reverie: stemmed,
    stop-word-free OR query over the CJK-aware keyword index, BM25 rescored."""
    fusion: Literal["openclaw", "calibrated"] = "openclaw"
    """openclaw: 0.7*cosine + 0.3*r/(1+r). calibrated: both sides normalised per query."""
    mmr_similarity: Literal["jaccard", "embedding"] = "jaccard"
    snippet_mode: Literal["head", "window"] = "head"
    decay_dates: Literal["openclaw", "reverie"] = "openclaw"
    """reverie: also dates slugged daily notes (memory/YYYY-MM-DD-slug.md) and sessions."""
    decay_floor: float = 0.0
    """The multiplier never falls below this: old but exact matches stay findable."""
    decay_anchor: Literal["now", "newest-note"] = "now"
    """newest-note: ages count from the newest dated note (a memory idle for a year does
    not decay as a whole; the order between its notes is what matters)."""
    keyword_rescue: Literal["openclaw", "reverie"] = "openclaw"
    min_score_stage: Literal["after-decay", "before-decay"] = "after-decay"
    resort_output: bool = True
    """OpenClaw's tool re-sorts by score then path after MMR."""

    @staticmethod
    def for_profile(profile: str) -> SearchSettings:
        if profile == "openclaw":
            return SearchSettings(profile="openclaw")
        if profile == "reverie":
            return REVERIE_DEFAULTS
        raise ValueError(f"unknown search profile {profile!r} (choose reverie or openclaw)")

    def with_changes(self, **changes: Any) -> SearchSettings:
        return replace(self, **changes)

    @property
    def candidates(self) -> int:
        """Size of each side's candidate pool (OpenClaw: min(200, max(1, n x multiplier)))."""
        mult = max(1, min(20, int(self.candidate_multiplier)))
        return min(200, max(1, int(self.max_results * mult)))

    def normalised_weights(self) -> tuple[float, float]:
        vw = min(1.0, max(0.0, self.vector_weight))
        tw = min(1.0, max(0.0, self.text_weight))
        total = vw + tw
        if total <= 0:
            return 0.7, 0.3
        return vw / total, tw / total

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_json(data: dict[str, Any]) -> SearchSettings:
        base = SearchSettings.for_profile(str(data.get("profile", "reverie")))
        known = {f.name for f in fields(SearchSettings)}
        return replace(base, **{k: v for k, v in data.items() if k in known})

    def to_openclaw_memory_search(self) -> dict[str, Any]:
        """The equivalent OpenClaw ``memorySearch`` config block (what OpenClaw can express)."""
        vw, tw = self.normalised_weights()
        return {
            "query": {
                "maxResults": self.max_results,
                "minScore": self.min_score,
                "hybrid": {
                    "enabled": self.hybrid_enabled,
                    "vectorWeight": round(vw, 4),
                    "textWeight": round(tw, 4),
                    "candidateMultiplier": self.candidate_multiplier,
                    "mmr": {"enabled": self.mmr_enabled, "lambda": self.mmr_lambda},
                    "temporalDecay": {
                        "enabled": self.decay_enabled,
                        "halfLifeDays": self.half_life_days,
                    },
                },
            }
        }


REVERIE_DEFAULTS = SearchSettings(
    profile="reverie",
    max_results=6,
    min_score=0.2,
    vector_weight=0.5,
    text_weight=0.5,
    candidate_multiplier=6,
    mmr_enabled=True,
    mmr_lambda=0.8,
    decay_enabled=True,
    half_life_days=30.0,
    keyword_mode="reverie",
    fusion="calibrated",
    mmr_similarity="embedding",
    snippet_mode="window",
    decay_dates="reverie",
    decay_floor=0.8,
    decay_anchor="newest-note",
    keyword_rescue="reverie",
    min_score_stage="before-decay",
    resort_output=False,
)


@dataclass(frozen=True)
class AppSettings:
    """Settings saved under the platformdirs config dir (``settings.json``)."""

    embedding_model: str = "usem3"
    search: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Saved search profiles per workspace path (``SearchSettings.to_json``)."""
    dreaming_timezone: str | None = None
    theme: Literal["system", "light", "dark"] = "system"
    language: str = "system"
    recent_workspaces: tuple[str, ...] = ()
    openclaw_state_dir: str | None = None

    @staticmethod
    def load(path: Path) -> AppSettings:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return AppSettings()
        except (OSError, ValueError):
            return AppSettings()
        known = {f.name for f in fields(AppSettings)}
        values = {k: v for k, v in data.items() if k in known}
        if "recent_workspaces" in values:
            values["recent_workspaces"] = tuple(values["recent_workspaces"])
        return AppSettings(**values)

    def save(self, path: Path) -> None:
        data = asdict(self)
        data["recent_workspaces"] = list(self.recent_workspaces)
        atomic_write_text(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
