"""A face-up winner the dealer passes over (e19/cards, issue 21; A203: PLO, a player calls "eights
full of jacks" holding one jack and the dealer pushes him the pot over the tabled eights full of
threes). FPC has no cards-speak clause; its rule 20 ("A dealer cannot kill a winning hand that was
turned face up and was obviously the winning hand") was never found, and FPC answered "no clause".
The fact `tabled_winner_pushed_past` says the dealer pushed the pot elsewhere while the winner lay
face up in full; FPC 20 then awards the pot to the face-up winner."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

PLO = """title: t
house: fpc
game: {{format: cash, variant: PLO, blinds: [1, 2], currency: "£"}}
button: 5
players:
  - {{seat: 2, stack: 100, cards: [Js, Ks, Qd, 9h]}}
  - {{seat: 5, stack: 100, cards: [8s, 3d, Ah, 4c]}}
timeline:
  - {{seat: 5, posts: small-blind}}
  - {{seat: 2, posts: big-blind}}
  - {{seat: 5, did: call, total: 2}}
  - {{seat: 2, did: check}}
  - flop: [8h, 8d, 3c]
  - {{seat: 2, did: check}}
  - {{seat: 5, did: check}}
  - turn: Jc
  - {{seat: 2, did: check}}
  - {{seat: 5, did: check}}
  - river: 2s
  - {{seat: 2, did: bet, total: 4}}
  - {{seat: 5, did: call, total: 4}}
  - showdown: {{in_question: true}}
  - hand_shown: {{seat: 2, face_up: 4}}
  - said: {{by: 2, words: "Eights full of jacks"}}
  - hand_shown: {{seat: 5, face_up: {winner_up}}}
  - money_moved: {{did: pushed, seat: {pushed_to}}}
"""


def _report(kb, winner_up=4, pushed_to=2):
    text = PLO.format(winner_up=winner_up, pushed_to=pushed_to)
    incident = parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs)
    return rule_incident(incident, kb=kb, with_precedents=False)


def test_fpc_20_awards_the_pot_to_the_face_up_winner_the_dealer_passed_over(kb):
    answer = _report(kb).answers["fpc"]
    ruling = next(r for r in answer.rulings if r.issue == "best-hand")
    assert (ruling.outcome, ruling.basis) == ("best-hand-wins", "reading")
    assert {c.clause for c in ruling.citations} == {"fpc.20"}
    assert [e["seat"] for e in answer.settlement if e["effect"] == "pot-awarded"] == [5]
    back = [e for e in answer.settlement if e["effect"] == "chips-back"]
    assert back and back[0]["seat"] == 2 and back[0]["to"] == [5]


def test_no_push_past_the_winner_when_the_dealer_pushed_to_him(kb):
    ruling = next(r for r in _report(kb, pushed_to=5).answers["fpc"].rulings if r.issue == "best-hand")
    assert ruling.outcome == "floor-decides"      # FPC has no cards-speak clause: the TD decides, as before


def test_a_push_before_the_winner_was_turned_up_is_not_passing_him_over(kb):
    # the pot was pushed before the winner turned his hand up: no face-up winner was passed over
    lines = PLO.format(winner_up=4, pushed_to=2).splitlines()
    push = lines.pop()
    lines.insert(len(lines) - 1, push)
    incident = parse_incident_text("\n".join(lines) + "\n", "t.yaml", kb.vocabulary, kb.clubs)
    answer = rule_incident(incident, kb=kb, with_precedents=False).answers["fpc"]
    ruling = next(r for r in answer.rulings if r.issue == "best-hand")
    assert "fpc.20" not in {c.clause for c in ruling.citations}
