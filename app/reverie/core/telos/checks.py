"""What is wrong with the chain as written: references to ids no Telos file defines, and
items that serve each other in a circle.

Both are :class:`TelosProblem` warnings at the item's line, found once the files are read
and linked (:func:`chain_problems`), and reported with the reading problems.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence

from ..phrase import said, template
from .model import TelosDocument, TelosItem, TelosProblem
from .references import written_references

DANGLING_REFERENCE = template("{item} refers to {ref}, which no Telos file defines")
CYCLE = template("cycle in the chain: {cycle}")

_ARROW = " → "
_NAME_CHARS = 40


def _name(item: TelosItem) -> str:
    """The item as a problem names it: its id, or the start of its text in quotes."""
    if item.id:
        return item.id
    text = item.text if len(item.text) <= _NAME_CHARS else item.text[: _NAME_CHARS - 1] + "…"
    return f'"{text}"'


def dangling_references(document: TelosDocument) -> list[TelosProblem]:
    """Items that point at an id (``(S9)``, ``for G4``, a ``SERVES`` cell) that no item of
    the Telos files has."""
    defined = {item.id for item in document.items if item.id}
    found: list[TelosProblem] = []
    for item in document.items:
        for ref in written_references(item):
            if ref not in defined:
                message = said(DANGLING_REFERENCE, item=_name(item), ref=ref)
                found.append(TelosProblem(item.path, item.line, message))
    return found


def _components(nodes: Sequence[str], edges: dict[str, list[str]]) -> list[list[str]]:
    """Strongly connected components (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in nodes:
        if root in index:
            continue
        work: list[tuple[str, int]] = [(root, 0)]
        while work:
            node, position = work.pop()
            if position == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            targets = edges.get(node, [])
            if position < len(targets):
                work.append((node, position + 1))
                target = targets[position]
                if target not in index:
                    work.append((target, 0))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                found.append(component)
    return found


def _shortest_cycle(start: str, members: set[str], edges: dict[str, list[str]]) -> list[str]:
    """The shortest way from ``start`` back to itself inside ``members``: ``[start, ...,
    start]``."""
    came_from: dict[str, str] = {}
    queue = [start]
    for node in queue:
        for target in edges.get(node, []):
            if target not in members:
                continue
            if target == start:
                path = [node]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return [start, *reversed(path[:-1]), start]
            if target not in came_from:
                came_from[target] = node
                queue.append(target)
    return [start, start]


def cycles(document: TelosDocument, links: Iterable[tuple[str, str]]) -> list[TelosProblem]:
    """Items that serve each other in a circle (``G2`` names ``G3`` and ``G3`` names
    ``G2``): one problem per circle, at its first item in file order, naming the items in
    the order they serve each other."""
    edges: dict[str, list[str]] = defaultdict(list)
    for child, parent in links:
        edges[child].append(parent)
    order = {item.key: position for position, item in enumerate(document.items)}
    nodes = sorted(edges, key=lambda key: order.get(key, len(order)))
    found: list[TelosProblem] = []
    for component in _components(nodes, edges):
        if len(component) < 2:
            continue
        start = min(component, key=lambda key: order.get(key, len(order)))
        item = document.item(start)
        if item is None:
            continue
        circle = _shortest_cycle(start, set(component), edges)
        message = said(CYCLE, cycle=_ARROW.join(circle))
        found.append(TelosProblem(item.path, item.line, message))
    return found


def chain_problems(document: TelosDocument, links: Iterable[tuple[str, str]]) -> list[TelosProblem]:
    """Dangling references and circles of ``links`` (``(child, parent)`` item keys)."""
    return [*dangling_references(document), *cycles(document, links)]
