"""Which card an event is about (issue 22): `card:` (the card as named) and `was: burn | board |
hole` on card_exposed and deck_problem. A burn or board card is no player's card: the hole-card
exposure issues are not raised for it, and FPC 28 rules it (s2 a burn card, s1 a board card the
dealer exposed); a club whose text is silent answers with its discretion clause."""
import re

from ruling_engine.facts.derive import incident_facts as computed_facts
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident, rule_on

from conftest import CASES, run_cli

NOTIONS = CASES / "notions"
BURN = NOTIONS / "which-card.yaml"


def _text(was: str | None, extra: str = "") -> str:
    text = BURN.read_text(encoding="utf-8").split("\nexpected:")[0]
    field = f", was: {was}" if was else ""
    return text.replace(", was: burn", field + extra)


def _report(kb, text):
    return rule_incident(parse_incident_text(text, "incident.yaml", kb.vocabulary, kb.clubs), kb,
                         with_precedents=False)


def _issues(report) -> dict:
    return {club: {r.issue: (r.outcome, r.basis) for r in answer.rulings} for club, answer in report.answers.items()}


def test_fpc_28_s2_exposed_burn_card_stays_burn_and_is_no_players_card(kb):
    """was: burn: FPC 28 s2 “should still be treated as a burn card”, naming the card; no club
    raises exposed-card-play (a player's card), and the silent clubs answer with their discretion."""
    report = rule_on(BURN, kb=kb)
    issues = _issues(report)
    assert all("exposed-card-play" not in club and "exposed-card-deal" not in club for club in issues.values())
    fpc = next(r for r in report.answers["fpc"].rulings if r.issue == "premature-board-card")
    assert (fpc.outcome, fpc.basis) == ("burn-card-shown-stays-burn", "express")
    assert [c.clause for c in fpc.citations] == ["fpc.28-s2"]
    assert fpc.effects == [{"effect": "card-becomes-burn", "which": "Qc"}] and "(Qc)" in fpc.do[0]
    for club in ("edp", "gala", "ppl"):
        assert issues[club] == {"premature-board-card": ("floor-decides", "not covered")}


def test_was_hole_and_was_left_out_rule_the_card_as_a_players_as_before(kb):
    """was: hole is a player's card (exposed-card-play for every club); an incident that leaves
    was: out is ruled exactly as before the field existed (a player's card)."""
    hole, left_out = _report(kb, _text("hole")), _report(kb, _text(None))
    assert _issues(hole) == _issues(left_out)
    assert all(set(club) == {"exposed-card-play"} for club in _issues(hole).values())


def test_fpc_28_s1_board_card_the_dealer_exposed_is_reshuffled(kb):
    """was: board, by the dealer: FPC 28 s1 “the card is re-shuffled into the pack and play shall
    continue as normal”; no hole-card issue."""
    issues = _issues(_report(kb, _text("board")))
    assert issues["fpc"] == {"premature-board-card": ("card-reshuffled-play-continues", "express")}
    assert issues["edp"] == {"premature-board-card": ("floor-decides", "not covered")}


def test_exposed_card_deal_is_not_raised_for_a_burn_card_of_the_deal(kb):
    text = _text("burn").replace("during: play", "during: deal")
    issues = _issues(_report(kb, text))
    assert all("exposed-card-deal" not in club for club in issues.values())
    assert "exposed-card-deal" in _issues(_report(kb, _text("hole").replace("during: play", "during: deal")))["fpc"]


def test_the_card_facts_are_set_only_when_the_incident_says_them(kb):
    incident = lambda text: parse_incident_text(text, "incident.yaml", kb.vocabulary, kb.clubs)  # noqa: E731
    facts = computed_facts(incident(_text("burn")))
    assert facts["card_exposed.was"] == "burn" and facts["card_exposed.card"] == "Qc"
    bare = computed_facts(incident(_text(None).replace("card: Q♣, ", "")))
    assert "card_exposed.was" not in bare and "card_exposed.card" not in bare
    deck = _text(None).replace("card_exposed: {by: dealer, during: play, card: Q♣,",
                               "deck_problem: {kind: duplicate-card, card: Q♣, was: board,")
    facts = computed_facts(incident(deck))
    assert facts["deck_problem.card"] == "Qc" and facts["deck_problem.was"] == "board"


def test_a_seat_on_a_burn_card_is_an_error_with_its_line(tmp_path):
    path = tmp_path / "seat-burn.yaml"
    path.write_text(_text("burn").replace("card_exposed: {", "card_exposed: {seat: 3, "), encoding="utf-8")
    done = run_cli("rule-on", str(path))
    assert done.returncode == 2
    assert re.search(r"seat-burn\.yaml:\d+: expected no seat for a burn card", done.stderr)
    assert "was: hole" in done.stderr


