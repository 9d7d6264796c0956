"""Observations, not conclusions (issue 22): a conclusion the floor draws (did he do it on purpose,
was the call brief, had the owner taken control of his cards, was a card shown to influence, was a
muck misled, was the fee told before and receipted) left out of an incident is *not stated*. It is
ruled every way it can be, like a field written `unknown`, and the ruling names what it turns on:
never a default that decides. Older files meant the former default by leaving it out;
`floorcall upgrade` writes that value in.
"""
import pytest

from ruling_engine.errors import FloorcallError
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.incident.upgrade import upgrade_text
from ruling_engine.incident.unknowns import UNKNOWN
from ruling_engine.rulings.rule_on import rule_incident

PHONE = """title: A phone call at the table
house: ppl
game: {{format: cash, variant: NLHE, blinds: [0.25, 0.50]}}
button: 1
players:
  - {{seat: 1, stack: 40}}
  - {{seat: 3, stack: 35}}
  - {{seat: 6, stack: 50}}
timeline:
  - flop: [9s, 6d, 2c]
  - {{seat: 3, did: check}}
  - conduct: {{seat: 3, did: phone-call, live_hand: true, disruptive: false{extra}, in_question: true}}
"""

# the fields whose left-out value once decided a ruling, with what older files meant by leaving them out
FORMER = {("conduct", "deliberate"): True, ("conduct", "brief"): False,
          ("card_exposed", "owner_had_control"): False, ("card_exposed", "deliberate"): False, ("card_exposed", "to_influence"): False,
          ("hand_mucked", "misled_by"): "nobody",
          ("money_paid_in", "told_before"): True, ("money_paid_in", "receipt_given"): True}


def _rule(kb, text):
    return rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb=kb,
                         with_precedents=False)


def _ruling(report, club, issue):
    return next(r for r in report.answers[club].rulings if r.issue == issue)


@pytest.mark.parametrize("record,name", sorted(FORMER))
def test_a_conclusion_left_out_has_no_default_and_is_not_stated(kb, record, name):
    spec = kb.vocabulary.records[record][name]
    assert spec.default is None
    assert spec.was_default == FORMER[(record, name)]


def test_a_left_out_conclusion_is_read_as_not_stated(kb):
    incident = parse_incident_text(PHONE.format(extra=""), "t.yaml", kb.vocabulary, kb.clubs)
    conduct = incident.data["timeline"][-1]
    assert conduct["brief"] == UNKNOWN and conduct["deliberate"] == UNKNOWN
    assert incident.unknowns


def test_a_depending_ruling_names_only_the_conclusion_it_turns_on(kb):
    """PPL •7 turns on whether the call was brief, not on whether it was deliberate: both are left
    out, the ruling is given both ways and names conduct.brief alone."""
    ppl = _ruling(_rule(kb, PHONE.format(extra="")), "ppl", "conduct")
    assert ppl.outcome == "depends"
    assert ppl.decision.endswith(": conduct.brief.")
    assert {b.ruling.outcome for b in ppl.depends} == {"allowed", "not-allowed"}


def test_upgrade_writes_the_former_default_of_a_left_out_conclusion_and_keeps_the_ruling(kb):
    """An older file meant brief: false and deliberate: true by leaving them out; the upgraded file
    says so on the entry's line, and rules as that file always did."""
    old = PHONE.format(extra="")
    new = upgrade_text(old, "old.yaml")
    line = next(l for l in new.splitlines() if "conduct:" in l)
    assert "deliberate: true" in line and "brief: false" in line and "# upgrade:" in line
    assert _ruling(_rule(kb, new), "ppl", "conduct").outcome == "not-allowed"
    stated = PHONE.format(extra=", deliberate: true, brief: false")
    assert _ruling(_rule(kb, stated), "ppl", "conduct").outcome == "not-allowed"


def test_upgrade_of_a_timeline_file_that_states_every_conclusion_has_nothing_to_do():
    with pytest.raises(FloorcallError, match="nothing to upgrade"):
        upgrade_text(PHONE.format(extra=", deliberate: true, brief: true"), "new.yaml")


