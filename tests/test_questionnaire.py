"""The questionnaire's logic: it asks along the timeline and chooses questions from the rules'
conditions and each computed fact's declared `from:` fields."""
import sys

import pytest
import yaml

from conftest import CASES, ROOT, answer_every_question

sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from fact_sources import observed_sources  # noqa: E402

from ruling_engine.ask.questionnaire import DONE, Session, action_entry, event_entry, ruling_signature  # noqa: E402
from ruling_engine.incident.load import load_incident  # noqa: E402


def test_every_field_that_changes_a_computed_fact_is_declared_in_its_from(kb):
    """Perturb every case one field at a time: a fact that changes must name that field in `from:`."""
    seen = observed_sources(kb, sorted(CASES.glob("*.yaml")))
    missing = {name: sorted(fields - set(kb.vocabulary.facts[name].sources))
               for name, fields in seen.items()
               if name in kb.vocabulary.facts and fields - set(kb.vocabulary.facts[name].sources)}
    assert missing == {}


def test_first_the_club_the_game_and_the_seats_then_what_happened_in_order(kb):
    session = Session(kb)
    assert session.next_question().name == "house"
    session.answer("house", "edp")
    assert session.next_question().name == "game.format"
    session.answer("game.format", "cash")
    assert session.next_question().name == "game.variant"
    session.answer("game.variant", "NLHE")
    assert session.next_question().name == "players"
    session.answer("players", [{"seat": 2}, {"seat": 7}])
    first = session.next_question()
    assert first.name == "next" and first.text == "What happened first?"
    assert DONE not in [v for v, _ in first.choices]             # nothing described yet
    session.answer("next", {"turn": None})
    then = session.next_question()
    assert then.text == "What happened next?" and DONE in [v for v, _ in then.choices]


def test_the_format_is_asked_first_the_clubs_own_first(kb):
    """Cash or tournament comes right after the club (never last); a club whose rulebook governs
    one format offers it first and says so (its card room may still run the other)."""
    only = [c for c, info in kb.clubs.items() if len(info.governs) == 1]
    assert only, "a club whose rulebook governs one format"
    session = Session(kb, house=only[0])
    question = session.next_question()
    assert question.name == "game.format"
    assert question.choices[0][0] == kb.clubs[only[0]].governs[0] and "governs" in question.help


def test_stud_streets_are_offered_only_for_stud(kb):
    session = Session(kb, house="edp")
    session.answer("game.variant", "NLHE")
    assert "third-street" not in session.streets() and "flop" in session.streets()
    session.back()
    session.answer("game.variant", "stud")
    assert "third-street" in session.streets() and "flop" not in session.streets()


def test_several_events_of_one_kind_are_asked_about_one_by_one(kb):
    """Two exposed cards: the second one's fields have names of their own, and both reach the incident."""
    session = Session(kb, house="fpc")
    session.answer("game.variant", "NLHE")
    session.answer("players", [{"seat": 1}, {"seat": 2}, {"seat": 3}])
    session.answer("next", {"deal": None})
    session.answer("next", event_entry("card_exposed"))
    session.answer("next", event_entry("card_exposed"))
    session.answer("next", DONE)
    asked = answer_every_question(session, 1)
    assert "card_exposed.by" in asked and "card_exposed#2.by" in asked
    exposed = [e["card_exposed"] for e in session.incident_data()["timeline"] if "card_exposed" in e]
    assert len(exposed) == 2 and all("by" in e for e in exposed)
    assert session.report(with_precedents=False).answers


