import re, sys, pathlib
ws = pathlib.Path(__file__).resolve().parent.parent / "workspace"
CJK = re.compile(r"[\u4e00-\u9fff]")
WORD = re.compile(r"\b[a-z]{3,}\b")  # lowercase English words (skip ids/acronyms)
def cls(line):
    c = len(CJK.findall(line)); w = len(WORD.findall(line))
    if c == 0: return "en"
    if w == 0: return "zh"
    return "mixed"
tot = {"en":0,"zh":0,"mixed":0}
for p in sorted(ws.rglob("*.md")):
    for line in p.read_text().splitlines():
        if line.startswith("- "):
            tot[cls(line)] += 1
n = sum(tot.values())
print({k:(v, round(100*v/n)) for k,v in tot.items()}, n)
