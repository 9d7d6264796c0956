"""The questionnaire's logic: it rests on each computed fact's declared `from:` fields."""
import sys

from conftest import CASES, ROOT

sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from fact_sources import observed_sources  # noqa: E402

from ruling_engine.ask.questionnaire import Session  # noqa: E402


def test_every_field_that_changes_a_computed_fact_is_declared_in_its_from(kb):
    """Perturb every case one field at a time: a fact that changes must name that field in `from:`."""
    seen = observed_sources(kb, sorted(CASES.glob("*.yaml")))
    missing = {name: sorted(fields - set(kb.vocabulary.facts[name].sources))
               for name, fields in seen.items()
               if name in kb.vocabulary.facts and fields - set(kb.vocabulary.facts[name].sources)}
    assert missing == {}


def test_first_questions_are_the_club_what_happened_and_who_is_in_the_hand(kb):
    session = Session(kb)
    assert session.next_question().name == "house"
    session.answer("house", "edp")
    menu = session.next_question()
    assert menu.name == "happened" and "card_exposed" in [v for v, _ in menu.choices]
    session.answer("happened", ["card_exposed"])
    assert session.next_question().name == "players"


def test_fields_never_asked_do_not_change_the_ruling(kb):
    """For several cases: change any field the questionnaire did not ask, and rule-on still gives
    the ruling the questionnaire reached."""
    import ask_replay
    import yaml
    from fact_sources import _variants
    from ruling_engine.incident.load import incident_text, parse_incident_text
    from ruling_engine.ask.questionnaire import ruling_signature
    from ruling_engine.rulings.rule_on import rule_incident
    for case in ("premature-flop.yaml", "exposed-first-card-deal.yaml", "undercall-heads-up-turn.yaml"):
        count, same, asked = ask_replay.replay(kb, CASES / case)
        assert same
        data = yaml.safe_load((CASES / case).read_text(encoding="utf-8"))
        data.pop("expected")
        base = ruling_signature(rule_incident(parse_incident_text(incident_text(data), case, kb.vocabulary,
                                                                  kb.clubs), kb, with_precedents=False))
        for field, changed in _variants(data, kb.vocabulary):
            if field in asked or field in kb.vocabulary.records["event"] or field == "players":
                continue
            incident = parse_incident_text(incident_text(changed), case, kb.vocabulary, kb.clubs)
            assert ruling_signature(rule_incident(incident, kb, with_precedents=False)) == base, (case, field)


def test_back_forgets_the_last_answer_and_asks_it_again(kb):
    session = Session(kb, house="edp")
    session.answer("happened", ["card_exposed"])
    session.answer("players", [{"seat": 2}, {"seat": 4}])
    first = session.next_question().name
    session.answer(first, session.question(first).choices[0][0] if session.question(first).choices else [])
    assert session.back() == first
    assert session.next_question().name == first


def test_hole_cards_and_board_are_asked_when_the_cards_decide_and_not_otherwise(kb):
    """At a showdown decided by a kicker the questionnaire asks for the hole cards and the board and
    reaches rule-on's ruling; on an undercall on the turn it asks for neither."""
    import ask_replay
    count, same, asked = ask_replay.replay(kb, CASES / "showdown-kicker-decides.yaml")
    assert same and "players.cards" in asked and "board" in asked
    count, same, asked = ask_replay.replay(kb, CASES / "undercall-heads-up-turn.yaml")
    assert same and "players.cards" not in asked and "board" not in asked


def test_hole_cards_answers_are_read_per_seat():
    from ruling_engine.ask.answers import AnswerError, parse_hole_cards
    assert parse_hole_cards(["3 ah kd", "7 Qs 10c"], [3, 7]) == {3: ["Ah", "Kd"], 7: ["Qs", "10c"]}
    assert parse_hole_cards({3: ["Ah", "Kd"]}, [3, 7]) == {3: ["Ah", "Kd"]}
    for bad in (["5 Ah Kd"], ["3 Ax Kd"], ["3"]):
        try:
            parse_hole_cards(bad, [3, 7])
        except AnswerError:
            continue
        raise AssertionError(f"{bad} accepted")
