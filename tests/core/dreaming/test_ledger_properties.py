"""Property tests: the recall ledger survives load/dump and rewrites without losing a byte.

The ledger (``memory/.dreams/short-term-recall.json``) is shared with a running OpenClaw,
which may add fields Reverie does not know. Generated ledgers in their normalised form
(what a read returns) must come back equal after ``JSON.stringify``-style serialisation and
a read, serialise to the same text again, and keep every entry and every unknown field (at
the top level and in entries) when Reverie writes the ledger after reading it.
"""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from reverie.core.dreaming.ledger import (
    ENTRY_FIELDS,
    ledger_path,
    normalize_store,
    read_store,
    record_recalls,
    repair,
    serialize_store,
    write_store,
)
from reverie.core.dreaming.snippets import (
    build_entry_key,
    is_contaminated_dreaming_snippet,
    js_trim,
    normalize_memory_path,
    normalize_snippet,
)

NOW_ISO = "2026-04-10T12:00:00.000Z"
NOW_MS = 1_775_822_400_000  # 2026-04-10T12:00:00Z
STORE_FIELDS = ("version", "updatedAt", "entries")
MAX_SAFE = 2**53

# every kind of text a ledger may hold: ASCII, CJK, emoji, astral CJK, controls, quotes,
# backslashes, JSON-special and JavaScript line terminators, and lone surrogates (which
# JSON.stringify writes as \\uXXXX escapes)
CHARS = st.one_of(
    st.sampled_from(list("abc XYZ019-_./:\\\"'\t\n\r\x00\x1f") + ["\u2028", "\u00a0"]),
    st.sampled_from(list("记忆备份路由器网关") + ["😀", "👩", "\u200d", "𠀀", "é", "İ"]),
    st.characters(exclude_categories=()),
)
TEXT = st.text(CHARS, max_size=24)


def json_values() -> st.SearchStrategy[Any]:
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-MAX_SAFE, MAX_SAFE),
        st.floats(allow_nan=False, allow_infinity=False),
        TEXT,
    )
    return st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
        max_leaves=10,
    )


def _fixed(normalise: Any) -> Any:
    """Strings that ``normalise`` leaves unchanged (normalised form is a fixed point)."""
    return TEXT.map(normalise).filter(lambda s: normalise(s) == s)


ISO_DAY = st.dates().map(lambda d: d.isoformat()).filter(lambda s: len(s) == 10)
TIMESTAMP = st.one_of(
    st.datetimes().map(lambda d: d.isoformat(timespec="milliseconds") + "Z"), TEXT
)
PATH = _fixed(normalize_memory_path).filter(bool)
SNIPPET = _fixed(normalize_snippet).filter(lambda s: not is_contaminated_dreaming_snippet(s))
TRIMMED = TEXT.map(js_trim).filter(bool)
TAG = TEXT.map(lambda s: js_trim(js_trim(s).lower())).filter(
    lambda s: s and js_trim(s).lower() == s
)


def _extras(reserved: tuple[str, ...]) -> st.SearchStrategy[dict[str, Any]]:
    return st.dictionaries(TEXT.filter(lambda k: k not in reserved), json_values(), max_size=3)


@st.composite
def entries(draw: st.DrawFn, key: str) -> dict[str, Any]:
    """One entry in normalised form (known fields in OpenClaw's order, then unknown ones)."""
    entry: dict[str, Any] = {
        "key": key,
        "path": draw(PATH),
        "startLine": draw(st.integers(-(10**6), 10**9)),
        "endLine": draw(st.integers(-(10**6), 10**9)),
        "source": "memory",
        "snippet": draw(SNIPPET),
        "recallCount": draw(st.integers(0, 10**9)),
        "dailyCount": draw(st.integers(0, 10**9)),
        "groundedCount": draw(st.integers(0, 10**9)),
        "totalScore": draw(
            st.one_of(st.integers(0, 10**6), st.floats(0, 1e6).filter(lambda f: f % 1 != 0))
        ),
        "maxScore": draw(st.sampled_from([0, 1]) | st.floats(0, 1).filter(lambda f: 0 < f < 1)),
        "firstRecalledAt": draw(TIMESTAMP),
        "lastRecalledAt": draw(TIMESTAMP),
        "queryHashes": draw(st.lists(TRIMMED, max_size=32, unique=True)),
        "recallDays": draw(st.lists(ISO_DAY, max_size=16)),
        "conceptTags": draw(st.lists(TAG, max_size=8, unique=True)),
    }
    if draw(st.booleans()):
        entry["claimHash"] = draw(TRIMMED)
    if draw(st.booleans()):
        entry["promotedAt"] = draw(TIMESTAMP.filter(bool))
    entry.update(draw(_extras(ENTRY_FIELDS)))
    return entry


