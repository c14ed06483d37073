import json,re,pathlib,sys
base=pathlib.Path(__file__).resolve().parents[1]; ws=base/'workspace'
def P(d): return d if '/' in d or d.endswith('.md') and not d[0].isdigit() else f'memory/{d}.md'
def loc(d,sub):
    path=P(d); lines=(ws/path).read_text().splitlines()
    hits=[i+1 for i,l in enumerate(lines) if sub in l]
    assert len(hits)==1,(path,sub,hits)
    return path,hits[0]
def rng(specs):
    out=[]
    for s in specs:
        d,sub=s[0],s[1]
        path,a=loc(d,sub); b=a
        if len(s)>2: _,b=loc(d,s[2])
        out.append({"path":path,"startLine":a,"endLine":b})
    return out
Q=[]
def q(cat,lang,query,gold,note,stale=None):
    o={"id":"","query":query,"lang":lang,"category":cat,"gold":rng(gold)}
    if stale is not None: o["stale"]=rng(stale)
    o["note"]=note; Q.append(o)
PE='memory/people.md'; JM='memory/jafza-move.md'
exec(open(base/'tools/queries.py').read())
import random
random.Random(7).shuffle(Q)
for i,o in enumerate(Q): o['id']=f'q{i+1:03d}'
Q=[{k:o[k] for k in ['id','query','lang','category','gold']+(['stale'] if 'stale' in o else [])+['note']} for o in Q]
(base/'queries.jsonl').write_text(''.join(json.dumps(o,ensure_ascii=False)+'\n' for o in Q))
print(len(Q),'queries')
