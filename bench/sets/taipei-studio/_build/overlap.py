import json, re, pathlib, sys
ROOT = pathlib.Path(__file__).resolve().parent.parent
WS = ROOT / "workspace"
S2T = str.maketrans("测试后报开发时么猫这边们为应该条办还会贵饲现设计营调约录钱订价钟语记说话让东车门问间见网费优处证单顺务长头额边达选亚连运进", "測試後報開發時麼貓這邊們為應該條辦還會貴飼現設計營調約錄錢訂價鐘語記說話讓東車門問間見網費優處證單順務長頭額邊達選亞連運進")
STOP = set("""a an the of to in on at for by with and or but is are was were be been being do does did done have has had i me my we our us you your he she her him his it its they them their this that these those what which who whom whose when where why how any some all can could would should will shall may might must not no yes so than then too very just also from into about over under up down out as if while during after before again still now currently get got s t""".split())
def stem(w):
    for suf in ("ing", "ed", "es", "s", "ly", "er"):
        if len(w) > len(suf) + 2 and w.endswith(suf):
            return w[: -len(suf)]
    return w
def en_words(t):
    return {stem(w) for w in re.findall(r"[a-z0-9][a-z0-9'./+-]*", t.lower()) if w not in STOP and not re.fullmatch(r"[\d./+-]+", w) or re.fullmatch(r"\d+", w or "")} - {""}
def en_words(t):
    out = set()
    for w in re.findall(r"[a-z0-9]+", t.lower()):
        if w in STOP: continue
        out.add(stem(w))
    return out
def zh_bigrams(t):
    t = t.translate(S2T)
    out = set()
    for run in re.findall(r"[\u4e00-\u9fff]+", t):
        out |= {run[i:i+2] for i in range(len(run) - 1)}
    return out
bad = 0
for line in open(ROOT / "queries.jsonl", encoding="utf-8"):
    o = json.loads(line)
    if o["category"] not in ("paraphrase", "cross-language"): continue
    gtext = ""
    for g in o["gold"]:
        ls = (WS / g["path"]).read_text(encoding="utf-8").splitlines()
        gtext += " ".join(ls[g["startLine"]-1:g["endLine"]]) + " "
    ew = en_words(o["query"]) & en_words(gtext)
    zb = zh_bigrams(o["query"]) & zh_bigrams(gtext)
    if ew or zb:
        bad += 1
        print(o["id"], o["category"], o["query"], "| EN:", ew, "| ZH:", zb)
print("bad", bad)
