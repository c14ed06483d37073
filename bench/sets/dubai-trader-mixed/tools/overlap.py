import json,re,pathlib
base=pathlib.Path(__file__).resolve().parents[1]
def stem(w):
    w=w.lower()
    if w.endswith("'s"): w=w[:-2]
    for suf in ('ing','ed','ly','s'):
        if w.endswith(suf) and len(w)-len(suf)>=3: w=w[:-len(suf)]; break
    return w
def en(t): return {stem(w) for w in re.findall(r"[A-Za-zÀ-ÿ']+",t) if len(stem(w))>=5}
def zh(t):
    s=set()
    for run in re.findall(r'[\u4e00-\u9fff]+',t):
        s|={run[i:i+2] for i in range(len(run)-1)}
    return s
bad=0
for l in open(base/'queries.jsonl'):
    o=json.loads(l)
    if o['category'] not in ('paraphrase','cross-language'): continue
    for g in o['gold']:
        lines=(base/'workspace'/g['path']).read_text().splitlines()[g['startLine']-1:g['endLine']]
        txt=' '.join(lines)
        se=en(o['query'])&en(txt); sz=zh(o['query'])&zh(txt)
        if se or sz:
            bad+=1; print(o['id'],o['category'],o['query'],'|',g['path'],g['startLine'],se,sz)
    if o['category']=='cross-language':
        # gold language must be the other one
        for g in o['gold']:
            txt=' '.join((base/'workspace'/g['path']).read_text().splitlines()[g['startLine']-1:g['endLine']])
            han=len(re.findall(r'[\u4e00-\u9fff]',txt)); lat=len(re.findall(r'[A-Za-z]{3,}',txt))
            print('  ',o['id'],o['lang'],'gold han=%d latwords=%d'%(han,lat),txt[:70])
print('overlaps:',bad)
