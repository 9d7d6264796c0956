"""Blind adjudication of a casebook disagreement (../shared/blindloop/README.md): the packets (the
call's facts, the key's answer and floorcall's, unlabelled, in random order) and the recording of
the readers' verdicts in the case files. Each round's folder (adjudication-N/) calls these with
its own key files, seed and dates: build.py, then record.py, run from the checkout's root."""
import glob, json, random, sys, yaml
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from ruling_engine.knowledge.load import load_knowledge      # noqa: E402
from ruling_engine.rulings.rule_on import rule_on             # noqa: E402
from ruling_engine.render.output import to_dict, now_lines   # noqa: E402

# the writers' keys of the earlier rounds, by where the blind loop kept them
FIRST_KEYS = ['/work/shared/casebook/casebook.yaml', '/work/shared/casebook-2/casebook.yaml',
              '/work/blind/f1/keys/keys.yaml', '/work/blind/f2/keys/keys.yaml', '/work/blind/f3/keys/keys.yaml',
              '/work/blind/f4/keys/keys.yaml', '/work/blind/m/keys/keys.yaml']


def batch_keys(*batches) -> list:
    """The keys of the blind batches named (n, p, ...), as each batch's writers left them."""
    return [f for b in batches for f in sorted(glob.glob(f'/work/blind/{b}/keys/keys-w*.yaml'))]


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


def build(folder: str, keyfiles: list, seed: int) -> None:
    """Packets for the disagreements listed in FOLDER/list.txt ("CASE CLUB" lines), split in two."""
    keys = {}
    for f in keyfiles:
        data = yaml.safe_load(open(f))
        calls = data if isinstance(data, list) else data.get('calls', data)
        for c in calls:
            keys[c['id']] = c

    kb = load_knowledge()
    wanted = [l.split() for l in open(f'{folder}/list.txt') if l.strip() and not l.startswith('#')]
    random.seed(seed)
    packets, mapping = [], {}
    for case, club in wanted:
        path = ROOT / 'cases' / 'casebook' / f'{case}.yaml'
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
    yaml.safe_dump(packets[:half], open(f'{folder}/packets-1.yaml', 'w'), allow_unicode=True, sort_keys=False, width=100)
    yaml.safe_dump(packets[half:], open(f'{folder}/packets-2.yaml', 'w'), allow_unicode=True, sort_keys=False, width=100)
    json.dump(mapping, open(f'{folder}/mapping.json', 'w'), indent=1)
    print(len(packets), 'packets')


def record(folder: str, when: str, verdict_files=(1, 2), skip=()) -> None:
    """Each verdict in FOLDER/verdicts-N.yaml written into its case file (casebook: adjudicated:,
    and disagree: where the text supports floorcall's answer or both)."""
    skip = set(skip)
    mapping = json.load(open(f'{folder}/mapping.json'))
    open_list = yaml.safe_load(open(ROOT / 'tests' / 'casebook_open.yaml'))
    verdicts = []
    for i in verdict_files:
        p = Path(f'{folder}/verdicts-{i}.yaml')
        if p.exists():
            verdicts += yaml.safe_load(p.read_text()) or []
    comment = (f"  # Blind adjudication ({when}, ../shared/blindloop/README.md): a reader who saw\n"
               "  # only the call, the rulebooks and the two answers unlabelled said which the club's text supports:\n"
               "  # floorcall, key (the casebook's), both or neither. Only floorcall and both keep a disagreement argued.\n")
    counts = {}
    for v in verdicts:
        pid = v['id']
        if pid in skip or pid not in mapping:
            continue
        case, club = pid.rsplit('-', 1)
        who = {'A': mapping[pid]['A'], 'B': mapping[pid]['B']}.get(str(v['verdict']).strip(), str(v['verdict']).strip())
        counts[who] = counts.get(who, 0) + 1
        path = ROOT / 'cases' / 'casebook' / f'{case}.yaml'
        text = path.read_text()
        at = text.index('\ncasebook:') + 1
        head, block_text = text[:at], text[at:]
        block = yaml.safe_load(block_text)['casebook']
        quote = ' '.join(str(v.get('quote', '')).split())
        reason = ' '.join(str(v.get('reason', '')).split())
        block.setdefault('adjudicated', {})[club] = {'verdict': who, 'quote': quote, 'reason': reason}
        if who in ('floorcall', 'both'):
            issue = (open_list.get(case, {}).get(club, '') or 'ruling').split(':', 1)[0].strip() or 'ruling'
            block.setdefault('disagree', {})[club] = {issue: (
                f"The club's text: \"{quote}\" {reason} floorcall's answer rests on that reading; the key "
                "reads the club otherwise (see docs/reviews for the fixer's note on this call).")}
        dumped = yaml.safe_dump({'casebook': block}, allow_unicode=True, sort_keys=False, width=100)
        lines = dumped.splitlines(True)
        path.write_text(head + lines[0] + comment + ''.join(lines[1:]))
    print(counts)
