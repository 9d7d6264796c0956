"""Issue 22: whether a player exposed his cards on purpose (card_exposed.deliberate) is the floor's
conclusion. Left out it is not stated and never the old default 'unintentional': the rulings that
turn on it are given both ways (Gala house rule (r): a deliberate exposer "may only call"; EDP 9 ¶5:
exposing to induce or inhibit action "is never permitted"; FPC rule 24 s3: passive options for an
unintentional exposure of both cards)."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.incident.unknowns import UNKNOWN, combinations, path_name
from ruling_engine.rulings.rule_on import rule_incident

TABLED = """title: Facing a river bet he turns his hand face up
house: {house}
game: {{format: cash, variant: NLHE, blinds: [0.5, 1]}}
players:
  - {{seat: 2, stack: 38, cards: [Q♣, 8♠]}}
  - {{seat: 7, stack: 58, cards: [A♥, 6♥]}}
timeline:
  - {{seat: 2, posts: big-blind}}
  - deal:
  - {{seat: 7, did: call, total: 1}}
  - {{seat: 2, did: check}}
  - flop: [Q♥, 8♥, 4♣]
  - {{seat: 2, did: check}}
  - {{seat: 7, did: bet, total: 4}}
  - card_exposed: {{seat: 2, by: {by}, during: play, count: 2, seen_by: table, owner_had_control: true{extra}, in_question: true}}
"""


def _incident(kb, house="edp", by="player", extra=""):
    return parse_incident_text(TABLED.format(house=house, by=by, extra=extra), "t.yaml", kb.vocabulary, kb.clubs)


def _exposure(kb, club, **kw):
    report = rule_incident(_incident(kb, **kw), kb=kb, with_precedents=False)
    return next(r for r in report.answers[club].rulings if r.issue == "exposed-card-play")


def _branch(ruling, **answers):
    """The branch whose conditions include every answer given (field name -> value)."""
    want = {(f"card_exposed.{k}", v) for k, v in answers.items()}
    for b in ruling.depends:
        for when in b.when:
            pairs = set(when.items()) if isinstance(when, dict) else set(map(tuple, when))
            if want <= pairs:
                return b.ruling
    raise AssertionError(f"no branch with {answers}: {[b.when for b in ruling.depends]}")


def test_a_left_out_deliberate_is_not_stated(kb):
    exposed = _incident(kb).data["timeline"][-1]
    assert exposed["deliberate"] == UNKNOWN and exposed["to_influence"] == UNKNOWN


def test_gala_house_r_is_reached_when_the_exposure_may_be_deliberate(kb):
    """Gala (r): a player who deliberately exposes may only call; left out, both ways are given."""
    gala = _exposure(kb, "gala")
    assert gala.outcome == "depends" and "card_exposed.deliberate" in gala.decision
    on_purpose = _branch(gala, deliberate=True)
    assert on_purpose.outcome == "hand-live-passive-only"
    assert "gala.house-r" in [c.clause for c in on_purpose.citations]
    assert _branch(gala, deliberate=False).outcome == "hand-live"


def test_edp_9_5_never_permitted_is_reached_when_shown_to_influence(kb):
    edp = _exposure(kb, "edp")
    assert edp.outcome == "depends"
    to_shape = _branch(edp, to_influence=True)        # only ever with deliberate: true (only_with)
    assert "edp.9-5" in [c.clause for c in to_shape.citations]
    assert to_shape.outcome == "hand-live"            # 9 ¶4: not a dead hand for it
    other = _branch(edp, to_influence=False)
    assert "edp.9-5" not in [c.clause for c in other.citations]


def test_fpc_24_s3_passive_options_only_where_unintentional_is_stated(kb):
    """FPC 24 s3 is for an unintentional exposure: said so, it governs plainly; left out, it is one
    branch, never the whole answer."""
    stated = _exposure(kb, "fpc", extra=", deliberate: false")
    assert stated.outcome == "hand-live-passive-only"
    assert "fpc.24-s3" in [c.clause for c in stated.citations]
    left_out = _exposure(kb, "fpc")
    assert left_out.outcome == "depends"
    assert _branch(left_out, deliberate=False).outcome == "hand-live-passive-only"


def test_a_dealers_exposure_is_not_asked_whether_the_player_meant_it(kb):
    exposed = _incident(kb, by="dealer").data["timeline"][-1]
    assert exposed["deliberate"] is False and exposed["to_influence"] is False


def test_shown_to_influence_is_never_true_of_an_exposure_not_on_purpose(kb):
    """to_influence only_with deliberate: the combinations ruled are 3, not 4."""
    incident = _incident(kb)
    combos = combinations(incident.data, kb.vocabulary, "t.yaml")
    seen = {tuple(sorted((path_name(p, incident.data), v) for p, v in a.items()))
            for a, _ in combos}
    assert len(seen) == 3
    assert (("card_exposed.deliberate", False), ("card_exposed.to_influence", True)) not in seen


def test_two_players_exposures_are_asked_apart(kb):
    text = TABLED.format(house="gala", by="player", extra="") + \
        "  - card_exposed: {seat: 7, by: player, during: play, count: 2, seen_by: table, owner_had_control: true}\n"
    incident = parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs)
    names = {path_name(p, incident.data) for p, _ in combinations(incident.data, kb.vocabulary, "t.yaml")[0][0].items()}
    assert {"card_exposed.deliberate (seat 2)", "card_exposed.deliberate (seat 7)"} <= names
