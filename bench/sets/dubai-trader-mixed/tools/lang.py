import re,pathlib,sys
from collections import Counter
def kind(l):
    han=len(re.findall(r'[\u4e00-\u9fff]',l))
    words=[w for w in re.findall(r'\b[A-Za-z][A-Za-z\'-]{2,}\b',l) if not re.fullmatch(r'[A-Z0-9-]+',w)]
    lat=len(words)
    if han and lat==0: return 'zh'
    if not han: return 'en'
    if lat>=2 and han>=2: return "mixed"
    return 'zh' if han>=4 else 'en'
c=Counter()
for f in sorted(pathlib.Path('.').rglob('*.md')):
    cc=Counter()
    for l in f.read_text().splitlines():
        if not l.startswith('- '): continue
        k=kind(l); c[k]+=1; cc[k]+=1
    if len(sys.argv)>1: print(f, dict(cc))
t=sum(c.values()); print({k:(v,round(v/t,2)) for k,v in c.items()})
