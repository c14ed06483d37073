import json, hashlib, pathlib
from collections import defaultdict
ROOT = pathlib.Path(__file__).resolve().parent.parent
groups = defaultdict(list)
for line in open(ROOT / "queries.jsonl", encoding="utf-8"):
    o = json.loads(line); groups[(o["category"], o["lang"])].append(o["id"])
tune, test = [], []
for key in sorted(groups):
    ids = sorted(groups[key], key=lambda i: hashlib.sha256(i.encode()).hexdigest())
    for n, i in enumerate(ids):
        (tune if n % 2 == 0 else test).append(i)
json.dump({"tune": sorted(tune), "test": sorted(test)}, open(ROOT / "split.json", "w"), indent=1)
print(len(tune), len(test))
