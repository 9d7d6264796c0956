"""Cards shown to the floor to prove an irregularity (e19/cards, issue 21; A202: the big blind turned
his cards up to show the floor the joker and was ruled as exposing his hand in play: FPC 24 "call or
fold, not raise", PPL "may incur a penalty"). `card_exposed: {to_show_floor: true}` says the card
was turned up because the floor was called about it: no exposed-card issue is raised for it. The
pair cases/notions/shown-to-floor*.yaml shows it."""
import json

from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

from conftest import CASES, run_cli

NOTION = CASES / "notions" / "shown-to-floor.yaml"
EXPOSED_ISSUES = {"exposed-card-play", "shown-to-another", "card-handling"}


def _rulings(kb, text):
    incident = parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs)
    report = rule_incident(incident, kb=kb, with_precedents=False)
    return {club: {r.issue: r for r in answer.rulings} for club, answer in report.answers.items()}


def test_cards_shown_to_the_floor_raise_no_exposure_rule(kb):
    text = NOTION.read_text(encoding="utf-8")
    shown = _rulings(kb, text)
    for club, issues in shown.items():
        assert not EXPOSED_ISSUES & set(issues), club
        assert "deck-problem" in issues
    exposed = _rulings(kb, text.replace(", to_show_floor: true}", "}"))
    assert exposed["gala"]["exposed-card-play"].outcome == "hand-live-passive-only"     # House rules r)
    assert exposed["ppl"]["exposed-card-play"].outcome == "hand-live"                    # League •56


def test_the_same_cards_shown_to_one_player_are_still_ruled_when_not_to_the_floor(kb):
    text = NOTION.read_text(encoding="utf-8").replace("deliberate: true", "deliberate: true, seen_by: one-player")
    assert "shown-to-another" not in _rulings(kb, text)["gala"]
    assert "shown-to-another" in _rulings(kb, text.replace(", to_show_floor: true}", "}"))["gala"]


def test_floorcall_events_and_the_schema_name_to_show_floor():
    done = run_cli("floorcall", "events", "card_exposed")
    assert "to_show_floor: bool (default false)" in done.stdout
    schema = (CASES.parent / "knowledge" / "schema" / "incident.schema.json").read_text(encoding="utf-8")
    assert "to_show_floor" in json.dumps(json.loads(schema))


def test_the_questionnaire_asks_whether_the_card_was_shown_to_the_floor(kb):
    from ruling_engine.ask.questionnaire import DONE, Session, event_entry
    session = Session(kb, house="gala")
    for name, value in (("game.format", "cash"), ("game.variant", "NLHE"), ("game.blinds", [1, 2]),
                        ("button", 2), ("players", [{"seat": 2, "stack": 100}, {"seat": 5, "stack": 100}])):
        session.answer(name, value)
    for entry in ({"seat": 2, "did": "call", "total": 2}, event_entry("card_exposed"), DONE):
        session.answer("next", entry)
    asked = []
    while (question := session.next_question()) is not None and len(asked) < 40:
        asked.append(question.name)
        if question.name == "card_exposed.to_show_floor":
            session.answer(question.name, True)
        elif question.name == "card_exposed.by":
            session.answer(question.name, "player")
        elif question.name == "card_exposed.during":
            session.answer(question.name, "play")
        elif question.name == "card_exposed.seat":
            session.answer(question.name, 5)
        elif question.name == "marked":
            session.answer("marked", [])
        elif question.choices:
            session.answer(question.name, question.choices[0][0])
        else:
            session.answer(question.name, None)
    assert "card_exposed.to_show_floor" in asked
    gala = {r.issue for r in session.report(with_precedents=False).answers["gala"].rulings}
    assert "exposed-card-play" not in gala
