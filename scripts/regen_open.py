"""Rewrite tests/casebook_open.yaml from today's casebook verdicts.

Run from the checkout: `.venv/bin/python scripts/regen_open.py`. Prints the (case, club) pairs
added to and removed from the open list, then the casebook line. The list only shrinks unless a
new batch of calls joins the casebook: say why in the commit whenever "added" is not empty.
"""
from pathlib import Path

import yaml

from ruling_engine.knowledge.load import load_knowledge
from ruling_engine.rulings.agreement import casebook_tally

OPEN = Path("tests/casebook_open.yaml")


def main() -> None:
    tally = casebook_tally(load_knowledge(), Path("cases/casebook"))
    header = "".join(line for line in OPEN.read_text().splitlines(True) if line.startswith("#"))
    old = yaml.safe_load(OPEN.read_text()) or {}
    still_open: dict = {}
    for verdict in tally.verdicts:
        if not verdict.agrees and not verdict.argued:
            still_open.setdefault(verdict.case, {})[verdict.club] = "; ".join(verdict.problems)[:300]
    new = {(c, k) for c, clubs in still_open.items() for k in clubs}
    was = {(c, k) for c, clubs in old.items() for k in clubs}
    print("added:", sorted(new - was))
    print("removed:", sorted(was - new))
    OPEN.write_text(header + yaml.safe_dump(still_open, sort_keys=True, allow_unicode=True, width=100))
    print(tally.line())


if __name__ == "__main__":
    main()
