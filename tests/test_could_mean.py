"""A declaration with more than one possible amount (e17/declare, issue 21; casebook E102): the
action's `could_mean: [a, b]` says the floor cannot tell which amount the words meant ("all in" said
at a short stack: his stack or the speaker's own). EDP 8 ¶32 s3 rules the lesser value; PPL's cash
session cap ("Players can bet a maximum of £5") leaves only the amount within it. The corrected hand
carries that bet and the next player acts facing it; a club with no such clause leaves it to the
floor. Bad could_mean is an error with its line."""
import pytest

from ruling_engine.errors import FloorcallError
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.knowledge.events import events_text
from ruling_engine.rulings.rule_on import rule_incident

BASE = """title: t
house: edp
game: {{format: cash, variant: NLHE, blinds: [0.5, 1]}}
button: 1
players:
  - {{seat: 1, stack: 50}}
  - {{seat: 2, stack: 4.5}}
  - {{seat: 3, stack: 80}}
timeline:
  - flop: [K♦, 10♦, 4♠]
  - {{seat: 2, did: check}}
  - {{seat: 3, {said}{could}in_question: true}}
"""


def parse(kb, could, said='said: "I\'ll put you all in", '):
    return parse_incident_text(BASE.format(could=could, said=said), "t.yaml", kb.vocabulary, kb.clubs)


def ruled(kb, could):
    report = rule_incident(parse(kb, could), kb=kb, with_precedents=False)
    return {club: (next(r for r in a.rulings if r.issue == "declared-action"), a) for club, a in report.answers.items()}


def test_edp_8_32_rules_the_lesser_of_the_amounts_the_words_could_mean(kb):
    ruling, answer = ruled(kb, "could_mean: [3.5, 79], ")["edp"]
    assert ruling.outcome == "lesser-amount" and [c.clause for c in ruling.citations] == ["edp.8-32"]
    assert {"effect": "ruled-bet", "seat": 3, "total": 3.5} in ruling.effects
    assert answer.now["next"]["seat"] == 1 and answer.now["next"]["call"] == 3.5   # he acts facing it


def test_ppl_cash_cap_leaves_only_the_amount_within_it(kb):
    ruling, answer = ruled(kb, "could_mean: [3.5, 79], ")["ppl"]
    assert ruling.outcome == "lesser-amount" and [c.clause for c in ruling.citations] == ["ppl.nights-4-s3"]
    assert {"effect": "ruled-bet", "seat": 3, "total": 3.5} in ruling.effects
    assert answer.now["next"]["call"] == 3.5


def test_ppl_cap_does_not_choose_when_both_amounts_are_over_it(kb):
    ruling, _ = ruled(kb, "could_mean: [9, 79], ")["ppl"]
    assert ruling.outcome != "lesser-amount"          # the cap rules out neither: not its question


def test_a_club_with_no_clause_leaves_it_to_the_floor(kb):
    ruling, _ = ruled(kb, "could_mean: [3.5, 79], ")["fpc"]
    assert ruling.basis == "not covered" and ruling.outcome == "floor-decides"


def test_without_could_mean_no_lesser_amount_is_ruled(kb):
    assert ruled(kb, "")["edp"][0].outcome != "lesser-amount"


@pytest.mark.parametrize("could, said", [("could_mean: [4.5], ", 'said: "four fifty", '),
                                         ("could_mean: [4.5, 4.5], ", 'said: "four fifty", '),
                                         ("could_mean: [4.5, 450], ", "")])
def test_could_mean_needs_two_amounts_and_the_words(kb, could, said):
    with pytest.raises(FloorcallError) as err:
        parse(kb, could, said)
    assert err.value.line == 12 and ("two or more different amounts" in str(err.value)
                                     or "with the words it reads" in str(err.value))


def test_floorcall_events_action_lists_could_mean(kb):
    flat = " ".join(events_text(kb, "action").split())
    assert "could_mean:" in flat and "[4.5, 450]" in flat


def test_questionnaire_action_line_says_what_the_words_could_mean():
    from ruling_engine.ask.answers import AnswerError, parse_action
    action = parse_action("5 four fifty could mean 4.50 or 450 in question", [2, 5])
    assert action["could_mean"] == [4.5, 450] and action["said"] == "four fifty" and action["in_question"]
    assert parse_action("5 I'll put you all in could mean £4.5 / 136", [2, 5])["could_mean"] == [4.5, 136]
    with pytest.raises(AnswerError):
        parse_action("5 = 10 could mean 4.5 or 450", [2, 5])


def test_floor_app_offers_could_mean_among_the_actions_details(kb):
    from ruling_engine.serve.app import _extra_fields

    class S:
        vocab, seats = kb.vocabulary, [2, 5]
    assert "could_mean" in [name for name, *_ in _extra_fields(S, "action")]


def test_a_silent_club_has_its_floor_decide_the_amount_first_and_no_now_that_treats_it_as_no_bet(kb):
    from ruling_engine.render.output import now_lines
    _, answer = ruled(kb, "could_mean: [3.5, 79], ")["fpc"]
    first = answer.now["floor_first"]
    assert first["amounts"] == [3.5, 79] and first["seat"] == 3
    assert answer.now["next"] is None and answer.now["then"] == []
    text = " ".join(now_lines(answer.now, "£"))
    assert "decides first" in text and "£3.50 or £79" in text and "nothing to call" not in text