@st.composite
def stores(draw: st.DrawFn) -> dict[str, Any]:
    keys = draw(st.lists(TEXT.filter(bool), max_size=5, unique=True))
    store: dict[str, Any] = {
        "version": 1,
        "updatedAt": draw(TIMESTAMP),
        "entries": {key: draw(entries(key)) for key in keys},
    }
    store.update(draw(_extras(STORE_FIELDS)))
    return store


def same_json(a: Any, b: Any) -> bool:
    """Equal as JavaScript reads JSON: ``true`` is not ``1``, numbers are doubles (``1`` is
    ``1.0``; ``23946687747461470`` is the double written as ``2.394668774746147e+16``), key
    order is free."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) or isinstance(b, (int, float)):
        numbers = isinstance(a, (int, float)) and isinstance(b, (int, float))
        return numbers and float(a) == float(b)
    if isinstance(a, str) or isinstance(b, str):
        return type(a) is type(b) and a == b
    if isinstance(a, list) or isinstance(b, list):
        return (
            isinstance(a, list)
            and isinstance(b, list)
            and len(a) == len(b)
            and all(same_json(x, y) for x, y in zip(a, b, strict=True))
        )
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    return a is None and b is None


def load(text: str) -> dict[str, Any]:
    return normalize_store(json.loads(text), NOW_ISO)


@settings(max_examples=120, deadline=None)
@given(store=stores())
def test_load_dump_round_trip_and_stable(store: dict[str, Any]) -> None:
    text = serialize_store(store)
    assert text.endswith("}\n")
    loaded = load(text)
    assert same_json(loaded, store)
    assert serialize_store(loaded) == text  # dump(load(dump(x))) == dump(x)
    # OpenClaw's JSON.stringify(store, null, 2): any JSON parser reads the same value
    assert same_json(json.loads(text), json.loads(json.dumps(store)))


@settings(max_examples=40, deadline=None)
@given(store=stores())
def test_file_round_trip_is_byte_stable(store: dict[str, Any]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        write_store(root, store)
        first = ledger_path(root).read_bytes()
        assert first == serialize_store(store).encode("utf-8")
        again = read_store(root, NOW_MS)
        assert same_json(again, store)
        write_store(root, again)
        assert ledger_path(root).read_bytes() == first


LONE_SURROGATE = re.compile("[\ud800-\udfff]")
HIT_DAY = st.dates().map(lambda d: f"memory/{d.isoformat()}.md").filter(lambda p: len(p) == 20)


@settings(max_examples=60, deadline=None)
@given(
    store=stores(),
    target=st.data(),
    onto_existing=st.booleans(),
    writer=st.sampled_from(["record", "repair"]),
    compact=st.booleans(),
)
def test_write_after_load_keeps_every_entry_and_unknown_field(
    store: dict[str, Any],
    target: st.DataObject,
    onto_existing: bool,
    writer: str,
    compact: bool,
) -> None:
    hit_path = target.draw(HIT_DAY)
    start = target.draw(st.integers(1, 500))
    end = start + target.draw(st.integers(0, 20))
    hit_key = build_entry_key(hit_path, start, end)
    if onto_existing:  # the search hit lands on an entry the file already has
        existing = target.draw(entries(hit_key))
        existing.update({"path": hit_path, "startLine": start, "endLine": end})
        store["entries"][hit_key] = existing
    before = json.loads(json.dumps(store))
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        path = ledger_path(root)
        path.parent.mkdir(parents=True)
        # a file another writer produced: other whitespace, escapes or raw UTF-8
        raw = json.dumps(store, ensure_ascii=compact, indent=None if compact else 4)
        raw = LONE_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", raw)
        path.write_text(raw, encoding="utf-8")
        if writer == "record":
            hit = {
                "path": hit_path,
                "startLine": start,
                "endLine": end,
                "score": 0.5,
                "snippet": "Router VLAN 10 备份 moved to the new gateway",
                "source": "memory",
            }
            assert record_recalls(root, "where is the router backup", [hit], now=NOW_MS) == 1
        else:
            repair(root, now=NOW_MS)
        after = json.loads(path.read_text(encoding="utf-8"))
    for name in before:
        if name not in STORE_FIELDS:
            assert same_json(after[name], before[name]), name
    assert set(before["entries"]) <= set(after["entries"])
    added = set(after["entries"]) - set(before["entries"])
    assert added == ({hit_key} if writer == "record" and not onto_existing else set())
    for key, old in before["entries"].items():
        new = after["entries"][key]
        for name, value in old.items():
            if name not in ENTRY_FIELDS:
                assert same_json(new[name], value), (key, name)
        for name in ("path", "startLine", "endLine", "firstRecalledAt", "dailyCount"):
            assert same_json(new[name], old[name]), (key, name)
        for name in ("claimHash", "promotedAt"):
            assert same_json(new.get(name), old.get(name)), (key, name)
        touched = writer == "record" and key == hit_key
        assert new["recallCount"] == old["recallCount"] + (1 if touched else 0)
        if writer == "record" and not touched:
            assert same_json(new, old), key
