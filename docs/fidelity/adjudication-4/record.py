"""Record the blind adjudications in the casebook files (run from /work/main)."""
import json, sys, yaml
from pathlib import Path

SKIP = set()
mapping = json.load(open('/work/blind/adj4/mapping.json'))
open_list = yaml.safe_load(open('tests/casebook_open.yaml'))
verdicts = []
for i in (1, 2):
    p = Path(f'/work/blind/adj4/verdicts-{i}.yaml')
    if p.exists():
        verdicts += yaml.safe_load(p.read_text()) or []
COMMENT = ("  # Blind adjudication (2026-12-07, fourth round, ../shared/blindloop/README.md): a reader who saw\n"
           "  # only the call, the rulebooks and the two answers unlabelled said which the club's text supports:\n"
           "  # floorcall, key (the casebook's), both or neither. Only floorcall and both keep a disagreement argued.\n")
counts = {}
for v in verdicts:
    pid = v['id']
    if pid in SKIP or pid not in mapping:
        continue
    case, club = pid.rsplit('-', 1)
    who = {'A': mapping[pid]['A'], 'B': mapping[pid]['B']}.get(str(v['verdict']).strip(), str(v['verdict']).strip())
    counts[who] = counts.get(who, 0) + 1
    path = Path(f'cases/casebook/{case}.yaml')
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
    path.write_text(head + lines[0] + COMMENT + ''.join(lines[1:]))
print(counts)
