#!/usr/bin/env python3
"""Lexical-overlap checks for queries.jsonl (stdlib only).

paraphrase / cross-language: no shared English stem of 5+ letters (after stripping
-s/-ed/-ing/-ly) and no shared CJK character bigram between the query and any gold line.
Cross-language queries may share names/identifiers listed in ALLOW.
exact: the query must share at least one identifier-like token (has a digit, or is a
proper name / id of 3+ chars) or a CJK bigram with a gold line.
Also reports the query language vs. the gold lines' language for cross-language."""
import json, re, pathlib
SET = pathlib.Path(__file__).resolve().parent.parent
WS = SET / "workspace"
ALLOW = {"lavington", "kajiado", "kalobeyei", "ridgeview", "mvuli", "acacia"}
CJK = re.compile(r"[\u4e00-\u9fff]+")
WORD = re.compile(r"[A-Za-z]+")

def stem(w):
    w = w.lower()
    for suf in ("ing", "ed", "ly", "s"):
        if w.endswith(suf) and len(w) - len(suf) >= 3:
            return w[: -len(suf)]
    return w

def stems(t):
    return {stem(w) for w in WORD.findall(t) if len(stem(w)) >= 5}

def bigrams(t):
    out = set()
    for run in CJK.findall(t):
        out |= {run[i:i + 2] for i in range(len(run) - 1)}
    return out

def lines_of(g):
    ls = (WS / g["path"]).read_text(encoding="utf-8").splitlines()
    return ls[g["startLine"] - 1 : g["endLine"]]

bad = 0
for raw in (SET / "queries.jsonl").read_text(encoding="utf-8").splitlines():
    o = json.loads(raw)
    qs, qb = stems(o["query"]), bigrams(o["query"])
    cat = o["category"]
    for g in o["gold"]:
        text = " ".join(lines_of(g))
        if cat in ("paraphrase", "cross-language"):
            se = (qs & stems(text)) - (ALLOW if cat == "cross-language" else set())
            sb = qb & bigrams(text)
            if se or sb:
                bad += 1
                print(f"{o['id']} {cat}: shares {sorted(se)} {sorted(sb)} with {g['path']}:{g['startLine']}")
        if cat == "cross-language":
            has_cjk = bool(CJK.search(text.replace("Kai", "")))
            cjk_share = sum(len(r) for r in CJK.findall(text)) / max(1, len(text))
            if o["lang"] == "en" and cjk_share < 0.1:
                print(f"{o['id']} cross-language en query but gold line looks English: {g['path']}:{g['startLine']}"); bad += 1
            if o["lang"] == "zh" and has_cjk:
                print(f"{o['id']} cross-language zh query but gold line has Chinese: {g['path']}:{g['startLine']}"); bad += 1
    if cat == "exact":
        toks = {t.lower() for t in re.findall(r"[A-Za-z0-9][A-Za-z0-9./\-]*[A-Za-z0-9]", o["query"]) if any(c.isdigit() for c in t) or t[0].isupper()}
        ok = any(all(any(t in l.lower() for l in lines_of(g)) for g in o["gold"]) for t in toks)
        if not ok:
            bad += 1; print(f"{o['id']} exact: no shared identifier token {sorted(toks)}")
print("problems:", bad)