def test_floorcall_events_and_the_schema_name_card_and_was():
    done = run_cli("floorcall", "events", "card_exposed")
    assert "card: card" in done.stdout and "was: burn | board | hole" in done.stdout
    import json
    schema = json.loads((CASES.parent / "knowledge" / "schema" / "incident.schema.json").read_text(encoding="utf-8"))
    text = json.dumps(schema)
    assert '"burn", "board", "hole"' in text


def test_the_questionnaire_asks_what_the_card_was_before_whose_and_no_seat_for_a_burn(kb):
    from ruling_engine.ask.questionnaire import DONE, Session, event_entry, street_entry
    session = Session(kb, house="fpc")
    for name, value in (("game.format", "cash"), ("game.variant", "NLHE"), ("game.blinds", [1, 2]),
                        ("button", 2), ("players", [{"seat": 2, "stack": 100}, {"seat": 5, "stack": 100}])):
        session.answer(name, value)
    for entry in ({"seat": 2, "did": "call", "total": 2}, {"seat": 5, "did": "check"}, street_entry("flop"),
                  event_entry("card_exposed"), DONE):
        session.answer("next", entry)
    asked = []
    while (question := session.next_question()) is not None and len(asked) < 40:
        asked.append(question.name)
        if question.name == "card_exposed.was":
            assert [v for v, _ in question.choices] == ["burn", "board", "hole"]
            session.answer(question.name, "burn")
        elif question.name == "marked":
            session.answer("marked", [])
        elif question.name == "card_exposed.card":
            session.answer(question.name, "Q♣")
        elif question.choices:
            session.answer(question.name, question.choices[0][0])
        else:
            session.answer(question.name, None)
    assert "card_exposed.was" in asked and "card_exposed.card" in asked and "card_exposed.seat" not in asked
    fpc = {r.issue: r.outcome for r in session.report(with_precedents=False).answers["fpc"].rulings}
    assert fpc["premature-board-card"] == "burn-card-shown-stays-burn"


def test_the_floor_app_offers_what_the_card_was(kb, tmp_path):
    """The floor app asks the questionnaire's questions: an exposed card's was: is offered as
    burn, board or hole, and the ruling page gives FPC 28 s2's ruling."""
    from ruling_engine.rulings.log import RulingLog
    from ruling_engine.serve.app import create_app
    client = create_app(kb, RulingLog(tmp_path / "log.sqlite3")).test_client()
    token = re.search(r'name="csrf" value="([^"]+)"', client.get("/club").get_data(as_text=True)).group(1)
    client.post("/club", data={"club": "fpc", "csrf": token})
    client.post("/call/new", data={"csrf": token})
    answers = {"game.format": {"value": "cash"}, "game.variant": {"value": "NLHE"},
               "players": {"seat_2": "1", "stack_2": "100", "seat_5": "1", "stack_5": "100"},
               "card_exposed.was": {"value": "burn"}, "card_exposed.by": {"value": "dealer"},
               "card_exposed.during": {"value": "play"}}
    timeline = [{"add": "1", "kind": "action", "seat": "2", "did": "call", "chips": "2"},
                {"add": "1", "kind": "action", "seat": "5", "did": "check"},
                {"add": "1", "kind": "event", "event": "card_exposed", "in_question": "yes"},
                {"kind": "done"}]
    offered = ""
    for _ in range(60):
        page = client.get("/call")
        if page.status_code == 302:
            break
        text = page.get_data(as_text=True)
        name = re.search(r'name="name" value="([^"]+)"', text).group(1)
        if name == "card_exposed.was":
            offered = text
        if name in answers:
            data = answers[name]
        elif name == "next":
            data = timeline.pop(0)
        elif name == "game.blinds":
            data = {"text": "1 2"}
        elif name == "button":
            data = {"value": "5"}
        elif 'value="__blank__"' in text:
            data = {"value": "__blank__"}
        elif 'value="__unknown__"' in text:
            data = {"value": "__unknown__"}
        else:
            data = {"text": ""}
        client.post("/call/answer", data={"csrf": token, "name": name, **data})
    assert all(f'value="{v}"' in offered for v in ("burn", "board", "hole"))
    done = client.post("/call/rule", data={"csrf": token, "table": "1", "floor_person": "A"})
    ruling = " ".join(client.get(done.location).get_data(as_text=True).split())
    assert "treated as the burn card" in ruling
