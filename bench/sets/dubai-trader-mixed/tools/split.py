import re,sys,pathlib
base=pathlib.Path(__file__).resolve().parents[1]
cur=None;buf={}
for p in sorted((base/'tools').glob('p*.txt')):
    for line in p.read_text(encoding='utf-8').splitlines():
        m=re.match(r'^@@@ (\S+)$',line)
        if m: cur=m.group(1); buf[cur]=[]; continue
        buf[cur].append(line)
for k,v in buf.items():
    while v and not v[-1].strip(): v.pop()
    (base/'workspace/memory'/f'{k}.md').write_text('\n'.join(v)+'\n',encoding='utf-8')
    n=len(v)
    if not 10<=n<=15: print('BAD',k,n)
print(len(buf),'notes')
