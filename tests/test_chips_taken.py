"""Chips taken from another player's stack, and put right (f14/chips; issues 20 and 22, casebook
Y403's class): `chips_taken: {from, by, amount}`.

The corrected hand starts from the stacks as the floor found them (the chips gone from `from`,
in front of `by`). A club whose words make taking them an offence (EDP 9 ¶8 •2, touching other
players' chips) gives them back: a correction with the numbers, which the stacks the Now reads
follow. A club whose words name the conduct but not the chips leaves it to the floor, and says
what the stacks would be if the floor made them good, as its option only."""
import pytest

from ruling_engine.ask.questionnaire import DONE, Session, event_entry
from ruling_engine.errors import FloorcallError
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.render.output import now_lines
from ruling_engine.rulings.rule_on import rule_incident
from conftest import answer_every_question

# seat 3 slides 500 of seat 6's chips into his own stack on the flop, then bets 600; seat 6 had
# 800 behind (1,000 less his 200 pre-flop), 300 as the floor found him
TAKEN = """
house: {house}
game: {{format: tournament, variant: NLHE, blinds: [100, 200]}}
button: 8
players:
  - {{seat: 3, stack: 5000}}
  - {{seat: 6, stack: 1000}}
  - {{seat: 8, stack: 6000}}
timeline:
  - preflop:
  - {{seat: 8, did: fold}}
  - {{seat: 3, did: call, total: 200}}
  - {{seat: 6, did: check}}
  - flop: [K♠, 7♦, 2♣]
  - {entry}
  - {{seat: 3, did: bet, total: 600}}
"""


def _report(kb, house="edp", entry="chips_taken: {by: 3, from: 6, amount: 500, in_question: true}"):
    incident = parse_incident_text(TAKEN.format(house=house, entry=entry), "taken.yaml", kb.vocabulary, kb.clubs)
    return rule_incident(incident, kb, with_precedents=False)


def _ruling(answer, issue):
    return next(r for r in answer.rulings if r.issue == issue)


def test_edp_gives_the_taken_chips_back_out_of_the_takers_stack(kb):
    answer = _report(kb).answers["edp"]
    ruling = _ruling(answer, "chips-taken")
    assert (ruling.outcome, ruling.basis) == ("restored", "reading")
    assert [c.clause for c in ruling.citations] == ["edp.9-8-b2"]
    assert ruling.effects == [{"effect": "chips-restored", "seat": 3, "amount": 500, "to": 6}]
    assert answer.now["restored"] == [{"seat": 3, "to": 6, "amount": 500, "option": False,
                                       "to_has": 800, "seat_has": 4200}]
    # seat 6 has his 800 again: facing 600, all in to 800 is open to him
    assert answer.now["next"] == {"seat": 6, "call": 600, "options": "call-raise-fold", "total": 600,
                                  "street": "flop", "all_in_to": 800}
    assert "Seat 6 is given back 500 out of seat 3's stack (he has 4,200): seat 6 has 800." \
        in now_lines(answer.now, "")


@pytest.mark.parametrize("club, clause", [("fpc", "fpc.30"), ("ppl", "ppl.nights-8"), ("gala", "gala.misdeal-intro")])
def test_a_club_silent_on_the_chips_leaves_them_to_the_floor_with_the_numbers_as_its_option(kb, club, clause):
    answer = _report(kb, house=club).answers[club]
    ruling = _ruling(answer, "chips-taken")
    assert (ruling.outcome, ruling.basis) == ("floor-decides", "not covered")
    assert ruling.citations[0].clause == clause and len({c.clause for c in ruling.citations}) == len(ruling.citations)
    assert {"effect": "restore-possible", "seat": 3, "amount": 500, "to": 6} in ruling.effects
    # not decided: the stacks stay as the floor found them (seat 6 has 300: a call of it is all in)
    assert answer.now["next"]["call"] == 300 and answer.now["next"]["options"] == "call-or-fold"
    lines = now_lines(answer.now, "")
    assert ("If the floor makes the taken chips good (its option, not decided): 500 back to seat 6 out of "
            "seat 3's stack (he would have 4,200); seat 6 would have 800.") in lines


def test_chips_missing_with_nobody_named_take_them_from_his_stack_and_leave_it_to_the_floor(kb):
    report = _report(kb, entry="chips_taken: {from: 6, amount: 500, in_question: true}")
    for club, answer in report.answers.items():
        ruling = _ruling(answer, "chips-taken")
        assert (ruling.outcome, ruling.basis) == ("floor-decides", "not covered"), club
        assert "restored" not in answer.now
        assert answer.now["next"]["call"] == 300      # the 500 is gone from seat 6's stack


def test_restored_the_hand_is_as_if_nothing_had_been_taken(kb):
    untouched = _report(kb, entry='said: {by: 8, words: "nice flop"}').answers["edp"].now["next"]
    assert untouched["all_in_to"] == 800
    assert _report(kb).answers["edp"].now["next"] == untouched


def test_a_chips_taken_without_whose_stack_is_a_clear_error(kb):
    with pytest.raises(FloorcallError) as error:
        parse_incident_text(TAKEN.format(house="edp", entry="chips_taken: {by: 3, amount: 500}"), "taken.yaml",
                            kb.vocabulary, kb.clubs)
    assert "from" in str(error.value)


def test_the_questionnaire_offers_the_event_and_asks_who_took_them(kb):
    session = Session(kb, house="edp")
    assert any(kind == "chips_taken" for _, kinds in session.plan.event_groups for kind, _ in kinds)
    session.answer("game.format", "tournament")
    session.answer("game.variant", "NLHE")
    session.answer("players", [{"seat": 3}, {"seat": 6}, {"seat": 8}])
    session.answer("next", {"flop": None})
    session.answer("next", event_entry("chips_taken", in_question=True, **{"from": 6, "amount": 500}))
    session.answer("next", DONE)
    asked = answer_every_question(session, 3)
    assert "chips_taken.by" in asked