def test_fields_never_asked_do_not_change_the_ruling(kb):
    """For several cases: change any field the questionnaire did not ask, and rule-on still gives
    the ruling the questionnaire reached."""
    import ask_replay
    from fact_sources import _variants
    from ruling_engine.incident.load import incident_text, parse_incident_text
    from ruling_engine.rulings.rule_on import rule_incident
    for case in ("premature-flop.yaml", "exposed-first-card-deal.yaml", "undercall-heads-up-turn.yaml"):
        count, same, asked = ask_replay.replay(kb, CASES / case)
        assert same
        asked_fields = {name.replace("#1.", ".") for name in asked}
        data = yaml.safe_load((CASES / case).read_text(encoding="utf-8"))
        data.pop("expected")
        base = ruling_signature(rule_incident(parse_incident_text(incident_text(data), case, kb.vocabulary,
                                                                  kb.clubs), kb, with_precedents=False))
        for field, changed in _variants(data, kb.vocabulary):
            if field in asked_fields or field in kb.vocabulary.records["event"] or field == "players" \
                    or field.split(".")[0] in ("actions", "street", "board", "said", "timeline"):
                continue          # asked, or told as the timeline itself
            incident = parse_incident_text(incident_text(changed), case, kb.vocabulary, kb.clubs)
            assert ruling_signature(rule_incident(incident, kb, with_precedents=False)) == base, (case, field)


def test_back_takes_back_the_last_answer_and_offers_it_again(kb):
    session = Session(kb, house="edp")
    session.answer("game.format", "cash")
    session.answer("game.variant", "NLHE")
    session.answer("players", [{"seat": 2}, {"seat": 4}])
    session.answer("next", action_entry(2, chips=[10]))
    assert session.back() == "next"
    assert session.timeline == [] and session.previous_answer("next") == {"seat": 2, "chips": [10]}
    assert session.next_question().name == "next"
    assert session.back() == "players" and session.previous_answer("players") == [{"seat": 2}, {"seat": 4}]
    assert session.next_question().name == "players"


def test_hole_cards_are_asked_when_the_cards_decide_and_not_otherwise(kb):
    """At a showdown decided by a kicker the questionnaire asks for the hole cards and reaches
    rule-on's ruling; on an undercall on the turn it does not ask for them."""
    import ask_replay
    count, same, asked = ask_replay.replay(kb, CASES / "showdown-kicker-decides.yaml")
    assert same and "players.cards" in asked
    count, same, asked = ask_replay.replay(kb, CASES / "undercall-heads-up-turn.yaml")
    assert same and "players.cards" not in asked


@pytest.mark.parametrize("case", ["undercall-heads-up-turn.yaml", "exposed-first-card-deal.yaml",
                                  "premature-flop.yaml", "showdown-kicker-decides.yaml"])
def test_each_question_is_worked_out_without_a_trial_ruling_and_the_replay_reaches_rule_on(kb, case, monkeypatch):
    """No trial rulings: the next question is worked out from the conditions alone (the engine does
    not run while questions are asked; how fast that is, benchmarks/ask_speed.py measures), and the
    answers reach the ruling rule-on gives on the case."""
    import ask_replay
    from ruling_engine.engine import host
    runs = []
    real = host.ClubEngine.run
    monkeypatch.setattr(host.ClubEngine, "run", lambda self, *a, **k: runs.append(1) or real(self, *a, **k))
    incident = load_incident(CASES / case, kb.vocabulary, kb.clubs)
    teller, session, asked = ask_replay.Teller(kb, incident), Session(kb), 0
    while (question := session.next_question()) is not None:
        asked += 1
        assert asked <= 400
        session.answer(question.name, teller.answer(session, question.name))
    assert asked and runs == [], f"{len(runs)} engine runs while asking"
    assert ask_replay.replay(kb, CASES / case)[1]


def test_saved_answers_are_plain_yaml_and_resume(kb):
    """Chip lists, stacks and cards write and read back (the old RepresenterError)."""
    from ruling_engine.ask.terminal import prefill
    session = Session(kb, house="edp")
    session.answer("game.format", "cash")
    session.answer("game.variant", "NLHE")
    session.answer("players", [{"seat": 2, "stack": 180}, {"seat": 7, "stack": 150}])
    session.answer("next", {"turn": ["Kd"]})
    session.answer("next", action_entry(2, chips=[10, 5]))
    text = yaml.safe_dump(session.to_answers())
    again = Session(kb)
    prefill(again, yaml.safe_load(text), "answers.yaml", strict=False)
    assert again.timeline == session.timeline and again.answers["players"] == session.answers["players"]
    assert again.next_question().name == "next"


