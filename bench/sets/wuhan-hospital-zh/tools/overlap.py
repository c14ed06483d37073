"""Check paraphrase / cross-language queries share no content word with their gold lines:
no English word stem of 5+ letters (after stripping -s/-ed/-ing/-ly) and no CJK character bigram."""
import json, re, os
ROOT = os.path.join(os.path.dirname(__file__), "..")
STOP = {"which", "where", "there", "their", "about", "would", "could", "should", "these", "those", "after",
        "before", "while", "other", "under", "every", "being", "doing", "thing", "still", "first"}
def stem(w):
    w = w.lower()
    for suf in ("ing", "ed", "ly", "s"):
        if w.endswith(suf) and len(w) - len(suf) >= 3:
            w = w[: -len(suf)]
            break
    return w
def en(t):
    return {stem(w) for w in re.findall(r"[A-Za-z]+", t) if len(stem(w)) >= 5 and w.lower() not in STOP}
def zh(t):
    out = set()
    for run in re.findall(r"[\u4e00-\u9fff]+", t):
        out |= {run[i:i + 2] for i in range(len(run) - 1)}
    return out
bad = 0
for line in open(os.path.join(ROOT, "queries.jsonl"), encoding="utf-8"):
    o = json.loads(line)
    if o["category"] not in ("paraphrase", "cross-language"):
        continue
    text = ""
    for g in o["gold"]:
        ls = open(os.path.join(ROOT, "workspace", g["path"]), encoding="utf-8").read().splitlines()
        text += " ".join(ls[g["startLine"] - 1 : g["endLine"]]) + " "
    e, z = en(o["query"]) & en(text), zh(o["query"]) & zh(text)
    if e or z:
        bad += 1
        print(o["id"], o["category"], o["lang"], o["query"], "| EN:", sorted(e), "ZH:", sorted(z))
print("overlapping queries:", bad)
