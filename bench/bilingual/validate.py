#!/usr/bin/env python3
"""Validate the bilingual retrieval evaluation set (stdlib only).

Checks every query in queries.jsonl against the files in workspace/:

* each line is a JSON object with the expected fields and types;
* ids are unique and look like ``q001``;
* ``lang`` and ``category`` take one of the allowed values;
* every gold / stale range names a file inside the workspace, with
  1 <= startLine <= endLine <= number of lines, and the range is not blank;
* ``no-answer`` queries have an empty gold list, all others have at least one range;
* ``temporal-update`` queries have at least one stale range, and no stale range
  overlaps a gold range; other categories carry no stale ranges.

Prints counts per category and per language (and the cross table), then exits
with status 0 if everything passed and 1 otherwise.

Usage:
    python bench/bilingual/validate.py            # validate
    python bench/bilingual/validate.py --show     # also print every gold/stale line
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
LANGS = ("en", "zh", "mixed")
CATEGORIES = ("exact", "paraphrase", "cross-language", "temporal-update", "no-answer")
ID_RE = re.compile(r"^q\d{3,}$")
REQUIRED = {"id": str, "query": str, "lang": str, "category": str, "gold": list, "note": str}
OPTIONAL = {"stale": list}


def load_lines(workspace: Path, rel: str, cache: dict[str, list[str] | None]) -> list[str] | None:
    if rel not in cache:
        target = (workspace / rel).resolve()
        if workspace not in target.parents or not target.is_file():
            cache[rel] = None
        else:
            cache[rel] = target.read_text(encoding="utf-8").splitlines()
    return cache[rel]


def check_range(
    rng: object, where: str, workspace: Path, cache: dict[str, list[str] | None], errors: list[str]
) -> tuple[str, int, int] | None:
    if not isinstance(rng, dict) or set(rng) != {"path", "startLine", "endLine"}:
        errors.append(f"{where}: range must be an object with exactly path, startLine, endLine")
        return None
    path, start, end = rng["path"], rng["startLine"], rng["endLine"]
    if not isinstance(path, str) or "\\" in path or path.startswith("/"):
        errors.append(f"{where}: path must be a relative POSIX path, got {path!r}")
        return None
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (start, end)):
        errors.append(f"{where}: startLine/endLine must be integers")
        return None
    lines = load_lines(workspace, path, cache)
    if lines is None:
        errors.append(f"{where}: file not found in workspace: {path}")
        return None
    if not 1 <= start <= end <= len(lines):
        errors.append(f"{where}: {path}:{start}-{end} outside 1..{len(lines)}")
        return None
    if not any(line.strip() for line in lines[start - 1 : end]):
        errors.append(f"{where}: {path}:{start}-{end} is blank")
    return path, start, end


def check_split(path: Path, ids: set[str]) -> list[str]:
    """The tune / test split: disjoint halves that together hold every query id."""
    if not path.is_file():
        return [f"{path.name}: missing"]
    split = json.loads(path.read_text(encoding="utf-8"))
    tune, test = set(split.get("tune", [])), set(split.get("test", []))
    errors = [f"{path.name}: {i} is in both halves" for i in sorted(tune & test)]
    errors += [f"{path.name}: {i} is in no half" for i in sorted(ids - tune - test)]
    errors += [f"{path.name}: unknown id {i}" for i in sorted((tune | test) - ids)]
    return errors


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--queries", type=Path, default=HERE / "queries.jsonl")
    ap.add_argument("--workspace", type=Path, default=HERE / "workspace")
    ap.add_argument("--show", action="store_true", help="print the text of every gold/stale range")
    ap.add_argument(
        "--set",
        type=Path,
        default=None,
        help="a set folder in the same format (bench/sets/NAME): its workspace/ and queries.jsonl;"
        " its split.json is checked only when it has one",
    )
    args = ap.parse_args(argv)
    if args.set is not None:
        args.queries, args.workspace = args.set / "queries.jsonl", args.set / "workspace"

    workspace = args.workspace.resolve()
    errors: list[str] = []
    cache: dict[str, list[str] | None] = {}
    seen: set[str] = set()
    by_cat: Counter[str] = Counter()
    by_lang: Counter[str] = Counter()
    cross: Counter[tuple[str, str]] = Counter()
    n_ranges = 0

    raw = args.queries.read_text(encoding="utf-8").splitlines()
    qname = args.queries.name
    for lineno, text in enumerate(raw, 1):
        if not text.strip():
            errors.append(f"{qname}:{lineno}: blank line")
            continue
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as exc:
            errors.append(f"{qname}:{lineno}: invalid JSON ({exc})")
            continue
        if not isinstance(obj, dict):
            errors.append(f"{qname}:{lineno}: not a JSON object")
            continue
        where = f"{qname}:{lineno} ({obj.get('id', '?')})"
        bad = False
        for key, typ in REQUIRED.items():
            if not isinstance(obj.get(key), typ):
                errors.append(f"{where}: missing or mistyped field {key!r}")
                bad = True
        for key in obj:
            if key not in REQUIRED and key not in OPTIONAL:
                errors.append(f"{where}: unexpected field {key!r}")
        if "stale" in obj and not isinstance(obj["stale"], list):
            errors.append(f"{where}: 'stale' must be a list")
            bad = True
        if bad:
            continue

        qid, lang, cat = obj["id"], obj["lang"], obj["category"]
        if not ID_RE.match(qid):
            errors.append(f"{where}: id {qid!r} does not look like q001")
        if qid in seen:
            errors.append(f"{where}: duplicate id {qid}")
        seen.add(qid)
        if not obj["query"].strip():
            errors.append(f"{where}: empty query")
        if lang not in LANGS:
            errors.append(f"{where}: lang {lang!r} not in {LANGS}")
        if cat not in CATEGORIES:
            errors.append(f"{where}: category {cat!r} not in {CATEGORIES}")
        by_cat[cat] += 1
        by_lang[lang] += 1
        cross[(cat, lang)] += 1

        gold, stale = obj["gold"], obj.get("stale", [])
        if cat == "no-answer" and gold:
            errors.append(f"{where}: no-answer query must have empty gold")
        if cat != "no-answer" and not gold:
            errors.append(f"{where}: gold is empty")
        if cat == "temporal-update" and not stale:
            errors.append(f"{where}: temporal-update query needs at least one stale range")
        if cat != "temporal-update" and stale:
            errors.append(f"{where}: only temporal-update queries may carry stale ranges")

        checked: dict[str, list[tuple[str, int, int]]] = {"gold": [], "stale": []}
        for kind, ranges in (("gold", gold), ("stale", stale)):
            for i, rng in enumerate(ranges):
                got = check_range(rng, f"{where} {kind}[{i}]", workspace, cache, errors)
                if got:
                    checked[kind].append(got)
                    n_ranges += 1
        for sp, ss, se in checked["stale"]:
            for gp, gs, ge in checked["gold"]:
                if sp == gp and ss <= ge and gs <= se:
                    errors.append(f"{where}: stale {sp}:{ss}-{se} overlaps gold {gs}-{ge}")

        if args.show:
            print(f"{qid} [{cat}/{lang}] {obj['query']}")
            for kind in ("gold", "stale"):
                for path, start, end in checked[kind]:
                    lines = cache[path] or []
                    for n in range(start, end + 1):
                        print(f"    {kind:5} {path}:{n}: {lines[n - 1]}")

    split = (args.set or HERE) / "split.json"
    if args.set is None or split.is_file():
        errors.extend(check_split(split, seen))
    total = sum(by_cat.values())
    print(f"queries: {total}   ranges checked: {n_ranges}   files referenced: {len(cache)}")
    print("\nper category:")
    for cat in CATEGORIES:
        print(f"  {cat:16} {by_cat.get(cat, 0):4}")
    print("\nper language:")
    for lang in LANGS:
        print(f"  {lang:16} {by_lang.get(lang, 0):4}")
    print("\ncategory x language:")
    print("  " + " " * 16 + "".join(f"{lang:>7}" for lang in LANGS))
    for cat in CATEGORIES:
        print(f"  {cat:16}" + "".join(f"{cross.get((cat, lang), 0):7}" for lang in LANGS))

    if errors:
        print(f"\nFAILED: {len(errors)} problem(s)")
        for err in errors:
            print("  " + err)
        return 1
    print("\nOK: all ids unique, categories valid, every gold/stale range exists")
    return 0


if __name__ == "__main__":
    sys.exit(main())