def test_the_replay_of_25_cases_reaches_the_ruling_rule_on_gives(kb):
    import ask_replay
    for case in sorted(CASES.glob("*.yaml"))[:25]:
        assert ask_replay.replay(kb, case)[1], case.name


def test_hole_cards_answers_are_read_per_seat():
    from ruling_engine.ask.answers import AnswerError, parse_hole_cards
    assert parse_hole_cards(["3 ah kd", "7 Qs 10c"], [3, 7]) == {3: ["Ah", "Kd"], 7: ["Qs", "10c"]}
    assert parse_hole_cards({3: ["Ah", "Kd"]}, [3, 7]) == {3: ["Ah", "Kd"]}
    for bad in (["5 Ah Kd"], ["3 Ax Kd"], ["3"]):
        with pytest.raises(AnswerError):
            parse_hole_cards(bad, [3, 7])


def test_blinds_may_be_typed_as_a_slash():
    from ruling_engine.ask.answers import parse_amounts
    assert parse_amounts("1/2") == [1, 2] == parse_amounts("1 2")
    assert parse_amounts("£0.50/£1") == [0.5, 1]


def test_questions_are_questions_and_help_does_not_repeat_them(kb):
    session = Session(kb, house="edp")
    records = kb.vocabulary.records
    names = [f"game.{n}" for n in records["game"]]
    for kind, spec in records["event"].items():
        names += [f"{kind}.{n}" for n in records[spec.record]]
    for name in names:
        question = session.question(name)
        assert question.text.endswith("?"), (name, question.text)
        assert not question.text.lower().startswith("whether"), (name, question.text)
        assert question.help.strip().lower() != question.text.strip().lower(), name


@pytest.mark.parametrize("house, asked", [("edp", False), ("gala", False), ("fpc", True), ("ppl", True)])
def test_who_dealt_is_asked_only_where_the_players_deal(kb, house, asked):
    """A club whose games a house dealer deals (its `dealt_by:`) is never asked which player dealt;
    where the players deal in turn (FPC 11, PPL League 19) it can change the ruling, so it is."""
    sys.path.insert(0, str(ROOT / "tests"))
    from test_ask import FIELDS, TIMELINE
    session, timeline, names = Session(kb, house=house), list(TIMELINE), []
    for _ in range(60):
        question = session.next_question()
        if question is None:
            break
        names.append(question.name)
        if question.name == "players":
            session.answer("players", [{"seat": 2}, {"seat": 4}, {"seat": 6}])
        elif question.name == "next":
            session.answer("next", timeline.pop(0))
        else:
            value = FIELDS.get(question.name)
            if value is None and question.choices and not question.allow_blank:
                value = question.choices[0][0]
            session.answer(question.name, [1, 2] if question.name == "game.blinds" else value)
    assert ("dealer" in names) is asked


def _walk(session, answers=None, limit=40) -> list:
    """Answer every question left (the first choice, or blank), returning the questions asked."""
    asked = []
    for _ in range(limit):
        question = session.next_question()
        if question is None:
            break
        asked.append(question)
        if answers and question.name in answers:
            session.answer(question.name, answers[question.name])
        elif question.kind == "amounts":
            session.answer(question.name, [1, 2])
        elif question.choices:
            session.answer(question.name, question.choices[0][0])
        else:
            session.answer(question.name, None if question.allow_blank else 1)
    return asked


def _short_call_on_the_turn(kb):
    session = Session(kb, house="edp")
    session.answer("game.format", "cash")
    session.answer("game.variant", "NLHE")
    session.answer("players", [{"seat": 2, "stack": 180}, {"seat": 4, "stack": 120}, {"seat": 7, "stack": 150}])
    session.answer("next", {"turn": None})
    session.answer("next", action_entry(2, "", [10, 5]))
    session.answer("next", action_entry(4, "", None, did="fold"))
    session.answer("next", action_entry(7, "", [10], in_question=True))
    session.answer("next", DONE)
    return session


