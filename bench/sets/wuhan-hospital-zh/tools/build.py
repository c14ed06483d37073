import json, sys, os
sys.path.insert(0, os.path.dirname(__file__))
from qsrc import Q
ROOT = os.path.join(os.path.dirname(__file__), "..")
WS = os.path.join(ROOT, "workspace")
errs = 0
def resolve(path, anchor):
    global errs
    lines = open(os.path.join(WS, path), encoding="utf-8").read().splitlines()
    hits = [i + 1 for i, l in enumerate(lines) if anchor in l]
    if len(hits) != 1:
        print("ANCHOR", path, anchor, hits); errs += 1; return None
    return {"path": path, "startLine": hits[0], "endLine": hits[0]}
def merge(rs):
    out = []
    for r in rs:
        if out and out[-1]["path"] == r["path"] and r["startLine"] == out[-1]["endLine"] + 1:
            out[-1]["endLine"] = r["endLine"]
        else:
            out.append(r)
    return out
with open(os.path.join(ROOT, "queries.jsonl"), "w", encoding="utf-8") as f:
    for i, x in enumerate(Q, 1):
        o = {"id": "q%03d" % i, "query": x["query"], "lang": x["lang"], "category": x["category"],
             "gold": merge([r for r in (resolve(p, a) for p, a in x["gold"]) if r])}
        if x["stale"]:
            o["stale"] = [r for r in (resolve(p, a) for p, a in x["stale"]) if r]
        o["note"] = x["note"]
        f.write(json.dumps(o, ensure_ascii=False) + "\n")
print("queries", len(Q), "anchor errors", errs)
