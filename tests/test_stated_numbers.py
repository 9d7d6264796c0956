"""Numbers in the do-lines (issue 24): a number the incident gives is printed; one it does not give
is named as missing (which fact, as its question asks it), never a bare "(not stated)"; and no
text or Markdown output prints "inf" (a stack unknown to the replay)."""
import re
from pathlib import Path

import pytest

from ruling_engine.incident.load import parse_incident_text
from ruling_engine.render.output import render_markdown, render_text
from ruling_engine.rulings.rule_on import rule_incident

ROOT = Path(__file__).resolve().parent.parent
CASH_ON_TABLE = (ROOT / "cases/money-cash-on-table-for-drinks.yaml").read_text(encoding="utf-8")


def _outputs(kb, text):
    report = rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    return " ".join((render_text(report, True) + render_markdown(report, True)).split())


def test_a_number_the_incident_does_not_give_is_named_as_missing(kb):
    out = _outputs(kb, CASH_ON_TABLE)
    assert "(not stated)" not in out
    assert "Seat 5's cash (not in the incident: how much cash is on the table?) comes off the table" in out


def test_a_number_the_incident_gives_is_printed(kb):
    out = _outputs(kb, CASH_ON_TABLE.replace("floor_exchanging: false}", "floor_exchanging: false, amount: 10}"))
    assert "Seat 5's cash (10) comes off the table" in out and "not in the incident" not in out


HEAD = """title: t
house: {house}
game: {{format: cash, variant: NLHE, blinds: [1, 2]}}
button: 8
players:
  - {{seat: 2, behind: 150}}
  - {{seat: 5, behind: 80}}
  - {{seat: 8, stack: 200}}
timeline:
  - flop: {{cards: [Q♦, 7♠, 3♣], pot: 10}}
"""
ALL_IN_BEHIND = [
    "  - {seat: 2, chips: [10, 10]}\n  - {seat: 5, said: all-in, in_question: true}\n  - {seat: 8, said: call, chips: [10, 10]}\n",
    "  - {seat: 2, said: all-in}\n  - {seat: 5, chips: [50], in_question: true}\n",
    "  - {seat: 2, chips: [10, 10]}\n  - {seat: 5, said: all-in}\n  - {seat: 8, chips: [10], in_question: true}\n",
]


@pytest.mark.parametrize("house", ["edp", "gala", "fpc", "ppl"])
@pytest.mark.parametrize("timeline", ALL_IN_BEHIND, ids=["all-in-then-call", "all-in-then-short", "all-in-then-undercall"])
def test_stacks_given_as_behind_with_an_all_in_never_print_inf(kb, house, timeline):
    out = _outputs(kb, HEAD.format(house=house) + timeline)
    assert not re.search(r"\binf\b", out, re.I) and "(not stated)" not in out
