"""One-off: rename facts that belong to an entry (an event kind, the action in question) to dotted
names (`muck_by` -> `hand_mucked.by`), in rule files, the vocabulary, Python and tests.

Usage: python tools/rename_facts.py MAP.json [ROOT]. Idempotent; also applied to branches
written before the rename. Names that are also incident field names are left to hand edits in
Python (they are listed by --ambiguous).
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

AMBIGUOUS = {'board_play', 'bottom_card_dealt', 'bottom_card_seen', 'break_announced', 'burns_with_discards',
             'cards_not_collected', 'cut_by', 'cut_card', 'cut_cards', 'cut_refused', 'deal_error', 'deal_proposed',
             'dealing_not_announced', 'deck_problem', 'deck_to_discards_early', 'deck_unprotected',
             'exposed_not_announced', 'flop_one_at_a_time', 'level_change', 'rules_objection',
             'stakes_questioned', 'structure_change'}


def word_pattern(names):
    alternatives = "|".join(sorted(map(re.escape, names), key=len, reverse=True))
    return re.compile(rf"(?<![\w.-])({alternatives})(?![\w-])")


def rename_rules(text, mapping, pattern):
    return pattern.sub(lambda m: mapping[m.group(1)], text)


def rename_vocabulary(text, mapping, pattern):
    lines = text.split("\n")
    start = lines.index("facts:")
    end = next(i for i in range(start + 1, len(lines)) if lines[i] and not lines[i].startswith((" ", "#")))
    issues = lines.index("issues:")
    body, groups, order = [], {}, []
    for line in lines[start + 1:end]:
        m = re.match(r"^  ([a-z_0-9]+): (\{.*)$", line)
        if m and m.group(1) in mapping:
            group, local = mapping[m.group(1)].split(".", 1)
            if group not in groups:
                groups[group] = []
                order.append(group)
                body.append(f"@@GROUP {group}")
            groups[group].append(f"    {local}: {m.group(2)}")
        else:
            body.append(line)
    out_body = []
    for line in body:
        if line.startswith("@@GROUP "):
            group = line.split()[1]
            out_body.append(f"  {group}:")
            out_body.extend(groups[group])
        else:
            out_body.append(line)
    issue_lines = [rename_rules(l, mapping, pattern) for l in lines[issues:]]
    return "\n".join(lines[:start + 1] + out_body + lines[end:issues] + issue_lines)


def rename_python(text, mapping):
    plain = {k: v for k, v in mapping.items() if k not in AMBIGUOUS}
    pattern = re.compile(r"""(["'])(%s)\1""" % "|".join(sorted(map(re.escape, plain), key=len, reverse=True)))
    return pattern.sub(lambda m: m.group(1) + plain[m.group(2)] + m.group(1), text)


def main(map_file, root="."):
    mapping = json.loads(Path(map_file).read_text())
    root = Path(root)
    pattern = word_pattern(mapping)
    for path in (root / "knowledge" / "rules").rglob("*.yaml"):
        old = path.read_text(encoding="utf-8")
        new = rename_rules(old, mapping, pattern)
        if new != old:
            path.write_text(new, encoding="utf-8")
    vocab = root / "knowledge" / "vocabulary.yaml"
    old = vocab.read_text(encoding="utf-8")
    if any(re.search(rf"^  {re.escape(k)}: \{{", old, re.M) for k in mapping):
        vocab.write_text(rename_vocabulary(old, mapping, pattern), encoding="utf-8")
    for folder in ("ruling_engine", "tests", "benchmarks", "tools"):
        for path in (root / folder).rglob("*.py"):
            if path.name == "rename_facts.py":
                continue
            old = path.read_text(encoding="utf-8")
            new = rename_python(old, mapping)
            if new != old:
                path.write_text(new, encoding="utf-8")


if __name__ == "__main__":
    main(*sys.argv[1:])