def test_the_button_may_be_a_seat_out_of_the_hand(kb):
    """Issue 24: the button could be only a seat in the hand, so a dead button, or a button who had
    folded before the floor was called, could not be chosen. Every seat of the table is offered,
    those out of the hand marked so."""
    session = _short_call_on_the_turn(kb)
    asked = _walk(session, {"button": 9})
    button = next(q for q in asked if q.name == "button")
    labels = dict(button.choices)
    assert labels[2] == "Seat 2" and labels[9] == "Seat 9 (not in the hand)" and set(range(1, 11)) <= set(labels)
    assert session.incident_data()["button"] == 9
    assert session.report(with_precedents=False).issues        # a dead button rules


def test_no_ante_question_where_the_ante_cannot_matter(kb):
    """Issue 24: the floor app asked for an ante in a cash game that has none. After the flop the
    ante is in the chips already in the middle, so it is not asked; where the timeline starts
    before the flop it is, with "No ante" as an answer."""
    asked = [q.name for q in _walk(_short_call_on_the_turn(kb), {"button": 7})]
    assert "game.ante" not in asked and "button" in asked
    session = Session(kb, house="edp")
    session.answer("game.format", "tournament")
    session.answer("game.variant", "NLHE")
    session.answer("players", [{"seat": 2, "stack": 1800}, {"seat": 4, "stack": 1200}, {"seat": 7, "stack": 1500}])
    session.answer("next", {"deal": None})
    session.answer("next", action_entry(2, "", [100]))
    session.answer("next", action_entry(4, "", [50], in_question=True))
    session.answer("next", DONE)
    ante = next((q for q in _walk(session, {"button": 7, "game.ante": None}) if q.name == "game.ante"), None)
    assert ante is not None and ante.allow_blank and ante.blank_label == "No ante"
    assert "ante" not in session.incident_data()["game"]


def test_help_texts_say_one_thing(kb):
    """Issue 24: help texts two users read two ways. `touched_muck` agrees with the casebook
    (cards thrown onto the muck touched it: D109, G308); `present` is about now and names what the
    rules read; `levels_missed` counts as the case of a player away two levels does; `said.to`
    takes the table or the dealer, not only a seat."""
    import yaml as _yaml
    records = kb.vocabulary.records
    session = Session(kb, house="ppl")
    touched = session.question("hand_mucked.touched_muck")
    assert "thrown onto it" in touched.help and touched.help.index("thrown onto it") < touched.help.index("false")
    for case in ("casebook/D109.yaml", "casebook/G308.yaml"):
        text = (CASES / case).read_text(encoding="utf-8")
        assert "touched_muck: true" in text and ("throws" in text or "land on" in text)
    present = records["player"]["present"].help
    assert "now" in present and "player_away" in present
    levels = session.question("player_away.levels_missed")
    case = _yaml.safe_load((CASES / "deal-absent-two-levels-tournament.yaml").read_text(encoding="utf-8"))
    assert case["timeline"][1]["player_away"]["levels_missed"] == 2 and "150/300" in case["notes"]
    assert "not the level he left in" in levels.help and ": 2." in levels.help
    assert "table" in records["said"]["to"].help and "dealer" in records["said"]["to"].help


@pytest.mark.parametrize("to, ok", [("table", True), ("dealer", True), (4, True), ("tabel", False)])
def test_words_may_be_said_to_the_table_or_the_dealer(kb, to, ok):
    from ruling_engine.errors import FloorcallError
    from ruling_engine.incident.load import parse_incident_text
    text = ("house: edp\ngame: {format: cash, variant: NLHE, blinds: [1, 2]}\nbutton: 1\n"
            "players: [{seat: 1, stack: 100}, {seat: 4, stack: 100}]\ntimeline:\n  - flop:\n"
            f"  - said: {{by: 1, words: \"you can't check\", to: {to}}}\n")
    if ok:
        incident = parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs)
        assert incident.data["timeline"][-1]["to"] == to
    else:
        with pytest.raises(FloorcallError) as error:
            parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs)
        assert "t.yaml:7" in str(error.value) and "did you mean 'table'" in str(error.value)
