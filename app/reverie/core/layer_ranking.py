"""Memory layers in search: each hit's layer in its trace, and the layer filter and weights.

This runs after the search engine, on its response:

* every result and dropped candidate is labelled with its file's layer (L0-L3);
* with ``SearchSettings.layer_filter`` only the listed layers are returned, and with
  ``SearchSettings.layer_weights`` (off when all are 1) each score is multiplied by its
  layer's weight and the results re-ranked. A weight of 0 works as a filter.

Candidates the engine cut at maxResults (or that MMR pushed past it) compete again, so
filtering a layer out fills the list from the next best of the other layers. The weights do
not re-apply minScore: a weighted-down result that made the list stays in it, lower.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from .layers import Layer, LayerRules
from .search.trace import Deferred, DroppedCandidate, SearchHit, SearchResponse
from .settings import SearchSettings

_REFILL_STAGES = frozenset({"max_results", "mmr"})


def _as_tuple(value: object) -> tuple[Any, ...]:
    return tuple(value) if isinstance(value, list | tuple) else ()


def layer_weights(settings: SearchSettings) -> dict[Layer, float]:
    """The weight of each layer (invalid or missing values count as 1)."""
    raw = _as_tuple(settings.layer_weights)  # a hand-edited settings file may hold anything
    weights: dict[Layer, float] = {}
    for layer in Layer:
        try:
            value = float(raw[int(layer)])
        except (IndexError, TypeError, ValueError):
            value = 1.0
        weights[layer] = max(0.0, value)
    return weights


def layer_filter(settings: SearchSettings) -> frozenset[Layer] | None:
    """The layers a search may return, or ``None`` for every layer."""
    chosen: set[Layer] = set()
    for value in _as_tuple(settings.layer_filter):
        try:
            chosen.add(Layer.parse(value))
        except ValueError:
            continue
    return frozenset(chosen) if chosen and len(chosen) < len(Layer) else None


def layers_active(settings: SearchSettings) -> bool:
    """Do the settings filter or weight by layer?"""
    return layer_filter(settings) is not None or any(
        w != 1.0 for w in layer_weights(settings).values()
    )


def _labelled(hit: SearchHit, layer: Layer, weight: float, score: float) -> SearchHit:
    trace = replace(hit.trace, layer=layer.code, layer_weight=weight, final_score=score)
    return replace(hit, score=score, trace=trace)


def apply_layers(
    response: SearchResponse, settings: SearchSettings, rules: LayerRules
) -> SearchResponse:
    """``response`` with every hit's layer, filtered and re-weighted as ``settings`` say."""
    label = layer_codes(rules)
    if not layers_active(settings):
        dropped = response.dropped
        return replace(
            response,
            results=tuple(_label_only(h, label) for h in response.results),
            # still built only when read: labelling them here made every search build the
            # dropped candidates' traces (0.5-0.8 ms at 10,000 chunks)
            dropped=Deferred(lambda: tuple(_label_dropped(d, label) for d in dropped)),
        )
    weights = layer_weights(settings)
    allowed = layer_filter(settings)
    pool = list(response.results) + [d.hit for d in response.dropped if d.stage in _REFILL_STAGES]
    dropped = [_label_dropped(d, label) for d in response.dropped if d.stage not in _REFILL_STAGES]
    ranked: list[SearchHit] = []
    for hit in pool:
        layer = rules.layer(hit.path)
        weight = weights[layer]
        if (allowed is not None and layer not in allowed) or weight <= 0:
            why = "filtered out" if allowed is not None and layer not in allowed else "weight 0"
            labelled = _labelled(hit, layer, weight, hit.score)
            dropped.append(DroppedCandidate(labelled, "layer", f"layer {layer.code}: {why}"))
            continue
        ranked.append(_labelled(hit, layer, weight, hit.score * weight))
    ranked.sort(key=lambda h: (-h.score, h.path, h.start_line))
    limit = max(1, settings.max_results)
    results: list[SearchHit] = []
    for rank, hit in enumerate(ranked, start=1):
        final = replace(hit, trace=replace(hit.trace, final_rank=rank if rank <= limit else None))
        if rank <= limit:
            results.append(final)
        else:
            reason = f"ranked {rank} after the layer weights; only {limit} results are returned"
            dropped.append(DroppedCandidate(final, "max_results", reason))
    notice = _notice(weights, allowed)
    return replace(
        response,
        results=tuple(results),
        dropped=tuple(dropped),
        notices=(*response.notices, notice),
    )


def layer_codes(rules: LayerRules) -> Callable[[str], str]:
    """``rules``' layer code of a path, each path classified once (a search's candidates
    share few files)."""
    known: dict[str, str] = {}

    def code(path: str) -> str:
        found = known.get(path)
        if found is None:
            found = known[path] = rules.layer(path).code
        return found

    return code


def _label_dropped(dropped: DroppedCandidate, code_of: Callable[[str], str]) -> DroppedCandidate:
    hit = _label_only(dropped.hit, code_of)
    return dropped if hit is dropped.hit else replace(dropped, hit=hit)


def _label_only(hit: SearchHit, code_of: Callable[[str], str]) -> SearchHit:
    if hit.trace.layer is not None:  # labelled by the engine already
        return hit
    trace = replace(hit.trace, layer=code_of(hit.path))
    return replace(hit, trace=trace)


def _notice(weights: dict[Layer, float], allowed: frozenset[Layer] | None) -> str:
    parts = []
    if allowed is not None:
        parts.append("only " + ", ".join(layer.code for layer in sorted(allowed)))
    changed = [f"{layer.code} x{weights[layer]:g}" for layer in Layer if weights[layer] != 1.0]
    if changed:
        parts.append("weights " + ", ".join(changed))
    return "Memory layers: " + "; ".join(parts) + "."