def test_upgrade_writes_into_a_block_entry_under_its_fields():
    text = PHONE.format(extra="").replace(
        "  - conduct: {seat: 3, did: phone-call, live_hand: true, disruptive: false, in_question: true}\n",
        "  - conduct:\n      seat: 3\n      did: phone-call   # rang twice\n      live_hand: true\n")
    new = upgrade_text(text, "old.yaml")
    assert new.endswith("      live_hand: true\n"
                        "      deliberate: true  # upgrade: written out (left out, older files meant this)\n"
                        "      brief: false  # upgrade: written out (left out, older files meant this)\n")


def test_the_questionnaire_asks_a_conclusion_that_can_change_a_ruling_and_a_blank_leaves_it_not_stated(kb):
    """A phone call at PPL: `conduct.brief` can change PPL's ruling, so it is asked, and it may be
    left blank (not stated: no default is filled in); `conduct.deliberate` changes no club's ruling
    on a phone call, so it is not asked."""
    from ruling_engine.ask.questionnaire import DONE, Session, event_entry
    session = Session(kb, house="ppl")
    session.answer("game.format", "cash")
    session.answer("game.variant", "NLHE")
    session.answer("players", [{"seat": 1}, {"seat": 3}, {"seat": 6}])
    session.answer("next", {"flop": None})
    session.answer("next", event_entry("conduct"))
    session.answer("next", DONE)
    asked = {}
    while (question := session.next_question()) is not None and len(asked) < 60:
        asked[question.name] = question
        if question.name == "marked":
            session.answer("marked", [])
        elif question.name == "conduct.did":
            session.answer(question.name, "phone-call")
        elif question.name == "conduct.brief":
            session.answer(question.name, None)
        elif question.name == "conduct.disruptive":
            session.answer(question.name, False)
        elif question.choices:
            session.answer(question.name, question.choices[0][0])
        else:
            session.answer(question.name, None if question.allow_blank else 1)
    assert asked["conduct.brief"].allow_blank
    assert "conduct.deliberate" not in asked
    conduct = next(e["conduct"] for e in session.incident_data()["timeline"] if "conduct" in e)
    assert "brief" not in conduct
    assert _ruling(session.report(with_precedents=False), "ppl", "conduct").outcome == "depends"


FOLDS = """title: Two folds on the flop
house: ppl
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 1
players:
  - {seat: 1, stack: 100}
  - {seat: 2, stack: 100}
  - {seat: 3, stack: 100}
  - {seat: 4, stack: 100}
timeline:
  - flop: [9s, 6d, 2c]
  - {seat: 2, did: bet, chips: [5]}
  - {seat: 3, did: fold}
  - {seat: 4, did: fold}
"""


def test_how_a_fold_went_is_not_stated_on_the_fold_ruled_on_and_left_out_elsewhere(kb):
    """A fold's manner (once 'pushed-low' when left out) is not stated where a ruling reads it: on
    the fold the floor rules on (here the last action, nothing being marked); PPL •46 penalises
    cards shown or tossed with action pending, so PPL's ruling turns on action.fold_manner. The
    earlier fold, which no ruling reads, is left as written."""
    incident = parse_incident_text(FOLDS, "t.yaml", kb.vocabulary, kb.clubs)
    first, last = incident.data["timeline"][-2:]
    assert "fold_manner" not in first and last["fold_manner"] == UNKNOWN
    ppl = _ruling(_rule(kb, FOLDS), "ppl", "fold-manner")
    assert ppl.outcome == "depends"
    assert {b.ruling.outcome if b.ruling else None for b in ppl.depends} == {None, "fold-stands-breach"}
    stated = FOLDS.replace("{seat: 4, did: fold}", "{seat: 4, did: fold, fold_manner: tossed-high}")
    assert _ruling(_rule(kb, stated), "ppl", "fold-manner").outcome == "fold-stands-breach"


def test_upgrade_writes_pushed_low_on_the_fold_ruled_on_only():
    new = upgrade_text(FOLDS, "old.yaml")
    assert "  - {seat: 3, did: fold}\n" in new
    assert "  - {seat: 4, did: fold, fold_manner: pushed-low}  # upgrade:" in new

