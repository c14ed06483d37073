import re,glob,collections,sys
c=collections.Counter()
per=collections.defaultdict(collections.Counter)
for f in sorted(glob.glob('memory/*.md'))+['MEMORY.md']:
    for l in open(f,encoding='utf-8').read().splitlines():
        if not l.strip() or l.startswith('# '): continue
        cjk=len(re.findall(r'[\u4e00-\u9fff]',l))
        words=[w for w in re.findall(r'[A-Za-z]{2,}',l) if not w.isupper()]
        if cjk<=6 and len(words)>=3: k='en'
        elif len(words)<=1: k='zh'
        else: k='mixed'
        c[k]+=1; per[f][k]+=1
tot=sum(c.values())
print({k:(v,round(v/tot*100)) for k,v in c.items()})
if len(sys.argv)>1:
    for f,v in per.items(): print(f,dict(v))
