"""Packets for blind adjudication: the call's facts, the key's answer and floorcall's, unlabelled."""
import glob, json, random, sys, yaml
sys.path.insert(0, '/work/main')
from pathlib import Path
from ruling_engine.knowledge.load import load_knowledge
from ruling_engine.rulings.rule_on import rule_on
from ruling_engine.render.output import to_dict, now_lines

KEYFILES = ['/work/shared/casebook/casebook.yaml', '/work/shared/casebook-2/casebook.yaml',
            '/work/blind/f1/keys/keys.yaml', '/work/blind/f2/keys/keys.yaml', '/work/blind/f3/keys/keys.yaml',
            '/work/blind/f4/keys/keys.yaml', '/work/blind/m/keys/keys.yaml'] + sorted(glob.glob('/work/blind/[nmpqrst]/keys/keys-w*.yaml'))
keys = {}
for f in KEYFILES:
    data = yaml.safe_load(open(f))
    calls = data if isinstance(data, list) else data.get('calls', data)
    for c in calls:
        keys[c['id']] = c

def facts_text(call):
    f = call.get('facts')
    if isinstance(f, list):
        return '\n'.join(f'{i+1}. {x}' for i, x in enumerate(f))
    return str(f)

def key_answer(call, club):
    e = call['expected'][club]
    out = [str(e.get('ruling', '')).strip()]
    out.append(f"covered: {e.get('covered')}")
    for c in e.get('cites') or []:
        out.append(f"cites {c.get('loc')}: \"{' '.join(str(c.get('quote','')).split())}\"")
    if e.get('numbers'):
        out.append(f"numbers: {e['numbers']}")
    if e.get('note'):
        out.append(f"note: {' '.join(str(e['note']).split())}")
    return '\n'.join(out)

def tool_answer(report, club):
    d = to_dict(report)
    a = d['clubs'][club]
    titles = {i['id']: i['title'] for i in d['issues']}
    out = []
    for r in a['rulings']:
        if r['basis'] == 'does not arise':
            continue
        out.append(f"On {titles.get(r['issue'], r['issue'])}: {r['decision']} (basis: {r['basis']})")
        out += [f"  do: {x}" for x in r['do']]
        for c in r['citations']:
            out.append(f"  cites {c['locator']}: \"{' '.join(c['quote'].split())}\"")
    out += [f"  Now: {x}" for x in now_lines(a.get('now') or {}, d['incident']['currency'])]
    return '\n'.join(out)

kb = load_knowledge()
wanted = [l.split() for l in open('/work/blind/adj4/list.txt') if l.strip() and not l.startswith('#')]
random.seed(202612074)
packets, mapping = [], {}
for case, club in wanted:
    path = Path(f'/work/main/cases/casebook/{case}.yaml')
    block = yaml.safe_load(path.read_text()).get('casebook', {})
    kid = block.get('id', case.split('-')[0])
    call = keys.get(kid) or keys.get(case.split('-')[0])
    if call is None:
        print('no key for', case); continue
    report = rule_on(path, house=club, kb=kb)
    tool, key = tool_answer(report, club), key_answer(call, club)
    if random.random() < 0.5:
        a, b, m = tool, key, {'A': 'floorcall', 'B': 'key'}
    else:
        a, b, m = key, tool, {'A': 'key', 'B': 'floorcall'}
    pid = f'{case}-{club}'
    mapping[pid] = m
    packets.append({'id': pid, 'club': club, 'title': call['title'], 'game': str(call.get('game')),
                    'facts': facts_text(call), 'answer_A': a, 'answer_B': b})
half = (len(packets) + 1) // 2
yaml.safe_dump(packets[:half], open('/work/blind/adj4/packets-1.yaml', 'w'), allow_unicode=True, sort_keys=False, width=100)
yaml.safe_dump(packets[half:], open('/work/blind/adj4/packets-2.yaml', 'w'), allow_unicode=True, sort_keys=False, width=100)
json.dump(mapping, open('/work/blind/adj4/mapping.json', 'w'), indent=1)
print(len(packets), 'packets')
