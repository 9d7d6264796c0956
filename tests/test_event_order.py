"""Order against events (issue 13, class 7): what a player did after an event of the timeline
(a phone call, a card he exposed) is worked out from where the event stands in it, so a club can
rule that chips put in after a hand died go back, or that a raise made after a deliberate exposure
is cut to a call, while the same actions before the event stand."""
from ruling_engine.facts.derive import incident_facts
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

HEAD = """title: t
house: {house}
game: {{format: cash, variant: NLHE, blinds: [1, 2]}}
button: 1
players:
  - {{seat: 1, stack: 100}}
  - {{seat: 3, stack: 100}}
  - {{seat: 5, stack: 100}}
timeline:
  - flop:
  - {{seat: 3, did: bet, total: 4}}
"""


def _incident(kb, body, house="gala"):
    return parse_incident_text(HEAD.format(house=house) + body, "t.yaml", kb.vocabulary, kb.clubs)


def test_chips_after_a_phone_call_count_only_what_came_after(kb):
    after = _incident(kb, "  - conduct: {seat: 5, did: phone-call, live_hand: true}\n"
                          "  - {seat: 5, said: call, total: 4}\n")
    assert incident_facts(after, kb.vocabulary)["conduct.chips_after"] == 4
    before = _incident(kb, "  - {seat: 5, said: call, total: 4}\n"
                           "  - conduct: {seat: 5, did: phone-call, live_hand: true}\n")
    assert incident_facts(before, kb.vocabulary)["conduct.chips_after"] == 0


def test_a_raise_after_an_exposure_is_measured_against_the_call_it_faced(kb):
    facts = incident_facts(_incident(kb, (
        "  - card_exposed: {seat: 5, by: player, during: play, count: 1, deliberate: true, owner_had_control: true}\n"
        "  - {seat: 5, said: raise, chips: [10]}\n")), kb.vocabulary)
    assert facts["card_exposed.raised_after"] is True
    assert facts["card_exposed.call_at_raise_after"] == 4
    assert facts["card_exposed.raise_after_call_total"] == 4
    assert facts["card_exposed.raise_after_excess"] == 6
    first = incident_facts(_incident(kb, (
        "  - {seat: 5, said: raise, chips: [10]}\n"
        "  - card_exposed: {seat: 5, by: player, during: play, count: 1, deliberate: true, owner_had_control: true}\n")),
        kb.vocabulary)
    assert first["card_exposed.raised_after"] is False


def test_fpc_returns_a_call_made_after_the_phone_call_killed_the_hand(kb):
    report = rule_incident(_incident(kb, "  - conduct: {seat: 5, did: phone-call, live_hand: true, in_question: true}\n"
                                         "  - {seat: 5, said: call, total: 4}\n", house="fpc"), kb)
    got = next(r for r in report.answers["fpc"].rulings if r.issue == "conduct")
    assert got.outcome == "hand-dead"
    assert {"effect": "return-chips", "seat": 5, "amount": 4} in got.effects
    called_first = rule_incident(_incident(kb, "  - {seat: 5, said: call, total: 4}\n"
                                               "  - conduct: {seat: 5, did: phone-call, live_hand: true, in_question: true}\n",
                                           house="fpc"), kb)
    got = next(r for r in called_first.answers["fpc"].rulings if r.issue == "conduct")
    assert not any(e["effect"] == "return-chips" for e in got.effects)


def _gala_exposure(kb, exposure_first: bool):
    expose = ("  - card_exposed: {seat: 5, by: player, during: play, count: 1, deliberate: true, "
              "owner_had_control: true, in_question: true}\n")
    raise_ = "  - {seat: 5, said: raise, chips: [10], first: words}\n"
    body = (expose + raise_) if exposure_first else (raise_ + expose)
    return rule_incident(_incident(kb, body + "  - {seat: 1, did: fold}\n"), kb)


def test_gala_a_raise_after_a_deliberate_exposure_is_cut_to_a_call_but_not_one_before_it(kb):
    """Gala House rules r): the exposer 'may only call any bet or raise made'; 'Should a player make
    a bet or raise and then expose his hand the action stands.' Order decides (class 7)."""
    after = next(r for r in _gala_exposure(kb, True).answers["gala"].rulings if r.issue == "exposed-card-play")
    assert {"effect": "ruled-call", "seat": 5, "total": 4} in after.effects
    assert {"effect": "return-chips", "seat": 5, "amount": 6} in after.effects
    assert {"effect": "hand-dead", "seat": 1} in after.effects          # the fold after it stands (w)
    before = next(r for r in _gala_exposure(kb, False).answers["gala"].rulings if r.issue == "exposed-card-play")
    assert not any(e["effect"] == "ruled-call" for e in before.effects)


def test_the_next_player_to_face_a_raise_is_found_without_a_button(kb):
    incident = parse_incident_text(HEAD.format(house="edp").replace("button: 1\n", "") +
                                   "  - {seat: 5, said: raise, chips: [10], first: words, in_question: true}\n"
                                   "  - {seat: 1, did: fold}\n", "t.yaml", kb.vocabulary, kb.clubs)
    facts = incident_facts(incident, kb.vocabulary)
    assert facts["action.next_facing_seat"] == 3 and facts["action.next_facing_call"] == 6


FOLDED_EXPOSES = ("  - {seat: 5, did: fold, fold_manner: tossed-high}\n"
                  "  - card_exposed: {seat: 5, by: player, during: play, count: 2, seen_by: table, deliberate: false,"
                  " in_question: true}\n")


def test_the_exposer_had_folded_is_read_from_where_his_fold_stands(kb):
    folded = incident_facts(_incident(kb, FOLDED_EXPOSES), kb.vocabulary)
    assert folded["card_exposed.owner_folded"] is True
    live = incident_facts(_incident(kb, "  - card_exposed: {seat: 5, by: player, during: play, count: 1}\n"
                                        "  - {seat: 5, did: fold}\n"), kb.vocabulary)
    assert live["card_exposed.owner_folded"] is False          # exposed first, folded after: live when exposed
    header = parse_incident_text(HEAD.format(house="edp").replace("{seat: 5, stack: 100}", "{seat: 5, stack: 100, folded: true}")
                                 + "  - card_exposed: {seat: 5, by: player, during: play, count: 1}\n",
                                 "t.yaml", kb.vocabulary, kb.clubs)
    assert incident_facts(header, kb.vocabulary)["card_exposed.owner_folded"] is True
    no_seat = incident_facts(_incident(kb, "  - card_exposed: {by: player, during: play, count: 1}\n"), kb.vocabulary)
    assert no_seat["card_exposed.owner_folded"] is False


def test_a_folded_players_exposed_cards_are_not_ruled_a_live_hand(kb):
    """casebook G106: a player's fold, tossed high, lands face up. The clauses on a player who
    exposes his cards - 'will not have a dead hand' (EDP 9 ¶4), 'will not have their hand killed and
    the hand will continue' (FPC 24), 'will not have his/her hand killed' (PPL), 'their hand will
    continue' (Gala (e)) - speak of a live hand: none makes the folded hand live again."""
    report = rule_incident(_incident(kb, FOLDED_EXPOSES, "edp"), kb, with_precedents=False)
    assert set(report.answers) == {"edp", "fpc", "gala", "ppl"}
    for club, answer in report.answers.items():
        for ruling in answer.rulings:
            assert {"effect": "hand-live", "seat": 5} not in ruling.effects, (club, ruling.issue)
        assert 5 not in answer.now["live"], club
    # the same exposure by a player who has not folded: the live-hand clauses still apply
    live = rule_incident(_incident(kb, "  - card_exposed: {seat: 5, by: player, during: play, count: 1,"
                                       " seen_by: table, deliberate: false, in_question: true}\n", "edp"),
                         kb, with_precedents=False)
    ruling = next(r for r in live.answers["edp"].rulings if r.issue == "exposed-card-play")
    assert ruling.outcome == "hand-live" and {"effect": "hand-live", "seat": 5} in ruling.effects
